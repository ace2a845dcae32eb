"""The outbox (issue 18): boards arrive late under a tight rate limit, and the end survives a kill.

The real `Poster` and session service over a file store, against a fake thread whose
messages route is held back (a rate limit, a shared 429): the next move is saved while the
previous board is still on its way, and its board still lands on the thread's newest message.
A process killed between saving a game's last move and posting its end posts the end at
start-up, once (the thread dedupes a repeated nonce, as Discord's enforce_nonce does).
"""

import asyncio
import itertools
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest

from cogs.common import poster as poster_module
from cogs.common import text
from cogs.common.poster import Poster
from engine.sessions import NewGame, Notice, NoticeKind, SeatOrder, SessionManager, Status, Store
from engine.sessions.models import TimeControl
from engine.sessions.turns import Turns
from tests.cogs.test_poster_faults import Bot, Renderer, Thread
from tests.engine.core.toy import ToyEngine
from tests.engine.sessions.conftest import FakeClock


@dataclass
class BusyThread(Thread):
    """A thread whose new messages wait for `open` (Discord holding the route back)."""

    open: asyncio.Event = field(default_factory=asyncio.Event)
    waiting: asyncio.Event = field(default_factory=asyncio.Event)
    refusals: int = 0  # so many sends end in a 429 that discord.py gave up retrying
    outages: int = 0  # so many sends find Discord unreachable
    nonces: dict[str, Any] = field(default_factory=dict)  # Discord's enforce_nonce

    async def send(self, content: str, **kwargs: Any) -> Any:
        self.waiting.set()
        await self.open.wait()
        if self.outages:
            self.outages -= 1
            raise aiohttp.ClientConnectionError("Discord is unreachable")
        if self.refusals:
            self.refusals -= 1
            answer = SimpleNamespace(status=429, reason="Too Many Requests")
            raise discord.HTTPException(answer, {"message": "rate limited", "code": 0})
        nonce = kwargs.get("nonce")
        if nonce is not None and nonce in self.nonces:
            return self.nonces[nonce]  # the message already sent with it, not a second one
        sent = await super().send(content, **kwargs)
        if nonce is not None:
            self.nonces[nonce] = sent
        return sent


class EndRenderer(Renderer):
    """Also draws the end: the score chart, the replay and the final private views."""

    async def score(self, *args: Any) -> bytes:
        return b"\x89PNG score"

    async def animation(self, *args: Any) -> bytes:
        return b"\x89PNG replay"

    async def private(self, *args: Any) -> bytes:
        return b"\x89PNG private"


@dataclass
class Busy:
    store: Store
    sessions: SessionManager
    poster: Poster
    thread: BusyThread
    game_id: int


@pytest.fixture
async def busy(tmp_path: Path) -> AsyncIterator[Busy]:
    store = await Store.open(tmp_path / "games.db")
    sessions = _sessions(store)
    thread = BusyThread()
    thread.open.set()
    poster = _poster(thread, sessions)
    spec = NewGame("toy", guild_id=7, channel_id=70, seats=2, seat_order=SeatOrder.JOIN)
    info = await sessions.create_lobby(1, spec)
    await sessions.join(info.game_id, 2)
    await sessions.set_messages(info.game_id, thread_id=700)
    await poster.post(await sessions.start(info.game_id, 1))
    yield Busy(store, sessions, poster, thread, info.game_id)
    await store.close()


def _sessions(store: Store, clock: FakeClock | None = None) -> SessionManager:
    return SessionManager(
        store, {"toy": ToyEngine()}, clock or FakeClock(), seeds=itertools.count(5).__next__
    )


def _poster(thread: BusyThread, sessions: SessionManager) -> Poster:
    return Poster(Bot(thread), sessions, {1: "alice", 2: "bob"}, EndRenderer())  # type: ignore[arg-type]


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


async def _last_move(busy: Busy) -> tuple[int, int]:
    """Play the toy game (+2 a move) to one move before its end; return (user, version)."""
    game = busy.game_id
    now = await busy.sessions.current(game)
    while now.view is not None and now.view["total"] < 8:
        assert now.turn is not None
        assert now.turn.user_id is not None
        await busy.poster.post(await busy.sessions.play(game, now.turn.user_id, now.version, 1))
        now = await busy.sessions.current(game)
    assert now.turn is not None
    assert now.turn.user_id is not None
    return now.turn.user_id, now.version


def _ends(thread: BusyThread) -> list[int]:
    return [m for m, content, _ in thread.sent if "is over." in content]


def _summaries(thread: BusyThread) -> list[int]:
    return [m for m, content, _ in thread.sent if "in review" in content]


