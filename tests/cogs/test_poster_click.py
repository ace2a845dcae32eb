"""The pressed board is edited through the press, when that is safe (issue 19).

A busy bot met Discord's global limit of 50 requests a second with an edit by channel for
every move. A press's own webhook (its deferred update's original response) is not counted
against it, so the poster edits the message pressed through it: but only that message,
while the press's token is young, and only when the bot holds every permission a board
needs there (a webhook's edit skips the channel's check, so a missing Attach Files would
never be said). Otherwise, and when the webhook fails, the channel's edit is made.

The real `Poster` and session service (the fixture of test_poster_faults.py) against a fake
thread and a fake press.
"""

import io
from datetime import timedelta
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from tests.cogs.test_poster_faults import Table, table

__all__ = ["table"]


class Press:
    """A pressed button: its message, its deferred update, its age and the bot's permissions."""

    def __init__(
        self,
        message_id: int,
        *,
        permissions: discord.Permissions | None = None,
        age: timedelta = timedelta(seconds=1),
        answered: discord.InteractionResponseType = (
            discord.InteractionResponseType.deferred_message_update
        ),
        webhook_fails: bool = False,
    ) -> None:
        self.message = SimpleNamespace(id=message_id)
        self.response = SimpleNamespace(type=answered)
        self.created_at = discord.utils.utcnow() - age
        self.app_permissions = permissions or discord.Permissions.all()
        self.webhook_fails = webhook_fails
        self.edits: list[dict[str, Any]] = []

    async def edit_original_response(self, **fields: Any) -> None:
        for file in fields.get("attachments") or []:
            file.fp.read()  # sent: read to its end, as discord.py's request does
            file.close()
        if self.webhook_fails:
            answer = SimpleNamespace(status=401, reason="Unauthorized")
            raise discord.HTTPException(answer, {"code": 50027, "message": "Invalid Webhook Token"})
        self.edits.append(fields)


async def _press(table: Table, press_on: Any = None, **press: Any) -> tuple[Press, int]:
    """Play the decider's first move as if pressed on the current board; return the press."""
    now = await table.sessions.current(table.game_id)
    assert now.turn is not None
    assert now.turn.user_id is not None
    board = table.thread.sent[-1][0]
    click = Press(board if press_on is None else press_on, **press)
    outcome = await table.sessions.play(table.game_id, now.turn.user_id, now.version, 0)
    await table.poster.post(outcome, click=click)  # type: ignore[arg-type]
    return click, board


async def test_the_pressed_board_is_retired_through_the_press(table):
    click, board = await _press(table)
    [retired] = click.edits
    assert retired["view"] is None  # the turn that ended, its controls gone: one call
    assert "content" in retired
    assert [e for e in table.thread.edits if e[0] == board] == []  # no edit by channel
    assert table.thread.sent[-1][0] != board  # the new turn's board, a message of its own


def _without(name: str) -> discord.Permissions:
    every = discord.Permissions.all()
    setattr(every, name, False)
    return every


@pytest.mark.parametrize(
    "press",
    [
        pytest.param({"permissions": _without("attach_files")}, id="no-attach-files"),
        pytest.param({"permissions": _without("read_message_history")}, id="no-history"),
        pytest.param({"age": timedelta(minutes=11)}, id="token-old"),
        pytest.param(
            {"answered": discord.InteractionResponseType.deferred_channel_message},
            id="thinking-reply",
        ),
        pytest.param({"webhook_fails": True}, id="webhook-fails"),
        pytest.param({"press_on": 1}, id="another-message"),
    ],
)
async def test_otherwise_the_board_is_edited_by_channel(table, press):
    click, board = await _press(table, **press)
    assert click.edits == []
    [(_, retired)] = [e for e in table.thread.edits if e[0] == board]
    assert retired["view"] is None


async def test_images_the_webhook_could_not_take_go_by_channel_whole(table):
    """A request reads its files to the end: the channel's edit gets whole copies."""
    board = table.thread.sent[-1][0]
    image = discord.File(io.BytesIO(b"\x89PNG board"), filename="board-3.png", description="alt")
    click = Press(board, webhook_fails=True)
    await table.poster._edit(table.thread, board, click, content="c", attachments=[image])
    [(edited, fields)] = table.thread.edits
    [sent] = fields["attachments"]
    assert edited == board
    assert (sent.filename, sent.description, sent.fp.read()) == (
        "board-3.png",
        "alt",
        b"\x89PNG board",
    )
