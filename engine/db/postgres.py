"""The PostgreSQL backend (asyncpg): a pool of writer connections and a pool of readers.

The same policy as SQLite's (database.py), with more writers: each write transaction holds
a writer connection of its own from `BEGIN` to `COMMIT` (`PgWriters`, at most `WRITERS` of
them, opened as needed), so the statements of two callers never mix and transactions of
different games run at once; reads outside a transaction go to a small pool and see
committed data only (PostgreSQL's READ COMMITTED). A deadlock or serialization failure
becomes `engine.db.TransientError` (`Database.run` runs such a transaction again).
`DATABASE_URL` is a libpq-style URL (`postgresql://user@host:5432/name`); any other query
parameter is a server setting for each connection, e.g. `?search_path=denarius` to keep the
bot's tables in a schema of their own.

PostgreSQL's errors become `engine.db.DatabaseError` (`IntegrityError` for a broken
constraint), so a repository catches the same exceptions whatever the backend. One
difference a repository must know: after a failing statement PostgreSQL refuses every
further statement of the transaction, so a write whose failure is caught and survived must
run in a nested `Database.transaction()` (a savepoint), as `LeagueStore.insert_league` does.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from engine.db.connection import Row
from engine.db.dialect import POSTGRESQL, Dialect
from engine.db.errors import DatabaseError, IntegrityError, TransientError

SCHEMES = ("postgresql://", "postgres://")
READERS = 4  # reader connections in the pool: reads are short
WRITERS = 4  # most writer connections, so write transactions at once (DATABASE_WRITERS)


def is_url(target: object) -> bool:
    """Whether a database target names a PostgreSQL server rather than an SQLite file."""
    return isinstance(target, str) and target.startswith(SCHEMES)


@asynccontextmanager
async def _translated() -> AsyncIterator[None]:
    try:
        yield
    except (asyncpg.DeadlockDetectedError, asyncpg.SerializationError) as error:
        raise TransientError(f"{type(error).__name__}: {error}") from error
    except asyncpg.IntegrityConstraintViolationError as error:
        raise IntegrityError(str(error)) from error
    except (asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        raise DatabaseError(f"{type(error).__name__}: {error}") from error


def _count(status: str) -> int:
    # asyncpg returns the command tag: "UPDATE 3", "DELETE 0", "INSERT 0 1", "CREATE TABLE".
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class _Reads:
    """The reads an asyncpg connection and an asyncpg pool make alike (`?` placeholders)."""

    raw: asyncpg.Connection | asyncpg.Pool
    dialect: Dialect

    async def fetch_all(self, sql: str, args: Iterable[Any] = ()) -> list[Row]:
        """Return every row of a query."""
        async with _translated():
            rows = await self.raw.fetch(self.dialect.sql(sql), *args)
        return [tuple(r) for r in rows]

    async def fetch_one(self, sql: str, args: Iterable[Any] = ()) -> Row | None:
        """Return the first row of a query, or None."""
        rows = await self.fetch_all(sql, args)
        return rows[0] if rows else None


class PgConnection(_Reads):
    """One asyncpg connection's calls, as every repository makes them (`?` placeholders)."""

    def __init__(self, conn: asyncpg.Connection, dialect: Dialect = POSTGRESQL) -> None:
        self.raw: asyncpg.Connection = conn
        self.dialect = dialect

    async def execute(self, sql: str, args: Iterable[Any] = ()) -> int:
        """Run one statement; return how many rows it changed."""
        async with _translated():
            return _count(await self.raw.execute(self.dialect.sql(sql), *args))

    async def control(self, sql: str) -> None:
        """Run a statement that changes no rows: BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE."""
        async with _translated():
            await self.raw.execute(sql)

    async def execute_many(self, sql: str, rows: Iterable[Iterable[Any]]) -> None:
        """Run one statement once per row of arguments."""
        async with _translated():
            await self.raw.executemany(self.dialect.sql(sql), [tuple(r) for r in rows])

    async def insert(self, sql: str, args: Iterable[Any] = ()) -> int:
        """Run one INSERT and return the id of the new row (its `id` column)."""
        async with _translated():
            row_id = await self.raw.fetchval(self.dialect.sql(f"{sql} RETURNING id"), *args)
        if row_id is None:  # pragma: no cover - an INSERT ... RETURNING always gives it
            raise DatabaseError("insert returned no row id")
        return int(row_id)

    @property
    def in_transaction(self) -> bool:
        """Whether a transaction is open (even one that a failed statement aborted)."""
        return not self.raw.is_closed() and bool(self.raw.is_in_transaction())

    async def close(self) -> None:
        """Close the connection."""
        await self.raw.close()


