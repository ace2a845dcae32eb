"""The hard level thinks by iteration count: a slow machine makes the same move (issue 15).

`engine.ai.levels.HardPlayer` runs exactly budget x the game's fixed rate iterations; the wall
clock is only a safety, and a search that reaches it plays the normal player's move instead
of its half-done one. The machine's speed is faked by a clock that jumps at every reading:
the tree search reads it every 64 iterations, the roll-out search (Troyes', and Trajan's at 2
players, as here) after every roll-out, so each jump is how long one roll-out took.
"""

from typing import Any

import pytest

from engine.ai import ismcts, make_player
from engine.ai.levels import HardPlayer
from engine.games import GAMES
from engine.thinking import choose_index

BUDGET = 0.1  # 6 Trajan roll-outs (60 a second at 2 players): six readings of the clock


class SlowClock:
    """A clock that runs `step` seconds further at every reading (a starved machine)."""

    def __init__(self, step: float) -> None:
        self.now = 1000.0
        self.step = step

    def monotonic(self) -> float:
        self.now += self.step
        return self.now


def _state(engine: Any) -> Any:
    """Return a Trajan state a few moves in, where the seat has a real choice."""
    state = engine.new_state({}, 2, 40)
    normal = make_player("normal")
    for _ in range(3):
        state = engine.apply(state, normal.choose(engine, state)).state
    while len(engine.legal_actions(state)) < 3:
        state = engine.apply(state, normal.choose(engine, state)).state
    return state


@pytest.fixture(scope="module")
def position() -> tuple[Any, Any]:
    engine = GAMES["trajan"]
    return engine, _state(engine)


def test_the_budget_is_an_iteration_count_at_the_game_s_fixed_rate(position):
    engine, _ = position
    assert HardPlayer(BUDGET).budget(engine, 2) == round(BUDGET * 60)
    assert HardPlayer(2.0).safety_s == 60.0  # 30 budgets
    assert HardPlayer(0.01).safety_s == 30.0  # never under 30 s


def test_a_slow_machine_makes_the_same_hard_move(position, monkeypatch):
    engine, state = position
    quick = HardPlayer(BUDGET).decide(engine, state)
    assert quick.played == "hard"
    assert quick.iterations == quick.budget == 6
    # A roll-out taking 4 s: the 0.1 s decision takes 24 s, more than twice the old 10 s cap.
    monkeypatch.setattr(ismcts, "time", SlowClock(4.0))
    slow = HardPlayer(BUDGET).decide(engine, state)
    assert slow == quick


def test_a_search_past_its_safety_plays_the_normal_move_and_says_so(position, monkeypatch):
    engine, state = position
    monkeypatch.setattr(ismcts, "time", SlowClock(40.0))  # past the 30 s safety at once
    choice = HardPlayer(BUDGET).decide(engine, state)
    assert choice.played == "normal"
    assert 0 < choice.iterations < choice.budget == 6
    assert choice.action == make_player("normal").choose(engine, state)
    decision = choose_index(engine, state, HardPlayer(BUDGET))  # what the worker returns
    assert decision.played == "normal"
    assert decision.iterations == choice.iterations
