import asyncio
import json
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from engine.core.errors import StaleStateError
from engine.db import migration_files
from engine.sessions.lobby import NewGame
from engine.sessions.models import Policy, SeatOrder, Status, TimeControl
from engine.sessions.rows import from_text, to_text
from engine.sessions.store import Store
from tests.engine.sessions.conftest import make_manager, start_game


async def test_migrations_are_applied_in_order_and_recorded_once(db_path):
    async with await Store.open(db_path) as store:
        assert await store.schema_versions() == [n for n, _, _ in migration_files()]
    async with await Store.open(db_path) as store:  # reopening applies nothing twice
        assert await store.schema_versions() == [n for n, _, _ in migration_files()]
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"games", "seats", "moves", "timers", "settings", "requests", "consents"} <= tables


def test_times_round_trip_and_sort_as_text():
    early = datetime(2026, 1, 1, 9, 0, tzinfo=UTC)
    late = datetime(2026, 1, 1, 10, 0, 0, 1, tzinfo=UTC)
    assert from_text(to_text(early)) == early
    assert to_text(early) < to_text(late)
    with pytest.raises(ValueError, match="aware"):
        to_text(datetime(2026, 1, 1))  # noqa: DTZ001 - the naive time is the point


async def test_a_game_round_trips_through_a_reopened_database(database_url, clock):
    async with await Store.open(database_url) as store:
        manager = make_manager(store, clock)
        spec = NewGame(
            "secret",
            guild_id=5,
            channel_id=50,
            seats=3,
            options={"taps": "1"},
            time_control=TimeControl(_h(24), (_h(6),)),
            policy=Policy.FORFEIT,
            language="es",
            seat_order=SeatOrder.JOIN,
        )
        info = await manager.create_lobby(11, spec)
        await manager.join(info.game_id, 12)
        await manager.add_ai(info.game_id, 11, "random")
        started = await manager.start(info.game_id, 11)
        before = await manager.status(info.game_id)
    async with await Store.open(database_url) as store:
        after = await make_manager(store, clock).status(info.game_id)
    assert after == before
    assert after.options == {"taps": "1"}
    assert after.language == "es"
    assert after.policy is Policy.FORFEIT
    assert after.time_control == TimeControl(_h(24), (_h(6),))
    assert [s.user_id for s in after.seats] == [11, 12, None]
    assert after.seats[2].ai == "random"
    assert after.status is Status.ACTIVE
    assert started.version == after.version


async def test_the_optimistic_update_refuses_a_stale_version(store, manager):
    out = await start_game(manager)
    async with store.transaction() as tx:
        assert not await tx.update_game(out.game_id, out.version + 1, updated_at="x")
        assert await tx.update_game(out.game_id, out.version, updated_at="y")
    assert (await store.game(out.game_id)).updated_at == "y"


async def test_a_stale_play_is_refused_and_changes_nothing(manager):
    out = await start_game(manager)
    await manager.play(out.game_id, 1, out.version, "add 1")
    with pytest.raises(StaleStateError, match="out of date"):
        await manager.play(out.game_id, 2, out.version, "add 1")
    status = await manager.status(out.game_id)
    assert status.version == out.version + 1
    assert status.view == {"total": 1, "turn": 1}


async def test_setting_unknown_columns_is_refused(store, manager):
    out = await start_game(manager)
    async with store.transaction() as tx:
        with pytest.raises(ValueError, match="cannot set"):
            await tx.update_game(out.game_id, None, game="other")


def _h(hours: float):
    return timedelta(hours=hours)


async def test_concurrent_readers_always_see_the_latest_commit(manager):
    # Overlapping reads on one connection once pinned an old snapshot (found by the bench).
    async def worker(user: int) -> None:
        for round_ in range(15):
            info = await manager.create_lobby(user * 100 + round_, NewGame("toy"))
            assert (await manager.status(info.game_id)).game_id == info.game_id

    await asyncio.gather(*(worker(u) for u in range(1, 21)))


async def test_verify_finds_a_state_or_log_that_was_tampered_with(store, manager):
    out = await start_game(manager, "secret")
    out = await manager.play(out.game_id, 1, out.version, "reveal")
    assert (await manager.verify(out.game_id)).ok
    async with store.transaction() as tx:
        await tx._run("UPDATE moves SET events = '[]' WHERE game_id = ?", (out.game_id,))
    report = await manager.verify(out.game_id)
    assert not report.ok
    assert "different events" in report.detail
    row = await store.game(out.game_id)
    async with store.transaction() as tx:
        await tx._run("UPDATE moves SET events = ? WHERE game_id = ?", (_events(row), row.id))
        await tx._run(
            "UPDATE games SET state = replace(state, '\"taps\": 0', '\"taps\": 1') WHERE id = ?",
            (out.game_id,),
        )
    report = await manager.verify(out.game_id)
    assert not report.ok
    assert "stored state differs" in report.detail
    async with store.transaction() as tx:
        await tx._run("UPDATE moves SET action = 'dance' WHERE game_id = ?", (out.game_id,))
    assert "does not replay" in (await manager.verify(out.game_id)).detail


def _events(row) -> str:
    state = json.loads(row.state)
    value = state["secrets"][0]
    return json.dumps([{"seat": 0, "type": "Revealed", "value": value}], sort_keys=True)


async def test_two_processes_opening_a_new_database_at_once_migrate_it_once(database_url):
    first, second = await asyncio.gather(Store.open(database_url), Store.open(database_url))
    try:
        assert await first.schema_versions() == [n for n, _, _ in migration_files()]
        assert await second.schema_versions() == [n for n, _, _ in migration_files()]
    finally:
        await first.close()
        await second.close()


async def test_a_backup_taken_while_playing_opens_as_the_same_games(tmp_path, clock):
    async with await Store.open(tmp_path / "var" / "games.db") as store:  # folder created
        manager = make_manager(store, clock)
        out = await start_game(manager, "secret")
        out = await manager.play(out.game_id, 1, out.version, "tap")
        await store.backup(tmp_path / "copy.db")
        original = await manager.status(out.game_id)
    async with await Store.open(tmp_path / "copy.db") as copy:
        restored = make_manager(copy, clock)
        assert await restored.status(out.game_id) == original
        assert (await restored.verify(out.game_id)).ok
