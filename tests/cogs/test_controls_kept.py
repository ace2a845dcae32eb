"""Controls sent ephemerally are not kept by discord.py (cogs/common/items.py `Controls`).

discord.py keeps every view it sends that is not finished, and gives one sent ephemerally a
15-minute timeout with a task sleeping it out; our controls are dispatched by their custom_id
patterns, so keeping them only filled the memory that full garbage collections walk.
"""

import asyncio
from pathlib import Path
from typing import Any

import discord
import pytest

from cogs.common import acting
from tests.cogs.test_bundle_controls import _sowing_choices


@pytest.fixture
async def webhook(monkeypatch) -> Any:
    """An interaction's followup webhook on a real client state; Discord's side recorded."""

    async def execute_webhook(*args: Any, **kwargs: Any) -> dict[str, Any]:
        author = {"id": "1", "username": "bot", "discriminator": "0", "avatar": None}
        return {
            "id": "10", "channel_id": "20", "type": 0, "content": "", "author": author,
            "attachments": [], "embeds": [], "mentions": [], "mention_roles": [],
            "pinned": False, "mention_everyone": False, "tts": False, "flags": 64,
            "timestamp": "2026-12-01T00:00:00+00:00", "edited_timestamp": None, "components": [],
        }  # fmt: skip

    monkeypatch.setattr(
        discord.webhook.async_.AsyncWebhookAdapter, "execute_webhook", execute_webhook
    )
    client = discord.Client(intents=discord.Intents.none())
    session: Any = object()  # never used: the adapter above answers
    data: Any = {"id": 1, "type": 3, "token": "token"}  # an interaction's (application) webhook
    return discord.Webhook(data, session, state=client._connection), client._connection


def _timeouts() -> list[asyncio.Task[Any]]:
    return [t for t in asyncio.all_tasks() if "timeout_task" in repr(t.get_coro())]


async def test_an_ephemeral_reply_with_a_boards_controls_keeps_no_view(webhook) -> None:
    hook, state = webhook
    view = acting.controls(_sowing_choices(), "en")  # what a stale press gets, ephemerally
    await hook.send("Out of date; choose again:", view=view, ephemeral=True, wait=True)
    assert _timeouts() == []  # no 15 minutes' task holding the view
    assert state._view_store._views == {}
    assert not view.is_dispatching()


async def test_discord_py_would_keep_a_plain_view_for_15_minutes(webhook) -> None:
    # What Controls avoids (if a discord.py upgrade stops doing this, Controls may go).
    hook, _ = webhook
    view = discord.ui.View(timeout=None)
    for item in acting.controls(_sowing_choices(), "en").children:
        view.add_item(item)
    await hook.send("Out of date; choose again:", view=view, ephemeral=True, wait=True)
    assert view.timeout == 15 * 60
    assert len(_timeouts()) == 1
    view.stop()


def test_every_view_of_the_cogs_is_controls() -> None:
    # A plain discord.ui.View sent ephemerally would be kept 15 minutes again.
    root = Path(__file__).resolve().parents[2] / "cogs"
    plain = [
        f"{path.relative_to(root)}:{number}"
        for path in sorted(root.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "discord.ui.View(" in line or "ui.LayoutView(" in line
    ]
    assert plain == []
