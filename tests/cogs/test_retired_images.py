"""A retired turn message's images and words agree (sixth playtest, item 127).

When the turn passes, the poster edits the old turn message one last time into the whole
turn that ended (`story.closing`), its words only: its images stay those last drawn into
it, the decision the turn began with or an earlier move of the turn. "(editado) **Troyes
n.º 1** · jugada 229" stood over board-227-focus.png. The header now says which move its
images show when that is not the move it tells: "· imágenes de la jugada 227".

The real `Poster` and session service over a file store (a toy game, two people), against
a fake thread that keeps each message's images as Discord does.
"""

import asyncio
import itertools
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from cogs.common import poster as poster_module
from cogs.common import story
from cogs.common.poster import Poster
from engine.sessions import NewGame, Outcome, SeatOrder, SessionManager, Status, Store
from tests.cogs.test_poster_faults import Bot, Renderer, Thread
from tests.cogs.test_poster_restart import TwoMoveTurns
from tests.engine.core.toy import ToyEngine
from tests.engine.sessions.conftest import FakeClock

NAMES = {1: "alice", 2: "bob"}
HEADER = re.compile(r"\*\*Toy #\d+\*\* · move (\d+)(?: · images from move (\d+))?\n")
IMAGE = re.compile(r"board-(\d+)(?:-\w+)?\.png")


class Pictures(Thread):
    """The fake thread, with each message's words and images as its last edits left them."""

    def __init__(self) -> None:
        super().__init__()
        self.fetched: list[int] = []

    def message(self, message_id: int) -> tuple[str, list[str]]:
        """Return a message's content and its images' names, as Discord shows them."""
        content, kwargs = next((c, k) for i, c, k in self.sent if i == message_id)
        images = [f.filename for f in kwargs.get("files") or []]
        for edited, change in self.edits:
            if edited == message_id:
                content = change.get("content", content)
                if "attachments" in change:
                    images = [f.filename for f in change["attachments"]]
        return content, images

    async def fetch_message(self, message_id: int) -> Any:
        self.fetched.append(message_id)
        content, images = self.message(message_id)
        files = [SimpleNamespace(filename=name) for name in images]
        view = next(k.get("view") for i, _, k in self.sent if i == message_id)
        for edited, change in self.edits:
            if edited == message_id and "view" in change:
                view = change["view"]
        rows = [SimpleNamespace(children=list(view.children))] if view else []
        return SimpleNamespace(id=message_id, content=content, components=rows, attachments=files)


class Drawn(Renderer):
    """The fake renderer, with the end's images too (the score chart, the replay).

    Its drawings wait for `gate` (open: at once; closed: a busy machine's slow drawing).
    """

    def __init__(self) -> None:
        super().__init__()
        self.gate = asyncio.Event()
        self.gate.set()

    async def gallery(self, *args: Any, **kwargs: Any) -> tuple[tuple[str, bytes], ...]:
        await self.gate.wait()
        return await super().gallery(*args, **kwargs)

    async def score(self, *args: Any) -> bytes:
        return b"\x89PNG score"

    async def animation(self, *args: Any) -> bytes:
        return b"\x89PNG replay"


@dataclass
class Game:
    sessions: SessionManager
    poster: Poster
    thread: Pictures
    render: Drawn
    game_id: int

    async def play(self, user: int) -> Outcome:
        """Play `user`'s first choice and post it; return the outcome posted."""
        now = await self.sessions.current(self.game_id)
        outcome = await self.sessions.play(self.game_id, user, now.version, 0)
        await self.poster.post(outcome)
        return outcome

    def told(self, message_id: int) -> tuple[int, int | None, set[int]]:
        """Return the move a message's header tells, the move it says its images show, and
        the moves its images' names show."""
        content, images = self.thread.message(message_id)
        head = HEADER.match(content)
        assert head is not None, content
        shown = {int(IMAGE.fullmatch(name)[1]) for name in images}  # type: ignore[index]
        return int(head[1]), None if head[2] is None else int(head[2]), shown

    def agrees(self, message_id: int) -> bool:
        """Whether the message's images show the move its words say they show."""
        move, pictured, shown = self.told(message_id)
        return shown <= {move if pictured is None else pictured}


async def _game(tmp_path: Path, engine: ToyEngine) -> AsyncIterator[Game]:
    store = await Store.open(tmp_path / "games.db")
    seeds = itertools.count(5).__next__
    sessions = SessionManager(store, {"toy": engine}, FakeClock(), seeds=seeds)
    thread = Pictures()
    render = Drawn()
    poster = Poster(Bot(thread), sessions, dict(NAMES), render)  # type: ignore[arg-type]
    spec = NewGame("toy", guild_id=7, channel_id=70, seats=2, seat_order=SeatOrder.JOIN)
    info = await sessions.create_lobby(1, spec)
    await sessions.join(info.game_id, 2)
    await sessions.set_messages(info.game_id, thread_id=700)
    await poster.post(await sessions.start(info.game_id, 1))
    yield Game(sessions, poster, thread, render, info.game_id)
    await store.close()


