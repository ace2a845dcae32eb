"""Seeded random games to the end, with every invariant checked after every move."""

import pytest

from tests.engine.trajan.helpers import ENGINE, check_step, random_game


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
