"""Placing a citizen in the Palace, the Bishopric or the City Hall (troyes.md §5.4 action 4).

Palace ("replace"): the die's value is the space; its occupant is expelled and lies on the
building. Bishopric and City Hall ("shift"): the citizens from that space move right into the
first empty space; only a full row expels the one on space 6 (seed FAQ: "si la fila está
llena"). A space freed to the left (a craftsman taken from the building) is closed by the
citizens between it and the die's space moving left. A citizen may not be
expelled when one of its colour already lies on that building (our reading of the seed's
garbled limits; `expel_rule` in rules.toml). Modes and the limit come from data.
"""

from engine.troyes.catalog import Catalog
from engine.troyes.context import Ctx
from engine.troyes.state import BUILDINGS, NEUTRAL, TroyesState


def expelled_by(s: TroyesState, cat: Catalog, building: int, space: int) -> tuple[bool, int | None]:
    """Return (legal, owner expelled or None) for placing a citizen on `space` (1-6)."""
    row = s.buildings[building]
    i = space - 1
    if not 0 <= i < len(row):
        return False, None
    if cat.rules.building_mode[building] == "replace" or row[i] is None:
        out = row[i]
    else:
        out = None if None in row else row[-1]
    if (
        out is not None
        and cat.rules.expel_rule == "one_lying_per_colour"
        and out in s.lying[building]
    ):
        return False, out
    return True, out


def place_citizen(ctx: Ctx, seat: int, building: int, space: int) -> int | None:
    """Put one of the seat's supply citizens on a space; return who was expelled (if any)."""
    s = ctx.s
    row = s.buildings[building]
    _, out = expelled_by(s, ctx.cat, building, space)
    i = space - 1
    if ctx.cat.rules.building_mode[building] == "replace" or row[i] is None:
        row[i] = seat
    elif None in row[i:]:
        del row[row.index(None, i)]
        row.insert(i, seat)
    elif None in row:  # the only free space is to the left: close it, nobody is expelled
        del row[i - 1 - row[i - 1 :: -1].index(None)]
        row.insert(i, seat)
    else:
        del row[-1]
        row.insert(i, seat)
    s.supply[seat] -= 1
    if out is not None:
        s.lying[building].append(out)
    return out


def citizens_home(s: TroyesState) -> None:
    """End of round: citizens lying on the buildings go back to their owners' supplies."""
    for lying in s.lying:
        for owner in lying:
            if owner == NEUTRAL:
                s.neutral_supply += 1
            else:
                s.supply[owner] += 1
        lying.clear()


def empty_spaces(s: TroyesState) -> list[tuple[str, int]]:
    """Return every empty (building, space) pair, for the initial placement."""
    return [
        (BUILDINGS[b], i + 1)
        for b, row in enumerate(s.buildings)
        for i, owner in enumerate(row)
        if owner is None
    ]