@pytest.fixture
async def game(tmp_path: Path) -> AsyncIterator[Game]:
    """A toy game of alice and bob: every move passes the turn."""
    async for made in _game(tmp_path, ToyEngine()):
        yield made


@pytest.fixture
async def turns(tmp_path: Path) -> AsyncIterator[Game]:
    """A toy game where each seat moves twice in a row: a turn's second move edits its board."""
    async for made in _game(tmp_path, TwoMoveTurns()):
        yield made


async def test_a_retired_board_says_the_move_its_images_show(game: Game):
    first = game.thread.sent[-1][0]
    await game.play(1)  # alice's move 1 passes the turn to bob: a new message
    assert game.thread.sent[-1][0] != first
    move, pictured, shown = game.told(first)
    assert move == 1  # the turn that ended, up to alice's move ...
    assert shown == {0}  # ... over the board she decided on, kept by the retiring edit
    assert pictured == 0
    assert game.agrees(first)
    assert game.agrees(game.thread.sent[-1][0])  # the new board: move 1, board-1.png


async def test_a_turn_of_two_moves_retires_with_its_last_images_named(turns: Game):
    first = turns.thread.sent[-1][0]
    await turns.play(1)  # alice's first move: her turn's message edited in place, board-1
    assert turns.thread.sent[-1][0] == first
    assert turns.told(first) == (1, None, {1})
    await turns.play(1)  # her second move passes the turn
    assert turns.told(first) == (2, 1, {1})


async def test_images_drawn_later_are_named_and_none_come_after_the_retiring_edit(
    game: Game, monkeypatch: pytest.MonkeyPatch
):
    """A board posted without its images (a busy renderer) gets them later: named when it is
    retired with them; retired before they came, it gets none, and says none."""
    monkeypatch.setattr(poster_module, "RETRY_FIRST", 0.01)
    game.render.behind = True  # every board goes first, its images after
    await game.play(1)
    late = game.thread.sent[-1][0]
    assert game.thread.message(late)[1] == []
    assert game.poster._drawer is not None
    await game.poster._drawer  # its images came: board-1
    assert game.told(late) == (1, None, {1})
    game.render.gate.clear()  # the next board's drawing is slow
    await game.play(2)
    assert game.told(late) == (2, 1, {1})  # retired with board-1, and says so
    pending = game.thread.sent[-1][0]
    await asyncio.sleep(0.05)  # its drawing is under way
    await game.play(1)  # the turn passes before its images came
    game.render.gate.set()
    assert game.poster._drawer is not None
    await game.poster._drawer
    assert game.told(pending) == (3, None, set())  # no images, and none claimed
    assert game.told(game.thread.sent[-1][0]) == (3, None, {3})  # the newest board got its own


async def test_the_last_board_retired_at_the_end_says_the_move_its_images_show(game: Game):
    outcome = await game.sessions.current(game.game_id)
    while outcome.status is Status.ACTIVE:
        board = game.thread.sent[-1][0]
        assert outcome.turn is not None
        outcome = await game.play(1 if outcome.turn.seat == 0 else 2)
    assert outcome.status is Status.FINISHED
    move, pictured, shown = game.told(board)  # the last turn's board, retired by the end
    assert move == outcome.version
    assert shown == {outcome.version - 1}
    assert pictured == outcome.version - 1


@pytest.mark.parametrize("refreshed", [True, False], ids=["refreshed", "not-refreshed"])
async def test_after_a_restart_the_images_names_say_the_move(game: Game, refreshed: bool):
    """A restarted process drew nothing yet: the board's images say by their names what they
    show, read once (by the start-up refresh, or by the retiring itself)."""
    first = game.thread.sent[-1][0]
    again = Poster(Bot(game.thread), game.sessions, dict(NAMES), Drawn())  # type: ignore[arg-type]
    game.poster = again
    if refreshed:
        assert await again.refresh() == 0  # the thread shows this version already
    await game.play(1)
    assert game.told(first) == (1, 0, {0})
    assert game.thread.fetched == [first]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("es", "**Troyes n.º 1** · jugada 229 · imágenes de la jugada 227"),
        ("en", "**Troyes #1** · move 229 · images from move 227"),
    ],
)
def test_the_header_names_the_images_move_in_both_languages(lang: str, said: str):
    assert story.header("troyes", 1, lang, 229, 227) == said
    assert story.header("troyes", 1, lang, 229, 229) == story.header("troyes", 1, lang, 229)
    assert story.header("troyes", 1, lang, 229, None) == story.header("troyes", 1, lang, 229)
