"""The PostgreSQL backend (asyncpg): one writer connection and a pool of readers.

The same policy as SQLite's (database.py): every write transaction of this process runs on
the one writer connection, under the database's write lock, so the statements of two callers
never mix; reads outside a transaction go to a small pool and see committed data only
(PostgreSQL's READ COMMITTED). `DATABASE_URL` is a libpq-style URL
(`postgresql://user@host:5432/name`); any other query parameter is a server setting for each
connection, e.g. `?search_path=denarius` to keep the bot's tables in a schema of their own.

PostgreSQL's errors become `engine.db.DatabaseError` (`IntegrityError` for a broken
constraint), so a repository catches the same exceptions whatever the backend. One
difference a repository must know: after a failing statement PostgreSQL refuses every
further statement of the transaction, so a write whose failure is caught and survived must
run in a nested `Database.transaction()` (a savepoint), as `LeagueStore.insert_league` does.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from engine.db.connection import Row
from engine.db.dialect import POSTGRESQL, Dialect
from engine.db.errors import DatabaseError, IntegrityError

SCHEMES = ("postgresql://", "postgres://")
READERS = 4  # reader connections in the pool: reads are short, writes queue on one writer


def is_url(target: object) -> bool:
    """Whether a database target names a PostgreSQL server rather than an SQLite file."""
    return isinstance(target, str) and target.startswith(SCHEMES)


@asynccontextmanager
async def _translated() -> AsyncIterator[None]:
    try:
        yield
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
        return bool(self.raw.is_in_transaction())

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


async def connect_writer(url: str) -> PgConnection:
    """Open the one connection that writes (statements autocommit; transactions are explicit)."""
    async with _translated():
        return PgConnection(await asyncpg.connect(url))


async def connect_readers(url: str, size: int = READERS) -> PgReaders:
    """Open the pool of reader connections."""
    async with _translated():
        pool = await asyncpg.create_pool(
            url, min_size=1, max_size=size, server_settings={"default_transaction_read_only": "on"}
        )
    return PgReaders(pool)
