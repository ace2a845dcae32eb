"""The league bridge over the real session manager: Trajan games, AI stand-ins, a fake clock."""

import itertools
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from engine.db import Database
from engine.games import GAMES
from engine.leagues.actions import CreateGame, FinishGame, WeekSeated
from engine.leagues.model import ForfeitPolicy, LeagueConfig, TimeControl, WeekStart
from engine.leagues.port import SessionPort, session_time
from engine.leagues.service import LeagueService
from engine.leagues.store import LeagueStore
from engine.sessions import NewGame, SeatOrder, SeatState, SessionManager, Status, Store
from tests.engine.leagues.conftest import FakeClock

MONDAY = datetime(2026, 3, 2, 12, tzinfo=UTC)  # week starts Monday 19:00 Madrid = 18:00 UTC
SLOT1 = datetime(2026, 3, 2, 18, tzinfo=UTC)
SLOT2 = datetime(2026, 3, 9, 18, tzinfo=UTC)


@dataclass
class Rig:
    clock: FakeClock
    sessions: SessionManager
    leagues: LeagueService
    port: SessionPort


@pytest.fixture
async def rig(database_url: str) -> AsyncIterator[Rig]:
    clock = FakeClock(MONDAY)
    database = await Database.open(database_url)  # one database for both, as in the bot
    sessions = SessionManager(Store(database), GAMES, clock, seeds=itertools.count(7).__next__)
    leagues = LeagueService(LeagueStore(database), clock)
    yield Rig(clock, sessions, leagues, SessionPort(sessions, leagues))
    await database.close()


async def new_league(rig: Rig, players: int, **kw: Any) -> int:
    config = LeagueConfig(
        "trajan", season_weeks=2, week_start=WeekStart(0, 19, "Europe/Madrid"), **kw
    )
    league = await rig.leagues.create_league(7, "Trajan Mondays", config, seed=3)
    await rig.port.links.set_channel(league.id, 700)
    for user in range(1, players + 1):
        await rig.leagues.join(league.id, user)
    return league.id


async def seat_week(rig: Rig, at: datetime = SLOT1) -> tuple[WeekSeated, list[CreateGame]]:
    rig.clock.now = at + timedelta(minutes=1)
    done = await rig.leagues.run_due(rig.port)
    seated = next(a for a in done if isinstance(a, WeekSeated))
    return seated, [a for a in done if isinstance(a, CreateGame)]


async def game_of(rig: Rig, table_id: int) -> int:
    """Return the session game id stored for a league table (0 if it has none)."""
    stored = (await rig.leagues.store.tables(table_id=table_id))[0]
    return int(stored.game_id or 0)


async def test_a_table_becomes_a_started_game_with_its_players_in_seat_order(rig):
    await new_league(rig, 8)
    seated, created = await seat_week(rig)
    assert len(created) == len(seated.tables) == 2
    for table in seated.tables:
        stored = (await rig.leagues.store.tables(table_id=table.table_id))[0]
        assert stored.game_id is not None
        info = await rig.sessions.status(int(stored.game_id))
        assert info.status is Status.ACTIVE
        assert info.channel_id == 700
        by_seat = sorted(info.seats, key=lambda s: s.seat or 0)
        assert tuple(s.user_id for s in by_seat) == table.players
        assert info.time_control == session_time(TimeControl())
        assert info.turn is not None
        assert info.turn.user_id in table.players
    assert len(rig.port.take_outcomes()) == 2
    assert rig.port.take_outcomes() == []


async def test_asking_again_with_the_same_key_returns_the_same_game(rig):
    await new_league(rig, 8)
    _, created = await seat_week(rig)
    request = created[0].request
    before = await rig.sessions.list_games(7)
    again = await rig.port.create_game(request)
    assert again == (await rig.leagues.store.tables(table_id=request.table.table_id))[0].game_id
    assert len(await rig.sessions.list_games(7)) == len(before)


