"""Starting a game names exactly the permissions the bot lacks, and changes nothing."""

from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs import lobby
from cogs.common.runtime import Runtime
from engine.core.errors import GameError


class FakeResponse:
    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, text: str, **kwargs: Any) -> None:
        self.sent.append((text, kwargs))

    async def defer(self, **kwargs: Any) -> None:
        raise AssertionError("nothing may start without the permissions")


class NoSessions:
    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the session manager was called: {name}")


async def test_start_without_thread_and_file_permissions_says_which_and_starts_nothing():
    runtime = Runtime(sessions=NoSessions(), poster=None)  # type: ignore[arg-type]
    response = FakeResponse()
    interaction: Any = SimpleNamespace(
        client=SimpleNamespace(runtime=runtime),
        user=SimpleNamespace(id=1, display_name="alice"),
        locale=discord.Locale.american_english,
        app_permissions=discord.Permissions(send_messages=True, read_message_history=True),
        response=response,
        guild_id=7,
        message=SimpleNamespace(id=9),
    )
    await lobby.start(interaction, 5)
    [(text, kwargs)] = response.sent
    assert kwargs == {"ephemeral": True}
    assert "Create Public Threads, Send Messages In Threads, Attach Files" in text


async def test_start_in_a_direct_message_is_refused_before_anything_starts():
    # A lobby reached outside a server (an old global command, a DM) would start a game
    # that can have no thread (issue 18): it is refused before the session manager is asked.
    runtime = Runtime(sessions=NoSessions(), poster=None)  # type: ignore[arg-type]
    interaction: Any = SimpleNamespace(
        client=SimpleNamespace(runtime=runtime),
        user=SimpleNamespace(id=1, display_name="alice"),
        locale=discord.Locale.american_english,
        app_permissions=discord.Permissions.all(),
        response=FakeResponse(),
        guild_id=None,
        message=SimpleNamespace(id=9),
    )
    with pytest.raises(GameError) as refused:
        await lobby.start(interaction, 5)
    assert refused.value.key == "error.guild_only"
    with pytest.raises(GameError):
        await lobby.open_lobby(
            interaction, game="trajan", players=2, options=None, time_control="none",
            policy="stand_in", language=None, ai=0,
        )  # fmt: skip
