"""The names and parameter schemas of the effect primitives: all that card data may refer to.

Six families (STYLE.md §2.3): `immediate` (per activation of a card), `modifier` (a delayed
card's cube changing one dice group), `event` (a non-military event hitting one seat each
round), `score` (a character card), `endgame` (cubes on an end-of-game card) and `outer` (The
Ladies' outer activities, troyes.md §10.5). `validate` checks a data entry at load time, so a
maintainer can change a card by editing data and gets a clear CatalogError naming the file,
card and field. This module holds the schemas only, so the catalog can check data without
the rules: what each primitive does is in effects.py (immediate, modifier, event, score,
endgame) and rules/{walls,outer,outer_dice}.py (outer); tests/engine/troyes/test_cards.py
keeps the two in step with the data.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.errors import CatalogError
from engine.troyes.state import BUILDINGS, COLOURS

REQUIRED = object()
FAMILIES = ("immediate", "modifier", "event", "score", "endgame", "outer")

Params = Mapping[str, Any]

# The named counts a character or a capped card may use (effects.COUNTS and
# effects.LADY_COUNTS count them; the ladies add craftsmen on cards of the building's colour).
COUNTS = (
    "influence",
    "deniers",
    "cathedral_cubes",
    "craftsmen",
    "citizens_in_buildings",
    "events_won",
    "events_with_own_cube",
    "citizens_palace",
    "citizens_bishopric",
    "citizens_city_hall",
    "lady_palace",
    "lady_bishopric",
    "lady_city_hall",
)


@dataclass(frozen=True, slots=True)
class Primitive:
    """A registered primitive: its family, name and parameter schema (name -> (type, default))."""

    family: str
    name: str
    params: Mapping[str, tuple[str, Any]]


PRIMITIVES: dict[tuple[str, str], Primitive] = {}


def register(family: str, name: str, **params: tuple[str, Any]) -> None:
    """Register a primitive with its parameter schema (name -> (type, default))."""
    PRIMITIVES[(family, name)] = Primitive(family, name, params)


def _check_value(kind: str, value: Any) -> bool:  # noqa: PLR0911 - one line per type
    match kind:
        case "int":
            return isinstance(value, int) and not isinstance(value, bool) and value >= 0
        case "colour":
            return value in COLOURS
        case "building":
            return value in BUILDINGS
        case "buildings":
            return isinstance(value, str) and all(b in BUILDINGS for b in value.split(","))
        case "count":
            return value in COUNTS
        case "ints":
            return isinstance(value, list) and all(_check_value("int", x) for x in value)
        case "cube_place":
            return value in ("cathedral", "cards")
        case "expelled":
            return value in ("home", "lies")
        case "tiers":
            return (
                isinstance(value, list)
                and bool(value)
                and all(isinstance(t, list) and len(t) == 2 for t in value)
                and all(_check_value("int", x) for t in value for x in t)
                and [t[0] for t in value] == sorted({t[0] for t in value})
            )
        case _:
            return False


def validate(family: str, entry: Any, where: str) -> tuple[str, dict[str, Any]]:
    """Check one `{name, params}` reference; return (name, params with defaults filled)."""
    if not isinstance(entry, Mapping) or "name" not in entry:
        raise CatalogError(f"{where}: expected a table with `name` and `params`")
    name = entry["name"]
    prim = PRIMITIVES.get((family, name))
    if prim is None:
        known = sorted(n for f, n in PRIMITIVES if f == family)
        raise CatalogError(f"{where}: unknown {family} effect {name!r} (known: {known})")
    given = entry.get("params", {})
    if not isinstance(given, Mapping):
        raise CatalogError(f"{where}: `params` must be a table")
    for key in given:
        if key not in prim.params:
            raise CatalogError(f"{where}: effect {name!r} has no parameter {key!r}")
    out: dict[str, Any] = {}
    for key, (kind, default) in prim.params.items():
        if key not in given:
            if default is REQUIRED:
                raise CatalogError(f"{where}: effect {name!r} needs parameter {key!r}")
            out[key] = default
        elif not _check_value(kind, given[key]):
            raise CatalogError(f"{where}: parameter {key!r}={given[key]!r} is not a valid {kind}")
        else:
            out[key] = given[key]
    return name, out


# ---- immediate effects (per activation) ---------------------------------------------------

register("immediate", "gain", deniers=("int", 0), influence=("int", 0), vp=("int", 0))
register(
    "immediate",
    "convert",
    pay_deniers=("int", 0),
    pay_influence=("int", 0),
    gain_deniers=("int", 0),
    gain_influence=("int", 0),
    gain_vp=("int", 0),
)
register(
    "immediate", "gain_per_citizens", deniers=("int", REQUIRED), buildings=("buildings", REQUIRED)
)
register("immediate", "vp_capped_by", vp=("int", REQUIRED), count=("count", REQUIRED))
register("immediate", "place_event_cubes", cubes=("int", 1))
register("immediate", "vp_if_most_dice", vp=("int", REQUIRED))

# ---- modifiers (one card cube changes one dice group) -------------------------------------

register("modifier", "add_to_group", colour=("colour", REQUIRED), amount=("int", REQUIRED))
register("modifier", "add_per_die", colour=("colour", REQUIRED), amount=("int", REQUIRED))
register("modifier", "recolour", source=("colour", REQUIRED), colour=("colour", REQUIRED))
register(
    "modifier",
    "split_die",
    source=("colour", REQUIRED),
    colour=("colour", REQUIRED),
    count=("int", REQUIRED),
)
register("modifier", "set_each", value=("int", REQUIRED))
register("modifier", "free_one_per_district", colour=("colour", REQUIRED))

# ---- event effects (each round, for each seat) --------------------------------------------

register("event", "lose", deniers=("int", 0), influence=("int", 0), vp=("int", 0))
register("event", "lose_per_citizens", building=("building", REQUIRED), deniers=("int", REQUIRED))
register("event", "remove_citizen", building=("building", REQUIRED))
# `expelled`: where a citizen it drives out goes. "lies" beside the building until phase 5,
# like any expelled citizen (troyes-readings-turn2 F4, docs/rules-gaps.md); "home" (straight
# to its owner's supply) is the earlier reading, the default so data kept for running games
# from before keeps playing as it did (rules editions).
register("event", "neutral_enters", building=("building", REQUIRED), expelled=("expelled", "home"))
register("event", "lose_cube", where=("cube_place", REQUIRED))

# ---- characters and end-of-game cards -----------------------------------------------------

register("score", "tiers", count=("count", REQUIRED), tiers=("tiers", REQUIRED))
register("endgame", "cubes_decreasing", start=("int", REQUIRED))

# ---- outer activities (The Ladies of Troyes, troyes.md §10.5) -----------------------------
# Each face names one of these; engine/troyes/rules/{walls,outer,outer_dice}.py carry them out.

register("outer", "reroll_die")  # a: discard 1 cube, reroll 1 own die of the face's colour
register("outer", "bonus_vp", vp=("int", REQUIRED))  # b: on a Cathedral or event cube action
register("outer", "arrival_race", vp=("ints", REQUIRED))  # c: first, second... to arrive
register(
    "outer",
    "arrival_majority",
    arrival_vp=("int", REQUIRED),
    cube_vp=("int", REQUIRED),
    majority=("ints", REQUIRED),
)  # d
register("outer", "agriculture_deniers", deniers=("int", REQUIRED))  # e
register("outer", "craftsman_deniers", deniers=("int", REQUIRED))  # f: out of turn
register("outer", "events_shield")  # h: phase 3
register("outer", "move_cube")  # i: onto a delayed, mixed or end-game card
register("outer", "sold_dice_influence", influence=("int", REQUIRED))  # k: out of turn
register("outer", "swap_dice")  # g: exchange 1 die with each opponent, up to 3 per cube
register("outer", "flip_bought")  # j: flip a bought die and use it at once
register("outer", "citizen_influence", influence=("int", REQUIRED))  # l
