"""Seeded random games of both engines, for the render tests, samples and goldens."""

from collections.abc import Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from engine.ai.players import RandomPlayer
from engine.trajan.game import TrajanEngine
from engine.troyes.game import TroyesEngine
from render import trajan, troyes
from render.base.canvas import check_texts


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


def board(game: Game, state: Any, previous: Any = None, note: str = "", lang: str = "en") -> Any:
    """Compose the public board of `state` (previous state's view for the highlight).

    A finished game's board shows its final scores (the engine's result), as the bot sends it.
    """
    engine = game.engine
    before = None if previous is None else engine.view(previous, None)
    prompt = engine.prompt(state, lang) if state.pending is not None else None
    view = engine.view(state, None)
    result = engine.result(state) if state.pending is None else None
    return game.render.compose_board(
        view, before, prompt=prompt, note=note, lang=lang, result=result
    )


def check_boards(
    name: str,
    seats: int,
    seed: int,
    stride: int,
    options: dict[str, str] | None = None,
    lang: str = "en",
) -> int:
    """Check every `stride`-th board of a seeded game (and its last) in `lang`; count them.

    Each board is 1600 pixels wide and every text fits its box (`check_texts`).
    """
    game = GAMES[name]
    previous = None
    checked = 0
    for index, state in enumerate(play(game, seats, seed, options)):
        if index % stride == 0 or state.pending is None:
            canvas = board(game, state, previous, lang=lang)
            assert canvas.image.width == 1600
            assert check_texts(canvas) == [], (name, seats, seed, index, lang)
            checked += 1
        previous = state
    return checked
