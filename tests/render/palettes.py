"""Make each game's board palette (data/<game>/palette.txt) from seeded games' boards.

Run on purpose after a visual change, like the samples:
`.venv/bin/python -m tests.render.palettes`. The boards are those of seeded random games
at 2, 3 and 4 players (Troyes also with every Ladies module), a few states spread over
each game, drawn with what changed highlighted.
"""

from collections.abc import Iterator

from PIL import Image

from engine.troyes.game import EVERY_MODULE
from render.base.palettes import build_palette, write_palette
from tests.render.games import GAMES, board, play

SEED = 404
STATES_PER_GAME = 8
LADIES = EVERY_MODULE


def setups(name: str) -> list[tuple[int, dict[str, str]]]:
    """Return the (players, options) of the games a palette is made from."""
    games: list[tuple[int, dict[str, str]]] = [(seats, {}) for seats in (2, 3, 4)]
    if name == "troyes":
        games += [(seats, LADIES) for seats in (2, 4)]
    return games


def boards(name: str) -> Iterator[Image.Image]:
    """Yield the boards of a game's palette: spread states of each set-up, highlighted."""
    game = GAMES[name]
    for index, (seats, options) in enumerate(setups(name)):
        states = list(play(game, seats, SEED + index, options))
        stride = max(1, len(states) // STATES_PER_GAME)
        for at in range(1, len(states), stride):
            yield board(game, states[at], states[at - 1]).image


def main() -> None:
    """Rewrite every game's palette file."""
    for name in sorted(GAMES):
        colours = build_palette(boards(name))
        note = (
            f"{name.capitalize()} board palette: flat colours first, then anti-aliasing.\n"
            "Made by `.venv/bin/python -m tests.render.palettes`; do not edit by hand."
        )
        write_palette(name, colours, note)
        print(f"{name}: {len(colours)} colours")  # noqa: T201 - a script's report


if __name__ == "__main__":
    main()
