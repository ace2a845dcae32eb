"""Turn card and tile rows of data/trajan/*.toml and data/troyes/*.toml into lookup entries.

The game engineers own those files; this module only reads them. A row is any table in an
array of tables that has `id`, `name`, `name_es`, `text` and `text_es`. Its other scalar or
small fields are figures, shown as a list. A figure is provisional (shown with a mark) when
the row says `verified = false`, when `verified` is a table with that figure set to false,
when the figure is listed in `unverified`, or when the figure itself is a table
`{ value = ..., verified = false }`.
"""

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from engine.lookup.model import GAMES, MAX_BODY, Entry, EntryText, Game, Lang, LookupDataError
from engine.lookup.text import fold

_TEXT_KEYS = frozenset({"id", "name", "name_es", "text", "text_es"})
# Engine wiring and bookkeeping, not something a player reads as a figure.
_HIDDEN_KEYS = frozenset(
    {
        "verified",
        "unverified",
        "source",
        "sources",
        "note",
        "notes",
        "note_es",
        "aliases",
        "aliases_es",
        "effect",
        "effects",
        "params",
        "game",
        "box",
        "related",
        "art",
        "sprite",
    }
)
PROVISIONAL = "†"
_FOOTNOTE: dict[Lang, str] = {
    "en": f"{PROVISIONAL} provisional: the sources leave this figure open.",
    "es": f"{PROVISIONAL} provisional: las fuentes no fijan esta cifra.",
}
_SECTION: dict[Lang, str] = {"en": "Cards and tiles", "es": "Cartas y fichas"}
_KIND_NAMES: dict[str, tuple[str, str]] = {
    "card": ("Card", "Carta"),
    "activity": ("Activity card", "Carta de actividad"),
    "event": ("Event", "Evento"),
    "character": ("Character", "Personaje"),
    "tile": ("Tile", "Ficha"),
    "outer": ("Outer activity", "Actividad exterior"),
    "trajan_tile": ("Trajan tile", "Ficha de Trajano"),
    "forum_tile": ("Forum tile", "Ficha de foro"),
    "bonus_tile": ("Bonus tile", "Ficha de bonificación"),
    "construction_tile": ("Construction tile", "Loseta de construcción"),
    "ship": ("Ship", "Barco"),
    "province": ("Province", "Provincia"),
    "commodity": ("Commodity card", "Carta de mercancía"),
}
_FIGURE_NAMES_ES: dict[str, str] = {
    "cost": "Coste",
    "hire_cost": "Coste de contratación",
    "hiring_cost": "Coste de contratación",
    "vp": "PV",
    "space_vp": "PV por espacio",
    "spaces": "Espacios",
    "level": "Nivel",
    "colour": "Color",
    "color": "Color",
    "divisor": "Divisor",
    "dice": "Dados",
    "black_dice": "Dados negros",
    "type": "Tipo",
    "kind": "Clase",
    "count": "Cantidad",
    "votes": "Votos",
    "front": "Anverso",
    "grey": "Reverso gris",
    "yellow": "Lado amarillo",
    "pair": "Pareja de colores",
    "pairs": "Parejas de colores",
    "tiers": "Escalones",
    "deniers": "Denarios",
    "influence": "Influencia",
    "threshold": "Umbral",
}
# Rule entries a card of each kind links to, kept only when the index has them.
KIND_RELATED: dict[str, tuple[str, ...]] = {
    "activity": ("troyes.activate_card", "troyes.delayed_cards"),
    "card": ("troyes.activate_card",),
    "event": ("troyes.phase_events", "troyes.fight_event"),
    "character": ("troyes.characters", "troyes.final_scoring"),
    "outer": ("ladies.outer_activities",),
    "trajan_tile": ("trajan.trajan_tiles", "trajan.fulfil_trajan_tile"),
    "forum_tile": ("trajan.forum_tiles", "trajan.forum"),
    "bonus_tile": ("trajan.bonus_tiles",),
    "construction_tile": ("trajan.construction_tiles",),
    "ship": ("trajan.ships",),
    "province": ("trajan.provinces",),
    "commodity": ("trajan.commodity_cards",),
}


@dataclass(frozen=True, slots=True)
class CardRow:
    """One card or tile row read from a game's data file."""

    game: Game
    kind: str
    fields: Mapping[str, Any]
    path: str
    folder: Game = "troyes"


def _singular(key: str) -> str:
    if key.endswith("ies"):
        return key[:-3] + "y"
    return key[:-1] if key.endswith("s") and not key.endswith("ss") else key


