"""Each game's position value for the AI players, by engine name.

A value estimates a seat's final score from what that seat may see. A game may offer its own
(`value_for` in engine/<game>/ai.py, as Troyes does); any other falls back to its `heuristic`.
"""

from typing import Any, cast

from engine.ai.planner import Value
from engine.ai.sampling import game_module
from engine.core.protocol import GameEngine


def value_of(engine: GameEngine[Any, Any]) -> Value:
    """Return the position value the AI players use for `engine`.

    A game with its own offers it as `value_for(engine)` in `engine/<game>/ai.py`; shared
    code never names a game (tests/test_registry.py).
    """
    module = game_module(engine, "ai")
    if module is not None and hasattr(module, "value_for"):
        return cast("Value", module.value_for(engine))
    return engine.heuristic
