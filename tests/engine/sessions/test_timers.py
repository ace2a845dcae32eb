import asyncio
from datetime import timedelta

import pytest

from engine.sessions.errors import NotAllowedError
from engine.sessions.lobby import Settings
from engine.sessions.models import By, NoticeKind, Policy, SeatState, Status, TimeControl
from engine.sessions.store import Store
from tests.engine.sessions.conftest import make_manager, start_game

DAY = TimeControl(timedelta(hours=24), (timedelta(hours=6), timedelta(hours=1)))


async def test_reminders_come_before_the_deadline_once_each(manager, clock):
    start = clock.now
    out = await start_game(manager, control=DAY)
    assert out.turn is not None
    assert out.turn.deadline == start + timedelta(hours=24)
    clock.advance(hours=17, minutes=59)
    assert await manager.tick() == []
    clock.advance(minutes=1)
    [reminder] = await manager.tick()
    assert reminder.notices[0].kind is NoticeKind.REMINDER
    assert reminder.notices[0].at == start + timedelta(hours=24)
    assert reminder.ping == 1
    assert await manager.tick() == []
    clock.advance(hours=5)
    [second] = await manager.tick()
    assert second.notices[0].kind is NoticeKind.REMINDER
    clock.advance(minutes=30)
    assert await manager.tick() == []


async def test_a_move_before_the_deadline_resets_the_timers_for_the_next_player(manager, clock):
    out = await start_game(manager, control=DAY)
    clock.advance(hours=20)
    out = await manager.play(out.game_id, 1, out.version, "add 1")
    assert out.turn is not None
    assert out.turn.deadline == clock.now + timedelta(hours=24)
    clock.advance(hours=5)
    assert await manager.tick() == []  # player 1's old deadline is gone
    clock.advance(hours=13)
    [reminder] = await manager.tick()
    assert reminder.ping == 2


async def test_at_the_deadline_an_ai_stands_in_until_the_player_returns(manager, clock):
    out = await start_game(manager, control=DAY)
    clock.advance(hours=24)
    outcomes = await manager.tick()
    timed_out = outcomes[-1]
    assert timed_out.notices[0].kind is NoticeKind.TIMED_OUT
    assert timed_out.notices[0].detail == Policy.STAND_IN
    assert [m.by for m in timed_out.moves] == [By.STAND_IN]
    assert timed_out.ping == 2
    status = await manager.status(out.game_id)
    assert status.seats[0].stand_in
    # While the stand-in holds the seat, it answers at once.
    after = await manager.play(out.game_id, 2, timed_out.version, "add 1")
    assert [m.by for m in after.moves] == [By.PLAYER, By.STAND_IN]
    back = await manager.return_to_seat(out.game_id, 1)
    assert back.notices[0].kind is NoticeKind.RETURNED
    assert not (await manager.status(out.game_id)).seats[0].stand_in
    with pytest.raises(NotAllowedError):
        await manager.return_to_seat(out.game_id, 1)
    assert (await manager.verify(out.game_id)).ok


async def test_forfeit_policy_takes_the_player_out(manager, clock):
    out = await start_game(manager, humans=(1, 2, 3), control=DAY, policy=Policy.FORFEIT)
    clock.advance(hours=24)
    [timed_out] = await manager.tick()
    assert timed_out.notices[0].detail == Policy.FORFEIT
    status = await manager.status(out.game_id)
    assert status.seats[0].state is SeatState.FORFEITED
    assert status.status is Status.ACTIVE


async def test_forfeit_of_one_of_two_players_ends_the_game(manager, clock):
    await start_game(manager, control=DAY, policy=Policy.FORFEIT)
    clock.advance(days=2)
    [ended] = await manager.tick()
    assert ended.status is Status.FINISHED
    assert ended.final is not None
    assert ended.final.ranks == (2, 1)
    assert ended.final.reason == "resigned"
    assert await manager.tick() == []


async def test_muting_stops_reminders_for_the_turn_only(manager, clock):
    out = await start_game(manager, control=DAY)
    await manager.mute_reminders(out.game_id, 1, "turn")
    clock.advance(hours=23, minutes=30)
    assert await manager.tick() == []
    out = await manager.play(out.game_id, 1, out.version, "add 1")
    out = await manager.play(out.game_id, 2, out.version, "add 1")
    clock.advance(hours=18)
    [reminder] = await manager.tick()
    assert reminder.ping == 1  # muting lasted one turn


