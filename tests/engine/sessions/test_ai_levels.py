"""AI levels in sessions (issue 15): seats and stand-ins by level, the cap, hints, old games."""

from __future__ import annotations

import json
import sqlite3
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from engine.ai import make_player
from engine.ai.players import GreedyPlayer
from engine.core.errors import GameError
from engine.db import Database
from engine.games import GAMES
from engine.sessions import NewGame, SessionManager, Settings, Status, Store
from engine.sessions.models import By, SeatOrder, TimeControl
from engine.thinking import Thinker
from tests.engine.sessions.conftest import FakeClock

TRAJAN = "trajan"
DUMP = Path(__file__).parents[1] / "db" / "legacy" / "main-0678cef.sql"


def _manager(store: Store, clock: FakeClock, max_level: str = "hard") -> SessionManager:
    thinker = Thinker(0, budget_s=0.01, max_level=max_level)
    return SessionManager(store, GAMES, clock, thinker=thinker, seeds=iter(range(5, 99)).__next__)


def _action(engine: Any, state: Any, notation: str) -> Any:
    (action,) = [a for a in engine.legal_actions(state) if engine.action_text(a) == notation]
    return action


async def _lobby(manager: SessionManager, game: str = TRAJAN, **spec: object) -> int:
    new = NewGame(game, guild_id=7, seats=2, seat_order=SeatOrder.JOIN, **spec)  # type: ignore[arg-type]
    return (await manager.create_lobby(1, new)).game_id


async def test_levels_are_seated_by_name_and_the_operator_s_cap_refuses_above_it(store, clock):
    capped = _manager(store, clock, max_level="normal")
    assert capped.ai_levels == ("easy", "normal")
    game = await _lobby(capped, ai_level="easy")
    with pytest.raises(GameError) as refused:
        await capped.add_ai(game, 1, "hard")
    assert refused.value.key == "error.ai.level_not_allowed"
    assert "easy, normal" in refused.value.text("en")
    info = await capped.add_ai(game, 1, "normal")
    assert [s.ai for s in info.seats] == [None, "normal"]
    assert info.ai_level == "easy"
    assert info.hints is True
    assert info.ranked is False
    with pytest.raises(GameError, match="AI levels"):
        await _lobby(capped, ai_level="hard")
    with pytest.raises(GameError):
        await capped.configure(game, 1, Settings(ai_level="hard"))
    assert (await capped.status(game)).ai_level == "easy"  # refused: nothing changed
    changed = await capped.configure(game, 1, Settings(ai_level="normal", hints=False))
    assert (changed.ai_level, changed.hints) == ("normal", False)


async def test_a_stand_in_plays_at_the_game_s_level(store, clock):
    manager = _manager(store, clock)
    control = TimeControl(timedelta(hours=1))
    game = await _lobby(manager, ai_level="easy", time_control=control)
    await manager.join(game, 2)
    await manager.start(game, 1)
    engine = GAMES[TRAJAN]
    row = await store.game(game)
    assert row is not None
    assert row.state is not None
    state = engine.from_json(json.loads(row.state))
    clock.advance(hours=2)  # the deadline passes: an easy stand-in plays the turn
    (out,) = await manager.tick()
    stood = [m for m in out.moves if m.by is By.STAND_IN]
    assert stood
    easy = make_player("easy")
    for move in out.moves:
        if move.by is By.STAND_IN:
            assert move.notation == engine.action_text(easy.choose(engine, state))
        state = engine.apply(state, _action(engine, state, move.notation)).state


async def test_a_league_play_out_finishes_at_the_league_s_level_and_never_hints(tmp_path, clock):
    async with await Store.open(tmp_path / "g.db") as store:  # a whole game: one backend
        manager = _manager(store, clock)
        game = await _lobby(manager, game="troyes", ai_level="easy", ranked=True)
        await manager.join(game, 2)
        await manager.start(game, 1)
        row = await store.game(game)
        assert row is not None
        assert row.state is not None
        with pytest.raises(GameError) as refused:
            await manager.hint(game, 1)
        assert refused.value.key == "error.ai.hint_ranked"
        with pytest.raises(GameError):
            await manager.configure(game, 1, Settings(hints=True))
        done = await manager.play_out(game)
        assert done.status is Status.FINISHED
        engine = GAMES["troyes"]
        state = engine.from_json(json.loads(row.state))
        easy, greedy = make_player("easy"), GreedyPlayer()
        differs = 0
        for line in (await manager.log(game))[:80]:
            assert line.by is By.STAND_IN
            assert line.notation == engine.action_text(easy.choose(engine, state))
            differs += line.notation != engine.action_text(greedy.choose(engine, state))
            state = engine.apply(state, _action(engine, state, line.notation)).state
        assert differs  # the test tells the levels apart


async def test_a_hint_is_for_the_decider_in_a_game_that_allows_hints(store, clock):
    manager = _manager(store, clock)
    game = await _lobby(manager)
    await manager.join(game, 2)
    start = await manager.start(game, 1)
    assert start.turn is not None
    decider = start.turn.user_id
    assert decider is not None
    other = 3 - decider
    choices, hint = await manager.hint(game, decider)
    engine = GAMES[TRAJAN]
    row = await store.game(game)
    assert row is not None
    assert row.state is not None
    state = engine.from_json(json.loads(row.state))
    normal = make_player("normal").choose(engine, state)
    assert choices.choices[hint.index].notation == engine.action_text(normal)
    assert choices.version == start.version
    with pytest.raises(GameError) as refused:
        await manager.hint(game, other)
    assert refused.value.key == "error.ai.hint_not_yours"
    await manager.configure(game, 1, Settings(hints=False))
    with pytest.raises(GameError) as refused:
        await manager.hint(game, decider)
    assert refused.value.key == "error.ai.hint_off"
    assert (await store.game(game)) == row  # hints change nothing


async def test_a_stored_game_keeps_its_greedy_stand_in_after_the_upgrade(tmp_path, clock):
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as raw:
        raw.executescript(DUMP.read_text(encoding="utf-8"))
    async with await Database.open(path) as db:  # migrated to 0009
        store = Store(db)
        manager = _manager(store, clock)
        active = await manager.list_games(5, (Status.ACTIVE,))
        game = next(g for g in active if g.game == TRAJAN)
        assert game.ai_level == "greedy"
        row = await store.game(game.game_id)
        assert row is not None
        assert row.state is not None
        done = await manager.play_out(game.game_id)
        assert done.status is Status.FINISHED
        engine = GAMES[TRAJAN]
        state = engine.from_json(json.loads(row.state))
        for move in done.moves:  # exactly the greedy player's moves, as before the upgrade
            assert move.notation == engine.action_text(GreedyPlayer().choose(engine, state))
            state = engine.apply(state, _action(engine, state, move.notation)).state
        assert (await manager.verify(game.game_id)).ok
