"""AI players that choose among the legal actions of any game on the core contract.

They are deterministic: their own choices draw from the game's seed and version (salted),
so a replay with the same AI seats gives the same game.
"""

from typing import Any, Protocol

from engine.core.protocol import GameEngine, GameState
from engine.core.rng import Rng


class Player(Protocol):
    """Anything that picks one legal action for the deciding seat."""

    name: str

    def choose(self, engine: GameEngine[Any, Any], state: GameState) -> Any:
        """Return one of `engine.legal_actions(state)`."""
        ...


class RandomPlayer:
    """Pick uniformly among the legal actions."""

    name = "random"

    def choose(self, engine: GameEngine[Any, Any], state: GameState) -> Any:
        """Return a uniformly chosen legal action."""
        actions = engine.legal_actions(state)
        if not actions:
            raise ValueError("no legal action to choose from")
        return Rng(state.seed, state.version, "ai-random").pick(actions)


class GreedyPlayer:
    """Look one decision ahead: take the action whose result the game's heuristic rates best.

    Ties go to a seeded random pick, so it does not always play the first listed action.
    It reads the state after its own action only through the heuristic of its own seat.
    """

    name = "greedy"

    def choose(self, engine: GameEngine[Any, Any], state: GameState) -> Any:
        """Return the legal action with the best heuristic value for the deciding seat."""
        actions = engine.legal_actions(state)
        if not actions:
            raise ValueError("no legal action to choose from")
        pending = state.pending
        if pending is None or len(actions) == 1:
            return actions[0]
        best: list[Any] = []
        best_value = float("-inf")
        for action in actions:
            value = engine.heuristic(engine.apply(state, action).state, pending.seat)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return Rng(state.seed, state.version, "ai-greedy").pick(best)


PLAYERS: dict[str, Player] = {"random": RandomPlayer(), "greedy": GreedyPlayer()}