class PgReaders(_Reads):
    """The reader pool (read-only connections): each read borrows one for one statement."""

    def __init__(self, pool: asyncpg.Pool, dialect: Dialect = POSTGRESQL) -> None:
        self.raw: asyncpg.Pool = pool
        self.dialect = dialect

    async def execute(self, sql: str, args: Iterable[Any] = ()) -> int:
        """Refuse: the readers only read (writes go through `Database.transaction()`)."""
        raise DatabaseError("the reader pool only reads")

    async def control(self, sql: str) -> None:
        """Refuse: a pool has no transaction to control."""
        raise DatabaseError("the reader pool only reads")

    async def execute_many(self, sql: str, rows: Iterable[Iterable[Any]]) -> None:
        """Refuse: the readers only read."""
        raise DatabaseError("the reader pool only reads")

    async def insert(self, sql: str, args: Iterable[Any] = ()) -> int:
        """Refuse: the readers only read."""
        raise DatabaseError("the reader pool only reads")

    @property
    def in_transaction(self) -> bool:
        """A pool is never inside a transaction."""
        return False

    async def close(self) -> None:
        """Close every connection of the pool."""
        await self.raw.close()


class PgWriters:
    """The writer connections: each transaction holds one; at most `size`, opened as needed.

    A pool of our own rather than asyncpg's: a connection goes back as it is (asyncpg's pool
    resets each one it gets back, one more round trip per transaction), and one that comes
    back broken or still inside a transaction (a rollback that could not finish) is dropped
    rather than handed to the next transaction.
    """

    def __init__(self, url: str, size: int, first: PgConnection) -> None:
        if size < 1:
            raise ValueError(f"PostgreSQL needs at least one writer, got {size}")
        self.url = url
        self.size = size
        self.dialect = first.dialect
        self.first = first
        self._idle = [first]
        self._slots = asyncio.Semaphore(size)
        self.opened = 1  # connections opened so far (the test of the pool reads it)

    @asynccontextmanager
    async def acquire(self) -> AsyncIterator[PgConnection]:
        """Hold a writer for the block, waiting while all `size` are taken."""
        async with self._slots:
            if self._idle:
                conn = self._idle.pop()
            else:
                conn = await connect_writer(self.url)
                self.opened += 1
            try:
                yield conn
            finally:
                if conn.raw.is_closed() or conn.in_transaction:
                    conn.raw.terminate()
                else:
                    self._idle.append(conn)

    async def close(self) -> None:
        """Close every writer once the transactions holding one are over."""
        for _ in range(self.size):
            await self._slots.acquire()
        idle, self._idle = self._idle, []
        for conn in idle:
            await conn.close()


async def connect_writer(url: str) -> PgConnection:
    """Open one connection that writes (statements autocommit; transactions are explicit)."""
    async with _translated():
        return PgConnection(await asyncpg.connect(url))


async def connect_writers(url: str, size: int = WRITERS) -> PgWriters:
    """Open the writers (one connection now, the others when transactions at once need them)."""
    return PgWriters(url, size, await connect_writer(url))


async def connect_readers(url: str, size: int = READERS) -> PgReaders:
    """Open the pool of reader connections."""
    async with _translated():
        pool = await asyncpg.create_pool(
            url, min_size=1, max_size=size, server_settings={"default_transaction_read_only": "on"}
        )
    return PgReaders(pool)
