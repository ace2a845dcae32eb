"""Watchers (issue 16): the result once, a note at each round's end if asked, public only."""

from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from engine.around.service import Around
from engine.core.errors import GameError
from engine.sessions.errors import NotSeatedError
from engine.sessions.lobby import NewGame
from engine.sessions.manager import SessionManager
from tests.engine.core.toy import ToyEngine, ToyState
from tests.engine.sessions.conftest import GAMES, start_game


@dataclass(frozen=True, slots=True)
class RoundView:
    total: int
    turn: int
    round: int


class RoundToy(ToyEngine):
    """The toy game with rounds: a round is four points of the counter."""

    name: ClassVar[str] = "roundtoy"

    def view(self, state: ToyState, seat: int | None) -> Any:
        return RoundView(state.total, state.turn, 1 + state.total // 4)


@pytest.fixture
def rounds_manager(store, clock) -> SessionManager:
    return SessionManager(store, {**GAMES, "roundtoy": RoundToy()}, clock)


async def test_a_watcher_gets_the_result_once_and_round_notes_if_asked(rounds_manager):
    manager = rounds_manager
    people = Around(manager)
    manager.on_game_end(people.record_end)  # as cogs/around.py wires it: ends become due
    out = await start_game(manager, "roundtoy", (1, 2))
    with pytest.raises(GameError) as refused:
        await people.watch(out.game_id, 1)
    assert refused.value.key == "error.around.watch_own"
    await people.watch(out.game_id, 5, rounds=True)
    await people.watch(out.game_id, 6)
    assert [w.game_id for w in await people.watching(5)] == [out.game_id]
    assert await people.notes() == []  # nothing happened yet
    version = out.version
    for user in (1, 2):  # 2 + 2 = 4: round 1 is over
        version = (await manager.play(out.game_id, user, version, "add 2")).version
    (note,) = await people.notes()
    assert (note.user_id, note.round) == (5, 1)
    await people.told(note)
    assert await people.notes() == []
    version = (await manager.play(out.game_id, 1, version, "add 1")).version
    assert await people.notes() == []  # a move within round 2: no note
    ended = version
    while True:
        info = await manager.status(out.game_id)
        if info.turn is None:
            break
        ended = (await manager.play(out.game_id, info.turn.user_id, info.version, "add 2")).version
    assert ended > version
    notes = await people.notes()
    assert sorted((n.user_id, n.round) for n in notes) == [(5, None), (6, None)]
    assert all(n.info.final is not None for n in notes)
    for n in notes:
        await people.told(n)
    assert await people.notes() == []
    with pytest.raises(GameError) as over:
        await people.watch(out.game_id, 7)
    assert over.value.key == "error.around.watch_over"
    lobby = await manager.create_lobby(1, NewGame("roundtoy", guild_id=7, seats=2))
    await people.watch(lobby.game_id, 5, rounds=True)  # a lobby has no round yet
    await manager.join(lobby.game_id, 2)
    await manager.start(lobby.game_id, 1)
    assert await people.notes() == []  # the start is no round's end


async def test_a_watcher_playing_another_game_sees_only_public_information(manager):
    people = Around(manager)
    watched = await start_game(manager, "secret", (1, 2))
    own = await start_game(manager, "secret", (3, 4))
    await people.watch(watched.game_id, 3)
    with pytest.raises(NotSeatedError):
        await manager.private_view(watched.game_id, 3)
    with pytest.raises(NotSeatedError):
        await manager.play(watched.game_id, 3, watched.version, "pass")
    assert "mine" not in (await manager.status(watched.game_id)).view
    assert "mine" in (await manager.private_view(own.game_id, 3)).view  # their own game
    await people.unwatch(watched.game_id, 3)
    with pytest.raises(GameError):
        await people.unwatch(watched.game_id, 3)
    assert await people.watching(3) == []
