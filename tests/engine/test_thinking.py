"""AI decisions in worker processes (engine/thinking.py): the same choices as in-process."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from engine.ai import make_player
from engine.ai.players import GreedyPlayer
from engine.games import GAMES
from engine.thinking import Thinker, suggest
from engine.trajan.game import TrajanEngine

# The hard level's budget: a few dozen iterations. Hard stops at a wall-clock cap too (a
# safety net), which a loaded machine reaches with so small a budget: its choice is only
# checked to be legal and made in the worker, the other players' to be the same as in-process.
BUDGET = 0.01


def _states(game: str, plies: int, every: int) -> list[Any]:
    """Return states of a seeded game (greedy moves), one every `every` plies."""
    engine = GAMES[game]
    options = {o.name: o.default for o in engine.options()}
    state = engine.new_state(options, 2, 11)
    out: list[Any] = []
    for ply in range(plies):
        if state.pending is None:
            break
        if ply >= every * len(out) and len(engine.legal_actions(state)) > 1:
            out.append(state)  # the first real choice from every `every` plies on
        state = engine.apply(state, GreedyPlayer().choose(engine, state)).state
    return out


@pytest.fixture(scope="module")
def pooled():
    thinker = Thinker(1, budget_s=BUDGET)
    yield thinker
    thinker.close()


@pytest.mark.parametrize("game", ["trajan", "troyes"])
async def test_a_worker_process_chooses_what_each_player_chooses_in_process(pooled, game):
    engine = GAMES[game]
    states = _states(game, 80, 40)
    assert len(states) >= 2
    for name in ("greedy", "easy", "normal"):
        player = pooled.players[name]
        local = make_player(name) if name != "greedy" else GreedyPlayer()
        for state in states:
            chosen = await pooled.choose(engine, state, player)
            expected = local.choose(engine, state)
            assert engine.action_text(chosen) == engine.action_text(expected), (name, game)
    assert pooled.pool is not None
    assert pooled.pool.pids()  # it really thought in a worker process
    chosen = await pooled.choose(engine, states[0], pooled.players["hard"])
    assert chosen in engine.legal_actions(states[0])


async def test_an_older_edition_is_rebuilt_in_the_worker_from_its_data_folder(pooled, tmp_path):
    base = GAMES["trajan"]
    assert isinstance(base, TrajanEngine)
    assert base.data_dir is not None
    folder = Path(shutil.copytree(base.data_dir, tmp_path / "edition"))
    older = base.with_data(folder)
    state = _states("trajan", 30, 10)[-1]
    request = pooled._request(older, state, "normal")
    assert request is not None
    assert request.data_dir == str(folder)
    chosen = await pooled.choose(older, state, pooled.players["normal"])
    assert chosen in older.legal_actions(state)


async def test_a_player_the_worker_cannot_rebuild_thinks_in_a_thread(pooled):
    class Last:
        name = "last"

        def choose(self, engine, state):
            return engine.legal_actions(state)[-1]

    engine = GAMES["trajan"]
    state = _states("trajan", 10, 5)[0]
    assert pooled._request(engine, state, "last") is None
    chosen = await pooled.choose(engine, state, Last())
    assert chosen == engine.legal_actions(state)[-1]


async def test_the_operator_s_cap_plays_a_stronger_seat_at_the_cap():
    capped = Thinker(0, max_level="normal")
    assert capped.levels == ("easy", "normal")
    assert not capped.allows("hard")
    assert capped.allows("greedy")
    assert capped.effective("hard") == "normal"
    engine = GAMES["trajan"]
    state = _states("trajan", 40, 20)[-1]
    chosen = await capped.choose(engine, state, make_player("hard", 30.0))  # would take long
    expected = make_player("normal").choose(engine, state)
    assert engine.action_text(chosen) == engine.action_text(expected)
    with pytest.raises(ValueError, match="AI_MAX_LEVEL"):
        Thinker(0, max_level="superhuman")


async def test_a_hint_is_the_normal_player_s_choice_with_its_plan_values(pooled):
    engine = GAMES["troyes"]
    for state in _states("troyes", 60, 20):
        hint = await pooled.suggest(engine, state)
        normal = make_player("normal").choose(engine, state)
        assert hint.notation == engine.action_text(normal)
        assert engine.legal_actions(state)[hint.index] == normal
        assert hint.value is not None
        assert hint.now is not None
        assert hint == suggest(engine, state, make_player("normal"))  # same in-process
