"""The Troyes catalog: data/troyes/*.toml parsed once into frozen records, everything checked.

Every figure in the data is a table `{ value, verified, source | why }` (issue 9), read by
reader.py; effect references are checked against primitives.py; The Ladies' files are read
by ladies_data.py. Unknown keys, missing fields, bad values and unknown effect names raise
CatalogError naming the file, the entry and the field (STYLE.md §2.3).
"""

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.errors import CatalogError
from engine.troyes import ladies_data
from engine.troyes.ladies_data import LadiesRules, OuterFace
from engine.troyes.reader import BOXES, Reader, Ref, choice, integer, read, texts
from engine.troyes.state import BUILDINGS, COLOURS

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "troyes"
# The files the catalog reads (the rules data of an edition; layout.toml is the renderer's).
DATA_FILES = (
    "rules.toml", "activities.toml", "events.toml", "characters.toml", "cathedral.toml",
    "ladies.toml", "outer_tiles.toml",
)  # fmt: skip
KINDS = ("immediate", "delayed", "mixed", "endgame")


@dataclass(frozen=True, slots=True)
class ActivityCard:
    """One activity card: colour, level, hiring cost, craftsman-space VP, divisor, effects."""

    id: str
    name: str
    name_es: str
    colour: str
    level: int
    kind: str
    text: str
    text_es: str
    hire: int
    spaces_vp: tuple[int, ...]
    divisor: int
    effect: Ref | None
    modifier: Ref | None
    endgame: Ref | None
    unverified: tuple[str, ...] = ()
    note: str = ""
    box: str = "base"


@dataclass(frozen=True, slots=True)
class EventCard:
    """One event card; red cards bring black dice and name their companion colour."""

    id: str
    name: str
    name_es: str
    colour: str
    text: str
    text_es: str
    black_dice: int
    companion: str
    permanent: bool
    fight_colour: str
    divisor: int
    spaces: int
    vp: int
    effect: Ref | None
    unverified: tuple[str, ...] = ()
    note: str = ""
    box: str = "base"


@dataclass(frozen=True, slots=True)
class Character:
    """One character card, scored by every player at the end."""

    id: str
    name: str
    name_es: str
    text: str
    text_es: str
    score: Ref
    unverified: tuple[str, ...] = ()
    box: str = "base"


@dataclass(frozen=True, slots=True)
class Cathedral:
    """The Cathedral: dice colour, pips per cube, influence per space by level, VP figures."""

    name: str
    name_es: str
    text: str
    text_es: str
    colour: str
    divisor: int
    levels: tuple[tuple[int, ...], ...]
    cube_vp: int
    missing_level_vp: int
    unverified: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Rules:
    """Every fixed rule figure (rules.toml), by player count where it varies."""

    rounds: Mapping[int, int]
    red_events: Mapping[int, int]
    citizens: Mapping[int, int]
    characters: Mapping[int, int]
    neutral_citizens: int
    deniers: int
    influence: int
    two_player_neutral_spaces: tuple[int, ...]
    dice_per_colour: int
    building_spaces: int
    income: int
    salary: Mapping[str, int]
    unpaid_penalty_vp: int
    dice_price: tuple[int, ...]
    influence_max: int
    reroll_cost: int
    flip_cost: int
    hire_cost: int
    citizen_cap: int
    pass_first: int
    pass_per_action: int
    agriculture_divisor: int
    agriculture_colour: str
    black_dice: int
    counter_fail_vp: int
    event_fail_vp: int
    counter_influence: int
    cube_influence: int
    double_colours: frozenset[str]
    uncountered_vp: int
    building_colour: tuple[str, ...]
    building_mode: tuple[str, ...]
    expel_rule: str
    unverified: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Catalog:
    """Everything read from data: rules, cards by id (in file order), events, characters."""

    rules: Rules
    cards: Mapping[str, ActivityCard]
    events: Mapping[str, EventCard]
    characters: Mapping[str, Character]
    cathedral: Cathedral
    # The Ladies of Troyes (issue 3): outer activity faces by id and the expansion's figures.
    outer: Mapping[str, OuterFace]
    ladies: LadiesRules
    unverified: tuple[str, ...] = field(default=())


