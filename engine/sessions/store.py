"""The SQLite store of game sessions: connections, migrations, rows, and write transactions.

One file database in WAL mode with two connections: a writer, used only inside `transaction()`
(an asyncio lock makes it the single writer, so statements of two games never mix in one
transaction), and a reader that sees only committed data. Migrations are the numbered files in
`migrations/`, applied in order and recorded in `schema_migrations`.
"""

import asyncio
import re
import sqlite3
from collections.abc import AsyncIterator, Iterable, Mapping
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any, Self

import aiosqlite

from engine.sessions.rows import (
    GameRow,
    MoveRow,
    RequestRow,
    SeatRow,
    TimerRow,
    to_text,
)

MIGRATIONS = "engine.sessions.migrations"
_MIGRATION_NAME = re.compile(r"\d{4}_[a-z0-9_]+\.sql")

GAME_COLUMNS = frozenset(
    {
        "creator_id", "thread_id", "lobby_message_id", "board_message_id", "ping_message_id",
        "seed", "status", "state", "version", "turn_seat", "turn_since", "deadline", "result",
        "updated_at", "language", "policy", "move_seconds", "reminders",
    }
)  # fmt: skip
SEAT_COLUMNS = frozenset({"seat", "state", "stand_in", "timeouts", "muted", "standing"})


class _Reads:
    """Queries shared by the reader connection and write transactions."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def _all(self, sql: str, args: Iterable[Any] = ()) -> list[sqlite3.Row]:
        # Execute and fetch in one call on the connection's thread: statements of concurrent
        # callers must not overlap, or the reader's snapshot stays pinned to an old commit.
        return list(await self._conn.execute_fetchall(sql, tuple(args)))

    async def game(self, game_id: int) -> GameRow | None:
        """Return the game row, or None."""
        rows = await self._all("SELECT * FROM games WHERE id = ?", (game_id,))
        return GameRow(*rows[0]) if rows else None

    async def seats(self, game_id: int) -> list[SeatRow]:
        """Return the seats of a game in join order."""
        rows = await self._all("SELECT * FROM seats WHERE game_id = ? ORDER BY slot", (game_id,))
        return [SeatRow(*r) for r in rows]

    async def moves(self, game_id: int, *, live_only: bool = True) -> list[MoveRow]:
        """Return the move log of a game in order (only the moves not undone, by default)."""
        live = "AND undone_at IS NULL" if live_only else ""
        sql = f"SELECT * FROM moves WHERE game_id = ? {live} ORDER BY id"  # noqa: S608
        return [MoveRow(*r) for r in await self._all(sql, (game_id,))]

    async def undo_count(self, game_id: int) -> int:
        """Return how many undos the game has had."""
        sql = "SELECT COUNT(DISTINCT undone_at) FROM moves WHERE game_id = ?"
        return int((await self._all(sql, (game_id,)))[0][0])

    async def timers(self, game_id: int) -> list[TimerRow]:
        """Return the timers of a game."""
        rows = await self._all("SELECT * FROM timers WHERE game_id = ? ORDER BY due_at", (game_id,))
        return [TimerRow(*r) for r in rows]

    async def due_timers(self, now: datetime) -> list[TimerRow]:
        """Return every timer due at `now` or earlier, the oldest first."""
        sql = "SELECT * FROM timers WHERE due_at <= ? ORDER BY due_at, game_id"
        return [TimerRow(*r) for r in await self._all(sql, (to_text(now),))]

    async def games(self, statuses: Iterable[str], guild_id: int | None = None) -> list[GameRow]:
        """Return the games with one of `statuses` (in one guild if given), oldest first."""
        wanted = list(statuses)
        marks = ",".join("?" * len(wanted))
        sql = f"SELECT * FROM games WHERE status IN ({marks})"  # noqa: S608
        args: list[Any] = wanted
        if guild_id is not None:
            sql += " AND guild_id = ?"
            args = [*wanted, guild_id]
        return [GameRow(*r) for r in await self._all(sql + " ORDER BY id", args)]

    async def waiting_on(self, user_id: int) -> list[GameRow]:
        """Return the active games whose decision is the user's, longest-waiting first."""
        sql = (
            "SELECT g.* FROM games g JOIN seats s ON s.game_id = g.id AND s.seat = g.turn_seat"
            " WHERE g.status = 'active' AND s.user_id = ? AND s.state = 'playing'"
            " AND s.stand_in = 0 ORDER BY g.turn_since, g.id"
        )
        return [GameRow(*r) for r in await self._all(sql, (user_id,))]

    async def game_in_thread(self, thread_id: int) -> int | None:
        """Return the id of the game played in a thread, if any."""
        rows = await self._all("SELECT MAX(id) FROM games WHERE thread_id = ?", (thread_id,))
        return None if rows[0][0] is None else int(rows[0][0])

    async def request(self, request_id: int) -> RequestRow | None:
        """Return a consent request, or None."""
        rows = await self._all("SELECT * FROM requests WHERE id = ?", (request_id,))
        return RequestRow(*rows[0]) if rows else None

    async def open_requests(self, game_id: int) -> list[RequestRow]:
        """Return the open consent requests of a game."""
        sql = "SELECT * FROM requests WHERE game_id = ? AND status = 'open' ORDER BY id"
        return [RequestRow(*r) for r in await self._all(sql, (game_id,))]

    async def consents(self, request_id: int) -> dict[int, bool]:
        """Return each answering user's answer to a request."""
        rows = await self._all(
            "SELECT user_id, agree FROM consents WHERE request_id = ?", (request_id,)
        )
        return {int(r[0]): bool(r[1]) for r in rows}

    async def settings(self, guild_id: int) -> dict[str, str]:
        """Return a guild's settings."""
        rows = await self._all("SELECT key, value FROM settings WHERE guild_id = ?", (guild_id,))
        return {str(r[0]): str(r[1]) for r in rows}

    async def user_language(self, user_id: int) -> str | None:
        """Return a user's stored language, if any."""
        rows = await self._all("SELECT language FROM users WHERE user_id = ?", (user_id,))
        return str(rows[0][0]) if rows else None


