import pytest

from engine.ai.players import PLAYERS, GreedyPlayer, RandomPlayer
from tests.engine.core.toy import Add, ToyEngine

ENGINE = ToyEngine()


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_every_player_plays_a_game_to_the_end_with_legal_moves(name):
    player = PLAYERS[name]
    state = ENGINE.new_state({}, 3, seed=11)
    while state.pending is not None:
        action = player.choose(ENGINE, state)
        assert action in ENGINE.legal_actions(state)
        state = ENGINE.apply(state, action).state
    assert ENGINE.result(state) is not None


def test_random_player_is_deterministic_for_a_seed():
    state = ENGINE.new_state({}, 2, seed=3)
    assert RandomPlayer().choose(ENGINE, state) == RandomPlayer().choose(ENGINE, state)


def test_greedy_player_takes_the_best_rated_action():
    # The toy heuristic is the counter itself: adding 2 beats adding 1, and a roll adds 1-3.
    state = ENGINE.new_state({}, 2, seed=3)
    choice = GreedyPlayer().choose(ENGINE, state)
    assert choice != Add(1)
