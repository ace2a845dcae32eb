"""The AI's position value for Trajan (the normal and hard players; greedy keeps heuristic.py).

A value estimates the seat's final VP from what the seat may see: VP so far, the end-of-game
points as if the game ended now, and what the position promises in the own turns still to
come. What heuristic.py lacks, and why the planner on it played no better than greedy:

- the action circle's next move: every bowl the seat could pick next turn, the action its
  last marker lands on and whether the Trajan tile beside that bowl would be fulfilled (the
  mancala's whole point: a turn that sets up a strong next turn is worth more);
- time: a Trajan tile on the circle, cards for a shipment, workers and legionnaires are
  worth what the own turns still left can make of them (about 2 a round at 2 players);
- the Senate vote for the quarter's bonus tile, the demands of the quarter with the turns
  left to meet them, and the construction sets (10/20 VP at the end);
- a plan cut at an irreversible seaport draw is rated as after its discard, without the
  seaport action counted once more (heuristic.py rated every draw about 3 VP too high, so
  the normal player drew 7-8 times a game for one card each);
- a demand tile's worth before the demands are revealed: the expected penalty over the
  kinds still hidden (heuristic.py's one chance in three halved it).

The weights are estimates tuned by seat-balanced games against the greedy player on seeds
1000 and up, which the bench (seeds from 0) does not use (NEXT_TURN: 0 played no better
than greedy, 0.25-0.45 best; CHANCE_OPEN/CHANCE_MATCH 0.45/0.7 against 0.3/0.55: more
tiles taken, same margin, more wins); they are not rule figures. docs/ai.md has the
diagnosis and the figures. It is pure and cheap: the search calls it at every leaf.
"""

import math
from collections import Counter
from functools import cache
from itertools import product

from engine.trajan import heuristic as h
from engine.trajan.heuristic import DEMAND_KINDS
from engine.trajan.scoring import final_breakdown, final_scores
from engine.trajan.state import ACTIONS, PlayerState, TrajanState
from engine.trajan.tables import Tables

BOWLS = len(ACTIONS)
MARKERS_PER_TURN = 2.6  # markers taken a turn on average (the time marker's pace)
NEXT_TURN = 0.3  # the next turn's best bowl, discounted: rivals may change the board
SECOND_BOWL = 0.15  # a second good bowl keeps options open
CONSUL_TILE = 6.0  # a bonus tile taken yellow side up, about
VICE_TILE = 3.0
SENATE_VOTE = 0.0
CHANCE_MATCH = 0.7  # a tile whose bowl holds its colours already is met this often
CHANCE_OPEN = 0.45
TAKE_YIELD = 3.0  # a Trajan action next turn (a tile onto the circle)
SPARE_LATER = 2.0  # a forum demand tile (or demand wild) kept for the next quarter
TRAJAN_DEMAND_LATER = 2.5  # a Trajan demand tile, per later quarter it will meet a demand
SUB_STEPS = frozenset({"discard", "display", "ship"})  # steps inside an action
CARD = 0.25  # a card in hand, beyond its 1 VP at the end: towards a shipment or display
SET_PROGRESS = (0.0, 0.0, 3.0, 6.0, 0.0)  # a building type with n tiles: towards 10 / 20 VP


def value(state: TrajanState, t: Tables, seat: int) -> float:
    """Estimate `seat`'s final VP from its own view of `state`."""
    if state.phase == "over":
        return float(final_scores(state, t)[seat].total)
    p = state.players[seat]
    turns = own_turns_left(state)
    v = float(p.vp + sum(final_breakdown(p, t).values()))
    v += _circle(state, t, p, turns)
    v += _demands(state, t, p)
    v += _pieces(state, t, p, turns)
    v += _senate(state, t, seat)
    v += _sets(p, t, turns)
    hand = Counter(p.hand)
    mine = state.current == seat and state.phase == "turn"
    kind = state.pending.kind if mine and state.pending is not None else ""
    if mine:
        v += _turn_prospects(state, t, p, kind)
    if kind == "ship":
        v += h._shipment(state, t, hand, state.ship, state.picks)
    elif kind == "discard":
        v += _after_discard(state, t, hand, turns)
    else:
        v += min(1.0, 0.15 * turns) * _best_shipment(state, t, hand)
    if not (mine and state.pending is not None and state.pending.kind == "sow"):
        v += NEXT_TURN * _next_turn(state, t, p) * min(1.0, turns)
    return v


