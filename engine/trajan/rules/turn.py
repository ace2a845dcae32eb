"""A turn's first two steps: choose a bowl and sow its markers, then fulfil a Trajan tile.

SEED "Reorganizar marcadores" and "Cumplir con la ficha de Trajano"; brief §3.2, §3.3.
The time marker moves by the number of markers taken. A marker's colour is asked only
when the markers in hand differ. Fulfilment is automatic (brief §6 A13).
"""

from collections import Counter
from collections.abc import Callable
from functools import cache
from itertools import permutations
from math import factorial
from typing import Any

from engine.core.protocol import Decision
from engine.trajan.components import TrajanTile
from engine.trajan.events import (
    BowlChosen,
    MarkerSown,
    Plus2Placed,
    TokensMoved,
    TrajanFulfilled,
)
from engine.trajan.rules.common import draw_cards, player, replace_at, with_sorted, without
from engine.trajan.rules.flow import continue_turn
from engine.trajan.state import ACTIONS, COLOUR_ORDER, TrajanState, sort_markers
from engine.trajan.tables import Tables

BOWLS = 6
MAX_CHOICES = 25


def choose_bowl(state: TrajanState, t: Tables, bowl: int, events: list[Any]) -> None:
    """Take every marker of `bowl` into hand and move the time marker by their number."""
    p = player(state)
    markers = p.bowls[bowl]
    p.bowls = replace_at(p.bowls, bowl, "")
    state.in_hand = markers
    state.sow_bowl = (bowl + 1) % BOWLS
    moved = state.time + len(markers)
    if moved >= state.cycle:
        # SEED: the round ends once the marker reaches or passes its start space; the
        # marker is not reset, it keeps moving from where it stopped.
        state.round_over = True
    state.time = moved % state.cycle
    events.append(BowlChosen(state.current, bowl, len(markers), state.time, state.round_over))
    sow_forced(state, t, events)


def sow(state: TrajanState, t: Tables, colours: str, events: list[Any]) -> None:
    """Drop markers of `colours`, in order, into the next bowls."""
    for colour in colours:
        _drop(state, colour, events)
    sow_forced(state, t, events)


@cache
def sow_options(in_hand: str) -> tuple[str, ...]:
    """Return the colour sequences offered for the markers in hand.

    When the markers can be ordered in at most 25 different ways, each complete order is one
    choice; otherwise only the colour of the next marker is chosen (STYLE.md §2.2).
    """
    counts = Counter(in_hand)
    orders = factorial(len(in_hand))
    for n in counts.values():
        orders //= factorial(n)
    if orders > MAX_CHOICES:
        return tuple(c for c in COLOUR_ORDER if c in counts)
    return tuple(sorted({"".join(p) for p in permutations(in_hand)}, key=_colour_key))


def _colour_key(colours: str) -> list[int]:
    return [COLOUR_ORDER.index(c) for c in colours]


def _drop(state: TrajanState, colour: str, events: list[Any]) -> None:
    p = player(state)
    bowl = state.sow_bowl
    p.bowls = replace_at(p.bowls, bowl, sort_markers(p.bowls[bowl] + colour))
    i = state.in_hand.index(colour)
    state.in_hand = state.in_hand[:i] + state.in_hand[i + 1 :]
    state.sow_bowl = (bowl + 1) % BOWLS
    events.append(MarkerSown(state.current, bowl, colour))


def sow_forced(state: TrajanState, t: Tables, events: list[Any]) -> None:
    """Sow markers while their colour is forced; ask, or finish sowing."""
    while state.in_hand:
        if len(set(state.in_hand)) > 1:
            state.pending = Decision(state.current, "sow")
            return
        _drop(state, state.in_hand[0], events)
    state.target = (state.sow_bowl - 1) % BOWLS
    state.todo = (f"act:{ACTIONS[state.target]}",)
    if fulfil(state, t, events):
        return
    continue_turn(state, t, events)


