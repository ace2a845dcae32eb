"""The greedy AI's position estimate for Trajan: VP now, plus what the position promises.

It must be cheap (the greedy player calls it once per legal action) and must rate a state
in the middle of a turn fairly: an action still to be taken (the target bowl's action, a
repeat bought with an extra-action tile, a construction bonus) is worth its likely yield,
so that spending a tile or choosing a bowl is not rated below doing nothing. The weights
are estimates tuned by self-play against the random player, not rule figures.
"""

from collections import Counter

from engine.trajan.scoring import final_breakdown, final_scores
from engine.trajan.state import ACTIONS, PlayerState, TrajanState
from engine.trajan.tables import Tables

SENATE_TOP = 7
SAME, DIFFERENT, PAIRS = 0, 1, 2
# What a fulfilled Trajan tile's effect is worth on top of its VP, per unit of `amount`.
EFFECT_VALUE = {"draw_cards": 0.6, "plus2": 1.0, "none": 0.0, "workers": 1.5}
EFFECT_VALUE |= {"legionnaires": 1.5, "demand": 0.0}
# Rough yield of one action of each kind when nothing better is known.
BASE_ACTION = {"seaport": 2.0, "forum": 2.5, "military": 2.5, "construction": 2.5}
DEMAND_KINDS = ("bread", "games", "religion")
DEMAND_TILES = frozenset({*DEMAND_KINDS, "wild_demand"})


def heuristic(state: TrajanState, t: Tables, seat: int) -> float:
    """Estimate a seat's final VP: VP so far, end bonuses as if it ended now, prospects."""
    p = state.players[seat]
    if state.phase == "over":
        return float(final_scores(state, t)[seat].total)
    value = float(p.vp + sum(final_breakdown(p, t).values()))
    value += _trajan_prospects(p, t)
    value += _demand_prospects(state, t, p.forum, p.demands)
    value += _board_prospects(state, t, p)
    value += _senate_prospects(state, t, seat)
    if state.current == seat and state.phase == "turn":
        value += _turn_prospects(state, t, p)
    hand = Counter(p.hand)
    loading = state.pending is not None and state.pending.kind == "ship" and state.current == seat
    if loading:  # value a half-loaded ship as its best completion, so the AI finishes it
        return value + _shipment(state, t, hand, state.ship, state.picks)
    best = max(_shipment(state, t, hand, ship, ()) for ship in range(len(t.ships)))
    return value + 0.4 * best


def _tile_worth(t: Tables, tile_id: str, quarters_left: int) -> float:
    tile = t.trajan[tile_id]
    worth = tile.vp + EFFECT_VALUE[tile.effect] * tile.amount
    if tile.effect == "demand":
        worth += 2.0 * quarters_left  # it meets one demand at every later quarter
    return worth


def _trajan_prospects(p: PlayerState, t: Tables) -> float:
    """Tiles on the circle: most of their worth when the bowl already holds both colours."""
    value = 0.0
    for slot, tile_id in enumerate(p.slots):
        if tile_id is None:
            continue
        tile = t.trajan[tile_id]
        worth = tile.vp + EFFECT_VALUE[tile.effect]
        value += (0.6 if _matches(p.bowls[slot], tile.colours) else 0.3) * worth
    return value + 1.2 * len(p.plus2)


def _matches(bowl: str, colours: str) -> bool:
    a, b = colours[0], colours[1]
    return bowl.count(a) >= 2 if a == b else (a in bowl and b in bowl)


PENALTY_CURVE = (0.0, 4.0, 9.0, 15.0)


def _demand_prospects(
    state: TrajanState, t: Tables, forum: tuple[str, ...], demands: tuple[str, ...]
) -> float:
    """The expected penalty of this quarter's demands, and what held tiles promise later."""
    held, wilds, trajan = _demand_tiles(t, forum, demands)
    unmet = 0.0
    for kind in state.demands_shown:
        if trajan[kind]:
            trajan[kind] -= 1
        elif held[kind]:
            held[kind] -= 1
        elif wilds:
            wilds -= 1
        else:
            unmet += 1
    hidden = max(0, 3 - len(state.demands_shown))
    spare = sum(held.values()) + sum(trajan.values())
    # A hidden demand is met by a wild for sure, by another spare tile one time in three
    # (more often when the spares are of different kinds).
    kinds = sum(1 for k in DEMAND_KINDS if held[k] or trajan[k])
    for _ in range(hidden):
        if wilds:
            wilds -= 1
        elif spare:
            unmet += 1 - kinds / 3
            spare -= 1
        else:
            unmet += 1
    quarters_left = max(0, 3 - state.quarter)
    later = (sum(held.values()) + wilds) * 1.0 * min(quarters_left, 1)
    return -_penalty(unmet) + later + 2.0 * quarters_left * len(demands)


def _demand_tiles(
    t: Tables, forum: tuple[str, ...], demands: tuple[str, ...]
) -> tuple[dict[str, int], int, dict[str, int]]:
    """Return the forum demand tiles by kind, the demand wilds, the Trajan tiles by kind."""
    held = dict.fromkeys(DEMAND_KINDS, 0)
    wilds = 0
    for k in forum:
        kind = t.forum[k].demand
        if kind is not None:
            held[kind] += 1
        elif k == "wild_demand":
            wilds += 1
    trajan = dict.fromkeys(DEMAND_KINDS, 0)
    for d in demands:
        trajan[t.trajan[d].demand or ""] += 1
    return held, wilds, trajan


