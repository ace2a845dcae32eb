"""The league's day-before-the-deadline ping follows each player's quiet hours (issue 16).

`LeagueRunner.remind_deadlines` over the real session, league and people services (the rig
of tests/engine/leagues/test_port.py), with the bot's `people` hung on a stand-in bot as
cogs.settings does. What the runner would post in the thread is captured; what a held player
gets at the start of their day is read from the people outbox, which cogs/notify.py sends.
"""

from datetime import datetime, timedelta
from typing import Any

from cogs.league.runner import LeagueRunner
from engine.people import People
from engine.sessions import Outcome
from tests.engine.leagues.test_port import Rig, new_league, rig, seat_week

__all__ = ["rig"]  # the fixture, used by name below


async def no_post(outcome: Outcome) -> None:
    raise AssertionError("nothing should be posted: every game has its thread")


class Bot:
    """The part of the bot the runner reaches: the players' time, as cogs.settings sets it."""

    def __init__(self, people: People) -> None:
        self.people = people


async def league_game(rig: Rig) -> tuple[int, int, datetime]:
    """Seat one table of four (users 1-4); return its game, its thread and the week deadline."""
    await new_league(rig, 4)
    await seat_week(rig)
    [(_, game_id, deadline)] = await rig.port.links.open_games_due()
    await rig.sessions.set_messages(game_id, thread_id=8000)
    return game_id, 8000, deadline


def runner_for(rig: Rig, monkeypatch: Any) -> tuple[LeagueRunner, People, list[tuple[int, str]]]:
    people = People(rig.sessions.store.database, rig.sessions)
    runner = LeagueRunner(Bot(people), rig.leagues, rig.sessions, no_post)  # type: ignore[arg-type]
    sent: list[tuple[int, str]] = []

    async def send(channel_id: int, content: str, *args: Any, **kwargs: Any) -> None:
        sent.append((channel_id, content))

    monkeypatch.setattr(runner, "_send", send)
    return runner, people, sent


async def test_a_player_in_quiet_hours_gets_the_league_ping_once_when_their_day_starts(
    rig, monkeypatch
):
    game_id, thread, deadline = await league_game(rig)
    runner, people, sent = runner_for(rig, monkeypatch)
    await people.change(2, zone="Europe/Madrid", hours="22:00-08:00")
    rig.clock.now = deadline - timedelta(hours=20)  # 23:00 in Madrid the evening before
    assert await runner.remind_deadlines() == 1
    [(where, content)] = sent
    assert where == thread
    assert "this league game ends" in content
    assert "<@2>" not in content  # asleep: not pinged
    assert all(f"<@{user}>" in content for user in (1, 3, 4))
    assert await runner.remind_deadlines() == 0  # once per table
    assert await people.unsent() == []  # held, nothing sent yet

    rig.clock.now = deadline - timedelta(hours=11, minutes=1)  # 07:59 in Madrid (UTC+1)
    await people.tick()
    assert await people.unsent() == []
    rig.clock.now += timedelta(minutes=1)  # 08:00 in Madrid: their day starts
    await people.tick()
    [morning] = await people.unsent()
    assert morning.channel_id == thread  # a thread player: in the game's thread
    assert morning.user_id == 2
    assert "<@2>" in morning.content
    assert "this league game ends" in morning.content
    assert f"<t:{int(deadline.timestamp())}:R>" in morning.content
    assert f"#{game_id}" in morning.content
    await people.sent(morning)
    rig.clock.now += timedelta(hours=1)
    await people.tick()
    assert await people.unsent() == []  # delivered once


async def test_when_every_player_sleeps_the_thread_gets_nothing_and_each_gets_one_message(
    rig, monkeypatch
):
    _, thread, deadline = await league_game(rig)
    runner, people, sent = runner_for(rig, monkeypatch)
    for user in (1, 2, 3, 4):
        await people.change(user, zone="UTC", hours="00:00-09:00")
    await people.change(4, notify="digest")  # a digest player's waits for their digest
    rig.clock.now = deadline - timedelta(hours=17)  # 01:00 UTC
    assert await runner.remind_deadlines() == 0
    assert sent == []
    rig.clock.now = deadline - timedelta(hours=9)  # 09:00 UTC: everyone's day starts
    await people.tick()
    posts = await people.unsent()
    assert sorted(p.user_id or 0 for p in posts) == [1, 2, 3, 4]
    assert all("this league game ends" in p.content for p in posts)
    [digest] = [p for p in posts if p.user_id == 4]
    assert digest.channel_id is None  # a DM, as the digest always is
    assert [p.channel_id for p in posts if p.user_id != 4] == [thread] * 3


async def test_a_held_league_ping_is_dropped_when_its_game_ended_before_the_morning(
    rig, monkeypatch
):
    game_id, _, deadline = await league_game(rig)
    runner, people, _ = runner_for(rig, monkeypatch)
    await people.change(2, zone="UTC", hours="00:00-09:00")
    rig.clock.now = deadline - timedelta(hours=17)
    await runner.remind_deadlines()
    info = await rig.sessions.status(game_id)
    await rig.sessions.abandon(game_id, info.creator_id, admin=True)  # over before user 2 wakes
    rig.clock.now = deadline - timedelta(hours=9)
    await people.tick()
    assert await people.unsent() == []


async def test_the_weeks_opening_ping_notifies_only_the_players_awake(rig, monkeypatch):
    game_id, _, deadline = await league_game(rig)  # the week ends at 18:00 UTC
    runner, people, _ = runner_for(rig, monkeypatch)
    await people.change(3, zone="America/New_York", hours="23:00-07:00")
    rig.clock.now = deadline - timedelta(days=6, hours=12)  # 06:00 UTC: night in New York
    notify = await runner._opening_mentions(game_id, deadline)
    assert isinstance(notify.users, list)
    assert sorted(user.id for user in notify.users) == [1, 2, 4]  # 3 is named, not notified
    assert await people.unsent() == []  # held until their day starts
    rig.clock.now += timedelta(hours=6)  # 12:00 UTC: morning in New York
    await people.tick()
    [morning] = await people.unsent()
    assert morning.user_id == 3
    assert "<@3>" in morning.content
    assert f"#{game_id}" in morning.content
