"""Defects the chaos test found (tests/e2e/test_chaos.py), each pinned in process.

The real `Poster` and session service over a file store, against a fake thread and renderer:
a board whose drawing fails (its render workers killed twice over) is still posted, and its
image follows; an image Discord cannot take during an outage is added once it is back; a
board left without its image by a restart gets it when the bot starts again.
"""

import asyncio
import itertools
from collections.abc import AsyncIterator
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import aiohttp
import pytest

from cogs.common import poster as poster_module
from cogs.common.poster import Poster
from engine.sessions import NewGame, SeatOrder, SessionManager, Store
from tests.engine.core.toy import ToyEngine
from tests.engine.sessions.conftest import FakeClock


@dataclass
class Thread:
    """A game thread: what was sent, the edits that went through, edits that fail first."""

    sent: list[tuple[int, str, dict[str, Any]]] = field(default_factory=list)
    edits: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    failing_edits: int = 0  # so many image edits fail as in an outage first
    ids: "itertools.count[int]" = field(default_factory=lambda: itertools.count(9000))

    async def send(self, content: str, **kwargs: Any) -> Any:
        message_id = next(self.ids)
        self.sent.append((message_id, content, kwargs))
        return SimpleNamespace(id=message_id)

    async def fetch_message(self, message_id: int) -> Any:
        """The message as Discord keeps it: its content, controls and images."""
        content, view = next((c, k.get("view")) for i, c, k in self.sent if i == message_id)
        for edited, change in self.edits:
            if edited == message_id:
                content = change.get("content", content)
        rows = [SimpleNamespace(children=list(view.children))] if view else []
        images = [e for e in self.edits if e[0] == message_id and e[1].get("attachments")]
        return SimpleNamespace(id=message_id, content=content, components=rows, attachments=images)

    def get_partial_message(self, message_id: int) -> Any:
        async def edit(**kwargs: Any) -> None:
            if self.failing_edits and "attachments" in kwargs:
                self.failing_edits -= 1
                raise aiohttp.ClientConnectionError("Discord is unreachable")
            self.edits.append((message_id, kwargs))

        return SimpleNamespace(edit=edit)


class Bot:
    def __init__(self, thread: Thread) -> None:
        self.thread = thread

    def get_partial_messageable(self, channel_id: int) -> Thread:
        return self.thread

    def get_user(self, user_id: int) -> None:
        return None


class Renderer:
    """Draws fixed bytes, after failing `failures` times (dead workers); `behind` if busy."""

    def __init__(self) -> None:
        self.behind = False
        self.failures = 0

    async def board(self, *args: Any) -> bytes:
        if self.failures:
            self.failures -= 1
            raise BrokenProcessPool("A process in the process pool was terminated abruptly")
        return b"\x89PNG board"

    async def gallery(self, *args: Any, **kwargs: Any) -> tuple[tuple[str, bytes], ...]:
        """The board's images, as the poster asks for them (the phone images, then the board)."""
        return (("board", await self.board(*args)),)


@dataclass
class Table:
    sessions: SessionManager
    poster: Poster
    thread: Thread
    render: Renderer
    game_id: int


@pytest.fixture
async def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Table]:
    monkeypatch.setattr(poster_module, "RETRY_FIRST", 0.01)  # the drawer's first pause
    store = await Store.open(tmp_path / "games.db")
    sessions = SessionManager(
        store, {"toy": ToyEngine()}, FakeClock(), seeds=itertools.count(5).__next__
    )
    thread, render = Thread(), Renderer()
    poster = Poster(Bot(thread), sessions, {1: "alice", 2: "bob"}, render)  # type: ignore[arg-type]
    spec = NewGame("toy", guild_id=7, channel_id=70, seats=2, seat_order=SeatOrder.JOIN)
    info = await sessions.create_lobby(1, spec)
    await sessions.join(info.game_id, 2)
    await sessions.set_messages(info.game_id, thread_id=700)
    await poster.post(await sessions.start(info.game_id, 1))
    yield Table(sessions, poster, thread, render, info.game_id)
    await store.close()


async def _drawn(table: Table) -> None:
    drawer = table.poster._drawer  # wait for the image that follows
    assert drawer is not None
    await drawer


async def test_a_board_whose_drawing_fails_twice_is_posted_and_its_image_follows(table):
    now = await table.sessions.current(table.game_id)
    table.render.failures = 2  # the worker died, and the pool that replaced it too
    await table.poster.post(await table.sessions.play(table.game_id, 1, now.version, 0))
    message_id, content, kwargs = table.thread.sent[-1]
    assert f"dn:m:{table.game_id}:{now.version + 1}:0" in [
        c.custom_id for c in kwargs["view"].children
    ]  # the move shows at once, with the next controls ...
    assert kwargs["files"] == []
    assert "on its way" in content
    await _drawn(table)
    [(edited, change)] = [e for e in table.thread.edits if "attachments" in e[1]]
    assert edited == message_id  # ... and its image follows
    assert "on its way" not in change["content"]


