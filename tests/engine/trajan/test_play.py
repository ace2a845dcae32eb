"""Engine contract: apply leaves its input alone, stale and illegal moves, JSON, AI, golden."""

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai.players import GreedyPlayer, Player, RandomPlayer
from engine.core.errors import GameOverError, IllegalMoveError, NotYourTurnError, StaleStateError
from engine.core.play import parse_action, play
from engine.core.protocol import GameEngine
from engine.games import GAMES
from engine.trajan.actions import Build
from tests.engine.trajan.helpers import (
    ENGINE,
    check_invariants,
    check_step,
    fresh,
    kind_of,
    play_setup,
    seat_of,
    to_action,
)

GOLDEN = Path(__file__).resolve().parents[2] / "playthroughs" / "trajan_seed_1.json"


def test_the_engine_is_registered_and_meets_the_protocol():
    engine: GameEngine[Any, Any] = GAMES["trajan"]
    assert engine.name == "trajan"
    assert (engine.min_seats, engine.max_seats) == (2, 4)
    assert [o.name for o in engine.options()] == ["bowl_colours", "time_track"]


def test_apply_does_not_mutate_input():
    state = play_setup(2, seed=3)
    before = ENGINE.to_json(state)
    for action in ENGINE.legal_actions(state):
        ENGINE.apply(state, action)
    assert ENGINE.to_json(state) == before


def test_play_checks_version_seat_and_legality():
    state = play_setup(2, seed=3)
    action = ENGINE.legal_actions(state)[0]
    with pytest.raises(StaleStateError):
        play(ENGINE, state, 0, state.version + 1, action)
    with pytest.raises(NotYourTurnError):
        play(ENGINE, state, 1, state.version, action)
    with pytest.raises(IllegalMoveError, match="not a legal move"):
        ENGINE.apply(state, Build(3))
    with pytest.raises(IllegalMoveError):
        parse_action(ENGINE, state, "build 99")


def test_a_finished_game_refuses_moves_and_json_checks_its_schema():
    state = play_setup(2, seed=3)
    data = ENGINE.to_json(state)
    assert (data["game"], data["schema"]) == ("trajan", 1)
    json.dumps(data)
    with pytest.raises(ValueError, match="schema"):
        ENGINE.from_json({**data, "schema": 99})
    with pytest.raises(ValueError, match="not a trajan state"):
        ENGINE.from_json({**data, "game": "troyes"})
    with pytest.raises(ValueError, match="phase"):
        ENGINE.from_json({**data, "phase": "lunch"})
    broken = json.loads(json.dumps(data))
    broken["players"][0]["supply"] = 14
    with pytest.raises(ValueError, match="player tokens"):
        ENGINE.from_json(broken)
    with pytest.raises(ValueError, match="keys differ"):
        ENGINE.from_json({k: v for k, v in data.items() if k != "deck"})
    state.pending = None
    with pytest.raises(GameOverError):
        ENGINE.apply(state, Build(3))


@pytest.mark.parametrize("seats", [2, 4])
def test_ai_players_play_trajan_to_the_end(seats):
    state = ENGINE.new_state({}, seats, seed=seats)
    players: list[Player] = [GreedyPlayer(), RandomPlayer()]
    while state.pending is not None:
        action = players[seat_of(state) % 2].choose(ENGINE, state)
        assert action in ENGINE.legal_actions(state)
        state = ENGINE.apply(state, action).state
    check_invariants(state)
    assert ENGINE.result(state) is not None


@pytest.mark.slow
def test_greedy_beats_random_on_average():
    wins = 0
    for seed in range(6):
        state = ENGINE.new_state({}, 2, seed=seed)
        players: list[Player] = (
            [GreedyPlayer(), RandomPlayer()] if seed % 2 else [RandomPlayer(), GreedyPlayer()]
        )
        while state.pending is not None:
            state = ENGINE.apply(state, players[seat_of(state)].choose(ENGINE, state)).state
        greedy = 0 if seed % 2 else 1
        result = ENGINE.result(state)
        assert result is not None
        wins += result.ranks[greedy] == 1
    assert wins >= 4


def test_golden_playthrough_replays_to_the_recorded_scores():
    record = json.loads(GOLDEN.read_text(encoding="utf-8"))
    state = ENGINE.new_state(record["options"], record["seats"], record["seed"])
    for text in record["actions"]:
        state = ENGINE.apply(state, parse_action(ENGINE, state, text)).state
    result = ENGINE.result(state)
    assert result is not None
    assert list(result.scores) == record["scores"]
    assert list(result.ranks) == record["ranks"]
    assert [dict(b) for b in result.breakdown] == record["breakdown"]


@settings(max_examples=15, deadline=None)
@given(
    seats=st.integers(2, 4),
    seed=st.integers(0, 2**63 - 1),
    picks=st.lists(st.integers(0, 24), min_size=40, max_size=160),
)
def test_any_sequence_of_legal_moves_keeps_the_invariants(seats, seed, picks):
    state = ENGINE.new_state({}, seats, seed)
    for pick in picks:
        actions = ENGINE.legal_actions(state)
        if not actions:
            break
        action = actions[pick % len(actions)]
        step = ENGINE.apply(state, action)
        check_step(state, action, step)
        state = step.state


def test_greedy_ships_four_of_a_kind_and_finishes_the_load():
    state = to_action(fresh(), "seaport")
    state.players[0].hand = ("wine", "wine", "wine", "wine")
    greedy = GreedyPlayer()
    while kind_of(state) in ("seaport", "ship"):
        state = ENGINE.apply(state, greedy.choose(ENGINE, state)).state
    assert state.players[0].vp == 20
    assert state.players[0].display == ("wine",) * 4
