"""Sampling what a seat cannot see: the per-game determinisers and a seed from the own view.

Every AI level plans on a determinised state, never on the real one, so that no look ahead
can read a rival's cards, the deck order or the dice a reroll would give: those come from the
game's `determinise` (engine/<game>/determinise.py), drawn from the seat's own knowledge.
Random numbers are seeded from the seat's own view, so the same view gives the same choice.
"""

import hashlib
import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any, cast

from engine.core.protocol import GameEngine, GameState
from engine.core.rng import Rng

Determinise = Callable[[Any, int, Rng], Any]


def determiniser(engine: GameEngine[Any, Any]) -> Determinise:
    """Return the game's determinise function (state, seat, rng) -> sampled state.

    Each game offers it in its own folder, `engine/<game>/determinise.py`, as
    `determiniser(engine)`; shared code never names a game (tests/test_registry.py).
    """
    module = game_module(engine, "determinise")
    if module is None:
        raise ValueError(f"no determinisation for {engine.name!r}")
    return cast("Determinise", module.determiniser(engine))


def search_rate(engine: GameEngine[Any, Any], default: int = 300) -> int:
    """Return the game's search iterations per second (its `determinise.SEARCH_RATE`)."""
    module = game_module(engine, "determinise")
    return int(getattr(module, "SEARCH_RATE", default))


def game_module(engine: GameEngine[Any, Any], name: str) -> ModuleType | None:
    """Return `engine/<game>/<name>.py` of the engine's game, or None if it has none."""
    path = f"engine.{engine.name}.{name}"
    try:
        return importlib.import_module(path)
    except ModuleNotFoundError as missing:
        if missing.name != path:
            raise
        return None


def search_seed(engine: GameEngine[Any, Any], state: GameState, seat: int, seed: int) -> int:
    """Return the search's seed from what `seat` may see (its own view), never the state."""
    seen = repr(engine.view(state, seat)).encode()
    return int.from_bytes(hashlib.sha256(seen).digest()[:8], "big") ^ seed


def public_sample(engine: GameEngine[Any, Any], state: GameState, seat: int) -> Any:
    """Return one determinised state for `seat`, seeded from what it sees (for planning)."""
    rng = Rng(search_seed(engine, state, seat, 0), state.version, "plan")
    return determiniser(engine)(state, seat, rng)
