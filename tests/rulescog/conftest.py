"""Fixtures: the emulator plus the rules test bot (tests/rulescog/rules_bot.py) in its own process.

`table` is shared by a module (users alice, bob, carol in English, dario in Spanish);
`own_table` is a private one for tests that restart the bot.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from localdiscord.harness import BotHarness

RULES_BOT = Path(__file__).with_name("rules_bot.py")


def _start(workdir: Path) -> BotHarness:
    harness = BotHarness([sys.executable, str(RULES_BOT)], workdir).start()
    try:
        harness.users["dario"] = harness.ld.add_user("dario", "es-ES")
        harness.ld.wait_commands("rules", "card")
    except BaseException:
        harness.stop()
        raise
    return harness


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BotHarness]:
    """Start the emulator and the rules bot once for the module."""
    harness = _start(tmp_path_factory.mktemp("rulesbot"))
    yield harness
    harness.stop()


@pytest.fixture
def own_table(tmp_path: Path) -> Iterator[BotHarness]:
    """Start a private emulator and rules bot (for restarts)."""
    harness = _start(tmp_path)
    yield harness
    harness.stop()
