"""Performing the schedule's steps against the store: seat a week, handle a deadline, close.

Each function runs inside the caller's transaction and first records the step's unique key;
if the key is already there the step was done before (by an earlier run, before a restart)
and the function does nothing. So a step is done exactly once, whatever the timing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from engine.core.rng import Rng
from engine.leagues import divisions as div
from engine.leagues.actions import DeadlineReached, SeasonClosed, SeatedTable, WeekSeated
from engine.leagues.model import League, Season, Table
from engine.leagues.schedule import CloseDue, DeadlineDue, SeatDue, deadline_for
from engine.leagues.seating import History, history_of, seat_week
from engine.leagues.standings import (
    Credit,
    Rating,
    StandingRow,
    TableScore,
    new_rating,
    rating_model,
    season_standings,
)
from engine.leagues.store import LeagueStore


def seated(table: Table) -> SeatedTable:
    """Return the public view of a stored table."""
    return SeatedTable(table.id, table.number, table.division, table.players, table.game_id)


async def _season(store: LeagueStore, league_id: int, number: int) -> Season:
    """Return season `number` of a league (a step names only seasons it opened)."""
    return next(s for s in await store.seasons(league_id) if s.number == number)


async def seat(
    store: LeagueStore, league: League, step: SeatDue, now: datetime
) -> WeekSeated | None:
    """Seat week `step.week` (opening the season for week 1); None if already done."""
    if not await store.record_step(league.id, step.key, now):
        return None
    if step.week == 1:
        season_id = await store.insert_season(league.id, step.season, now)
    else:
        season_id = (await _season(store, league.id, step.season)).id
    members = [m for m in await store.members(league.id) if m.active and m.joined_at <= now]
    absent = sorted(m.user for m in members if (step.season, step.week) in m.absent)
    playing = [m.user for m in members if (step.season, step.week) not in m.absent]
    ratings = {u: r for u, (r, _) in (await store.ratings(league.id)).items()}
    divisions = await _assign_divisions(store, league, season_id, step.season, playing, ratings)
    games = await store.season_scores(season_id)
    credits = await store.season_credits(season_id)
    history = await _history(store, season_id, credits)
    deadline = deadline_for(now, league.config.week_start)
    week_id = await store.insert_week(season_id, step.week, now, deadline)
    seed = await store.league_seed(league.id)
    number, byes = 0, list[int]()
    for d in sorted(set(divisions.values())):
        in_div = [u for u in playing if divisions[u] == d]
        ranked = _ranked(
            in_div, games, credits, ratings, Rng(seed, step.week, f"rank:s{step.season}d{d}")
        )
        result = seat_week(
            ranked,
            history,
            seed=seed,
            salt=f"s{step.season}w{step.week}d{d}",
            repeat_weight=league.config.repeat_weight,
            preferred=league.config.table_size,
        )
        for players in result.tables:
            number += 1
            await store.insert_table(week_id, number, d, players)
        byes += result.byes
    scoring = league.config.scoring
    await store.insert_credits(
        week_id,
        [Credit(u, scoring.bye_points, "bye") for u in byes]
        + [Credit(u, scoring.absence_points, "absent") for u in absent],
    )
    tables = tuple(seated(t) for t in await store.tables(week_id))
    return WeekSeated(
        league.id, step.season, step.week, deadline, tables, tuple(byes), tuple(absent)
    )


def _ranked(
    players: Sequence[int],
    games: Sequence[Sequence[TableScore]],
    credits: Sequence[Credit],
    ratings: Mapping[int, Rating],
    rng: Rng,
) -> list[int]:
    """Order players by standings so far, then rating, then a seeded coin (week 1: rating)."""
    rows = {r.user: r for r in season_standings(players, games, credits)}
    shuffle = {p: rng.below(1 << 30) for p in sorted(players)}
    default = new_rating(rating_model())
    return sorted(
        players, key=lambda p: (rows[p].rank, -(ratings.get(p) or default).ordinal, shuffle[p])
    )


async def _history(store: LeagueStore, season_id: int, credits: Sequence[Credit]) -> History:
    weeks = [
        [table.players for table in await store.tables(week.id)]
        for week in await store.weeks(season_id)
    ]
    return history_of(weeks, (c.user for c in credits if c.kind == "bye"))


async def _assign_divisions(
    store: LeagueStore,
    league: League,
    season_id: int,
    season_number: int,
    playing: Sequence[int],
    ratings: Mapping[int, Rating],
) -> dict[int, int]:
    """Return user -> division for this week, giving newcomers a division (the bottom one)."""
    current = await store.divisions(season_id)
    size = league.config.division_size
    if not current:
        members = [m.user for m in await store.members(league.id) if m.active]
        by_rating = _by_rating(members, ratings)
        previous = await _previous_finals(store, league.id, season_number)
        ladder = (
            div.promote(previous, league.config.promotion, [], by_rating, size)
            if previous
            else div.cut(by_rating, size)
        )
        current = {u: i + 1 for i, d in enumerate(ladder) for u in d}
        await store.set_divisions(season_id, current.items())
    bottom = max(current.values(), default=1)
    newcomers = {u: bottom for u in playing if u not in current}
    if newcomers:
        await store.set_divisions(season_id, newcomers.items())
        current.update(newcomers)
    return {u: current[u] for u in playing}


def _by_rating(users: Sequence[int], ratings: Mapping[int, Rating]) -> list[int]:
    default = new_rating(rating_model())
    return sorted(users, key=lambda u: -(ratings.get(u) or default).ordinal)  # stable: join order


async def _previous_finals(store: LeagueStore, league_id: int, number: int) -> list[list[int]]:
    """Return the final standings per division of season `number - 1` (empty if none)."""
    previous = [s for s in await store.seasons(league_id) if s.number == number - 1]
    if not previous:
        return []
    members = {m.user for m in await store.members(league_id) if m.active}
    finals = await division_standings(store, previous[0])
    return [[r.user for r in rows if r.user in members] for _, rows in finals]


async def division_standings(
    store: LeagueStore, season: Season
) -> list[tuple[int, tuple[StandingRow, ...]]]:
    """Return the season's standings per division, top division first."""
    divisions = await store.divisions(season.id)
    games = await store.season_scores(season.id)
    credits = await store.season_credits(season.id)
    out = []
    for d in sorted(set(divisions.values())):
        members = [u for u, x in divisions.items() if x == d]
        in_div = set(members)
        rows = season_standings(
            members,
            [g for g in games if g and g[0].user in in_div],
            [c for c in credits if c.user in in_div],
        )
        out.append((d, tuple(rows)))
    return out


