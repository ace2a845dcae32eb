"""Trajan's component data, read once from `data/trajan/*.toml` into frozen records.

This is the only module that reads those files (STYLE.md §2.3). Every entry must carry
`verified` and either a `source` (verified) or a `note` (why not); unknown keys, missing keys,
wrong types and duplicate ids raise `CatalogError` naming the file, the entry and the field.
"""

import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from engine.core import overrides
from engine.core.errors import CatalogError
from engine.trajan.components import (
    ActionDef,
    BonusTile,
    Building,
    Catalog,
    Colour,
    Commodity,
    ConstructionTile,
    DemandTile,
    Figures,
    ForumTile,
    Province,
    Ship,
    TrajanCategory,
    TrajanTile,
)

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "trajan"
# The files the catalog reads (the rules data of an edition; layout.toml is the renderer's).
DATA_FILES = (
    "board.toml", "cards.toml", "bonus_tiles.toml", "construction.toml", "demand_tiles.toml",
    "forum_tiles.toml", "trajan_tiles.toml",
)  # fmt: skip
_META: dict[str, type] = {"verified": bool, "source": str, "note": str}
_NAMES: dict[str, type] = {"name": str, "name_es": str}
_TEXTS: dict[str, type] = {"text": str, "text_es": str}


def _parse(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise CatalogError(f"{path.name}: cannot read: {exc}") from exc


class _Reader:
    """Validate the entries of one data file against field specs."""

    def __init__(self, path: Path, unverified: list[str]) -> None:
        self.path = path
        self.unverified = unverified
        self.data = _parse(path)
        correction = path.with_name(overrides.name_for(path.name))
        if correction.exists():  # an operator's corrections (engine/core/overrides.py)
            self.data = overrides.overlay(self.data, path.name, _parse(correction))

    def entries(
        self, section: str, required: Mapping[str, type], optional: Mapping[str, type] = {}
    ) -> list[dict[str, Any]]:
        """Return the checked entries of `[[section]]`."""
        raw = self.data.get(section)
        if not isinstance(raw, list) or not raw:
            raise CatalogError(f"{self.path.name}: no [[{section}]] entries")
        seen: set[str] = set()
        out = []
        for i, entry in enumerate(raw):
            name = f"{self.path.name}: [[{section}]] {entry.get('id', f'#{i + 1}')!s}"
            self._check(name, entry, {"id": str, **required}, {**_META, **optional})
            if entry["id"] in seen:
                raise CatalogError(f"{name}: field 'id': duplicate id")
            seen.add(entry["id"])
            self._check_meta(name, entry, section)
            out.append(entry)
        return out

    def _check(
        self, name: str, entry: Any, required: Mapping[str, type], optional: Mapping[str, type]
    ) -> None:
        if not isinstance(entry, dict):
            raise CatalogError(f"{name}: not a table")
        for key in entry:
            if key not in required and key not in optional:
                raise CatalogError(f"{name}: field '{key}': unknown key")
        for key, kind in {**required, **optional}.items():
            if key not in entry:
                if key in required or key == "verified":
                    raise CatalogError(f"{name}: field '{key}': missing")
                continue
            value = entry[key]
            ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
            if kind is list:
                ok = ok and all(isinstance(v, int | str) for v in value)
            if not ok:
                raise CatalogError(f"{name}: field '{key}': expected {kind.__name__}")

    def _check_meta(self, name: str, entry: dict[str, Any], section: str) -> None:
        if entry["verified"]:
            if not entry.get("source") or "note" in entry:
                raise CatalogError(f"{name}: field 'source': verified entries need a source only")
        else:
            if not entry.get("note"):
                raise CatalogError(f"{name}: field 'note': unverified entries need a note")
            self.unverified.append(f"{self.path.name}:{section}:{entry['id']}")

    def only_sections(self, *sections: str) -> None:
        """Reject top-level tables this loader does not know."""
        for key in self.data:
            if key not in sections:
                raise CatalogError(f"{self.path.name}: [{key}]: unknown section")


def _figures(reader: _Reader) -> Figures:
    entries = reader.entries("figure", {}, {"value": int, "values": list})
    fields = set(Figures.__dataclass_fields__)
    values: dict[str, Any] = {}
    for e in entries:
        name = f"{reader.path.name}: [[figure]] {e['id']}"
        if e["id"] not in fields:
            raise CatalogError(f"{name}: field 'id': unknown figure")
        if ("value" in e) == ("values" in e):
            raise CatalogError(f"{name}: field 'value': give exactly one of value/values")
        values[e["id"]] = e["value"] if "value" in e else tuple(e["values"])
    missing = fields - set(values)
    if missing:
        raise CatalogError(f"{reader.path.name}: [[figure]] {sorted(missing)[0]}: missing")
    return Figures(**values)


def _pick(entry: Mapping[str, Any], *keys: str) -> dict[str, Any]:
    return {k: entry[k] for k in keys}


def _board(reader: _Reader) -> tuple[Any, ...]:
    reader.only_sections("action", "colour", "figure", "province", "ship")
    actions = tuple(
        ActionDef(**_pick(e, "id", "bowl", "extra_space", *_NAMES, *_TEXTS))
        for e in reader.entries("action", {"bowl": int, "extra_space": int, **_NAMES, **_TEXTS})
    )
    colours = tuple(
        Colour(**_pick(e, "id", "code", *_NAMES))
        for e in reader.entries("colour", {"code": str, **_NAMES})
    )
    provinces = tuple(
        Province(**_pick(e, "id", "vp", *_NAMES), adjacent=tuple(e["adjacent"]))
        for e in reader.entries("province", {"vp": int, "adjacent": list, **_NAMES})
    )
    ships = tuple(
        Ship(**_pick(e, "id", *_NAMES, *_TEXTS), front=tuple(e["front"]), grey=tuple(e["grey"]))
        for e in reader.entries("ship", {"front": list, "grey": list, **_NAMES, **_TEXTS})
    )
    return actions, colours, _figures(reader), provinces, ships


def _tiles(directory: Path, unverified: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    r = _Reader(directory / "cards.toml", unverified)
    r.only_sections("commodity")
    spec: dict[str, type] = {"count": int, "partner": str, **_NAMES, **_TEXTS}
    out["commodities"] = tuple(
        Commodity(**_pick(e, "id", *spec)) for e in r.entries("commodity", spec)
    )
    r = _Reader(directory / "trajan_tiles.toml", unverified)
    r.only_sections("category", "tile")
    spec = {"stack": int, "kept": bool, **_NAMES}
    out["categories"] = tuple(
        TrajanCategory(**_pick(e, "id", *spec)) for e in r.entries("category", spec)
    )
    spec = {"category": str, "colours": str, "vp": int, "effect": str, "amount": int}
    out["trajan_tiles"] = tuple(
        TrajanTile(**_pick(e, "id", *spec, *_NAMES, *_TEXTS), demand=e.get("demand"))
        for e in r.entries("tile", {**spec, **_NAMES, **_TEXTS}, {"demand": str})
    )
    r = _Reader(directory / "forum_tiles.toml", unverified)
    r.only_sections("tile")
    spec = {"kind": str, "back": str, "count": int, **_NAMES, **_TEXTS}
    out["forum_tiles"] = tuple(
        ForumTile(
            **_pick(e, "id", *spec),
            demand=e.get("demand"),
            action=e.get("action"),
            votes=e.get("votes", 0),
        )
        for e in r.entries("tile", spec, {"demand": str, "action": str, "votes": int})
    )
    return out


def _more_tiles(directory: Path, unverified: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    r = _Reader(directory / "construction.toml", unverified)
    r.only_sections("building", "tile")
    spec: dict[str, type] = {"bonus_action": str, **_NAMES}
    out["buildings"] = tuple(Building(**_pick(e, "id", *spec)) for e in r.entries("building", spec))
    spec = {"building": str, "vp": int, **_NAMES, **_TEXTS}
    out["construction_tiles"] = tuple(
        ConstructionTile(**_pick(e, "id", *spec)) for e in r.entries("tile", spec)
    )
    r = _Reader(directory / "demand_tiles.toml", unverified)
    r.only_sections("tile")
    spec = {"count": int, **_NAMES, **_TEXTS}
    out["demand_tiles"] = tuple(
        DemandTile(**_pick(e, "id", *spec)) for e in r.entries("tile", spec)
    )
    r = _Reader(directory / "bonus_tiles.toml", unverified)
    r.only_sections("tile")
    spec = {"scoring": str, "yellow": int, "grey": int, **_NAMES, **_TEXTS}
    out["bonus_tiles"] = tuple(
        BonusTile(
            **_pick(e, "id", *spec),
            grey_per=e.get("grey_per", 1),
            commodities=tuple(e.get("commodities", ())),
            demand=e.get("demand"),
        )
        for e in r.entries("tile", spec, {"grey_per": int, "commodities": list, "demand": str})
    )
    return out


def load_catalog(directory: Path = DATA_DIR) -> Catalog:
    """Read and check every Trajan data file in `directory`; raise CatalogError if invalid."""
    unverified: list[str] = []
    actions, colours, figures, provinces, ships = _board(
        _Reader(directory / "board.toml", unverified)
    )
    catalog = Catalog(
        actions=actions,
        colours=colours,
        figures=figures,
        provinces=provinces,
        ships=ships,
        **_tiles(directory, unverified),
        **_more_tiles(directory, unverified),
        unverified=tuple(unverified),
    )
    _cross_check(catalog)
    return catalog


def _cross_check(cat: Catalog) -> None:
    """Check references between files (effects are checked by the rules' registry test)."""
    action_ids = [a.id for a in cat.actions]
    codes = {c.code for c in cat.colours}
    commodity_ids = {c.id for c in cat.commodities}
    province_ids = {p.id for p in cat.provinces}
    problems = [
        (
            "board.toml: [[action]]",
            "bowl",
            sorted(a.bowl for a in cat.actions) != [1, 2, 3, 4, 5, 6],
        ),
        ("board.toml: [[colour]]", "code", len(codes) != 6 or any(len(c) != 1 for c in codes)),
    ]
    for t in cat.trajan_tiles:
        bad = len(t.colours) != 2 or not set(t.colours) <= codes
        problems.append((f"trajan_tiles.toml: [[tile]] {t.id}", "colours", bad))
        bad_cat = t.category not in {c.id for c in cat.categories}
        problems.append((f"trajan_tiles.toml: [[tile]] {t.id}", "category", bad_cat))
    for p in cat.provinces:
        bad = not set(p.adjacent) <= province_ids
        problems.append((f"board.toml: [[province]] {p.id}", "adjacent", bad))
    for c in cat.commodities:
        problems.append(
            (f"cards.toml: [[commodity]] {c.id}", "partner", c.partner not in commodity_ids)
        )
    for f in cat.forum_tiles:
        bad = f.action is not None and f.action not in action_ids
        problems.append((f"forum_tiles.toml: [[tile]] {f.id}", "action", bad))
    for b in cat.buildings:
        bad = b.bonus_action not in action_ids
        problems.append((f"construction.toml: [[building]] {b.id}", "bonus_action", bad))
    for bt in cat.bonus_tiles:
        bad = not set(bt.commodities) <= commodity_ids
        problems.append((f"bonus_tiles.toml: [[tile]] {bt.id}", "commodities", bad))
    for where, field, bad in problems:
        if bad:
            raise CatalogError(f"{where}: field '{field}': invalid reference or value")


@cache
def default_catalog() -> Catalog:
    """Return the catalog read from the shipped data files (read once)."""
    return load_catalog()
