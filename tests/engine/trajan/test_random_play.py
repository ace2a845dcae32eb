"""Seeded random games to the end, with every invariant checked after every move."""

import pytest

from engine.core.rng import Rng
from tests.engine.trajan.helpers import ENGINE, check_step, do, random_game, texts


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_random_game_keeps_every_invariant_to_the_end(seats):
    final = random_game(seats, seed=seats, check=check_step)
    result = ENGINE.result(final)
    assert result is not None
    assert sorted(result.ranks) == list(range(1, seats + 1))
    assert final.quarter == 4


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("seed", range(10, 22))
def test_many_random_games_keep_every_invariant(seats, seed):
    final = random_game(seats, seed, check=check_step)
    assert ENGINE.result(final) is not None


def test_the_same_seed_and_moves_give_the_same_game():
    a = random_game(3, seed=77)
    b = random_game(3, seed=77)
    assert ENGINE.to_json(a) == ENGINE.to_json(b)
    assert ENGINE.to_json(a) != ENGINE.to_json(random_game(3, seed=78))


@pytest.mark.parametrize("options", [{"bowl_colours": "distinct"}, {"time_track": "fm"}])
def test_random_games_with_each_option_reach_the_end(options):
    for seed in range(1):
        state = ENGINE.new_state(options, 3, seed)
        while state.pending is not None:
            actions = ENGINE.legal_actions(state)
            action = Rng(seed, state.version, "opt").pick(actions)
            step = ENGINE.apply(state, action)
            check_step(state, action, step)
            state = step.state
        assert ENGINE.result(state) is not None


def test_distinct_bowls_never_corner_the_last_bowl():
    state = ENGINE.new_state({"bowl_colours": "distinct"}, 2, 0)
    state = do(state, "fill 1 blue yellow", "fill 2 blue yellow", "fill 3 green pink")
    state = do(state, "fill 4 green white")
    assert "fill 5 pink white" not in texts(state)  # it would leave orange+orange
    assert texts(state) == ["fill 5 orange pink", "fill 5 orange white"]
