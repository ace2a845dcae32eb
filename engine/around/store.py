"""The SQL of watchers, results, ratings and history (migration 0008_around.sql).

A repository over the bot's one `Database`, like the sessions' and the leagues' stores: reads
outside a transaction go to the reader (committed data); `AroundSql(conn)` over a
transaction's connection writes. Every statement of engine/around is here.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.db import Connection, Database, Row
from engine.sessions.rows import GameRow, SeatRow

__all__ = ["AroundSql", "RatingRow", "ResultRow", "WatchRow"]

_RATING = Database.dialect.upsert(
    "ratings",
    ("guild_id", "game", "players", "user_id", "mu", "sigma", "ordinal", "games", "updated_at"),
    ("guild_id", "game", "players", "user_id"),
)
_WATCH = Database.dialect.upsert(
    "watchers",
    (
        "game_id",
        "user_id",
        "rounds",
        "seen_round",
        "seen_version",
        "told_end",
        "ended",
        "created_at",
    ),
    ("game_id", "user_id"),
)
_UNRATED = Database.dialect.insert_ignore("unrated_games", ("game_id", "set_at"), ("game_id",))
ENDED = ("finished", "abandoned")


@dataclass(frozen=True, slots=True)
class WatchRow:
    """One row of `watchers`."""

    game_id: int
    user_id: int
    rounds: int
    seen_round: int
    seen_version: int
    told_end: int
    ended: int
    created_at: str


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One row of `player_games`: a player's line of an ended game."""

    game_id: int
    user_id: int
    guild_id: int
    game: str
    players: int
    place: int | None
    won: int
    rated: int
    rating_after: float | None
    thread_id: int | None
    channel_id: int | None
    ended_at: str


@dataclass(frozen=True, slots=True)
class RatingRow:
    """One row of `ratings`."""

    guild_id: int
    game: str
    players: int
    user_id: int
    mu: float
    sigma: float
    ordinal: float
    games: int
    updated_at: str