class Tx(_Reads):
    """The writes of one transaction; everything commits together or not at all."""

    async def _run(self, sql: str, args: Iterable[Any] = ()) -> int:
        cursor = await self._conn.execute(sql, tuple(args))
        count = cursor.rowcount
        await cursor.close()
        return count

    async def insert_game(self, fields: Mapping[str, Any]) -> int:
        """Insert a game and return its id."""
        names = list(fields)
        marks = ",".join("?" * len(names))
        sql = f"INSERT INTO games ({','.join(names)}) VALUES ({marks})"  # noqa: S608
        cursor = await self._conn.execute(sql, tuple(fields[n] for n in names))
        game_id = cursor.lastrowid
        await cursor.close()
        assert game_id is not None  # noqa: S101 - sqlite always returns the rowid
        return game_id

    async def update_game(
        self, game_id: int, expected: int | None, /, *, when: str | None = None, **fields: Any
    ) -> bool:
        """Set game columns, guarded; return whether the row was updated.

        With `expected`, only if the game is still at that version (the optimistic check);
        with `when`, only if it still has that status.
        """
        sql, args = _set_clause(fields, GAME_COLUMNS)
        sql = f"UPDATE games SET {sql} WHERE id = ?"  # noqa: S608 - whitelisted columns
        args.append(game_id)
        if expected is not None:
            sql += " AND version = ?"
            args.append(expected)
        if when is not None:
            sql += " AND status = ?"
            args.append(when)
        return await self._run(sql, args) == 1

    async def insert_seat(self, game_id: int, user_id: int | None, ai: str | None, at: str) -> None:
        """Add a seat at the next free slot."""
        await self._run(
            "INSERT INTO seats (game_id, slot, user_id, ai, joined_at) VALUES"
            " (?, (SELECT COALESCE(MAX(slot), -1) + 1 FROM seats WHERE game_id = ?), ?, ?, ?)",
            (game_id, game_id, user_id, ai, at),
        )

    async def delete_seat(self, game_id: int, slot: int) -> None:
        """Remove a lobby seat."""
        await self._run("DELETE FROM seats WHERE game_id = ? AND slot = ?", (game_id, slot))

    async def update_seat(self, game_id: int, slot: int, **fields: Any) -> None:
        """Set seat columns."""
        sql, args = _set_clause(fields, SEAT_COLUMNS)
        sql = f"UPDATE seats SET {sql} WHERE game_id = ? AND slot = ?"  # noqa: S608
        await self._run(sql, [*args, game_id, slot])

    async def insert_move(self, move: MoveRow) -> None:
        """Append a move to the log (its id is assigned by SQLite)."""
        await self._run(
            "INSERT INTO moves (game_id, version, ply, seat, action, label, events, lines,"
            " irreversible, by, undone_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                move.game_id, move.version, move.ply, move.seat, move.action, move.label,
                move.events, move.lines, move.irreversible, move.by, move.undone_at,
                move.created_at,
            ),
        )  # fmt: skip

    async def mark_undone(self, game_id: int, first_version: int, undone_at: int) -> None:
        """Take back every live move from `first_version` on."""
        await self._run(
            "UPDATE moves SET undone_at = ? WHERE game_id = ? AND version >= ?"
            " AND undone_at IS NULL",
            (undone_at, game_id, first_version),
        )

    async def set_timer(self, game_id: int, seat: int, kind: str, due: datetime) -> None:
        """Create or move a timer."""
        await self._run(
            "INSERT INTO timers (game_id, seat, kind, due_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (game_id, seat, kind) DO UPDATE SET due_at = excluded.due_at",
            (game_id, seat, kind, to_text(due)),
        )

    async def delete_timers(self, game_id: int, kind: str | None = None) -> None:
        """Drop the timers of a game (of one kind if given)."""
        if kind is None:
            await self._run("DELETE FROM timers WHERE game_id = ?", (game_id,))
        else:
            await self._run("DELETE FROM timers WHERE game_id = ? AND kind = ?", (game_id, kind))

    async def insert_request(self, row: RequestRow) -> int:
        """Open a consent request and return its id."""
        cursor = await self._conn.execute(
            "INSERT INTO requests (game_id, kind, user_id, version, target, status, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (row.game_id, row.kind, row.user_id, row.version, row.target, row.status,
             row.created_at),
        )  # fmt: skip
        request_id = cursor.lastrowid
        await cursor.close()
        assert request_id is not None  # noqa: S101
        return request_id

    async def close_requests(self, game_id: int, kind: str, status: str) -> None:
        """Close every open request of a kind."""
        await self._run(
            "UPDATE requests SET status = ? WHERE game_id = ? AND kind = ? AND status = 'open'",
            (status, game_id, kind),
        )

    async def set_request_status(self, request_id: int, status: str) -> None:
        """Close or reopen one request."""
        await self._run("UPDATE requests SET status = ? WHERE id = ?", (status, request_id))

    async def add_consent(self, request_id: int, user_id: int, agree: bool, at: str) -> None:
        """Record (or change) one user's answer."""
        await self._run(
            "INSERT OR REPLACE INTO consents (request_id, user_id, agree, at) VALUES (?, ?, ?, ?)",
            (request_id, user_id, int(agree), at),
        )

    async def set_setting(self, guild_id: int, key: str, value: str) -> None:
        """Store one guild setting."""
        await self._run(
            "INSERT OR REPLACE INTO settings (guild_id, key, value) VALUES (?, ?, ?)",
            (guild_id, key, value),
        )

    async def set_user_language(self, user_id: int, language: str) -> None:
        """Store a user's language."""
        await self._run(
            "INSERT OR REPLACE INTO users (user_id, language) VALUES (?, ?)", (user_id, language)
        )


