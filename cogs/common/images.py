"""Pick the renderer of each game and run it off the event loop (STYLE.md §2.4).

Pillow work takes tens to hundreds of milliseconds, so every call here goes through
`asyncio.to_thread`; the event loop keeps answering clicks meanwhile.
"""

import asyncio
from typing import Any

from engine.core.protocol import Result
from render import score, trajan, troyes

TITLES = {"trajan": "Trajan", "troyes": "Troyes"}


def _board(game: str, view: Any, prompt: str | None, names: tuple[str, ...]) -> bytes:
    module: Any = troyes if game == "troyes" else trajan
    return bytes(module.board_png(view, prompt=prompt, names=names))


def _private(game: str, view: Any, names: tuple[str, ...]) -> bytes:
    module: Any = troyes if game == "troyes" else trajan
    return bytes(module.private_png(view, names=names))


async def board_png(game: str, view: Any, prompt: str | None, names: tuple[str, ...]) -> bytes:
    """Draw the public board from the public view, in a worker thread."""
    return await asyncio.to_thread(_board, game, view, prompt, names)


async def private_png(game: str, view: Any, names: tuple[str, ...]) -> bytes:
    """Draw a seat's private image from that seat's own view, in a worker thread."""
    return await asyncio.to_thread(_private, game, view, names)


async def score_png(game: str, result: Result, names: tuple[str, ...]) -> bytes:
    """Draw the final score chart, in a worker thread."""
    title = TITLES.get(game, game.title())
    return await asyncio.to_thread(score.score_png, result, title, names)
