from collections.abc import Iterator

import pytest

from engine import games
from engine.games import GameSpec
from tests.games.pebbles.spec import SPEC


@pytest.fixture
def pebbles() -> Iterator[GameSpec]:
    """Register Pebbles for one test, as a game's spec.py registers it (then remove it)."""
    games.register(SPEC)
    yield SPEC
    games.unregister(SPEC.name)
