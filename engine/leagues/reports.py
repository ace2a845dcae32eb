"""Read-only views built from the store: schedule, history, profile, standings CSV."""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import datetime
from fractions import Fraction

from engine.leagues.actions import (
    LeagueFigures,
    PlannedWeek,
    Profile,
    Schedule,
    SeatedTable,
    TableRecord,
    WeekRecord,
)
from engine.leagues.cycle import division_standings
from engine.leagues.model import League
from engine.leagues.schedule import Timing, next_seat_time, next_step, planned_weeks
from engine.leagues.standings import TableScore, new_rating, rating_model
from engine.leagues.store import LeagueStore, to_csv


def timing(league: League) -> Timing:
    """Return the schedule settings of a league."""
    c = league.config
    return Timing(c.week_start, c.season_weeks, league.status, league.created_at, league.resumed_at)


async def build_schedule(store: LeagueStore, league_id: int, now: datetime) -> Schedule:
    """Return the current season's weeks (seated and planned) and the next step."""
    league = await store.league(league_id)
    state = await store.schedule_state(league_id)
    seated = {(s.number, w.number) for s in state for w in s.weeks}
    weeks = tuple(
        PlannedWeek(s, w, start, end, (s, w) in seated)
        for s, w, start, end in planned_weeks(timing(league), state, now)
    )
    step = next_step(timing(league), state, now)
    if step is not None:
        return Schedule(league_id, league.status.value, weeks, step.key, step.due_at)
    last = next((s.weeks[-1] for s in reversed(state) if s.weeks), None)
    upcoming = [w for w in weeks if not w.seated]
    due_at = upcoming[0].starts_at if upcoming else next_seat_time(timing(league), last)
    return Schedule(league_id, league.status.value, weeks, None, due_at)


async def build_history(store: LeagueStore, league_id: int) -> list[WeekRecord]:
    """Return every seated week, oldest first, with tables and results."""
    out = []
    for season in await store.seasons(league_id):
        for week in await store.weeks(season.id):
            tables = [
                TableRecord(
                    SeatedTable(t.id, t.number, t.division, t.players, t.game_id),
                    await store.table_scores(t.id),
                )
                for t in await store.tables(week.id)
            ]
            credits = await store.week_credits(week.id)
            out.append(
                WeekRecord(
                    season.number,
                    week.number,
                    week.seated_at,
                    week.deadline,
                    tuple(tables),
                    tuple(c.user for c in credits if c.kind == "bye"),
                    tuple(c.user for c in credits if c.kind == "absent"),
                )
            )
    return out


async def build_profile(store: LeagueStore, guild: int, user: int) -> Profile:
    """Return a user's figures in every league of the guild."""
    figures = []
    per_game: dict[str, list[TableScore]] = defaultdict(list)
    for league in await store.leagues(guild):
        scores = await _user_scores(store, league.id, user)
        if not scores:
            continue
        ratings = await store.ratings(league.id)
        rating = ratings[user][0] if user in ratings else new_rating(rating_model())
        played = [s for s in scores if not s.forfeited]
        figures.append(
            LeagueFigures(
                league.id,
                league.name,
                league.config.game,
                rating,
                len(scores),
                dict(sorted(Counter(s.rank for s in played).items())),
                len(scores) - len(played),
                float(sum((s.vp_share for s in scores), Fraction(0)) / len(scores)),
                sum(s.score or 0 for s in played) / len(played) if played else 0.0,
            )
        )
        per_game[league.config.game] += scores
    totals = {
        game: (
            len(s),
            sum(x.won for x in s),
            float(sum((x.vp_share for x in s), Fraction(0)) / len(s)),
        )
        for game, s in sorted(per_game.items())
    }
    return Profile(user, tuple(figures), totals)


async def _user_scores(store: LeagueStore, league_id: int, user: int) -> list[TableScore]:
    out: list[TableScore] = []
    for season in await store.seasons(league_id):
        for table in await store.season_scores(season.id):
            out += [s for s in table if s.user == user]
    return out


async def standings_csv(store: LeagueStore, league_id: int) -> str:
    """Return the standings of every season of a league as CSV."""
    ratings = await store.ratings(league_id)
    rows = []
    for season in await store.seasons(league_id):
        for division, table in await division_standings(store, season):
            for r in table:
                rating = ratings[r.user][0] if r.user in ratings else new_rating(rating_model())
                rows.append(
                    (
                        season.number,
                        division,
                        r.rank,
                        r.user,
                        float(r.points),
                        r.games,
                        r.wins,
                        round(float(r.vp_share), 4),
                        round(float(r.opponents_points), 4),
                        r.forfeits,
                        r.byes,
                        r.absences,
                        rating.display,
                    )
                )
    head = (
        "season",
        "division",
        "rank",
        "user_id",
        "points",
        "games",
        "wins",
        "vp_share",
        "opponents_points",
        "forfeits",
        "byes",
        "absences",
        "rating",
    )
    return to_csv(head, rows)