async def test_a_game_left_in_its_lobby_by_a_crash_is_started_on_the_next_ask(rig):
    await new_league(rig, 4)
    rig.clock.now = SLOT1 + timedelta(minutes=1)
    pending = [a for a in await rig.leagues.due_actions() if isinstance(a, CreateGame)]
    request = pending[0].request
    table = request.table
    # The crash: the lobby was opened and its key recorded; nobody else joined yet.
    spec = NewGame(request.game, guild_id=7, seats=len(table.players), seat_order=SeatOrder.JOIN)
    lobby = await rig.sessions.create_lobby(table.players[0], spec)
    await rig.port.links.link(request.key, table.table_id, lobby.game_id, rig.clock.now)
    await rig.leagues.run_due(rig.port)
    stored = (await rig.leagues.store.tables(table_id=table.table_id))[0]
    assert stored.game_id == str(lobby.game_id)
    info = await rig.sessions.status(lobby.game_id)
    assert info.status is Status.ACTIVE
    by_seat = sorted(info.seats, key=lambda s: s.seat or 0)
    assert tuple(s.user_id for s in by_seat) == table.players
    assert len(await rig.sessions.list_games(7)) == 1


async def test_at_the_deadline_ai_stand_ins_finish_every_game_and_results_count(rig):
    league_id = await new_league(rig, 7)  # a table of four and a table of three
    seated, _ = await seat_week(rig)
    rig.clock.now = SLOT2 + timedelta(minutes=1)
    done = await rig.leagues.run_due(rig.port)
    finishes = [a for a in done if isinstance(a, FinishGame)]
    assert len(finishes) == 2
    for table in seated.tables:
        stored = (await rig.leagues.store.tables(table_id=table.table_id))[0]
        assert stored.finished
        info = await rig.sessions.status(int(stored.game_id or 0))
        assert info.status is Status.FINISHED
        assert info.final is not None
        assert info.final.result is not None
        scores = await rig.leagues.store.table_scores(table.table_id)
        by_user = {s.user: s for s in scores}
        for seat, user in enumerate(table.players):
            assert by_user[user].rank == info.final.ranks[seat]
            assert by_user[user].score == info.final.result.scores[seat]
            assert not by_user[user].forfeited
    standings = await rig.leagues.standings(league_id)
    rows = [r for _, div in standings.divisions for r in div]
    assert sum(r.games for r in rows) == 7
    assert set(standings.ratings) == set(range(1, 8))
    # The next run seats week 2 (every result of week 1 is in).
    again = await rig.leagues.run_due(rig.port)
    assert any(isinstance(a, WeekSeated) and a.week == 2 for a in again)


async def test_with_the_forfeit_policy_the_player_the_game_waits_on_forfeits(rig):
    await new_league(rig, 4, forfeit_policy=ForfeitPolicy.FORFEIT)
    seated, _ = await seat_week(rig)
    table = seated.tables[0]
    game_id = await game_of(rig, table.table_id)
    info = await rig.sessions.status(game_id)
    assert info.turn is not None
    waiting = info.turn.user_id
    rig.clock.now = SLOT2 + timedelta(minutes=1)
    await rig.leagues.run_due(rig.port)
    scores = {s.user: s for s in await rig.leagues.store.table_scores(table.table_id)}
    assert scores[waiting].forfeited
    assert scores[waiting].points == 0
    assert scores[waiting].rank == 4
    assert sorted(s.rank for u, s in scores.items() if u != waiting) == [1, 2, 3]
    after = await rig.sessions.status(game_id)
    assert after.status is Status.FINISHED
    assert [s.state for s in after.seats if s.user_id == waiting] == [SeatState.FORFEITED]


async def test_a_game_ended_by_resignations_is_settled_before_the_deadline(rig):
    await new_league(rig, 3)
    seated, _ = await seat_week(rig)
    table = seated.tables[0]
    game_id = await game_of(rig, table.table_id)
    await rig.sessions.resign(game_id, table.players[0])
    await rig.sessions.resign(game_id, table.players[2])
    assert (await rig.sessions.status(game_id)).status is Status.FINISHED
    settled = await rig.port.settle()
    assert [s.table_id for s in settled] == [table.table_id]
    scores = {s.user: s for s in settled[0].scores}
    assert scores[table.players[1]].rank == 1
    assert not scores[table.players[1]].forfeited
    assert scores[table.players[0]].forfeited
    assert scores[table.players[2]].forfeited
    assert await rig.port.settle() == []  # recorded once


