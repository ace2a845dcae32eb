"""AI decisions off the event loop: the AI players think in worker processes (issue 15).

A search AI thinks for seconds, and a thread would share the interpreter lock with the event
loop (every click waits while it computes). So `Thinker` sends each decision to a
`engine.workers.WorkerPool` (`AI_PROCESSES` workers; 0: threads, for tests that need them):
the worker gets the game's name (and the folder of its edition's data when the game plays an
older or corrected one), the player's name with the hard level's budget, and the state as
JSON; it returns the index of the chosen legal action and its notation. The session service
applies that action in its own transaction, as it always did, so a decision cut short (the
bot killed while a worker thinks) leaves nothing half-applied: at start-up `resume()` simply
asks again, and the players are deterministic, so the same move comes back.

The worker is handed the state, not a view: the players themselves look only at what the
deciding seat may see (they determinise from its view, engine/ai/sampling.py).

A hint (`/game hint`) is the normal player's choice for the deciding seat, with the plan
values behind it (`suggest`): the value of the best plan starting with that move, the
seat's value now, and the best plan starting with any other move.

Players that a worker cannot rebuild by name (a test's own player) and engines it cannot
rebuild (built in memory, unregistered) think in a thread instead.
"""

import asyncio
import json
import logging
import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import games
from engine.ai import LEVELS, make_player
from engine.ai.levels import Choice, HardPlayer
from engine.ai.planner import sampled_plan_values
from engine.ai.players import PLAYERS, Player
from engine.ai.values import value_of
from engine.core.editions import Editioned
from engine.core.protocol import GameEngine, GameState
from engine.workers import WorkerPool

log = logging.getLogger(__name__)

HINT_LEVEL = "normal"  # /game hint suggests what the normal player would play
CHEAPEST = "greedy"  # AI_MAX_LEVEL=greedy: every level plays the greedy player


def level_rank(name: str) -> int:
    """Return how strong a level is (easy 0, normal 1, hard 2); -1 for other players."""
    return LEVELS.index(name) if name in LEVELS else -1


def players(budget_s: float | None = None) -> dict[str, Player]:
    """Return every AI player by name: the plain ones (random, greedy) and the three levels."""
    return {**PLAYERS, **{level: make_player(level, budget_s) for level in LEVELS}}


@dataclass(frozen=True, slots=True)
class Request:
    """What a worker needs to decide: the game, its edition's data, the player, the state."""

    game: str
    data_dir: str | None  # None: the registry's own engine
    player: str
    budget_s: float | None
    state: str  # engine.to_json(state), as JSON text


@dataclass(frozen=True, slots=True)
class Decision:
    """A worker's answer: the chosen legal action's index and notation, and the time taken.

    `played` is the player whose move it is: the one asked, or "normal" when a hard search
    reached its wall-clock safety (`engine.ai.levels.HardPlayer`); `iterations` of `budget`
    is how far that search went (0 of 0: no search).
    """

    index: int
    notation: str
    seconds: float
    played: str = ""
    iterations: int = 0
    budget: int = 0


@dataclass(frozen=True, slots=True)
class Played:
    """The bot's side of a decision: the legal action, and the player whose move it is."""

    action: Any
    played: str


@dataclass(frozen=True, slots=True)
class Suggestion:
    """The normal player's choice for a hint, with the plan values behind it.

    `value` is the rated end of the best own plan that starts with the move, `now` the
    deciding seat's value as things stand, `runner_up` the best plan starting with another
    move (None: the only legal move); all on the game's position value (an estimate of the
    seat's final score), or None each where the planner gives no finite figure.
    """

    index: int
    notation: str
    value: float | None
    now: float | None
    runner_up: float | None
    choices: int


# ---- in the worker -------------------------------------------------------------------------

_ENGINES: dict[tuple[str, str | None], GameEngine[Any, Any]] = {}
_PLAYERS: dict[tuple[str, float | None], Player] = {}


