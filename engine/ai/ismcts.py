"""The hard player: single-observer information-set Monte-Carlo tree search (ISMCTS).

Cowling, Powley & Whitehouse (2012), "Information Set Monte Carlo Tree Search". Each
iteration samples one state the searching seat cannot tell from the real one (its
`determinise`: hidden cards, hidden VP and the dice still to roll, drawn from the seat's own
knowledge only), walks the tree of action sequences with UCB1 over the actions available in
that sample (availability counts instead of parent visits), expands one new action, and rates
the leaf with the normal player's position value, every seat's value against its best rival.
Progressive widening caps how many children a node may have by its visits, so the wide menus
(25 dice, cards, events) do not drown the search; new children are drawn at random from the
untried actions.

A game may ask for a flat search instead (`AiSupport.search = "rollout"`, or at some player
counts only, `AiSupport.seat_search`; engine/ai/rollout.py: the planner's best first moves
rated by truncated planner roll-outs); `IsmctsPlayer` runs whichever its game's spec names,
with the same budget, seeding and safety.

Deterministic: the budget is an iteration count (`budget_s` maps to it by a fixed per-game
rate, so a replay on another machine makes the same choice; a generous wall-clock cap is only
a safety net), and the search's random numbers are seeded from the version and the seat's
own view, never from the hidden state.
"""

import math
import time
from collections.abc import Callable
from typing import Any

from engine.ai import rollout
from engine.ai.planner import sampled_plan_values
from engine.ai.sampling import (
    determiniser,
    iterations_per_s,
    search_kind,
    search_seed,
    work_of,
)
from engine.ai.values import value_of
from engine.core.protocol import GameEngine, GameState
from engine.core.rng import Rng

# A budget in seconds becomes a fixed number of iterations at the game's rate
# (AiSupport.iterations_per_s in its spec; bench/ai.py prints the rate on your machine).
DEFAULT_BUDGET_S = 2.0
WALL_CAP = 5.0  # stop after this many times the budget in wall-clock seconds, whatever happens
EXPLORE = 0.7  # UCB1 exploration constant (rewards lie in [0, 1])
WIDEN = 2.0  # a node may have WIDEN * visits ** ALPHA children
ALPHA = 0.5
SCALE = 6.0  # a lead of this many VP is worth a reward of about 0.73
MAX_DEPTH = 40  # decisions below the root before the leaf is rated anyway
# The root is searched over the normal player's best few plans only (action grouping by the
# planner), each starting with PRIOR_VISITS virtual visits at a reward from its plan value:
# with few iterations the search plays as normal does, and overrides it on evidence.
ROOT_CANDIDATES = 5
PRIOR_VISITS = 8


