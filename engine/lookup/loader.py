"""Load and check the rule entries in data/rules/{en,es}/*.toml.

Every check fails start-up with a message naming the file and the entry: an entry must have
the same id in both languages, the same game and the same related links in both, unique ids,
text within Discord's limits, and every related id must exist.
"""

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from engine.lookup.model import (
    LANGS,
    MAX_ALIAS,
    MAX_BODY,
    MAX_TITLE,
    Entry,
    EntryText,
    Game,
    Kind,
    Lang,
    LookupDataError,
    game_ids,
)

ID_PATTERN = re.compile(r"^[a-z0-9_]+(\.[a-z0-9_]+)+$")
_REQUIRED = ("id", "game", "section", "title", "body")
_OPTIONAL = ("aliases", "related", "source")


@dataclass(frozen=True, slots=True)
class RawEntry:
    """One entry as written in one language's file, before the two languages are joined."""

    id: str
    game: Game
    related: tuple[str, ...]
    text: EntryText
    path: str


def _fail(path: str, entry_id: str, problem: str) -> LookupDataError:
    return LookupDataError(f"{path}: entry {entry_id!r}: {problem}")


def _str_list(value: Any, path: str, entry_id: str, key: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise _fail(path, entry_id, f"{key} must be a list of non-empty strings")
    return tuple(cast(list[str], value))


def _check_limits(text: EntryText, path: str, entry_id: str) -> None:
    if len(text.title) > MAX_TITLE:
        raise _fail(path, entry_id, f"title is longer than {MAX_TITLE} characters")
    if len(text.body) > MAX_BODY:
        raise _fail(path, entry_id, f"body is {len(text.body)} characters (max {MAX_BODY})")
    for alias in text.aliases:
        if len(alias) > MAX_ALIAS:
            raise _fail(path, entry_id, f"alias {alias[:30]!r}... is too long")


def parse_entry(table: Mapping[str, Any], path: str) -> RawEntry:
    """Check one [[entry]] table of a rules file and return it."""
    entry_id = str(table.get("id", "?"))
    for key in _REQUIRED:
        if not isinstance(table.get(key), str) or not table[key].strip():
            raise _fail(path, entry_id, f"missing or empty {key!r}")
    unknown = sorted(set(table) - set(_REQUIRED) - set(_OPTIONAL))
    if unknown:
        raise _fail(path, entry_id, f"unknown keys {unknown}")
    if not ID_PATTERN.match(entry_id):
        raise _fail(path, entry_id, "id must be dotted lower-case snake_case, e.g. 'trajan.senate'")
    game = table["game"]
    if game not in game_ids():
        raise _fail(path, entry_id, f"game must be one of {list(game_ids())}, not {game!r}")
    related = _str_list(table.get("related", []), path, entry_id, "related")
    if entry_id in related:
        raise _fail(path, entry_id, "an entry cannot be related to itself")
    text = EntryText(
        title=table["title"].strip(),
        section=table["section"].strip(),
        body=table["body"].strip(),
        aliases=_str_list(table.get("aliases", []), path, entry_id, "aliases"),
        source=str(table.get("source", "")).strip(),
    )
    _check_limits(text, path, entry_id)
    return RawEntry(entry_id, cast(Game, game), related, text, path)


def read_language(folder: Path) -> dict[str, RawEntry]:
    """Read every *.toml file of one language folder, keyed by entry id."""
    found: dict[str, RawEntry] = {}
    for path in sorted(folder.glob("*.toml")):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            raise LookupDataError(f"{path}: not valid TOML: {error}") from error
        tables = data.get("entry", [])
        if set(data) - {"entry"} or not isinstance(tables, list):
            raise LookupDataError(f"{path}: a rules file holds only [[entry]] tables")
        for table in tables:
            raw = parse_entry(table, str(path))
            if raw.id in found:
                raise _fail(str(path), raw.id, f"duplicate id (also in {found[raw.id].path})")
            found[raw.id] = raw
    return found


def join_languages(
    by_lang: Mapping[Lang, Mapping[str, RawEntry]], kind: Kind = "rule"
) -> list[Entry]:
    """Join the English and Spanish texts of each entry; both must exist and agree."""
    en, es = by_lang["en"], by_lang["es"]
    for one, other, other_lang in ((en, es, "es"), (es, en, "en")):
        for entry_id, raw in one.items():
            if entry_id not in other:
                raise _fail(raw.path, entry_id, f"has no {other_lang!r} text")
    entries = []
    for entry_id, a in en.items():
        b = es[entry_id]
        if a.game != b.game:
            raise _fail(b.path, entry_id, f"game {b.game!r} differs from {a.path} ({a.game!r})")
        if a.related != b.related:
            raise _fail(b.path, entry_id, f"related links differ from {a.path}")
        entries.append(Entry(entry_id, a.game, a.related, a.text, b.text, a.path, kind))
    return entries


def check_links(entries: Iterable[Entry]) -> None:
    """Check that ids are unique and every related link names an existing entry."""
    seen: dict[str, Entry] = {}
    for entry in entries:
        if entry.id in seen:
            raise _fail(entry.origin, entry.id, f"duplicate id (also in {seen[entry.id].origin})")
        seen[entry.id] = entry
    for entry in seen.values():
        for link in entry.related:
            if link not in seen:
                raise _fail(entry.origin, entry.id, f"related id {link!r} does not exist")


def load_rules(rules_dir: Path, kind: Kind = "rule") -> list[Entry]:
    """Load data/rules/{en,es}/*.toml into checked entries (links checked by the index)."""
    by_lang: dict[Lang, dict[str, RawEntry]] = {}
    for lang in LANGS:
        folder = rules_dir / lang
        if not folder.is_dir():
            raise LookupDataError(f"{folder}: missing language folder")
        by_lang[lang] = read_language(folder)
    return join_languages(by_lang, kind)
