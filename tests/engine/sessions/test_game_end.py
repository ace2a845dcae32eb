"""`on_game_end`: every way a game ends tells the listeners once, after the end is saved."""

from datetime import timedelta

import pytest

from engine.sessions import GameInfo, SessionManager, Status, TimeControl
from engine.sessions.lobby import NewGame
from tests.engine.sessions.conftest import start_game

DAY = TimeControl(timedelta(hours=24))


@pytest.fixture
def ended(manager: SessionManager) -> list[GameInfo]:
    told: list[GameInfo] = []

    async def listener(info: GameInfo) -> None:
        stored = await manager.status(info.game_id)
        assert stored.status is info.status  # told after the commit: the end is stored
        told.append(info)

    manager.on_game_end(listener)
    return told


async def test_the_last_move_tells_the_listeners_once(manager, ended):
    out = await start_game(manager)
    await manager.play(out.game_id, 1, out.version, "add 1")
    assert ended == []  # a move that does not end the game tells nobody
    out = await manager.current(out.game_id)
    for move in range(9):
        out = await manager.play(out.game_id, (move + 1) % 2 + 1, out.version, "add 1")
    assert out.status is Status.FINISHED
    [info] = ended
    assert (info.game_id, info.status) == (out.game_id, Status.FINISHED)
    assert info.final is not None
    assert info.final.reason == "completed"
    await manager.current(out.game_id)
    await manager.status(out.game_id)
    assert len(ended) == 1  # reading the game again tells nobody


async def test_resigning_the_game_away_tells_the_listeners(manager, ended):
    out = await start_game(manager)
    await manager.resign(out.game_id, 2)
    [info] = ended
    assert info.status is Status.FINISHED
    assert info.final is not None
    assert info.final.reason == "resigned"


async def test_abandoning_and_closing_a_lobby_tell_the_listeners(manager, ended):
    out = await start_game(manager)
    await manager.abandon(out.game_id, 1, admin=True)
    lobby = await manager.create_lobby(1, NewGame("toy", guild_id=7))
    await manager.leave(lobby.game_id, 1)  # the last player leaves: the lobby closes
    assert [(i.game_id, i.status) for i in ended] == [
        (out.game_id, Status.ABANDONED),
        (lobby.game_id, Status.ABANDONED),
    ]


async def test_an_abandon_agreed_by_everyone_tells_the_listeners_once(manager, ended):
    out = await start_game(manager)
    asked = await manager.abandon(out.game_id, 1)
    assert ended == []  # only asked
    [notice] = asked.notices
    assert notice.request_id is not None
    await manager.answer(out.game_id, 2, notice.request_id, True)
    assert [i.status for i in ended] == [Status.ABANDONED]


async def test_timeouts_and_play_out_tell_the_listeners(manager, clock, ended):
    timed = await start_game(manager, control=DAY)
    played = await start_game(manager)
    clock.advance(hours=24)
    await manager.tick()
    assert ended == []  # one player timed out: an AI stands in, the game goes on
    clock.advance(hours=24)
    await manager.tick()
    await manager.play_out(played.game_id)
    assert [(i.game_id, i.status) for i in ended] == [
        (timed.game_id, Status.ABANDONED),
        (played.game_id, Status.FINISHED),
    ]


async def test_a_failing_listener_does_not_undo_or_refuse_the_end(manager, ended):
    async def broken(info: GameInfo) -> None:
        raise RuntimeError("league store on fire")

    manager.on_game_end(broken)
    out = await start_game(manager)
    finished = await manager.resign(out.game_id, 1)
    assert finished.status is Status.FINISHED
    assert (await manager.status(out.game_id)).status is Status.FINISHED
    assert [i.game_id for i in ended] == [out.game_id]  # the other listener was told