class AroundSql:
    """The tables of engine/around over one connection (the reader, or a transaction's writer)."""

    def __init__(self, conn: Connection) -> None:
        """Work over `conn`."""
        self._conn = conn

    async def _all(self, sql: str, args: Iterable[Any] = ()) -> list[Row]:
        return await self._conn.fetch_all(sql, args)

    # ---- watchers ----------------------------------------------------------------------

    async def watch(self, row: WatchRow) -> None:
        """Start (or change) following a game."""
        await self._conn.execute(
            _WATCH,
            (row.game_id, row.user_id, row.rounds, row.seen_round, row.seen_version,
             row.told_end, row.ended, row.created_at),
        )  # fmt: skip

    async def unwatch(self, game_id: int, user_id: int) -> bool:
        """Stop following a game; return whether the user was following it."""
        sql = "DELETE FROM watchers WHERE game_id = ? AND user_id = ?"
        return await self._conn.execute(sql, (game_id, user_id)) == 1

    async def watched(
        self, user_id: int
    ) -> list[tuple[WatchRow, str, str, int | None, int | None]]:
        """Return the games a user follows (with game, status, guild and thread), newest first."""
        rows = await self._all(
            "SELECT w.*, g.game, g.status, g.guild_id, g.thread_id FROM watchers w"
            " JOIN games g ON g.id = w.game_id WHERE w.user_id = ? ORDER BY w.game_id DESC",
            (user_id,),
        )
        return [(WatchRow(*r[:8]), str(r[8]), str(r[9]), r[10], r[11]) for r in rows]

    async def watching(self, game_id: int, user_id: int) -> WatchRow | None:
        """Return the user's watch of a game, if any."""
        rows = await self._all(
            "SELECT * FROM watchers WHERE game_id = ? AND user_id = ?", (game_id, user_id)
        )
        return WatchRow(*rows[0]) if rows else None

    async def untold_ends(self) -> list[tuple[int, int]]:
        """Return (game, watcher) pairs of recorded ends whose result the watcher was not sent."""
        rows = await self._all(
            "SELECT game_id, user_id FROM watchers WHERE ended = 1 AND told_end = 0"
            " ORDER BY game_id, user_id"
        )
        return [(int(r[0]), int(r[1])) for r in rows]

    async def moved_for_rounds(self) -> list[WatchRow]:
        """Return the round watches of running games that moved since they were looked at."""
        rows = await self._all(
            "SELECT w.* FROM watchers w JOIN games g ON g.id = w.game_id"
            " WHERE w.ended = 0 AND w.told_end = 0 AND w.rounds = 1 AND g.status = 'active'"
            " AND g.version > w.seen_version ORDER BY w.game_id, w.user_id"
        )
        return [WatchRow(*r) for r in rows]

    async def mark_ended(self, ids: Sequence[int]) -> None:
        """Record that some games' ends are recorded: their watchers are due the result."""
        sql = f"UPDATE watchers SET ended = 1 WHERE game_id IN ({_marks(ids)})"  # noqa: S608
        await self._conn.execute(sql, ids)

    async def told_end(self, game_id: int, user_id: int) -> None:
        """Record that the watcher was sent the game's result."""
        await self._conn.execute(
            "UPDATE watchers SET told_end = 1 WHERE game_id = ? AND user_id = ?",
            (game_id, user_id),
        )

    async def seen(self, game_id: int, user_id: int, round_: int, version: int) -> None:
        """Record the round and version a round watcher was last told about."""
        await self._conn.execute(
            "UPDATE watchers SET seen_round = ?, seen_version = ?"
            " WHERE game_id = ? AND user_id = ?",
            (round_, version, game_id, user_id),
        )

    # ---- results and ratings -----------------------------------------------------------

    async def unrate(self, game_id: int, at: str) -> None:
        """Turn rating off for a game."""
        await self._conn.execute(_UNRATED, (game_id, at))

    async def is_unrated(self, game_id: int) -> bool:
        """Return whether the creator turned rating off."""
        rows = await self._all("SELECT 1 FROM unrated_games WHERE game_id = ?", (game_id,))
        return bool(rows)

    async def unrecorded(self) -> list[int]:
        """Return the ended games whose end is not recorded yet, in the order they ended."""
        rows = await self._all(
            "SELECT g.id FROM games g LEFT JOIN game_results r ON r.game_id = g.id"
            " WHERE g.status IN ('finished', 'abandoned') AND r.game_id IS NULL"
            " ORDER BY g.updated_at, g.id"
        )
        return [int(r[0]) for r in rows]

    async def ended_games(self, ids: Sequence[int]) -> dict[int, GameRow]:
        """Return the rows of some games, by id."""
        sql = f"SELECT * FROM games WHERE id IN ({_marks(ids)})"  # noqa: S608 - placeholders
        return {int(r[0]): GameRow(*r) for r in await self._all(sql, ids)}

    async def seats_of(self, ids: Sequence[int]) -> dict[int, list[SeatRow]]:
        """Return the seats of some games in join order, by game id."""
        sql = f"SELECT * FROM seats WHERE game_id IN ({_marks(ids)}) ORDER BY game_id, slot"  # noqa: S608
        found: dict[int, list[SeatRow]] = {i: [] for i in ids}
        for r in await self._all(sql, ids):
            found[int(r[0])].append(SeatRow(*r))
        return found

    async def ai_moves_of(self, ids: Sequence[int]) -> dict[int, dict[int, dict[str, int]]]:
        """Return, by game and seat, how many live AI-seat moves each AI player made.

        Only moves that recorded their player (migration 0013) count.
        """
        sql = (
            "SELECT game_id, seat, ai, COUNT(*) FROM moves"  # noqa: S608 - placeholders
            f" WHERE game_id IN ({_marks(ids)}) AND undone_at IS NULL"
            " AND by = 'ai' AND ai IS NOT NULL GROUP BY game_id, seat, ai"
        )
        found: dict[int, dict[int, dict[str, int]]] = {}
        for game_id, seat, ai, count in await self._all(sql, ids):
            found.setdefault(int(game_id), {}).setdefault(int(seat), {})[str(ai)] = int(count)
        return found

    async def recorded_of(self, ids: Sequence[int]) -> set[int]:
        """Return which of some games are recorded already."""
        sql = f"SELECT game_id FROM game_results WHERE game_id IN ({_marks(ids)})"  # noqa: S608
        return {int(r[0]) for r in await self._all(sql, ids)}

    async def unrated_of(self, ids: Sequence[int]) -> set[int]:
        """Return which of some games had rating turned off."""
        sql = f"SELECT game_id FROM unrated_games WHERE game_id IN ({_marks(ids)})"  # noqa: S608
        return {int(r[0]) for r in await self._all(sql, ids)}

    async def insert_results(self, rows: Sequence[tuple[Any, ...]]) -> None:
        """Record games' ends: (game, guild, game name, players, rated, why, ended at)."""
        await self._conn.execute_many(
            "INSERT INTO game_results (game_id, guild_id, game, players, rated, why, ended_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            rows,
        )

    async def insert_player_games(self, rows: Sequence[ResultRow]) -> None:
        """Add players' lines of ended games."""
        await self._conn.execute_many(
            "INSERT INTO player_games (game_id, user_id, guild_id, game, players, place, won,"
            " rated, rating_after, thread_id, channel_id, ended_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (r.game_id, r.user_id, r.guild_id, r.game, r.players, r.place, r.won, r.rated,
                 r.rating_after, r.thread_id, r.channel_id, r.ended_at)
                for r in rows
            ],
        )  # fmt: skip

    async def ratings_of_users(self, users: Sequence[int]) -> list[RatingRow]:
        """Return every rating of some users (every server, game and player count)."""
        if not users:
            return []
        sql = f"SELECT * FROM ratings WHERE user_id IN ({_marks(users)})"  # noqa: S608
        return [RatingRow(*r) for r in await self._all(sql, users)]

    async def set_ratings(self, rows: Sequence[RatingRow]) -> None:
        """Store users' ratings."""
        await self._conn.execute_many(
            _RATING,
            [
                (r.guild_id, r.game, r.players, r.user_id, r.mu, r.sigma, r.ordinal, r.games,
                 r.updated_at)
                for r in rows
            ],
        )  # fmt: skip

    async def user_ratings(self, guild_id: int, user_id: int) -> list[RatingRow]:
        """Return a user's ratings in a server, by game and player count."""
        rows = await self._all(
            "SELECT * FROM ratings WHERE guild_id = ? AND user_id = ? ORDER BY game, players",
            (guild_id, user_id),
        )
        return [RatingRow(*r) for r in rows]

    async def figures(self, guild_id: int, user_id: int) -> list[tuple[str, int, int, int, int]]:
        """Return per game: (game, games ended, games placed, wins, sum of places)."""
        rows = await self._all(
            "SELECT game, COUNT(*), COUNT(place), SUM(won), COALESCE(SUM(place), 0)"
            " FROM player_games WHERE guild_id = ? AND user_id = ? GROUP BY game ORDER BY game",
            (guild_id, user_id),
        )
        return [(str(r[0]), int(r[1]), int(r[2]), int(r[3] or 0), int(r[4])) for r in rows]

    async def history(
        self, guild_id: int, user_id: int, limit: int, offset: int = 0
    ) -> list[ResultRow]:
        """Return a user's ended games in a server, newest first."""
        rows = await self._all(
            "SELECT * FROM player_games WHERE guild_id = ? AND user_id = ?"
            " ORDER BY ended_at DESC, game_id DESC LIMIT ? OFFSET ?",
            (guild_id, user_id, limit, offset),
        )
        return [ResultRow(*r) for r in rows]

    async def history_count(self, guild_id: int, user_id: int) -> int:
        """Return how many ended games a user has in a server."""
        rows = await self._all(
            "SELECT COUNT(*) FROM player_games WHERE guild_id = ? AND user_id = ?",
            (guild_id, user_id),
        )
        return int(rows[0][0])

    async def busiest_group(self, guild_id: int, game: str) -> int | None:
        """Return the player count with the most rated players of a game in a server."""
        rows = await self._all(
            "SELECT players FROM ratings WHERE guild_id = ? AND game = ?"
            " GROUP BY players ORDER BY COUNT(*) DESC, players LIMIT 1",
            (guild_id, game),
        )
        return int(rows[0][0]) if rows else None

    async def board(self, guild_id: int, game: str, players: int, limit: int) -> list[RatingRow]:
        """Return the best ratings of one group, best first."""
        rows = await self._all(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND players = ?"
            " ORDER BY ordinal DESC, user_id LIMIT ?",
            (guild_id, game, players, limit),
        )
        return [RatingRow(*r) for r in rows]

    async def wins(
        self, guild_id: int, game: str, players: int, users: Sequence[int]
    ) -> dict[int, int]:
        """Return the rated wins of some users in one group."""
        if not users:
            return {}
        marks = ",".join("?" * len(users))
        sql = (
            "SELECT user_id, SUM(won) FROM player_games WHERE guild_id = ? AND game = ?"  # noqa: S608
            f" AND players = ? AND rated = 1 AND user_id IN ({marks}) GROUP BY user_id"
        )
        rows = await self._all(sql, (guild_id, game, players, *users))
        return {int(r[0]): int(r[1] or 0) for r in rows}


def _marks(items: Sequence[object]) -> str:
    """Return the placeholders of an IN list."""
    return ",".join("?" * len(items))
