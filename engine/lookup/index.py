"""The in-memory lookup index: exact names, prefixes, SQLite FTS5 full text, then fuzzy names.

Matching follows the research brief (shared notes, part B2 and B6). Every stage works on
folded text (no accents, no case) and on the names of both languages at once, so a Spanish
player may type an English card name; the answer is always given in the asked language.

1. exact: the query (or the query without question words) is a title, an alias or an id, or
   is one word for word in other forms or synonyms ("the blacksmiths", "arcos"; synonyms.py);
2. prefix: the query starts a title or an alias;
3. full text: FTS5 over titles, aliases and bodies, typos corrected towards names, reranked by
   name resemblance and the share of query words matched (see fulltext.py);
4. fuzzy: rapidfuzz ratio of the query's words against titles and aliases, accepted above a
   cut-off; below it the result is "nothing found" with the closest entries as suggestions.
   (WRatio, which favours short queries inside long names, is kept for autocomplete only.)
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from engine.core.folding import fold
from engine.lookup.fulltext import FullText, best_per_entry
from engine.lookup.loader import check_links
from engine.lookup.model import (
    KINDS,
    Entry,
    Game,
    Hit,
    Kind,
    Lang,
    LocalEntry,
    LookupResult,
    Stage,
    game_ids,
    game_scope,
    localise,
)
from engine.lookup.names import Name, NameTable, names_of
from engine.lookup.synonyms import Keys, Synonyms
from engine.lookup.text import content_words, game_words

FUZZY_CUTOFF = 80.0  # a name ratio below this is a suggestion, not an answer (brief B5).
AMBIGUOUS_MARGIN = 0.08  # top two within 8 % of the best score: offer a choice.
AUTOCOMPLETE_LIMIT = 25  # Discord's cap on autocomplete choices.
AUTOCOMPLETE_FUZZY_CUTOFF = 75.0  # one typo in four letters scores 75; below is noise.
CHOICE_NAME_LIMIT = 100  # Discord's cap on a choice's name.
RESULT_LIMIT = 5  # ranked hits kept in a result (a select of the best few).


def _group(game: Game, kind: Kind) -> str:
    return f"{game}:{kind}"


def _scope(game: Game | None, kind: Kind | None) -> frozenset[str]:
    """Return the entry groups a search covers: a game (with its expansion) and a kind."""
    games = game_scope(game) if game else frozenset(game_ids())
    kinds = (kind,) if kind else KINDS
    return frozenset(_group(g, k) for g in games for k in kinds)


@dataclass(frozen=True, slots=True)
class _Ask:
    query: str
    scope: frozenset[str]  # entry groups ("troyes:card") searched
    game: Game | None  # named in the query or the thread's game: preferred on near ties


def _game_named_in(query: str) -> Game | None:
    named = game_words()
    for word in content_words(query):
        if word in named:
            return named[word]
    return None


def _query_words(query: str) -> list[str]:
    """Return the content words of a query without the names of the games."""
    found = content_words(query)
    named = game_words()
    return [w for w in found if w not in named] or found


def _close(ranked: Sequence[tuple[str, float]]) -> list[str]:
    """Return the ids whose score is within the ambiguity margin of the best one."""
    if not ranked:
        return []
    floor = ranked[0][1] * (1 - AMBIGUOUS_MARGIN)
    return [i for i, score in ranked if score >= floor]


class RulesIndex:
    """All lookup entries of both games, searchable in English and Spanish."""

    def __init__(self, entries: Sequence[Entry], synonyms: Synonyms | None = None) -> None:
        """Check the entries (unique ids, links resolve) and build the search structures."""
        check_links(entries)
        self._synonyms = synonyms or Synonyms([])
        self._entries = {entry.id: entry for entry in entries}
        self._group_of = {entry.id: _group(entry.game, entry.kind) for entry in entries}
        names = [n for e in entries for n in names_of(e, self._group_of[e.id])]
        self._names = NameTable(names)
        self._exact: dict[str, list[str]] = {}
        self._names_of: dict[str, list[str]] = {}
        for name in names:
            self._names_of.setdefault(name.entry_id, []).append(name.folded)
            ids = self._exact.setdefault(name.folded, [])
            if name.entry_id not in ids:
                ids.append(name.entry_id)
        # Folded titles per language: autocomplete prefers the player's language on ties.
        self._local_titles = {
            (e.id, lang): fold(e.text(lang).title) for e in entries for lang in ("en", "es")
        }
        # Names as word keys, by word count and first word's keys: "the blacksmiths" is
        # "Blacksmith" in another form.
        self._keyed: dict[tuple[int, str], list[tuple[tuple[Keys, ...], str]]] = {}
        for name in names:
            keyed = tuple(self._synonyms.keys(content_words(name.original)))
            for key in keyed[0] if keyed else ():
                self._keyed.setdefault((len(keyed), key), []).append((keyed, name.entry_id))
        self._fulltext = FullText(entries, self._group_of, self._names_of, self._synonyms)

    # -- public API -------------------------------------------------------------------------

    def ids(self) -> list[str]:
        """Return every entry id, sorted."""
        return sorted(self._entries)

    def entry(self, entry_id: str, lang: Lang) -> LocalEntry:
        """Return one entry in a language; raise KeyError for an unknown id."""
        return localise(self._entries[entry_id], lang)

    def get(self, entry_id: str, lang: Lang) -> LocalEntry | None:
        """Return one entry in a language, or None for an unknown id."""
        entry = self._entries.get(entry_id)
        return localise(entry, lang) if entry else None

    def lookup(
        self, query: str, lang: Lang, game: Game | None = None, kind: Kind | None = None
    ) -> LookupResult:
        """Find the entry a player means; search every game when the game's own has none.

        Args:
            query: what the player typed (any language, accents and case optional).
            lang: the language of the answer.
            game: the thread's game, if any; entries of other games are searched only when it
                has no match.
            kind: "card" for /card (cards and tiles only), "rule" for rules only, None for both.
        """
        game = game or _game_named_in(query)
        result = self._lookup_in(query, lang, _scope(game, kind), game)
        if game is not None and not result.found:
            wider = self._lookup_in(query, lang, _scope(None, kind), None)
            if wider.found:
                return wider
        return result

    def autocomplete(
        self, partial: str, lang: Lang, game: Game | None = None, kind: Kind | None = None
    ) -> list[tuple[str, str]]:
        """Return up to 25 (name shown, entry id) choices for what the player has typed so far.

        Names that start with the text come first, then names with a word starting with it, then
        names whose start is one typo away. Titles are shown in the player's language, with the
        other language's title in brackets when that is what matched ("Monje (Monk)").
        """
        scope = _scope(game, kind)
        query = fold(partial)
        if not query:
            ids = sorted(
                (i for i, group in self._group_of.items() if group in scope),
                key=lambda i: self._local_titles[(i, lang)],
            )
            return [(self._choice_name(i, lang, None), i) for i in ids[:AUTOCOMPLETE_LIMIT]]
        scored: dict[str, tuple[float, Name]] = {}
        ranked_names = (
            *((n, 1.0) for n in self._names.starting_with(query)),
            *((n, 0.5) for n in self._names.with_word_starting(query)),
        )
        for name, base in ranked_names:
            if name.group not in scope:
                continue
            score = base + len(query) / len(name.folded)
            if name.folded in self._local_titles[(name.entry_id, lang)]:
                score += 0.001  # on a tie, show the name in the player's language
            if score > scored.get(name.entry_id, (0.0, name))[0]:
                scored[name.entry_id] = (score, name)
        if len(scored) < AUTOCOMPLETE_LIMIT and len(query) >= 3:
            found = self._names.near_starts(query, AUTOCOMPLETE_FUZZY_CUTOFF, limit=100)
            for name, value in found:
                if name.group in scope and name.entry_id not in scored:
                    scored[name.entry_id] = (value / 200, name)  # below every prefix match
        ranked = sorted(scored.items(), key=lambda kv: (-kv[1][0], len(kv[1][1].folded)))
        return [
            (self._choice_name(entry_id, lang, name, query), entry_id)
            for entry_id, (_, name) in ranked[:AUTOCOMPLETE_LIMIT]
        ]

    # -- stages -----------------------------------------------------------------------------

    def _lookup_in(
        self, query: str, lang: Lang, scope: frozenset[str], game: Game | None
    ) -> LookupResult:
        folded = fold(query)
        ask = _Ask(query, scope, game)
        stages = (self._exact_stage, self._prefix_stage, self._fulltext_stage, self._fuzzy_stage)
        stage_names: tuple[Stage, ...] = ("exact", "prefix", "fulltext", "fuzzy")
        if folded:
            for run, stage in zip(stages, stage_names, strict=True):
                ranked = run(ask)
                if ranked:
                    return self._result(query, lang, stage, ranked)
        suggestions = self._suggestions(query, scope)
        return self._result(query, lang, "none", suggestions, ambiguous=False)

    def _result(
        self,
        query: str,
        lang: Lang,
        stage: Stage,
        ranked: Sequence[tuple[str, float]],
        ambiguous: bool | None = None,
    ) -> LookupResult:
        hits = tuple(
            Hit(localise(self._entries[i], lang), stage, round(score, 4))
            for i, score in ranked[:RESULT_LIMIT]
        )
        flag = self._is_ambiguous(ranked) if ambiguous is None else ambiguous
        return LookupResult(query=query, lang=lang, stage=stage, hits=hits, ambiguous=flag)

    def _is_ambiguous(self, ranked: Sequence[tuple[str, float]]) -> bool:
        """Return whether entries other than the best and its linked twin score as well."""
        close = _close(ranked)
        if len(close) == 2:
            top, twin = (self._entries[i] for i in close)
            if twin.id in top.related and top.id in twin.related and top.kind != twin.kind:
                return False  # a rule and its card: answer the best, the other is a button
        return len(close) > 1

    def _in_scope(self, ids: Iterable[str], scope: frozenset[str]) -> list[str]:
        return [i for i in ids if self._group_of[i] in scope]

    def _exact_stage(self, ask: _Ask) -> list[tuple[str, float]]:
        for key in (fold(ask.query), " ".join(content_words(ask.query))):
            ids = self._in_scope(self._exact.get(key, []), ask.scope)
            if ids:
                return [(i, 1.0) for i in ids]
        return [(i, 1.0) for i in self._in_scope(self._same_words(ask.query), ask.scope)]

    def _same_words(self, query: str) -> list[str]:
        """Return the entries with a name that is the query word for word, by keys."""
        asked = self._synonyms.keys(content_words(query))
        if not asked:
            return []
        found = [
            entry_id
            for key in sorted(asked[0])
            for keyed, entry_id in self._keyed.get((len(asked), key), [])
            if all(a & k for a, k in zip(asked, keyed, strict=True))
        ]
        return list(dict.fromkeys(found))

    @staticmethod
    def _prefix_score(query: str, name: str) -> float:
        if name.startswith(query):
            return 1.0 + len(query) / max(len(name), 1)
        if f" {query}" in f" {name}":
            return 0.5 + len(query) / max(len(name), 1)
        return 0.0

    def _prefix_stage(self, ask: _Ask) -> list[tuple[str, float]]:
        folded = fold(ask.query)
        if len(folded) < 3:
            return []
        scored = (
            (n.entry_id, len(folded) / len(n.folded))
            for n in self._names.starting_with(folded)
            if n.group in ask.scope
        )
        return best_per_entry(scored)

    def _fulltext_stage(self, ask: _Ask) -> list[tuple[str, float]]:
        return self._fulltext.search(_query_words(ask.query), ask.scope, ask.game)

    def _fuzzy_names(
        self, query: str, scope: frozenset[str], limit: int, *, partial: bool = False
    ) -> list[tuple[Name, float]]:
        names = [n for n in self._names.names if n.group in scope]
        scorer = fuzz.WRatio if partial else fuzz.ratio
        found = process.extract(query, [n.folded for n in names], scorer=scorer, limit=limit)
        return [(names[index], float(score)) for _, score, index in found]

    def _fuzzy_stage(self, ask: _Ask) -> list[tuple[str, float]]:
        text = " ".join(_query_words(ask.query))
        found = self._fuzzy_names(text, ask.scope, limit=30)
        ranked = best_per_entry((n.entry_id, s) for n, s in found)
        return [(i, s) for i, s in ranked if s >= FUZZY_CUTOFF]

    def _suggestions(self, query: str, scope: frozenset[str]) -> list[tuple[str, float]]:
        text = " ".join(_query_words(query))
        if not text:
            return []
        found = self._fuzzy_names(text, scope, limit=30)
        return best_per_entry((n.entry_id, s) for n, s in found)[:3]

    def _choice_name(self, entry_id: str, lang: Lang, matched: Name | None, typed: str = "") -> str:
        title = self._entries[entry_id].text(lang).title
        shown = title
        # Say which name matched when only the other language's title did: "Monje (Monk)".
        if (
            matched is not None
            and matched.lang not in (None, lang)
            and not self._prefix_score(typed, fold(title))
        ):
            shown = f"{title} ({matched.original})"
        return shown[:CHOICE_NAME_LIMIT]
