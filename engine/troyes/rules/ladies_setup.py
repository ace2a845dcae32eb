"""Setup of The Ladies of Troyes modules that are not a deck choice (troyes.md §10, seed 002).

Wall guards start on the top gate (space 0); one outer face per level I-IV is dealt (a random
tile of the level, a random side up; an unknown face is never dealt, docs/rules-gaps.md);
the box's extra components add 2 black dice and 2 neutral citizens to the supply.
`public_facts` turns the public results of the set-up into events for the log.
"""

from collections.abc import Mapping

from engine.troyes.catalog import Catalog
from engine.troyes.context import Ctx
from engine.troyes.events import CharacterRevealed, Event, OuterDealt
from engine.troyes.state import TroyesState

LEVELS = (1, 2, 3, 4)


def on(options: Mapping[str, str], module: str) -> bool:
    """Return whether a module switch is on."""
    return options.get(module) == "on"


def extra_neutrals(cat: Catalog, options: Mapping[str, str]) -> int:
    """Return the neutral citizens the Ladies box adds (0 unless its components are used)."""
    return cat.ladies.extra_neutral_citizens if on(options, "extra_components") else 0


def black_cap(ctx: Ctx) -> int:
    """Return how many black dice exist (6, or 8 with the Ladies' extra dice)."""
    extra = ctx.cat.ladies.extra_black_dice if on(ctx.s.options, "extra_components") else 0
    return int(ctx.cat.rules.black_dice + extra)


def deal(ctx: Ctx) -> None:
    """Put the guards on space 0 and deal the four outer activities (walls module)."""
    s, cat = ctx.s, ctx.cat
    if not on(s.options, "walls"):
        return
    rng = ctx.random()
    s.guards = [0] * s.seats
    faces = []
    for level in LEVELS:
        tiles = sorted({f.tile for f in cat.outer.values() if f.level == level and f.in_draw})
        tile = rng.pick(tiles)
        sides = [f.id for f in cat.outer.values() if f.level == level and f.tile == tile]
        drawable = [f for f in sides if cat.outer[f].in_draw]
        face = rng.pick(sides)
        if face not in drawable:  # an unknown or unbuilt face: the tile's other side is used
            face = rng.pick(drawable)
        faces.append(face)
    s.outer = faces
    s.outer_cubes = {f: [0] * s.seats for f in faces}


def public_facts(s: TroyesState) -> tuple[Event, ...]:
    """Return the public facts of the set-up as events, for the first lines of the log.

    The character revealed to all and the outer activity face dealt at each gate; never a
    player's own (secret) characters.
    """
    return (
        *(CharacterRevealed(c) for c in s.revealed),
        *(OuterDealt(level, face) for level, face in enumerate(s.outer, start=1)),
    )
