"""Turn the card and tile rows of each game's data/<game>/*.toml into lookup entries.

The game engineers own those files; this module only reads them. A row is any table in an
array of tables that has `id`, `name`, `name_es`, `text` and `text_es`. Its other scalar or
small fields are figures, shown as a list. A figure is provisional (shown with a mark) when
the row says `verified = false`, when `verified` is a table with that figure set to false,
when the figure is listed in `unverified`, or when the figure itself is a table
`{ value = ..., verified = false }`.

A server's operator may correct figures (DATA_OVERRIDES, engine/core/overrides.py): with the
corrections folder given, each game's files are read with its corrections put over them, and a
figure a correction changed carries a second mark, so `/card` tells the server's corrections
from the figures still provisional.
"""

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, cast

from engine import games
from engine.core import i18n, overrides
from engine.core.folding import fold
from engine.lookup.labels import FIGURE_NAMES, KIND_NAMES, KIND_RELATED, VALUE_NAMES_ES
from engine.lookup.model import (
    MAX_BODY,
    MAX_TITLE,
    Entry,
    EntryText,
    Game,
    Lang,
    LookupDataError,
    game_ids,
)

_TEXT_KEYS = frozenset({"id", "name", "name_es", "text", "text_es"})
# Engine wiring and bookkeeping, not something a player reads as a figure.
_HIDDEN_KEYS = frozenset(
    [
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
        "modifier",
        "score",
        "scoring",
        "why",
        "game",
        "box",
        "related",
        "art",
        "sprite",
    ]
)
# Engine wiring whose own `verified = false` means the card's text itself is an estimate.
_EFFECT_KEYS = ("effect", "effects", "modifier", "score", "params")
# Array names too generic to tell cards apart: the file name gives the kind instead
# (activities.toml [[card]] -> "activity", forum_tiles.toml [[tile]] -> "forum_tile").
_GENERIC_KEYS = frozenset({"card", "tile", "item", "row", "entry"})
PROVISIONAL = "†"
CORRECTED = "‡"  # a figure this server's operator corrected (DATA_OVERRIDES)


@dataclass(frozen=True, slots=True)
class CardRow:
    """One card or tile row read from a game's data file."""

    game: Game
    kind: str
    fields: Mapping[str, Any]
    path: str
    folder: Game
    corrected: frozenset[str] = field(default=frozenset())  # figures the operator corrected


def _singular(key: str) -> str:
    if key.endswith("ies"):
        return key[:-3] + "y"
    return key[:-1] if key.endswith("s") and not key.endswith("ss") else key


def _row_game(item: Mapping[str, Any], folder: Game) -> Game:
    """Return the topic a row belongs to: its own `game`, or the expansion its marks name."""
    if item.get("game") in game_ids():
        return cast(Game, item["game"])
    marks = {str(item.get(key, "")).lower() for key in ("box", "expansion", "module", "set")}
    spec = games.topic_game(folder)
    for topic in spec.topics if spec is not None else ():
        if any(word in mark for word in topic.marks for mark in marks):
            return topic.id
    return folder


def _kind(key: str, path: str) -> str:
    kind = _singular(key)
    return _singular(Path(path).stem) if kind in _GENERIC_KEYS else kind


def rows_from_table(data: Mapping[str, Any], game: Game, path: str) -> list[CardRow]:
    """Return every card-like row (array of tables or single table) of one parsed data file."""
    rows = []
    for key, value in data.items():
        items = value if isinstance(value, list) else [value]
        for item in items:
            if isinstance(item, dict) and set(item) >= _TEXT_KEYS:
                rows.append(CardRow(_row_game(item, game), _kind(key, path), item, path, game))
    return rows


def read_card_rows(data_root: Path, corrections: Path | None = None) -> list[CardRow]:
    """Read the card rows of data/<game>/*.toml of each game with lookup topics (missing: none).

    With `corrections` (the DATA_OVERRIDES folder), `<corrections>/<game>/<file>` is put over
    the shipped file of the same name and each row records the figures it changed.
    """
    rows: list[CardRow] = []
    for game in (spec.name for spec in games.specs() if spec.topics):
        for path in sorted((data_root / game).glob("*.toml")):
            data = _read_toml(path)
            own = corrections / game / path.name if corrections is not None else None
            if own is None or not own.is_file():
                rows.extend(rows_from_table(data, game, str(path)))
                continue
            merged = overrides.overlay(data, path.name, _read_toml(own))
            changed = overrides.corrected(data, merged)
            for row in rows_from_table(merged, game, str(path)):
                ident = str(row.fields["id"])
                fields = frozenset(f for i, f in changed if i == ident)
                rows.append(replace(row, corrected=fields) if fields else row)
    return rows


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise LookupDataError(f"{path}: not valid TOML: {error}") from error


