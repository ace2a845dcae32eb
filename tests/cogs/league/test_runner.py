"""The league loop reads a game only when there is a reason: start-up, a new game, an end.

`LeagueRunner.run_once` over the real session service and league service (the rig of
tests/engine/leagues/test_port.py); the Discord side is never reached because every game
already has its thread. What is counted is the games read through `sessions.status`.
"""

from typing import Any

from cogs.league.runner import LeagueRunner
from engine.sessions import Outcome
from tests.engine.leagues.test_port import Rig, count_status, new_league, rig, seat_week

__all__ = ["rig"]  # the fixture, used by name below


async def no_post(outcome: Outcome) -> None:
    raise AssertionError("nothing should be posted: every game has its thread")


async def give_threads(rig: Rig) -> list[int]:
    games = [g for _, g in await rig.port.links.open_games()]
    for number, game_id in enumerate(games):
        await rig.sessions.set_messages(game_id, thread_id=8000 + number)
    return games


async def test_a_pass_reads_no_game_unless_one_started_or_ended(rig, monkeypatch):
    await new_league(rig, 8)
    await seat_week(rig)
    games = await give_threads(rig)
    bot: Any = object()  # never used: no thread to open, nothing to announce
    runner = LeagueRunner(bot, rig.leagues, rig.sessions, no_post)
    read = count_status(rig, monkeypatch)
    rig.port.take_outcomes()
    await runner.run_once()  # start-up: every open game once (threads, then results)
    assert sorted(read) == sorted(games * 2)
    read.clear()
    for _ in range(3):
        await runner.run_once()
    assert read == []


async def test_a_game_that_ends_is_read_to_settle_it_and_nothing_else_is(rig, monkeypatch):
    await new_league(rig, 8)
    seated, _ = await seat_week(rig)
    await give_threads(rig)
    runner = LeagueRunner(object(), rig.leagues, rig.sessions, no_post)  # type: ignore[arg-type]
    rig.port.take_outcomes()
    await runner.run_once()
    table = seated.tables[0]
    stored = (await rig.leagues.store.tables(table_id=table.table_id))[0]
    game_id = int(stored.game_id or 0)
    thread = (await rig.sessions.status(game_id)).thread_id
    for user in table.players[:3]:
        await rig.sessions.resign(game_id, user)
    read = count_status(rig, monkeypatch)
    sent: list[tuple[int, str]] = []

    async def send(channel_id: int, content: str, *args: Any, **kwargs: Any) -> None:
        sent.append((channel_id, content))

    monkeypatch.setattr(runner, "_send", send)
    await runner.run_once()
    assert read == [game_id, game_id]  # settled, then its result announced in its thread
    assert [channel for channel, _ in sent] == [thread]
    read.clear()
    await runner.run_once()
    assert read == []