def _engine(game: str, data_dir: str | None) -> GameEngine[Any, Any]:
    key = (game, data_dir)
    if key not in _ENGINES:
        engine = games.GAMES[game]
        if data_dir is not None:
            assert isinstance(engine, Editioned)  # noqa: S101 - the parent sent a data folder
            engine = engine.with_data(Path(data_dir))
        _ENGINES[key] = engine
    return _ENGINES[key]


def _player(name: str, budget_s: float | None) -> Player:
    key = (name, budget_s if name == "hard" else None)
    if key not in _PLAYERS:
        _PLAYERS[key] = PLAYERS[name] if name in PLAYERS else make_player(name, budget_s)
    return _PLAYERS[key]


def _state(request: Request) -> tuple[GameEngine[Any, Any], Any]:
    engine = _engine(request.game, request.data_dir)
    return engine, engine.from_json(json.loads(request.state))


def decide(request: Request) -> Decision:
    """Choose the move of the deciding seat (runs in a worker process)."""
    engine, state = _state(request)
    return choose_index(engine, state, _player(request.player, request.budget_s))


def hint(request: Request) -> Suggestion:
    """Suggest the deciding seat's move as the normal player would (runs in a worker)."""
    engine, state = _state(request)
    return suggest(engine, state, _player(request.player, request.budget_s))


def choose_index(engine: GameEngine[Any, Any], state: GameState, player: Player) -> Decision:
    """Return the player's choice as an index into the legal actions, timed."""
    began = time.perf_counter()
    if isinstance(player, HardPlayer):
        choice = player.decide(engine, state)
    else:
        choice = Choice(player.choose(engine, state), player.name)
    notation = engine.action_text(choice.action)
    actions = engine.legal_actions(state)
    index = next(i for i, a in enumerate(actions) if engine.action_text(a) == notation)
    seconds = time.perf_counter() - began
    return Decision(index, notation, seconds, choice.played, choice.iterations, choice.budget)


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


def suggest(engine: GameEngine[Any, Any], state: GameState, player: Player) -> Suggestion:
    """Return the player's choice and the plan values that explain it (pure, any thread)."""
    pending = state.pending
    if pending is None:
        raise ValueError("no decision to suggest a move for")
    decision = choose_index(engine, state, player)
    actions = engine.legal_actions(state)
    if len(actions) == 1:
        return Suggestion(decision.index, decision.notation, None, None, None, 1)
    value = value_of(engine)
    values = sampled_plan_values(engine, state, value)
    others = [v for i, v in enumerate(values) if i != decision.index and math.isfinite(v)]
    return Suggestion(
        decision.index,
        decision.notation,
        _finite(values[decision.index]),
        _finite(value(state, pending.seat)),
        max(others) if others else None,
        len(actions),
    )


# ---- in the bot ----------------------------------------------------------------------------