async def deadline(
    store: LeagueStore, league: League, step: DeadlineDue, now: datetime
) -> DeadlineReached | None:
    """Mark a week's deadline as handled and void tables that never got a game."""
    if not await store.record_step(league.id, step.key, now):
        return None
    season = await _season(store, league.id, step.season)
    week = next(w for w in await store.weeks(season.id) if w.number == step.week)
    await store.mark_deadline_done(week.id, now)
    open_tables = [t for t in await store.tables(week.id) if not t.finished]
    voided = [t for t in open_tables if t.game_id is None]
    for t in voided:
        await store.set_table(t.id, finished_at=now)  # no game was ever created: no result
    return DeadlineReached(
        league.id,
        step.season,
        step.week,
        league.config.forfeit_policy,
        tuple(seated(t) for t in open_tables if t.game_id is not None),
        tuple(seated(t) for t in voided),
    )


async def close(
    store: LeagueStore, league: League, step: CloseDue, now: datetime
) -> SeasonClosed | None:
    """Close a season and report its final standings, champions and next divisions."""
    if not await store.record_step(league.id, step.key, now):
        return None
    season = await _season(store, league.id, step.season)
    await store.close_season(season.id, now)
    finals = await division_standings(store, season)
    champions = tuple(r.user for r in finals[0][1] if r.rank == 1) if finals else ()
    members = [m.user for m in await store.members(league.id) if m.active]
    placed = {r.user for _, rows in finals for r in rows}
    ratings = {u: r for u, (r, _) in (await store.ratings(league.id)).items()}
    ladder = div.promote(
        [[r.user for r in rows if r.user in members] for _, rows in finals],
        league.config.promotion,
        [],
        _by_rating([u for u in members if u not in placed], ratings),
        league.config.division_size,
    )
    return SeasonClosed(
        league.id, step.season, tuple(finals), champions, tuple(tuple(d) for d in ladder)
    )
