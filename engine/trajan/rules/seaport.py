"""The seaport action and its card-by-card sub-steps (SEED "Acción del puerto"; brief §4.1, §1.7).

Draw 2 then discard 1; take a discard (an emptied pile is refilled from the deck); display
1-2 cards and draw as many; or ship a combination on one ship, scoring its current side and
flipping a front ship to grey. A commodity wild may stand in for one card per shipment.
"""

from typing import Any

from engine.core.protocol import Decision
from engine.trajan.actions import Done
from engine.trajan.events import CardDiscarded, CardsDisplayed, CardTaken, Shipped
from engine.trajan.rules.common import (
    draw_cards,
    player,
    refill_pile,
    replace_at,
    with_sorted,
    without,
)
from engine.trajan.rules.flow import finish_action
from engine.trajan.rules.options import PAIRS, WILD_COMMODITY, display_options, ship_options
from engine.trajan.state import TrajanState
from engine.trajan.tables import Tables


def port_draw(state: TrajanState, t: Tables, events: list[Any]) -> None:
    """Draw 2 cards from the deck; the seat must then discard 1."""
    draw_cards(state, state.current, t.fig.port_draw, events)
    state.pending = Decision(state.current, "discard")


def discard(state: TrajanState, t: Tables, card: str, pile: int, events: list[Any]) -> None:
    """Discard a card face up onto a pile and finish the seaport action."""
    p = player(state)
    p.hand = without(p.hand, card)
    state.discards = replace_at(state.discards, pile, (*state.discards[pile], card))
    events.append(CardDiscarded(state.current, card, pile))
    finish_action(state, t, events, None)


def port_take(state: TrajanState, t: Tables, pile: int, events: list[Any]) -> None:
    """Take the top card of a discard pile into hand."""
    card = state.discards[pile][-1]
    state.discards = replace_at(state.discards, pile, state.discards[pile][:-1])
    p = player(state)
    p.hand = with_sorted(p.hand, card)
    events.append(CardTaken(state.current, pile, card))
    refill_pile(state, pile, events)
    finish_action(state, t, events, None)


def port_display(state: TrajanState, t: Tables, events: list[Any]) -> None:
    """Start choosing the cards to display."""
    state.picks = ()
    state.pending = Decision(state.current, "display")


def display_card(state: TrajanState, t: Tables, card: str, events: list[Any]) -> None:
    """Choose one more card to display; finish when no more may be chosen."""
    state.picks = (*state.picks, card)
    if display_options(state, t) == [Done()]:  # nothing more may be chosen
        display_done(state, t, events)


def display_done(state: TrajanState, t: Tables, events: list[Any]) -> None:
    """Move the chosen cards to the display and draw as many from the deck."""
    p = player(state)
    cards = state.picks
    for card in cards:
        p.hand = without(p.hand, card)
    p.display = with_sorted(p.display, *cards)
    events.append(CardsDisplayed(state.current, cards))
    draw_cards(state, state.current, len(cards), events)
    finish_action(state, t, events, None)


def port_ship(state: TrajanState, t: Tables, ship: int, events: list[Any]) -> None:
    """Start loading a ship."""
    state.ship = ship
    state.picks = ()
    state.pending = Decision(state.current, "ship")


def ship_card(state: TrajanState, t: Tables, card: str, events: list[Any]) -> None:
    """Load one more card (or pair, or the wild) on the ship."""
    if state.ship == PAIRS:
        used = [c for c in state.picks if c != "wild"]
        left = list(player(state).hand)
        for c in used:
            left.remove(c)
        state.picks = (*state.picks, card, card if left.count(card) >= 2 else "wild")
    else:
        state.picks = (*state.picks, card)
    if ship_options(state) == [Done()]:  # nothing more may be loaded
        ship_done(state, t, events)


def ship_done(state: TrajanState, t: Tables, events: list[Any]) -> None:
    """Score the shipment on the ship's current side, flip a front ship, display the cards."""
    p = player(state)
    ship = t.ships[state.ship]
    size = len(state.picks) // 2 if state.ship == PAIRS else len(state.picks)
    front = state.ships[state.ship]
    vp = (ship.front if front else ship.grey)[size - 1]
    cards = tuple(c for c in state.picks if c != "wild")
    wild = "wild" in state.picks
    for card in cards:
        p.hand = without(p.hand, card)
    if wild:
        p.forum = without(p.forum, WILD_COMMODITY)
        state.removed = (*state.removed, WILD_COMMODITY)
    p.display = with_sorted(p.display, *cards)
    p.score("seaport", vp)
    state.ships = replace_at(state.ships, state.ship, False)
    events.append(Shipped(state.current, state.ship, cards, wild, vp, front))
    finish_action(state, t, events, None)