async def test_muting_for_the_game_and_unmuting(manager, clock):
    out = await start_game(manager, control=DAY)
    await manager.mute_reminders(out.game_id, 1, "game")
    out = await manager.play(out.game_id, 1, out.version, "add 1")
    out = await manager.play(out.game_id, 2, out.version, "add 1")
    clock.advance(hours=18)
    assert await manager.tick() == []
    await manager.mute_reminders(out.game_id, 1, "off")
    clock.advance(hours=5)
    [reminder] = await manager.tick()
    assert reminder.ping == 1


async def test_timers_survive_a_restart(database_url, clock):
    async with await Store.open(database_url) as store:
        out = await start_game(make_manager(store, clock), control=DAY)
    clock.advance(days=3)  # the bot was down past the deadline
    async with await Store.open(database_url) as store:
        manager = make_manager(store, clock)
        outcomes = await manager.resume()
        kinds = [n.kind for o in outcomes for n in o.notices]
        assert NoticeKind.TIMED_OUT in kinds
        status = await manager.status(out.game_id)
        assert status.seats[0].stand_in
        assert status.turn is not None
        assert status.turn.user_id == 2
        assert status.turn.deadline == clock.now + timedelta(hours=24)


async def test_a_standing_answer_plays_out_of_turn_decisions(manager):
    out = await start_game(manager, "secret", (1, 2, 3))
    await manager.set_standing_answer(out.game_id, 2, "turn", "pass")
    out = await manager.play(out.game_id, 1, out.version, "pass")
    assert [(m.seat, m.by) for m in out.moves] == [(0, By.PLAYER), (1, By.STANDING)]
    assert out.ping == 3
    cleared = await manager.set_standing_answer(out.game_id, 2, "turn", None)
    assert cleared.moves == ()
    out = await manager.play(out.game_id, 3, out.version, "pass")
    out = await manager.play(out.game_id, 1, out.version, "pass")
    assert out.turn is not None
    assert out.turn.user_id == 2


async def test_every_move_restarts_the_deadline_but_not_the_turn(manager, clock):
    out = await start_game(manager, "secret", control=DAY)
    assert out.turn is not None
    since = out.turn.since
    clock.advance(hours=20)
    out = await manager.play(out.game_id, 1, out.version, "tap")
    assert out.turn is not None
    assert out.turn.deadline == clock.now + timedelta(hours=24)
    assert out.turn.since == since  # still the same turn: waiting since its start
    clock.advance(hours=5)
    assert await manager.tick() == []  # the first deadline was replaced


async def test_the_creator_changes_settings_and_the_deadline_restarts(manager, clock):
    out = await start_game(manager)
    assert out.turn is not None
    assert out.turn.deadline is None
    with pytest.raises(NotAllowedError):
        await manager.configure(out.game_id, 2, Settings(language="es"))
    clock.advance(hours=1)
    info = await manager.configure(
        out.game_id, 1, Settings(language="es", policy=Policy.FORFEIT, time_control=DAY)
    )
    assert (info.language, info.policy, info.time_control) == ("es", Policy.FORFEIT, DAY)
    assert info.turn is not None
    assert info.turn.deadline == clock.now + timedelta(hours=24)
    info = await manager.configure(out.game_id, 99, Settings(no_time_control=True), admin=True)
    assert info.time_control is None
    assert info.turn is not None
    assert info.turn.deadline is None
    clock.advance(days=3)
    assert await manager.tick() == []


async def test_overlapping_ticks_fire_each_timer_once(manager, clock):
    await start_game(manager, control=DAY)
    clock.advance(hours=24)
    first, second = await asyncio.gather(manager.tick(), manager.tick())
    kinds = [n.kind for o in (*first, *second) for n in o.notices]
    assert kinds.count(NoticeKind.TIMED_OUT) == 1


async def test_when_every_player_has_timed_out_the_game_is_abandoned(manager, clock):
    out = await start_game(manager, control=DAY)
    clock.advance(hours=24)
    [first] = await manager.tick()
    assert first.status is Status.ACTIVE  # player 2 is still there
    clock.advance(hours=24)
    [second] = await manager.tick()
    assert second.status is Status.ABANDONED
    assert [n.kind for n in second.notices] == [NoticeKind.TIMED_OUT, NoticeKind.ABANDONED]
    assert second.moves == ()
    assert await manager.waiting_on(2) == []
    assert (await manager.verify(out.game_id)).ok