def matches(bowl: str, colours: str) -> bool:
    """Return True if the bowl holds the tile's two colours (two markers for a pair)."""
    a, b = colours[0], colours[1]
    if a == b:
        return bowl.count(a) >= 2
    return a in bowl and b in bowl


def fulfil(state: TrajanState, t: Tables, events: list[Any]) -> bool:
    """Fulfil the Trajan tile beside the target bowl if it matches; True if a choice waits."""
    p = player(state)
    slot = state.target
    tile_id = p.slots[slot]
    if tile_id is None or not matches(p.bowls[slot], t.trajan[tile_id].colours):
        return False
    tile = t.trajan[tile_id]
    p.slots = replace_at(p.slots, slot, None)
    p.score("trajan_tiles", tile.vp)
    if p.arch < 0:
        p.arch = slot  # SEED: the arch leaves the centre for the freed slot
    events.append(TrajanFulfilled(state.current, slot, tile_id, tile.vp))
    return EFFECTS[tile.effect](state, t, tile, events)


def _draw_cards(state: TrajanState, t: Tables, tile: TrajanTile, events: list[Any]) -> bool:
    state.removed = (*state.removed, tile.id)
    draw_cards(state, state.current, tile.amount, events)
    return False


def _plus2(state: TrajanState, t: Tables, tile: TrajanTile, events: list[Any]) -> bool:
    state.removed = (*state.removed, tile.id)
    free = plus2_spaces(state)
    if len(free) > 1:
        state.pending = Decision(state.current, "plus2")
        return True
    if free:
        place_plus2(state, free[0], events)
    return False


def plus2_spaces(state: TrajanState) -> list[str]:
    """Return the actions whose extra-action space has no [+2] marker yet."""
    return [a for a in ACTIONS if a not in player(state).plus2]


def place_plus2(state: TrajanState, action: str, events: list[Any]) -> None:
    """Put a [+2] marker on an action's extra-action space."""
    p = player(state)
    p.plus2 = tuple(a for a in ACTIONS if a in p.plus2 or a == action)
    events.append(Plus2Placed(state.current, action))


def choose_plus2(state: TrajanState, t: Tables, action: str, events: list[Any]) -> None:
    """Place the [+2] marker the seat chose, then go on with the turn."""
    place_plus2(state, action, events)
    continue_turn(state, t, events)


def _none(state: TrajanState, t: Tables, tile: TrajanTile, events: list[Any]) -> bool:
    state.removed = (*state.removed, tile.id)
    return False


def _tokens(state: TrajanState, tile: TrajanTile, camp: str, events: list[Any]) -> bool:
    state.removed = (*state.removed, tile.id)
    p = player(state)
    n = min(tile.amount, p.supply)
    p.supply -= n
    if camp == "workers":
        p.workers += n
    else:
        p.legionnaires += n
    if n:
        events.append(TokensMoved(state.current, camp, n))
    return False


def _workers(state: TrajanState, t: Tables, tile: TrajanTile, events: list[Any]) -> bool:
    return _tokens(state, tile, "workers", events)


def _legionnaires(state: TrajanState, t: Tables, tile: TrajanTile, events: list[Any]) -> bool:
    return _tokens(state, tile, "legionnaires", events)


def _demand(state: TrajanState, t: Tables, tile: TrajanTile, events: list[Any]) -> bool:
    p = player(state)
    p.demands = with_sorted(p.demands, tile.id)  # SEED: kept for the whole game
    return False


EFFECTS: dict[str, Callable[[TrajanState, Tables, TrajanTile, list[Any]], bool]] = {
    "draw_cards": _draw_cards,
    "plus2": _plus2,
    "none": _none,
    "workers": _workers,
    "legionnaires": _legionnaires,
    "demand": _demand,
}

__all__ = ["EFFECTS", "choose_bowl", "choose_plus2", "fulfil", "matches", "sow", "without"]
