"""The greedy AI on Trajan: sensible single choices, and clearly stronger than random."""

import statistics

import pytest

from engine.ai.players import GreedyPlayer, Player, RandomPlayer
from engine.trajan.actions import ForumTake, UseExtra
from tests.engine.trajan.helpers import ENGINE, do, fresh, kind_of, seat_of, texts, to_action

GREEDY = GreedyPlayer()


def test_greedy_spends_an_extra_tile_when_the_repeat_scores():
    state = fresh()
    p = state.players[0]
    p.bowls = ("BY", "GO", "P", "W", "GO", "PWY")
    p.senate = 3
    p.forum = ("extra_senate",)
    state = do(state, "bowl 3", "senate")
    assert texts(state) == ["extra extra_senate", "pass"]
    assert GREEDY.choose(ENGINE, state) == UseExtra("extra_senate")


def test_greedy_takes_the_forum_tile_that_meets_a_shown_demand():
    state = fresh()
    state.demands_shown = ("religion", "religion")
    state.players[0].forum = ()
    state.forum = ("senate_2", "religion", "bread", "wild_construction", None, None)
    state.extras = (None, None, None)
    state = to_action(state, "forum")
    assert kind_of(state) == "forum"
    assert GREEDY.choose(ENGINE, state) == ForumTake("religion")


def test_greedy_chooses_the_bowl_and_the_order_that_fulfil_a_trajan_tile():
    state = fresh()
    p = state.players[0]
    # Bowl I sows yellow and green into II and III; III holds a green and a 9-VP tile
    # that needs two: the green must go last.
    p.bowls = ("GY", "OO", "BG", "BPW", "YP", "W")
    p.slots = (None, None, "vp9_gg", None, None, None)
    p.senate = 7  # no easy senate points elsewhere
    values = {
        ENGINE.action_text(a): ENGINE.heuristic(ENGINE.apply(state, a).state, 0)
        for a in ENGINE.legal_actions(state)
    }
    assert values["bowl 1"] > max(v for k, v in values.items() if k != "bowl 1") + 3
    action = GREEDY.choose(ENGINE, state)
    assert ENGINE.action_text(action) == "bowl 1"
    state = ENGINE.apply(state, action).state
    assert kind_of(state) == "sow"
    state = ENGINE.apply(state, GREEDY.choose(ENGINE, state)).state
    assert state.players[0].vp == 9


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 4])
def test_greedy_beats_random_players_clearly(seats):
    margins, wins = [], 0
    for seed in range(6):
        greedy = seed % seats
        players: list[Player] = [
            GreedyPlayer() if s == greedy else RandomPlayer() for s in range(seats)
        ]
        state = ENGINE.new_state({}, seats, seed=700 + seed)
        while state.pending is not None:
            state = ENGINE.apply(state, players[seat_of(state)].choose(ENGINE, state)).state
        result = ENGINE.result(state)
        assert result is not None
        wins += result.ranks[greedy] == 1
        best_other = max(s for i, s in enumerate(result.scores) if i != greedy)
        margins.append(result.scores[greedy] - best_other)
    assert wins == 6
    assert statistics.mean(margins) >= 40
