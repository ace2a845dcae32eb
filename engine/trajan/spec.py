"""Trajan in the game registry (engine/games.py): what shared code needs to host it."""

from engine.games import GameSpec, Topic
from engine.trajan.game import TrajanEngine

SPEC = GameSpec(
    engine=TrajanEngine(),
    titles={"en": "Trajan", "es": "Trajano"},
    renderer="render.trajan",
    # These decisions show the decider's hand (notes in engine/sessions/README.md).
    private_kinds=frozenset({"discard", "display", "ship", "seaport"}),
    topics=(
        Topic("trajan", {"en": "Trajan", "es": "Trajano"}, 0xA23B2A, words=("trajan", "trajano")),
    ),
    # The Trajan tiles' category is called "trajan" in the data.
    value_names={"es": {"trajan": "Trajano"}},
)
