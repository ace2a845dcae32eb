"""The one database: one writer, committed reads, transactions, and private files."""

import asyncio
import os
import sqlite3
import stat
from datetime import UTC, datetime

import pytest

from engine.db import Database, IntegrityError
from engine.leagues.model import LeagueConfig
from engine.leagues.service import LeagueService
from engine.leagues.store import LeagueStore
from engine.sessions.store import Store
from tests.engine.sessions.conftest import FakeClock, make_manager, start_game

NOW = datetime(2026, 3, 2, 18, tzinfo=UTC)


@pytest.fixture
async def db(tmp_path):
    opened = await Database.open(tmp_path / "games.db")
    yield opened
    await opened.close()


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


async def test_sessions_and_leagues_write_through_the_one_writer_connection(db):
    sessions = make_manager(Store(db), FakeClock())
    leagues = LeagueService(LeagueStore(db), FakeClock())
    out = await start_game(sessions)
    await sessions.play(out.game_id, 1, out.version, "add 1")
    league = await leagues.create_league(1, "A", LeagueConfig("trajan"), seed=1)
    await leagues.join(league.id, 5)
    assert db.reader is not db._writers.conn
    assert db._writers.conn.raw.total_changes > 0
    assert db.reader.raw.total_changes == 0  # the reader never wrote a row
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        await db.reader.execute("DELETE FROM games")
    assert (await sessions.status(out.game_id)).version == out.version + 1
    assert [m.user for m in await leagues.store.members(league.id)] == [5]


async def test_reads_outside_a_transaction_see_committed_rows_only(db):
    started, release = asyncio.Event(), asyncio.Event()

    async def writer() -> None:
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO users (user_id, language) VALUES (1, 'es')")
            assert await db.fetch_all("SELECT user_id FROM users") == [(1,)]  # its own write
            started.set()
            await release.wait()

    task = asyncio.create_task(writer())
    await started.wait()
    assert await db.fetch_all("SELECT user_id FROM users") == []  # not committed yet
    release.set()
    await task
    assert await db.fetch_all("SELECT user_id FROM users") == [(1,)]


async def _failing_inner(db: Database) -> None:
    async with db.transaction():
        await db.execute("INSERT INTO users (user_id, language) VALUES (2, 'en')")
        raise RuntimeError("inner")


async def test_a_nested_transaction_is_a_savepoint_of_the_outer_one(db):
    async with db.transaction():
        await db.execute("INSERT INTO users (user_id, language) VALUES (1, 'en')")
        with pytest.raises(RuntimeError):
            await _failing_inner(db)
        async with db.transaction():
            await db.execute("INSERT INTO users (user_id, language) VALUES (3, 'en')")
    rows = await db.fetch_all("SELECT user_id FROM users ORDER BY 1")
    assert [r[0] for r in rows] == [1, 3]


async def test_a_task_started_inside_a_transaction_waits_for_it(db):
    order = []

    async def other() -> None:
        await db.execute("INSERT INTO users (user_id, language) VALUES (2, 'en')")
        order.append("other")

    async with db.transaction():
        task = asyncio.create_task(other())  # inherits the context, not the transaction
        await asyncio.sleep(0.05)
        await db.execute("INSERT INTO users (user_id, language) VALUES (1, 'en')")
        order.append("outer")
    await task
    assert order == ["outer", "other"]


async def _orphan_seat(db: Database) -> None:
    async with db.transaction() as conn:
        await conn.execute("PRAGMA defer_foreign_keys = ON")
        await conn.execute(
            "INSERT INTO seats (game_id, slot, user_id, joined_at) VALUES (999, 0, 1, 'x')"
        )  # checked only at COMMIT


async def test_a_failed_commit_is_rolled_back_and_the_writer_stays_usable(db):
    with pytest.raises(IntegrityError, match="FOREIGN KEY"):
        await _orphan_seat(db)
    assert not db._writers.conn.raw.in_transaction
    assert await db.fetch_all("SELECT * FROM seats") == []
    await db.execute("INSERT INTO users (user_id, language) VALUES (1, 'en')")


async def test_a_constraint_breach_raises_the_backend_neutral_error(db):
    await db.execute("INSERT INTO users (user_id, language) VALUES (1, 'en')")
    with pytest.raises(IntegrityError):
        await db.execute("INSERT INTO users (user_id, language) VALUES (1, 'es')")


async def test_database_files_are_private_to_their_owner(tmp_path):
    path = tmp_path / "var" / "games.db"
    old = os.umask(0o022)  # the usual umask, which made 0644 files before
    try:
        async with await Database.open(path) as db:
            await db.execute("INSERT INTO users (user_id, language) VALUES (1, 'en')")
            for part in ("games.db", "games.db-wal", "games.db-shm"):
                assert _mode(path.parent / part) == 0o600, part
            await db.backup(tmp_path / "copy.db")
        assert _mode(path.parent) == 0o700
        assert _mode(tmp_path / "copy.db") == 0o600
    finally:
        os.umask(old)


async def test_a_world_readable_database_of_older_versions_is_tightened(tmp_path):
    path = tmp_path / "games.db"
    async with await Database.open(path):
        pass
    path.chmod(0o644)
    async with await Database.open(path):
        assert _mode(path) == 0o600


async def test_stores_opened_on_a_shared_database_leave_it_open(db):
    await LeagueStore(db).close()
    await Store(db).close()
    assert await db.fetch_all("SELECT count(*) FROM games") == [(0,)]
