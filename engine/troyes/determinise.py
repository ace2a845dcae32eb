"""Sample a full Troyes state that one seat cannot tell from the real one (for the AI search).

What a seat cannot see (view.py, troyes.md §3.2 step 9 and §13): the rivals' character cards
and their VP earned in play, the face-down activity cards, the order and make-up of the event
decks, and the dice not yet rolled (which the game's seed decides). `determinise` keeps what
the seat sees and draws everything else afresh: characters from those neither its own nor
revealed, activity cards and events from the boxes in play minus every card in sight, a new
seed, and each rival's VP estimated from public facts. It reads no hidden field of the state
it is given except the sizes the rules make public (cards per hand, cards per deck).
"""

from collections.abc import Callable
from typing import Any

from engine.core.rng import Rng
from engine.troyes.catalog import Catalog
from engine.troyes.context import cathedral_cubes
from engine.troyes.rules.round import boxes
from engine.troyes.state import TroyesState

# A rival's hidden VP, estimated per public fact: cubes in the Cathedral (1 VP each, and the
# same again from the actions that placed them), events won, craftsmen hired.
VP_PER_CATHEDRAL_CUBE = 1
VP_PER_EVENT_WON = 2
VP_PER_ROUND = 1


def determinise(s: TroyesState, cat: Catalog, seat: int, rng: Rng) -> TroyesState:
    """Return a copy of `s` with everything `seat` cannot see sampled afresh."""
    d = s.clone()
    d.seed = rng.below(2**62)
    if s.phase == "over":
        return d
    _characters(d, cat, seat, rng)
    _activity(d, cat, rng)
    _decks(d, cat, rng)
    for rival in range(s.seats):
        if rival != seat:
            d.vp[rival] = public_vp_estimate(s, rival)
    return d


def public_vp_estimate(s: TroyesState, seat: int) -> int:
    """Estimate a seat's hidden VP from what everyone sees."""
    return (
        VP_PER_CATHEDRAL_CUBE * 2 * cathedral_cubes(s, seat)
        + VP_PER_EVENT_WON * len(s.won[seat])
        + VP_PER_ROUND * max(0, s.round - 1)
    )


def _characters(d: TroyesState, cat: Catalog, seat: int, rng: Rng) -> None:
    use = ("base", "ladies") if d.options.get("new_characters") == "on" else ("base",)
    seen = {*d.characters[seat], *d.revealed}
    unseen = rng.shuffled(
        [c.id for c in cat.characters.values() if c.box in use and c.id not in seen]
    )
    hands = []
    for rival, held in enumerate(d.characters):
        if rival == seat:
            hands.append(held)
        else:
            hands.append(unseen[: len(held)])
            unseen = unseen[len(held) :]
    d.characters = hands


def _activity(d: TroyesState, cat: Catalog, rng: Rng) -> None:
    """Redraw the face-down activity cards (one per colour and level, troyes.md §3.2 step 4)."""
    use = boxes(d, "new_activities")
    cards = list(d.activity)
    changed = False
    for i, card in enumerate(cards):
        known = cat.cards[card]
        if known.level <= d.round:
            continue
        pool = sorted(
            c.id
            for c in cat.cards.values()
            if c.colour == known.colour and c.level == known.level and c.box in use
        )
        cards[i] = rng.pick(pool)
        changed = True
    if not changed:
        return
    d.activity = cards
    d.craftsmen = {c: d.craftsmen.get(c) or [None] * len(cat.cards[c].spaces_vp) for c in cards}
    d.card_cubes = {c: d.card_cubes.get(c) or [0] * d.seats for c in cards}


def _decks(d: TroyesState, cat: Catalog, rng: Rng) -> None:
    """Refill each event deck, at its public size, from the events of its colour not in sight."""
    use = boxes(d, "new_events")
    seen = {*d.queue, *(e for won in d.won for e in won), *d.event_cubes}
    decks: dict[str, list[str]] = {}
    for colour, deck in d.decks.items():
        pool = sorted(
            e.id
            for e in cat.events.values()
            if e.colour == colour and not e.permanent and e.id not in seen
        )
        # Red decks may be filled up from the other box (round.py _deal_events): prefer the
        # boxes in play, then the rest, as the deal does.
        first = [e for e in pool if cat.events[e].box in use]
        rest = [e for e in pool if cat.events[e].box not in use]
        drawn = rng.shuffled(first)[: len(deck)]
        if len(drawn) < len(deck):
            drawn += rng.shuffled(rest)[: len(deck) - len(drawn)]
        # Every card of a deck is out of sight, so the pool always holds enough of them.
        decks[colour] = rng.shuffled(drawn)
    d.decks = decks


# Search iterations per second on this game's determinised states, on one core of the
# development machine (bench/ai.py prints the rate on yours): the hard player's seconds
# become this many iterations (engine/ai/ismcts.py).
SEARCH_RATE = 3000


def determiniser(engine: Any) -> Callable[[TroyesState, int, Rng], TroyesState]:
    """Return `determinise` bound to the engine's catalog (engine/ai/sampling.py asks)."""
    catalog: Catalog = engine.catalog

    def sample(s: TroyesState, seat: int, rng: Rng) -> TroyesState:
        return determinise(s, catalog, seat, rng)

    return sample
