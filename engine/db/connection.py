"""What every backend's connection offers the repositories: six calls with `?` placeholders.

`engine.db.sqlite.SqliteConnection` (aiosqlite) and `engine.db.postgres.PgConnection`
(asyncpg, one connection or a pool of readers) both have this shape, so a repository never
knows which engine it talks to. Rows are plain tuples, in the order of the SELECT.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from engine.db.dialect import Dialect

Row = Sequence[Any]


class Connection(Protocol):
    """One connection (or pool) of an open database."""

    dialect: Dialect

    async def fetch_all(self, sql: str, args: Iterable[Any] = ()) -> list[Row]:
        """Return every row of a query."""
        ...

    async def fetch_one(self, sql: str, args: Iterable[Any] = ()) -> Row | None:
        """Return the first row of a query, or None."""
        ...

    async def execute(self, sql: str, args: Iterable[Any] = ()) -> int:
        """Run one statement; return how many rows it changed."""
        ...

    async def control(self, sql: str) -> None:
        """Run a statement that changes no rows: BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE."""
        ...

    async def execute_many(self, sql: str, rows: Iterable[Iterable[Any]]) -> None:
        """Run one statement once per row of arguments."""
        ...

    async def insert(self, sql: str, args: Iterable[Any] = ()) -> int:
        """Run one INSERT and return the id of the new row."""
        ...

    @property
    def in_transaction(self) -> bool:
        """Whether a transaction is open on this connection (even one a failure aborted)."""
        ...

    async def close(self) -> None:
        """Close the connection."""
        ...


class Writers(Protocol):
    """Where write transactions take their connection: one at a time, or a pool."""

    def acquire(self) -> AbstractAsyncContextManager[Connection]:
        """Hold a writer connection (waiting for a free one) for the block."""
        ...

    async def close(self) -> None:
        """Close every writer, once the transactions holding one are over."""
        ...