def _penalty(unmet: float) -> float:
    """Return the demand penalty for a (possibly fractional) number of unmet demands."""
    unmet = min(unmet, 3.0)
    low = int(unmet)
    penalty = PENALTY_CURVE[low]
    if low < 3:
        penalty += (unmet - low) * (PENALTY_CURVE[low + 1] - PENALTY_CURVE[low])
    return penalty


def _board_prospects(state: TrajanState, t: Tables, p: PlayerState) -> float:
    """Pieces ready to score: tokens in camps, the leader's spot, extra-action tiles."""
    value = 0.3 * (p.workers + p.legionnaires) + 0.3 * len(p.hand)
    if p.legionnaires and p.leader != "camp" and p.leader not in p.provinces:
        rivals = sum(1 for q in state.players if q is not p and p.leader in q.provinces)
        value += 0.4 * max(0, t.province_vp[p.leader] - t.fig.legionnaire_penalty * rivals)
    if p.workers:
        value += 0.3 * _best_site(state, t, p)
    extra = sum(1 for k in p.forum if t.forum[k].kind in ("action", "wild_action"))
    value += 1.5 * extra
    counts = Counter(t.construction[c].building for c in p.buildings)
    return value + sum(3.0 for n in counts.values() if n == 2)


def _best_site(state: TrajanState, t: Tables, p: PlayerState) -> int:
    """Return the VP of the best construction tile one of the seat's workers could reach."""
    if p.sites:
        near: set[int] = set()
        for site in p.sites:
            near |= t.site_neighbours[site]
    else:
        near = set(range(len(state.sites)))
    return max((t.construction[x].vp for s in near if (x := state.sites[s])), default=0)


def _senate_prospects(state: TrajanState, t: Tables, seat: int) -> float:
    """Votes carry towards the consul's bonus tile: value the seat's place in the vote."""
    votes = [
        t.fig.senate_votes[q.senate] + sum(t.forum[k].votes for k in q.forum) for q in state.players
    ]
    mine = votes[seat]
    ahead = sum(1 for i, v in enumerate(votes) if i != seat and v > mine)
    place = 4.0 if ahead == 0 else 2.0 if ahead == 1 else 0.0
    return 0.5 * mine + place


def _turn_prospects(state: TrajanState, t: Tables, p: PlayerState) -> float:
    """Actions still to come this turn (target bowl, repeats, bonus) and a pending Trajan tile."""
    value = 0.0
    for entry in state.todo:
        kind, action = entry.split(":")
        if kind != "offer":
            value += action_yield(state, t, p, action)
    if state.pending is not None and state.pending.kind == "sow":
        n = len(state.in_hand)
        target = (state.sow_bowl + n - 1) % len(ACTIONS)
        value += action_yield(state, t, p, ACTIONS[target])
        value += _fulfil_chance(state, t, p, target) * _slot_worth(state, t, p, target)
    return value


def _slot_worth(state: TrajanState, t: Tables, p: PlayerState, slot: int) -> float:
    tile_id = p.slots[slot]
    return 0.0 if tile_id is None else _tile_worth(t, tile_id, 3 - state.quarter)


def _fulfil_chance(state: TrajanState, t: Tables, p: PlayerState, target: int) -> float:
    """Return 1 if the markers still to sow can complete the target's tile, else 0."""
    tile_id = p.slots[target]
    if tile_id is None:
        return 0.0
    n = len(state.in_hand)
    landing = sum(1 for i in range(n) if (state.sow_bowl + i) % len(ACTIONS) == target)
    need = Counter(t.trajan[tile_id].colours)
    need.subtract(p.bowls[target])
    missing = +need
    ok = sum(missing.values()) <= landing and not missing - Counter(state.in_hand)
    return 1.0 if ok else 0.0


def action_yield(state: TrajanState, t: Tables, p: PlayerState, action: str) -> float:
    """Return a quick estimate of the VP one action of this kind is worth now."""
    match action:
        case "senate":
            return 0.0 if p.senate >= SENATE_TOP else t.fig.senate_vp[p.senate] + 0.5
        case "trajan":
            return 3.0 if p.arch >= 0 and any(state.stacks) else 0.0
        case "forum":
            return _forum_yield(state, t, p)
        case "construction":
            return max(1.0, 0.8 * _best_site(state, t, p)) if p.workers else 1.0
        case _:
            return BASE_ACTION[action]


def _forum_yield(state: TrajanState, t: Tables, p: PlayerState) -> float:
    """Return the best of a flat forum value and the demand penalty one tile would save."""
    kinds = {k for k in (*state.forum, *state.extras) if k is not None}
    if not kinds:
        return 0.0
    now = _demand_prospects(state, t, p.forum, p.demands)
    best = BASE_ACTION["forum"]
    for kind in kinds & DEMAND_TILES:
        gain = _demand_prospects(state, t, (*p.forum, kind), p.demands) - now
        best = max(best, gain)
    return best


def _shipment(
    state: TrajanState, t: Tables, hand: Counter[str], ship: int, picks: tuple[str, ...]
) -> float:
    """Return the VP of the largest shipment the hand could still make on `ship`, net of cards."""
    real = [c for c in picks if c != "wild"]
    if ship == SAME:  # same goods: the chosen kind, or the most plentiful one
        size = (
            (hand[real[0]] + (1 if "wild" in picks else 0))
            if real
            else max(hand.values(), default=0)
        )
    elif ship == DIFFERENT:
        size = len(hand)
    else:  # pairs
        size = sum(1 for n in hand.values() if n >= 2)
    size = min(size, len(t.ships[ship].front))
    if size == 0:
        return 0.0
    table = t.ships[ship].front if state.ships[ship] else t.ships[ship].grey
    cards = size * 2 if ship == PAIRS else size
    return float(table[size - 1] - cards * t.fig.final_vp_card)
