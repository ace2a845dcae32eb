"""Sampling what a seat cannot see: the per-game determinisers and a seed from the own view.

Every AI level plans on a determinised state, never on the real one, so that no look ahead
can read a rival's cards, the deck order or the dice a reroll would give: those come from the
game's `determinise` (engine/<game>/determinise.py), drawn from the seat's own knowledge.
Random numbers are seeded from the seat's own view, so the same view gives the same choice.
"""

import hashlib
from collections.abc import Callable
from typing import Any

from engine import games
from engine.core.protocol import GameEngine, GameState
from engine.core.rng import Rng

Determinise = Callable[[Any, int, Rng], Any]


def support_of(engine: GameEngine[Any, Any]) -> games.AiSupport | None:
    """Return what the registry says the AI needs of this game (None: unregistered or none)."""
    return games.spec(engine.name).ai if engine.name in games.GAMES else None


def iterations_per_s(engine: GameEngine[Any, Any], seats: int | None = None) -> int:
    """Return the search rate a budget in seconds is converted at, for this game.

    `seats`: the game's player count, where the game's spec gives that count a rate of its
    own (`AiSupport.seat_rates`); None, or a count without one: the game's rate.
    """
    support = support_of(engine)
    if support is None:
        return 300
    return support.seat_rates.get(seats or 0, support.iterations_per_s)


def work_of(engine: GameEngine[Any, Any], seats: int | None, iterations: int) -> int | None:
    """Return the engine steps the roll-out search may take for `iterations` (None: no bound).

    The game's `AiSupport.work_per_s` times the seconds those iterations stand for at the
    game's rate: a fixed count, so the same state gives the same move on any machine.
    """
    support = support_of(engine)
    if support is None or not support.work_per_s:
        return None
    return round(iterations * support.work_per_s / iterations_per_s(engine, seats))


def horizon_of(engine: GameEngine[Any, Any], seats: int | None, default: int) -> int:
    """Return how many times a roll-out lets the turn come back to the seat, at `seats` players.

    The game's `AiSupport.seat_horizons` at that count, else its `horizon`; `default` for a
    game without AI support.
    """
    support = support_of(engine)
    if support is None:
        return default
    return support.seat_horizons.get(seats or 0, support.horizon)


def search_kind(engine: GameEngine[Any, Any], seats: int | None = None) -> str:
    """Return the hard player's search for this game at `seats` players ("tree", "rollout")."""
    support = support_of(engine)
    if support is None:
        return "tree"
    return support.seat_search.get(seats or 0, support.search)


def determiniser(engine: GameEngine[Any, Any]) -> Determinise:
    """Return the game's determinise function (state, seat, rng) -> sampled state."""
    support = games.spec(engine.name).ai
    if support is None:
        raise ValueError(f"no determinisation for {engine.name!r}")
    sample = support.determinise

    def determinise(state: Any, seat: int, rng: Rng) -> Any:
        return sample(engine, state, seat, rng)

    return determinise


def search_seed(engine: GameEngine[Any, Any], state: GameState, seat: int, seed: int) -> int:
    """Return the search's seed from what `seat` may see (its own view), never the state."""
    seen = repr(engine.view(state, seat)).encode()
    return int.from_bytes(hashlib.sha256(seen).digest()[:8], "big") ^ seed


def public_sample(engine: GameEngine[Any, Any], state: GameState, seat: int) -> Any:
    """Return one determinised state for `seat`, seeded from what it sees (for planning)."""
    rng = Rng(search_seed(engine, state, seat, 0), state.version, "plan")
    return determiniser(engine)(state, seat, rng)
