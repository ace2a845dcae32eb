"""One button press, end to end in process: the game row is read once and the move applied once.

The real control callbacks, `act`, the session service over a file store and the real
`Poster` run against a fake Discord (a thread that records what is sent and edited) and a
renderer that returns fixed bytes: what is counted is the store's game reads and the
engine's applies during each press.
"""

import itertools
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs.common.acting import ConfirmButton, MoveButton
from cogs.common.poster import Poster
from cogs.common.runtime import Runtime
from engine.sessions import NewGame, Outcome, SeatOrder, SessionManager, Store
from tests.engine.core.toy import ToyEngine
from tests.engine.sessions.conftest import FakeClock

ROLL = 2  # the toy game's third choice rolls a die: it reveals, so it asks first


@dataclass
class Thread:
    """A game thread: what the bot sent (content, view) and which messages it edited."""

    sent: list[tuple[int, str, Any]] = field(default_factory=list)
    edits: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    ids: "itertools.count[int]" = field(default_factory=lambda: itertools.count(9000))

    async def send(self, content: str, **kwargs: Any) -> Any:
        message_id = next(self.ids)
        self.sent.append((message_id, content, kwargs.get("view")))
        return SimpleNamespace(id=message_id)

    def get_partial_message(self, message_id: int) -> Any:
        async def edit(**kwargs: Any) -> None:
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
    behind = False

    async def board(self, *args: Any) -> bytes:
        return b"\x89PNG board"

    async def gallery(self, *args: Any, **kwargs: Any) -> tuple[tuple[str, bytes], ...]:
        return (("player", b"\x89PNG mat"), ("board", b"\x89PNG board"))


class Response:
    def __init__(self) -> None:
        self.done = False

    def is_done(self) -> bool:
        return self.done

    async def defer(self, **kwargs: Any) -> None:
        self.done = True


class Followup:
    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    async def send(self, text: str, **kwargs: Any) -> None:
        self.sent.append((text, kwargs))


@dataclass
class Table:
    sessions: SessionManager
    runtime: Runtime
    thread: Thread
    game_id: int
    reads: list[int]
    applies: list[int]

    def press(self, user: int) -> Any:
        edited: list[dict[str, Any]] = []

        async def edit_original_response(**fields: Any) -> None:
            edited.append(fields)  # the pressed message (a deferred update's @original)

        return SimpleNamespace(
            edited=edited,
            edit_original_response=edit_original_response,
            client=SimpleNamespace(runtime=self.runtime),
            user=SimpleNamespace(id=user, display_name=f"user {user}"),
            locale=discord.Locale.american_english,
            type=discord.InteractionType.component,
            guild_id=7,
            response=Response(),
            followup=Followup(),
            message=None,  # not the board's message: the poster edits the board by its id
        )


@pytest.fixture
async def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Table]:
    store = await Store.open(tmp_path / "games.db")
    engine = ToyEngine()
    sessions = SessionManager(
        store, {"toy": engine}, FakeClock(), seeds=itertools.count(5).__next__
    )
    thread = Thread()
    poster = Poster(Bot(thread), sessions, {1: "alice", 2: "bob"}, Renderer())  # type: ignore[arg-type]
    runtime = Runtime(sessions, poster, names=poster.names)
    spec = NewGame("toy", guild_id=7, channel_id=70, seats=2, seat_order=SeatOrder.JOIN)
    info = await sessions.create_lobby(1, spec)
    await sessions.join(info.game_id, 2)
    await sessions.set_messages(info.game_id, thread_id=700)
    await poster.post(await sessions.start(info.game_id, 1))  # the first board, and its facts
    reads: list[int] = []
    applies: list[int] = []
    read, apply = store.game, engine.apply

    async def counted_read(game_id: int) -> Any:
        reads.append(game_id)
        return await read(game_id)

    def counted_apply(state: Any, action: Any) -> Any:
        applies.append(state.version)
        return apply(state, action)

    monkeypatch.setattr(store, "game", counted_read)
    monkeypatch.setattr(engine, "apply", counted_apply)
    yield Table(sessions, runtime, thread, info.game_id, reads, applies)
    await store.close()


