"""The 3-second watchdog (cogs/common/deadline.py): it defers a slow handler, and stops as
soon as the handler answers, so it does not keep the interaction alive for its delay."""

import asyncio
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs.common import deadline


@pytest.fixture
def answers(monkeypatch) -> list[str]:
    """Discord's side of an initial answer: recorded, never sent."""
    made: list[str] = []

    async def defer(self: Any, *, ephemeral: bool = False, thinking: bool = False) -> None:
        self._response_type = discord.InteractionResponseType.deferred_message_update
        made.append("defer")

    monkeypatch.setattr(discord.InteractionResponse, "defer", defer)
    return made


def _click() -> Any:
    return SimpleNamespace(
        id=1, type=discord.InteractionType.component, created_at=datetime.now(UTC)
    )


async def test_an_answered_interaction_stops_its_watchdog(answers):
    click = _click()
    deadline.answer_in_time(click, after=30.0)
    response = click._cs_response
    timer = response.watchdog
    await response.defer()  # the handler answers at once
    assert timer.cancelled()
    assert response.watchdog is None  # nothing holds the click any more
    assert answers == ["defer"]
    assert not response.watchdog_deferred


async def test_the_watchdog_runs_no_task_unless_it_must_defer(answers):
    # A sleeping task per click, cancelled when answered, left its coroutine, the
    # CancelledError and its traceback as a cycle for the event loop's garbage collections.
    click = _click()
    deadline.answer_in_time(click, after=30.0)
    assert asyncio.all_tasks() == {asyncio.current_task()}
    await click._cs_response.defer()
    assert asyncio.all_tasks() == {asyncio.current_task()}
    assert not deadline._WATCHING


async def test_a_slow_handler_is_deferred_by_the_watchdog(answers):
    click = _click()
    deadline.answer_in_time(click, after=0.01)
    response = click._cs_response
    await asyncio.sleep(0.05)  # the timer goes off: its deferral is under way
    await asyncio.wait_for(response.deferral, timeout=5)
    assert response.watchdog_deferred
    assert not deadline._WATCHING
    await response.defer()  # the handler's own deferral, later: nothing more is sent
    assert answers == ["defer"]
