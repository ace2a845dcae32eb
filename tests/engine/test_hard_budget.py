"""The hard level thinks by iteration count: a slow machine makes the same move (issue 15).

`engine.ai.levels.HardPlayer` runs exactly budget x the game's fixed rate iterations; the wall
clock is only a safety, and a search that reaches it plays the normal player's move instead
of its half-done one. The machine's speed is faked by a clock that jumps at every reading:
the tree search reads it every 64 iterations, the roll-out search (Troyes', and Trajan's at 2
players, as here) after every roll-out, so each jump is how long one roll-out took.
"""

import dataclasses
from typing import Any

import pytest

from engine.ai import ismcts, make_player, rollout, sampling
from engine.ai.levels import HardPlayer
from engine.ai.sampling import search_seed, support_of, work_of
from engine.core.rng import Rng
from engine.games import GAMES
from engine.thinking import choose_index

BUDGET = 0.5  # 6 Trajan roll-outs (12 a second of budget at 2 players): six readings of the clock


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
    assert HardPlayer(BUDGET).budget(engine, 2) == round(BUDGET * 12)
    assert HardPlayer(2.0).safety_s == 60.0  # 30 budgets
    assert HardPlayer(0.01).safety_s == 30.0  # never under 30 s


def test_a_slow_machine_makes_the_same_hard_move(position, monkeypatch):
    engine, state = position
    quick = HardPlayer(BUDGET).decide(engine, state)
    assert quick.played == "hard"
    # All 6 roll-outs run: they stay under the work bound (Trajan's `work_per_s`, 7,500
    # engine steps at 0.5 s; a search it cuts is tested below).
    assert quick.budget == 6
    assert quick.iterations == 6
    # A roll-out taking 4 s: the 0.5 s decision takes 24 s, more than the old 10 s cap.
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


def _rolled(engine: Any, state: Any, iterations: int, work: int | None) -> tuple[Any, int, int]:
    """Return (the root's arms, roll-outs done, engine steps they took) of one search."""
    seat = state.pending.seat
    steps = [0]
    apply = engine.apply

    class Counting:  # the engine, counting the steps the search takes (root planning too)
        def __getattr__(self, name: str) -> Any:
            return getattr(engine, name)

        def apply(self, s: Any, a: Any) -> Any:
            steps[0] += 1
            return apply(s, a)

    rng = Rng(search_seed(engine, state, seat, 0), state.version, "test")
    root, done = rollout.search(Counting(), state, seat, iterations, rng, work=work)  # type: ignore[arg-type]
    return {a: (c.visits, c.reward) for a, c in root.children.items()}, done, steps[0]


def test_the_rollout_search_stops_at_its_work_after_a_whole_round(position):
    # A decision of long roll-outs or wide menus took up to 9 s of CPU at the 2 s budget
    # (docs/ai.md): the roll-outs may take `work` engine steps, then the search ends its
    # round (every candidate on the same determinisation) and stops. A count, not a clock.
    engine, state = position
    arms, done, steps = _rolled(engine, state, 40, None)
    assert done == 40
    candidates = len(arms)
    assert candidates > 1
    work = steps // 4  # about a quarter of what the 40 roll-outs took
    capped, capped_done, capped_steps = _rolled(engine, state, 40, work)
    assert 0 < capped_done < done
    assert capped_done % candidates == 0  # whole rounds only: each candidate as often
    assert capped_steps >= work
    assert capped == _rolled(engine, state, 40, work)[0]  # the same roll-outs every time
    # The first rounds are the uncapped search's first rounds: the work only ends it sooner.
    assert _rolled(engine, state, capped_done, None)[0] == capped
    # However little the work, the search rolls out WORK_FLOOR of its iterations first.
    floor = int(rollout.WORK_FLOOR * 40)
    assert floor <= _rolled(engine, state, 40, 1)[1] < floor + candidates


def test_a_search_stopped_by_its_work_is_played_not_replaced(position, monkeypatch):
    # Only the clock's safety replaces hard's move by normal's; the work bound is part of
    # the budget, so that search's move is hard's own.
    engine, state = position
    support = support_of(engine)
    assert support is not None
    budget = HardPlayer(2.0).budget(engine, 2)
    assert work_of(engine, 2, budget) == round(2.0 * support.work_per_s)
    tiny = dataclasses.replace(support, work_per_s=1)
    monkeypatch.setattr(sampling, "support_of", lambda _engine: tiny)
    choice = HardPlayer(BUDGET).decide(engine, state)
    assert choice.played == "hard"
    assert 0 < choice.iterations < choice.budget  # one round, then the work was spent


def test_a_long_troyes_decision_stops_at_its_work():
    # Troyes' roll-outs from an event's counter or a Pass play on through the rivals' turns:
    # such a decision took 3-4 s of CPU at the default budget where most took about 1 s
    # (docs/ai.md, "A work bound for Troyes"); its roll-outs may now take `work_per_s`
    # engine steps a second of budget, then the search ends its round and plays its move.
    engine = GAMES["troyes"]
    support = support_of(engine)
    assert support is not None
    assert work_of(engine, 4, HardPlayer().budget(engine, 4)) == 2 * support.work_per_s
    normal = make_player("normal")
    state = engine.new_state({}, 4, 40)
    while state.version < 86:  # seat 1 counters the round's event: long roll-outs
        state = engine.apply(state, normal.choose(engine, state)).state
    assert state.pending.kind == "counter"
    choice = HardPlayer(BUDGET).decide(engine, state)  # 10 roll-outs, 15,000 steps
    assert choice.played == "hard"
    assert choice.budget == 10
    assert 0 < choice.iterations < choice.budget  # a round or two, then the work was spent