@pytest.mark.parametrize("killed", ["after the save", "after the end was sent"])
async def test_a_game_end_cut_short_by_a_kill_is_posted_at_start_up_once(
    busy, monkeypatch: pytest.MonkeyPatch, killed: str
):
    game, thread = busy.game_id, busy.thread
    user, version = await _last_move(busy)

    async def dead(*args: Any, **kwargs: Any) -> Any:
        raise SystemExit  # the process is killed here

    if killed == "after the save":
        monkeypatch.setattr(Turns, "outcome", dead)  # before anything learns of the end
        with pytest.raises(SystemExit):
            await busy.sessions.play(game, user, version, 1)
    else:
        monkeypatch.setattr(busy.sessions, "posted", dead)  # before it is marked posted
        with pytest.raises(SystemExit):
            await busy.poster.post(await busy.sessions.play(game, user, version, 1))
        assert len(_ends(thread)) == 1
    monkeypatch.undo()
    assert (await busy.sessions.status(game)).status is Status.FINISHED  # the move was saved
    assert [n.kind.value for n in (await busy.sessions.owed(game))[game]] == ["finished"]

    sessions = _sessions(busy.store)  # the bot starts again
    await _poster(thread, sessions).refresh()
    assert len(_ends(thread)) == 1  # the end, once
    assert await sessions.owed(game) == {}
    assert (await sessions.current(game)).board_message_id not in _ends(thread)
    assert len(_summaries(thread)) == 1  # and the replay after it, once
    await _poster(thread, _sessions(busy.store)).refresh()  # and again: nothing more
    assert len(_ends(thread)) == 1
    assert len(_summaries(thread)) == 1


async def test_the_first_board_offers_no_undo_before_any_move_was_made(busy):
    # Playtest item 43: "Deshacer" on the first board (move 0) had nothing to take back.
    game, thread = busy.game_id, busy.thread
    first = _controls(thread.sent[0][2])
    assert any(c.startswith(f"dn:m:{game}:") for c in first)  # the choices are there
    assert not any(c.startswith(f"dn:u:{game}:") for c in first)
    start = await busy.sessions.current(game)
    alice = await busy.sessions.play(game, 1, start.version, 0)
    await busy.poster.post(alice)
    assert f"dn:u:{game}:{alice.version}" in _controls(thread.sent[-1][2])


async def test_no_undo_while_only_ais_have_moved(tmp_path: Path):
    # Playtest item 60: an AI seated first moved, and alice's first board offered "Deshacer",
    # which could only answer that she had no move to take back.
    store = await Store.open(tmp_path / "ai_first.db")
    try:
        sessions, thread = _sessions(store), BusyThread()
        thread.open.set()
        poster = _poster(thread, sessions)
        for _ in range(10):  # seat orders drawn from the seeds until the AI sits first
            spec = NewGame("toy", guild_id=7, channel_id=70, seats=2, seat_order=SeatOrder.RANDOM)
            game = (await sessions.create_lobby(1, spec)).game_id
            await sessions.add_ai(game, 1, "greedy")
            await sessions.set_messages(game, thread_id=700)
            start = await sessions.start(game, 1)
            if start.moves:
                break
        assert start.moves  # the AI sat first and moved
        assert start.turn is not None
        assert start.turn.user_id == 1
        assert not start.undoable
        await poster.post(start)
        assert not any(c.startswith(f"dn:u:{game}:") for c in _controls(thread.sent[-1][2]))
        mine = await sessions.play(game, 1, start.version, 0)  # her move, then the AI's
        assert mine.undoable
        await poster.post(mine)
        assert any(c.startswith(f"dn:u:{game}:") for c in _controls(thread.sent[-1][2]))
    finally:
        await store.close()


@dataclass
class Daily:
    """A 2-player toy game with a day's time control whose first move is posted."""

    clock: FakeClock
    thread: BusyThread
    sessions: SessionManager
    poster: Poster
    game: int
    alice: Any  # the outcome of alice's first move: bob's turn

    async def reminder(self) -> tuple[Any, Notice]:
        """Let 18 hours pass: bob's reminder falls due; return its outcome and notice."""
        self.clock.advance(hours=18)
        [due] = await self.sessions.tick()
        [reminder] = due.notices
        assert reminder.kind is NoticeKind.REMINDER
        return due, reminder

    async def undo_asked(self) -> tuple[Any, Notice]:
        """Alice asks to undo her move; return the outcome and its request (not posted)."""
        asked = await self.sessions.undo(self.game, 1, self.alice.version)
        [request] = asked.notices
        assert request.kind is NoticeKind.UNDO_ASKED
        return asked, request

    def nonces(self, since: int = 0) -> list[Any]:
        """Return the nonces of the thread's sends from the `since`-th on."""
        return [kwargs.get("nonce") for _, _, kwargs in self.thread.sent[since:]]

    def nonce(self, notice: Notice) -> str:
        """Return the nonce a notice's own message carries."""
        return text.nonce("n", self.game, notice.id)


