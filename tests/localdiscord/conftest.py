"""Fixtures: the emulator plus the sample bot as a real subprocess, with scripted users.

Use in a test module:
    def test_x(sample):             # one shared bot per module (fast)
        alice = sample.users["alice"]
        reply = alice.slash(sample.channel, "ping").wait_reply()
or, for a private bot (restarts, special settings), the `make_harness` factory.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from localdiscord.harness import BotHarness

SAMPLE_BOT = Path(__file__).with_name("sample_bot.py")
HarnessFactory = Callable[..., BotHarness]


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BotHarness]:
    """Start the emulator and the sample bot once for the module."""
    harness = BotHarness([sys.executable, str(SAMPLE_BOT)], tmp_path_factory.mktemp("bot"))
    with harness:
        yield harness


@pytest.fixture
def make_harness(tmp_path: Path) -> Iterator[HarnessFactory]:
    """Build private harnesses (stopped at teardown): make_harness(extra_env={...}, setup=fn)."""
    made: list[BotHarness] = []

    def factory(setup: Callable[[BotHarness], None] | None = None, **kwargs: object) -> BotHarness:
        harness = BotHarness([sys.executable, str(SAMPLE_BOT)], tmp_path, **kwargs)  # type: ignore[arg-type]
        if setup is not None:
            setup(harness)  # e.g. replace harness.ld with LocalDiscord(token_ttl=...)
        made.append(harness)
        return harness.start()

    yield factory
    for harness in made:
        harness.stop()