async def board_now(table: Table) -> Outcome:
    now = await table.sessions.current(table.game_id)
    table.reads.clear()
    table.applies.clear()
    return now


async def test_a_button_press_reads_the_game_once_and_applies_the_move_once(table):
    now = await board_now(table)
    assert now.turn is not None
    assert now.turn.user_id == 1
    sent = len(table.thread.sent)
    await MoveButton(table.game_id, now.version, 0).callback(table.press(1))
    assert table.reads == [table.game_id]
    assert len(table.applies) == 1
    message_id, content, view = table.thread.sent[-1]  # the turn passed: a new turn message
    assert len(table.thread.sent) == sent + 1
    assert "<@2>" in content
    assert f"dn:m:{table.game_id}:{now.version + 1}:0" in [c.custom_id for c in view.children]
    after = await table.sessions.current(table.game_id)
    assert (after.version, after.board_message_id) == (now.version + 1, message_id)


async def test_a_press_that_reveals_asks_then_the_confirm_plays_it_once(table):
    now = await board_now(table)
    sent = len(table.thread.sent)
    asking = table.press(1)
    await MoveButton(table.game_id, now.version, ROLL).callback(asking)
    assert table.reads == [table.game_id]
    assert len(table.applies) == 1
    [(text, kwargs)] = asking.followup.sent
    assert kwargs["ephemeral"] is True
    assert "Roll" in text
    confirm, cancel = kwargs["view"].children
    assert confirm.custom_id == f"dn:k:{table.game_id}:{now.version}:{ROLL}"
    assert cancel.custom_id == f"dn:x:{table.game_id}:{now.version}:{ROLL}"
    assert len(table.thread.sent) == sent  # nothing was played or posted
    assert (await board_now(table)).version == now.version
    assert asking.edited == []  # a question asked is not yet settled
    confirming = table.press(1)
    await ConfirmButton(table.game_id, now.version, ROLL).callback(confirming)
    assert table.reads == [table.game_id]
    assert len(table.applies) == 1
    after = await table.sessions.current(table.game_id)
    assert after.version == now.version + 1
    assert [line.notation for line in after.recent] == ["roll"]
    # The answered question leaves no live ✅ on screen (docs/playtest-2026-12.md item 16).
    assert confirming.edited == [{"content": "\u2705 Played: **Roll**", "view": None}]


async def test_a_press_on_an_old_board_is_refused_with_fresh_controls_for_the_decider(table):
    now = await board_now(table)
    await MoveButton(table.game_id, now.version, 0).callback(table.press(1))
    late = table.press(2)  # bob decides now, and presses the old board
    await MoveButton(table.game_id, now.version, 1).callback(late)
    [(_, kwargs)] = late.followup.sent
    ids = [c.custom_id for c in kwargs["view"].children]
    assert f"dn:m:{table.game_id}:{now.version + 1}:0" in ids
    assert (await table.sessions.current(table.game_id)).version == now.version + 1


def _tools(table: Table) -> list[str]:
    """Return the custom_id prefixes of the newest board's controls."""
    view = table.thread.sent[-1][2]
    return [c.custom_id.split(":")[1] for c in view.children]


async def test_undo_is_offered_only_when_the_newest_move_can_be_taken_back(table):
    now = await board_now(table)
    await MoveButton(table.game_id, now.version, 0).callback(table.press(1))  # add 1
    assert "u" in _tools(table)  # bob may still ask to take alice's move back
    now = await board_now(table)
    await ConfirmButton(table.game_id, now.version, ROLL).callback(table.press(2))  # a roll
    assert (await board_now(table)).version == now.version + 1
    tools = _tools(table)
    assert "u" not in tools  # every undo would cross the roll: none is offered (item 15)
    assert "h" in tools  # the private view stays
