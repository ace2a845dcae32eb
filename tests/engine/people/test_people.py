"""Players' time with the real session service, on both backends: vacations, holds, DMs."""

from datetime import UTC, datetime, timedelta

import pytest

from engine.core.errors import GameError
from engine.people import People, Ping
from engine.sessions.models import TimeControl
from engine.sessions.store import Store
from tests.engine.sessions.conftest import FakeClock, make_manager, start_game

DAY = TimeControl(timedelta(hours=24), (timedelta(hours=6),))


@pytest.fixture
async def setup(database_url):
    store = await Store.open(database_url)
    clock = FakeClock()
    manager = make_manager(store, clock)
    people = People(store.database, manager)
    manager.set_attendance(people)
    yield manager, people, clock
    await store.close()


def ping(user: int, game: int) -> Ping:
    return Ping(user, game, "toy", "en", 7, 700 + game)


async def test_vacation_stops_and_restarts_the_clocks_of_two_games(setup):
    manager, people, clock = setup
    first = await start_game(manager, humans=(1, 2), control=DAY)  # 1 decides
    second = await start_game(manager, humans=(2, 1), control=DAY)  # 2 decides
    for game in (first, second):
        await manager.set_messages(game.game_id, thread_id=700 + game.game_id)
    clock.advance(hours=10)  # 14 hours left in the first game
    away = await people.start_vacation(7, 1, 5, "travel")
    assert (away.games, away.left) == (2, 16)
    assert (await manager.status(first.game_id)).turn.deadline is None
    # The turn comes to player 1 in the second game during the vacation: no clock either.
    out = await manager.play(second.game_id, 2, second.version, "add 1")
    assert out.turn is not None
    assert (out.turn.user_id, out.turn.deadline) == (1, None)
    clock.advance(days=3)
    assert await manager.tick() == []  # no reminder, no timeout while away
    back = await people.end_vacation(7, 1)
    assert back.days == 3  # only the days begun are charged
    assert (await manager.status(first.game_id)).turn.deadline == clock.now + timedelta(hours=14)
    assert (await manager.status(second.game_id)).turn.deadline == clock.now + timedelta(hours=24)
    posts = [p.content for p in await people.unsent()]
    assert sum("on vacation until" in p and "(travel)" in p for p in posts) == 2
    assert sum("is back from vacation" in p for p in posts) == 2
    assert await people.days_left(7, 1) == 18


async def test_the_yearly_allowance_is_enforced(setup):
    manager, people, clock = setup
    for bad in (0, -3):
        with pytest.raises(GameError) as refused:
            await people.start_vacation(7, 1, bad)
        assert refused.value.key == "error.people.days"
    await people.set_allowance(7, 10)
    with pytest.raises(GameError) as refused:
        await people.start_vacation(7, 1, 11)
    assert refused.value.key == "error.people.allowance"
    await people.start_vacation(7, 1, 10)
    with pytest.raises(GameError) as refused:
        await people.start_vacation(7, 1, 1)
    assert refused.value.key == "error.people.on_vacation"
    assert await people.days_left(7, 1) == 0
    # It ends by itself on the tick after its last day, and the clock runs again.
    game = await start_game(manager, humans=(1, 2), control=DAY)
    assert (await manager.status(game.game_id)).turn.deadline is None
    clock.advance(days=10)
    assert await people.tick() == 1
    assert (await manager.status(game.game_id)).turn.deadline == clock.now + timedelta(hours=24)
    assert await people.vacation(7, 1) is None
    # A league absence counts 7 days only while the league records it.
    await people.charge_absence(7, 1, 99, 1, 2)
    assert await people.days_left(7, 1) == 0
    await people.set_allowance(7, 17)
    await people.check_absence(7, 1)
    await people.set_allowance(7, 16)
    with pytest.raises(GameError) as refused:
        await people.check_absence(7, 1)
    assert refused.value.key == "error.people.absence"


async def test_held_pings_arrive_once_in_one_message_at_the_start_of_the_day(setup):
    manager, people, clock = setup
    await people.change(1, zone="Europe/Madrid", hours="23:00-08:00")
    clock.now = datetime(2026, 1, 14, 23, 0, tzinfo=UTC)  # midnight in Madrid
    games = [await start_game(manager, humans=(1, 2)) for _ in range(2)]
    for game in games:
        await manager.set_messages(game.game_id, thread_id=700 + game.game_id)
    for game in games:
        assert await people.turn(ping(1, game.game_id)) is False
    assert await people.reminder(ping(1, games[0].game_id)) is False
    clock.now = datetime(2026, 1, 15, 6, 59, tzinfo=UTC)
    assert await people.tick() == 0
    clock.now = datetime(2026, 1, 15, 7, 0, tzinfo=UTC)  # 08:00 in Madrid
    assert await people.tick() == 1
    [post] = await people.unsent()
    assert post.channel_id == 700 + games[0].game_id  # the thread of the game held first
    assert post.content.startswith("<@1>, good morning")
    assert "2 games wait" in post.content
    assert await people.tick() == 0  # once
    assert await people.turn(ping(1, games[0].game_id)) is True  # awake: pinged now


