"""The league extension in a real bot process against the local Discord, with a file clock.

The bot is the real bot.py; `DENARIUS_CLOCK_FILE` holds its "now", so a test moves time by
writing the file.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import TypeVar

import pytest

from localdiscord.harness import BotHarness
from localdiscord.local import ChannelRef, Seen

BOT = [sys.executable, str(Path(__file__).parents[3] / "bot.py")]
T = TypeVar("T")


class FileClock:
    """The bot's clock: an ISO time in a file that the bot re-reads on every call."""

    def __init__(self, path: Path, now: datetime) -> None:
        self.path = path
        self.set(now)

    def set(self, now: datetime) -> None:
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(now.isoformat())
        tmp.replace(self.path)  # atomic: the bot never reads half a time
        self.now = now


def make_bot(
    workdir: Path,
    users: tuple[str, ...],
    start: datetime,
    tick: float = 0.3,
    channels: tuple[str, ...] = ("general",),
) -> tuple[BotHarness, FileClock]:
    """Return a started harness running bot.py, and the clock it reads."""
    workdir.mkdir(parents=True, exist_ok=True)
    clock = FileClock(workdir / "clock.txt", start)
    # Whole league games are played out by stand-ins here: the cheapest AI keeps them quick
    # (AI_MAX_LEVEL=greedy: every level plays greedy; the levels are tested in tests/e2e).
    env = {"DENARIUS_CLOCK_FILE": str(clock.path), "TICK_SECONDS": str(tick)}
    env["AI_MAX_LEVEL"] = "greedy"
    harness = BotHarness(BOT, workdir, users=users, channels=channels, extra_env=env)
    harness.start(timeout=60)
    return harness, clock


def wait_for(fn: Callable[[], T | None], timeout: float = 180.0, what: str = "") -> T:
    """Poll `fn` until it returns something truthy.

    The default is generous: one league pass plays out a week's games (40-70 s on a loaded
    2-core machine) before it seats the next week; a poll costs nothing while it waits.
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = fn()
        if value:
            return value
        time.sleep(0.2)
    raise TimeoutError(f"waited {timeout} s for {what or fn}")


def bot_messages(table: BotHarness, channel: ChannelRef | int, viewer: str) -> list[Seen]:
    """Return the bot's non-ephemeral messages in a channel, as `viewer` sees them."""
    return [m for m in table.users[viewer].messages(channel) if m.author_is_bot and not m.ephemeral]


def said(table: BotHarness, channel: ChannelRef | int, text: str) -> list[Seen]:
    """Return the bot's messages in a channel that contain `text`."""
    viewer = next(iter(table.users))
    return [m for m in bot_messages(table, channel, viewer) if text in m.content]


@pytest.fixture
def league_table(tmp_path: Path) -> Iterator[tuple[BotHarness, FileClock]]:
    """A private bot with four users, two channels and a clock at a Monday noon (UTC)."""
    from tests.cogs.league.season import MONDAY  # noqa: PLC0415

    users = ("alice", "bob", "carol", "dave")
    harness, clock = make_bot(tmp_path / "bot", users, MONDAY, channels=("general", "leagues"))
    try:
        yield harness, clock
    finally:
        harness.stop()
