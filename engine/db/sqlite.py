"""The SQLite backend: the connection policy, private files, and one connection's calls.

A file database in WAL mode with two aiosqlite connections: the writer (used only inside
`Database.transaction()`) and a reader with `query_only` on, which sees only committed data.
`:memory:` has one connection for both (a second would be another, empty database).

The database file is created 0600 (and an existing one loosened by older versions is
tightened to 0600), so games, seats and settings are not readable by other local users; the
`-wal` and `-shm` files SQLite creates beside it take the main file's mode.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import aiosqlite

from engine.db.connection import Row
from engine.db.dialect import SQLITE, Dialect
from engine.db.errors import IntegrityError

log = logging.getLogger(__name__)

MEMORY = ":memory:"
SYNCHRONOUS = ("FULL", "NORMAL")
FILE_MODE = 0o600
FOLDER_MODE = 0o700
# busy_timeout first: switching a new file to WAL takes a lock another process may hold.
_WRITER_PRAGMAS = ("busy_timeout = 5000", "journal_mode = WAL", "foreign_keys = ON")
_READER_PRAGMAS = ("query_only = ON", "busy_timeout = 5000")


class SqliteConnection:
    """One aiosqlite connection's calls, as every repository makes them (`?` placeholders)."""

    def __init__(self, conn: aiosqlite.Connection, dialect: Dialect = SQLITE) -> None:
        self.raw = conn
        self.dialect = dialect

    async def fetch_all(self, sql: str, args: Iterable[Any] = ()) -> list[Row]:
        """Return every row of a query."""
        # Execute and fetch in one call on the connection's thread: statements of concurrent
        # callers must not overlap, or the reader's snapshot stays pinned to an old commit.
        return list(await self.raw.execute_fetchall(self.dialect.sql(sql), tuple(args)))

    async def fetch_one(self, sql: str, args: Iterable[Any] = ()) -> Row | None:
        """Return the first row of a query, or None."""
        rows = await self.fetch_all(sql, args)
        return rows[0] if rows else None

    async def execute(self, sql: str, args: Iterable[Any] = ()) -> int:
        """Run one statement; return how many rows it changed."""
        try:
            cursor = await self.raw.execute(self.dialect.sql(sql), tuple(args))
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from error
        count = cursor.rowcount
        await cursor.close()
        return count

    async def control(self, sql: str) -> None:
        """Run a statement that changes no rows: BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE."""
        # One trip to the connection's thread: such a statement leaves nothing to fetch, and
        # its cursor is dropped unclosed (closing it would be a second trip per transaction).
        try:
            await self.raw.execute(sql)
        except sqlite3.IntegrityError as error:  # a deferred constraint, at COMMIT
            raise IntegrityError(str(error)) from error

    async def execute_many(self, sql: str, rows: Iterable[Iterable[Any]]) -> None:
        """Run one statement once per row of arguments."""
        try:
            await self.raw.executemany(self.dialect.sql(sql), [tuple(r) for r in rows])
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from error

    async def insert(self, sql: str, args: Iterable[Any] = ()) -> int:
        """Run one INSERT and return the id of the new row."""
        try:
            cursor = await self.raw.execute(self.dialect.sql(sql), tuple(args))
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from error
        row_id = cursor.lastrowid
        await cursor.close()
        if row_id is None:  # pragma: no cover - an INSERT always sets it
            raise RuntimeError("insert returned no row id")
        return row_id

    @property
    def in_transaction(self) -> bool:
        """Whether a transaction is open (SQLite may have rolled one back by itself)."""
        return self.raw.in_transaction

    async def close(self) -> None:
        """Close the connection."""
        await self.raw.close()


def prepare_file(path: Path) -> None:
    """Create the database's folder and file private to this user, or tighten an old file."""
    if not path.parent.exists():
        path.parent.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, FILE_MODE))
    except FileExistsError:
        for part in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            _tighten(part)


def _tighten(path: Path) -> None:
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        return
    if mode & 0o077:
        log.info("making %s private to its owner (was %o)", path, mode)
        path.chmod(mode & 0o700)


async def connect_writer(path: str | Path, synchronous: str) -> aiosqlite.Connection:
    """Open the one connection that writes (autocommit; transactions are explicit)."""
    if synchronous not in SYNCHRONOUS:
        raise ValueError("synchronous must be FULL or NORMAL")
    if str(path) != MEMORY:
        prepare_file(Path(path))
    conn = await aiosqlite.connect(path, isolation_level=None)
    for pragma in (*_WRITER_PRAGMAS, f"synchronous = {synchronous}"):
        await _pragma(conn, pragma)
    return conn


# Switching a new file to WAL takes an exclusive lock. When two processes open the same new
# file at once, both hold a shared lock and want it: SQLite then answers one of them "database
# is locked" at once, without waiting out busy_timeout (waiting would deadlock). That one
# tries again once the other has switched.
_LOCKED_TRIES = 50
_LOCKED_WAIT_S = 0.1


async def _pragma(conn: aiosqlite.Connection, pragma: str) -> None:
    for attempt in range(_LOCKED_TRIES):
        try:
            await conn.execute(f"PRAGMA {pragma}")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or attempt == _LOCKED_TRIES - 1:
                raise
            await asyncio.sleep(_LOCKED_WAIT_S)


async def connect_reader(path: str | Path) -> aiosqlite.Connection:
    """Open a connection that can only read (it sees committed data only)."""
    conn = await aiosqlite.connect(path, isolation_level=None)
    for pragma in _READER_PRAGMAS:
        await conn.execute(f"PRAGMA {pragma}")
    return conn


async def backup(source: aiosqlite.Connection, target: str | Path) -> None:
    """Copy a whole database to `target` (created private) as one consistent snapshot."""
    prepare_file(Path(target))
    copy = await aiosqlite.connect(target)
    try:
        await source.backup(copy)
    finally:
        await copy.close()
