"""The three AI strengths behind one call: `make_player("easy" | "normal" | "hard")`.

- easy: plans its own turn a little way ahead, and in about one decision in three takes a
  merely decent move instead of the best one (a beginner can beat it).
- normal: plans the rest of its own turn with a beam search and rates each end by the
  game's position value (planner.py).
- hard: information-set Monte-Carlo tree search over determinised states (ismcts.py).

Every level is deterministic: its own random choices draw from the state's version and
what it may see, never from hidden information, so a replay gives the same game.
"""

from typing import Any, Literal

from engine.ai.planner import PlannerPlayer, sampled_plan_values
from engine.ai.values import value_of
from engine.core.protocol import GameEngine, GameState
from engine.core.rng import Rng

Level = Literal["easy", "normal", "hard"]
LEVELS: tuple[Level, ...] = ("easy", "normal", "hard")

EASY_MISTAKE = 0.35  # how often the easy player settles for a decent move
EASY_SLACK = 4.0  # how much worse (in VP) that decent move may be


class EasyPlayer:
    """Look a short way ahead and often settle for a good-enough move."""

    name = "easy"

    def choose(self, engine: GameEngine[Any, Any], state: GameState) -> Any:
        """Return a decent legal action, not always the best one."""
        actions = engine.legal_actions(state)
        if not actions:
            raise ValueError("no legal action to choose from")
        if len(actions) == 1:
            return actions[0]
        values = sampled_plan_values(engine, state, value_of(engine), beam=2, depth=5)
        top = max(values)
        rng = Rng(state.version, len(actions), "ai-easy")
        if rng.below(1000) < EASY_MISTAKE * 1000:
            decent = [a for a, v in zip(actions, values, strict=True) if v >= top - EASY_SLACK]
            return rng.pick(decent)
        return actions[values.index(top)]


def make_player(level: str, budget_s: float | None = None) -> Any:
    """Return a player of the given strength (`budget_s`: hard's thinking time per decision)."""
    match level:
        case "easy":
            return EasyPlayer()
        case "normal":
            return PlannerPlayer("normal", value_of)
        case "hard":
            from engine.ai.ismcts import IsmctsPlayer  # noqa: PLC0415 - only hard needs it

            return IsmctsPlayer.from_budget(budget_s)
        case _:
            raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
