"""The Ladies of Troyes data: outer activity faces (outer_tiles.toml) and figures (ladies.toml).

troyes.md §10: 8 double-sided outer tiles, two per level I-IV; the wall of 20 spaces with its
four gates; the purple die's reroll surcharge; the extra components of the box. Read once with
the rest of the catalog (catalog.py calls `load`) and checked the same way (reader.py): a bad
entry raises CatalogError naming the file, the entry and the field. Faces whose effect is not
known, or not built, carry no effect and `in_draw = false`: they are never dealt
(docs/rules-gaps.md).
"""

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.errors import CatalogError
from engine.troyes.reader import BOXES, Reader, Ref, choice, integer, read, texts
from engine.troyes.state import COLOURS

LEVELS = (1, 2, 3, 4)

# Outer faces name one of the `outer` primitives (primitives.py); this one needs a die colour.
OUTER_NEEDS_COLOUR = {"reroll_die": True}


@dataclass(frozen=True, slots=True)
class OuterFace:
    """One face of an outer activity tile."""

    id: str
    name: str
    name_es: str
    text: str
    text_es: str
    level: int
    tile: int
    die_colour: str
    cubes: bool
    in_draw: bool
    effect: Ref | None
    unverified: tuple[str, ...] = ()
    note: str = ""


OUTER_LIMITS = ("per_player", "table")


@dataclass(frozen=True, slots=True)
class LadiesRules:
    """The expansion's fixed figures."""

    purple_reroll_deniers: int
    wall_length: int
    gates: tuple[int, ...]
    extra_black_dice: int
    extra_neutral_citizens: int
    wall_boost_max: int
    unverified: tuple[str, ...] = ()
    # Whom "not 2 cubes from the same outer activity during the same action (even if the action
    # is performed by an opponent)" (seed 002) limits: "per_player" (each player, the reading
    # chosen in docs/rules-gaps.md) or "table" (one cube for the whole table: the earlier
    # reading, what data without this figure means, so games of older editions play on).
    outer_limit: str = "table"


def _face(file: str, raw: Mapping[str, Any]) -> OuterFace:
    r = Reader(file, raw, f"tile {raw.get('id', '?')!r}")
    fid = r.plain("id", str)
    name, name_es, text, text_es = texts(r)
    if r.plain("box", str, "ladies") not in BOXES:
        raise CatalogError(f"{r.where('box')}: not a box")
    level = integer(r, "level", 1)
    if level not in LEVELS:
        raise CatalogError(f"{r.where('level')}: expected 1 to 4, got {level}")
    tile = integer(r, "tile", 1)
    colour = choice(r, "die_colour", ("none", *COLOURS), True) if "die_colour" in raw else "none"
    cubes = r.plain("cubes", bool, True) if "cubes" in raw else True
    in_draw = r.plain("in_draw", bool)
    effect = r.ref("effect", "outer")
    note = r.plain("note", str, "")
    if in_draw and effect is None:
        raise CatalogError(f"{r.where('effect')}: a face in the draw needs an effect")
    if effect is not None and OUTER_NEEDS_COLOUR.get(effect.name) and colour == "none":
        raise CatalogError(f"{r.where('die_colour')}: effect {effect.name!r} needs a die colour")
    return OuterFace(
        fid, name, name_es, text, text_es, level, tile, colour, cubes, in_draw, effect,
        r.done(), note,
    )  # fmt: skip


def _rules(file: str, raw: Mapping[str, Any]) -> LadiesRules:
    r = Reader(file, raw.get("ladies", {}), "ladies")
    gates = r.figure("gates")
    length = integer(r, "wall_length", 1)
    if not isinstance(gates, list) or len(gates) != len(LEVELS) or gates[-1] != length:
        raise CatalogError(f"{r.where('gates')}: expected 4 gate spaces, the last at the end")
    limit = choice(r, "outer_limit", OUTER_LIMITS, True) if "outer_limit" in r.entry else "table"
    return LadiesRules(
        integer(r, "purple_reroll_deniers"), length, tuple(int(g) for g in gates),
        integer(r, "extra_black_dice"), integer(r, "extra_neutral_citizens"),
        integer(r, "wall_boost_max", 1), r.done(), limit,
    )  # fmt: skip


def load(
    directory: Path, cards: Mapping[str, Any], events: Mapping[str, Any]
) -> tuple[dict[str, OuterFace], LadiesRules]:
    """Read the outer faces and the expansion figures; check the Ladies cards cover the grid."""
    faces: dict[str, OuterFace] = {}
    for raw in read(directory, "outer_tiles.toml").get("tile", []):
        face = _face("outer_tiles.toml", raw)
        if face.id in faces:
            raise CatalogError(f"outer_tiles.toml: tile {face.id!r}: field 'id': duplicate id")
        faces[face.id] = face
    for level in LEVELS:
        if faces and not any(f.level == level and f.in_draw for f in faces.values()):
            raise CatalogError(f"outer_tiles.toml: no face of level {level} in the draw")
    ladies_cards = [c for c in cards.values() if c.box == "ladies"]
    for colour in COLOURS:
        for level in (1, 2, 3):
            if ladies_cards and not any(
                c.colour == colour and c.level == level for c in ladies_cards
            ):
                raise CatalogError(f"activities.toml: no Ladies {colour} card of level {level}")
    return faces, _rules("ladies.toml", read(directory, "ladies.toml"))
