"""The one open database of the bot: its connections, its write transactions, its migrations.

Every repository (the sessions' `Store`, the leagues' `LeagueStore`) works over the same
`Database`, so the bot has one writer connection, one write lock and one migrations runner:

- **Reads** go to the reader connection and see committed data only. Inside a transaction,
  `current()` is the writer, so a repository reads its own uncommitted writes.
- **Writes** happen inside `transaction()`: `BEGIN IMMEDIATE` on the writer, under one
  asyncio lock, so the statements of two callers never mix in one transaction. A nested
  `transaction()` in the same task is a savepoint of the outer one (it joins it, and an
  error inside rolls back only the inner part before propagating). `execute()` outside any
  transaction runs as a transaction of its own.
- A transaction whose COMMIT fails is rolled back, so the writer is never left inside a
  transaction that nobody will finish.

`open(target)` chooses the backend: a `postgresql://` URL opens PostgreSQL (postgres.py: one
writer connection and a pool of readers), anything else is an SQLite file (sqlite.py) or
`:memory:`. The policy above is the same for both.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Self

from engine.db import postgres, sqlite
from engine.db.connection import Connection, Row
from engine.db.dialect import SQLITE, Dialect
from engine.db.migrate import Migration, migrate

# DEBUG: each write transaction's wait for the one writer and how long it held it (the bench)
_latency = logging.getLogger("denarius.latency.db")


@dataclass(slots=True)
class _Open:
    """The transaction a task holds: its connection and how deep its savepoints go."""

    task: asyncio.Task[Any] | None
    conn: Connection
    depth: int = 0


class Database:
    """One database: a writer, a reader, one write lock and the migrations applied on open."""

    # The SQL built at import time (upserts) is the same in every dialect; an open database's
    # own dialect is set by `open`.
    dialect: Dialect = SQLITE

    def __init__(self, writer: Connection, reader: Connection) -> None:
        """Wrap two open connections (the same one twice for `:memory:`); see `open`."""
        self.dialect = writer.dialect
        self._writer = writer
        self.reader = reader
        self.target = ""
        self._lock = asyncio.Lock()
        self._open: ContextVar[_Open | None] = ContextVar(f"db_{id(self)}", default=None)
        self.closed = False

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        synchronous: str = "FULL",
        migrations: Sequence[Migration] | None = None,
    ) -> Self:
        """Open (creating if needed, 0600) and migrate the database at `path`.

        `path` is an SQLite file, `:memory:`, or a `postgresql://` URL (the server's database
        must exist; `synchronous` is SQLite's). `migrations` defaults to the files of
        `engine/db/migrations/`.
        """
        if postgres.is_url(path):
            return await cls._open_postgres(str(path), migrations)
        writer = sqlite.SqliteConnection(await sqlite.connect_writer(path, synchronous))
        db = cls(writer, writer)
        db.target = str(path)
        try:
            await migrate(db, migrations)
            if str(path) != sqlite.MEMORY:
                db.reader = sqlite.SqliteConnection(await sqlite.connect_reader(path))
        except BaseException:
            await writer.close()
            raise
        return db

    @classmethod
    async def _open_postgres(cls, url: str, migrations: Sequence[Migration] | None) -> Self:
        writer = await postgres.connect_writer(url)
        db = cls(writer, writer)
        db.target = url
        try:
            await migrate(db, migrations)
            db.reader = await postgres.connect_readers(url)
        except BaseException:
            await writer.close()
            raise
        return db

    async def close(self) -> None:
        """Close the connections (waiting for a running transaction to finish)."""
        async with self._lock:
            if self.closed:
                return
            self.closed = True
            if self.reader is not self._writer:
                await self.reader.close()
            await self._writer.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def _held(self) -> _Open | None:
        held = self._open.get()
        # A task started inside a transaction inherits the variable, not the transaction.
        return held if held is not None and held.task is asyncio.current_task() else None

    def current(self) -> Connection:
        """Return the connection to read from: this task's transaction, else the reader."""
        held = self._held()
        return self.reader if held is None else held.conn

    @property
    def in_transaction(self) -> bool:
        """Whether the calling task is inside `transaction()`."""
        return self._held() is not None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        """Run the block as one immediate transaction; any exception rolls everything back."""
        held = self._held()
        if held is not None:
            async with self._savepoint(held):
                yield held.conn
            return
        asked = time.perf_counter()
        async with self._lock:
            began = time.perf_counter()
            conn = self._writer
            await conn.control(self.dialect.begin)
            self._open.set(_Open(asyncio.current_task(), conn))
            try:
                yield conn
            except BaseException:
                await _rollback(conn)
                raise
            finally:
                self._open.set(None)
            try:
                await conn.control("COMMIT")
            except BaseException:
                await _rollback(conn)
                raise
            if _latency.isEnabledFor(logging.DEBUG):  # the bench: where a move's time goes
                waited, spent = began - asked, time.perf_counter() - began
                _latency.debug("write waited %.1f ms, held %.1f ms", waited * 1000, spent * 1000)

    @asynccontextmanager
    async def _savepoint(self, held: _Open) -> AsyncIterator[None]:
        held.depth += 1
        name = f"nested_{held.depth}"
        await held.conn.control(f"SAVEPOINT {name}")
        try:
            yield
        except BaseException:
            if held.conn.in_transaction:
                await held.conn.control(f"ROLLBACK TO {name}")
                await held.conn.control(f"RELEASE {name}")
            raise
        finally:
            held.depth -= 1
        await held.conn.control(f"RELEASE {name}")

    async def fetch_all(self, sql: str, args: Iterable[Any] = ()) -> list[Row]:
        """Return every row of a query, read from `current()`."""
        return await self.current().fetch_all(sql, args)

    async def fetch_one(self, sql: str, args: Iterable[Any] = ()) -> Row | None:
        """Return the first row of a query read from `current()`, or None."""
        return await self.current().fetch_one(sql, args)

    # A failing statement undoes only itself in SQLite; in PostgreSQL it aborts the whole
    # transaction, so a caller that survives a failed write wraps it in a nested
    # `transaction()` (a savepoint), which works the same in both.

    async def execute(self, sql: str, args: Iterable[Any] = ()) -> int:
        """Run one write in this task's transaction (or in one of its own); return the count."""
        held = self._held()
        if held is not None:
            return await held.conn.execute(sql, args)
        async with self.transaction() as conn:
            return await conn.execute(sql, args)

    async def execute_many(self, sql: str, rows: Iterable[Iterable[Any]]) -> None:
        """Run one write once per row of arguments, in this task's transaction (or its own)."""
        held = self._held()
        if held is not None:
            await held.conn.execute_many(sql, rows)
            return
        async with self.transaction() as conn:
            await conn.execute_many(sql, rows)

    async def insert(self, sql: str, args: Iterable[Any] = ()) -> int:
        """Run one INSERT in this task's transaction (or its own); return the new row's id."""
        held = self._held()
        if held is not None:
            return await held.conn.insert(sql, args)
        async with self.transaction() as conn:
            return await conn.insert(sql, args)

    async def migrate(self, migrations: Sequence[Migration] | None = None) -> list[int]:
        """Apply the migrations not yet applied (`open` already did); return their numbers."""
        return await migrate(self, migrations)

    async def schema_versions(self) -> list[int]:
        """Return the applied migration numbers, in order."""
        rows = await self.reader.fetch_all("SELECT version FROM schema_migrations ORDER BY version")
        return [int(r[0]) for r in rows]

    async def backup(self, target: str | Path) -> None:
        """Copy the whole database to `target` as one consistent snapshot, while games go on.

        SQLite only: a PostgreSQL server is backed up with its own tools (README).
        """
        if not isinstance(self.reader, sqlite.SqliteConnection):
            raise NotImplementedError("back up a PostgreSQL database with pg_dump (README)")
        await sqlite.backup(self.reader.raw, target)


async def _rollback(conn: Connection) -> None:
    # SQLite may have rolled back already (a full disk, an I/O error): then there is nothing.
    if conn.in_transaction:
        await conn.control("ROLLBACK")
