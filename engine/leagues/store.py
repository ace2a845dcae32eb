"""The leagues' repository: leagues, members, seasons, weeks, tables and schedule steps.

A repository over the bot's one `Database` (engine/db/), the same one the sessions' `Store`
uses: no connection, lock or migrations of its own. The tables come from
`engine/db/migrations/` (0002_leagues.sql, 0003_league_games.sql).

Writes happen inside `transaction()` (one at a time: see `transaction`), so one schedule
step and its effects land together or not at all; reads inside it see its own writes, reads
outside it see committed data. Times are ISO 8601 UTC text; points and VP shares are exact
fractions as text. Results, byes, ratings and the CSV export are in store_results.py
(inherited), the rows tying leagues to games in links.py.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from engine.db import Database, IntegrityError
from engine.db.dialect import LEAGUE_LOCK_KEY
from engine.leagues.model import (
    League,
    LeagueConfig,
    LeagueError,
    LeagueStatus,
    Membership,
    Season,
    Table,
    Week,
)
from engine.leagues.schedule import SeasonState, WeekState
from engine.leagues.store_results import ResultRows, iso, maybe_time, parse_time, to_csv

__all__ = ["LeagueStore", "to_csv"]

_STEP = Database.dialect.insert_ignore(
    "league_step", ("league_id", "key", "done_at"), ("league_id", "key")
)
_ABSENCE = Database.dialect.insert_ignore(
    "league_absence", ("league_id", "user_id", "season", "week"),
    ("league_id", "user_id", "season", "week"),
)  # fmt: skip
_DIVISION = Database.dialect.insert_ignore(
    "league_division", ("season_id", "user_id", "division"), ("season_id", "user_id")
)


class LeagueStore(ResultRows):
    """All league reads and writes, over the bot's one database."""

    def __init__(self, database: Database, *, owned: bool = False) -> None:
        """Work over `database`; `close()` closes it only if this store opened it."""
        self.database = database
        self._owned = owned

    @classmethod
    async def open(cls, path: str | Path) -> LeagueStore:
        """Open a database of its own at `path` (":memory:" for tests), migrated."""
        return cls(await Database.open(path), owned=True)

    async def close(self) -> None:
        """Close the database if this store opened it (the bot closes the shared one)."""
        if self._owned:
            await self.database.close()

    async def migrate(self) -> list[int]:
        """Apply the database's migrations not yet applied; return their numbers."""
        return await self.database.migrate()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        """Run the block as one write transaction; roll back on any error.

        The leagues read and then write what they read (a table's results, then the
        ratings; the next result number), which one writer made safe. With PostgreSQL's
        several writers, every league transaction takes its turn on `LEAGUE_LOCK_KEY`
        (`Database.transaction`), so the leagues' transactions still run one at a time, in
        every process.
        """
        async with self.database.transaction(turns=LEAGUE_LOCK_KEY):
            yield

    async def insert_league(
        self, guild: int, name: str, config: LeagueConfig, seed: int, now: datetime
    ) -> int:
        """Insert a league; a duplicate name in the guild raises LeagueError."""
        try:
            # Its own (nested) transaction: PostgreSQL aborts a transaction whose statement fails.
            async with self.transaction():
                return await self._insert(
                    "INSERT INTO league (guild_id, name, config, seed, created_at)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (guild, name, config.to_json(), seed, iso(now)),
                )
        except IntegrityError:
            raise LeagueError("league.err_name_taken", name=name) from None

    async def league(self, league_id: int) -> League:
        """Return one league; an unknown id raises LeagueError."""
        row = await self._one("SELECT * FROM league WHERE id = ?", (league_id,))
        if row is None:
            raise LeagueError("league.err_no_league")
        return _league(row)

    async def leagues(self, guild: int | None = None) -> list[League]:
        """Return the leagues of a guild (or all), oldest first."""
        sql, params = "SELECT * FROM league", ()
        if guild is not None:
            sql, params = sql + " WHERE guild_id = ?", (guild,)  # type: ignore[assignment]
        return [_league(r) for r in await self._all(sql + " ORDER BY id", params)]

    async def league_seed(self, league_id: int) -> int:
        """Return the league's seating seed."""
        row = await self._one("SELECT seed FROM league WHERE id = ?", (league_id,))
        return int(row[0])

    async def update_league(self, league_id: int, **fields: Any) -> None:
        """Set columns of a league: config, status, resumed_at, ended_at."""
        allowed = {"config", "status", "resumed_at", "ended_at"}
        if not fields or set(fields) - allowed:
            raise ValueError(f"can only update {sorted(allowed)}")
        values = [
            v.to_json() if isinstance(v, LeagueConfig) else iso(v) if isinstance(v, datetime) else v
            for v in fields.values()
        ]
        sets = ", ".join(f"{k} = ?" for k in fields)
        await self._run(f"UPDATE league SET {sets} WHERE id = ?", (*values, league_id))  # noqa: S608

    async def join(self, league_id: int, user: int, now: datetime) -> None:
        """Add a member, or bring back one who left."""
        await self._run(
            "INSERT INTO league_member (league_id, user_id, joined_at) VALUES (?, ?, ?)"
            " ON CONFLICT (league_id, user_id) DO UPDATE SET left_at = NULL,"
            " joined_at = CASE WHEN league_member.left_at IS NULL"
            " THEN league_member.joined_at ELSE excluded.joined_at END",
            (league_id, user, iso(now)),
        )

    async def leave(self, league_id: int, user: int, now: datetime) -> None:
        """Mark a member as gone."""
        await self._run(
            "UPDATE league_member SET left_at = ? WHERE league_id = ? AND user_id = ?",
            (iso(now), league_id, user),
        )

    async def add_absence(self, league_id: int, user: int, season: int, week: int) -> None:
        """Record a declared absence (idempotent)."""
        await self._run(_ABSENCE, (league_id, user, season, week))

    async def members(self, league_id: int) -> list[Membership]:
        """Return every member, active or not, by join time."""
        absences: dict[int, set[tuple[int, int]]] = {}
        for user, season, week in await self._all(
            "SELECT user_id, season, week FROM league_absence WHERE league_id = ?", (league_id,)
        ):
            absences.setdefault(user, set()).add((season, week))
        rows = await self._all(
            "SELECT user_id, joined_at, left_at FROM league_member WHERE league_id = ?"
            " ORDER BY joined_at, user_id",
            (league_id,),
        )
        return [
            Membership(league_id, u, parse_time(j), maybe_time(lt), frozenset(absences.get(u, ())))
            for u, j, lt in rows
        ]

    # -- seasons, weeks, tables -----------------------------------------------------------

    async def seasons(self, league_id: int) -> list[Season]:
        """Return the league's seasons in order."""
        rows = await self._all(
            "SELECT id, league_id, number, started_at, closed_at FROM league_season"
            " WHERE league_id = ? ORDER BY number",
            (league_id,),
        )
        return [Season(i, lg, n, parse_time(s), maybe_time(c)) for i, lg, n, s, c in rows]

    async def insert_season(self, league_id: int, number: int, now: datetime) -> int:
        """Open a season."""
        return await self._insert(
            "INSERT INTO league_season (league_id, number, started_at) VALUES (?, ?, ?)",
            (league_id, number, iso(now)),
        )

    async def close_season(self, season_id: int, now: datetime) -> None:
        """Mark a season closed."""
        await self._run(
            "UPDATE league_season SET closed_at = ? WHERE id = ?", (iso(now), season_id)
        )

    async def divisions(self, season_id: int) -> dict[int, int]:
        """Return user -> division (1 = top) for a season."""
        rows = await self._all(
            "SELECT user_id, division FROM league_division WHERE season_id = ?", (season_id,)
        )
        return {int(u): int(d) for u, d in rows}

    async def set_divisions(self, season_id: int, divisions: Iterable[tuple[int, int]]) -> None:
        """Record (user, division) pairs for a season (existing ones stay)."""
        await self._many(_DIVISION, [(season_id, u, d) for u, d in divisions])

    async def weeks(self, season_id: int) -> list[Week]:
        """Return a season's weeks in order."""
        rows = await self._all(
            "SELECT id, season_id, number, seated_at, deadline, deadline_done_at"
            " FROM league_week WHERE season_id = ? ORDER BY number",
            (season_id,),
        )
        return [
            Week(i, s, n, parse_time(a), parse_time(d), done is not None)
            for i, s, n, a, d, done in rows
        ]

    async def insert_week(
        self, season_id: int, number: int, seated_at: datetime, deadline: datetime
    ) -> int:
        """Insert a seated week."""
        return await self._insert(
            "INSERT INTO league_week (season_id, number, seated_at, deadline) VALUES (?, ?, ?, ?)",
            (season_id, number, iso(seated_at), iso(deadline)),
        )

    async def mark_deadline_done(self, week_id: int, now: datetime) -> None:
        """Record that the week's deadline was handled."""
        await self._run(
            "UPDATE league_week SET deadline_done_at = ? WHERE id = ?", (iso(now), week_id)
        )

    async def insert_table(
        self, week_id: int, number: int, division: int, players: Sequence[int]
    ) -> int:
        """Insert a table and its seats (index = game seat)."""
        table_id = await self._insert(
            "INSERT INTO league_table (week_id, number, division) VALUES (?, ?, ?)",
            (week_id, number, division),
        )
        await self._many(
            "INSERT INTO league_seat VALUES (?, ?, ?)",
            [(table_id, seat, user) for seat, user in enumerate(players)],
        )
        return table_id

    async def tables(self, week_id: int | None = None, table_id: int | None = None) -> list[Table]:
        """Return the tables of a week, or the one table `table_id`, by number."""
        params = (week_id, table_id)
        rows = await self._all(
            "SELECT id, week_id, number, division, game_id, finished_at, finish_requested_at"
            " FROM league_table WHERE coalesce(?, week_id) = week_id AND coalesce(?, id) = id"
            " ORDER BY number",
            params,
        )
        seats: dict[int, list[int]] = {}
        for t, user in await self._all(
            "SELECT table_id, user_id FROM league_seat WHERE table_id IN"
            " (SELECT id FROM league_table WHERE coalesce(?, week_id) = week_id"
            " AND coalesce(?, id) = id) ORDER BY table_id, seat",
            params,
        ):
            seats.setdefault(t, []).append(user)
        return [
            Table(i, w, n, d, tuple(seats[i]), g, f is not None, r is not None)
            for i, w, n, d, g, f, r in rows
        ]

    async def set_table(self, table_id: int, **fields: Any) -> None:
        """Set game_id, finish_requested_at, finished_at or result_seq of a table."""
        allowed = {"game_id", "finish_requested_at", "finished_at", "result_seq"}
        if not fields or set(fields) - allowed:
            raise ValueError(f"can only update {sorted(allowed)}")
        values = [iso(v) if isinstance(v, datetime) else v for v in fields.values()]
        sets = ", ".join(f"{k} = ?" for k in fields)
        await self._run(f"UPDATE league_table SET {sets} WHERE id = ?", (*values, table_id))  # noqa: S608

    async def table_context(self, table_id: int) -> tuple[int, int, int, int]:
        """Return (league id, season id, season number, week number) of a table."""
        row = await self._one(
            "SELECT s.league_id, s.id, s.number, w.number FROM league_table t"
            " JOIN league_week w ON w.id = t.week_id JOIN league_season s ON s.id = w.season_id"
            " WHERE t.id = ?",
            (table_id,),
        )
        if row is None:
            raise LeagueError("league.err_no_table")
        return int(row[0]), int(row[1]), int(row[2]), int(row[3])

    async def schedule_state(self, league_id: int) -> list[SeasonState]:
        """Return what the schedule needs: seasons, weeks, and open tables per week."""
        out = []
        for season in await self.seasons(league_id):
            rows = await self._all(
                "SELECT w.number, w.seated_at, w.deadline, w.deadline_done_at,"
                " (SELECT count(*) FROM league_table t WHERE t.week_id = w.id"
                "  AND t.finished_at IS NULL) FROM league_week w WHERE w.season_id = ?"
                " ORDER BY w.number",
                (season.id,),
            )
            weeks = tuple(
                WeekState(n, parse_time(a), parse_time(d), done is not None, open_)
                for n, a, d, done, open_ in rows
            )
            out.append(SeasonState(season.number, weeks, season.closed_at is not None))
        return out

    async def record_step(self, league_id: int, key: str, now: datetime) -> bool:
        """Record a schedule step; return False if it was already recorded."""
        return await self._run(_STEP, (league_id, key, iso(now))) == 1

    async def steps(self, league_id: int) -> list[tuple[str, datetime]]:
        """Return every recorded step, oldest first."""
        rows = await self._all(
            "SELECT key, done_at FROM league_step WHERE league_id = ? ORDER BY done_at, key",
            (league_id,),
        )
        return [(k, parse_time(t)) for k, t in rows]

    async def table_by_game(self, game_id: str) -> Table | None:
        """Return the table playing `game_id`, if any."""
        row = await self._one("SELECT id FROM league_table WHERE game_id = ?", (game_id,))
        return None if row is None else (await self.tables(table_id=int(row[0])))[0]

    # -- messages owed (0014_league_posts.sql) ---------------------------------------------

    async def owe_post(
        self, guild: int, channel: int, content: str, mentions: str, now: datetime
    ) -> int:
        """Store a message owed to a channel before it is sent; return its id (its nonce)."""
        async with self.transaction():
            return await self._insert(
                "INSERT INTO league_posts (guild_id, channel_id, content, mentions, created_at)"
                " VALUES (?, ?, ?, ?, ?)",
                (guild, channel, content, mentions, iso(now)),
            )

    async def owed_posts(self) -> list[tuple[int, int, int, str, str]]:
        """Return the messages not posted yet, oldest first: id, guild, channel, text, mentions."""
        rows = await self._all(
            "SELECT id, guild_id, channel_id, content, mentions FROM league_posts"
            " WHERE posted_at IS NULL ORDER BY id"
        )
        return [(int(i), int(g), int(c), str(t), str(m)) for i, g, c, t, m in rows]

    async def post_sent(self, post_id: int, now: datetime) -> None:
        """Mark a message posted (or given up on: a channel gone, a permission missing)."""
        async with self.transaction():
            await self._run(
                "UPDATE league_posts SET posted_at = ? WHERE id = ? AND posted_at IS NULL",
                (iso(now), post_id),
            )


def _league(row: Sequence[Any]) -> League:
    id_, guild, name, config, status, _seed, created, resumed, _ended = row
    return League(
        id_,
        guild,
        name,
        LeagueConfig.from_json(config),
        LeagueStatus(status),
        parse_time(created),
        maybe_time(resumed),
    )