async def test_settings_and_a_closed_dm_falling_back_to_the_thread_saying_so_once(setup):
    manager, people, _ = setup
    # Bad input is refused by key and changes nothing.
    await people.change(1, zone="Europe/Madrid", hours="23:00-08:00", notify="dm")
    for bad in ({"zone": "Nowhere/City"}, {"hours": "25:00-08:00"}, {"notify": "pigeon"}):
        with pytest.raises(GameError) as refused:
            await people.change(1, language="es", **bad)
        assert str(refused.value.key).startswith("error.people.")
    found = await people.settings(1)
    assert (found.zone, found.quiet_start, found.notify, found.language) == (
        "Europe/Madrid", 23 * 60, "dm", None,
    )  # fmt: skip
    game = await start_game(manager, humans=(1, 2))
    for _ in range(2):
        assert await people.turn(ping(1, game.game_id)) is True
    dms = await people.unsent()
    assert [p.channel_id for p in dms] == [None, None]  # a DM with each thread ping
    for dm in dms:
        await people.dm_failed(dm)
    fallbacks = [p for p in await people.unsent() if p.channel_id is not None]
    assert [f.channel_id for f in fallbacks] == [700 + game.game_id] * 2
    assert ["your DMs are closed" in f.content for f in fallbacks] == [True, False]  # once
    assert (await people.settings(1)).dm_closed
    assert await people.turn(ping(1, game.game_id)) is True
    assert len(await people.unsent()) == 2  # no more DMs tried


async def test_a_waking_hours_clock_skips_the_players_night(setup):
    manager, people, clock = setup
    await people.change(1, zone="Europe/Madrid", hours="23:00-08:00")
    game = await start_game(manager, humans=(1, 2), control=DAY)  # 1 decides, at 13:00 Madrid
    assert (await manager.status(game.game_id)).turn.deadline == clock.now + timedelta(hours=24)
    with pytest.raises(GameError) as refused:
        await people.set_waking(game.game_id, 2, True)  # only the creator (or an admin)
    assert refused.value.key == "error.session.creator_changes"
    await people.set_waking(game.game_id, 1, True)
    # 24 waking hours from 13:00: 10 today, 14 tomorrow (08:00-22:00); 9 nights' hours skipped.
    expected = datetime(2026, 1, 6, 21, 0, tzinfo=UTC)
    assert (await manager.status(game.game_id)).turn.deadline == expected
    out = await manager.play(game.game_id, 1, game.version, "add 1")  # player 2: no quiet hours
    assert out.turn is not None
    assert out.turn.deadline == clock.now + timedelta(hours=24)


async def test_reminder_cadence_and_the_daily_digest(setup):
    manager, people, clock = setup
    two = TimeControl(timedelta(hours=24), (timedelta(hours=6), timedelta(hours=1)))
    await people.change(1, reminders="last")
    await people.change(2, reminders="off")
    first = await start_game(manager, humans=(1, 2), control=two)  # 1 decides
    await start_game(manager, humans=(2, 1), control=two)  # 2 decides
    clock.advance(hours=18)
    assert await manager.tick() == []  # 1 takes only the last reminder, 2 none
    clock.advance(hours=5)
    [reminder] = await manager.tick()
    assert (reminder.game_id, reminder.ping) == (first.game_id, 1)
    # A digest player is never pinged: one DM a day, at 08:00 local, while games wait.
    await people.change(3, notify="digest", zone="Asia/Tokyo")
    third = await start_game(manager, humans=(2, 3))  # 2 decides
    await manager.set_messages(third.game_id, thread_id=900)
    moved = await manager.play(third.game_id, 2, third.version, "add 1")
    assert moved.ping == 3
    assert await people.turn(ping(3, third.game_id)) is False
    clock.now = datetime(2026, 1, 6, 22, 59, tzinfo=UTC)  # 07:59 in Tokyo
    assert await people.tick() == 0
    clock.now = datetime(2026, 1, 6, 23, 0, tzinfo=UTC)
    assert await people.tick() == 1
    [digest] = [p for p in await people.unsent() if p.user_id == 3]
    assert digest.channel_id is None  # a DM, the game's thread if DMs are closed
    assert digest.fallback_id == 900
    assert "daily digest: 1 game waits" in digest.content
    clock.now = datetime(2026, 1, 7, 23, 0, tzinfo=UTC)  # still waiting the next day
    assert await people.tick() == 1
