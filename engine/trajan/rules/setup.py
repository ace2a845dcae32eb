"""Setting up a game (SEED "Preparar"; brief §2), including the three setup decisions.

All shuffling happens here, once, from `Rng(seed, 0, "setup")`; later draws take the top
of the shuffled piles and are recorded in events. Seat 0 is the start player (the lobby
seats players in random order). Decisions, in order: each seat fills its 6 bowls with 2
markers each; each seat draws its 3 cards (deck or a discard pile); then, one tile per
pick in seat order for 3 rounds, each seat takes Trajan tiles of different categories
onto slots II, IV and VI (brief §6 A3).
"""

from collections import Counter
from functools import cache
from itertools import combinations_with_replacement
from typing import Any

from engine.core.protocol import Decision
from engine.core.rng import Rng
from engine.trajan.actions import Action, DrawStartCard, FillBowl, PickTrajan
from engine.trajan.events import BowlFilled, CardTaken, GameSetUp, TrajanPicked, TrajanRevealed
from engine.trajan.rules.common import (
    draw_cards,
    refill_pile,
    replace_at,
    start_turn,
    with_sorted,
)
from engine.trajan.state import COLOUR_ORDER, PLAY_CATEGORIES, PlayerState, TrajanState
from engine.trajan.tables import Tables

START_SEAT = 0
BOWLS = 6


def _new_player(t: Tables, height: int) -> PlayerState:
    tokens = t.fig.tokens_per_player
    return PlayerState(
        bowls=("",) * BOWLS,
        slots=(None,) * BOWLS,
        arch=0,  # SEED: the arch starts on slot I
        hand=(),
        display=(),
        supply=tokens - 2,
        workers=1,
        legionnaires=1,
        sites=(),
        provinces=(),
        leader="camp",
        forum=(),
        demands=(),
        plus2=(),
        buildings=(),
        bonus=(),
        bonus_grey=(),
        senate=0,
        stamp=height,
        vp=0,
        vp_by=(0,) * len(PLAY_CATEGORIES),
    )


def _pile(rng: Rng, kinds: list[tuple[str, int]]) -> tuple[str, ...]:
    return tuple(rng.shuffled([k for k, n in kinds for _ in range(n)]))


def new_state(
    t: Tables, options: tuple[tuple[str, str], ...], seats: int, seed: int
) -> tuple[TrajanState, list[Any]]:
    """Deal a new game for `seats` players; the first decision is seat 0's first bowl."""
    rng = Rng(seed, 0, "setup")
    cat, f = t.cat, t.fig
    forum = list(_pile(rng, [(x.id, x.count) for x in cat.forum_tiles if x.back == "forum"]))
    extra = list(_pile(rng, [(x.id, x.count) for x in cat.forum_tiles if x.back == "extra"]))
    demands = list(_pile(rng, [(d.id, d.count) for d in cat.demand_tiles]))
    bonus = list(rng.shuffled([b.id for b in cat.bonus_tiles]))
    deck = list(_pile(rng, [(c.id, c.count) for c in cat.commodities]))
    removed_demands = tuple(demands.pop() for _ in range(f.demands_removed_at_setup))
    provinces = tuple(forum.pop() for _ in t.provinces)
    spaces = tuple(forum.pop() for _ in range(f.forum_spaces[seats - 2]))
    extras = tuple(extra.pop() for _ in range(f.extra_action_spaces))
    sites = tuple(rng.shuffled([c.id for c in cat.construction_tiles]))
    stacks = tuple(
        tuple(rng.shuffled([x.id for x in cat.trajan_tiles if x.category == c]))
        for c in t.stack_categories
    )
    players = [_new_player(t, height=seat + 1) for seat in range(seats)]
    for p in players:  # SEED: each player draws one bonus tile, yellow side up
        p.bonus = (bonus.pop(),)
    offer = tuple(bonus.pop() for _ in range(f.bonus_offer))
    discards = ((deck.pop(),), (deck.pop(),))
    cycles = f.time_cycle_alt if dict(options).get("time_track") == "fm" else f.time_cycle
    state = TrajanState(
        seed=seed,
        version=0,
        seats=seats,
        options=options,
        pending=Decision(START_SEAT, "setup_bowl"),
        phase="setup_bowl",
        current=START_SEAT,
        quarter=0,
        time=0,
        cycle=cycles[seats - 2],
        round_over=False,
        deck=tuple(deck),
        discards=discards,
        forum_pile=tuple(forum),
        extra_pile=tuple(extra),
        forum=spaces,
        extras=extras,
        province_tiles=provinces,
        sites=sites,
        stacks=stacks,
        demand_pile=tuple(demands),
        demands_shown=(),
        demands_removed=removed_demands,
        bonus_bag=tuple(bonus),
        bonus_offer=offer,
        ships=(True,) * len(t.ships),
        clock=seats,
        removed=(),
        todo=(),
        in_hand="",
        sow_bowl=0,
        target=-1,
        extra_used=False,
        ship=-1,
        picks=(),
        q_seat=-1,
        q_need=(),
        q_unmet=0,
        players=players,
    )
    return state, [GameSetUp(seats, START_SEAT)]


