"""What the cogs need besides a plain move: confirming reveals, `current`, `game_in_thread`."""

import pytest

from engine.core.errors import NotYourTurnError, StaleStateError
from engine.sessions.errors import GameNotFoundError, NotSeatedError
from engine.sessions.models import Choice
from tests.engine.sessions.conftest import start_game


async def test_an_unconfirmed_move_that_reveals_asks_first_and_changes_nothing(manager):
    out = await start_game(manager)
    asked = await manager.play(out.game_id, 1, out.version, 2, confirmed=False)  # 2: roll
    assert asked.confirm == Choice(2, "roll", "Roll")
    assert (asked.version, asked.moves, asked.ping) == (out.version, (), None)
    assert (await manager.status(out.game_id)).version == out.version
    assert await manager.log(out.game_id) == ()
    typed = await manager.play(out.game_id, 1, out.version, "roll", confirmed=False)
    assert typed.confirm is not None
    assert typed.confirm.index == 2  # the confirm button's index
    with pytest.raises(StaleStateError):
        await manager.play(out.game_id, 1, out.version + 1, 0, confirmed=False)
    with pytest.raises(NotYourTurnError):
        await manager.play(out.game_id, 2, out.version, 0, confirmed=False)
    with pytest.raises(NotSeatedError):
        await manager.play(out.game_id, 9, out.version, 0, confirmed=False)


async def test_an_unconfirmed_move_that_reveals_nothing_is_played_at_once(manager):
    out = await start_game(manager)
    played = await manager.play(out.game_id, 1, out.version, "add 1", confirmed=False)
    assert played.confirm is None
    assert played.version == out.version + 1
    assert [m.notation for m in played.moves] == ["add 1"]


async def test_a_confirmed_reveal_is_played(manager):
    out = await start_game(manager)
    played = await manager.play(out.game_id, 1, out.version, 2, confirmed=True)
    assert played.confirm is None
    assert [(m.notation, m.irreversible) for m in played.moves] == [("roll", True)]


async def test_an_outcome_carries_the_next_choices_and_the_recent_log(manager):
    out = await start_game(manager)
    assert out.choices is not None
    assert out.choices.version == out.version
    assert out.choices.turn == out.turn
    assert [c.notation for c in out.choices.choices] == ["add 1", "add 2", "roll"]
    for move in range(8):  # 8 of the 10 points: still going, seats take turns
        out = await manager.play(out.game_id, move % 2 + 1, out.version, "add 1")
    assert out.recent == (await manager.log(out.game_id, limit=6))
    assert len(out.recent) == 6


async def test_set_messages_of_a_missing_game_is_refused(manager):
    with pytest.raises(GameNotFoundError, match="no game number 99"):
        await manager.set_messages(99, thread_id=5)


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
