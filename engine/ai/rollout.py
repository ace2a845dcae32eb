"""A determinised flat search with truncated roll-outs by the normal player (the ISMCTS family).

For games whose turns are long chains of small decisions (Troyes: dice, cards, cube counts;
Trajan: a bowl, the markers sown one by one, the action's steps), a tree over single decisions
rates its leaves mid-turn, where the position value is poor, and with the planner's wide menus
the tree never grows deep enough to see a rival's reply. This search keeps the root's choice
only (action grouping by the planner: its best few first moves) and rates each candidate by
playing on from it with the normal player's policy for every seat (the rest of the own turn,
then the rivals' turns, `HORIZON` times round, and never past the end of the stretch of play
it began in, the game's `AiSupport.stage`: Troyes' round, Trajan's quarter) on a
determinised state, then taking the seat's value lead over its best rival there.

Each iteration rates one candidate on one determinisation; the determinisations are shared by
the candidates, round after round (common random numbers: every candidate meets the same
sampled characters, decks and dice, so their difference is measured, not the luck). A sample
comes from the seat's own view only (the game's `determinise`), and the search's random numbers
are seeded from that view, so the choice is a function of (view, version, budget).
"""

from collections.abc import Callable
from typing import Any, cast

from engine.ai.planner import plan_values, sampled_plan_values
from engine.ai.sampling import determiniser, horizon_of, support_of
from engine.ai.values import value_of
from engine.core.protocol import GameEngine, GameState
from engine.core.rng import Rng

Value = Callable[[Any, int], float]

CANDIDATES = 4  # the planner's best first moves the search compares
# The planner's own first choice is played unless another candidate's mean lead beats it by
# more than this many VP: a roll-out is rated by the same value the planner plans with, so a
# small edge is as likely the roll-out's bias as a better move (docs/ai.md: the search's
# overrides of the planner; more candidates made hard weaker).
MARGIN = 1.0
# How many times the turn comes back to the seat before a roll-out stops, unless the game's
# `AiSupport.horizon` or `seat_horizons` says otherwise (Troyes: twice, so the seat's own
# next turn answers what the rivals did after the candidate; docs/ai.md, "The roll-out's
# horizon, again"; Trajan at 4 players, twice too). A roll-out also stops once the deciding
# seat has changed horizon * seats times, where the turn would have come back had the seat
# not passed.
HORIZON = 1
MAX_STEPS = 60  # decisions a roll-out plays at most before it is rated anyway
# The search's work bound (`search`'s `work`) never stops it before this share of its
# iterations: Trajan's 2-player hard at a fifth of its 120 roll-outs won 12 of 13 games
# against normal (docs/ai.md), so a bounded decision still searches at least that much.
WORK_FLOOR = 0.2
# The roll-out's planner (beam, depth), unless the game's `AiSupport.rollout_plan` says
# otherwise: a narrower beam than normal's, for speed (Trajan). Troyes plays normal's own
# planner, so the rivals of a roll-out play as the normal players do (docs/ai.md).
ROLLOUT_BEAM = 3
ROLLOUT_DEPTH = 8


