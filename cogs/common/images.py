"""Pick the renderer of each game and run it off the event loop (STYLE.md §2.4).

Pillow work takes tens of milliseconds per board (most of it PNG encoding), so it never runs
on the event loop. By default it runs in worker processes (`Renderer(processes=N)`): threads
would still share the interpreter lock with the loop, and a busy render thread delays clicks.
With `processes=0` it falls back to `asyncio.to_thread`.
"""

import asyncio
from typing import Any

from engine.core.protocol import Result
from engine.workers import WorkerPool
from render import trajan, troyes
from render.base import score

TITLES = {"trajan": "Trajan", "troyes": "Troyes"}


def _module(game: str) -> Any:
    return troyes if game == "troyes" else trajan


def draw_board(
    game: str,
    view: Any,
    prompt: str | None,
    names: tuple[str, ...],
    lang: str = "en",
    before: Any = None,
) -> bytes:
    """Draw the public board in the game's language, what changed since `before` marked.

    Runs in a worker. `view` and `before` are public views (`before` may be None).
    """
    png = _module(game).board_png(view, before, prompt=prompt, names=names, lang=lang)
    return bytes(png)


def draw_private(
    game: str, view: Any, names: tuple[str, ...], lang: str = "en", prompt: str | None = None
) -> bytes:
    """Draw a seat's private image from that seat's own view (runs in a worker)."""
    return bytes(_module(game).private_png(view, prompt=prompt, names=names, lang=lang))


def draw_score(game: str, result: Result, names: tuple[str, ...], lang: str = "en") -> bytes:
    """Draw the final score chart (runs in a worker)."""
    title = TITLES.get(game, game.title())
    return bytes(score.score_png(result, title, names, lang=lang))


class Renderer:
    """Runs the drawing functions in worker processes (or threads with `processes=0`)."""

    def __init__(self, processes: int = 1) -> None:
        """Start `processes` render workers (they die with the bot; a dead one is replaced)."""
        self.pool = WorkerPool(processes) if processes > 0 else None
        self.workers = max(processes, 1)
        self.in_flight = 0  # drawings asked for and not finished

    @property
    def behind(self) -> bool:
        """Whether every worker is busy (a new drawing would wait in a queue)."""
        return self.in_flight >= self.workers

    async def _run(self, fn: Any, *args: Any) -> bytes:
        self.in_flight += 1
        try:
            if self.pool is None:
                return bytes(await asyncio.to_thread(fn, *args))
            return bytes(await self.pool.run(fn, *args))
        finally:
            self.in_flight -= 1

    async def board(
        self,
        game: str,
        view: Any,
        prompt: str | None,
        names: tuple[str, ...],
        lang: str = "en",
        before: Any = None,
    ) -> bytes:
        """Draw the public board in the game's language, what changed since `before` marked."""
        return await self._run(draw_board, game, view, prompt, names, lang, before)

    async def private(
        self,
        game: str,
        view: Any,
        names: tuple[str, ...],
        lang: str = "en",
        prompt: str | None = None,
    ) -> bytes:
        """Draw a seat's private image in the game's language."""
        return await self._run(draw_private, game, view, names, lang, prompt)

    async def score(
        self, game: str, result: Result, names: tuple[str, ...], lang: str = "en"
    ) -> bytes:
        """Draw the final score chart in the game's language."""
        return await self._run(draw_score, game, result, names, lang)

    def close(self) -> None:
        """Stop the workers."""
        if self.pool is not None:
            self.pool.close()
