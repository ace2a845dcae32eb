"""The sessions' repository: games, seats, moves, timers, requests and settings, in SQL.

A repository over the bot's one `Database` (engine/db/): reads of `Store` go to the reader
connection and see committed data only; writes happen in `Store.transaction()`, whose `Tx`
reads and writes through its transaction's own writer connection. Every SQL statement of the
sessions is in this file; the tables come from `engine/db/migrations/` (0001_sessions.sql).
"""

import json
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Iterable, Mapping
from contextlib import asynccontextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, Self, TypeVar

from engine.db import Connection, Database, Row
from engine.db.database import retried
from engine.db.shards import ALL, Shards
from engine.sessions.rows import (
    GameAiRow,
    GameRow,
    MoveRow,
    NoticeRow,
    RequestRow,
    SeatRow,
    TimerRow,
    to_text,
)

__all__ = ["Store", "Tx"]

T = TypeVar("T")

GAME_COLUMNS = frozenset(
    {
        "creator_id", "thread_id", "lobby_message_id", "board_message_id", "ping_message_id",
        "seed", "status", "state", "version", "turn_seat", "turn_since", "deadline", "result",
        "updated_at", "language", "policy", "move_seconds", "reminders",
    }
)  # fmt: skip
SEAT_COLUMNS = frozenset({"seat", "state", "stand_in", "timeouts", "muted", "standing"})
_CONSENT = Database.dialect.upsert(
    "consents", ("request_id", "user_id", "agree", "at"), ("request_id", "user_id")
)
_SETTING = Database.dialect.upsert("settings", ("guild_id", "key", "value"), ("guild_id", "key"))
_LANGUAGE = Database.dialect.upsert("users", ("user_id", "language"), ("user_id",))
_GAME_AI = Database.dialect.upsert(
    "game_ai", ("game_id", "stand_in", "hints", "ranked"), ("game_id",)
)
_GAME_EDITION = Database.dialect.upsert(
    "game_editions", ("game_id", "digest", "rules", "set_at"), ("game_id",)
)


