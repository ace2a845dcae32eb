"""The one open database of the bot: its connections, its write transactions, its migrations.

Every repository (the sessions' `Store`, the leagues' `LeagueStore`) works over the same
`Database`, so the bot has one set of writers and one migrations runner:

- **Reads** go to the reader connection and see committed data only. Inside a transaction,
  `current()` is that transaction's own connection, so a repository reads its own
  uncommitted writes.
- **Writes** happen inside `transaction()`, each on a writer connection of its own for its
  whole length, so the statements of two callers never mix in one transaction. SQLite has
  one writer (`BEGIN IMMEDIATE`, under one asyncio lock); PostgreSQL a pool of `writers`
  connections, so transactions of different games run at once (a game's own moves are kept
  in order by the session service's lock of that game and the `WHERE version = ?` save). A
  deadlock or serialization failure (PostgreSQL) raises `TransientError`; `run(body)` runs
  a transaction again a bounded number of times when that happens. A nested
  `transaction()` in the same task is a savepoint of the outer one (it joins it, and an
  error inside rolls back only the inner part before propagating). `execute()` outside any
  transaction runs as a transaction of its own.
- A transaction whose COMMIT fails is rolled back, so the writer is never left inside a
  transaction that nobody will finish.

`open(target)` chooses the backend: a `postgresql://` URL opens PostgreSQL (postgres.py: a
pool of writers and a pool of readers), anything else is an SQLite file (sqlite.py) or
`:memory:`. The policy above is the same for both.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Self, TypeVar

from engine.db import postgres, sqlite
from engine.db.connection import Connection, Row, Writers
from engine.db.dialect import SQLITE, Dialect
from engine.db.errors import TransientError
from engine.db.migrate import Migration, migrate

# DEBUG: each write transaction's wait for a writer and how long it held it (the bench)
_latency = logging.getLogger("denarius.latency.db")
log = logging.getLogger(__name__)

ATTEMPTS = 3  # how many times `run` tries a transaction that met a deadlock or conflict
T = TypeVar("T")
C = TypeVar("C")


class OneWriter:
    """SQLite's writers: its one writer connection, taken by one transaction at a time."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self._lock = asyncio.Lock()

    @asynccontextmanager
    async def acquire(self) -> AsyncIterator[Connection]:
        """Wait for the writer and hold it for the block."""
        async with self._lock:
            yield self.conn

    async def close(self) -> None:
        """Close the writer once the running transaction (if any) is over."""
        async with self._lock:
            await self.conn.close()


@dataclass(slots=True)
class _Open:
    """The transaction a task holds: its connection and how deep its savepoints go."""

    task: asyncio.Task[Any] | None
    conn: Connection
    depth: int = 0


