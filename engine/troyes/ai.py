"""What the Troyes AI players know about the game: a position value from one seat's knowledge.

`value(s, cat, seat)` estimates the seat's final score in VP: what it holds now as if the game
ended (VP earned, craftsman spaces, its own and the revealed character cards, end-of-game
cards, the walls), the Cathedral penalty (in full in the last round, in part before), its
share of the events it has cubes on, plus what its resources promise in the rounds still to
play (deniers, influence, citizens, craftsmen, cubes on cards, dice not yet used). It reads
only what the seat may see: its own VP and characters, never a rival's (troyes.md §3.2 step 9).
The weights are estimates tuned by self-play, not rule figures.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.troyes import effects
from engine.troyes.catalog import Catalog
from engine.troyes.context import cathedral_cubes, in_buildings
from engine.troyes.scoring import walls_scores
from engine.troyes.state import TroyesState


@dataclass(frozen=True, slots=True)
class Weights:
    """What one unit of each resource is worth in VP (estimates, tuned by self-play)."""

    denier: float = 0.22
    influence: float = 0.12
    citizen_round: float = 0.9  # a citizen in a building rolls a die in each later round
    supply_citizen: float = 0.6  # one in the supply can still be placed or hired out
    craftsman_round: float = 0.8  # a craftsman makes its card cheap to use, each round
    cube_on_card: float = 0.7
    cube_on_event: float = 0.3  # times the share of the event's VP the cubes stand for
    unused_pip: float = 0.05
    cathedral_early: float = 1.0  # share of the penalty counted while rounds remain (all, tuned)
    guard_space: float = 0.15


WEIGHTS = Weights()


def final_part(s: TroyesState, cat: Catalog, seat: int, characters: list[str]) -> int:
    """Return the seat's score if the game ended now, counting only `characters` it knows."""
    present = sum(1 for e in s.queue if s.event_cubes[e][seat] > 0)
    crafts = 0
    for card, spaces in s.craftsmen.items():
        if seat in spaces:
            crafts += cat.cards[card].spaces_vp[spaces.index(seat)]
    chars = 0
    for cid in characters:
        ref = cat.characters[cid].score
        chars += effects.score_character(s, seat, ref.name, ref.params, cat.cards)
    endgame = 0
    for card in s.activity:
        end = cat.cards[card].endgame
        if end is not None:
            endgame += effects.score_endgame(s, card, seat, end.name, end.params)
    walls = walls_scores(s, cat)[seat] if s.outer else 0
    return s.vp[seat] + present * cat.rules.uncountered_vp + crafts + chars + endgame + walls


def known_characters(s: TroyesState, seat: int) -> list[str]:
    """Return the character cards `seat` knows will be scored: its own and the revealed."""
    return [*s.characters[seat], *s.revealed]


def event_shares(s: TroyesState, cat: Catalog, seat: int) -> float:
    """Return the seat's expected share of the VP of the events it has cubes on."""
    share = 0.0
    for event in s.queue:
        cubes = s.event_cubes[event]
        mine = cubes[seat]
        if mine == 0:
            continue
        card = cat.events[event]
        best_rival = max(c for i, c in enumerate(cubes) if i != seat)
        lead = 1.0 if mine > best_rival else 0.5 if mine == best_rival else 0.2
        share += card.vp * lead * mine / max(card.spaces, sum(cubes), 1)
    return share


def value(s: TroyesState, cat: Catalog, seat: int, w: Weights = WEIGHTS) -> float:
    """Estimate the seat's final VP from what it may see."""
    now = final_part(s, cat, seat, known_characters(s, seat))
    if s.phase == "over":
        return float(now)
    later = max(0, s.rounds - max(s.round, 1))  # rounds still to play after this one
    left = later + 0.5
    missing = sum(1 for level in s.cathedral if seat not in level)
    # The penalty is final only at the end: while rounds remain it can still be avoided.
    early = 1.0 if later == 0 else w.cathedral_early
    cathedral = -missing * cat.cathedral.missing_level_vp * early
    crafts = sum(1 for spaces in s.craftsmen.values() if seat in spaces)
    cubes = sum(c[seat] for c in s.card_cubes.values())
    spend = min(1.0, 0.3 + left / 2)  # money and influence lose worth as the end nears
    future = (
        (s.deniers[seat] + s.pot[seat]) * w.denier * spend
        + s.influence[seat] * w.influence * spend
        + in_buildings(s, seat) * w.citizen_round * later
        + s.supply[seat] * w.supply_citizen * min(1.0, left)
        + crafts * w.craftsman_round * left
        + cubes * w.cube_on_card
        + 0.1 * cathedral_cubes(s, seat)
        + w.cube_on_event * event_shares(s, cat, seat)
    )
    if s.phase == "actions" and not s.passed[seat]:
        future += w.unused_pip * sum(v for _, v in s.districts[seat])
    if s.guards:
        future += w.guard_space * s.guards[seat] * min(1.0, left)
    return now + cathedral + future


def value_for(engine: Any) -> Callable[[TroyesState, int], float]:
    """Return `value` bound to the engine's catalog (engine/ai/values.py asks)."""
    catalog: Catalog = engine.catalog

    def rate(s: TroyesState, seat: int) -> float:
        return value(s, catalog, seat)

    return rate
