import asyncio
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from engine.leagues.actions import (
    Action,
    CreateGame,
    DeadlineReached,
    FinishGame,
    SeasonClosed,
    WeekSeated,
)
from engine.leagues.model import LeagueConfig, LeagueError, LeagueStatus, WeekStart
from engine.leagues.service import LeagueService
from engine.leagues.store import LeagueStore
from tests.engine.leagues.conftest import FakeClock, FakePort

MONDAY = datetime(2026, 3, 2, 12, tzinfo=UTC)  # week starts Monday 19:00 Madrid = 18:00 UTC
SLOT1 = datetime(2026, 3, 2, 18, tzinfo=UTC)
SLOT2 = datetime(2026, 3, 9, 18, tzinfo=UTC)


def config(weeks: int = 3, **kw: Any) -> LeagueConfig:
    return LeagueConfig(
        "troyes", season_weeks=weeks, week_start=WeekStart(0, 19, "Europe/Madrid"), **kw
    )


async def new_league(service: LeagueService, clock: FakeClock, players: int, **kw: Any) -> int:
    clock.now = MONDAY
    league = await service.create_league(7, "Friday Troyes", config(**kw), seed=11)
    for user in range(1, players + 1):
        await service.join(league.id, user)
    return league.id


async def finish_all(service: LeagueService, actions: Sequence[Action]) -> None:
    for a in actions:
        if isinstance(a, WeekSeated):
            for t in a.tables:
                n = len(t.players)
                await service.record_game_result(
                    t.table_id, list(range(1, n + 1)), [50 - 10 * s for s in range(n)]
                )


async def test_nothing_is_due_before_the_first_week_start(service, clock, port):
    await new_league(service, clock, 8)
    clock.now = SLOT1 - timedelta(minutes=1)
    assert await service.run_due(port) == []


async def test_a_week_is_seated_once_and_games_are_created_through_the_port(service, clock, port):
    league_id = await new_league(service, clock, 10)
    clock.now = SLOT1 + timedelta(minutes=1)
    actions = await service.due_actions()
    seated = [a for a in actions if isinstance(a, WeekSeated)]
    assert len(seated) == 1
    assert [len(t.players) for t in seated[0].tables] == [4, 3, 3]
    assert seated[0].deadline == SLOT2
    creates = [a for a in actions if isinstance(a, CreateGame)]
    assert len(creates) == 3
    # Not attached yet: the game work is offered again, the seating is not.
    again = await service.due_actions()
    assert [type(a) for a in again] == [CreateGame] * 3
    assert [a.request.key for a in again] == [a.request.key for a in creates]
    done = await service.run_due(port)
    assert len(port.ids) == 3
    assert await service.run_due(port) == []
    tables = (await service.history(league_id))[0].tables
    assert all(t.table.game_id for t in tables)
    assert await service.table_for_game(tables[0].table.game_id or "") is not None
    assert len(done) == 3


async def test_concurrent_runs_seat_a_week_only_once(service, clock, port):
    league_id = await new_league(service, clock, 8)
    clock.now = SLOT1
    results = await asyncio.gather(service.due_actions(), service.due_actions())
    assert sum(isinstance(a, WeekSeated) for r in results for a in r) == 1
    assert len(await service.history(league_id)) == 1


async def test_deadline_asks_to_finish_open_games_and_waits_for_their_results(service, clock, port):
    league_id = await new_league(service, clock, 8)
    clock.now = SLOT1
    first = await service.run_due(port)
    seated = next(a for a in first if isinstance(a, WeekSeated))
    t1, t2 = seated.tables
    await service.record_game_result(t1.table_id, [1, 2, 3, 4], [40, 30, 20, 10])
    clock.now = SLOT2
    actions = await service.run_due(port)
    reached = [a for a in actions if isinstance(a, DeadlineReached)]
    assert [t.table_id for t in reached[0].open_tables] == [t2.table_id]
    assert [a.request.table.table_id for a in actions if isinstance(a, FinishGame)] == [t2.table_id]
    assert port.finished[0].policy.value == "ai_standin"
    assert not any(isinstance(a, WeekSeated) for a in actions)
    clock.now += timedelta(hours=1)
    assert await service.run_due(port) == []  # finish asked once; week 2 waits
    await service.record_game_result(
        t2.table_id, [2, 1, None, 3], [30, 35, 0, 20], forfeited_seats={2}
    )
    week2 = await service.run_due(port)
    assert [(a.season, a.week) for a in week2 if isinstance(a, WeekSeated)] == [(1, 2)]
    standings = await service.standings(league_id)
    rows = {r.user: r for r in standings.divisions[0][1]}
    assert rows[t2.players[2]].forfeits == 1
    assert rows[t2.players[2]].points == 0


