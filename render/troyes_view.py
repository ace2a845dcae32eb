"""Read Troyes's engine view (engine/troyes/view.py) into the records the board draws.

Only what the view carries is drawn; names and figures come from the engine's catalog. The
Ladies of Troyes parts are read when the view has them: a purple die is just a die of colour
"purple" in a district; the wall needs `guards` (space per seat) and `outer` (tile id and
cubes per seat) on the view; outer faces are named from the catalog.
"""

from typing import Any

from engine.troyes.catalog import Catalog
from engine.troyes.view import TroyesView
from render.header import HeaderInfo
from render.troyes_areas import Outer, Wall
from render.troyes_board import NEUTRAL, Activity, Building, Event, TroyesPlayer

COLOURS = ("red", "white", "yellow")
BUILDINGS = (
    ("palace", "Palace", "red"),
    ("bishopric", "Bishopric", "white"),
    ("city_hall", "City Hall", "yellow"),
)
_PHASES = {"setup": "placing citizens", "events": "events", "actions": "actions"}
# Round phases 0-5 (troyes.md §4): how far into a round each engine phase is.
_PHASE_SHARE = {"setup": 0.0, "events": 0.5, "actions": 0.7}
WALL_LENGTH = 20
WALL_GATES = (5, 10, 15, 20)


def header_of(view: TroyesView, prompt: str | None, names: tuple[str, ...] | None) -> HeaderInfo:
    """Return the header: who decides what, the round, and how many rounds are left."""
    if view.phase == "over":
        return HeaderInfo(
            "Troyes",
            None,
            "The game is over: the final scores are in the score image.",
            "Game over",
            1.0,
            f"all {view.rounds} rounds played",
            names,
        )
    current = max(1, view.round)
    share = _PHASE_SHARE.get(view.phase, 0.5)
    done = (current - 1 + share) / max(1, view.rounds)
    left = view.rounds - current
    remaining = (
        f"{left} more round{'s' if left > 1 else ''} after this one"
        if left
        else "last round of the game"
    )
    stage = f"Round {current} of {view.rounds} · {_PHASES.get(view.phase, view.phase)}"
    decision = prompt or view.kind.replace("_", " ").capitalize() + "."
    return HeaderInfo("Troyes", view.turn, decision, stage, done, remaining, names)


def players_of(view: TroyesView) -> tuple[TroyesPlayer, ...]:
    """Return each player's public figures (VP only where the view shows them)."""
    return tuple(
        TroyesPlayer(
            p.seat,
            p.deniers,
            p.influence,
            p.supply,
            p.pot,
            p.passed,
            len(p.events_won),
            p.vp,
            start=p.seat == view.start,
        )
        for p in view.players
    )


def buildings_of(view: TroyesView, cat: Catalog) -> tuple[Building, ...]:
    """Return the three buildings with their citizens and the expelled ones."""
    return tuple(
        Building(name, colour, cat.rules.salary.get(key, 0), spaces, lying)
        for (key, name, colour), spaces, lying in zip(
            BUILDINGS, view.buildings, view.lying, strict=True
        )
    )


def square_of(view: TroyesView) -> tuple[tuple[int, tuple[tuple[str, int], ...]], ...]:
    """Return the districts: one per seat, then the neutral one."""
    seats = len(view.players)
    return tuple(
        (index if index < seats else NEUTRAL, tuple(dice))
        for index, dice in enumerate(view.districts)
    )


def activities_of(view: TroyesView, cat: Catalog) -> tuple[Activity, ...]:
    """Return the nine activity cards; face-down ones show only their colour and level."""
    craftsmen = dict(view.craftsmen)
    cubes = dict(view.card_cubes)
    out = []
    for index, card_id in enumerate(view.activity):
        colour, level = COLOURS[index // 3], index % 3 + 1
        if card_id is None:
            out.append(Activity("", colour, level, False, (), (), ()))
            continue
        card = cat.cards[card_id]
        counts = tuple((seat, n) for seat, n in enumerate(cubes.get(card_id, ())) if n)
        detail = f"{card.colour} · hire {card.hire} · 1 per {card.divisor} pips · {card.kind}"
        out.append(
            Activity(
                card.name,
                card.colour,
                card.level,
                True,
                craftsmen.get(card_id, ()),
                card.spaces_vp,
                counts,
                detail,
            )
        )
    return tuple(out)


def cathedral_of(view: TroyesView, cat: Catalog) -> tuple[tuple[int | None, ...], ...]:
    """Return each cathedral level's spaces: the seat whose cube fills it, or None."""
    return tuple(
        tuple(filled[k] if k < len(filled) else None for k in range(len(spaces)))
        for filled, spaces in zip(view.cathedral, cat.cathedral.levels, strict=True)
    )


def events_of(view: TroyesView, cat: Catalog) -> tuple[tuple[Event, ...], tuple[int, ...], str]:
    """Return the event queue (with cubes), the black dice and the deck sizes."""
    cubes = dict(view.event_cubes)
    events = tuple(
        Event(
            cat.events[e].name,
            cat.events[e].colour,
            cat.events[e].black_dice,
            tuple((seat, n) for seat, n in enumerate(cubes.get(e, ())) if n),
        )
        for e in view.queue
    )
    decks = "decks: " + " · ".join(f"{n} {colour}" for colour, n in view.deck_sizes)
    return events, view.black, decks


def wall_of(view: Any, cat: Catalog) -> tuple[Wall, tuple[Outer, ...]] | None:
    """Return the Ladies' wall and outer activities (names from the catalog) when on."""
    guards = getattr(view, "guards", None)
    outer = getattr(view, "outer", None)
    if guards is None or outer is None:
        return None
    tiles = tuple(
        Outer(
            level,
            outer_name(cat, str(tile_id)),
            tuple((seat, n) for seat, n in enumerate(cubes) if n),
        )
        for level, (tile_id, cubes) in enumerate(outer, start=1)
    )
    return Wall(tuple(enumerate(guards)), WALL_LENGTH, WALL_GATES), tiles


def outer_name(cat: Catalog, tile_id: str) -> str:
    """Return an outer activity face's name from the catalog (its id, spaced, if unknown)."""
    face = cat.outer.get(tile_id)
    return face.name if face is not None else tile_id.replace("_", " ").capitalize()


def plan_of(view: TroyesView, cat: Catalog) -> tuple[str, tuple[tuple[int, str, int], ...]]:
    """Return what the deciding seat's half-built action is for, and the dice chosen so far."""
    action, target, dice = view.plan
    names = {key: name for key, name, _ in BUILDINGS}
    if action == "card" and target in cat.cards:
        purpose = cat.cards[target].name
    elif action == "event" and target in cat.events:
        purpose = f"fighting {cat.events[target].name}"
    elif action == "citizen":
        purpose = f"a citizen in the {names.get(target, target)}"
    elif action:
        purpose = action.replace("_", " ")
    elif target.isdigit():
        purpose = f"countering a black {target}"
    else:
        purpose = ""
    return purpose, tuple(dice)
