"""Seeded random games of both engines, for the render tests, samples and goldens."""

from collections.abc import Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from engine.ai.players import RandomPlayer
from engine.trajan.game import TrajanEngine
from engine.troyes.game import TroyesEngine
from render import trajan, troyes


@dataclass(frozen=True)
class Game:
    """One game's engine and renderer."""

    name: str
    engine: Any
    render: ModuleType


GAMES = {
    "trajan": Game("trajan", TrajanEngine(), trajan),
    "troyes": Game("troyes", TroyesEngine(), troyes),
}


def play(game: Game, seats: int, seed: int, options: dict[str, str] | None = None) -> Iterator[Any]:
    """Yield every state of a seeded random game, the first and the final one included."""
    state = game.engine.new_state(options or {}, seats, seed)
    player = RandomPlayer()
    yield state
    while state.pending is not None:
        state = game.engine.apply(state, player.choose(game.engine, state)).state
        yield state


def option_variants(game: Game) -> list[dict[str, str]]:
    """Return the default options, then each offered option (module) switched away alone."""
    variants: list[dict[str, str]] = [{}]
    for spec in game.engine.options():
        variants.extend({spec.name: choice} for choice in spec.choices if choice != spec.default)
    return variants


def state_at(game: Game, seats: int, seed: int, move: int | None) -> Any:
    """Return the state after `move` random moves (None: the final state)."""
    state = None
    for index, state in enumerate(play(game, seats, seed)):
        if move is not None and index == move:
            return state
    return state


def board(game: Game, state: Any, previous: Any = None, note: str = "") -> Any:
    """Compose the public board of `state` (previous state's view for the highlight)."""
    engine = game.engine
    before = None if previous is None else engine.view(previous, None)
    prompt = engine.prompt(state) if state.pending is not None else None
    view = engine.view(state, None)
    return game.render.compose_board(view, before, prompt=prompt, note=note)
