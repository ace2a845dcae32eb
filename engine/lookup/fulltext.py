"""The full-text stage of the lookup: SQLite FTS5 over folded titles, aliases and bodies.

FTS5 with `unicode61 remove_diacritics 2` finds words, not typos (research brief B5), so query
words are first spelling-corrected towards the words of titles and aliases (rapidfuzz), then
cut to a short stem searched as a prefix. Each word is also read as its keys (its English and
Spanish stems and its synonym groups, synonyms.py), searched whole in two more columns that
hold the keys of the names and the body, so "herreros" finds "Herrero" and "soldiers" finds
"legionnaire". Titles and aliases weigh ten times the body in bm25. The best candidates are
reranked by how closely a name resembles the query and by the share of the query's words the
entry contains (by prefix or by key); an entry with too few of them is not an answer.
"""

import sqlite3
from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence

from rapidfuzz import fuzz, process

from engine.core.folding import fold
from engine.lookup.model import Entry, Game
from engine.lookup.synonyms import Keys, Synonyms
from engine.lookup.text import stem

SPELLING_CUTOFF = 85.0  # a query word this close to a name word is read as that word.
NAME_SIMILARITY_WEIGHT = 0.6  # rerank: weight of a title or alias resembling the query.
COVERAGE_WEIGHT = 0.5  # rerank: weight of the share of query words an entry contains.
MIN_COVERAGE = 0.34  # an entry holding fewer of the query's words is no full-text answer.
SAME_GAME_BONUS = 0.1  # a game named or in context prefers its own entries over its expansion's.
RERANK_DEPTH = 15  # candidates reranked after bm25.
_NAME_WEIGHT, _BODY_WEIGHT = 10.0, 1.0
_NAME_KEY_WEIGHT, _BODY_KEY_WEIGHT = 3.0, 0.3  # the same words found by their keys
_SQL = (
    "SELECT entry_id, grp, bm25(docs, 0, 0, ?, ?, ?, ?) AS rank FROM docs "
    "WHERE docs MATCH ? ORDER BY rank LIMIT 80"
)


def best_per_entry(scored: Iterable[tuple[str, float]]) -> list[tuple[str, float]]:
    """Keep each entry's best score and sort best first."""
    best: dict[str, float] = {}
    for entry_id, score in scored:
        if score > best.get(entry_id, float("-inf")):
            best[entry_id] = score
    return sorted(best.items(), key=lambda item: -item[1])