class Arm:
    """One root candidate: how often it was rolled out and its summed value lead."""

    __slots__ = ("reward", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.reward = 0.0


class Root:
    """The search's result: an arm per candidate, in the planner's order."""

    __slots__ = ("children", "order")

    def __init__(self) -> None:
        self.children: dict[Any, Arm] = {}
        self.order: list[Any] = []

    def best(self) -> Any:
        """Return the rolled-out candidate with the best mean lead (ties: the planner's order).

        The planner's first choice counts `MARGIN` VP more: another candidate is played only
        when its roll-outs beat it by more than that. With no roll-out at all (a budget below
        one) it is the planner's own first choice.
        """
        tried = [a for a in self.order if self.children[a].visits] or self.order[:1]
        return max(tried, key=self.rating)

    def rating(self, action: Any) -> float:
        """Return the candidate's mean lead, plus `MARGIN` for the planner's own first choice."""
        arm = self.children[action]
        mean = arm.reward / max(arm.visits, 1)
        return mean + MARGIN if action == self.order[0] else mean


def search(  # noqa: PLR0913 - the two keyword-only bounds: the clock and the work
    engine: GameEngine[Any, Any],
    state: GameState,
    seat: int,
    iterations: int,
    rng: Rng,
    *,
    should_stop: Callable[[int], bool] | None = None,
    work: int | None = None,
) -> tuple[Root, int]:
    """Roll out the planner's best few moves `iterations` times in all; return (root, done).

    `should_stop(done)` is asked after each roll-out (the caller's wall-clock safety).
    `work`: the engine steps (`apply` calls: each a planner step the value rates) the
    roll-outs may take in all; once they have, the search stops at the end of that round (a
    roll-out of every candidate on one determinisation), but not before `WORK_FLOOR` of the
    iterations, so a decision whose roll-outs are long or whose menus are wide costs about
    its budget, not five times it. A count, not a clock: the same state gives the same
    roll-outs and the same move on any machine.
    """
    sample = determiniser(engine)
    value = value_of(engine)
    actions = engine.legal_actions(state)
    values = sampled_plan_values(engine, state, value)
    ranked = sorted(range(len(actions)), key=lambda i: (-values[i], i))[:CANDIDATES]
    root = Root()
    root.order = [actions[i] for i in ranked]
    root.children = {a: Arm() for a in root.order}
    if len(root.order) == 1:
        return root, 0
    end = _ender(engine, state)
    horizon = horizon_of(engine, getattr(state, "seats", None), HORIZON)
    det: Any = None
    counted = _Counted(engine)
    floor = max(1, int(WORK_FLOOR * iterations))
    done = 0
    while done < iterations:
        turn = done % len(root.order)
        if turn == 0:
            if done >= floor and work is not None and counted.applies >= work:
                break
            det = sample(state, seat, rng)
        action = root.order[turn]
        arm = root.children[action]
        arm.visits += 1
        start = counted.apply(det, action).state
        arm.reward += _rollout(cast(Any, counted), start, seat, value, end, horizon)
        done += 1
        if should_stop is not None and should_stop(done):
            break
    return root, done


class _Counted:
    """The engine, counting its `apply` calls: the roll-outs' work (search's `work`)."""

    def __init__(self, engine: GameEngine[Any, Any]) -> None:
        self._engine = engine
        self.applies = 0
        self.legal_actions = engine.legal_actions  # the planner's other calls, unwrapped
        self.result = engine.result

    def apply(self, state: Any, action: Any) -> Any:
        """Apply the action (one engine step), and count it."""
        self.applies += 1
        return self._engine.apply(state, action)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)


def _ender(engine: GameEngine[Any, Any], state: GameState) -> Callable[[Any], bool]:
    """Return whether a roll-out has left the stretch of play `state` is in (its game's stage)."""
    support = support_of(engine)
    stage = support.stage if support is not None else None
    if stage is None:
        return lambda _s: False
    start = stage(state)
    return lambda s: stage(s) != start


def _rollout(
    engine: GameEngine[Any, Any],
    state: Any,
    seat: int,
    value: Value,
    end: Callable[[Any], bool],
    horizon: int,
) -> float:
    """Play on with the planner for every seat; return the seat's value lead where it stops."""
    return _lead(engine, play_out(engine, state, seat, value, end, horizon), seat, value)


def play_out(
    engine: GameEngine[Any, Any],
    state: Any,
    seat: int,
    value: Value,
    end: Callable[[Any], bool],
    horizon: int = HORIZON,
) -> Any:
    """Play on with the planner for every seat from `state`; return where the roll-out stops.

    It stops when the turn has come back to `seat` `horizon` times, or the deciding seat has
    changed `horizon` times as many times as there are seats (a seat that passed has no turn
    left: its roll-out used to play the rivals' whole round), when `end(state)` (the stretch
    of play it started in, the game's stage, is over), when the game ends, or after
    `MAX_STEPS` decisions. Every seat's decisions are the planner's, at the game's
    `rollout_plan` (beam, depth).
    """
    plan = _plan(engine)
    returns = 0
    away = False
    changes = 0
    last = seat
    for _ in range(MAX_STEPS):
        pending = state.pending
        if pending is None or end(state):
            break
        if pending.seat != last:
            changes += 1
            last = pending.seat
            if changes >= horizon * state.seats:
                break
        if pending.seat != seat:
            away = True
        elif away:
            returns += 1
            away = False
            if returns >= horizon:
                break
        actions = engine.legal_actions(state)
        if len(actions) == 1:
            action = actions[0]
        else:
            found = plan_values(engine, state, value, *plan)
            action = actions[max(range(len(actions)), key=found.__getitem__)]
        state = engine.apply(state, action).state
    return state


def _plan(engine: GameEngine[Any, Any]) -> tuple[int, int]:
    """Return the (beam, depth) of the roll-out's planner for this game."""
    support = support_of(engine) if hasattr(engine, "name") else None
    if support is None or support.rollout_plan is None:
        return ROLLOUT_BEAM, ROLLOUT_DEPTH
    return support.rollout_plan


def _lead(engine: GameEngine[Any, Any], state: Any, seat: int, value: Value) -> float:
    result = engine.result(state)
    if result is not None:
        scores = [float(s) for s in result.scores]
    else:
        scores = [value(state, s) for s in range(state.seats)]
    return scores[seat] - max(v for i, v in enumerate(scores) if i != seat)
