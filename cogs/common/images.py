"""Run each game's renderer (its spec in engine/games.py names it) off the event loop.

STYLE.md §2.4. Pillow work takes tens of milliseconds per board (most of it PNG encoding),
so it never runs on the event loop. By default it runs in worker processes
(`Renderer(processes=N)`): threads would still share the interpreter lock with the loop, and
a busy render thread delays clicks. With `processes=0` it falls back to `asyncio.to_thread`.
"""

import asyncio
import importlib
from collections.abc import Sequence
from typing import Any

from engine import games
from engine.core.protocol import Result
from engine.workers import WorkerPool
from render.base import score
from render.base.animation import animation_png


def _module(renderer: str) -> Any:
    """Return a renderer module by its dotted path (a game's `GameSpec.renderer`)."""
    return importlib.import_module(renderer)


def _board(
    renderer: str,
    view: Any,
    prompt: str | None,
    names: tuple[str, ...],
    lang: str,
    before: Any,
) -> bytes:
    png = _module(renderer).board_png(view, before, prompt=prompt, names=names, lang=lang)
    return bytes(png)


def _gallery(  # noqa: PLR0913, PLR0917 - the board's arguments, sent to a worker as they are
    renderer: str,
    view: Any,
    prompt: str | None,
    names: tuple[str, ...],
    lang: str,
    before: Any,
    result: Result | None,
    legend: str,
) -> tuple[tuple[str, bytes], ...]:
    module = _module(renderer)
    if not hasattr(module, "gallery"):  # a game without phone images: the board alone
        return (("board", _board(renderer, view, prompt, names, lang, before)),)
    pictures = module.gallery(
        view, before, prompt=prompt, names=names, lang=lang, result=result, legend=legend
    )
    return tuple((str(name), bytes(png)) for name, png in pictures)


def _private(
    renderer: str, view: Any, names: tuple[str, ...], lang: str, prompt: str | None
) -> bytes:
    return bytes(_module(renderer).private_png(view, prompt=prompt, names=names, lang=lang))


def _animation(
    renderer: str,
    frames: Sequence[tuple[Any, Any, str | None]],
    names: tuple[str, ...],
    lang: str,
) -> bytes:
    """Draw every frame's board (what changed since the frame before marked), then the APNG.

    Each frame's decision is the engine's sentence in the game's language (rewind.Summary),
    never a raw decision kind (seventh playtest item 1).
    """
    board_png = _module(renderer).board_png
    pngs = [bytes(board_png(v, b, prompt=p, names=names, lang=lang)) for v, b, p in frames]
    return animation_png(pngs)


def _score(title: str, result: Result, names: tuple[str, ...], lang: str) -> bytes:
    return bytes(score.score_png(result, title, names, lang=lang))


def score_title(game: str, lang: str) -> str:
    """Return the game's name in the game's language ("Trajano" in Spanish: playtest item 9)."""
    return games.title(game, lang)


def draw_board(
    game: str,
    view: Any,
    prompt: str | None,
    names: tuple[str, ...],
    lang: str = "en",
    before: Any = None,
) -> bytes:
    """Draw the public board in the game's language, what changed since `before` marked.

    `view` and `before` are public views (`before` may be None).
    """
    return _board(games.spec(game).renderer, view, prompt, names, lang, before)


def draw_private(
    game: str, view: Any, names: tuple[str, ...], lang: str = "en", prompt: str | None = None
) -> bytes:
    """Draw a seat's private image from that seat's own view."""
    return _private(games.spec(game).renderer, view, names, lang, prompt)


def draw_score(game: str, result: Result, names: tuple[str, ...], lang: str = "en") -> bytes:
    """Draw the final score chart."""
    return _score(score_title(game, lang), result, names, lang)


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
        return bytes(await self._call(fn, *args))

    async def _call(self, fn: Any, *args: Any) -> Any:
        self.in_flight += 1
        try:
            if self.pool is None:
                return await asyncio.to_thread(fn, *args)
            return await self.pool.run(fn, *args)
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
        renderer = games.spec(game).renderer  # looked up here: a worker knows only its modules
        return await self._run(_board, renderer, view, prompt, names, lang, before)

    async def gallery(  # noqa: PLR0913 - the board's arguments
        self,
        game: str,
        view: Any,
        prompt: str | None,
        names: tuple[str, ...],
        lang: str = "en",
        before: Any = None,
        *,
        result: Result | None = None,
        legend: str = "",
    ) -> tuple[tuple[str, bytes], ...]:
        """Draw the phone images, then the whole board ("board"), as (name, PNG) pairs.

        See `render.base.board.Board.gallery`: the decision's area and the deciding
        player's mat (a finished game's final scores, with `result`), each at most 800 px
        wide, then the whole board.
        """
        renderer = games.spec(game).renderer
        found = await self._call(
            _gallery, renderer, view, prompt, names, lang, before, result, legend
        )
        return tuple((str(name), bytes(png)) for name, png in found)

    async def private(
        self,
        game: str,
        view: Any,
        names: tuple[str, ...],
        lang: str = "en",
        prompt: str | None = None,
    ) -> bytes:
        """Draw a seat's private image in the game's language."""
        renderer = games.spec(game).renderer
        return await self._run(_private, renderer, view, names, lang, prompt)

    async def score(
        self, game: str, result: Result, names: tuple[str, ...], lang: str = "en"
    ) -> bytes:
        """Draw the final score chart in the game's language."""
        return await self._run(_score, score_title(game, lang), result, names, lang)

    async def animation(
        self,
        game: str,
        frames: Sequence[tuple[Any, Any, str | None]],
        names: tuple[str, ...],
        lang: str = "en",
    ) -> bytes:
        """Draw an animated replay (APNG, at most 8 MiB) of (view, before, prompt) frames."""
        renderer = games.spec(game).renderer
        return await self._run(_animation, renderer, tuple(frames), names, lang)

    def close(self) -> None:
        """Stop the workers."""
        if self.pool is not None:
            self.pool.close()
