"""Seeded random games to the end with every invariant checked at every step (issue 9)."""

import pytest

from engine.ai.players import PLAYERS
from engine.core.errors import IllegalMoveError
from engine.troyes.actions import Pass
from tests.engine.troyes.helpers import ENGINE, placed, random_game


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_random_game_keeps_every_invariant(seats):
    end = random_game(seats, seed=seats, check=True)
    result = ENGINE.result(end)
    assert result is not None
    assert len(result.scores) == seats
    assert all(sum(b.values()) == sc for b, sc in zip(result.breakdown, result.scores, strict=True))


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("seed", range(10, 22))
def test_many_random_games_keep_every_invariant(seats, seed):
    random_game(seats, seed, check=True)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_same_seed_and_moves_replay_identically(seats):
    assert random_game(seats, 5) == random_game(seats, 5)
    assert random_game(seats, 5) != random_game(seats, 6)


def test_apply_does_not_mutate_input_and_bumps_the_version():
    s = placed(3)
    before = ENGINE.to_json(s)
    step = ENGINE.apply(s, ENGINE.legal_actions(s)[0])
    assert ENGINE.to_json(s) == before
    assert step.state.version == s.version + 1


def test_an_illegal_action_is_refused_and_changes_nothing():
    s = ENGINE.new_state({}, 2, 1)
    with pytest.raises(IllegalMoveError):
        ENGINE.apply(s, Pass())


def test_from_json_refuses_another_game_or_schema():
    data = ENGINE.to_json(placed(2))
    with pytest.raises(ValueError, match="not a troyes state"):
        ENGINE.from_json({**data, "game": "trajan"})
    with pytest.raises(ValueError, match="schema"):
        ENGINE.from_json({**data, "schema": 99})
    with pytest.raises(ValueError, match="malformed"):
        ENGINE.from_json({k: v for k, v in data.items() if k != "vp"})
    with pytest.raises(ValueError, match="unknown event 'dragon'"):
        ENGINE.from_json({**data, "queue": ["dragon"]})


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_every_ai_player_finishes_a_game_with_legal_moves(name):
    player = PLAYERS[name]
    s = ENGINE.new_state({}, 3, seed=4)
    while s.pending is not None:
        action = player.choose(ENGINE, s)
        assert action in ENGINE.legal_actions(s)
        s = ENGINE.apply(s, action).state
    assert ENGINE.result(s) is not None


def test_dice_rolls_and_reveals_are_marked_irreversible():
    s = ENGINE.new_state({}, 2, 1)
    flags = []
    while s.kind == "start":
        step = ENGINE.apply(s, ENGINE.legal_actions(s)[0])
        flags.append(step.irreversible)
        s = step.state
    assert flags[:-1] == [False] * (len(flags) - 1)
    assert flags[-1] is True  # the last placement starts round 1: cards, dice, events


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_the_greedy_player_finishes_games_against_random_players(seats, seed):
    greedy, rand = PLAYERS["greedy"], PLAYERS["random"]
    s = ENGINE.new_state({}, seats, seed)
    for _ in range(5000):
        if s.pending is None:
            break
        player = greedy if s.pending.seat == 0 else rand
        s = ENGINE.apply(s, player.choose(ENGINE, s)).state
    assert s.pending is None
    assert ENGINE.result(s) is not None