def _unverified(fields: Mapping[str, Any]) -> tuple[bool, set[str]]:
    verified = fields.get("verified", True)
    listed = fields.get("unverified", [])
    names = {str(v) for v in listed} if isinstance(listed, list) else set()
    if isinstance(verified, dict):
        names |= {str(k) for k, v in verified.items() if v is False}
        return False, names
    return verified is False, names


def _show(value: Any, lang: Lang) -> str:
    if isinstance(value, bool):
        return "✓" if value else "✗"
    if isinstance(value, list):
        # A list of lists (e.g. cathedral levels) reads as groups: "1 1 2 / 2 2".
        if value and all(isinstance(v, list) for v in value):
            return " / ".join(" ".join(_show(x, lang) for x in v) for v in value)
        return ", ".join(_show(v, lang) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{_show(k, lang)} {_show(v, lang)}" for k, v in value.items())
    text = str(value)
    return _value_names_es().get(text, text) if lang == "es" else text


def _value_names_es() -> dict[str, str]:
    """Return the Spanish names of data values: the shared ones and each game's own."""
    names = dict(VALUE_NAMES_ES)
    for spec in games.specs():
        names.update(spec.value_names.get("es", {}))
    return names


def _figure_name(key: str, lang: Lang) -> str:
    names = FIGURE_NAMES.get(key)
    if names:
        return names[0] if lang == "en" else names[1]
    return key.replace("_", " ").capitalize()


def figure_lines(
    fields: Mapping[str, Any], lang: Lang, corrected: frozenset[str] = frozenset()
) -> tuple[list[str], bool]:
    """Return one markdown line per figure, and whether any figure is provisional.

    A figure in `corrected` (changed by the operator's corrections) is marked `CORRECTED`.
    """
    all_open, open_names = _unverified(fields)
    lines, any_open = [], False
    for key, raw in fields.items():
        if key in _TEXT_KEYS or key in _HIDDEN_KEYS or key.endswith("_es"):
            continue
        value, is_open = raw, all_open or key in open_names
        if isinstance(raw, dict) and "value" in raw:
            value, is_open = raw["value"], is_open or raw.get("verified") is False
        mark = (f" {CORRECTED}" if key in corrected else "") + (
            f" {PROVISIONAL}" if is_open else ""
        )
        any_open = any_open or is_open
        lines.append(f"**{_figure_name(key, lang)}:** {_show(value, lang)}{mark}")
    return lines, any_open


def _text_is_open(fields: Mapping[str, Any]) -> bool:
    """Return whether the card's effect (and so its text) is an estimate."""
    return any(
        isinstance(fields.get(key), dict) and fields[key].get("verified") is False
        for key in _EFFECT_KEYS
    )


def _body(fields: Mapping[str, Any], lang: Lang, corrected: frozenset[str]) -> str:
    """Return the entry's text: the rule text, its figures and notes.

    An open figure (or an estimated text) carries the † mark and nothing more: the answer's
    footer says once what the mark means (cogs/rules_present.py; playtest item 64, where a
    footnote here, a warning field and the footer said it three times).
    """
    suffix = "" if lang == "en" else "_es"
    lines, any_open = figure_lines(fields, lang, corrected)
    text = str(fields["text" + suffix]).strip()
    # A row open as a whole with no figure to mark marks its text.
    text_open = _text_is_open(fields) or (fields.get("verified") is False and not any_open)
    parts = [f"{text} {PROVISIONAL}" if text_open else text]
    if lines:
        parts.append("\n".join(lines))
    note = fields.get("note" + suffix) or fields.get("note")
    if isinstance(note, str) and note.strip():
        parts.append(f"*{i18n.text(lang, 'lookup.note', note=note.strip())}*")
    if any(f" {CORRECTED}" in line for line in lines):
        parts.append(f"*{i18n.text(lang, 'lookup.corrected_footnote', mark=CORRECTED)}*")
    return "\n\n".join(parts)


def _text(row: CardRow, lang: Lang) -> EntryText:
    fields = row.fields
    suffix = "" if lang == "en" else "_es"
    body = _body(fields, lang, row.corrected)
    if len(body) > MAX_BODY:
        raise LookupDataError(f"{row.path}: row {fields['id']!r}: card text is too long")
    if not 0 < len(str(fields["name" + suffix])) <= MAX_TITLE:
        raise LookupDataError(f"{row.path}: row {fields['id']!r}: name{suffix} empty or too long")
    kind_en, kind_es = KIND_NAMES.get(row.kind, (row.kind.replace("_", " ").capitalize(),) * 2)
    extra = fields.get("aliases" + suffix, [])
    aliases = (
        str(fields["name_es" if lang == "en" else "name"]),
        str(fields["id"]).replace("_", " "),
        *(str(a) for a in extra if isinstance(a, str)),
    )
    return EntryText(
        title=str(fields["name" + suffix]),
        section=i18n.text(lang, "lookup.section", kind=kind_en if lang == "en" else kind_es),
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