class Database:
    """One database: its writers, a reader, and the migrations applied on open."""

    # The SQL built at import time (upserts) is the same in every dialect; an open database's
    # own dialect is set by `open`.
    dialect: Dialect = SQLITE

    def __init__(self, writers: Writers, reader: Connection, dialect: Dialect) -> None:
        """Wrap open writers and a reader (for `:memory:` the writer itself); see `open`."""
        self.dialect = dialect
        self._writers = writers
        self.reader = reader
        self.target = ""
        self._open: ContextVar[_Open | None] = ContextVar(f"db_{id(self)}", default=None)
        self.closed = False

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        synchronous: str = "FULL",
        migrations: Sequence[Migration] | None = None,
        writers: int = postgres.WRITERS,
    ) -> Self:
        """Open (creating if needed, 0600) and migrate the database at `path`.

        `path` is an SQLite file, `:memory:`, or a `postgresql://` URL (the server's database
        must exist; `synchronous` is SQLite's; `writers` is PostgreSQL's most writer
        connections, so transactions at once: SQLite has one). `migrations` defaults to the
        files of `engine/db/migrations/`.
        """
        if postgres.is_url(path):
            return await cls._open_postgres(str(path), migrations, writers)
        writer = sqlite.SqliteConnection(await sqlite.connect_writer(path, synchronous))
        db = cls(OneWriter(writer), writer, writer.dialect)
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
    async def _open_postgres(
        cls, url: str, migrations: Sequence[Migration] | None, writers: int
    ) -> Self:
        pool = await postgres.connect_writers(url, writers)
        db = cls(pool, pool.first, pool.dialect)  # the migrations read in their transactions
        db.target = url
        try:
            await migrate(db, migrations)
            db.reader = await postgres.connect_readers(url)
        except BaseException:
            await pool.close()
            raise
        return db

    async def close(self) -> None:
        """Close the connections (waiting for running transactions to finish)."""
        if self.closed:
            return
        self.closed = True
        shared = isinstance(self._writers, OneWriter) and self.reader is self._writers.conn
        await self._writers.close()
        if not shared:
            await self.reader.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def _held(self) -> _Open | None:
        held = self._open.get()
        # A task started inside a transaction inherits the variable, not the transaction.
        return held if held is not None and held.task is asyncio.current_task() else None

    def current(self) -> Connection:
        """Return the connection to read from: this task's transaction's, else the reader."""
        held = self._held()
        return self.reader if held is None else held.conn

    @property
    def in_transaction(self) -> bool:
        """Whether the calling task is inside `transaction()`."""
        return self._held() is not None

    @asynccontextmanager
    async def transaction(self, *, turns: int | None = None) -> AsyncIterator[Connection]:
        """Run the block as one immediate transaction; any exception rolls everything back.

        The block has a writer connection to itself until it ends; another task's
        transaction waits for a free writer (SQLite's one, or one of PostgreSQL's pool).
        `turns`: a key (`LEAGUE_LOCK_KEY`, ...); the write transactions given the same key
        run one at a time, in every process (`Dialect.turns`: an advisory lock held to the
        outer transaction's end, taken again by a nested one for free), for those that read
        what they then write, which one writer alone kept whole.
        """
        async with self._transaction() as conn:
            lock = None if turns is None else self.dialect.turns(turns)
            if lock is not None:
                await conn.fetch_all(lock)
            yield conn

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Connection]:
        held = self._held()
        if held is not None:
            async with self._savepoint(held):
                yield held.conn
            return
        asked = time.perf_counter()
        async with self._writers.acquire() as conn:
            began = time.perf_counter()
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

    async def run(
        self, body: Callable[[Connection], Awaitable[T]], *, attempts: int = ATTEMPTS
    ) -> T:
        """Run `body` in one transaction; run it again if a deadlock or conflict undid it.

        Only a transaction of its own is run again (at most `attempts` times in all, the last
        `TransientError` raised): inside another transaction `body` runs once, in a
        savepoint, and the failure goes to whoever runs the outer one. `body` must leave
        nothing behind outside the database that a second run would double.
        """
        return await retried(self.transaction, body, nested=self.in_transaction, attempts=attempts)

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


async def retried(
    transaction: Callable[[], AbstractAsyncContextManager[C]],
    body: Callable[[C], Awaitable[T]],
    *,
    nested: bool,
    attempts: int = ATTEMPTS,
) -> T:
    """Run `body` in `transaction()`, again (up to `attempts` in all) if `TransientError`.

    `nested`: the caller is inside a transaction already, so `body` runs once (its failure
    is for the outer transaction's runner to retry). `Database.run` and `Store.run` use it.
    """
    if nested:
        async with transaction() as conn:
            return await body(conn)
    for attempt in range(1, attempts + 1):
        try:
            async with transaction() as conn:
                return await body(conn)
        except TransientError as error:
            if attempt >= attempts:
                raise
            log.info("transaction undone (%s); attempt %d of %d", error, attempt + 1, attempts)
            await asyncio.sleep(0.005 * attempt)
    raise ValueError(f"attempts must be at least 1, got {attempts}")


async def _rollback(conn: Connection) -> None:
    # SQLite may have rolled back already (a full disk, an I/O error): then there is nothing.
    if conn.in_transaction:
        await conn.control("ROLLBACK")
