"""Pebbles in the game registry: exactly what engine/<game>/spec.py holds for a real game."""

from engine.games import GameSpec
from tests.games.pebbles.game import PebblesEngine

SPEC = GameSpec(
    engine=PebblesEngine(),
    titles={"en": "Pebbles", "es": "Guijarros"},
    renderer="tests.games.pebbles.render",
    private_kinds=frozenset({"lucky"}),  # the public board must not list the lucky numbers
    league=False,
)
