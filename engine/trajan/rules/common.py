"""Small helpers shared by every phase: tuple edits, drawing cards, starting a turn."""

from typing import Any

from engine.core.protocol import Decision
from engine.trajan.events import CardsDrawn, PileRefilled
from engine.trajan.state import PlayerState, TrajanState
from engine.trajan.tables import Tables


def without(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    """Return `items` with one copy of `item` removed (it must be there)."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def with_sorted(items: tuple[str, ...], *new: str) -> tuple[str, ...]:
    """Return `items` plus `new`, sorted."""
    return tuple(sorted((*items, *new)))


def replace_at(items: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """Return `items` with position `i` set to `value`."""
    return (*items[:i], value, *items[i + 1 :])


def draw_cards(state: TrajanState, seat: int, count: int, events: list[Any]) -> None:
    """Draw up to `count` cards from the deck into a hand (an empty deck stops the draw)."""
    n = min(count, len(state.deck))
    if n <= 0:
        return
    drawn = state.deck[len(state.deck) - n :][::-1]
    state.deck = state.deck[: len(state.deck) - n]
    p = state.players[seat]
    p.hand = with_sorted(p.hand, *drawn)
    events.append(CardsDrawn(seat, drawn))


def refill_pile(state: TrajanState, pile: int, events: list[Any]) -> None:
    """Refill an empty discard pile with the top card of the deck (SEED setup rule)."""
    if state.discards[pile] or not state.deck:
        return
    card = state.deck[-1]
    state.deck = state.deck[:-1]
    state.discards = replace_at(state.discards, pile, (card,))
    events.append(PileRefilled(pile, card))


def start_turn(state: TrajanState, seat: int) -> None:
    """Hand the turn to `seat`: it must choose a bowl."""
    state.phase = "turn"
    state.current = seat
    state.todo = ()
    state.target = -1
    state.extra_used = False
    state.ship = -1
    state.picks = ()
    state.pending = Decision(seat, "bowl")


def first_part_bonus(p: PlayerState, t: Tables, tile: str) -> str | None:
    """Return the action a construction tile gives `p` at once: the first part of its kind's.

    Brief §1.9: the first tile of a building type a player takes grants that type's action.
    """
    kind = t.construction[tile].building
    if any(t.construction[b].building == kind for b in p.buildings):
        return None
    return t.building_bonus[kind]


def player(state: TrajanState) -> PlayerState:
    """Return the active seat's player state."""
    return state.players[state.current]
