"""Rule and card lookups in English and Spanish for Trajan, Troyes and The Ladies of Troyes.

The cogs need three calls: `lookup(query, lang, game, kind)`, `autocomplete(partial, lang, game,
kind)` and `entry(id, lang)`. They exist as methods of `RulesIndex` (build one with
`build_index` or `default_index` at start-up, which fails fast on a broken data file, and inject
it), and as module functions over one shared index of the repository's data (`shared_index`;
`use_corrections` points it at the server's DATA_OVERRIDES folder, so /card shows them).
`kind="card"` limits a search to cards and tiles (/card), `kind="rule"` to rules.
"""

import functools
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path

from engine.core.folding import fold
from engine.core.i18n import lang_or_default as language_of_locale
from engine.core.i18n import resolve as resolve_language
from engine.lookup.cards import CardRow, card_entry, read_card_rows
from engine.lookup.index import RulesIndex
from engine.lookup.loader import load_rules
from engine.lookup.model import (
    LANGS,
    Entry,
    Game,
    Hit,
    Kind,
    Lang,
    LocalEntry,
    LookupDataError,
    LookupResult,
    Stage,
    game_ids,
)
from engine.lookup.synonyms import Synonyms

__all__ = [
    "LANGS",
    "CardRow",
    "Entry",
    "Game",
    "Hit",
    "Kind",
    "Lang",
    "LocalEntry",
    "LookupDataError",
    "LookupResult",
    "RulesIndex",
    "Stage",
    "autocomplete",
    "build_index",
    "default_index",
    "entry",
    "game_ids",
    "language_of_locale",
    "link_twins",
    "lookup",
    "read_card_rows",
    "resolve_language",
    "shared_index",
    "use_corrections",
]

DATA_DIR = Path(__file__).resolve().parents[2] / "data"


def build_index(
    rules_dir: Path,
    card_rows: Iterable[CardRow] = (),
    manual_cards_dir: Path | None = None,
) -> RulesIndex:
    """Build the lookup index from the rule files, generated card entries and hand-written cards.

    Args:
        rules_dir: the folder holding en/ and es/ rule files (data/rules).
        card_rows: rows read by `read_card_rows` from data/trajan and data/troyes.
        manual_cards_dir: hand-written card entries (data/rules_cards_manual), used only for a
            game whose data folder has no card rows yet (same ids as the generated entries).

    Raises:
        LookupDataError: a file is invalid; the message names the file and the entry.
    """
    entries = load_rules(rules_dir)
    rule_ids = {e.id for e in entries}
    manual = load_rules(manual_cards_dir, "card") if manual_cards_dir is not None else []
    known = rule_ids | {e.id for e in manual}
    rows = list(card_rows)
    generated = [card_entry(row, known) for row in rows]
    # Once a game's data has card rows, its hand-written cards give way entirely (The Ladies
    # of Troyes counts apart: its rows may come later than the base game's).
    covered = {(row.folder, row.game) for row in rows}
    kept_manual = [e for e in manual if (e.id.split(".", 1)[0], e.game) not in covered]
    synonyms = Synonyms.load(rules_dir / "synonyms.toml")
    return RulesIndex(link_twins([*entries, *kept_manual, *generated]), synonyms)


def link_twins(entries: Sequence[Entry]) -> list[Entry]:
    """Link each card to the rule of the same game it is named like, or links to, both ways.

    "Senate" the action card and "Senate action" the rule, "Cathedral" the card and "Building
    the cathedral": a question matching both is answered with one and a button to the other
    (index.py), not with a pick-list, so each must link to the other.
    """
    rules = [e for e in entries if e.kind == "rule"]
    names = {e.id: {fold(n) for n in e.names()} for e in entries}
    extra: dict[str, list[str]] = {}
    for card in (e for e in entries if e.kind == "card"):
        for rule in rules:
            if rule.game != card.game:
                continue
            named = {fold(card.en.title), fold(card.es.title)} & names[rule.id]
            if named or rule.id in card.related:
                extra.setdefault(card.id, []).append(rule.id)
                extra.setdefault(rule.id, []).append(card.id)
    return [
        replace(e, related=tuple(dict.fromkeys((*e.related, *extra[e.id])))) if e.id in extra else e
        for e in entries
    ]


def default_index(data_dir: Path = DATA_DIR, corrections: Path | None = None) -> RulesIndex:
    """Build the index from the repository's data folder (rules, game data, hand-written cards).

    `corrections`: the operator's DATA_OVERRIDES folder, whose figures the card entries show
    (marked as the server's corrections).
    """
    manual = data_dir / "rules_cards_manual"
    return build_index(
        data_dir / "rules",
        read_card_rows(data_dir, corrections),
        manual if manual.is_dir() else None,
    )


_corrections: Path | None = None  # the DATA_OVERRIDES folder of this process, if any


def use_corrections(folder: Path | None) -> None:
    """Make the shared index show the corrections of `folder` (DATA_OVERRIDES); None: none."""
    global _corrections  # noqa: PLW0603 - one setting per process, read by shared_index
    if folder != _corrections:
        _corrections = folder
        shared_index.cache_clear()


@functools.cache
def shared_index() -> RulesIndex:
    """Return the one index of the repository's data, built on first use (call it at start-up)."""
    return default_index(corrections=_corrections)


def lookup(
    query: str, lang: Lang, game: Game | None = None, kind: Kind | None = None
) -> LookupResult:
    """Find the entry a player means, in the shared index (see `RulesIndex.lookup`)."""
    return shared_index().lookup(query, lang, game, kind)


def autocomplete(
    partial: str, lang: Lang, game: Game | None = None, kind: Kind | None = None
) -> list[tuple[str, str]]:
    """Return up to 25 (name, entry id) choices from the shared index."""
    return shared_index().autocomplete(partial, lang, game, kind)


def entry(entry_id: str, lang: Lang) -> LocalEntry:
    """Return one entry of the shared index in a language; raise KeyError if unknown."""
    return shared_index().entry(entry_id, lang)
