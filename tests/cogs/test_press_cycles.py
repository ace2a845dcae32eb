"""A press's objects are freed when its handler is done, not left to a garbage collection.

discord.py builds a view from the pressed message for every press (its items and the view
refer to each other), and the interaction and its response refer to each other. Left so,
every press left some 45 objects in cycles, which the full garbage collections freed on the
event loop (docs/ai.md, "What runs on the event loop"). `cogs.common.items.release` breaks
them once the control's callback is done; `Controls` never makes them.
"""

import gc
import weakref
from collections.abc import Iterator
from typing import Any

import discord
import pytest

from cogs.common import deadline
from cogs.common.items import Controls, Persistent, button

AUTHOR = {"id": "9", "username": "bot", "discriminator": "0", "avatar": None}
SEEN: list[Any] = []  # weak references to what the press was made of


class Pressed(Persistent[discord.ui.Button[Any]], custom_id="dn:test:{game:int}"):
    """A control whose callback answers at once, as every game control does."""

    game: int

    def __init__(self, game: int) -> None:
        super().__init__(button("Go"), game=game)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Defer, and keep weak references to the view, the response and the interaction."""
        await interaction.response.defer()
        SEEN.extend(weakref.ref(o) for o in (self.view, interaction.response, self))


@pytest.fixture(autouse=True)
def no_collections() -> Iterator[None]:
    """Only reference counting frees anything during these tests."""
    SEEN.clear()
    gc.collect()
    gc.disable()
    yield
    gc.enable()


@pytest.fixture
def deferred(monkeypatch) -> None:
    async def defer(self: Any, *, ephemeral: bool = False, thinking: bool = False) -> None:
        self._response_type = discord.InteractionResponseType.deferred_message_update

    monkeypatch.setattr(discord.InteractionResponse, "defer", defer)


def _press(state: Any, custom_id: str) -> discord.Interaction[Any]:
    go = {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id}
    row = {"type": 1, "components": [go]}
    message = {
        "id": "5", "channel_id": "6", "type": 0, "content": "board", "author": AUTHOR,
        "attachments": [], "embeds": [], "mentions": [], "mention_roles": [], "pinned": False,
        "mention_everyone": False, "tts": False, "timestamp": "2026-12-01T00:00:00+00:00",
        "edited_timestamp": None, "flags": 0, "components": [row],
    }  # fmt: skip
    data: Any = {
        "id": "7", "application_id": "8", "type": 3, "token": "token", "version": 1,
        "channel_id": "6", "message": message, "user": AUTHOR, "locale": "en-US",
        "data": {"custom_id": custom_id, "component_type": 2},
        "attachment_size_limit": 8388608,
    }  # fmt: skip
    return discord.Interaction(data=data, state=state)


async def test_a_press_is_freed_when_its_handler_is_done(deferred) -> None:
    client = discord.Client(intents=discord.Intents.none())
    store = client._connection._view_store
    interaction = _press(client._connection, "dn:test:3")
    deadline.answer_in_time(interaction, after=30.0)  # as bot.GameBot.dispatch does
    match = Pressed.__discord_ui_compiled_template__.fullmatch("dn:test:3")
    assert match is not None
    await store.schedule_dynamic_item_call(2, Pressed, interaction, "dn:test:3", match)
    del interaction
    assert len(SEEN) == 3
    assert [ref() for ref in SEEN] == [None, None, None]  # view, response, item: all freed


def test_controls_make_no_cycle() -> None:
    view = Controls().add_item(Pressed(4))
    seen = weakref.ref(view)
    [item] = view.children
    del view
    assert seen() is None
    assert item.view is None


async def test_a_response_is_released_once(deferred) -> None:
    client = discord.Client(intents=discord.Intents.none())
    interaction = _press(client._connection, "dn:test:5")
    deadline.answer_in_time(interaction, after=30.0)
    response = interaction.response
    assert isinstance(response, deadline.Guarded)
    await response.defer()
    response.release()
    response.release()  # a second release (a callback calling its base's) changes nothing
    assert response.is_done()


async def test_an_unanswered_press_keeps_its_interaction_for_the_watchdog() -> None:
    client = discord.Client(intents=discord.Intents.none())
    interaction = _press(client._connection, "dn:test:6")
    deadline.answer_in_time(interaction, after=30.0)
    response = interaction.response
    assert isinstance(response, deadline.Guarded)
    response.release()  # nothing answered yet: the watchdog still needs the interaction
    assert response._parent is interaction
    response._answered()  # stop the timer