def _card(file: str, raw: Mapping[str, Any]) -> ActivityCard:
    r = Reader(file, raw, f"card {raw.get('id', '?')!r}")
    cid = r.plain("id", str)
    name, name_es, text, text_es = texts(r)
    kind = choice(r, "kind", KINDS)
    vp = r.figure("spaces_vp")
    if not isinstance(vp, list) or not vp or not all(isinstance(v, int) and v >= 0 for v in vp):
        raise CatalogError(f"{r.where('spaces_vp')}: expected a list of VP per space")
    card = ActivityCard(
        cid, name, name_es, choice(r, "colour", COLOURS), r.plain("level", int), kind, text,
        text_es, integer(r, "hire"), tuple(vp), integer(r, "divisor", 1),
        r.ref("effect", "immediate"), r.ref("modifier", "modifier"), r.ref("endgame", "endgame"),
        note=r.plain("note", str, ""), box=_box(r),
    )  # fmt: skip
    needs = {
        "immediate": (card.effect,),
        "delayed": (card.modifier,),
        "mixed": (card.effect,),  # a modifier part is optional (its cubes may also modify)
        "endgame": (card.endgame,),
    }[kind]
    if any(part is None for part in needs):
        raise CatalogError(f"{file}: card {cid!r}: field 'kind': {kind!r} lacks its effect part")
    return ActivityCard(**{**_fields(card), "unverified": r.done()})


def _event(file: str, raw: Mapping[str, Any]) -> EventCard:
    r = Reader(file, raw, f"event {raw.get('id', '?')!r}")
    eid = r.plain("id", str)
    name, name_es, text, text_es = texts(r)
    colour = choice(r, "colour", COLOURS)
    military = colour == "red"
    black = integer(r, "black_dice") if military else 0
    companion = choice(r, "companion", ("white", "yellow"), True) if "companion" in raw else ""
    permanent = r.figure("permanent") is True if "permanent" in raw else False
    ev = EventCard(
        eid, name, name_es, colour, text, text_es, black, companion, permanent,
        choice(r, "fight_colour", COLOURS, True), integer(r, "divisor", 1), integer(r, "spaces", 1),
        integer(r, "vp"), r.ref("effect", "event"), note=r.plain("note", str, ""), box=_box(r),
    )  # fmt: skip
    if military == (ev.effect is not None):
        raise CatalogError(
            f"{file}: event {eid!r}: field 'effect': "
            "red events bring black dice, other events need an effect"
        )
    if military and not permanent and not companion:
        raise CatalogError(f"{file}: event {eid!r}: field 'companion': missing")
    return EventCard(**{**_fields(ev), "unverified": r.done()})


def _character(file: str, raw: Mapping[str, Any]) -> Character:
    r = Reader(file, raw, f"character {raw.get('id', '?')!r}")
    cid = r.plain("id", str)
    name, name_es, text, text_es = texts(r)
    score = r.ref("score", "score")
    if score is None:
        raise CatalogError(f"{r.where('score')}: missing")
    box = _box(r)
    return Character(cid, name, name_es, text, text_es, score, r.done(), box)


def _cathedral(file: str, raw: Mapping[str, Any]) -> Cathedral:
    r = Reader(file, raw, "cathedral")
    r.plain("id", str)
    name, name_es, text, text_es = texts(r)
    levels = r.figure("levels")
    if not isinstance(levels, list) or not all(isinstance(lv, list) and lv for lv in levels):
        raise CatalogError(f"{r.where('levels')}: expected a list of levels (influence per space)")
    choice(r, "fill", ("bottom_up",), True)
    return Cathedral(
        name, name_es, text, text_es, choice(r, "colour", COLOURS, True), integer(r, "divisor", 1),
        tuple(tuple(lv) for lv in levels), integer(r, "cube_vp"), integer(r, "missing_level_vp"),
        r.done(),
    )  # fmt: skip


