"""Every title, alias and id of the entries, folded and sorted for fast prefix search.

Autocomplete runs on every keystroke, so names that start with the typed text, and names with a
word that starts with it, are found by binary search in two sorted lists instead of a scan.
"""

from bisect import bisect_left
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from engine.core.folding import fold
from engine.lookup.model import Entry, Lang

_END = "\uffff"  # sorts after every folded character


@dataclass(frozen=True, slots=True)
class Name:
    """One way to call an entry: a title, an alias or its id, folded for matching."""

    folded: str
    original: str
    entry_id: str
    group: str  # the entry's search group ("troyes:card")
    lang: Lang | None  # the language of a title; None for aliases (they mix both) and the id


def names_of(entry: Entry, group: str) -> list[Name]:
    """Return the entry's id, titles and aliases once each, with the language of the titles."""
    named: dict[str, Lang | None] = {entry.id: None, entry.en.title: "en"}
    named.setdefault(entry.es.title, "es")
    for alias in (*entry.en.aliases, *entry.es.aliases):
        named.setdefault(alias, None)  # aliases mix both languages on purpose
    return [Name(fold(text), text, entry.id, group, lang) for text, lang in named.items()]


class NameTable:
    """The names of all entries with sorted indexes of whole names and of word starts."""

    def __init__(self, names: Sequence[Name]) -> None:
        """Index the names."""
        self.names = list(names)
        whole = sorted((n.folded, i) for i, n in enumerate(self.names))
        self._whole_keys = [key for key, _ in whole]
        self._whole_ids = [i for _, i in whole]
        tails = sorted(
            (n.folded[at + 1 :], i)
            for i, n in enumerate(self.names)
            for at, ch in enumerate(n.folded)
            if ch == " "
        )
        self._tail_keys = [key for key, _ in tails]
        self._tail_ids = [i for _, i in tails]
        self._starts: dict[int, list[str]] = {}

    @staticmethod
    def _range(keys: list[str], ids: list[int], prefix: str) -> Iterator[int]:
        low, high = bisect_left(keys, prefix), bisect_left(keys, prefix + _END)
        return iter(ids[low:high])

    def starting_with(self, prefix: str) -> Iterator[Name]:
        """Yield the names that start with the folded prefix."""
        return (self.names[i] for i in self._range(self._whole_keys, self._whole_ids, prefix))

    def with_word_starting(self, prefix: str) -> Iterator[Name]:
        """Yield the names with a later word that starts with the folded prefix."""
        return (self.names[i] for i in self._range(self._tail_keys, self._tail_ids, prefix))

    def near_starts(self, text: str, cutoff: float, limit: int) -> list[tuple[Name, float]]:
        """Return names whose first len(text)+1 letters are within a typo of the text."""
        size = len(text) + 1
        starts = self._starts.get(size)
        if starts is None:
            starts = self._starts[size] = [n.folded[:size] for n in self.names]
        found = process.extract(text, starts, scorer=fuzz.ratio, limit=limit, score_cutoff=cutoff)
        return [(self.names[index], float(score)) for _, score, index in found]
