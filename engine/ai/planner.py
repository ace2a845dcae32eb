"""The normal player: plan the rest of the own turn, then rate where each plan ends.

Compound turns are split into many small decisions (STYLE.md §2.2), so a one-step look ahead
rates "choose a card" before any die is taken. This player searches the seat's consecutive
decisions (a beam of the best partial plans) until the turn passes to another seat, dice are
rolled or hidden cards revealed, or the plan is long enough, and rates each end with the
game's position value from that seat's knowledge. It plans on a determinised copy of the
state (sampling.py), so a plan that rerolls or draws sees sampled dice and cards, not the
game's. It then plays the first step of the best
plan. Of plans that end alike the shorter wins (STEP_COST); remaining ties go to the first
listed action, so the choice is a function of the state.
"""

from collections.abc import Callable
from typing import Any

from engine.ai.sampling import public_sample
from engine.core.protocol import GameEngine, GameState

Value = Callable[[Any, int], float]

BEAM = 6
DEPTH = 10
# A plan cut off by the depth limit is rated below one that completes: its middle state
# still counts the dice and money it has not yet spent.
CUT_PENALTY = 1.0
# Each decision a plan takes costs this much (far below any real difference of value): of two
# plans that end alike, the shorter is the better, so the player walks its guard three spaces
# at once rather than one space three times (the first listed action would be the short step).
STEP_COST = 1e-6


def plan_values(
    engine: GameEngine[Any, Any],
    state: GameState,
    value: Value,
    beam: int = BEAM,
    depth: int = DEPTH,
) -> list[float]:
    """Return, per legal action, the value of the best own plan that starts with it."""
    pending = state.pending
    assert pending is not None  # noqa: S101 - callers ask only while a decision is open
    seat = pending.seat
    actions = engine.legal_actions(state)
    ended = [float("-inf")] * len(actions)  # the best plan that hands the turn on
    open_ = [float("-inf")] * len(actions)  # the best plan cut off by the depth limit
    # Each frontier entry: (value, index of the first action, state after the plan so far).
    frontier: list[tuple[float, int, Any]] = [(0.0, i, None) for i in range(len(actions))]
    for level in range(depth):
        grown: list[tuple[float, int, Any]] = []
        for _v, first, s in frontier:
            for action in [actions[first]] if s is None else _forward(engine.legal_actions(s)):
                step = engine.apply(state if s is None else s, action)
                v = value(step.state, seat)
                if s is None and _is_back(action):
                    # Backing out is worth the menu it returns to as it stands: planning on
                    # from there would re-enter this very menu and go round in circles.
                    ended[first] = v
                elif _continues(step.state, seat, step.irreversible):
                    grown.append((v, first, step.state))
                elif v - STEP_COST * level > ended[first]:
                    ended[first] = v - STEP_COST * level
        if level == depth - 1 or not grown:
            for v, first, _s in grown:
                open_[first] = max(open_[first], v - CUT_PENALTY - STEP_COST * level)
            break
        # Keep the best few partial plans, but always one per first action still open: a
        # plan that pays before it gains (dice taken for the Cathedral or a card) rates low
        # in its middle and would otherwise be cut before it completes.
        grown.sort(key=lambda e: -e[0])
        kept: dict[int, tuple[float, int, Any]] = {}
        for entry in grown:
            kept.setdefault(entry[1], entry)
        rest = [e for e in grown[:beam] if kept[e[1]] is not e]
        frontier = [*kept.values(), *rest]
    return [e if e > float("-inf") else o for e, o in zip(ended, open_, strict=True)]


def _forward(actions: list[Any]) -> list[Any]:
    """Drop the ways back up a menu: a plan that backs out and in again only goes round."""
    return [a for a in actions if not _is_back(a)]


def _is_back(action: Any) -> bool:
    return type(action).__name__ == "Back"


def _continues(state: GameState, seat: int, irreversible: bool) -> bool:
    pending = state.pending
    return not irreversible and pending is not None and pending.seat == seat


class PlannerPlayer:
    """Play the first step of the best-rated plan for the rest of the own turn."""

    def __init__(self, name: str, value: Callable[[GameEngine[Any, Any]], Value]) -> None:
        """Name the player and give the factory of its per-engine position value."""
        self.name = name
        self._value = value

    def choose(self, engine: GameEngine[Any, Any], state: GameState) -> Any:
        """Return the first action of the best plan for the deciding seat."""
        actions = engine.legal_actions(state)
        if not actions:
            raise ValueError("no legal action to choose from")
        if len(actions) == 1:
            return actions[0]
        return best_planned(engine, state, self._value(engine))


def best_planned(engine: GameEngine[Any, Any], state: GameState, value: Value) -> Any:
    """Return the legal action whose plan rates best, planned on a sample of the unseen."""
    actions = engine.legal_actions(state)
    values = sampled_plan_values(engine, state, value)
    return actions[max(range(len(actions)), key=values.__getitem__)]


def sampled_plan_values(
    engine: GameEngine[Any, Any],
    state: GameState,
    value: Value,
    beam: int = BEAM,
    depth: int = DEPTH,
) -> list[float]:
    """Return `plan_values` per legal action of `state`, planned on a determinised copy."""
    pending = state.pending
    assert pending is not None  # noqa: S101 - callers ask only while a decision is open
    sample = public_sample(engine, state, pending.seat)
    found = plan_values(engine, sample, value, beam, depth)
    by_action = dict(zip(engine.legal_actions(sample), found, strict=True))
    return [by_action.get(a, float("-inf")) for a in engine.legal_actions(state)]