class Thinker:
    """Runs the AI players' decisions in worker processes (or threads with `processes=0`).

    `budget_s` is the hard level's thinking time per decision (None: its default, 2 s), and
    `max_level` the strongest level the operator allows (`AI_MAX_LEVEL`): a seat or stand-in
    stored at a stronger level plays at `max_level`, and players may not choose above it.
    `max_level="greedy"` is below every level: the levels may be chosen as usual, but every
    AI then plays the one-step greedy player (the bot before issue 15), the cheapest there is.
    """

    def __init__(
        self, processes: int = 0, *, budget_s: float | None = None, max_level: str = "hard"
    ) -> None:
        """Prepare `processes` workers (started on first use); 0 thinks in threads."""
        if max_level not in (*LEVELS, CHEAPEST):
            raise ValueError(
                f"AI_MAX_LEVEL must be one of {', '.join((*LEVELS, CHEAPEST))}, not {max_level!r}"
            )
        self.pool = WorkerPool(processes) if processes > 0 else None
        self.budget_s = budget_s
        self.max_level = max_level
        self.players = players(budget_s)
        self.thinking = 0  # decisions asked for and not answered yet

    @property
    def levels(self) -> tuple[str, ...]:
        """Return the levels players may choose: up to the operator's `max_level`."""
        if self.max_level == CHEAPEST:
            return LEVELS
        return LEVELS[: level_rank(self.max_level) + 1]

    def allows(self, name: str) -> bool:
        """Whether a player of this name may be seated now (a level above the cap may not)."""
        return name in self.players and (level_rank(name) < 0 or name in self.levels)

    def effective(self, name: str) -> str:
        """Return the player that plays for a seat stored as `name` (capped to the max level)."""
        if self.max_level == CHEAPEST and level_rank(name) >= 0:
            return CHEAPEST
        return self.max_level if level_rank(name) > level_rank(self.max_level) else name

    def _request(self, engine: GameEngine[Any, Any], state: Any, name: str) -> Request | None:
        """Return what a worker needs, or None when this decision must think in a thread."""
        if self.pool is None or name not in self.players:
            return None
        try:
            registered = games.GAMES[engine.name]
        except KeyError:
            return None
        data_dir: str | None = None
        if engine is not registered:
            folder = getattr(engine, "data_dir", None)
            if not isinstance(engine, Editioned) or folder is None:
                return None
            data_dir = str(folder)
        text = json.dumps(engine.to_json(state), sort_keys=True)
        return Request(engine.name, data_dir, name, self.budget_s, text)

    async def choose(self, engine: GameEngine[Any, Any], state: Any, player: Player) -> Any:
        """Return the legal action `player` chooses for the deciding seat, thought off-loop."""
        return (await self.decide(engine, state, player)).action

    async def decide(self, engine: GameEngine[Any, Any], state: Any, player: Player) -> Played:
        """Return the action `player` chooses, and which player's move it is (off-loop).

        The player that plays may not be the one asked: a level above the operator's cap
        plays at the cap, and a hard search past its wall-clock safety plays the normal
        move (logged). The session service records who played (the ratings use it).
        """
        name = self.effective(player.name)
        if name != player.name:
            player = self.players[name]
        own = self.players.get(name) is player  # a worker rebuilds the bot's players by name
        request = self._request(engine, state, name) if own else None
        self.thinking += 1
        asked = time.perf_counter()
        try:
            if request is None or self.pool is None:
                decision = await asyncio.to_thread(choose_index, engine, state, player)
            else:
                decision = await self.pool.run(decide, request)
        finally:
            self.thinking -= 1
        waited = time.perf_counter() - asked  # the queue for a worker, and the thinking
        log.debug("ai %s decided in %.3f s (thinking %.3f s)", name, waited, decision.seconds)
        played = decision.played or name
        if played != name:
            log.warning(
                "ai %s reached its %.0f s safety after %d of %d iterations: played %s's move",
                name, self._safety_s(name), decision.iterations, decision.budget, played,
            )  # fmt: skip
        return Played(_action(engine, state, decision.index, decision.notation), played)

    def _safety_s(self, name: str) -> float:
        player = self.players.get(name)
        return player.safety_s if isinstance(player, HardPlayer) else 0.0

    async def suggest(self, engine: GameEngine[Any, Any], state: Any) -> Suggestion:
        """Return the normal player's suggestion for the deciding seat, thought off-loop."""
        request = self._request(engine, state, HINT_LEVEL)
        if request is None or self.pool is None:
            return await asyncio.to_thread(suggest, engine, state, self.players[HINT_LEVEL])
        return await self.pool.run(hint, request)

    def close(self) -> None:
        """Stop the workers."""
        if self.pool is not None:
            self.pool.close()


def _action(engine: GameEngine[Any, Any], state: Any, index: int, notation: str) -> Any:
    """Return the legal action a worker chose, checked by its notation."""
    actions = engine.legal_actions(state)
    if 0 <= index < len(actions) and engine.action_text(actions[index]) == notation:
        return actions[index]
    found = [a for a in actions if engine.action_text(a) == notation]
    if not found:
        raise ValueError(f"the AI chose {notation!r}, which is not a legal move here")
    return found[0]
