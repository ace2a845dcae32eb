"""The league service: the one object the /league cogs and the session manager talk to.

It owns no Discord objects and no game sessions. Games are created and finished through a
`GamePort` the caller passes to `run_due` (the session manager; a fake in tests). Time comes
from an injectable clock, so the whole weekly cycle can be driven by a fake clock.

Typical use (a cog's `tasks.loop(minutes=1)`):

    for action in await leagues.run_due(port):
        ...announce WeekSeated / DeadlineReached / SeasonClosed...

and when a league game ends: `await leagues.record_game_result(table_id, ranks, scores)`.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Collection, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from engine.leagues import cycle
from engine.leagues.actions import (
    Action,
    CreateGame,
    FinishGame,
    FinishRequest,
    GamePort,
    GameRequest,
    Profile,
    Schedule,
    Standings,
    WeekRecord,
)
from engine.leagues.model import League, LeagueConfig, LeagueError, LeagueStatus, Table
from engine.leagues.reports import build_history, build_profile, build_schedule, standings_csv
from engine.leagues.schedule import (
    CloseDue,
    DeadlineDue,
    SeatDue,
    Timing,
    next_step,
    slot_at_or_after,
)
from engine.leagues.standings import (
    Entry,
    TableScore,
    new_rating,
    rate_table,
    rating_model,
    score_table,
)
from engine.leagues.store import LeagueStore

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
Owns = Callable[[int], bool]  # whether this process runs the leagues of a server (its shards)
MAX_STEPS = 200  # per league per call; a season has 2 steps a week plus one
MIN_PLAYERS = 3  # a season opens only at a week start with at least this many members


def utc_now() -> datetime:
    """Return the current time (the default clock)."""
    return datetime.now(UTC)


class LeagueService:
    """Leagues for every guild, over one store."""

    def __init__(self, store: LeagueStore, clock: Clock = utc_now) -> None:
        self.store = store
        self.clock = clock

    def _now(self, now: datetime | None) -> datetime:
        return self.clock() if now is None else now

    # -- organiser commands ---------------------------------------------------------------

    async def create_league(
        self, guild: int, name: str, config: LeagueConfig, *, seed: int | None = None
    ) -> League:
        """Create a league; its first season is seated at the first week start from now."""
        if not name.strip() or len(name) > 80:
            raise LeagueError("league.err_name_length")
        seed = secrets.randbits(63) if seed is None else seed
        async with self.store.transaction():
            league_id = await self.store.insert_league(
                guild, name.strip(), config, seed, self.clock()
            )
        return await self.store.league(league_id)

    async def edit_league(self, league_id: int, **changes: Any) -> League:
        """Change settings (LeagueConfig field names); they apply from the next seating."""
        league = await self._live(league_id)
        try:
            config = league.config.edited(**changes)
        except TypeError:
            raise LeagueError("league.err_setting", settings=sorted(changes)) from None
        async with self.store.transaction():
            await self.store.update_league(league_id, config=config)
        return await self.store.league(league_id)

    async def pause_league(self, league_id: int) -> League:
        """Stop seating new weeks; games already running still meet their deadline."""
        await self._live(league_id)
        async with self.store.transaction():
            await self.store.update_league(league_id, status=LeagueStatus.PAUSED.value)
        return await self.store.league(league_id)

    async def resume_league(self, league_id: int) -> League:
        """Resume a paused league: the next week starts at the next week start from now."""
        await self._live(league_id)
        async with self.store.transaction():
            await self.store.update_league(
                league_id, status=LeagueStatus.ACTIVE.value, resumed_at=self.clock()
            )
        return await self.store.league(league_id)

    async def end_league(self, league_id: int) -> Standings | None:
        """End the league for good; an open season closes with the standings as they are.

        Nothing is due afterwards: games still running are not finished by the league, but
        their results may still be recorded and count in the closed season's standings.
        """
        await self._live(league_id)
        now = self.clock()
        async with self.store.transaction():
            seasons = await self.store.seasons(league_id)
            if seasons and seasons[-1].closed_at is None:
                await self.store.record_step(league_id, f"s{seasons[-1].number}:close", now)
                await self.store.close_season(seasons[-1].id, now)
            await self.store.update_league(league_id, status=LeagueStatus.ENDED.value, ended_at=now)
        return await self.standings(league_id) if seasons else None

    async def leagues(self, guild: int) -> list[League]:
        """Return the guild's leagues, oldest first (for autocomplete and lists)."""
        return await self.store.leagues(guild)

    async def league(self, league_id: int) -> League:
        """Return one league; an unknown id raises LeagueError."""
        return await self.store.league(league_id)

    async def _live(self, league_id: int) -> League:
        league = await self.store.league(league_id)
        if league.status is LeagueStatus.ENDED:
            raise LeagueError("league.err_ended")
        return league

    # -- player commands ------------------------------------------------------------------

    async def join(self, league_id: int, user: int) -> None:
        """Join (or rejoin) a league; you are seated from the next week."""
        await self._live(league_id)
        async with self.store.transaction():
            await self.store.join(league_id, user, self.clock())

    async def leave(self, league_id: int, user: int) -> None:
        """Leave a league; games already seated still count."""
        await self._member(league_id, user)
        async with self.store.transaction():
            await self.store.leave(league_id, user, self.clock())

    async def absent(
        self, league_id: int, user: int, week: int, season: int | None = None
    ) -> tuple[int, int]:
        """Declare an absence for a week not yet seated; return (season, week)."""
        league = await self._live(league_id)
        await self._member(league_id, user)
        seasons = await self.store.schedule_state(league_id)
        open_season = seasons[-1] if seasons and not seasons[-1].closed else None
        if season is None:
            season = open_season.number if open_season else len(seasons) + 1
        if not 1 <= week <= league.config.season_weeks:
            raise LeagueError("league.err_week", weeks=league.config.season_weeks)
        seated = {(s.number, w.number) for s in seasons for w in s.weeks}
        if (
            (season, week) in seated
            or season < len(seasons)
            or (open_season is None and season <= len(seasons))
        ):
            raise LeagueError("league.err_seated", week=week, season=season)
        async with self.store.transaction():
            await self.store.add_absence(league_id, user, season, week)
        return season, week

    async def _member(self, league_id: int, user: int) -> None:
        if not any(m.user == user and m.active for m in await self.store.members(league_id)):
            raise LeagueError("league.err_member")

    # -- the weekly cycle -----------------------------------------------------------------

    async def due_actions(
        self, now: datetime | None = None, owns: Owns | None = None
    ) -> list[Action]:
        """Do every schedule step due at `now` and return them, then the pending game work.

        Steps are recorded once each; CreateGame and FinishGame are returned on every call
        until `attach_game` / `mark_finish_requested` record them (run_due does both).
        """
        now = self._now(now)
        actions: list[Action] = []
        for league in await self.store.leagues():
            if league.status is LeagueStatus.ENDED or (owns is not None and not owns(league.guild)):
                continue
            actions += await self._steps(league, now)
            actions += await self._pending(league)
        return actions

    async def _steps(self, league: League, now: datetime) -> list[Action]:
        timing = Timing(
            league.config.week_start,
            league.config.season_weeks,
            league.status,
            league.created_at,
            league.resumed_at,
        )
        out: list[Action] = []
        for _ in range(MAX_STEPS):
            step = next_step(timing, await self.store.schedule_state(league.id), now)
            if step is None or (
                isinstance(step, SeatDue)
                and step.week == 1
                and not await self._can_open(league, step, now)
            ):
                break
            league = await self.store.league(league.id)  # settings may have been edited
            async with self.store.transaction():
                match step:
                    case SeatDue():
                        action: Action | None = await cycle.seat(self.store, league, step, now)
                    case DeadlineDue():
                        action = await cycle.deadline(self.store, league, step, now)
                    case CloseDue():
                        action = await cycle.close(self.store, league, step, now)
            if action is not None:
                out.append(action)
        return out

    async def _can_open(self, league: League, step: SeatDue, now: datetime) -> bool:
        """Return whether some week start from `step.due_at` to `now` had MIN_PLAYERS members.

        A season never opens mid-week because its third player joined: it waits for the next
        week start (or opens late, like any week, if the bot was down at that start).
        """
        members = await self.store.members(league.id)
        slot = step.due_at
        while slot <= now:
            present = [
                m
                for m in members
                if m.joined_at <= slot and (m.left_at is None or m.left_at > slot)
            ]
            if len(present) >= MIN_PLAYERS:
                return True
            slot = slot_at_or_after(slot + timedelta(seconds=1), league.config.week_start)
        return False

    async def _pending(self, league: League) -> list[Action]:
        out: list[Action] = []
        for season in await self.store.seasons(league.id):
            if season.closed_at is not None:
                continue
            for week in await self.store.weeks(season.id):
                for t in await self.store.tables(week.id):
                    if t.finished:
                        continue
                    view = cycle.seated(t)
                    if t.game_id is None and not week.deadline_done:
                        out.append(
                            CreateGame(
                                GameRequest(
                                    f"league:{league.id}:s{season.number}:w{week.number}:t{t.number}",
                                    league.id,
                                    league.guild,
                                    league.config.game,
                                    league.config.game_options,
                                    view,
                                    week.deadline,
                                    league.config.time_control,
                                )
                            )
                        )
                    elif t.game_id is not None and week.deadline_done and not t.finish_requested:
                        out.append(
                            FinishGame(
                                FinishRequest(
                                    league.id, view, t.game_id, league.config.forfeit_policy
                                )
                            )
                        )
        return out

    async def run_due(
        self, port: GamePort, now: datetime | None = None, owns: Owns | None = None
    ) -> list[Action]:
        """Do what is due and the game work through `port`; return the actions done.

        A port call that fails is logged and left pending: the next call retries it. With
        `owns`, only the leagues of the servers it accepts (a process's shards).
        """
        done: list[Action] = []
        for action in await self.due_actions(now, owns):
            try:
                match action:
                    case CreateGame(request=req):
                        game_id = await port.create_game(req)
                        await self.attach_game(req.table.table_id, game_id)
                    case FinishGame(request=req):
                        await port.finish_game(req)
                        await self.mark_finish_requested(req.table.table_id)
            except Exception:
                log.exception("league game work failed; will retry: %r", action)
                continue
            done.append(action)
        return done

    async def attach_game(self, table_id: int, game_id: str) -> None:
        """Record the game the session manager created for a table."""
        async with self.store.transaction():
            await self.store.set_table(table_id, game_id=game_id)

    async def mark_finish_requested(self, table_id: int) -> None:
        """Record that the session manager was asked to finish a table's game."""
        async with self.store.transaction():
            await self.store.set_table(table_id, finish_requested_at=self.clock())

    async def table_for_game(self, game_id: str) -> Table | None:
        """Return the league table playing `game_id`, if any."""
        return await self.store.table_by_game(game_id)

    async def record_game_result(
        self,
        table_id: int,
        ranks: Sequence[int | None],
        scores: Sequence[int | None],
        forfeited_seats: Collection[int] = (),
    ) -> tuple[TableScore, ...]:
        """Record a finished game by seat: rank (1 = first), score, and who forfeited.

        Ratings are updated at once. Recording the same result again returns it unchanged;
        a different result for a finished table raises LeagueError.
        """
        tables = await self.store.tables(table_id=table_id)
        if not tables:
            raise LeagueError("league.err_no_table")
        table = tables[0]
        if not len(ranks) == len(scores) == len(table.players):
            raise LeagueError("league.err_ranks")
        entries = [
            Entry(u, None if s in forfeited_seats else ranks[s], scores[s], s in forfeited_seats)
            for s, u in enumerate(table.players)
        ]
        league_id, *_ = await self.store.table_context(table_id)
        league = await self.store.league(league_id)
        scored = score_table(league.config.scoring, entries)
        now = self.clock()
        async with self.store.transaction():
            existing = await self.store.table_scores(table_id)
            if existing:
                if sorted(existing, key=lambda s: s.user) != sorted(scored, key=lambda s: s.user):
                    raise LeagueError("league.err_recorded")
                return existing
            if table.finished:
                raise LeagueError("league.err_voided")
            await self.store.insert_results(table_id, scored, await self.store.next_result_seq())
            await self.store.set_table(table_id, finished_at=now)
            await self._rate(league_id, table_id, scored, now)
        return scored

    async def _rate(
        self, league_id: int, table_id: int, scored: Sequence[TableScore], now: datetime
    ) -> None:
        model = rating_model()
        stored = await self.store.ratings(league_id)
        before = {
            s.user: stored[s.user][0] if s.user in stored else new_rating(model) for s in scored
        }
        after = rate_table(model, before, scored)
        for user, rating in after.items():
            await self.store.save_rating(league_id, table_id, user, (before[user], rating), now)

    # -- views ----------------------------------------------------------------------------

    async def standings(self, league_id: int, season: int | None = None) -> Standings:
        """Return a season's standings (default: the latest season) per division."""
        seasons = await self.store.seasons(league_id)
        if not seasons:
            raise LeagueError("league.err_no_season")
        chosen = (
            seasons[-1]
            if season is None
            else next((s for s in seasons if s.number == season), None)
        )
        if chosen is None:
            raise LeagueError("league.err_season", season=season)
        divisions = await cycle.division_standings(self.store, chosen)
        ratings = {u: r for u, (r, _) in (await self.store.ratings(league_id)).items()}
        return Standings(
            league_id, chosen.number, chosen.closed_at is not None, tuple(divisions), ratings
        )

    async def schedule(self, league_id: int, now: datetime | None = None) -> Schedule:
        """Return the league's planned weeks and what is due next."""
        return await build_schedule(self.store, league_id, self._now(now))

    async def history(self, league_id: int) -> list[WeekRecord]:
        """Return every seated week with its tables, games and results."""
        return await build_history(self.store, league_id)

    async def profile(self, guild: int, user: int) -> Profile:
        """Return a user's ratings and figures over the guild's leagues."""
        return await build_profile(self.store, guild, user)

    async def export_csv(self, league_id: int) -> dict[str, str]:
        """Return {"games.csv": ..., "standings.csv": ...} for /league export."""
        return {
            "games.csv": await self.store.games_csv(league_id),
            "standings.csv": await standings_csv(self.store, league_id),
        }
