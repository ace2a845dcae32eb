"""The three AI strengths behind one call: `make_player("easy" | "normal" | "hard")`.

- easy: plans its own turn a little way ahead, and in about one decision in three takes a
  merely decent move instead of the best one (a beginner can beat it).
- normal: plans the rest of its own turn with a beam search and rates each end by the
  game's position value (planner.py).
- hard: a search over determinised states by a fixed iteration count (`HardPlayer`): the
  information-set Monte-Carlo tree search (ismcts.py; Trajan at 3 players), or, for a
  game whose spec asks for it, the flat search by planner roll-outs (rollout.py; Troyes, and
  Trajan at 2 and 4 players).

Every level is deterministic: its own random choices draw from the state's version and
what it may see, never from hidden information, so a replay gives the same game.

The hard level's rule (docs/ai.md, "Hard thinks by count, not by clock"): a decision is
exactly `budget_s` times the game's fixed search rate iterations, so the move depends on
(seed, version, budget) only, never on how busy the machine is. The wall clock is only a
safety, `SAFETY` times the budget: a search that reaches it is not played half-done (that
move would depend on the load); the seat plays the normal player's move instead, which is
as deterministic, and says so (`Choice.played` is "normal"; the bot logs it).
"""

from dataclasses import dataclass
from typing import Any, Literal

from engine.ai.ismcts import DEFAULT_BUDGET_S, WALL_CAP, IsmctsPlayer
from engine.ai.planner import PlannerPlayer, sampled_plan_values
from engine.ai.sampling import iterations_per_s
from engine.ai.values import value_of
from engine.core.protocol import GameEngine, GameState
from engine.core.rng import Rng

Level = Literal["easy", "normal", "hard"]
LEVELS: tuple[Level, ...] = ("easy", "normal", "hard")

EASY_MISTAKE = 0.35  # how often the easy player settles for a decent move
EASY_SLACK = 4.0  # how much worse (in VP) that decent move may be
# The hard search's wall-clock safety, in budgets: far above what the iterations need (at the
# game's rate one budget; 5 budgets on the loaded shared machine of docs/ai.md), so it stops
# only a starved machine.
SAFETY = 30.0
SAFETY_MIN_S = 30.0  # and never sooner than this (tiny test budgets)


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


@dataclass(frozen=True, slots=True)
class Choice:
    """A decision and who made it: `played` is the level whose move it is."""

    action: Any
    played: str
    iterations: int = 0  # the search iterations run (0: no search)
    budget: int = 0  # the iterations the budget asked for


class HardPlayer:
    """The hard level: its game's search by a fixed iteration count, the clock only a safety.

    `budget_s` (default 2 s) becomes `budget_s * iterations_per_s(engine)` iterations, the
    game's fixed rate, on every machine. `safety_s` (default `SAFETY` budgets, at least
    `SAFETY_MIN_S`) is the wall-clock time after which a search stops; its move is then
    not played: the normal player's move is (`decide` says so in `Choice.played`).
    """

    name = "hard"

    def __init__(self, budget_s: float | None = None, safety_s: float | None = None) -> None:
        """Think `budget_s` a decision at the game's rate; give up after `safety_s`."""
        self.budget_s = DEFAULT_BUDGET_S if budget_s is None else budget_s
        self.safety_s = max(SAFETY_MIN_S, SAFETY * self.budget_s) if safety_s is None else safety_s
        self.fallback = PlannerPlayer("normal", value_of)
        self.last = Choice(None, self.name)  # the last decision (bench/ai.py reads it)

    def budget(self, engine: GameEngine[Any, Any], seats: int | None = None) -> int:
        """Return the iterations per decision for this engine (the budget at its fixed rate).

        `seats`: the game's player count, for a game whose rate depends on it.
        """
        return max(1, round(self.budget_s * iterations_per_s(engine, seats)))

    def decide(self, engine: GameEngine[Any, Any], state: GameState) -> Choice:
        """Search the budget's iterations; past the safety, play the normal player's move."""
        wanted = self.budget(engine, getattr(state, "seats", None))
        # The search's own cap is WALL_CAP times its budget_s: given the iterations, budget_s
        # sets only that cap, here the safety.
        search = IsmctsPlayer(iterations=wanted, budget_s=self.safety_s / WALL_CAP)
        action = search.choose(engine, state)
        ran = search.last_iterations
        if search.last_cut:  # stopped by the safety: that move depends on the machine
            self.last = Choice(self.fallback.choose(engine, state), "normal", ran, wanted)
        else:
            self.last = Choice(action, self.name, ran, wanted)
        return self.last

    def choose(self, engine: GameEngine[Any, Any], state: GameState) -> Any:
        """Return the search's move (or, past the safety, the normal player's)."""
        return self.decide(engine, state).action


def make_player(level: str, budget_s: float | None = None) -> Any:
    """Return a player of the given strength (`budget_s`: hard's thinking time per decision)."""
    match level:
        case "easy":
            return EasyPlayer()
        case "normal":
            return PlannerPlayer("normal", value_of)
        case "hard":
            return HardPlayer(budget_s)
        case _:
            raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
