"""Sample a full Trajan state that one seat cannot tell from the real one (for the AI search).

Hidden from a seat (view.py): the rivals' hands, the order of the draw deck, of the forum and
extra-action piles, of the demand pile (with the demand tiles removed unseen at setup), the
bonus bag, and the Trajan tiles under each stack's top (the tops too while bowls are being
filled). What is hidden in each group is the complement of what is in sight, so pooling each
group and dealing it out again at the public sizes draws from the seat's knowledge only
(each pool is sorted before it is shuffled, so the hidden order never shows through).
The face-up discard piles are public (every card there was shown). The seed is redrawn, so
future shuffles differ as well.
"""

from collections.abc import Callable
from typing import Any

from engine.core.rng import Rng
from engine.trajan.state import TrajanState


def determinise(s: TrajanState, seat: int, rng: Rng) -> TrajanState:
    """Return a copy of `s` with everything `seat` cannot see redrawn."""
    d = s.clone()
    d.seed = rng.below(2**62)
    if s.phase == "over":
        return d
    rivals = [p for i, p in enumerate(d.players) if i != seat]
    cards = rng.shuffled(sorted([*d.deck, *(c for p in rivals for c in p.hand)]))
    d.deck, cards = tuple(cards[: len(d.deck)]), cards[len(d.deck) :]
    for p in rivals:
        p.hand, cards = tuple(sorted(cards[: len(p.hand)])), cards[len(p.hand) :]
    d.forum_pile = tuple(rng.shuffled(sorted(d.forum_pile)))
    d.extra_pile = tuple(rng.shuffled(sorted(d.extra_pile)))
    demands = rng.shuffled(sorted([*d.demand_pile, *d.demands_removed]))
    d.demand_pile = tuple(demands[: len(d.demand_pile)])
    d.demands_removed = tuple(demands[len(d.demand_pile) :])
    d.bonus_bag = tuple(rng.shuffled(sorted(d.bonus_bag)))
    d.stacks = _stacks(d.stacks, keep_tops=d.phase != "setup_bowl", rng=rng)
    return d


def _stacks(
    stacks: tuple[tuple[str, ...], ...], keep_tops: bool, rng: Rng
) -> tuple[tuple[str, ...], ...]:
    """Deal the hidden Trajan tiles of all stacks out again, each stack at its size."""
    keep = 1 if keep_tops else 0
    hidden = rng.shuffled(sorted(t for st in stacks for t in st[: len(st) - keep]))
    out = []
    for st in stacks:
        n = max(0, len(st) - keep)
        out.append((*hidden[:n], *st[len(st) - keep :]) if st else ())
        hidden = hidden[n:]
    return tuple(out)


# Search iterations per second on this game's determinised states, on one core of the
# development machine (bench/ai.py prints the rate on yours): the hard player's seconds
# become this many iterations (engine/ai/ismcts.py).
SEARCH_RATE = 4000


def determiniser(engine: Any) -> Callable[[TrajanState, int, Rng], TrajanState]:
    """Return `determinise` (engine/ai/sampling.py asks; Trajan needs nothing of the engine)."""
    del engine
    return determinise
