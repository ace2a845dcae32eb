import pytest

from engine.core.errors import GameOverError
from engine.sessions.errors import NotAllowedError, NotSeatedError
from engine.sessions.lobby import NewGame
from engine.sessions.models import By, NoticeKind, SeatState, Status
from tests.engine.sessions.conftest import start_game


async def test_resigning_one_of_two_ends_the_game_for_the_other(manager):
    out = await start_game(manager)
    out = await manager.resign(out.game_id, 2)
    assert out.status is Status.FINISHED
    assert [n.kind for n in out.notices] == [NoticeKind.RESIGNED, NoticeKind.FINISHED]
    assert out.final is not None
    assert out.final.ranks == (1, 2)
    assert out.final.out == (1,)
    with pytest.raises(GameOverError):
        await manager.play(out.game_id, 1, out.version, "add 1")


async def test_a_resigned_seat_is_played_by_an_ai_and_ranked_last(manager):
    out = await start_game(manager, "secret", (1, 2, 3))
    resigned = await manager.resign(out.game_id, 1)  # seat 0 was deciding
    assert [m.by for m in resigned.moves] == [By.STAND_IN] * len(resigned.moves)
    assert resigned.ping == 2
    with pytest.raises(NotSeatedError):
        await manager.play(out.game_id, 1, resigned.version, "pass")
    out = resigned
    while out.status is Status.ACTIVE:
        assert out.turn is not None
        out = await manager.play(out.game_id, out.turn.user_id, out.version, "reveal")
    assert out.final is not None
    assert out.final.reason == "completed"
    assert out.final.ranks[0] == 3
    assert sorted(out.final.ranks[1:]) in ([1, 2], [1, 1])
    status = await manager.status(out.game_id)
    assert status.seats[0].state is SeatState.RESIGNED
    assert (await manager.verify(out.game_id)).ok


async def test_abandoning_a_running_game_needs_every_other_player(manager):
    out = await start_game(manager, humans=(1, 2))
    asked = await manager.abandon(out.game_id, 1)
    notice = asked.notices[0]
    assert notice.kind is NoticeKind.ABANDON_ASKED
    assert notice.waiting_on == (2,)
    assert asked.status is Status.ACTIVE
    await manager.play(out.game_id, 1, out.version, "add 1")  # moves do not cancel it
    done = await manager.answer(out.game_id, 2, notice.request_id, True)
    assert done.status is Status.ABANDONED
    assert done.notices[0].kind is NoticeKind.ABANDONED
    with pytest.raises(GameOverError):
        await manager.abandon(out.game_id, 1)


async def test_admins_and_lobby_creators_abandon_at_once(manager):
    info = await manager.create_lobby(1, NewGame("toy"))
    await manager.join(info.game_id, 2)
    with pytest.raises(NotAllowedError):
        await manager.abandon(info.game_id, 2)
    out = await manager.abandon(info.game_id, 1)
    assert out.status is Status.ABANDONED
    running = await start_game(manager)
    out = await manager.abandon(running.game_id, 99, admin=True)
    assert out.status is Status.ABANDONED
    assert await manager.waiting_on(1) == []