async def test_a_game_abandoned_because_everyone_timed_out_is_a_forfeit_for_all(rig):
    await new_league(rig, 3)
    seated, _ = await seat_week(rig)
    table = seated.tables[0]
    game_id = await game_of(rig, table.table_id)
    for _ in range(3):  # each per-move deadline (72 h) passes with nobody moving
        info = await rig.sessions.status(game_id)
        if info.turn is None or info.turn.deadline is None:
            break
        await rig.sessions.tick(info.turn.deadline + timedelta(seconds=1))
    assert (await rig.sessions.status(game_id)).status is Status.ABANDONED
    settled = await rig.port.settle()
    assert all(s.forfeited and s.points == 0 for s in settled[0].scores)


async def test_finishing_again_after_a_crash_changes_nothing(rig):
    await new_league(rig, 4)
    seated, _ = await seat_week(rig)
    rig.clock.now = SLOT2 + timedelta(minutes=1)
    pending = [a for a in await rig.leagues.due_actions() if isinstance(a, FinishGame)]
    request = pending[0].request
    await rig.port.finish_game(request)  # the crash: finished, but not marked as asked
    first = await rig.leagues.store.table_scores(seated.tables[0].table_id)
    assert first
    done = await rig.leagues.run_due(rig.port)  # the table has its result: not asked again
    assert not [a for a in done if isinstance(a, FinishGame)]
    await rig.port.finish_game(request)  # and an ask that comes anyway is harmless
    assert await rig.leagues.store.table_scores(seated.tables[0].table_id) == first
    assert [s.scores for s in rig.port.take_settled()] == [first, first]


async def test_settle_leaves_running_games_alone(rig):
    await new_league(rig, 4)
    await seat_week(rig)
    assert await rig.port.settle() == []
    assert rig.port.take_settled() == []


def count_status(rig: Rig, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record the game ids the port (or anyone) reads through `sessions.status`."""
    read: list[int] = []
    status = rig.sessions.status

    async def counted(game_id: int) -> Any:
        read.append(game_id)
        return await status(game_id)

    monkeypatch.setattr(rig.sessions, "status", counted)
    return read


async def test_settle_reads_only_the_games_the_session_service_said_ended(rig, monkeypatch):
    await new_league(rig, 8)
    seated, _ = await seat_week(rig)
    assert await rig.port.settle() == []  # start-up: every open game looked at once
    read = count_status(rig, monkeypatch)
    assert await rig.port.settle() == []
    assert await rig.port.settle() == []
    assert read == []  # nothing ended: no game is read, however many are running
    table = seated.tables[1]
    game_id = await game_of(rig, table.table_id)
    await rig.sessions.resign(game_id, table.players[0])
    await rig.sessions.resign(game_id, table.players[1])
    await rig.sessions.resign(game_id, table.players[2])
    read.clear()
    [settled] = await rig.port.settle()
    assert (settled.table_id, settled.game_id) == (table.table_id, game_id)
    assert read == [game_id]
    assert await rig.port.settle() == []


async def test_a_game_that_ended_while_the_bot_was_down_is_settled_at_start_up(rig, database_url):
    await new_league(rig, 4)
    seated, _ = await seat_week(rig)
    table = seated.tables[0]
    game_id = await game_of(rig, table.table_id)
    # Another process (the bot before its restart) ends the game: this port is not told.
    other_store = await Store.open(database_url)
    try:
        other = SessionManager(other_store, GAMES, rig.clock)
        for user in table.players[:3]:
            await other.resign(game_id, user)
    finally:
        await other_store.close()
    restarted = SessionPort(rig.sessions, rig.leagues)  # the bot starts again
    [settled] = await restarted.settle()
    assert settled.game_id == game_id
    assert {s.user for s in settled.scores if not s.forfeited} == {table.players[3]}
