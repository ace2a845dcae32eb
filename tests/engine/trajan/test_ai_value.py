"""The Trajan position value of the normal and hard players (engine/trajan/ai.py)."""

from engine.ai.players import RandomPlayer
from engine.trajan import ai
from engine.trajan.heuristic import DEMAND_KINDS
from tests.engine.trajan.helpers import ENGINE, T, do, fresh, kind_of, to_action

RANDOM = RandomPlayer()


def _played(seed: int, decisions: int):
    state = ENGINE.new_state({}, 2, seed)
    for _ in range(decisions):
        state = ENGINE.apply(state, RANDOM.choose(ENGINE, state)).state
    return state


def test_the_next_turn_counts_a_trajan_tile_a_bowl_can_complete():
    state = fresh()
    p = state.players[0]
    # Bowl I's two markers land last in bowl III, which holds a green beside a 9-VP tile
    # needing two greens: the next turn can fulfil it, but only if bowl I holds a green.
    p.bowls = ("GY", "OO", "BG", "BPW", "YP", "W")
    p.slots = (None, None, "vp9_gg", None, None, None)
    can = ai._next_turn(state, T, p)
    p.bowls = ("BY", "OO", "BG", "GPW", "YP", "W")
    cannot = ai._next_turn(state, T, p)
    assert can >= cannot + 8  # the tile's 9 VP, less nothing: the same actions are in reach


def test_a_lapping_bowl_lands_twice_in_its_target():
    assert ai._completes("GG", "", "GGYBOP", 1) is False
    assert ai._completes("GG", "", "GGYBOPW", 2) is True  # seven markers: two reach it
    assert ai._completes("PW", "W", "BP", 1) is True
    assert ai._completes("PW", "", "BP", 1) is False


def test_turns_left_fall_as_the_game_goes_on():
    early, late = _played(3, 30), _played(3, 150)
    assert late.quarter > early.quarter
    assert ai.own_turns_left(early) > ai.own_turns_left(late) > 0


def test_the_value_reads_nothing_the_seat_cannot_see():
    for seed in (2, 5):
        state = _played(seed, 60)
        for seat in (0, 1):
            rival = 1 - seat
            other = state.clone()
            hand = other.players[rival].hand
            k = min(len(hand), len(state.deck))
            other.players[rival].hand = tuple(sorted((*hand[k:], *state.deck[:k])))
            other.deck = (*hand[:k], *state.deck[k:])
            other.forum_pile = tuple(reversed(state.forum_pile))
            other.demand_pile = tuple(reversed(state.demand_pile))
            other.seed += 77
            assert ENGINE.view(other, seat) == ENGINE.view(state, seat)
            assert ai.value(other, T, seat) == ai.value(state, T, seat)


def test_the_value_of_a_finished_game_is_the_final_score():
    state = _played(1, 0)
    while state.pending is not None:
        state = ENGINE.apply(state, RANDOM.choose(ENGINE, state)).state
    result = ENGINE.result(state)
    assert result is not None
    assert [ai.value(state, T, s) for s in (0, 1)] == [float(x) for x in result.scores]


def test_an_unrevealed_demand_is_met_by_a_spare_tile_most_of_the_time():
    none = (0, 0, 0)
    assert ai._expected_quarter((), none, none, 0) == (15.0, 0.0)  # three unmet, surely
    penalty, spare = ai._expected_quarter((), (1, 0, 0), none, 0)
    # One bread tile meets one of three unrevealed demands unless none is bread (8 in 27):
    # it saves 6 VP (from 15 to 9) 19 times in 27, and is left over otherwise.
    assert penalty == 15 - 6 * 19 / 27
    assert spare == 8 / 27
    assert ai._expected_quarter((), none, none, 3) == (0.0, 0.0)  # three wilds meet any


def test_a_trajan_demand_tile_meets_one_demand_a_quarter_and_stays():
    bread = DEMAND_KINDS.index("bread")
    # Two bread demands revealed, one Trajan bread tile: the second bread is unmet (4 VP)
    # unless a forum tile meets it, and the forum tile is spent on it.
    assert ai._expected_quarter((bread, bread, bread), (0, 0, 0), (1, 0, 0), 0)[0] == 9.0
    assert ai._expected_quarter((bread, bread, bread), (2, 0, 0), (1, 0, 0), 0) == (0.0, 0.0)


def test_taking_the_demand_tile_early_in_the_quarter_is_worth_an_action():
    state = fresh()
    state.demands_shown = ()
    p = state.players[0]
    p.forum = ()
    without = ai._demands(state, T, p)
    p.forum = ("bread",)
    assert ai._demands(state, T, p) - without > 4.0  # the heuristic gave it about 2


def test_a_draw_waiting_for_its_discard_counts_the_card_it_will_lose():
    state = to_action(fresh(), "seaport")
    p = state.players[0]
    p.hand = ("wine", "wine", "wine")
    state.deck = (*state.deck[:-2], "fish", "wine")  # the top is last
    drawn = do(state, "port draw")
    assert kind_of(drawn) == "discard"
    assert sorted(drawn.players[0].hand) == ["fish", "wine", "wine", "wine", "wine"]
    # The plan is rated before the discard: it must be rated as after the best one (the
    # fish goes), not as if both drawn cards stayed.
    after = [do(drawn, ENGINE.action_text(a)) for a in ENGINE.legal_actions(drawn)]
    best = max(ai.value(s, T, 0) for s in after)
    assert abs(ai.value(drawn, T, 0) - best) < 1.0