def _box(r: Reader) -> str:
    """Return which box an entry comes from (`base` unless said otherwise)."""
    value = r.plain("box", str, "base")
    if value not in BOXES:
        raise CatalogError(f"{r.where('box')}: {value!r} is not one of {list(BOXES)}")
    return str(value)


def _fields(obj: Any) -> dict[str, Any]:
    return {name: getattr(obj, name) for name in obj.__slots__}


def _by_count(r: Reader, key: str) -> dict[int, int]:
    value = r.figure(key)
    if not isinstance(value, Mapping) or sorted(value) != ["2", "3", "4"]:
        raise CatalogError(f"{r.where(key)}: expected values for 2, 3 and 4 players")
    return {int(k): int(v) for k, v in value.items()}


def _rules(file: str, raw: Mapping[str, Any]) -> Rules:
    flat: dict[str, Any] = {}
    for section in ("setup", "economy", "events", "buildings"):
        if section not in raw:
            raise CatalogError(f"{file}: section [{section}] is missing")
        flat.update(raw[section])
    r = Reader(file, flat, "rules")
    f = r.figure
    ints = {k: integer(r, k) for k in (
        "neutral_citizens", "deniers", "influence", "dice_per_colour", "building_spaces",
        "income", "unpaid_penalty_vp", "influence_max", "reroll_cost", "flip_cost", "hire_cost",
        "citizen_cap", "pass_first", "pass_per_action", "black_dice", "counter_fail_vp",
        "event_fail_vp", "counter_influence", "cube_influence", "uncountered_vp")}  # fmt: skip
    buildings = [f(b) for b in BUILDINGS]
    return Rules(
        rounds=_by_count(r, "rounds"),
        red_events=_by_count(r, "red_events"),
        citizens=_by_count(r, "citizens"),
        characters=_by_count(r, "characters"),
        two_player_neutral_spaces=tuple(f("two_player_neutral_spaces")),
        salary=dict(f("salary")),
        dice_price=tuple(f("dice_price")),
        agriculture_divisor=integer(r, "agriculture_divisor", 1),
        agriculture_colour=choice(r, "agriculture_colour", COLOURS, True),
        double_colours=frozenset(f("double_colours")),
        building_colour=tuple(b["colour"] for b in buildings),
        building_mode=tuple(b["mode"] for b in buildings),
        expel_rule=choice(r, "expel_rule", ("one_lying_per_colour", "none"), True),
        unverified=r.done(),
        **ints,
    )


def _unique(file: str, kind: str, items: list[Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        if item.id in out:
            raise CatalogError(f"{file}: {kind} {item.id!r}: field 'id': duplicate id")
        out[item.id] = item
    return out


def load_catalog(directory: Path | None = None) -> Catalog:
    """Read and check every Troyes data file; raise CatalogError naming file, entry and field."""
    d = directory or DATA_DIR
    rules = _rules("rules.toml", read(d, "rules.toml"))
    cards = _unique(
        "activities.toml",
        "card",
        [_card("activities.toml", c) for c in read(d, "activities.toml").get("card", [])],
    )
    events = _unique(
        "events.toml",
        "event",
        [_event("events.toml", e) for e in read(d, "events.toml").get("event", [])],
    )
    chars = _unique(
        "characters.toml",
        "character",
        [_character("characters.toml", c) for c in read(d, "characters.toml").get("character", [])],
    )
    cathedral = _cathedral("cathedral.toml", read(d, "cathedral.toml").get("cathedral", {}))
    for colour in COLOURS:
        for level in (1, 2, 3):
            if not any(
                c.colour == colour and c.level == level and c.box == "base" for c in cards.values()
            ):
                raise CatalogError(f"activities.toml: no {colour} card of level {level}")
    if sum(1 for e in events.values() if e.permanent) > 1:
        raise CatalogError("events.toml: at most one permanent event")
    outer, ladies = ladies_data.load(d, cards, events)
    return Catalog(rules, cards, events, chars, cathedral, outer, ladies)


@functools.cache
def default_catalog() -> Catalog:
    """Return the catalog of the shipped data files (read once)."""
    return load_catalog()