class FullText:
    """An in-memory FTS5 table of every entry in both languages, with its word lists."""

    def __init__(
        self,
        entries: Sequence[Entry],
        group_of: Mapping[str, str],
        names_of: Mapping[str, Sequence[str]],
        synonyms: Synonyms,
    ) -> None:
        """Index the entries; `group_of` gives each entry's search group, `names_of` its names."""
        self._games = {entry.id: entry.game for entry in entries}
        self._names_of = names_of
        self._synonyms = synonyms
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        # Prefix indexes for the stem lengths used (4-8 letters): five times faster queries.
        self._db.execute(
            "CREATE VIRTUAL TABLE docs USING fts5(entry_id UNINDEXED, grp UNINDEXED, "
            "names, body, name_keys, body_keys, "
            "tokenize = 'unicode61 remove_diacritics 2', prefix = '4 5 6 7 8')"
        )
        vocabulary: set[str] = set()  # every word, for "is this word known"
        name_words: set[str] = set()  # title and alias words: typos are corrected towards these
        rows = []
        self._tokens_of: dict[str, tuple[str, ...]] = {}
        self._keys_of: dict[str, Keys] = {}
        for entry in entries:
            tokens: set[str] = set()
            keys: set[str] = set()
            for text in (entry.en, entry.es):
                names = fold(" ".join((text.title, *text.aliases)))
                body = fold(text.body)
                tokens.update(names.split(), body.split())
                name_words.update(names.split())
                name_keys = synonyms.text_keys(" , ".join((text.title, *text.aliases)))
                body_keys = synonyms.text_keys(text.body)
                keys |= name_keys | body_keys
                row = (entry.id, group_of[entry.id], names, body)
                rows.append((*row, " ".join(sorted(name_keys)), " ".join(sorted(body_keys))))
            vocabulary |= tokens
            self._tokens_of[entry.id] = tuple(sorted(tokens))
            self._keys_of[entry.id] = frozenset(keys)
        self._db.executemany("INSERT INTO docs VALUES (?, ?, ?, ?, ?, ?)", rows)
        self._name_words = sorted(w for w in name_words if len(w) >= 4 and not w.isdigit())
        self._known_words = frozenset(vocabulary)

    def spellings(self, word: str) -> list[str]:
        """Return the word and, if no entry uses it, the closest word of a title or alias."""
        if word in self._known_words or len(word) < 5 or word.isdigit():
            return [word]
        match = process.extractOne(
            word, self._name_words, scorer=fuzz.ratio, score_cutoff=SPELLING_CUTOFF
        )
        return [word, match[0]] if match else [word]

    def search(
        self, words: Sequence[str], scope: frozenset[str], game: Game | None
    ) -> list[tuple[str, float]]:
        """Return (entry id, score) for the query words, best first, within the search groups."""
        spelled = [self.spellings(w) for w in words]
        stems = [tuple(dict.fromkeys(stem(s) for s in group)) for group in spelled]
        keys = [
            own.union(*(self._synonyms.keys([other])[0] for other in group[1:]))
            for own, group in zip(self._synonyms.keys(words), spelled, strict=True)
        ]
        terms = dict.fromkeys(t for group in stems for t in group)
        if not terms:
            return []
        # Short words match whole ("win" must not find "wine"); longer stems match as prefixes.
        match = " OR ".join(f'"{t}"*' if len(t) >= 4 else f'"{t}"' for t in terms)
        # Keys the prefixes already find ("herrer" finds "herreros") are not searched again.
        extra = {k for own, group in zip(keys, stems, strict=True) for k in own}
        extra = {k for k in extra if not any(k.startswith(t) for t in terms)}
        whole = " OR ".join(f'"{k}"' for k in sorted(extra))
        if whole:
            match = f"({match}) OR ({{name_keys body_keys}} : ({whole}))"
        weights = (_NAME_WEIGHT, _BODY_WEIGHT, _NAME_KEY_WEIGHT, _BODY_KEY_WEIGHT)
        rows = self._db.execute(_SQL, (*weights, match)).fetchall()
        in_scope = ((i, -float(r)) for i, g, r in rows if g in scope)
        ranked = best_per_entry(in_scope)[:RERANK_DEPTH]
        return self._rerank(" ".join(words), stems, keys, ranked, game)

    def _coverage(self, entry_id: str, stems: list[tuple[str, ...]], keys: list[Keys]) -> float:
        """Return the share of query words that start a word of the entry or share its keys."""
        tokens = self._tokens_of[entry_id]
        entry_keys = self._keys_of[entry_id]

        def has_prefix(prefix: str) -> bool:
            at = bisect_left(tokens, prefix)
            if len(prefix) < 4:
                return at < len(tokens) and tokens[at] == prefix
            return at < len(tokens) and tokens[at].startswith(prefix)

        hits = sum(
            1
            for group, own in zip(stems, keys, strict=True)
            if any(has_prefix(t) for t in group) or own & entry_keys
        )
        return hits / len(stems)

    def _rerank(
        self,
        text: str,
        stems: list[tuple[str, ...]],
        keys: list[Keys],
        ranked: list[tuple[str, float]],
        game: Game | None,
    ) -> list[tuple[str, float]]:
        """Blend the bm25 rank with name resemblance and the share of query words matched."""
        if not ranked:
            return []
        top = ranked[0][1] or 1.0
        blended = []
        for entry_id, score in ranked:
            coverage = self._coverage(entry_id, stems, keys)
            if coverage < MIN_COVERAGE:
                continue
            similar = max(fuzz.token_set_ratio(text, n) for n in self._names_of[entry_id]) / 100
            bonus = SAME_GAME_BONUS if self._games[entry_id] == game else 0.0
            value = score / top + NAME_SIMILARITY_WEIGHT * similar + COVERAGE_WEIGHT * coverage
            blended.append((entry_id, value + bonus))
        return sorted(blended, key=lambda item: -item[1])
