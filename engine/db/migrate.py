"""The one migrations runner: the numbered files of `engine/db/migrations/`, applied in order.

Every table of the bot, the sessions' and the leagues', comes from one numbered series
(`0001_sessions.sql`, `0002_leagues.sql`, ...), recorded in `schema_migrations` (number,
file name, time applied). Each file runs in its own write transaction, which first checks
that nobody applied it meanwhile, so two processes opening a new database at once apply it
once (PostgreSQL's BEGIN takes no lock, so there each first takes an advisory lock), and a
failing file changes nothing (PostgreSQL's DDL is transactional too). A database recording a
number this code does not know (written by newer code), or a file name that differs from the
file's, is refused.

Databases written before the single numbering kept the leagues' migrations apart, in
`league_migration`; `legacy.adopt` folds that bookkeeping in before anything runs.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from importlib import resources
from typing import TYPE_CHECKING, NamedTuple

from engine.db import legacy
from engine.db.errors import DatabaseError, MigrationError

if TYPE_CHECKING:
    from engine.db.database import Database

MIGRATIONS = "engine.db.migrations"
BOOKKEEPING = (
    "CREATE TABLE IF NOT EXISTS schema_migrations"
    " (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
)
_NAME = re.compile(r"\d{4}_[a-z0-9_]+\.sql")


class Migration(NamedTuple):
    """One migration file: its number, its file name and its SQL."""

    number: int
    name: str
    sql: str


def migration_files(package: str = MIGRATIONS) -> list[Migration]:
    """Return every migration file of `package`, in order (each number once, from 1)."""
    out = []
    for entry in resources.files(package).iterdir():
        name = entry.name
        if name.endswith(".sql"):
            if not _NAME.fullmatch(name):
                raise MigrationError(f"bad migration file name {name!r}")
            out.append(Migration(int(name[:4]), name, entry.read_text(encoding="utf-8")))
    out.sort()
    numbers = [m.number for m in out]
    # Numbers are handed out to branches worked on side by side (0004, 0005, ...), so one may
    # be missing for a while; each number is still used once, and each file runs once.
    if len(set(numbers)) != len(numbers) or min(numbers, default=1) < 1:
        raise MigrationError(f"migrations must have distinct numbers from 1, got {numbers}")
    return out


def split_statements(sql: str) -> list[str]:
    """Split a migration file into its SQL statements (comments kept with the next one)."""
    statements, start = [], 0
    for end, char in enumerate(sql):
        if char == ";" and sqlite3.complete_statement(sql[start : end + 1]):
            statements.append(sql[start : end + 1].strip())
            start = end + 1
    rest = [ln for ln in sql[start:].splitlines() if ln.strip() and not ln.strip().startswith("--")]
    if rest:
        raise MigrationError(f"unterminated SQL statement: {rest[0][:60]!r}")
    return statements


async def migrate(db: Database, files: Sequence[Migration] | None = None) -> list[int]:
    """Apply every migration not yet recorded, each in its own transaction; return them.

    `files` defaults to `migration_files()`.
    """
    files = migration_files() if files is None else list(files)
    stamp = _stamp()
    lock = db.dialect.migration_lock
    async with db.transaction() as conn:
        if lock is not None:  # PostgreSQL: BEGIN takes no lock, so processes take turns here
            await conn.fetch_all(lock)
        await conn.execute(db.dialect.ddl(BOOKKEEPING))
        await legacy.adopt(conn, db.dialect, stamp)
        recorded = await conn.fetch_all("SELECT version, name FROM schema_migrations")
    _check({m.number: m.name for m in files}, {int(v): str(n) for v, n in recorded})
    applied = []
    for number, name, sql in files:
        async with db.transaction() as conn:
            if lock is not None:
                await conn.fetch_all(lock)
            if await conn.fetch_one("SELECT 1 FROM schema_migrations WHERE version = ?", (number,)):
                continue
            try:
                for statement in split_statements(sql):
                    await conn.execute(db.dialect.ddl(statement))
            except (sqlite3.Error, DatabaseError, MigrationError) as error:
                raise MigrationError(f"migration {name} failed: {error}") from error
            await conn.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                (number, name, _stamp()),
            )
            applied.append(number)
    return applied


def _check(known: dict[int, str], recorded: dict[int, str]) -> None:
    for number, name in sorted(recorded.items()):
        if number not in known:
            raise MigrationError(
                f"the database records migration {name}, which this code does not have:"
                " it was written by a newer version of the bot"
            )
        if known[number] != name:
            raise MigrationError(
                f"the database records migration {number} as {name}, but the file is"
                f" {known[number]}: it was migrated by other code"
            )


def _stamp() -> str:
    # When a migration ran is bookkeeping for people, not game time: the wall clock is right.
    return datetime.now(UTC).isoformat(timespec="microseconds")
