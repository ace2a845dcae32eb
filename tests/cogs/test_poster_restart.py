"""A restarted bot's refresh and a click arriving meanwhile (issue 18), pinned in process.

After a SIGKILL the bot posts again every board whose thread shows an older version
(`Poster.refresh`). A player may press the board they hold at that very moment: their move
edits it in place. The refresh must then neither post a copy of that board (which takes the
buttons off the message the player holds: "No component dn:m:…"), nor let the click's edit
put controls back on a message it retired. The real `Poster` and session service over a
file store, against a fake thread that keeps each message's controls as Discord does.
"""

import asyncio
import itertools
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import aiohttp
import pytest

from cogs.common.poster import Poster
from cogs.common.text import shown_version
from engine.core.protocol import Step
from engine.sessions import NewGame, SeatOrder, SessionManager, Store
from tests.cogs.test_poster_faults import Bot, Renderer, Thread
from tests.engine.core.toy import Add, Roll, ToyEngine, ToyState
from tests.engine.sessions.conftest import FakeClock

NAMES = {1: "alice", 2: "bob"}


class TwoMoveTurns(ToyEngine):
    """The toy game where each seat moves twice in a row: a turn's second move edits its board."""

    def apply(self, state: ToyState, action: Add | Roll) -> Step[ToyState]:
        step = super().apply(state, action)
        if step.state.version % 2 == 1 and step.state.pending is not None:
            step.state.turn = state.turn
        return step


class Messages(Thread):
    """The fake thread, with each message's controls as its last edit left them."""

    def __init__(self) -> None:
        super().__init__()
        self.fetched: list[int] = []

    def view(self, message_id: int) -> Any:
        view = next(k.get("view") for i, _, k in self.sent if i == message_id)
        for edited, change in self.edits:
            if edited == message_id and "view" in change:
                view = change["view"]
        return view

    def versions(self) -> dict[int, int | None]:
        """Each message's version, as its controls carry it (None: no controls)."""
        return {i: shown_version(self._message(i)) for i, _, _ in self.sent}

    def _message(self, message_id: int) -> Any:
        view = self.view(message_id)
        rows = [SimpleNamespace(children=list(view.children))] if view else []
        return SimpleNamespace(components=rows)

    async def fetch_message(self, message_id: int) -> Any:
        self.fetched.append(message_id)
        message = await super().fetch_message(message_id)
        message.components = self._message(message_id).components
        return message


class Gated(Renderer):
    """A renderer whose drawing waits for the gate (a render worker spawned after a restart)."""

    def __init__(self) -> None:
        super().__init__()
        self.drawing = asyncio.Event()
        self.gate = asyncio.Event()

    async def gallery(self, *args: Any, **kwargs: Any) -> tuple[tuple[str, bytes], ...]:
        self.drawing.set()
        await self.gate.wait()
        return await super().gallery(*args, **kwargs)


class Down(Messages):
    """The thread while Discord is unreachable: every read fails until `down` is cleared."""

    def __init__(self) -> None:
        super().__init__()
        self.down = False

    async def fetch_message(self, message_id: int) -> Any:
        if self.down:
            raise aiohttp.ClientConnectionError("Discord is unreachable")
        return await super().fetch_message(message_id)


@dataclass
class Table:
    sessions: SessionManager
    thread: Down
    game_id: int


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    store = await Store.open(tmp_path / "games.db")
    sessions = SessionManager(
        store, {"toy": TwoMoveTurns()}, FakeClock(), seeds=itertools.count(5).__next__
    )
    thread = Down()
    poster = Poster(Bot(thread), sessions, dict(NAMES), Renderer())  # type: ignore[arg-type]
    spec = NewGame("toy", guild_id=7, channel_id=70, seats=2, seat_order=SeatOrder.JOIN)
    info = await sessions.create_lobby(1, spec)
    await sessions.join(info.game_id, 2)
    await sessions.set_messages(info.game_id, thread_id=700)
    await poster.post(await sessions.start(info.game_id, 1))
    yield Table(sessions, thread, info.game_id)
    await store.close()


def restarted(table: Table, renderer: Renderer) -> Poster:
    """A new process's poster over the same store and thread (after a SIGKILL)."""
    return Poster(Bot(table.thread), table.sessions, dict(NAMES), renderer)  # type: ignore[arg-type]


async def test_a_click_during_the_refresh_keeps_the_board_the_player_holds(table):
    now = await table.sessions.current(table.game_id)
    held = now.board_message_id
    assert table.thread.versions() == {held: now.version}
    render = Gated()
    poster = restarted(table, render)
    # The player presses the board they hold: saved, and its post draws the new board ...
    outcome = await table.sessions.play(table.game_id, 1, now.version, 0)
    assert outcome.ping is None  # the same player moves again: the board is edited in place
    click = asyncio.create_task(poster.post(outcome))
    await render.drawing.wait()
    # ... while the start-up refresh compares the thread with the game.
    refresh = asyncio.create_task(poster.refresh())
    for _ in range(30):  # far enough to read the thread, if it could before the edit
        if table.thread.fetched:
            break
        await asyncio.sleep(0.01)
    render.gate.set()
    await click
    assert await refresh == 0  # the thread shows the newest version: nothing posted again
    assert table.thread.versions() == {held: outcome.version}  # the held board plays on


async def test_a_click_posted_after_the_refresh_edits_the_board_it_put_up(table):
    now = await table.sessions.current(table.game_id)
    old = now.board_message_id
    poster = restarted(table, Renderer())
    outcome = await table.sessions.play(table.game_id, 1, now.version, 0)  # saved, not posted
    assert await poster.refresh() == 1  # the thread showed an older version: a new board
    [fresh] = [i for i, _, _ in table.thread.sent if i != old]
    await poster.post(outcome)  # the click's own post, made with the board it replaced
    assert table.thread.versions() == {old: None, fresh: outcome.version}


async def test_a_refresh_during_an_outage_leaves_the_board_to_the_outbox(table):
    # A restart while Discord is down: the start-up refresh cannot read the thread. It must
    # neither fail the start-up (the ticker would never start) nor forget the game: the
    # outbox posts its board once Discord answers (a chaos run's stale board was this).
    now = await table.sessions.current(table.game_id)
    saved = await table.sessions.play(table.game_id, 1, now.version, 0)  # saved; then killed
    poster = restarted(table, Renderer())
    table.thread.down = True
    assert await poster.refresh() == 0
    assert poster.unsent == {table.game_id: saved.version}
    poster.close()
    table.thread.down = False
    assert await poster.retry_unsent() == 1
    assert poster.unsent == {}
    assert saved.version in table.thread.versions().values()
