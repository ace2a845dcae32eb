"""Databases written before the single numbering: fold their bookkeeping into ours.

Until then the sessions and the leagues each ran their own migrations on the same file: the
sessions' `0001_initial.sql` was recorded in `schema_migrations`, the leagues' `0001` and
`0002` in a table of their own, `league_migration` (number only). The tables they made are
exactly those of today's 0001 to 0003, so adopting such a database is bookkeeping only: the
leagues' numbers are recorded under their new numbers, the old table is dropped, and the
sessions' file gets its new name. Every row stays as it was. This runs inside the runner's
first transaction, so it happens once, or not at all.
"""

from __future__ import annotations

from engine.db.connection import Connection
from engine.db.dialect import Dialect
from engine.db.errors import MigrationError

LEAGUE_TABLE = "league_migration"
# league_migration number -> (number, file name) in engine/db/migrations/
LEAGUE_NUMBERS = {1: (2, "0002_leagues.sql"), 2: (3, "0003_league_games.sql")}
SESSION_NAMES = {1: ("0001_initial.sql", "0001_sessions.sql")}


async def adopt(conn: Connection, dialect: Dialect, stamp: str) -> list[int]:
    """Record an old database's league migrations under the one numbering; return them."""
    for number, (old, new) in SESSION_NAMES.items():
        await conn.execute(
            "UPDATE schema_migrations SET name = ? WHERE version = ? AND name = ?",
            (new, number, old),
        )
    tables = {str(r[0]) for r in await conn.fetch_all(dialect.tables_sql)}
    if LEAGUE_TABLE not in tables:
        return []
    adopted = []
    record = dialect.insert_ignore(
        "schema_migrations", ("version", "name", "applied_at"), ("version",)
    )
    for (old,) in await conn.fetch_all(f"SELECT version FROM {LEAGUE_TABLE} ORDER BY version"):  # noqa: S608
        if old not in LEAGUE_NUMBERS:
            raise MigrationError(
                f"{LEAGUE_TABLE} records league migration {old}, which this code does not know"
            )
        number, name = LEAGUE_NUMBERS[old]
        await conn.execute(record, (number, name, stamp))
        adopted.append(number)
    await conn.execute(f"DROP TABLE {LEAGUE_TABLE}")
    return adopted