async def test_a_table_whose_game_was_never_created_is_voided_at_the_deadline(service, clock):
    league_id = await new_league(service, clock, 4)
    clock.now = SLOT1
    await service.due_actions()  # seated, but the session manager never created the game
    clock.now = SLOT2
    actions = await service.due_actions()
    reached = next(a for a in actions if isinstance(a, DeadlineReached))
    assert len(reached.voided) == 1
    assert not reached.open_tables
    assert any(isinstance(a, WeekSeated) and a.week == 2 for a in actions)
    standings = await service.standings(league_id)
    assert all(r.games == 0 for r in standings.divisions[0][1])
    with pytest.raises(LeagueError, match="voided"):
        await service.record_game_result(reached.voided[0].table_id, [1, 2, 3, 4], [4, 3, 2, 1])


async def test_results_are_idempotent_and_checked(service, clock, port):
    await new_league(service, clock, 4)
    clock.now = SLOT1
    seated = next(a for a in await service.run_due(port) if isinstance(a, WeekSeated))
    table = seated.tables[0].table_id
    with pytest.raises(LeagueError, match="per seat"):
        await service.record_game_result(table, [1, 2, 3], [3, 2, 1])
    first = await service.record_game_result(table, [1, 2, 3, 4], [40, 30, 20, 10])
    assert await service.record_game_result(table, [1, 2, 3, 4], [40, 30, 20, 10]) == first
    with pytest.raises(LeagueError, match="differently"):
        await service.record_game_result(table, [2, 1, 3, 4], [30, 40, 20, 10])
    history = await service.store.rating_history(seated.league_id)
    assert len(history) == 4  # rated once


async def test_absence_leave_and_rejoin(service, clock, port):
    league_id = await new_league(service, clock, 9)
    assert await service.absent(league_id, 9, week=1) == (1, 1)
    clock.now = SLOT1
    actions = await service.run_due(port)
    week1 = next(a for a in actions if isinstance(a, WeekSeated))
    assert week1.absent == (9,)
    assert 9 not in {p for t in week1.tables for p in t.players}
    with pytest.raises(LeagueError, match="already seated"):
        await service.absent(league_id, 1, week=1)
    with pytest.raises(LeagueError, match="not in that league"):
        await service.absent(league_id, 99, week=2)
    await service.leave(league_id, 8)
    await finish_all(service, actions)
    clock.now = SLOT2
    week2 = next(a for a in await service.run_due(port) if isinstance(a, WeekSeated))
    seated = {p for t in week2.tables for p in t.players}
    assert 8 not in seated
    assert 9 in seated
    await service.join(league_id, 8)
    rows = {r.user: r for r in (await service.standings(league_id)).divisions[0][1]}
    assert rows[9].absences == 1


async def test_five_players_get_one_bye_worth_the_mean_points(service, clock, port):
    league_id = await new_league(service, clock, 5)
    clock.now = SLOT1
    week1 = next(a for a in await service.run_due(port) if isinstance(a, WeekSeated))
    assert len(week1.byes) == 1
    rows = {r.user: r for r in (await service.standings(league_id)).divisions[0][1]}
    assert rows[week1.byes[0]].points == 5


async def test_pause_resume_and_end(service, clock, port):
    league_id = await new_league(service, clock, 4, weeks=2)
    await service.pause_league(league_id)
    clock.now = SLOT2
    assert await service.run_due(port) == []
    clock.now = SLOT2 + timedelta(days=1)
    await service.resume_league(league_id)
    assert await service.run_due(port) == []  # waits for the next week start
    clock.now = SLOT2 + timedelta(weeks=1)
    assert any(isinstance(a, WeekSeated) for a in await service.run_due(port))
    final = await service.end_league(league_id)
    assert final is not None
    assert final.closed
    assert (await service.store.league(league_id)).status is LeagueStatus.ENDED
    with pytest.raises(LeagueError, match="ended"):
        await service.join(league_id, 50)
    clock.now += timedelta(weeks=3)
    assert await service.run_due(port) == []


async def test_create_and_edit_validate(service, clock):
    league_id = await new_league(service, clock, 0)
    with pytest.raises(LeagueError, match="already has a league"):
        await service.create_league(7, "Friday Troyes", config())
    edited = await service.edit_league(league_id, season_weeks=5)
    assert edited.config.season_weeks == 5
    with pytest.raises(LeagueError):
        await service.edit_league(league_id, table_size=6)
    assert LeagueConfig.from_json(edited.config.to_json()) == edited.config