async def test_an_image_discord_cannot_take_during_an_outage_is_added_when_it_is_back(table):
    now = await table.sessions.current(table.game_id)
    table.render.behind = True  # the board goes first, its image after
    table.thread.failing_edits = 2
    await table.poster.post(await table.sessions.play(table.game_id, 1, now.version, 0))
    message_id, _, kwargs = table.thread.sent[-1]
    assert kwargs["files"] == []
    await _drawn(table)
    [(edited, change)] = [e for e in table.thread.edits if "attachments" in e[1]]
    assert edited == message_id
    assert len(change["attachments"]) == 1


async def test_a_board_left_without_its_image_by_a_restart_gets_it_at_start_up(table):
    now = await table.sessions.current(table.game_id)
    table.render.behind = True
    table.thread.failing_edits = 1_000  # Discord is away, then the bot is killed
    await table.poster.post(await table.sessions.play(table.game_id, 1, now.version, 0))
    message_id, content, _ = table.thread.sent[-1]
    assert "on its way" in content
    drawer = table.poster._drawer
    assert drawer is not None
    drawer.cancel()  # the process died with the image still wanted
    table.thread.failing_edits = 0
    render = Renderer()
    again = Poster(Bot(table.thread), table.sessions, {1: "alice", 2: "bob"}, render)  # type: ignore[arg-type]
    assert await again.refresh() == 0  # the thread shows this version: no new board ...
    assert again._drawer is not None
    await again._drawer
    [(edited, change)] = [e for e in table.thread.edits if "attachments" in e[1]]
    assert edited == message_id  # ... but the image it lacked
    assert "on its way" not in change["content"]


async def test_a_board_posted_just_before_a_kill_is_not_posted_again_at_start_up(
    table, monkeypatch: pytest.MonkeyPatch
):
    spec = NewGame("toy", guild_id=7, channel_id=70, seats=2, seat_order=SeatOrder.JOIN)
    info = await table.sessions.create_lobby(1, spec)
    await table.sessions.join(info.game_id, 2)
    await table.sessions.set_messages(info.game_id, thread_id=700)
    started = await table.sessions.start(info.game_id, 1)

    async def killed(ids: Any) -> None:
        raise SystemExit  # the process died after posting, before noting it posted

    monkeypatch.setattr(table.sessions, "posted", killed)
    with pytest.raises(SystemExit):
        await table.poster.post(started)
    monkeypatch.undo()
    owed = await table.sessions.owed(info.game_id)
    assert [n.kind.value for n in owed[info.game_id]] == ["started"]
    sent = len(table.thread.sent)
    again = Poster(Bot(table.thread), table.sessions, {1: "alice", 2: "bob"}, Renderer())  # type: ignore[arg-type]
    await again.refresh()
    assert len(table.thread.sent) == sent  # the board there says it: nothing twice
    assert await table.sessions.owed(info.game_id) == {}


class Slow(Renderer):
    """A renderer whose drawings wait for the gate (a busy machine), counting them."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = asyncio.Event()
        self.drawings = 0

    async def gallery(self, *args: Any, **kwargs: Any) -> tuple[tuple[str, bytes], ...]:
        self.drawings += 1
        await self.gate.wait()
        return await super().gallery(*args, **kwargs)


async def test_a_board_alone_waits_for_its_slow_drawing(table, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(poster_module, "DRAW_WAIT", 0.01)
    slow = Slow()
    table.poster.render = slow
    now = await table.sessions.current(table.game_id)
    outcome = await table.sessions.play(table.game_id, 1, now.version, 0)
    posting = asyncio.ensure_future(table.poster.post(outcome))
    await asyncio.sleep(0.1)  # ten times the wait: nothing is posted yet
    assert not posting.done()
    sent = len(table.thread.sent)
    slow.gate.set()
    await asyncio.wait_for(posting, 5)
    assert len(table.thread.sent) == sent + 1
    _, content, kwargs = table.thread.sent[-1]
    assert kwargs["files"]  # one message with its images: no edit to add them
    assert "on its way" not in content
    assert slow.drawings == 1


async def test_a_board_does_not_wait_for_a_slow_drawing_while_others_are_posted(
    table, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(poster_module, "DRAW_WAIT", 0.05)
    slow = Slow()
    table.poster.render = slow
    table.poster._boarding = 1  # another game's board is on its way (a busy bot)
    now = await table.sessions.current(table.game_id)
    outcome = await table.sessions.play(table.game_id, 1, now.version, 0)
    await asyncio.wait_for(table.poster.post(outcome), 5)  # not held up by the drawing
    message_id, content, kwargs = table.thread.sent[-1]
    assert kwargs["files"] == []
    assert "on its way" in content
    assert not [e for e in table.thread.edits if "attachments" in e[1]]
    slow.gate.set()
    await _drawn(table)
    [(edited, change)] = [e for e in table.thread.edits if "attachments" in e[1]]
    assert edited == message_id
    assert "on its way" not in change["content"]
    assert slow.drawings == 1  # the drawing under way was used, not drawn again