def _turn_prospects(state: TrajanState, t: Tables, p: PlayerState, kind: str) -> float:
    """The actions still to come this turn, without the one being taken.

    During a discard, display or shipment the action on top of the turn's to-do stack is
    already under way (what it brings is in the state): heuristic.py counts it once more,
    so a plan cut at a seaport draw (irreversible) was rated one seaport action too high.
    """
    v = h._turn_prospects(state, t, p)
    if kind in SUB_STEPS and state.todo:
        entry, action = state.todo[-1].split(":")
        if entry != "offer":
            v -= h.action_yield(state, t, p, action)
    return v


def own_turns_left(state: TrajanState) -> float:
    """Return about how many turns each seat still has in the game (this one included)."""
    per_round = state.cycle / (MARKERS_PER_TURN * state.seats)
    rounds = 4 * max(0, 3 - state.quarter) + max(0, 3 - len(state.demands_shown))
    this_round = max(0.0, (state.cycle - state.time) / (MARKERS_PER_TURN * state.seats))
    return rounds * per_round + this_round


def _circle(state: TrajanState, t: Tables, p: PlayerState, turns: float) -> float:
    """Trajan tiles on the circle: their worth times the chance of meeting them in time."""
    v = 1.2 * len(p.plus2)
    quarters_left = 3 - state.quarter
    reach = min(1.0, turns / 6.0)
    for slot, tile_id in enumerate(p.slots):
        if tile_id is None:
            continue
        tile = t.trajan[tile_id]
        worth = h._tile_worth(t, tile_id, quarters_left)
        chance = CHANCE_MATCH if h._matches(p.bowls[slot], tile.colours) else CHANCE_OPEN
        v += chance * reach * worth
    return v


def _demands(state: TrajanState, t: Tables, p: PlayerState) -> float:
    """The quarter's expected demand penalty, and what the demand tiles promise later.

    The demands not yet revealed are taken as equally likely kinds, each revealed one as
    it is; the tiles meet them as the quarter's scoring would (a Trajan tile first, then a
    forum tile, then a wild). heuristic.py counted a spare tile as meeting an unrevealed
    demand one time in three; it meets one of three unrevealed demands seven times in ten,
    so the normal player took demand tiles too late in the quarter.
    """
    held, wilds, trajan = h._demand_tiles(t, p.forum, p.demands)
    penalty, spare = _expected_quarter(
        tuple(sorted(DEMAND_KINDS.index(k) for k in state.demands_shown)),
        tuple(min(held[k], 4) for k in DEMAND_KINDS),
        tuple(min(trajan[k], 3) for k in DEMAND_KINDS),
        min(wilds, 3),
    )
    quarters_left = max(0, 3 - state.quarter)
    later = SPARE_LATER * spare * min(quarters_left, 1)
    return later + TRAJAN_DEMAND_LATER * quarters_left * len(p.demands) - penalty


@cache
def _expected_quarter(
    shown: tuple[int, ...], held: tuple[int, ...], trajan: tuple[int, ...], wilds: int
) -> tuple[float, float]:
    """Return the expected penalty and the expected forum demand tiles left after scoring."""
    hidden = max(0, 3 - len(shown))
    penalty = spare = 0.0
    draws = list(product(range(len(DEMAND_KINDS)), repeat=hidden))
    for drawn in draws:
        kept, left, free, unmet = list(trajan), list(held), wilds, 0
        for kind in (*shown, *drawn):
            if kept[kind]:  # a Trajan tile meets one demand a quarter and stays
                kept[kind] -= 1
            elif left[kind]:
                left[kind] -= 1
            elif free:
                free -= 1
            else:
                unmet += 1
        penalty += h.PENALTY_CURVE[min(unmet, 3)]
        spare += sum(left) + free
    return penalty / len(draws), spare / len(draws)


