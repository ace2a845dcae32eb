"""Rule and card lookups in English and Spanish for Trajan, Troyes and The Ladies of Troyes.

The cogs call three things: `RulesIndex.lookup(query, lang, game)`,
`RulesIndex.autocomplete(partial, lang, game)` and `RulesIndex.entry(id, lang)`. Build the index
once at start-up with `build_index` (it fails fast on a broken data file) and inject it.
"""

from collections.abc import Iterable
from pathlib import Path

from engine.lookup.cards import CardRow, card_entry, read_card_rows
from engine.lookup.index import RulesIndex
from engine.lookup.lang import language_of_locale, resolve_language
from engine.lookup.loader import load_rules
from engine.lookup.model import (
    GAMES,
    LANGS,
    Entry,
    Game,
    Hit,
    Lang,
    LocalEntry,
    LookupDataError,
    LookupResult,
    Stage,
)

__all__ = [
    "GAMES",
    "LANGS",
    "CardRow",
    "Entry",
    "Game",
    "Hit",
    "Lang",
    "LocalEntry",
    "LookupDataError",
    "LookupResult",
    "RulesIndex",
    "Stage",
    "build_index",
    "default_index",
    "language_of_locale",
    "read_card_rows",
    "resolve_language",
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
        manual_cards_dir: hand-written card entries (data/rules_cards_manual) used until the
            game data exists; an entry whose id is also generated from a row is dropped.

    Raises:
        LookupDataError: a file is invalid; the message names the file and the entry.
    """
    entries = load_rules(rules_dir)
    rule_ids = {e.id for e in entries}
    manual = load_rules(manual_cards_dir) if manual_cards_dir is not None else []
    known = rule_ids | {e.id for e in manual}
    generated = [card_entry(row, known) for row in card_rows]
    generated_ids = {e.id for e in generated}
    kept_manual = [e for e in manual if e.id not in generated_ids]
    return RulesIndex([*entries, *kept_manual, *generated])


def default_index(data_dir: Path = DATA_DIR) -> RulesIndex:
    """Build the index from the repository's data folder (rules, game data, hand-written cards)."""
    manual = data_dir / "rules_cards_manual"
    return build_index(
        data_dir / "rules",
        read_card_rows(data_dir),
        manual if manual.is_dir() else None,
    )