class _Reads:
    """Queries shared by the reader connection and write transactions."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    @property
    def connection(self) -> Connection:
        """Return the connection (other repositories' SQL in the same transaction)."""
        return self._conn

    async def _all(self, sql: str, args: Iterable[Any] = ()) -> list[Row]:
        return await self._conn.fetch_all(sql, args)

    async def game(self, game_id: int) -> GameRow | None:
        """Return the game row, or None."""
        rows = await self._all("SELECT * FROM games WHERE id = ?", (game_id,))
        return GameRow(*rows[0]) if rows else None

    async def game_ai(self, game_id: int) -> GameAiRow | None:
        """Return a game's AI settings (migration 0009), or None (an imported game)."""
        rows = await self._all("SELECT * FROM game_ai WHERE game_id = ?", (game_id,))
        return GameAiRow(*rows[0]) if rows else None

    async def game_edition(self, game_id: int) -> tuple[str, int] | None:
        """Return the (data digest, rules version) a game plays under, if recorded."""
        sql = "SELECT digest, rules FROM game_editions WHERE game_id = ?"
        rows = await self._all(sql, (game_id,))
        return (str(rows[0][0]), int(rows[0][1])) if rows else None

    async def edition_files(self, game: str, digest: str) -> dict[str, str] | None:
        """Return the data files kept for an edition of a game, if kept."""
        sql = "SELECT files FROM editions WHERE game = ? AND digest = ?"
        rows = await self._all(sql, (game, digest))
        return {str(k): str(v) for k, v in json.loads(rows[0][0]).items()} if rows else None

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

    async def free_due_timers(self, now: datetime, shards: Shards, limit: int) -> list[TimerRow]:
        """Return up to `limit` timers of `shards`' games due at `now` that nobody holds.

        A read (cheap: the usual tick finds none and writes nothing). Nobody holds a timer
        that is unclaimed or whose claim lapsed. Ordered by key (game, seat, kind), the order
        a batch takes them in (`take_free_timer`).
        """
        mine, mine_args = shards.where("g.guild_id")
        stamp = to_text(now)
        sql = (
            "SELECT t.* FROM timers t JOIN games g ON g.id = t.game_id WHERE t.due_at <= ?"  # noqa: S608
            f" AND (t.claimed_until IS NULL OR t.claimed_until <= ?) AND {mine}"
            " ORDER BY t.due_at, t.game_id LIMIT ?"
        )
        rows = await self._all(sql, [stamp, stamp, *mine_args, limit])
        return sorted((TimerRow(*r) for r in rows), key=lambda t: (t.game_id, t.seat, t.kind))

    async def stalled_ai_games(self, before: datetime, shards: Shards) -> list[tuple[int, int]]:
        """Return (id, version) of the active games of `shards` waiting on an automated seat.

        The seat the game waits on is an AI, a stand-in, a seat no longer playing, or one
        with standing answers (which may or may not fit the decision: the caller checks),
        and nothing was saved since `before`: a turn a dead process left half-taken.
        """
        mine, mine_args = shards.where("g.guild_id")
        sql = (
            "SELECT g.id, g.version FROM games g"  # noqa: S608
            " JOIN seats s ON s.game_id = g.id AND s.seat = g.turn_seat"
            " WHERE g.status = 'active' AND g.updated_at <= ?"
            " AND (s.ai IS NOT NULL OR s.stand_in <> 0 OR s.state <> 'playing'"
            f" OR s.standing <> '{{}}') AND {mine} ORDER BY g.id"
        )
        rows = await self._all(sql, [to_text(before), *mine_args])
        return [(int(r[0]), int(r[1])) for r in rows]

    async def claim_owners(self) -> list[str]:
        """Return the names of the processes holding timer claims (lapsed or not)."""
        rows = await self._all(
            "SELECT DISTINCT claimed_by FROM timers WHERE claimed_by IS NOT NULL", ()
        )
        return [str(r[0]) for r in rows]

    async def games(
        self, statuses: Iterable[str], guild_id: int | None = None, shards: Shards = ALL
    ) -> list[GameRow]:
        """Return the games with one of `statuses` (in one guild, of some shards), oldest first."""
        wanted = list(statuses)
        marks = ",".join("?" * len(wanted))
        mine, mine_args = shards.where("guild_id")
        sql = f"SELECT * FROM games WHERE status IN ({marks}) AND {mine}"  # noqa: S608
        args: list[Any] = [*wanted, *mine_args]
        if guild_id is not None:
            sql += " AND guild_id = ?"
            args.append(guild_id)
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

    async def owed_notices(self, game_id: int | None = None) -> list[NoticeRow]:
        """Return the notices not posted yet (of one game if given), the oldest first."""
        sql = "SELECT * FROM notices WHERE posted_at IS NULL"
        args: tuple[Any, ...] = ()
        if game_id is not None:
            sql, args = sql + " AND game_id = ?", (game_id,)
        return [NoticeRow(*r) for r in await self._all(sql + " ORDER BY id", args)]

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
        return await self._conn.execute(sql, args)

    async def insert_game(self, fields: Mapping[str, Any]) -> int:
        """Insert a game and return its id."""
        names = list(fields)
        marks = ",".join("?" * len(names))
        sql = f"INSERT INTO games ({','.join(names)}) VALUES ({marks})"  # noqa: S608
        return await self._conn.insert(sql, (fields[n] for n in names))

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
            " irreversible, by, undone_at, created_at, ai)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                move.game_id, move.version, move.ply, move.seat, move.action, move.label,
                move.events, move.lines, move.irreversible, move.by, move.undone_at,
                move.created_at, move.ai,
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
        """Create or move a timer (a moved timer is nobody's claim any more)."""
        await self._run(
            "INSERT INTO timers (game_id, seat, kind, due_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (game_id, seat, kind) DO UPDATE SET due_at = excluded.due_at,"
            " claimed_by = NULL, claimed_until = NULL",
            (game_id, seat, kind, to_text(due)),
        )

    async def claim_due_timers(
        self, now: datetime, owner: str, until: datetime, shards: Shards, limit: int
    ) -> list[TimerRow]:
        """Claim for `owner` until `until` up to `limit` timers due at `now`; return them.

        Only timers of games of `shards`' servers, and only those nobody holds: unclaimed, or
        whose claim lapsed (its process died or hung). On PostgreSQL the rows are picked
        `FOR UPDATE SKIP LOCKED`, so processes claiming at once take different timers and
        none waits; SQLite has one process and one writer.
        """
        mine, mine_args = shards.where("g.guild_id")
        stamp = to_text(now)
        sql = (
            "UPDATE timers SET claimed_by = ?, claimed_until = ?"  # noqa: S608
            " WHERE (game_id, seat, kind) IN (SELECT t.game_id, t.seat, t.kind FROM timers t"
            " JOIN games g ON g.id = t.game_id WHERE t.due_at <= ?"
            " AND (t.claimed_until IS NULL OR t.claimed_until <= ?)"
            f" AND {mine} ORDER BY t.due_at, t.game_id LIMIT ?"
            f"{self._conn.dialect.skip_locked('t')})"
            " RETURNING game_id, seat, kind, due_at, claimed_by, claimed_until"
        )
        args = [owner, to_text(until), stamp, stamp, *mine_args, limit]
        rows = [TimerRow(*r) for r in await self._all(sql, args)]
        return sorted(rows, key=lambda r: (r.due_at, r.game_id, r.seat, r.kind))

    async def release_claims(self, owners: Collection[str] | None = None) -> None:
        """Make the timers claimed by `owners` nobody's (None: every claim).

        SQLite at start-up releases every claim (its one process is gone); PostgreSQL only
        those of processes known to be gone, or of this process as it shuts down.
        """
        if owners is None:
            await self._run(
                "UPDATE timers SET claimed_by = NULL, claimed_until = NULL"
                " WHERE claimed_by IS NOT NULL"
            )
            return
        for owner in sorted(owners):
            await self._run(
                "UPDATE timers SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = ?",
                (owner,),
            )

    async def take_timer(self, timer: TimerRow, owner: str) -> bool:
        """Delete a timer this owner claimed, unmoved; False if it moved or another took it.

        The first write of the transaction that fires the timer: the one transaction that
        deletes the claimed row is the one that fires it, so a timer fires once even when a
        claim lapsed while its process was still at work.
        """
        sql = (
            "DELETE FROM timers WHERE game_id = ? AND seat = ? AND kind = ? AND due_at = ?"
            " AND claimed_by = ?"
        )
        args = (timer.game_id, timer.seat, timer.kind, timer.due_at, owner)
        return await self._run(sql, args) == 1

    async def take_free_timer(self, timer: TimerRow, now: datetime) -> bool:
        """Delete a due timer nobody holds, unmoved; False if it moved, went, or is held.

        The first write of the transaction that fires it without a claim (a batch of
        reminders): whichever transaction deletes the row fires it, so it fires once. On
        PostgreSQL a row another process's transaction is deleting is skipped (`SKIP
        LOCKED`), not waited for: it fires there, or, if that rolls back, at a later tick.
        """
        sql = (
            "DELETE FROM timers WHERE (game_id, seat, kind) IN (SELECT t.game_id, t.seat,"  # noqa: S608
            " t.kind FROM timers t WHERE t.game_id = ? AND t.seat = ? AND t.kind = ?"
            " AND t.due_at = ? AND (t.claimed_until IS NULL OR t.claimed_until <= ?)"
            f"{self._conn.dialect.skip_locked('t')})"
        )
        args = (timer.game_id, timer.seat, timer.kind, timer.due_at, to_text(now))
        return await self._run(sql, args) == 1

    async def delete_timers(self, game_id: int, kind: str | None = None) -> None:
        """Drop the timers of a game (of one kind if given)."""
        if kind is None:
            await self._run("DELETE FROM timers WHERE game_id = ?", (game_id,))
        else:
            await self._run("DELETE FROM timers WHERE game_id = ? AND kind = ?", (game_id, kind))

    async def insert_request(self, row: RequestRow) -> int:
        """Open a consent request and return its id."""
        return await self._conn.insert(
            "INSERT INTO requests (game_id, kind, user_id, version, target, status, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (row.game_id, row.kind, row.user_id, row.version, row.target, row.status,
             row.created_at),
        )  # fmt: skip

    async def close_requests(self, game_id: int, kind: str, status: str) -> None:
        """Close every open request of a kind."""
        await self._run(
            "UPDATE requests SET status = ? WHERE game_id = ? AND kind = ? AND status = 'open'",
            (status, game_id, kind),
        )

    async def set_request_status(self, request_id: int, status: str) -> None:
        """Close or reopen one request."""
        await self._run("UPDATE requests SET status = ? WHERE id = ?", (status, request_id))

    async def insert_notice(self, row: NoticeRow) -> int:
        """Store a notice owed to the game's thread and return its id."""
        return await self._conn.insert(
            "INSERT INTO notices (game_id, version, kind, seat, user_id, request_id, waiting_on,"
            " at, detail, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (row.game_id, row.version, row.kind, row.seat, row.user_id, row.request_id,
             row.waiting_on, row.at, row.detail, row.created_at),
        )  # fmt: skip

    async def notices_posted(self, ids: Iterable[int], at: str) -> None:
        """Mark notices posted (or no longer owed)."""
        for notice_id in ids:
            await self._run(
                "UPDATE notices SET posted_at = ? WHERE id = ? AND posted_at IS NULL",
                (at, notice_id),
            )

    async def add_consent(self, request_id: int, user_id: int, agree: bool, at: str) -> None:
        """Record (or change) one user's answer."""
        await self._run(_CONSENT, (request_id, user_id, int(agree), at))

    async def set_setting(self, guild_id: int, key: str, value: str) -> None:
        """Store one guild setting."""
        await self._run(_SETTING, (guild_id, key, value))

    async def set_user_language(self, user_id: int, language: str) -> None:
        """Store a user's language."""
        await self._run(_LANGUAGE, (user_id, language))

    async def keep_edition(
        self, game: str, digest: str, rules: int, files: Mapping[str, str], at: str
    ) -> None:
        """Keep an edition's data files by digest (once; a kept edition never changes).

        Two transactions at once (two games started together, with several writers) can both
        find it missing: the second insert then waits for the first and leaves its row be.
        """
        if await self.edition_files(game, digest) is None:
            await self._run(
                "INSERT INTO editions (game, digest, rules, files, created_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (game, digest) DO NOTHING",
                (game, digest, rules, json.dumps(dict(files), sort_keys=True), at),
            )

    async def set_move_events(self, move_id: int, events: str) -> None:
        """Replace a move's recorded events (a game moved to another edition replays so)."""
        await self._run("UPDATE moves SET events = ? WHERE id = ?", (events, move_id))

    async def set_game_ai(self, row: GameAiRow) -> None:
        """Set a game's stand-in AI, hints and ranking."""
        await self._run(_GAME_AI, (row.game_id, row.stand_in, row.hints, row.ranked))

    async def set_game_edition(self, game_id: int, digest: str, rules: int, at: str) -> None:
        """Record the edition a game plays under."""
        await self._run(_GAME_EDITION, (game_id, digest, rules, at))


