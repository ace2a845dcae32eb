"""Watchers, results, ratings and history beside the session service (docs/around.md).

`Around(sessions)` is built once by the around cog over the session service's store (the
bot's one database). It never talks to Discord: the cog posts what it returns.

- Watching: `watch`, `unwatch`, `watching`; `notes()` says which watcher should be told what
  (a game's final result; a round's end, for those who asked), and `told(note)` records that
  it was sent. The cog runs that pass on every tick, so a note of a game that ended while the
  bot was down goes out after the restart, and a note recorded as sent never goes again.
- Results: `record(game_id)` is the session service's game-end listener. Once per ended game
  (the `game_results` key) it writes each human holder's line (`player_games`) and, if the
  game is rated (engine/around/ratings.py), their new ratings, all in one transaction.
  Those transactions read what they then write (whether the game is recorded, the players'
  ratings), so with several writers (PostgreSQL) they take turns (`Database.transaction`,
  `turns=AROUND_LOCK_KEY`): two games of one player ending at once both count in the rating, and
  a game recorded by two processes at once is recorded once. `watch` takes the same turn,
  so a watch that starts as the game's end is recorded is marked ended either way.
  `catch_up()` records, in the order they ended, the games that ended while nobody listened
  (the process died after the commit that ended them), and every older game once.
- Reading: `profile`, `history` (paged), `leaderboard`.
"""

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from engine.around import ratings
from engine.around.ratings import Entrant
from engine.around.store import ENDED, AroundSql, RatingRow, ResultRow, WatchRow
from engine.core.errors import GameError
from engine.db import Connection
from engine.db.dialect import AROUND_LOCK_KEY
from engine.sessions import GameInfo, SessionService, Status
from engine.sessions.replay import final_from_json
from engine.sessions.rows import SeatRow, from_text, to_text

HISTORY_PAGE = 10
LAST_GAMES = 10
BOARD_SIZE = 10
CATCH_UP_BATCH = 200


@dataclass(frozen=True, slots=True)
class Watched:
    """A game a user follows."""

    game_id: int
    game: str
    status: Status
    rounds: bool
    guild_id: int | None
    thread_id: int | None


@dataclass(frozen=True, slots=True)
class Note:
    """What a watcher should be told: a game's end (round None) or the end of a round."""

    user_id: int
    info: GameInfo
    round: int | None = None  # the round that ended


@dataclass(frozen=True, slots=True)
class Played:
    """One ended game of a player, with where to find it."""

    game_id: int
    game: str
    players: int
    place: int | None  # None: abandoned
    won: bool
    rated: bool
    rating_after: int | None  # the shown rating after it, if rated
    guild_id: int
    channel_id: int | None
    thread_id: int | None
    ended_at: datetime


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating in one group (game, player count)."""

    game: str
    players: int
    mu: float
    sigma: float
    shown: int
    games: int


@dataclass(frozen=True, slots=True)
class Profile:
    """A player's figures in one server."""

    user_id: int
    ratings: tuple[Rating, ...]
    played: int  # ended games, abandoned ones included
    placed: int  # games with a placement (finished)
    wins: int
    average_place: float | None
    favourite: str | None  # the game played most
    last: tuple[Played, ...]


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """One page of a player's ended games, newest first."""

    user_id: int
    page: int  # 0-based
    pages: int
    total: int
    games: tuple[Played, ...]


@dataclass(frozen=True, slots=True)
class BoardLine:
    """One leaderboard row."""

    rank: int
    user_id: int
    shown: int
    mu: float
    sigma: float
    games: int
    wins: int


@dataclass(frozen=True, slots=True)
class Leaderboard:
    """The best ratings of one game and player count in a server."""

    game: str
    players: int | None  # None: nobody is rated in this game yet
    lines: tuple[BoardLine, ...]