@pytest.fixture
async def daily(tmp_path: Path) -> AsyncIterator[Daily]:
    store = await Store.open(tmp_path / "daily.db")
    try:
        clock, thread = FakeClock(), BusyThread()
        thread.open.set()
        sessions = _sessions(store, clock)
        poster = _poster(thread, sessions)
        day = TimeControl(timedelta(hours=24), (timedelta(hours=6),))
        spec = NewGame("toy", guild_id=7, channel_id=70, seats=2, seat_order=SeatOrder.JOIN,
                       time_control=day)  # fmt: skip
        game = (await sessions.create_lobby(1, spec)).game_id
        await sessions.join(game, 2)
        await sessions.set_messages(game, thread_id=700)
        start = await sessions.start(game, 1)
        await poster.post(start)
        alice = await sessions.play(game, 1, start.version, 0)  # bob's turn now
        await poster.post(alice)
        yield Daily(clock, thread, sessions, poster, game, alice)
    finally:
        await store.close()


async def test_a_notice_owed_since_an_outage_is_posted_before_a_later_one(daily: Daily):
    # tests/e2e/test_owed.py, flaky under load: a reminder's post failed in an outage (the
    # outbox owed it), then an undo request was posted as Discord came back, and went first.
    poster = daily.poster
    due, reminder = await daily.reminder()  # bob's reminder ...
    daily.thread.outages = 1  # ... while Discord is unreachable
    await poster.post(due)
    assert poster.unsent == {daily.game: due.version}  # the outbox owes it
    poster.close()  # its timer has not come round yet
    sent = len(daily.thread.sent)

    asked, request = await daily.undo_asked()  # Discord answers again
    await poster.post(asked)

    nonces = daily.nonces(sent)
    first, then = daily.nonce(reminder), daily.nonce(request)
    assert first in nonces  # the reminder was posted with the request ...
    assert nonces.index(first) < nonces.index(then)  # ... in the order they were owed
    assert await poster.retry_unsent() == 0  # and once: the outbox has nothing left
    nonces = daily.nonces()
    assert nonces.count(first) == nonces.count(then) == 1
    assert await daily.sessions.owed(daily.game) == {}
    assert poster.unsent == {}


async def test_a_later_outcome_s_notices_wait_for_it_while_an_earlier_one_posts(daily: Daily):
    # Notices are stored when their move is saved, before any post: while one outcome waits
    # for the game's lock a later one's notices are owed already. They are that outcome's
    # to post, with the story of its own moves: the earlier post must not catch up on them
    # (the CI simulation lost a move's line from the thread so: tests/e2e/test_story.py).
    asked, request = await daily.undo_asked()  # saved; its post comes later
    due, reminder = await daily.reminder()  # a later notice, stored before the request's post
    sent = len(daily.thread.sent)

    await daily.poster.post(asked)
    nonces = daily.nonces(sent)
    assert daily.nonce(request) in nonces
    assert daily.nonce(reminder) not in nonces  # the reminder's own post's
    await daily.poster.post(due)
    assert daily.nonces().count(daily.nonce(reminder)) == 1
    assert await daily.sessions.owed(daily.game) == {}


async def test_a_post_while_the_outbox_reads_an_owed_game_still_goes_after_its_notices(
    daily: Daily, monkeypatch: pytest.MonkeyPatch
):
    # tests/e2e/test_owed.py under load: the outbox took the game off its list, then read the
    # game; the undo request's post came in between, found nothing owed, and went first.
    poster, sessions = daily.poster, daily.sessions
    due, reminder = await daily.reminder()
    daily.thread.outages = 1
    await poster.post(due)  # owed since the outage
    poster.close()
    reading, go_on = asyncio.Event(), asyncio.Event()
    status = sessions.status

    async def slow_status(game: int) -> Any:
        reading.set()
        await go_on.wait()
        return await status(game)

    monkeypatch.setattr(sessions, "status", slow_status)
    sent = len(daily.thread.sent)
    retrying = asyncio.create_task(poster.retry_unsent())
    await reading.wait()  # the outbox is reading the game it owes

    asked, request = await daily.undo_asked()
    monkeypatch.setattr(sessions, "status", status)  # the post's own reads are not held up
    await poster.post(asked)
    go_on.set()
    await retrying

    nonces = daily.nonces(sent)
    first, then = daily.nonce(reminder), daily.nonce(request)
    assert nonces.count(first) == nonces.count(then) == 1
    assert nonces.index(first) < nonces.index(then)
    assert await sessions.owed(daily.game) == {}
    assert poster.unsent == {}