def bowl_options(state: TrajanState, t: Tables) -> list[Action]:
    """Return the colour pairs the seat may put into its next empty bowl."""
    distinct = dict(state.options).get("bowl_colours") == "distinct"
    bowls = state.players[state.current].bowls
    return list(_bowl_options(bowls, distinct, t.fig.markers_per_colour))


@cache
def _bowl_options(bowls: tuple[str, ...], distinct: bool, per_colour: int) -> tuple[Action, ...]:
    bowl = bowls.index("")
    left = Counter(dict.fromkeys(COLOUR_ORDER, per_colour))
    left.subtract("".join(bowls))
    bowls_after = bowls.count("") - 1
    out: list[Action] = []
    for a, b in combinations_with_replacement(COLOUR_ORDER, 2):
        if (a == b and (distinct or left[a] < 2)) or left[a] < 1 or left[b] < 1:
            continue
        rest = left.copy()
        rest.subtract(a + b)
        # With distinct colours, k bowls can take what is left only if no colour exceeds k.
        if distinct and max(rest.values()) > bowls_after:
            continue
        out.append(FillBowl(bowl, a + b))
    return tuple(out)


def fill_bowl(state: TrajanState, t: Tables, colours: str, events: list[Any]) -> None:
    """Fill the next empty bowl; the last bowl fills itself; then move setup on."""
    p = state.players[state.current]
    bowl = p.bowls.index("")
    p.bowls = replace_at(p.bowls, bowl, colours)
    events.append(BowlFilled(state.current, bowl, colours))
    if "" in p.bowls:
        options = bowl_options(state, t)
        if len(options) == 1 and isinstance(only := options[0], FillBowl):
            fill_bowl(state, t, only.colours, events)
        return
    if state.current + 1 < state.seats:
        state.current += 1
        state.pending = Decision(state.current, "setup_bowl")
        return
    events.append(TrajanRevealed(tuple(s[-1] if s else "" for s in state.stacks)))
    state.phase = "setup_card"
    state.current = START_SEAT
    state.pending = Decision(START_SEAT, "setup_card")


def card_options(state: TrajanState) -> list[Action]:
    """Return where the seat may take its next starting card from."""
    out: list[Action] = [DrawStartCard(0)] if state.deck else []
    out.extend(DrawStartCard(i + 1, state.discards[i][-1]) for i in (0, 1) if state.discards[i])
    return out


def draw_start_card(state: TrajanState, t: Tables, source: int, events: list[Any]) -> None:
    """Take one starting card; after 3, the next seat draws, then the Trajan draft starts."""
    seat = state.current
    if source == 0:
        draw_cards(state, seat, 1, events)
    else:
        pile = source - 1
        card = state.discards[pile][-1]
        state.discards = replace_at(state.discards, pile, state.discards[pile][:-1])
        p = state.players[seat]
        p.hand = with_sorted(p.hand, card)
        events.append(CardTaken(seat, pile, card))
        refill_pile(state, pile, events)
    if len(state.players[seat].hand) < t.fig.start_hand and card_options(state):
        return
    if seat + 1 < state.seats:
        state.current += 1
        state.pending = Decision(state.current, "setup_card")
        return
    state.phase = "setup_trajan"
    state.current = START_SEAT
    state.pending = Decision(START_SEAT, "setup_trajan")


def trajan_options(state: TrajanState, t: Tables) -> list[Action]:
    """Return each (stack, free start slot) pair, one tile per category per seat."""
    p = state.players[state.current]
    owned = {t.trajan[s].category for s in p.slots if s is not None}
    free = [s - 1 for s in t.fig.start_trajan_slots if p.slots[s - 1] is None]
    return [
        PickTrajan(i, slot)
        for i, stack in enumerate(state.stacks)
        if stack and t.stack_categories[i] not in owned
        for slot in free
    ]


def pick_trajan(state: TrajanState, t: Tables, stack: int, slot: int, events: list[Any]) -> None:
    """Take a Trajan tile onto a start slot; the draft goes round the table 3 times."""
    p = state.players[state.current]
    tile = state.stacks[stack][-1]
    state.stacks = replace_at(state.stacks, stack, state.stacks[stack][:-1])
    p.slots = replace_at(p.slots, slot, tile)
    events.append(TrajanPicked(state.current, stack, tile, slot))
    picks = len(t.fig.start_trajan_slots)
    counts = [sum(1 for s in q.slots if s is not None) for q in state.players]
    if min(counts) >= picks:
        start_turn(state, START_SEAT)
        return
    state.current = (state.current + 1) % state.seats
    state.pending = Decision(state.current, "setup_trajan")