def _set_clause(fields: Mapping[str, Any], allowed: frozenset[str]) -> tuple[str, list[Any]]:
    unknown = set(fields) - allowed
    if unknown or not fields:
        raise ValueError(f"cannot set columns {sorted(unknown) or 'none'}")
    return ", ".join(f"{name} = ?" for name in fields), list(fields.values())


class Store(_Reads):
    """The open database: committed reads directly, writes through `transaction()`."""

    def __init__(self, writer: aiosqlite.Connection, reader: aiosqlite.Connection) -> None:
        super().__init__(reader)
        self._writer = writer
        self._write_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path, *, synchronous: str = "FULL") -> Self:
        """Open (creating if needed) and migrate the database at `path`."""
        if synchronous not in {"FULL", "NORMAL"}:
            raise ValueError("synchronous must be FULL or NORMAL")
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        writer = await aiosqlite.connect(path, isolation_level=None)
        for pragma in ("journal_mode = WAL", f"synchronous = {synchronous}", "foreign_keys = ON",
                       "busy_timeout = 5000"):  # fmt: skip
            await writer.execute(f"PRAGMA {pragma}")
        await migrate(writer)
        if str(path) == ":memory:":
            return cls(writer, writer)
        reader = await aiosqlite.connect(path, isolation_level=None)
        await reader.execute("PRAGMA query_only = ON")
        await reader.execute("PRAGMA busy_timeout = 5000")
        return cls(writer, reader)

    async def close(self) -> None:
        """Close both connections (waiting for a running transaction to finish)."""
        async with self._write_lock:
            if self._conn is not self._writer:
                await self._conn.close()
            await self._writer.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """Run the block as one immediate transaction; any exception rolls everything back."""
        async with self._write_lock:
            await self._writer.execute("BEGIN IMMEDIATE")
            try:
                yield Tx(self._writer)
            except BaseException:
                await self._writer.execute("ROLLBACK")
                raise
            await self._writer.execute("COMMIT")

    async def backup(self, target: str | Path) -> None:
        """Copy the whole database to `target` as one consistent snapshot, while games go on."""
        copy = await aiosqlite.connect(target)
        try:
            await self._conn.backup(copy)
        finally:
            await copy.close()

    async def schema_versions(self) -> list[int]:
        """Return the applied migration numbers, in order."""
        rows = await self._all("SELECT version FROM schema_migrations ORDER BY version")
        return [int(r[0]) for r in rows]