def _played(row: ResultRow) -> Played:
    after = None if row.rating_after is None else round(row.rating_after)
    return Played(
        row.game_id, row.game, row.players, row.place, bool(row.won), bool(row.rated), after,
        row.guild_id, row.channel_id, row.thread_id, from_text(row.ended_at),
    )  # fmt: skip


def round_of(view: Any) -> int | None:
    """Return the round a public view is in, for games whose view has one (else None)."""
    value = getattr(view, "round", None)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class Around:
    """Watchers, results, ratings and history over the session service's database."""

    def __init__(self, sessions: SessionService) -> None:
        """Share the session service's store (the bot's one database) and clock."""
        self.sessions = sessions
        self.database = sessions.store.database

    def _reads(self) -> AroundSql:
        return AroundSql(self.database.reader)

    def _now(self) -> str:
        return to_text(self.sessions.ctx.now())

    # ---- watching ----------------------------------------------------------------------

    async def watch(self, game_id: int, user_id: int, *, rounds: bool = False) -> GameInfo:
        """Follow a game you do not play in (again: change whether round notes come)."""
        info = await self.sessions.status(game_id)
        if info.status not in (Status.LOBBY, Status.ACTIVE):
            raise GameError("error.around.watch_over", number=game_id)
        if any(s.user_id == user_id for s in info.seats):
            raise GameError("error.around.watch_own", number=game_id)
        seen = round_of(info.view) or 0
        async with self.database.transaction(turns=AROUND_LOCK_KEY) as conn:
            sql = AroundSql(conn)  # an end recorded meanwhile is due at once
            ended = int(bool(await sql.recorded_of([game_id])))
            row = WatchRow(game_id, user_id, int(rounds), seen, info.version, 0, ended, self._now())
            await sql.watch(row)
        return info

    async def unwatch(self, game_id: int, user_id: int) -> None:
        """Stop following a game."""
        async with self.database.transaction() as conn:
            if not await AroundSql(conn).unwatch(game_id, user_id):
                raise GameError("error.around.not_watching", number=game_id)

    async def watching(self, user_id: int) -> list[Watched]:
        """Return the games a user follows, newest first."""
        return [
            Watched(w.game_id, game, Status(status), bool(w.rounds), guild, thread)
            for w, game, status, guild, thread in await self._reads().watched(user_id)
        ]

    async def is_watching(self, game_id: int, user_id: int) -> bool:
        """Return whether a user follows a game."""
        return await self._reads().watching(game_id, user_id) is not None

    async def notes(self) -> list[Note]:
        """Return what watchers should be told now: results of ended games, rounds' ends."""
        found: list[Note] = []
        infos: dict[int, GameInfo] = {}

        async def info(game_id: int) -> GameInfo:
            if game_id not in infos:
                infos[game_id] = await self.sessions.status(game_id)
            return infos[game_id]

        reads = self._reads()
        for game_id, user_id in await reads.untold_ends():
            found.append(Note(user_id, await info(game_id)))
        for watch in await reads.moved_for_rounds():
            now = await info(watch.game_id)
            current = round_of(now.view)
            if current is not None and 0 < watch.seen_round < current:
                found.append(Note(watch.user_id, now, current - 1))
            else:  # moved within the round (or just started): look again after the next move
                seen = watch.seen_round if current is None else current
                async with self.database.transaction() as conn:
                    await AroundSql(conn).seen(watch.game_id, watch.user_id, seen, now.version)
        return found

    async def told(self, note: Note) -> None:
        """Record that a note was sent (so no restart sends it again)."""
        async with self.database.transaction() as conn:
            sql = AroundSql(conn)
            if note.round is None:
                await sql.told_end(note.info.game_id, note.user_id)
            else:
                await sql.seen(note.info.game_id, note.user_id, note.round + 1, note.info.version)

    # ---- results and ratings -----------------------------------------------------------

    async def unrate(self, game_id: int, user_id: int) -> None:
        """Turn rating off for a lobby (its creator, at creation)."""
        info = await self.sessions.status(game_id)
        if info.creator_id != user_id or info.status is not Status.LOBBY:
            raise GameError("error.around.rated_creator")
        async with self.database.transaction() as conn:
            await AroundSql(conn).unrate(game_id, self._now())

    async def is_rated(self, game_id: int) -> bool:
        """Return whether a game will be rated when it finishes (unless abandoned)."""
        return not await self._reads().is_unrated(game_id)

    async def record_end(self, info: GameInfo) -> None:
        """The session service's game-end listener: record (and rate) the game once."""
        await self.record(info.game_id)

    async def catch_up(self, batch: int = CATCH_UP_BATCH) -> int:
        """Record every ended game not recorded yet, in the order they ended; return how many.

        `batch` games share a transaction and a handful of queries (a first start over an old
        database records thousands).
        """
        pending = await self._reads().unrecorded()
        done = 0
        for first in range(0, len(pending), batch):
            async with self.database.transaction(turns=AROUND_LOCK_KEY) as conn:
                done += await self._record(conn, pending[first : first + batch])
        return done

    async def record(self, game_id: int) -> bool:
        """Record an ended game's results and rate it if rated; False if already recorded."""
        async with self.database.transaction(turns=AROUND_LOCK_KEY) as conn:
            return await self._record(conn, [game_id]) == 1

    async def _record(self, conn: Connection, ids: list[int]) -> int:
        """Record some ended games, in the order given, inside the caller's transaction."""
        sql = AroundSql(conn)
        rows, seats = await sql.ended_games(ids), await _played_seats(sql, ids)
        skip, unrated = await sql.recorded_of(ids), await sql.unrated_of(ids)
        users = sorted({s.user_id for ss in seats.values() for s in ss if s.user_id is not None})
        known = {_key(r): r for r in await sql.ratings_of_users(users)}
        changed: dict[tuple[int, str, int, int], RatingRow] = {}
        results: list[tuple[Any, ...]] = []
        lines: list[ResultRow] = []
        for game_id in ids:
            row = rows.get(game_id)
            if row is None or row.status not in ENDED or game_id in skip:
                continue
            table = [s for s in seats[game_id] if s.seat is not None]
            guild, final = row.guild_id or 0, final_from_json(row.result)
            humans = [s for s in table if s.user_id is not None]
            why = "rated"
            if row.status == Status.ABANDONED or final is None:
                why = "abandoned"
            elif game_id in unrated:
                why = "off"
            elif not humans:
                why = "no_humans"
            after: dict[int, float] = {}
            if why == "rated" and final is not None:
                for new in _rated(row.game, guild, table, final.ranks, row.updated_at, known):
                    known[_key(new)] = changed[_key(new)] = new
                    after[new.user_id] = float(ratings.display(new.mu, new.sigma))
            rated = why == "rated"
            results.append((game_id, guild, row.game, len(table), int(rated), why, row.updated_at))
            if row.state is None:
                continue  # a lobby that closed: nobody played
            for s in humans:
                assert s.user_id is not None  # noqa: S101 - humans only
                place = None if final is None or why == "abandoned" else final.ranks[s.seat or 0]
                lines.append(
                    ResultRow(
                        game_id,
                        s.user_id,
                        guild,
                        row.game,
                        len(table),
                        place,
                        int(place == 1),
                        int(rated),
                        after.get(s.user_id),
                        row.thread_id,
                        row.channel_id,
                        row.updated_at,
                    )
                )
        if results:
            await sql.insert_results(results)
            await sql.mark_ended([r[0] for r in results])
        if lines:
            await sql.insert_player_games(lines)
        if changed:
            await sql.set_ratings(list(changed.values()))
        return len(results)

    # ---- reading -----------------------------------------------------------------------

    async def profile(self, guild_id: int, user_id: int) -> Profile:
        """Return a player's ratings and figures in a server, with their last games."""
        reads = self._reads()
        rated = tuple(
            Rating(r.game, r.players, r.mu, r.sigma, ratings.display(r.mu, r.sigma), r.games)
            for r in await reads.user_ratings(guild_id, user_id)
        )
        figures = await reads.figures(guild_id, user_id)
        played = sum(f[1] for f in figures)
        placed = sum(f[2] for f in figures)
        places = sum(f[4] for f in figures)
        favourite = max(figures, key=lambda f: (f[1], f[0]), default=None)
        last = tuple(_played(r) for r in await reads.history(guild_id, user_id, LAST_GAMES))
        return Profile(
            user_id, rated, played, placed, sum(f[3] for f in figures),
            places / placed if placed else None, favourite[0] if favourite else None, last,
        )  # fmt: skip

    async def history(
        self, guild_id: int, user_id: int, page: int = 0, size: int = HISTORY_PAGE
    ) -> HistoryPage:
        """Return one page of a player's ended games in a server, newest first."""
        reads = self._reads()
        total = await reads.history_count(guild_id, user_id)
        pages = max(1, -(-total // size))
        page = min(max(page, 0), pages - 1)
        rows = await reads.history(guild_id, user_id, size, page * size)
        return HistoryPage(user_id, page, pages, total, tuple(_played(r) for r in rows))

    async def leaderboard(
        self, guild_id: int, game: str, players: int | None = None, size: int = BOARD_SIZE
    ) -> Leaderboard:
        """Return a server's best ratings of a game (default: its busiest player count)."""
        reads = self._reads()
        group = players if players is not None else await reads.busiest_group(guild_id, game)
        if group is None:
            return Leaderboard(game, None, ())
        rows = await reads.board(guild_id, game, group, size)
        wins = await reads.wins(guild_id, game, group, [r.user_id for r in rows])
        lines = tuple(
            BoardLine(
                i + 1,
                r.user_id,
                ratings.display(r.mu, r.sigma),
                r.mu,
                r.sigma,
                r.games,
                wins.get(r.user_id, 0),
            )
            for i, r in enumerate(rows)
        )
        return Leaderboard(game, group, lines)


async def _played_seats(sql: AroundSql, ids: list[int]) -> dict[int, list[SeatRow]]:
    """Return the seats of some games, each AI seat naming the level that played it.

    A seat stored as hard may have played at the operator's cap, or a hard search past its
    safety a normal move: each move records its player, and the seat is rated at the one
    that made most of its moves (`ratings.played_level`).
    """
    seats, made = await sql.seats_of(ids), await sql.ai_moves_of(ids)
    return {
        game_id: [
            s if s.ai is None or s.seat is None
            else replace(s, ai=ratings.played_level(s.ai, made.get(game_id, {}).get(s.seat)))
            for s in table
        ]
        for game_id, table in seats.items()
    }  # fmt: skip


def _key(row: RatingRow) -> tuple[int, str, int, int]:
    return (row.guild_id, row.game, row.players, row.user_id)


def _rated(
    game: str,
    guild: int,
    seats: list[SeatRow],
    ranks: tuple[int, ...],
    at: str,
    known: dict[tuple[int, str, int, int], RatingRow],
) -> list[RatingRow]:
    """Return the humans' new ratings after one game (AI seats play at fixed ratings)."""
    players = len(seats)
    table = []
    for s in sorted(seats, key=lambda s: s.seat or 0):
        rank = ranks[s.seat or 0]
        if s.user_id is None:
            table.append(ratings.ai_entrant(s.ai or "", rank))
            continue
        old = known.get((guild, game, players, s.user_id))
        mu, sigma = (old.mu, old.sigma) if old else ratings.START
        table.append(Entrant(rank, mu, sigma, user=s.user_id))
    out = []
    for user, (mu, sigma) in ratings.rate(table).items():
        old = known.get((guild, game, players, user))
        games = old.games + 1 if old else 1
        out.append(
            RatingRow(guild, game, players, user, mu, sigma, ratings.ordinal(mu, sigma), games, at)
        )
    return out