class _Node:
    __slots__ = ("avail", "children", "closed", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # the seat that chose the action leading here
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.closed = False  # no new children (the root, limited to the planner's choices)


class IsmctsPlayer:
    """Search a fixed number of determinised iterations; play the most visited action."""

    name = "hard"

    def __init__(self, iterations: int | None = None, budget_s: float = DEFAULT_BUDGET_S,
                 seed: int = 0) -> None:  # fmt: skip
        """Search `iterations` per decision (default: `budget_s` at the game's rate)."""
        self.iterations = iterations
        self.budget_s = budget_s
        self.seed = seed
        self.last_iterations = 0
        # Whether the last search stopped at the wall-clock cap (not at its count or work).
        self.last_cut = False

    @classmethod
    def from_budget(cls, budget_s: float | None) -> "IsmctsPlayer":
        """Return a player thinking about `budget_s` seconds a decision (default 2)."""
        return cls(budget_s=DEFAULT_BUDGET_S if budget_s is None else budget_s)

    def budget(self, engine: GameEngine[Any, Any], seats: int | None = None) -> int:
        """Return the iterations per decision for this engine (at `seats` players)."""
        if self.iterations is not None:
            return self.iterations
        return max(1, round(self.budget_s * iterations_per_s(engine, seats)))

    def choose(self, engine: GameEngine[Any, Any], state: GameState) -> Any:
        """Return the root action the search visited most."""
        actions = engine.legal_actions(state)
        if not actions:
            raise ValueError("no legal action to choose from")
        pending = state.pending
        if len(actions) == 1 or pending is None:
            return actions[0]
        seat = pending.seat
        root = self.search(engine, state, seat)
        if isinstance(root, rollout.Root):
            return root.best()
        return max(actions, key=lambda a: _visits(root, a))

    def search(
        self, engine: GameEngine[Any, Any], state: GameState, seat: int
    ) -> "_Node | rollout.Root":
        """Run the iterations from `state` for `seat`; return the root of the search.

        A game whose spec asks for the "rollout" search (AiSupport.search, or seat_search at
        this player count) is searched by engine/ai/rollout.py: an iteration is one roll-out,
        and the root holds one arm per candidate move.
        """
        rng = Rng(search_seed(engine, state, seat, self.seed), state.version, "ismcts")
        sample = determiniser(engine)
        value = value_of(engine)
        seats = getattr(state, "seats", None)
        n = self.budget(engine, seats)
        deadline = time.monotonic() + WALL_CAP * max(self.budget_s, 0.5)
        self.last_cut = False
        if search_kind(engine, seats) == "rollout":

            def should_stop(_done: int) -> bool:
                self.last_cut = time.monotonic() > deadline
                return self.last_cut

            found, self.last_iterations = rollout.search(
                engine, state, seat, n, rng, should_stop=should_stop, work=work_of(engine, seats, n)
            )
            return found
        root = _root(engine, state, seat, value)
        done = 0
        for done in range(1, n + 1):
            _iterate(engine, sample(state, seat, rng), root, rng, value)
            if done % 64 == 0 and time.monotonic() > deadline:
                self.last_cut = done < n
                break
        self.last_iterations = done
        return root


def _root(
    engine: GameEngine[Any, Any], state: GameState, seat: int, value: Callable[[Any, int], float]
) -> _Node:
    """Return a root whose children are the planner's best few actions, with prior visits.

    The planner plans on a sample of what the seat cannot see (a reroll in a plan rolls
    sampled dice, not the game's), like the normal player.
    """
    actions = engine.legal_actions(state)
    values = sampled_plan_values(engine, state, value)
    top = max(values)
    order = sorted(range(len(actions)), key=lambda i: (-values[i], i))[:ROOT_CANDIDATES]
    root = _Node(seat)
    for i in order:
        child = _Node(seat)
        child.visits = child.avail = PRIOR_VISITS
        child.reward = PRIOR_VISITS * 0.5 / (1.0 + math.exp(-(values[i] - top) / SCALE)) * 2
        root.children[actions[i]] = child
    root.visits = PRIOR_VISITS * len(order)
    root.closed = True
    return root


def _visits(root: _Node, action: Any) -> int:
    child = root.children.get(action)
    return child.visits if child is not None else -1


def _iterate(
    engine: GameEngine[Any, Any],
    state: Any,
    root: _Node,
    rng: Rng,
    value: Callable[[Any, int], float],
) -> None:
    """One ISMCTS iteration on one determinised state: select, expand, rate, back up."""
    node, path = root, [root]
    for _ in range(MAX_DEPTH):
        pending = state.pending
        if pending is None:
            break
        actions = engine.legal_actions(state)
        if len(actions) == 1:  # forced: no choice to learn, no node
            state = engine.apply(state, actions[0]).state
            continue
        untried = [] if node.closed else [a for a in actions if a not in node.children]
        limit = max(1, int(WIDEN * (node.visits + 1) ** ALPHA))
        if untried and len(node.children) < limit:
            action = untried[rng.below(len(untried))]
            child = _Node(pending.seat)
            node.children[action] = child
            state = engine.apply(state, action).state
            path.append(child)
            break
        action, node = _select(node, actions, pending.seat)
        state = engine.apply(state, action).state
        path.append(node)
    rewards = _rewards(engine, state, value)
    for visited in path:
        visited.visits += 1
        visited.reward += rewards[visited.seat]


def _select(node: _Node, actions: list[Any], seat: int) -> tuple[Any, _Node]:
    """Pick by UCB1 among the children available now (each gains one availability)."""
    best: tuple[Any, _Node] | None = None
    best_score = -math.inf
    for action in actions:
        child = node.children.get(action)
        if child is None:
            continue
        child.avail += 1
        if child.visits == 0:
            score = math.inf
        else:
            score = child.reward / child.visits + EXPLORE * math.sqrt(
                math.log(max(child.avail, 1)) / child.visits
            )
        if score > best_score:
            best, best_score = (action, child), score
    if best is None:  # the widening limit hid every available action: take the first
        child = _Node(seat)
        node.children[actions[0]] = child
        return actions[0], child
    return best


def _rewards(
    engine: GameEngine[Any, Any], state: Any, value: Callable[[Any, int], float]
) -> list[float]:
    """Rate a leaf for every seat in [0, 1]: the result if over, else the value lead."""
    values = _scores_or_values(engine, state, value)
    out = []
    for seat in range(len(values)):
        rival = max(v for i, v in enumerate(values) if i != seat)
        out.append(1.0 / (1.0 + math.exp(-(values[seat] - rival) / SCALE)))
    return out


def _scores_or_values(
    engine: GameEngine[Any, Any], state: Any, value: Callable[[Any, int], float]
) -> list[float]:
    result = engine.result(state)
    if result is not None:
        return [float(s) for s in result.scores]
    return [value(state, seat) for seat in range(state.seats)]