def migration_files() -> list[tuple[int, str, str]]:
    """Return (number, name, SQL) of every migration file, in order."""
    out = []
    for entry in resources.files(MIGRATIONS).iterdir():
        name = entry.name
        if name.endswith(".sql"):
            if not _MIGRATION_NAME.fullmatch(name):
                raise RuntimeError(f"bad migration file name {name!r}")
            number = int(name.split("_", 1)[0])
            out.append((number, name, entry.read_text(encoding="utf-8")))
    out.sort()
    numbers = [n for n, _, _ in out]
    if numbers != list(range(1, len(out) + 1)):
        raise RuntimeError(f"migrations must be numbered 1..n without gaps, got {numbers}")
    return out


def split_statements(sql: str) -> list[str]:
    """Split a migration file into its SQL statements (comments kept with the next one)."""
    statements, start = [], 0
    for end, char in enumerate(sql):
        if char == ";" and sqlite3.complete_statement(sql[start : end + 1]):
            statements.append(sql[start : end + 1].strip())
            start = end + 1
    buffer = sql[start:]
    rest = [ln for ln in buffer.splitlines() if ln.strip() and not ln.strip().startswith("--")]
    if rest:
        raise RuntimeError(f"unterminated SQL statement: {rest[0][:60]!r}")
    return statements


async def migrate(
    conn: aiosqlite.Connection, files: list[tuple[int, str, str]] | None = None
) -> list[int]:
    """Apply every migration not yet recorded, each in its own transaction; return them.

    Each file is checked and applied under `BEGIN IMMEDIATE`, so two processes opening a new
    database at once apply it once. `files` defaults to `migration_files()`.
    """
    await conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations"
        " (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
    )
    applied = []
    for number, name, sql in migration_files() if files is None else files:
        await conn.execute("BEGIN IMMEDIATE")
        try:
            rows = await conn.execute_fetchall(
                "SELECT 1 FROM schema_migrations WHERE version = ?", (number,)
            )
            if not list(rows):
                for statement in split_statements(sql):
                    await conn.execute(statement)
                await conn.execute(
                    "INSERT INTO schema_migrations VALUES (?, ?, ?)",
                    (number, name, to_text(datetime.now(UTC))),
                )
                applied.append(number)
        except BaseException:
            await conn.execute("ROLLBACK")
            raise
        await conn.execute("COMMIT")
    return applied
