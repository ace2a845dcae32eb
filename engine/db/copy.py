"""Copy a whole database to an empty one on either backend (`python -m engine.db copy`).

Both ends are opened (and so migrated) by this code, so they have the same tables and
columns (checked); rows copy by column name, table by table in the order the foreign keys
ask (a table after the tables it points at). Everything goes in one write transaction of
the target: a copy that fails leaves it empty. A target with
any row in any table is refused, so a copy never overwrites. PostgreSQL's identity sequences
are then moved past the copied ids (SQLite's `sqlite_sequence` follows the rows by itself),
and every table is compared row for row with the source.

Checking the games themselves (each replayed from its seed) needs the game engines, which
this layer does not know: `__main__.py` does it after the copy.
"""

from __future__ import annotations

import graphlib
from dataclasses import dataclass

from engine.db.connection import Connection, Row
from engine.db.database import Database

SKIPPED = frozenset({"schema_migrations", "sqlite_sequence"})  # written by each end itself
BATCH = 500


class CopyError(RuntimeError):
    """The copy was refused, or the copied rows differ from the source's."""


@dataclass(frozen=True, slots=True)
class Copied:
    """What a copy moved: each table's row count, in the order copied."""

    tables: tuple[tuple[str, int], ...]

    @property
    def rows(self) -> int:
        """Return how many rows were copied in all."""
        return sum(n for _, n in self.tables)


async def tables(db: Database) -> list[str]:
    """Return the data tables, each after every table its foreign keys point at."""
    made = [str(r[0]) for r in await db.fetch_all(db.dialect.tables_sql)]
    names = [name for name in made if name not in SKIPPED]
    after: dict[str, set[str]] = {name: set() for name in names}
    for table, parent in await db.fetch_all(db.dialect.foreign_keys_sql):
        if str(table) in after and str(parent) != str(table):
            after[str(table)].add(str(parent))
    order = graphlib.TopologicalSorter(after)
    order.prepare()
    out: list[str] = []
    while order.is_active():
        ready = sorted(order.get_ready(), key=names.index)  # the order they were made, else
        out.extend(ready)
        order.done(*ready)
    return out


async def copy(source: Database, target: Database) -> Copied:
    """Copy every row of `source` into the empty `target`; raise CopyError if it cannot."""
    mine, theirs = await source.schema_versions(), await target.schema_versions()
    if mine != theirs:
        raise CopyError(f"the source has migrations {mine}, the target {theirs}")
    names = await tables(source)
    if sorted(names) != sorted(await tables(target)):
        raise CopyError("the source and the target have different tables")
    for name in names:
        if await target.fetch_one(f"SELECT 1 FROM {name} LIMIT 1") is not None:  # noqa: S608
            raise CopyError(f"the target is not empty (table {name} has rows): nothing copied")
    columns = {name: await _columns(source, name) for name in names}
    for name in names:
        if sorted(columns[name]) != sorted(await _columns(target, name)):
            raise CopyError(f"table {name} has other columns in the source and the target")
    counts = []
    async with target.transaction() as conn:
        for name in names:
            listed = ", ".join(columns[name])
            rows = await source.fetch_all(f"SELECT {listed} FROM {name}")  # noqa: S608
            counts.append((name, len(rows)))
            marks = ", ".join("?" * len(columns[name]))
            insert = f"INSERT INTO {name} ({listed}) VALUES ({marks})"  # noqa: S608
            for start in range(0, len(rows), BATCH):
                await conn.execute_many(insert, rows[start : start + BATCH])
        await _move_sequences(target, conn)
    for name in names:
        await _compare(source, target, name, columns[name])
    return Copied(tuple(counts))


async def _columns(db: Database, table: str) -> list[str]:
    return [str(r[0]) for r in await db.fetch_all(db.dialect.columns_sql, (table,))]


async def _move_sequences(target: Database, conn: Connection) -> None:
    if target.dialect.identity_sql is None:
        return
    for table, column in await conn.fetch_all(target.dialect.identity_sql):
        await conn.fetch_all(
            f"SELECT setval(pg_get_serial_sequence(?, ?),"  # noqa: S608
            f" coalesce((SELECT max({column}) FROM {table}), 0) + 1, false)",
            (table, column),
        )


def _key(row: Row) -> str:
    return repr(tuple(row))


async def _compare(source: Database, target: Database, name: str, columns: list[str]) -> None:
    # Sorted in Python: the two engines may collate text differently.
    sql = f"SELECT {', '.join(columns)} FROM {name}"  # noqa: S608
    mine = sorted((tuple(r) for r in await source.fetch_all(sql)), key=_key)
    theirs = sorted((tuple(r) for r in await target.fetch_all(sql)), key=_key)
    if mine != theirs:
        raise CopyError(f"table {name} differs after the copy")
