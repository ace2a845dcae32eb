"""Each game's position value for the AI players, by engine name.

A value estimates a seat's final score from what that seat may see. Troyes has its own
(engine/troyes/ai.py); any other engine falls back to its `heuristic`.
"""

from typing import Any

from engine.ai.planner import Value
from engine.core.protocol import GameEngine
from engine.troyes import ai as troyes_ai


def value_of(engine: GameEngine[Any, Any]) -> Value:
    """Return the position value the AI players use for `engine`."""
    if engine.name == "troyes":
        catalog = engine.catalog  # type: ignore[attr-defined]

        def troyes(state: Any, seat: int) -> float:
            return troyes_ai.value(state, catalog, seat)

        return troyes
    return engine.heuristic
