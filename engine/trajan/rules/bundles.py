"""Decisions answered in one go (issue 14): a whole shipment, or every marker of a sowing.

Shipping card by card and sowing marker by marker take one press per card or marker. A
bundle is one compound action that stands for a run of those one-step actions:

- `ShipCards(cards)` is `ShipCard(card)` for each card in turn, then `Done` (when the
  shipment is not already full): brief §1.7, the ship's requirement and its VP by size.
- a `Sow` of every marker in hand, in order, when the markers can be ordered in more ways
  than one decision lists (then only the next marker's colour is offered): it is the run of
  one-colour `Sow`s, the forced ones included.

A bundle is legal exactly when its run is: each step is checked against the legal actions
of the state it is taken in (`run`), so the rules stay in seaport.py and turn.py. The
one-step actions stay legal too (typed moves, the AI players, games stored before).
"""

from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.core.errors import IllegalMoveError
from engine.trajan.actions import Action, Done, ShipCard, ShipCards, Sow
from engine.trajan.rules.options import PAIRS, SAME, SHIP_MAX, WILD_COMMODITY, ship_options
from engine.trajan.rules.seaport import ship_card, ship_done
from engine.trajan.rules.turn import BOWLS, sow, sow_options
from engine.trajan.state import COLOUR_ORDER, TrajanState
from engine.trajan.tables import Tables

WILD = "wild"


def is_bundle(state: TrajanState, action: Action) -> bool:
    """Tell whether `action` is a compound action of the pending decision (legal or not)."""
    pending = state.pending
    if pending is None:
        return False
    if isinstance(action, ShipCards):
        return pending.kind == "ship"
    if isinstance(action, Sow):
        return pending.kind == "sow" and len(action.colours) == len(state.in_hand) > 1
    return False


def legal(state: TrajanState, t: Tables, action: Action) -> bool:
    """Tell whether a compound action is legal: its run of one-step actions is."""
    if not is_bundle(state, action):
        return False
    try:
        run(state.clone(), t, action, [])
    except IllegalMoveError:
        return False
    return True


def run(state: TrajanState, t: Tables, action: Action, events: list[Any]) -> None:
    """Apply a compound action to `state` (a clone) step by step; raise IllegalMoveError."""
    match action:
        case ShipCards(cards):
            _ship(state, t, cards, events)
        case Sow(bowl, colours):
            _sow(state, t, bowl, colours, events)
        case _:
            raise IllegalMoveError("turns.bundle.not_one")


def _ship(state: TrajanState, t: Tables, cards: tuple[str, ...], events: list[Any]) -> None:
    seat = state.current
    if not cards:
        raise IllegalMoveError("turns.bundle.ship_none")
    _one_wild(state, cards)
    for card in cards:
        if not _loading(state, seat) or ShipCard(card) not in ship_options(state):
            raise IllegalMoveError("turns.bundle.ship_bad")
        ship_card(state, t, card, events)
    if _loading(state, seat):  # not full yet: the shipment ends here
        if Done() not in ship_options(state):
            raise IllegalMoveError("turns.bundle.ship_bad")
        ship_done(state, t, events)


def _one_wild(state: TrajanState, cards: Sequence[str]) -> None:
    """Refuse a shipment that uses the commodity wild more than once, saying so.

    A pair with one card of its kind in hand takes the wild (its menu option reads "Fish +
    Commodity wild"): two such pairs picked the one wild twice, and the general refusal did
    not say so (seventh playtest item 9). One wild per shipment, however many are held.
    """
    p = state.players[state.current]
    held = p.forum.count(WILD_COMMODITY)
    used = sum(1 for c in (*state.picks, *cards) if c == WILD)
    if state.ship == PAIRS:
        used += sum(1 for c in cards if c != WILD and p.hand.count(c) < 2)
    if held == 1 and used > 1:
        raise IllegalMoveError("turns.bundle.wild_twice", count=used)
    if held and used > 1:
        raise IllegalMoveError("turns.bundle.wild_per_ship", count=used)


def _loading(state: TrajanState, seat: int) -> bool:
    pending = state.pending
    return pending is not None and pending.kind == "ship" and pending.seat == seat


def _sow(state: TrajanState, t: Tables, bowl: int, colours: str, events: list[Any]) -> None:
    if bowl != state.sow_bowl or Counter(colours) != Counter(state.in_hand):
        raise IllegalMoveError("turns.bundle.sow_bad")
    # Any order of the markers in hand is a legal run of one-colour steps, and sowing them
    # one by one drops exactly these colours into exactly these bowls (turn.sow).
    sow(state, t, colours, events)


