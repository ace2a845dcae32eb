"""Each game's position value for the AI players, by engine name.

A value estimates a seat's final score from what that seat may see. Troyes has its own
(engine/troyes/ai.py); any other engine falls back to its `heuristic`.
"""

from typing import Any

from engine.ai.planner import Value
from engine.ai.sampling import support_of
from engine.core.protocol import GameEngine


def value_of(engine: GameEngine[Any, Any]) -> Value:
    """Return the position value the AI uses for `engine` (its spec's, else its heuristic)."""
    support = support_of(engine)
    if support is None or support.value is None:
        return engine.heuristic
    value = support.value

    def valued(state: Any, seat: int) -> float:
        return value(engine, state, seat)

    return valued
