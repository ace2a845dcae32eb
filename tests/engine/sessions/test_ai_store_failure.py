"""The player's move is stored, then the AI's follow-up cannot be (disk full): issue 18.

The player must hear the truth (their move counts; the AI moves when it can), and the AI's
turn is taken again on a later tick, once the store is writable.
"""

import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from engine.ai.players import PLAYERS
from engine.sessions.manager import SessionManager
from engine.sessions.models import By, NoticeKind
from tests.engine.sessions.conftest import GAMES, start_game


class _Disk:
    """Make every transaction after the first `room` ones fail at commit, as a full disk does."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.room: int | None = None
        self._transaction = store.transaction

    def fill_after(self, room: int) -> None:
        self.room = room

    def empty(self) -> None:
        self.room = None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Any]:
        async with self._transaction() as tx:
            yield tx
            if self.room is not None:
                if self.room <= 0:
                    raise sqlite3.OperationalError("database or disk is full")
                self.room -= 1


async def test_a_saved_move_whose_ai_follow_up_cannot_be_stored_is_told_truly(store, clock):
    disk = _Disk(store)
    store.transaction = disk.transaction
    manager = SessionManager(store, GAMES, clock, {"greedy": PLAYERS["greedy"]})
    out = await start_game(manager, humans=(1,), ais=("greedy",))
    disk.fill_after(1)  # the player's move fits; the AI's does not
    out = await manager.play(out.game_id, 1, out.version, "add 1")

    assert [m.by for m in out.moves] == [By.PLAYER]  # saved, and said so
    assert [n.kind for n in out.notices] == [NoticeKind.AI_FAILED]
    assert out.turn is not None
    assert out.turn.seat == 1  # the AI's decision waits
    status = await manager.status(out.game_id)
    assert status.version == out.version  # what the outcome says is what is stored
    assert (await manager.verify(out.game_id)).ok

    assert await manager.tick() == []  # still full: nothing moves, nothing breaks
    assert (await manager.status(out.game_id)).version == out.version
    disk.empty()
    [later] = await manager.tick()  # writable again: the AI moves at the next tick
    assert later.game_id == out.game_id
    assert [m.by for m in later.moves] == [By.AI]
    assert later.turn is not None
    assert later.turn.seat == 0
    assert (await manager.verify(out.game_id)).ok
    assert await manager.tick() == []  # once
