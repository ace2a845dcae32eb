"""The league store's rows that tie leagues to the session manager: keys, channels, reminders.

`league_game` makes `GamePort.create_game` idempotent: the key of a table's request maps to
the one session game created for it. `league_channel` is where a league posts (the channel
`/admin league create` ran in); its games' threads hang off it. `league_reminder` records the
deadline reminder of each table, so it goes out once. Migration 0003_league_games.sql.
"""

from __future__ import annotations

from datetime import datetime

from engine.db import Database
from engine.leagues.store import LeagueStore
from engine.leagues.store_results import iso, parse_time

_REMINDER = Database.dialect.insert_ignore(
    "league_reminder", ("table_id", "sent_at"), ("table_id",)
)
_CHANNEL = Database.dialect.upsert("league_channel", ("league_id", "channel_id"), ("league_id",))


class GameLinks:
    """Reads and writes of `league_game` and `league_channel` over a LeagueStore."""

    def __init__(self, store: LeagueStore) -> None:
        self.store = store

    async def game_for_key(self, key: str) -> int | None:
        """Return the session game created for a request key, if any."""
        row = await self.store._one("SELECT game_id FROM league_game WHERE key = ?", (key,))
        return None if row is None else int(row[0])

    async def link(self, key: str, table_id: int, game_id: int, now: datetime) -> None:
        """Record the session game created for a request key."""
        async with self.store.transaction():
            await self.store._run(
                "INSERT INTO league_game VALUES (?, ?, ?, ?)", (key, table_id, game_id, iso(now))
            )

    async def open_games(self) -> list[tuple[int, int]]:
        """Return (table id, game id) of league games whose table has no result yet."""
        rows = await self.store._all(
            "SELECT g.table_id, g.game_id FROM league_game g"
            " JOIN league_table t ON t.id = g.table_id WHERE t.finished_at IS NULL"
            " ORDER BY g.table_id"
        )
        return [(int(t), int(g)) for t, g in rows]

    async def open_games_due(self) -> list[tuple[int, int, datetime]]:
        """Return (table id, game id, week deadline) of league games without a result."""
        rows = await self.store._all(
            "SELECT g.table_id, g.game_id, w.deadline FROM league_game g"
            " JOIN league_table t ON t.id = g.table_id JOIN league_week w ON w.id = t.week_id"
            " WHERE t.finished_at IS NULL ORDER BY g.table_id"
        )
        return [(int(t), int(g), parse_time(d)) for t, g, d in rows]

    async def record_reminder(self, table_id: int, now: datetime) -> bool:
        """Record a table's deadline reminder; return False if it was sent already."""
        async with self.store.transaction():
            return await self.store._run(_REMINDER, (table_id, iso(now))) == 1

    async def games(self, league_id: int | None = None) -> list[tuple[int, int]]:
        """Return (table id, game id) of every league game (of one league, if given)."""
        rows = await self.store._all(
            "SELECT g.table_id, g.game_id FROM league_game g"
            " JOIN league_table t ON t.id = g.table_id JOIN league_week w ON w.id = t.week_id"
            " JOIN league_season s ON s.id = w.season_id"
            " WHERE coalesce(?, s.league_id) = s.league_id ORDER BY g.table_id",
            (league_id,),
        )
        return [(int(t), int(g)) for t, g in rows]

    async def set_channel(self, league_id: int, channel_id: int) -> None:
        """Set the channel a league posts to."""
        async with self.store.transaction():
            await self.store._run(_CHANNEL, (league_id, channel_id))

    async def channel(self, league_id: int) -> int | None:
        """Return the channel a league posts to, if set."""
        row = await self.store._one(
            "SELECT channel_id FROM league_channel WHERE league_id = ?", (league_id,)
        )
        return None if row is None else int(row[0])
