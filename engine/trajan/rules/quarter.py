"""End of round and end of quarter (SEED "Fin de ..."; brief §5.1-§5.3).

Round end: reveal a demand tile, unless 3 are shown: then score the quarter. Quarter:
1. each seat meets the 3 demands (Trajan demand tiles first, each once; then forum tiles or
   demand wilds, asking only when the choice matters) or loses 4/9/15 VP; 2. senate vote:
   consul picks a bonus tile (yellow), vice-consul takes the other (grey), discs restack;
3. clean up and refill, ships back to front. After the 4th quarter the game ends.
"""

from collections import Counter
from typing import Any

from engine.core.protocol import Decision
from engine.trajan.events import ConsulsNamed, DemandsMet, GameEnded, QuarterEnded, RoundEnded
from engine.trajan.rules.common import start_turn, with_sorted, without
from engine.trajan.scoring import final_scores, result
from engine.trajan.state import TrajanState
from engine.trajan.tables import Tables

WILD_DEMAND = "wild_demand"


def next_turn(state: TrajanState) -> None:
    """Pass the turn clockwise."""
    start_turn(state, (state.current + 1) % state.seats)


def end_round(state: TrajanState, t: Tables, events: list[Any]) -> None:
    """Reveal a demand tile and go on, or score the quarter when 3 are already shown."""
    if len(state.demands_shown) < t.fig.demands_per_quarter and state.demand_pile:
        demand = state.demand_pile[-1]
        state.demand_pile = state.demand_pile[:-1]
        state.demands_shown = (*state.demands_shown, demand)
        events.append(RoundEnded(state.quarter, demand))
        next_turn(state)
        return
    events.append(RoundEnded(state.quarter, None))
    state.phase = "quarter"
    state.q_seat = -1
    _next_seat_demands(state, t, events)


def _next_seat_demands(state: TrajanState, t: Tables, events: list[Any]) -> None:
    """Meet the demands of each seat in turn, then hold the senate vote."""
    while state.q_seat + 1 < state.seats:
        state.q_seat += 1
        p = state.players[state.q_seat]
        need = list(state.demands_shown)
        for tile in p.demands:  # each Trajan demand tile once per quarter, never spent
            kind = t.trajan[tile].demand
            if kind in need:
                need.remove(kind)
        state.q_need = tuple(need)
        state.q_unmet = 0
        if _pay_forced(state, t, events):
            return
    senate_vote(state, t, events)


def demand_choices(state: TrajanState) -> list[bool]:
    """Return the ways (wild or not) to pay the first open demand that keep the most met."""
    p = state.players[state.q_seat]
    kind = state.q_need[0]
    rest = state.q_need[1:]
    out = []
    for wild in (False, True):
        tile = WILD_DEMAND if wild else kind
        if tile in p.forum:
            left = without(p.forum, tile)
            out.append((wild, 1 + _most_met(rest, left)))
    best = max((n for _, n in out), default=0)
    return [wild for wild, n in out if n == best]


def _most_met(need: tuple[str, ...], forum: tuple[str, ...]) -> int:
    held = Counter(forum)
    wanted = Counter(need)
    direct = sum(min(n, held[k]) for k, n in wanted.items())
    return direct + min(held[WILD_DEMAND], len(need) - direct)


def _pay_forced(state: TrajanState, t: Tables, events: list[Any]) -> bool:
    """Pay open demands while the way is forced; True if the seat must choose."""
    while state.q_need:
        choices = demand_choices(state)
        if len(choices) > 1:
            state.pending = Decision(state.q_seat, "demand")
            return True
        if choices:
            _pay(state, choices[0])
        else:
            state.q_need = state.q_need[1:]
            state.q_unmet += 1
    unmet = state.q_unmet
    penalty = t.fig.demand_penalty[unmet - 1] if unmet else 0
    p = state.players[state.q_seat]
    p.score("demands", -penalty)
    events.append(DemandsMet(state.q_seat, state.demands_shown, unmet, penalty))
    return False


def _pay(state: TrajanState, wild: bool) -> None:
    p = state.players[state.q_seat]
    tile = WILD_DEMAND if wild else state.q_need[0]
    p.forum = without(p.forum, tile)
    state.removed = (*state.removed, tile)
    state.q_need = state.q_need[1:]


def pay_demand(state: TrajanState, t: Tables, wild: bool, events: list[Any]) -> None:
    """Pay the first open demand the way the seat chose, then go on."""
    _pay(state, wild)
    if not _pay_forced(state, t, events):
        _next_seat_demands(state, t, events)


def senate_ranking(state: TrajanState, t: Tables) -> list[int]:
    """Return seats by votes, then senate space, then height in the stack (best first)."""

    def key(seat: int) -> tuple[int, int, int]:
        p = state.players[seat]
        return (votes(state, t, seat), p.senate, p.stamp)

    return sorted(range(state.seats), key=key, reverse=True)


