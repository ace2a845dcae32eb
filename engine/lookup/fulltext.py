"""The full-text stage of the lookup: SQLite FTS5 over folded titles, aliases and bodies.

FTS5 with `unicode61 remove_diacritics 2` finds words, not typos (research brief B5), so query
words are first spelling-corrected towards the words of titles and aliases (rapidfuzz), then
cut to a short stem searched as a prefix. Titles and aliases weigh ten times the body in bm25.
The best candidates are reranked by how closely a name resembles the query and by the share of
the query's words the entry contains; an entry with too few of them is not an answer.
"""

import sqlite3
from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence

from rapidfuzz import fuzz, process

from engine.lookup.model import Entry, Game
from engine.lookup.text import fold, stem

SPELLING_CUTOFF = 85.0  # a query word this close to a name word is read as that word.
NAME_SIMILARITY_WEIGHT = 0.6  # rerank: weight of a title or alias resembling the query.
COVERAGE_WEIGHT = 0.5  # rerank: weight of the share of query words an entry contains.
MIN_COVERAGE = 0.34  # an entry holding fewer of the query's words is no full-text answer.
SAME_GAME_BONUS = 0.1  # a game named or in context prefers its own entries over its expansion's.
RERANK_DEPTH = 15  # candidates reranked after bm25.
_NAME_WEIGHT, _BODY_WEIGHT = 10.0, 1.0
_SQL = (
    "SELECT entry_id, grp, bm25(docs, 0, 0, ?, ?) AS rank FROM docs "
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
    ) -> None:
        """Index the entries; `group_of` gives each entry's search group, `names_of` its names."""
        self._games = {entry.id: entry.game for entry in entries}
        self._names_of = names_of
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        # Prefix indexes for the stem lengths used (4-8 letters): five times faster queries.
        self._db.execute(
            "CREATE VIRTUAL TABLE docs USING fts5(entry_id UNINDEXED, grp UNINDEXED, "
            "names, body, tokenize = 'unicode61 remove_diacritics 2', prefix = '4 5 6 7 8')"
        )
        vocabulary: set[str] = set()  # every word, for "is this word known"
        name_words: set[str] = set()  # title and alias words: typos are corrected towards these
        rows = []
        self._tokens_of: dict[str, tuple[str, ...]] = {}
        for entry in entries:
            tokens: set[str] = set()
            for text in (entry.en, entry.es):
                names = fold(" ".join((text.title, *text.aliases)))
                body = fold(text.body)
                tokens.update(names.split(), body.split())
                name_words.update(names.split())
                rows.append((entry.id, group_of[entry.id], names, body))
            vocabulary |= tokens
            self._tokens_of[entry.id] = tuple(sorted(tokens))
        self._db.executemany("INSERT INTO docs VALUES (?, ?, ?, ?)", rows)
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
        stems = [tuple(dict.fromkeys(stem(s) for s in self.spellings(w))) for w in words]
        terms = dict.fromkeys(t for group in stems for t in group)
        if not terms:
            return []
        # Short words match whole ("win" must not find "wine"); longer stems match as prefixes.
        match = " OR ".join(f'"{t}"*' if len(t) >= 4 else f'"{t}"' for t in terms)
        rows = self._db.execute(_SQL, (_NAME_WEIGHT, _BODY_WEIGHT, match)).fetchall()
        in_scope = ((i, -float(r)) for i, g, r in rows if g in scope)
        ranked = best_per_entry(in_scope)[:RERANK_DEPTH]
        return self._rerank(" ".join(words), stems, ranked, game)

    def _coverage(self, entry_id: str, stems: list[tuple[str, ...]]) -> float:
        """Return the share of query words (any spelling) that start a word of the entry."""
        tokens = self._tokens_of[entry_id]

        def has_prefix(prefix: str) -> bool:
            at = bisect_left(tokens, prefix)
            if len(prefix) < 4:
                return at < len(tokens) and tokens[at] == prefix
            return at < len(tokens) and tokens[at].startswith(prefix)

        hits = sum(1 for group in stems if any(has_prefix(t) for t in group))
        return hits / len(stems)

    def _rerank(
        self,
        text: str,
        stems: list[tuple[str, ...]],
        ranked: list[tuple[str, float]],
        game: Game | None,
    ) -> list[tuple[str, float]]:
        """Blend the bm25 rank with name resemblance and the share of query words matched."""
        if not ranked:
            return []
        top = ranked[0][1] or 1.0
        blended = []
        for entry_id, score in ranked:
            coverage = self._coverage(entry_id, stems)
            if coverage < MIN_COVERAGE:
                continue
            similar = max(fuzz.token_set_ratio(text, n) for n in self._names_of[entry_id]) / 100
            bonus = SAME_GAME_BONUS if self._games[entry_id] == game else 0.0
            value = score / top + NAME_SIMILARITY_WEIGHT * similar + COVERAGE_WEIGHT * coverage
            blended.append((entry_id, value + bonus))
        return sorted(blended, key=lambda item: -item[1])