def _pieces(state: TrajanState, t: Tables, p: PlayerState, turns: float) -> float:
    """Workers, legionnaires and extra-action tiles: what the turns left can make of them."""
    use = min(1.0, turns / 8.0)
    v = use * (0.3 * (p.workers + p.legionnaires) + CARD * len(p.hand))
    if p.legionnaires and p.leader != "camp" and p.leader not in p.provinces:
        rivals = sum(1 for q in state.players if q is not p and p.leader in q.provinces)
        v += 0.4 * use * max(0, t.province_vp[p.leader] - t.fig.legionnaire_penalty * rivals)
    if p.workers:
        v += 0.3 * use * h._best_site(state, t, p)
    extra = sum(1 for k in p.forum if t.forum[k].kind in ("action", "wild_action"))
    return v + 1.5 * use * extra


def _senate(state: TrajanState, t: Tables, seat: int) -> float:
    """The quarter's vote: the consul's and vice-consul's bonus tiles, by the seat's place."""
    votes = [
        t.fig.senate_votes[q.senate] + sum(t.forum[k].votes for k in q.forum) for q in state.players
    ]
    mine = votes[seat]
    ahead = sum(1 for i, v in enumerate(votes) if i != seat and v > mine)
    place = CONSUL_TILE if ahead == 0 else VICE_TILE if ahead == 1 else 0.0
    return SENATE_VOTE * mine + place


def _sets(p: PlayerState, t: Tables, turns: float) -> float:
    """Construction tiles on the way to a set of 3 or 4 (the sets made already are scored)."""
    counts = Counter(t.construction[c].building for c in p.buildings)
    use = min(1.0, turns / 8.0)
    return use * sum(SET_PROGRESS[min(n, 4)] for n in counts.values())


def _after_discard(state: TrajanState, t: Tables, hand: Counter[str], turns: float) -> float:
    """Return the hand's shipment prospect after the best discard, less the card it costs.

    A seaport draw is irreversible, so a plan that draws is rated while the discard still
    waits: counting both drawn cards would rate every draw one card too high.
    """
    best = 0.0 if not hand else -math.inf
    for card in hand:
        hand[card] -= 1
        best = max(best, _best_shipment(state, t, +hand))
        hand[card] += 1
    card_worth = t.fig.final_vp_card + CARD * min(1.0, turns / 8.0)
    return min(1.0, 0.15 * turns) * best - card_worth


def _best_shipment(state: TrajanState, t: Tables, hand: Counter[str]) -> float:
    return max(h._shipment(state, t, hand, ship, ()) for ship in range(len(t.ships)))


def _next_turn(state: TrajanState, t: Tables, p: PlayerState) -> float:
    """Return the worth of the seat's best next bowl (and a little of the second best).

    For each bowl with markers: the bowl the last marker lands on, its action's likely
    yield, and the Trajan tile beside it if the markers in hand can complete its colours.
    """
    quarters_left = 3 - state.quarter
    yields: dict[int, float] = {}
    best = second = 0.0
    for bowl, markers in enumerate(p.bowls):
        n = len(markers)
        if n == 0:
            continue
        target = (bowl + n) % BOWLS
        gain = yields.get(target)
        if gain is None:
            gain = yields[target] = _yield(state, t, p, ACTIONS[target])
        tile_id = p.slots[target]
        if tile_id is not None:
            landing = (n - 1) // BOWLS + 1  # markers the target bowl receives
            there = "" if target == bowl else p.bowls[target]
            if _completes(t.trajan[tile_id].colours, there, markers, landing):
                gain += h._tile_worth(t, tile_id, quarters_left)
        if gain > best:
            best, second = gain, best
        elif gain > second:
            second = gain
    return best + SECOND_BOWL * second


def _completes(colours: str, there: str, markers: str, landing: int) -> bool:
    """Return True if `landing` markers chosen from `markers` make `there` hold `colours`."""
    a, b = colours[0], colours[1]
    if a == b:
        need = max(0, 2 - there.count(a))
        return need <= landing and markers.count(a) >= need
    missing = [c for c in (a, b) if c not in there]
    return len(missing) <= landing and all(c in markers for c in missing)


def _yield(state: TrajanState, t: Tables, p: PlayerState, action: str) -> float:
    """Return the likely worth of taking `action` next turn."""
    if action == "trajan":
        return TAKE_YIELD if p.arch >= 0 and any(state.stacks) else 0.0
    return h.action_yield(state, t, p, action)
