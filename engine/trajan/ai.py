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
  left to meet them, and the construction sets (10/20 VP at the end).

The weights are estimates tuned by seat-balanced games against the greedy player on seeds
the bench does not use (NEXT_TURN: 0 played no better than greedy, 0.25-0.4 best), not rule
figures. It is pure and cheap: the search calls it at every
leaf.
"""

from collections import Counter

from engine.trajan import heuristic as h
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
CHANCE_MATCH = 0.55  # a tile whose bowl holds its colours already is met this often
CHANCE_OPEN = 0.3
TAKE_YIELD = 3.0  # a Trajan action next turn (a tile onto the circle)
SET_PROGRESS = (0.0, 0.0, 3.0, 6.0, 0.0)  # a building type with n tiles: towards 10 / 20 VP


def value(state: TrajanState, t: Tables, seat: int) -> float:
    """Estimate `seat`'s final VP from its own view of `state`."""
    if state.phase == "over":
        return float(final_scores(state, t)[seat].total)
    p = state.players[seat]
    turns = own_turns_left(state)
    v = float(p.vp + sum(final_breakdown(p, t).values()))
    v += _circle(state, t, p, turns)
    v += h._demand_prospects(state, t, p.forum, p.demands)
    v += _pieces(state, t, p, turns)
    v += _senate(state, t, seat)
    v += _sets(p, t, turns)
    hand = Counter(p.hand)
    mine = state.current == seat and state.phase == "turn"
    if mine:
        v += h._turn_prospects(state, t, p)
    if mine and state.pending is not None and state.pending.kind == "ship":
        v += h._shipment(state, t, hand, state.ship, state.picks)
    else:
        v += min(1.0, 0.15 * turns) * _best_shipment(state, t, hand)
    if not (mine and state.pending is not None and state.pending.kind == "sow"):
        v += NEXT_TURN * _next_turn(state, t, p) * min(1.0, turns)
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


def _pieces(state: TrajanState, t: Tables, p: PlayerState, turns: float) -> float:
    """Workers, legionnaires and extra-action tiles: what the turns left can make of them."""
    use = min(1.0, turns / 8.0)
    v = use * (0.3 * (p.workers + p.legionnaires) + 0.25 * len(p.hand))
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
