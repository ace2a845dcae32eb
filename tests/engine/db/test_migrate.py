"""The one migrations runner: fresh, current, partly migrated and failing databases."""

import asyncio
import sqlite3

import pytest

from engine.db import Database, Migration, MigrationError, migration_files, split_statements
from engine.db import sqlite as sqlite_backend

ONE = Migration(1, "0001_a.sql", "CREATE TABLE a (x INTEGER);")
TWO = Migration(2, "0002_b.sql", "ALTER TABLE a ADD COLUMN y TEXT; CREATE TABLE b (z INTEGER);")
BAD = Migration(3, "0003_c.sql", "CREATE TABLE c (q INTEGER); INSERT INTO nowhere VALUES (1);")


def _tables(path) -> set[str]:
    with sqlite3.connect(path) as raw:
        return {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def _recorded(path) -> list[tuple[int, str]]:
    with sqlite3.connect(path) as raw:
        return raw.execute("SELECT version, name FROM schema_migrations ORDER BY 1").fetchall()


def test_the_files_are_one_series_for_sessions_and_leagues():
    names = [m.name for m in migration_files()]
    assert names[:3] == ["0001_sessions.sql", "0002_leagues.sql", "0003_league_games.sql"]
    numbers = [m.number for m in migration_files()]  # numbers handed to parallel branches:
    assert numbers == sorted(set(numbers))  # one may be missing for a while, none twice


async def test_a_fresh_database_gets_every_table_in_order(tmp_path):
    path = tmp_path / "fresh.db"
    async with await Database.open(path) as db:
        assert await db.schema_versions() == [m.number for m in migration_files()]
    assert {"games", "seats", "moves", "timers", "league", "league_game"} <= _tables(path)
    assert "league_migration" not in _tables(path)
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_a_current_database_applies_nothing_and_keeps_its_record(tmp_path):
    path = tmp_path / "current.db"
    async with await Database.open(path) as db:
        first = _recorded(path)
        assert await db.migrate() == []
    async with await Database.open(path) as db:
        assert await db.migrate() == []
    assert _recorded(path) == first


async def test_a_partly_migrated_database_gets_only_the_missing_files(tmp_path):
    path = tmp_path / "partial.db"
    async with await Database.open(path, migrations=[ONE]) as db:
        assert await db.schema_versions() == [1]
        await db.execute("INSERT INTO a (x) VALUES (?)", (7,))
    async with await Database.open(path, migrations=[ONE, TWO]) as db:
        assert await db.schema_versions() == [1, 2]
        assert await db.fetch_all("SELECT x, y FROM a") == [(7, None)]  # rows kept


async def test_a_failing_migration_rolls_back_as_a_whole(tmp_path):
    path = tmp_path / "bad.db"
    async with await Database.open(path, migrations=[ONE, TWO]):
        pass
    with pytest.raises(MigrationError, match=r"0003_c\.sql failed: no such table: nowhere"):
        await Database.open(path, migrations=[ONE, TWO, BAD])
    assert {"a", "b"} <= _tables(path)
    assert "c" not in _tables(path)  # its first statement was undone with the rest
    assert _recorded(path) == [(1, "0001_a.sql"), (2, "0002_b.sql")]
    async with await Database.open(path, migrations=[ONE, TWO]) as db:  # still opens, unlocked
        assert not db.in_transaction
        await db.execute("INSERT INTO b (z) VALUES (1)")


async def test_a_database_from_newer_code_or_other_files_is_refused(tmp_path):
    path = tmp_path / "newer.db"
    async with await Database.open(path, migrations=[ONE, TWO]):
        pass
    with pytest.raises(MigrationError, match="newer version"):
        await Database.open(path, migrations=[ONE])
    with pytest.raises(MigrationError, match=r"records migration 2 as 0002_b\.sql"):
        await Database.open(path, migrations=[ONE, Migration(2, "0002_other.sql", "")])


async def test_two_processes_opening_a_new_database_at_once_migrate_it_once(tmp_path):
    path = tmp_path / "race.db"
    first, second = await asyncio.gather(Database.open(path), Database.open(path))
    try:
        expected = [m.number for m in migration_files()]
        assert await first.schema_versions() == expected
        assert await second.schema_versions() == expected
    finally:
        await first.close()
        await second.close()


def test_statements_split_on_semicolons_outside_strings_and_comments():
    sql = (
        "-- a comment; still a comment\nCREATE TABLE t (x TEXT DEFAULT ';');\n\n"
        "INSERT INTO t VALUES ('a;b'); INSERT INTO t VALUES ('c');\n-- end\n"
    )
    assert split_statements(sql) == [
        "-- a comment; still a comment\nCREATE TABLE t (x TEXT DEFAULT ';');",
        "INSERT INTO t VALUES ('a;b');",
        "INSERT INTO t VALUES ('c');",
    ]
    with pytest.raises(MigrationError, match="unterminated"):
        split_statements("CREATE TABLE t (x)")


def _old_layout(path, league_versions: tuple[int, ...], sessions: bool = True) -> None:
    """Write the bookkeeping of before the single numbering: two series on one file."""
    files = {m.number: m.sql for m in migration_files()}
    with sqlite3.connect(path) as raw:
        if sessions:
            raw.execute(
                "CREATE TABLE schema_migrations"
                " (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
            )
            raw.executescript(files[1])
            raw.execute("INSERT INTO schema_migrations VALUES (1, '0001_initial.sql', 'then')")
        raw.execute("CREATE TABLE league_migration (version INTEGER PRIMARY KEY)")
        for old in league_versions:
            raw.executescript(files[old + 1])
            raw.execute("INSERT INTO league_migration VALUES (?)", (old,))


@pytest.mark.parametrize(
    ("league_versions", "sessions"), [((1, 2), True), ((1,), True), ((1, 2), False)]
)
async def test_the_old_two_series_bookkeeping_is_folded_into_one(
    tmp_path, league_versions, sessions
):
    path = tmp_path / "old.db"
    _old_layout(path, league_versions, sessions)
    async with await Database.open(path) as db:
        assert await db.schema_versions() == [m.number for m in migration_files()]
    assert "league_migration" not in _tables(path)
    recorded = dict(_recorded(path))
    assert recorded[1] == "0001_sessions.sql"
    assert recorded[2] == "0002_leagues.sql"
    assert recorded[3] == "0003_league_games.sql"


async def test_an_unknown_old_league_migration_is_refused(tmp_path):
    path = tmp_path / "odd.db"
    _old_layout(path, (1, 2))
    with sqlite3.connect(path) as raw:
        raw.execute("INSERT INTO league_migration VALUES (3)")
    with pytest.raises(MigrationError, match="league migration 3"):
        await Database.open(path)
    assert "league_migration" in _tables(path)  # nothing half-adopted


async def test_a_pragma_refused_as_locked_at_once_is_tried_again(monkeypatch):
    """SQLite answers "locked" without waiting when waiting would deadlock (two new opens)."""
    monkeypatch.setattr(sqlite_backend, "_LOCKED_WAIT_S", 0)

    class Refusing:
        def __init__(self, refusals: int, message: str = "database is locked") -> None:
            self.refusals, self.message, self.calls = refusals, message, 0

        async def execute(self, sql: str) -> None:
            self.calls += 1
            if self.calls <= self.refusals:
                raise sqlite3.OperationalError(self.message)

    twice = Refusing(2)
    await sqlite_backend._pragma(twice, "journal_mode = WAL")  # type: ignore[arg-type]
    assert twice.calls == 3
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        await sqlite_backend._pragma(Refusing(100), "journal_mode = WAL")  # type: ignore[arg-type]
    other = Refusing(1, "no such table: x")
    with pytest.raises(sqlite3.OperationalError, match="no such table"):
        await sqlite_backend._pragma(other, "journal_mode = WAL")  # type: ignore[arg-type]
    assert other.calls == 1
