import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core.errors import StaleStateError
from engine.sessions.errors import NotInLobbyError
from engine.sessions.lobby import NewGame
from engine.sessions.store import Store, Tx
from engine.sessions.turns import Turns
from tests.engine.sessions.conftest import make_manager, start_game

ROOT = Path(__file__).resolve().parents[3]


def _child(db_path: Path, game_id: int, user: int, version: int, mode: str) -> int:
    args = [str(db_path), str(game_id), str(user), str(version), mode]
    done = subprocess.run(
        [sys.executable, "-m", "tests.engine.sessions.crash_child", *args],
        cwd=ROOT,
        capture_output=True,
        timeout=60,
        check=False,
    )
    return done.returncode


async def _started(db_path: Path, clock):
    async with await Store.open(db_path) as store:
        return await start_game(make_manager(store, clock))


async def test_a_process_killed_inside_the_move_transaction_applies_nothing(db_path, clock):
    out = await _started(db_path, clock)
    assert _child(db_path, out.game_id, 1, out.version, "in_tx") == 9
    async with await Store.open(db_path) as store:
        manager = make_manager(store, clock)
        assert await store.moves(out.game_id, live_only=False) == []
        assert (await manager.status(out.game_id)).version == out.version
        again = await manager.play(out.game_id, 1, out.version, "add 1")  # the retry works
        assert again.version == out.version + 1
        assert (await manager.verify(out.game_id)).ok


async def test_a_process_killed_after_the_commit_keeps_the_move_exactly_once(db_path, clock):
    out = await _started(db_path, clock)
    assert _child(db_path, out.game_id, 1, out.version, "after_commit") == 9
    async with await Store.open(db_path) as store:
        manager = make_manager(store, clock)
        assert len(await store.moves(out.game_id)) == 1
        with pytest.raises(StaleStateError):  # the same click again is stale, not doubled
            await manager.play(out.game_id, 1, out.version, "add 1")
        assert (await manager.verify(out.game_id)).ok


async def test_a_failure_mid_transaction_rolls_the_move_back(manager, store, monkeypatch):
    out = await start_game(manager)

    async def broken(self, *args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(Tx, "insert_move", broken)  # after the state row was updated
    with pytest.raises(RuntimeError, match="disk on fire"):
        await manager.play(out.game_id, 1, out.version, "add 1")
    monkeypatch.undo()
    assert await store.moves(out.game_id, live_only=False) == []
    assert (await manager.status(out.game_id)).version == out.version
    out = await manager.play(out.game_id, 1, out.version, "add 1")
    assert len(await store.moves(out.game_id)) == 1
    assert (await manager.verify(out.game_id)).ok


async def test_interrupted_ai_turns_resume_on_start_up(db_path, clock, monkeypatch):
    async with await Store.open(db_path) as store:
        manager = make_manager(store, clock)
        out = await start_game(manager, humans=(1,), ais=("random", "greedy"))

        async def halted(self, g, after=None, progress=None):
            return []

        monkeypatch.setattr(Turns, "advance", halted)
        out = await manager.play(out.game_id, 1, out.version, "add 1")
        assert out.turn is not None
        assert out.turn.user_id is None  # an AI decides, but the process "stopped"
    monkeypatch.undo()
    async with await Store.open(db_path) as store:
        manager = make_manager(store, clock)
        [resumed] = await manager.resume()
        assert len(resumed.moves) == 2
        assert resumed.turn is not None
        assert resumed.turn.user_id == 1
        assert (await manager.verify(out.game_id)).ok


async def test_two_processes_playing_the_same_version_apply_it_once(db_path, clock):
    # Two managers on one file stand for two bot processes: no shared asyncio lock, only
    # the optimistic `UPDATE ... WHERE version = ?` between them.
    async with await Store.open(db_path) as one, await Store.open(db_path) as two:
        first, second = make_manager(one, clock), make_manager(two, clock)
        out = await start_game(first)
        results = await asyncio.gather(
            first.play(out.game_id, 1, out.version, "add 1"),
            second.play(out.game_id, 1, out.version, "add 2"),
            return_exceptions=True,
        )
        assert sum(isinstance(r, StaleStateError) for r in results) == 1
        assert len(await one.moves(out.game_id)) == 1
        assert (await first.verify(out.game_id)).ok


async def test_the_optimistic_check_refuses_a_write_based_on_an_old_read(
    db_path, clock, monkeypatch
):
    async with await Store.open(db_path) as one, await Store.open(db_path) as two:
        first, second = make_manager(one, clock), make_manager(two, clock)
        out = await start_game(first)
        old = await second._repo.load(out.game_id)  # read before the other process moves
        await first.play(out.game_id, 1, out.version, "add 1")

        async def stale_load(game_id):
            return old

        monkeypatch.setattr(second._repo, "load", stale_load)
        with pytest.raises(StaleStateError, match="moved first"):
            await second.play(out.game_id, 1, out.version, "add 2")
        monkeypatch.undo()
        assert [m.action for m in await two.moves(out.game_id)] == ["add 1"]


async def test_two_processes_starting_one_lobby_start_it_once(db_path, clock, monkeypatch):
    async with await Store.open(db_path) as one, await Store.open(db_path) as two:
        first, second = make_manager(one, clock), make_manager(two, clock)
        info = await first.create_lobby(1, NewGame("toy"))
        await first.join(info.game_id, 2)
        old = await second._repo.load(info.game_id)  # still a lobby when this process read it
        await first.start(info.game_id, 1)

        async def stale_load(game_id):
            return old

        monkeypatch.setattr(second._repo, "load", stale_load)
        with pytest.raises(NotInLobbyError):
            await second.start(info.game_id, 1)
        monkeypatch.undo()
        assert (await second.verify(info.game_id)).ok