def _row_game(item: Mapping[str, Any], folder: Game) -> Game:
    """Return the game a row belongs to: its own `game`, or "ladies" for expansion rows."""
    if item.get("game") in GAMES:
        return cast(Game, item["game"])
    marks = {str(item.get(key, "")).lower() for key in ("box", "expansion", "module", "set")}
    if folder == "troyes" and any("ladies" in mark or "damas" in mark for mark in marks):
        return "ladies"
    return folder


def rows_from_table(data: Mapping[str, Any], game: Game, path: str) -> list[CardRow]:
    """Return every card-like row of one parsed data file."""
    rows = []
    for key, value in data.items():
        if not isinstance(value, list):
            continue
        for item in value:
            if isinstance(item, dict) and set(item) >= _TEXT_KEYS:
                rows.append(CardRow(_row_game(item, game), _singular(key), item, path, game))
    return rows


def read_card_rows(data_root: Path) -> list[CardRow]:
    """Read the card rows of data/trajan/*.toml and data/troyes/*.toml (missing folders: none)."""
    rows: list[CardRow] = []
    games: tuple[Game, ...] = ("trajan", "troyes")
    for game in games:
        for path in sorted((data_root / game).glob("*.toml")):
            try:
                data = tomllib.loads(path.read_text(encoding="utf-8"))
            except tomllib.TOMLDecodeError as error:
                raise LookupDataError(f"{path}: not valid TOML: {error}") from error
            rows.extend(rows_from_table(data, game, str(path)))
    return rows


def _unverified(fields: Mapping[str, Any]) -> tuple[bool, set[str]]:
    verified = fields.get("verified", True)
    listed = fields.get("unverified", [])
    names = {str(v) for v in listed} if isinstance(listed, list) else set()
    if isinstance(verified, dict):
        names |= {str(k) for k, v in verified.items() if v is False}
        return False, names
    return verified is False, names


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "✓" if value else "✗"
    if isinstance(value, list):
        return ", ".join(_show(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {_show(v)}" for k, v in value.items())
    return str(value)


def _figure_name(key: str, lang: Lang) -> str:
    if lang == "es" and key in _FIGURE_NAMES_ES:
        return _FIGURE_NAMES_ES[key]
    return key.replace("_", " ").capitalize()


def figure_lines(fields: Mapping[str, Any], lang: Lang) -> tuple[list[str], bool]:
    """Return one markdown line per figure, and whether any figure is provisional."""
    all_open, open_names = _unverified(fields)
    lines, any_open = [], False
    for key, raw in fields.items():
        if key in _TEXT_KEYS or key in _HIDDEN_KEYS or key.endswith("_es"):
            continue
        value, is_open = raw, all_open or key in open_names
        if isinstance(raw, dict) and "value" in raw:
            value, is_open = raw["value"], is_open or raw.get("verified") is False
        mark = f" {PROVISIONAL}" if is_open else ""
        any_open = any_open or is_open
        lines.append(f"**{_figure_name(key, lang)}:** {_show(value)}{mark}")
    return lines, any_open


def _text(row: CardRow, lang: Lang) -> EntryText:
    fields = row.fields
    suffix = "" if lang == "en" else "_es"
    lines, any_open = figure_lines(fields, lang)
    parts = [str(fields["text" + suffix]).strip()]
    if lines:
        parts.append("\n".join(lines))
    if any_open or fields.get("verified") is False:
        parts.append(f"*{_FOOTNOTE[lang]}*")
    body = "\n\n".join(parts)
    if len(body) > MAX_BODY:
        raise LookupDataError(f"{row.path}: row {fields['id']!r}: card text is too long")
    kind_en, kind_es = _KIND_NAMES.get(row.kind, (row.kind.replace("_", " ").capitalize(),) * 2)
    extra = fields.get("aliases" + suffix, [])
    aliases = (
        str(fields["name_es" if lang == "en" else "name"]),
        str(fields["id"]).replace("_", " "),
        *(str(a) for a in extra if isinstance(a, str)),
    )
    return EntryText(
        title=str(fields["name" + suffix]),
        section=f"{_SECTION[lang]}: {kind_en if lang == 'en' else kind_es}",
        body=body,
        aliases=aliases,
        source=str(fields.get("source", "")),
    )


def card_entry(row: CardRow, known_ids: Iterable[str] = ()) -> Entry:
    """Return the lookup entry of one card row (id: '<data folder>.<kind>.<row id>')."""
    row_id = fold(str(row.fields["id"])).replace(" ", "_")
    if not row_id:
        raise LookupDataError(f"{row.path}: a {row.kind} row has an empty id")
    known = set(known_ids)
    related = tuple(r for r in KIND_RELATED.get(row.kind, ()) if r in known)
    return Entry(
        id=f"{row.folder}.{row.kind}.{row_id}",
        game=row.game,
        related=related,
        en=_text(row, "en"),
        es=_text(row, "es"),
        origin=row.path,
        kind="card",
    )
