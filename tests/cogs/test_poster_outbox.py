"""The outbox under a tight rate limit (issue 18): boards arrive late, but none is lost.

The real `Poster` and session service over a file store, against a fake thread whose
messages route is held back (a rate limit, a shared 429): the next move is saved while the
previous board is still on its way, and its board still lands on the thread's newest message.
"""

import asyncio
import itertools
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs.common import poster as poster_module
from cogs.common.poster import Poster
from engine.sessions import NewGame, SeatOrder, SessionManager, Store
from tests.cogs.test_poster_faults import Bot, Renderer, Thread
from tests.engine.core.toy import ToyEngine
from tests.engine.sessions.conftest import FakeClock


@dataclass
class BusyThread(Thread):
    """A thread whose new messages wait for `open` (Discord holding the route back)."""

    open: asyncio.Event = field(default_factory=asyncio.Event)
    waiting: asyncio.Event = field(default_factory=asyncio.Event)
    refusals: int = 0  # so many sends end in a 429 that discord.py gave up retrying

    async def send(self, content: str, **kwargs: Any) -> Any:
        self.waiting.set()
        await self.open.wait()
        if self.refusals:
            self.refusals -= 1
            answer = SimpleNamespace(status=429, reason="Too Many Requests")
            raise discord.HTTPException(answer, {"message": "rate limited", "code": 0})
        return await super().send(content, **kwargs)


@dataclass
class Busy:
    sessions: SessionManager
    poster: Poster
    thread: BusyThread
    game_id: int


@pytest.fixture
async def busy(tmp_path: Path) -> AsyncIterator[Busy]:
    store = await Store.open(tmp_path / "games.db")
    sessions = SessionManager(
        store, {"toy": ToyEngine()}, FakeClock(), seeds=itertools.count(5).__next__
    )
    thread = BusyThread()
    thread.open.set()
    poster = Poster(Bot(thread), sessions, {1: "alice", 2: "bob"}, Renderer())  # type: ignore[arg-type]
    spec = NewGame("toy", guild_id=7, channel_id=70, seats=2, seat_order=SeatOrder.JOIN)
    info = await sessions.create_lobby(1, spec)
    await sessions.join(info.game_id, 2)
    await sessions.set_messages(info.game_id, thread_id=700)
    await poster.post(await sessions.start(info.game_id, 1))
    yield Busy(sessions, poster, thread, info.game_id)
    await store.close()


def _controls(kwargs: dict[str, Any]) -> list[str]:
    view = kwargs.get("view")
    return [] if view is None else [c.custom_id for c in view.children]


async def test_a_move_saved_while_the_previous_board_waits_lands_on_the_newest_board(busy):
    # Each toy move passes the turn: every board is a new message, the one before retired.
    game, thread = busy.game_id, busy.thread
    start = await busy.sessions.current(game)
    first = start.board_message_id
    thread.open.clear()  # the messages route is busy from here on
    alice = await busy.sessions.play(game, 1, start.version, 0)
    posting = asyncio.create_task(busy.poster.post(alice))
    await thread.waiting.wait()  # alice's board waits for Discord ...
    bob = await busy.sessions.play(game, 2, alice.version, 0)  # ... when bob's move is saved
    assert bob.board_message_id == first  # it names the board before alice's
    following = asyncio.create_task(busy.poster.post(bob))
    thread.open.set()
    await asyncio.gather(posting, following)

    (alice_board, _, alice_sent), (bob_board, _, bob_sent) = thread.sent[-2:]
    assert f"dn:m:{game}:{alice.version}:0" in _controls(alice_sent)
    assert f"dn:m:{game}:{bob.version}:0" in _controls(bob_sent)
    retired = [m for m, change in thread.edits if "view" in change and change["view"] is None]
    assert retired == [first, alice_board]  # each older board lost its controls, once
    now = await busy.sessions.current(game)
    assert now.board_message_id == bob_board  # the newest board is the stored one
    assert busy.poster.unsent == {}


async def test_a_board_refused_by_a_429_discord_py_gave_up_on_is_posted_later_once(
    busy, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(poster_module, "RETRY_FIRST", 0.01)  # the outbox's timer
    game, thread = busy.game_id, busy.thread
    start = await busy.sessions.current(game)
    sent = len(thread.sent)
    thread.refusals = 1  # five 429s in a row: discord.py raises instead of waiting again
    alice = await busy.sessions.play(game, 1, start.version, 0)
    await busy.poster.post(alice)  # saved; its board is owed, not an error
    assert busy.poster.unsent == {game: alice.version}
    assert len(thread.sent) == sent
    retrier = busy.poster._retrier
    assert retrier is not None
    await retrier  # the timer posts it
    assert busy.poster.unsent == {}
    [(board, _, kwargs)] = thread.sent[sent:]
    assert f"dn:m:{game}:{alice.version}:0" in _controls(kwargs)
    assert (await busy.sessions.current(game)).board_message_id == board
    assert await busy.poster.retry_unsent() == 0  # and only once
    assert len(thread.sent) == sent + 1
