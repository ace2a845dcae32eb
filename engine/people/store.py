"""The SQL of players' time: settings, held notices, the outbox, vacations, stopped clocks.

A repository over the bot's one `Database` (engine/db/), tables from migration 0007_people.sql.
Reads outside a transaction go to the reader connection; `transaction()` yields a `PeopleTx`
on the one writer. `PeopleTx.over(conn)` runs the same statements inside another part's
transaction (the sessions' clock hook writes stopped clocks in the move's transaction).
"""

from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from engine.db import Connection, Database, Row

__all__ = ["Outgoing", "PeopleStore", "PeopleTx", "SettingsRow", "VacationRow"]

_SETTINGS_COLUMNS = (
    "user_id", "time_zone", "quiet_start", "quiet_end", "notify", "reminders", "language",
    "dm_closed", "updated_at",
)  # fmt: skip
_SETTINGS = Database.dialect.upsert("user_settings", _SETTINGS_COLUMNS, ("user_id",))
# A player's defaults, written only where nothing is stored yet (never over saved settings).
_DEFAULT_SETTINGS = Database.dialect.insert_ignore("user_settings", _SETTINGS_COLUMNS, ("user_id",))
_HOLD = Database.dialect.insert_ignore(
    "held_notices", ("user_id", "game_id", "kind", "release_at", "held_at"),
    ("user_id", "game_id", "kind"),
)  # fmt: skip
_HOLD_LEAGUE = Database.dialect.insert_ignore(
    "held_league_pings", ("user_id", "game_id", "deadline", "release_at", "held_at"),
    ("user_id", "game_id"),
)  # fmt: skip
_WAKING = Database.dialect.insert_ignore("waking_clocks", ("game_id",), ("game_id",))
_ABSENCE = Database.dialect.insert_ignore(
    "absence_days", ("league_id", "user_id", "season", "week", "guild_id", "year", "days"),
    ("league_id", "user_id", "season", "week"),
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class SettingsRow:
    """One row of `user_settings`."""

    user_id: int
    time_zone: str
    quiet_start: int | None
    quiet_end: int | None
    notify: str
    reminders: str
    language: str | None
    dm_closed: int
    updated_at: str


@dataclass(frozen=True, slots=True)
class Outgoing:
    """One row of `people_outbox`: a post to send once."""

    id: int
    user_id: int | None
    channel_id: int | None  # None: a DM to `user_id`
    fallback_id: int | None
    content: str
    created_at: str
    tried_at: str | None
    sent_at: str | None


@dataclass(frozen=True, slots=True)
class VacationRow:
    """One row of `vacations`."""

    id: int
    guild_id: int
    user_id: int
    reason: str
    year: int
    days: int
    started_at: str
    until_at: str
    ended_at: str | None


class _Reads:
    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    async def _all(self, sql: str, args: Iterable[Any] = ()) -> list[Row]:
        return await self._conn.fetch_all(sql, args)

    async def settings(self, user_id: int) -> SettingsRow | None:
        """Return a user's settings row, if they saved any."""
        rows = await self._all("SELECT * FROM user_settings WHERE user_id = ?", (user_id,))
        return SettingsRow(*rows[0]) if rows else None

    async def languages(self) -> dict[int, str]:
        """Return every user's language override."""
        sql = "SELECT user_id, language FROM user_settings WHERE language IS NOT NULL"
        return {int(r[0]): str(r[1]) for r in await self._all(sql)}

    async def open_vacation(self, guild_id: int | None, user_id: int) -> VacationRow | None:
        """Return a user's running vacation in a guild, if any."""
        sql = "SELECT * FROM vacations WHERE guild_id = ? AND user_id = ? AND ended_at IS NULL"
        rows = await self._all(sql, (guild_id, user_id))
        return VacationRow(*rows[0]) if rows else None

    async def open_vacations(self) -> list[VacationRow]:
        """Return every running vacation."""
        sql = "SELECT * FROM vacations WHERE ended_at IS NULL ORDER BY id"
        return [VacationRow(*r) for r in await self._all(sql)]

    async def due_vacations(self, now: str) -> list[VacationRow]:
        """Return the running vacations whose last day is over at `now`."""
        # No ORDER BY id: SQLite would walk the table in id order instead of the index.
        sql = "SELECT * FROM vacations WHERE ended_at IS NULL AND until_at <= ?"
        return sorted((VacationRow(*r) for r in await self._all(sql, (now,))), key=lambda v: v.id)

    async def days_used(self, guild_id: int, user_id: int, year: int) -> int:
        """Return the vacation days a user used (or reserved) in a guild in a year.

        Vacations count their charged days; league absences count while the league still
        records them (absence_days joined to league_absence).
        """
        sql = (
            "SELECT COALESCE(SUM(days), 0) FROM vacations"
            " WHERE guild_id = ? AND user_id = ? AND year = ?"
        )
        own = int((await self._all(sql, (guild_id, user_id, year)))[0][0])
        sql = (
            "SELECT COALESCE(SUM(a.days), 0) FROM absence_days a JOIN league_absence l"
            " ON l.league_id = a.league_id AND l.user_id = a.user_id AND l.season = a.season"
            " AND l.week = a.week WHERE a.guild_id = ? AND a.user_id = ? AND a.year = ?"
        )
        return own + int((await self._all(sql, (guild_id, user_id, year)))[0][0])

    async def casual_games(self, guild_id: int, user_id: int) -> list[tuple[int, int | None, str]]:
        """Return (id, thread id, language) of the active non-league games a user plays."""
        sql = (
            "SELECT g.id, g.thread_id, g.language FROM games g JOIN seats s ON s.game_id = g.id"
            " WHERE s.user_id = ? AND s.state = 'playing' AND g.status = 'active'"
            " AND g.guild_id = ? AND NOT EXISTS"
            " (SELECT 1 FROM league_game l WHERE l.game_id = g.id) ORDER BY g.id"
        )
        rows = await self._all(sql, (user_id, guild_id))
        return [(int(r[0]), None if r[1] is None else int(r[1]), str(r[2])) for r in rows]

    async def is_league_game(self, game_id: int) -> bool:
        """Return whether a league created the game."""
        rows = await self._all("SELECT 1 FROM league_game WHERE game_id = ?", (game_id,))
        return bool(rows)

    async def waking(self, game_id: int) -> bool:
        """Return whether the game's clock counts only the deciding player's waking hours."""
        rows = await self._all("SELECT 1 FROM waking_clocks WHERE game_id = ?", (game_id,))
        return bool(rows)

    async def due_holders(self, now: str) -> list[int]:
        """Return the users with held notices or held league pings due at `now`."""
        # No DISTINCT: SQLite would walk the primary key in user order instead of the index.
        users: set[int] = set()
        for table in ("held_notices", "held_league_pings"):
            sql = f"SELECT user_id FROM {table} WHERE release_at <= ?"  # noqa: S608 - ours
            users.update(int(r[0]) for r in await self._all(sql, (now,)))
        return sorted(users)

    async def league_holds(self, user_id: int, now: str) -> list[tuple[int, str]]:
        """Return (game id, week deadline) of a user's held league pings due at `now`."""
        sql = (
            "SELECT game_id, deadline FROM held_league_pings WHERE user_id = ?"
            " AND release_at <= ? ORDER BY held_at, game_id"
        )
        return [(int(r[0]), str(r[1])) for r in await self._all(sql, (user_id, now))]

    async def holds(self, user_id: int, now: str) -> list[tuple[int, str]]:
        """Return (game id, kind) of a user's held notices due at `now`, oldest first."""
        sql = (
            "SELECT game_id, kind FROM held_notices WHERE user_id = ? AND release_at <= ?"
            " ORDER BY held_at, game_id, kind"
        )
        return [(int(r[0]), str(r[1])) for r in await self._all(sql, (user_id, now))]

    async def unsent(self) -> list[Outgoing]:
        """Return the posts not sent yet, oldest first."""
        sql = "SELECT * FROM people_outbox WHERE sent_at IS NULL ORDER BY id"
        return [Outgoing(*r) for r in await self._all(sql)]


class PeopleTx(_Reads):
    """The writes of one transaction."""

    @classmethod
    def over(cls, conn: Connection) -> "PeopleTx":
        """Work inside a transaction another repository opened on `conn`."""
        return cls(conn)

    async def _run(self, sql: str, args: Iterable[Any] = ()) -> int:
        return await self._conn.execute(sql, args)

    async def save_settings(self, row: SettingsRow) -> None:
        """Store a user's settings."""
        await self._run(_SETTINGS, (
            row.user_id, row.time_zone, row.quiet_start, row.quiet_end, row.notify,
            row.reminders, row.language, row.dm_closed, row.updated_at,
        ))  # fmt: skip

    async def keep_default_settings(self, row: SettingsRow) -> None:
        """Store a user's settings unless they have some (a row saved meanwhile is kept)."""
        await self._run(_DEFAULT_SETTINGS, (
            row.user_id, row.time_zone, row.quiet_start, row.quiet_end, row.notify,
            row.reminders, row.language, row.dm_closed, row.updated_at,
        ))  # fmt: skip

    async def set_dm_closed(self, user_id: int, at: str) -> bool:
        """Note that a user's DMs are closed; return whether it was not noted before."""
        return (
            await self._run(
                "UPDATE user_settings SET dm_closed = 1, updated_at = ?"
                " WHERE user_id = ? AND dm_closed = 0",
                (at, user_id),
            )
            == 1
        )

    async def hold(self, user_id: int, game_id: int, kind: str, release: str, at: str) -> None:
        """Hold a notice back until `release` (a notice already held keeps its time)."""
        await self._run(_HOLD, (user_id, game_id, kind, release, at))

    async def hold_league(
        self, user_id: int, game_id: int, deadline: str, release: str, at: str
    ) -> None:
        """Hold the league's day-before ping until `release` (one already held keeps its time)."""
        await self._run(_HOLD_LEAGUE, (user_id, game_id, deadline, release, at))

    async def drop_holds(self, user_id: int, now: str) -> None:
        """Forget a user's held notices and league pings due at `now` (they were released)."""
        for table in ("held_notices", "held_league_pings"):
            await self._run(
                f"DELETE FROM {table} WHERE user_id = ? AND release_at <= ?",  # noqa: S608 - ours
                (user_id, now),
            )

    async def post(
        self, user_id: int | None, channel_id: int | None, content: str, at: str,
        fallback_id: int | None = None,
    ) -> int:  # fmt: skip
        """Queue a post (a thread message, or a DM when `channel_id` is None)."""
        return await self._conn.insert(
            "INSERT INTO people_outbox (user_id, channel_id, fallback_id, content, created_at)"
            " VALUES (?, ?, ?, ?, ?)",
            (user_id, channel_id, fallback_id, content, at),
        )

    async def mark_tried(self, post_id: int, at: str) -> None:
        """Note that a post is being sent (after a crash, read the channel before again)."""
        await self._run("UPDATE people_outbox SET tried_at = ? WHERE id = ?", (at, post_id))

    async def mark_sent(self, post_id: int, at: str) -> None:
        """Note that a post was sent (or given up)."""
        await self._run("UPDATE people_outbox SET sent_at = ? WHERE id = ?", (at, post_id))

    async def start_vacation(self, row: VacationRow) -> int:
        """Record a vacation and return its id."""
        return await self._conn.insert(
            "INSERT INTO vacations (guild_id, user_id, reason, year, days, started_at, until_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (row.guild_id, row.user_id, row.reason, row.year, row.days, row.started_at,
             row.until_at),
        )  # fmt: skip

    async def end_vacation(self, vacation_id: int, days: int, at: str) -> bool:
        """End a running vacation, charging `days`; return whether it was still running."""
        sql = "UPDATE vacations SET ended_at = ?, days = ? WHERE id = ? AND ended_at IS NULL"
        return await self._run(sql, (at, days, vacation_id)) == 1

    async def pause(self, game_id: int, seat: int, seconds: int) -> None:
        """Keep the time a stopped clock had left."""
        await self._run("DELETE FROM paused_clocks WHERE game_id = ?", (game_id,))
        await self._run(
            "INSERT INTO paused_clocks (game_id, seat, seconds) VALUES (?, ?, ?)",
            (game_id, seat, seconds),
        )

    async def take_paused(self, game_id: int, seat: int) -> int | None:
        """Return and forget the time a stopped clock of a seat had left."""
        sql = "SELECT seconds FROM paused_clocks WHERE game_id = ? AND seat = ?"
        rows = await self._all(sql, (game_id, seat))
        await self._run("DELETE FROM paused_clocks WHERE game_id = ?", (game_id,))
        return int(rows[0][0]) if rows else None

    async def forget_paused(self, game_id: int) -> None:
        """Forget a game's stopped clock (its turn moved on)."""
        await self._run("DELETE FROM paused_clocks WHERE game_id = ?", (game_id,))

    async def set_waking(self, game_id: int, on: bool) -> None:
        """Make a game's clock count waking hours only, or all hours."""
        if on:  # kept if another writer turned it on meanwhile (no lock of the game here)
            await self._run(_WAKING, (game_id,))
        else:
            await self._run("DELETE FROM waking_clocks WHERE game_id = ?", (game_id,))

    async def charge_absence(self, week: tuple[int, int, int, int], guild_id: int, year: int,
                             days: int) -> None:  # fmt: skip
        """Count a league absence (league, user, season, week) against the allowance, once."""
        await self._run(_ABSENCE, (*week, guild_id, year, days))


class PeopleStore(_Reads):
    """Players' time tables: committed reads directly, writes through `transaction()`."""

    def __init__(self, database: Database) -> None:
        """Work over the bot's one database."""
        super().__init__(database.reader)
        self.database = database

    @asynccontextmanager
    async def transaction(self, turn: int | None = None) -> AsyncIterator[PeopleTx]:
        """Run the block as one write transaction, after waiting its `turn` if one is given.

        The transactions given the same key run one at a time (`Database.transaction`).
        """
        async with self.database.transaction(turns=turn) as conn:
            yield PeopleTx(conn)