def _set_clause(fields: Mapping[str, Any], allowed: frozenset[str]) -> tuple[str, list[Any]]:
    unknown = set(fields) - allowed
    if unknown or not fields:
        raise ValueError(f"cannot set columns {sorted(unknown) or 'none'}")
    return ", ".join(f"{name} = ?" for name in fields), list(fields.values())


class Store(_Reads):
    """The sessions' tables: committed reads directly, writes through `transaction()`."""

    def __init__(self, database: Database, *, owned: bool = False) -> None:
        """Work over `database`; `close()` closes it only if this store opened it."""
        super().__init__(database.reader)
        self.database = database
        self._owned = owned

    @classmethod
    async def open(cls, path: str | Path, *, synchronous: str = "FULL") -> Self:
        """Open (creating if needed) and migrate a database of its own at `path`."""
        return cls(await Database.open(path, synchronous=synchronous), owned=True)

    async def close(self) -> None:
        """Close the database if this store opened it (the bot closes the shared one)."""
        if self._owned:
            await self.database.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """Run the block as one immediate transaction; any exception rolls everything back."""
        async with self.database.transaction() as conn:
            yield Tx(conn)

    async def run(self, body: Callable[[Tx], Awaitable[T]]) -> T:
        """Run `body` in one transaction, again if a deadlock or conflict undid it (engine.db)."""
        return await retried(self.transaction, body, nested=self.database.in_transaction)

    async def backup(self, target: str | Path) -> None:
        """Copy the whole database to `target` as one consistent snapshot, while games go on."""
        await self.database.backup(target)

    async def schema_versions(self) -> list[int]:
        """Return the applied migration numbers, in order."""
        return await self.database.schema_versions()
