"""The two small calls the cogs need besides play: `reveals` and `game_in_thread`."""

import pytest

from engine.core.errors import NotYourTurnError, StaleStateError
from engine.sessions.errors import NotSeatedError
from tests.engine.sessions.conftest import start_game


async def test_reveals_says_whether_a_move_would_show_randomness_and_changes_nothing(manager):
    out = await start_game(manager)
    assert await manager.reveals(out.game_id, 1, out.version, 2) is True  # index 2: roll
    assert await manager.reveals(out.game_id, 1, out.version, "add 1") is False
    assert (await manager.status(out.game_id)).version == out.version
    assert await manager.log(out.game_id) == ()
    with pytest.raises(StaleStateError):
        await manager.reveals(out.game_id, 1, out.version + 1, 0)
    with pytest.raises(NotYourTurnError):
        await manager.reveals(out.game_id, 2, out.version, 0)
    with pytest.raises(NotSeatedError):
        await manager.reveals(out.game_id, 9, out.version, 0)


async def test_current_reposts_the_game_as_it_stands_without_moves_or_ping(manager):
    out = await start_game(manager)
    out = await manager.play(out.game_id, 1, out.version, 0)
    now = await manager.current(out.game_id)
    assert (now.version, now.turn, now.view) == (out.version, out.turn, out.view)
    assert (now.moves, now.ping) == ((), None)


async def test_game_in_thread_finds_the_latest_game_posted_in_a_thread(manager):
    first = await start_game(manager)
    second = await start_game(manager)
    assert await manager.game_in_thread(55) is None
    await manager.set_messages(first.game_id, thread_id=55)
    assert await manager.game_in_thread(55) == first.game_id
    await manager.set_messages(second.game_id, thread_id=55)
    assert await manager.game_in_thread(55) == second.game_id
