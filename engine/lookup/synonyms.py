"""Word forms and synonyms for the lookups: every word is read as a set of keys.

A word's keys are the word and its Snowball stems in English and Spanish ("monks", "monk" and
"monjes", "monje" share "monk" and "monj"; "arches" gives "arch", which "archer" does not; a
stem under four letters is dropped, as both stemmers are applied to every word), plus one key
per synonym group (data/rules/synonyms.toml) holding a word with one of those stems. Two words
mean the same to the lookup when their keys meet. A group's phrase ("volver a tirar") is found
on consecutive content words, and gives its key to each of them.
"""

import functools
import tomllib
from collections.abc import Sequence
from pathlib import Path

import snowballstemmer  # type: ignore[import-untyped]

from engine.core.folding import fold
from engine.lookup.model import LookupDataError
from engine.lookup.text import content_words

Keys = frozenset[str]
_STEMMERS = (snowballstemmer.stemmer("english"), snowballstemmer.stemmer("spanish"))


MIN_STEM = 4  # a shorter stem is not a key: Spanish "wine" -> "win" must not meet "win"


@functools.lru_cache(maxsize=65536)
def stems(word: str) -> Keys:
    """Return the folded word and its English and Spanish stems of four letters or more."""
    if word.isdigit():
        return frozenset((word,))
    found = (stemmer.stemWord(word) for stemmer in _STEMMERS)
    return frozenset((word, *(s for s in found if len(s) >= MIN_STEM)))


class Synonyms:
    """The synonym groups, indexed by stem (single words) and by stem sequence (phrases)."""

    def __init__(self, groups: Sequence[Sequence[str]]) -> None:
        """Index the groups; each is a list of words or phrases meaning the same thing."""
        self._by_stem: dict[str, set[str]] = {}
        self._phrases: list[tuple[tuple[Keys, ...], str]] = []
        for number, group in enumerate(groups):
            key = f"syn{number}"
            for text in group:
                words = content_words(text)
                if len(words) == 1:
                    for stem in stems(words[0]):
                        self._by_stem.setdefault(stem, set()).add(key)
                elif words:
                    self._phrases.append((tuple(stems(w) for w in words), key))

    @classmethod
    def load(cls, path: Path) -> "Synonyms":
        """Read `[[group]] words = [...]` tables; a file that is not there means no synonyms."""
        if not path.is_file():
            return cls([])
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            raise LookupDataError(f"{path}: not valid TOML: {error}") from error
        groups = []
        for number, table in enumerate(data.get("group", [])):
            words = table.get("words") if isinstance(table, dict) else None
            if (
                not isinstance(words, list)
                or len(words) < 2
                or not all(isinstance(w, str) and fold(w) for w in words)
            ):
                raise LookupDataError(f"{path}: group {number + 1}: needs two or more words")
            groups.append(words)
        return cls(groups)

    def keys(self, words: Sequence[str]) -> list[Keys]:
        """Return each folded word's keys: its stems and the synonym groups it belongs to."""
        found = [set(stems(w)) for w in words]
        for own in found:
            own.update(*(self._by_stem.get(stem, ()) for stem in list(own)))
        for phrase, key in self._phrases:
            size = len(phrase)
            for at in range(len(words) - size + 1):
                if all(found[at + i] & phrase[i] for i in range(size)):
                    for i in range(size):
                        found[at + i].add(key)
        return [frozenset(own) for own in found]

    def text_keys(self, text: str) -> Keys:
        """Return every key of a text's content words (for indexing an entry)."""
        return frozenset().union(*self.keys(content_words(text)))