async def test_a_season_closes_with_champions_and_the_next_one_starts(service, clock, port):
    league_id = await new_league(service, clock, 8, weeks=2)
    clock.now = SLOT1
    await finish_all(service, await service.run_due(port))
    clock.now = SLOT2
    await finish_all(service, await service.run_due(port))
    clock.now = SLOT2 + timedelta(weeks=1)
    actions = await service.run_due(port)
    closed = [a for a in actions if isinstance(a, SeasonClosed)]
    assert len(closed) == 1
    top = closed[0].standings[0][1]
    # finish_all gives every table the same scores, so first place may be shared.
    assert closed[0].champions == tuple(r.user for r in top if r.rank == 1)
    assert closed[0].champions
    assert all(r.points == top[0].points for r in top if r.user in closed[0].champions)
    assert [(a.season, a.week) for a in actions if isinstance(a, WeekSeated)] == [(2, 1)]
    schedule = await service.schedule(league_id)
    assert [(w.season, w.week, w.seated) for w in schedule.weeks] == [(2, 1, True), (2, 2, False)]
    csv = await service.export_csv(league_id)
    assert csv["games.csv"].count("\n") == 1 + 8 * 2
    assert csv["standings.csv"].startswith("season,division,rank,user_id,points")
    profile = await service.profile(7, 1)
    assert profile.leagues[0].games == 2
    assert profile.per_game["troyes"][0] == 2


async def test_divisions_seat_apart_and_promote_at_season_end(service, clock, port):
    league_id = await new_league(service, clock, 16, weeks=1, division_size=8, promotion=2)
    clock.now = SLOT1
    actions = await service.run_due(port)
    week = next(a for a in actions if isinstance(a, WeekSeated))
    divisions = {t.division for t in week.tables}
    assert divisions == {1, 2}
    assert all(len(t.players) == 4 for t in week.tables)
    await finish_all(service, actions)
    clock.now = SLOT2
    closed = next(a for a in await service.run_due(port) if isinstance(a, SeasonClosed))
    top, bottom = closed.standings[0][1], closed.standings[1][1]
    promoted = {r.user for r in bottom[:2]}
    relegated = {r.user for r in top[-2:]}
    assert promoted <= set(closed.next_divisions[0])
    assert relegated <= set(closed.next_divisions[1])
    season2 = await service.standings(league_id, 2)
    assert {r.user for r in season2.divisions[0][1]} == set(closed.next_divisions[0])


async def test_restart_mid_week_neither_skips_nor_repeats(database_url: str):
    path = database_url
    clock = FakeClock(MONDAY)
    port = FakePort()
    service = LeagueService(await LeagueStore.open(path), clock)
    league_id = await new_league(service, clock, 8)
    clock.now = SLOT1
    actions = await service.due_actions()
    request = next(a for a in actions if isinstance(a, CreateGame)).request
    first_id = await port.create_game(request)  # created, then the bot dies before storing it
    await service.store.close()
    clock.now = SLOT1 + timedelta(days=3)
    service = LeagueService(await LeagueStore.open(path), clock)
    resumed = await service.run_due(port)
    assert not any(isinstance(a, WeekSeated) for a in resumed)
    assert len(port.ids) == 2  # the first table's game was found by its key, not made again
    assert port.ids[request.key] == first_id
    await finish_all(service, actions)
    await service.store.close()
    clock.now = SLOT2 + timedelta(hours=2)
    service = LeagueService(await LeagueStore.open(path), clock)
    week2 = [a for a in await service.run_due(port) if isinstance(a, WeekSeated)]
    assert [(a.season, a.week) for a in week2] == [(1, 2)]
    steps = [k for k, _ in await service.store.steps(league_id)]
    assert steps == ["s1:w1:seat", "s1:w1:deadline", "s1:w2:seat"]
    assert await service.store.migrate() == []
    await service.store.close()


async def test_seating_follows_local_time_across_a_dst_change(service, clock, port):
    await new_league(service, clock, 4, weeks=6)
    seated_at = []
    clock.now = MONDAY
    while clock.now < MONDAY + timedelta(weeks=6):
        clock.advance(hours=1)
        for a in await service.run_due(port):
            if isinstance(a, WeekSeated):
                seated_at.append(clock.now)
                await finish_all(service, [a])
    # 19:00 in Madrid: 18:00 UTC in winter, 17:00 UTC from 29 March (CEST).
    assert [t.hour for t in seated_at] == [18, 18, 18, 18, 17, 17]
    assert [t.weekday() for t in seated_at] == [0] * 6


async def test_a_season_waits_for_three_members_at_a_week_start(service, clock, port):
    league_id = await new_league(service, clock, 2)
    clock.now = SLOT1
    assert await service.run_due(port) == []
    clock.now = SLOT1 + timedelta(days=2)
    await service.join(league_id, 3)
    assert await service.run_due(port) == []  # not mid-week
    clock.now = SLOT2
    seated = [a for a in await service.run_due(port) if isinstance(a, WeekSeated)]
    assert [(a.season, a.week, len(a.tables)) for a in seated] == [(1, 1, 1)]
