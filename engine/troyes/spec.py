"""Troyes in the game registry (engine/games.py): what shared code needs to host it."""

from engine.games import GameSpec, Topic
from engine.troyes.game import TroyesEngine

SPEC = GameSpec(
    engine=TroyesEngine(),
    titles={"en": "Troyes", "es": "Troyes"},
    renderer="render.troyes",
    topics=(
        Topic("troyes", {"en": "Troyes", "es": "Troyes"}, 0x2F5D8C, words=("troyes",)),
        # The Ladies of Troyes: its cards sit in data/troyes, marked by box or expansion.
        Topic(
            "ladies",
            {"en": "The Ladies of Troyes", "es": "Las Damas de Troyes"},
            0x7A3E8C,
            words=("ladies", "damas"),
            marks=("ladies", "damas"),
        ),
    ),
)