def votes(state: TrajanState, t: Tables, seat: int) -> int:
    """Return a seat's votes: its senate space plus its senate tiles."""
    p = state.players[seat]
    return t.fig.senate_votes[p.senate] + sum(t.forum[k].votes for k in p.forum)


def senate_vote(state: TrajanState, t: Tables, events: list[Any]) -> None:
    """Name the consul; let them choose a bonus tile when there is a choice."""
    consul = senate_ranking(state, t)[0]
    if len(set(state.bonus_offer)) > 1:
        state.pending = Decision(consul, "consul")
        return
    choose_bonus(state, t, state.bonus_offer[0] if state.bonus_offer else None, events)


def choose_bonus(state: TrajanState, t: Tables, tile: str | None, events: list[Any]) -> None:
    """Give the consul `tile` (yellow) and the vice-consul the other (grey); restack discs."""
    ranking = senate_ranking(state, t)
    consul, vice = ranking[0], ranking[1]
    offer = state.bonus_offer
    vice_tile = None
    if tile is not None:
        offer = without(offer, tile)
        state.players[consul].bonus = with_sorted(state.players[consul].bonus, tile)
    if offer:
        vice_tile = offer[0]
        state.players[vice].bonus_grey = with_sorted(state.players[vice].bonus_grey, vice_tile)
    state.bonus_offer = ()
    vote_list = tuple(votes(state, t, s) for s in range(state.seats))
    events.append(ConsulsNamed(vote_list, consul, tile, vice, vice_tile))
    if state.quarter + 1 < t.fig.quarters:
        # Brief §6 A11: after the last quarter the discs stay, for the final tie-break.
        for height, seat in enumerate(reversed(ranking), start=state.clock + 1):
            state.players[seat].senate = 0
            state.players[seat].stamp = height
        state.clock += state.seats
    _clean_up(state, t, events)


def _clean_up(state: TrajanState, t: Tables, events: list[Any]) -> None:
    """Remove senate and forum tiles, refill the board, turn ships back, end the quarter."""
    for p in state.players:
        senate = tuple(k for k in p.forum if t.forum[k].kind == "senate")
        if senate:
            p.forum = tuple(k for k in p.forum if t.forum[k].kind != "senate")
            state.removed = (*state.removed, *senate)
    left = tuple(k for k in (*state.forum, *state.extras) if k is not None)
    state.removed = (*state.removed, *left, *(f"demand:{d}" for d in state.demands_shown))
    state.forum = (None,) * len(state.forum)
    state.extras = (None,) * len(state.extras)
    state.demands_shown = ()
    state.ships = (True,) * len(state.ships)
    state.quarter += 1
    if state.quarter >= t.fig.quarters:
        _end_game(state, t, events)
        return
    _refill(state, t)
    events.append(
        QuarterEnded(
            state.quarter - 1, state.forum, state.extras, state.province_tiles, state.bonus_offer
        )
    )
    next_turn(state)


def _refill(state: TrajanState, t: Tables) -> None:
    """Draw bonus tiles, then province tiles, then forum tiles (SEED order)."""
    n = min(t.fig.bonus_offer, len(state.bonus_bag))
    state.bonus_offer = tuple(reversed(state.bonus_bag[len(state.bonus_bag) - n :]))
    state.bonus_bag = state.bonus_bag[: len(state.bonus_bag) - n]
    occupied = {p.leader for p in state.players} | {v for p in state.players for v in p.provinces}
    tiles = list(state.province_tiles)
    for i, province in enumerate(t.provinces):
        if tiles[i] is None and province not in occupied:
            tiles[i] = _draw(state)
    state.province_tiles = tuple(tiles)
    state.forum = tuple(_draw(state) for _ in state.forum)
    extras = []
    for _ in state.extras:
        extras.append(state.extra_pile[-1] if state.extra_pile else None)
        state.extra_pile = state.extra_pile[:-1]
    state.extras = tuple(extras)


def _draw(state: TrajanState) -> str | None:
    """Draw the top forum tile, or None once the pile is empty (brief §6 A10)."""
    if not state.forum_pile:
        return None
    tile = state.forum_pile[-1]
    state.forum_pile = state.forum_pile[:-1]
    return tile


def _end_game(state: TrajanState, t: Tables, events: list[Any]) -> None:
    """Stop the game; final scoring is computed by `scoring.final_scores`."""
    state.phase = "over"
    state.pending = None
    final = result(state, t)
    order = tuple(sorted(range(state.seats), key=lambda seat: final.ranks[seat])) if final else ()
    events.append(GameEnded(tuple(s.total for s in final_scores(state, t)), order))