# Reading a multi-select's picked values into a compound action.


def ship_values(state: TrajanState) -> list[str]:
    """Return the values a shipment may be picked from: one per card (or pair), and the wild.

    Different goods: "<card>.1" for one card of each kind in hand; pairs: "<card>" for a
    pair of that kind (or one card and the wild). Same goods (playtest item 116): one pick
    is the whole shipment, "<card>.<n>" for n cards of one kind, "<card>.<n>.wild" for n
    and the wild, so a menu cannot mix kinds the ship refuses.
    """
    hand = Counter(state.players[state.current].hand)
    wild = WILD_COMMODITY in state.players[state.current].forum
    if state.ship == PAIRS:
        return [k for k in sorted(hand) if hand[k] >= 2 or wild]
    if state.ship == SAME:
        most = SHIP_MAX[SAME]
        values = []
        for k in sorted(hand):
            for n in range(1, min(hand[k], most) + 1):
                values.append(f"{k}.{n}")
                if wild and n < most:
                    values.append(f"{k}.{n}.{WILD}")
        return values
    values = [f"{k}.1" for k in sorted(hand)]
    return [*values, WILD] if wild else values


def ship_bundle(state: TrajanState, values: Sequence[str]) -> ShipCards:
    """Return the shipment of the picked values (real cards first, the wild last)."""
    offered = set(ship_values(state))
    if not values or len(set(values)) != len(values) or not set(values) <= offered:
        raise IllegalMoveError("turns.bundle.ship_bad")
    if state.ship == SAME:
        if len(values) != 1:
            raise IllegalMoveError("turns.bundle.ship_bad")
        card, n, wild = (*values[0].split("."), "")[:3]
        return ShipCards((*[card] * int(n), *([WILD] if wild else [])))
    real = sorted(v.split(".")[0] for v in values if v != WILD)
    return ShipCards((*real, *([WILD] if WILD in values else [])))


def ship_most(state: TrajanState) -> int:
    """Return how many values a shipment takes at most (one for the same-goods ship)."""
    return 1 if state.ship == SAME else SHIP_MAX[state.ship]


def sow_plan(state: TrajanState) -> tuple[str, str] | None:
    """Return (the colours picked by bowl, the colour the other bowls get), or None.

    Offered when the markers in hand are too many orders for one list (sow_options then
    asks marker by marker) and one menu of (marker, colour) options fits in 25: each marker
    but those of the most plentiful colour is picked, that colour fills the rest.
    """
    in_hand = state.in_hand
    if len(set(in_hand)) < 2 or len(sow_options(in_hand)[0]) > 1:
        return None
    counts = Counter(in_hand)
    rest = max(sorted(counts, key=COLOUR_ORDER.index), key=lambda c: counts[c])
    picked = "".join(c for c in COLOUR_ORDER if c in counts and c != rest)
    if len(in_hand) * len(picked) > 25:  # a select menu's limit
        return None
    return picked, rest


def sow_values(state: TrajanState) -> list[str]:
    """Return the values of the sowing menu: "<marker><colour>", e.g. "3G" (marker 4 green)."""
    plan = sow_plan(state)
    if plan is None:
        return []
    return [f"{i}{c}" for i in range(len(state.in_hand)) for c in plan[0]]


def sow_bundle(state: TrajanState, values: Sequence[str]) -> Sow:
    """Return the whole sowing of the picked values; raise when a count or marker is off."""
    plan = sow_plan(state)
    if plan is None or not set(values) <= set(sow_values(state)):
        raise IllegalMoveError("turns.bundle.sow_bad")
    rest = plan[1]
    colours = [rest] * len(state.in_hand)
    seen: set[int] = set()
    for value in values:
        marker = int(value[:-1])
        if marker in seen:
            raise IllegalMoveError("turns.bundle.sow_twice", marker=marker + 1)
        seen.add(marker)
        colours[marker] = value[-1]
    if Counter(colours) != Counter(state.in_hand):
        raise IllegalMoveError("turns.bundle.sow_bad")
    return Sow(state.sow_bowl, "".join(colours))


def sow_count(state: TrajanState) -> int:
    """Return how many options the sowing menu takes: every marker not of the fill colour."""
    plan = sow_plan(state)
    return 0 if plan is None else sum(1 for c in state.in_hand if c != plan[1])


def sow_bowl_of(state: TrajanState, marker: int) -> int:
    """Return the bowl the `marker`-th sown marker falls into (clockwise from sow_bowl)."""
    return (state.sow_bowl + marker) % BOWLS
