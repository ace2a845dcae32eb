"""A tiny cache of the last few scenes built from views, for the board pipeline.

The previous view of one image is usually the current view of the one before, so its scene
need not be read again. Views are keyed by identity (the same object), with the prompt, the
names and the drawing language; renders run in worker threads, hence the lock.
"""

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from render.i18n import current

V = TypeVar("V")
S = TypeVar("S")
Names = tuple[str, ...] | None


class RecentScenes(Generic[V, S]):
    """Remember the last `size` scenes built from views."""

    def __init__(self, build: Callable[[V, str | None, Names], S], size: int = 4) -> None:
        self._build = build
        self._size = size
        self._lock = threading.Lock()
        self._items: list[tuple[V, str | None, Names, str, S]] = []

    def get(self, view: V, prompt: str | None, names: Names) -> S:
        """Return the scene of `view`, built once for the current language."""
        lang = current()
        with self._lock:
            for seen, seen_prompt, seen_names, seen_lang, scene in self._items:
                if seen is view and (seen_prompt, seen_names, seen_lang) == (prompt, names, lang):
                    return scene
        scene = self._build(view, prompt, names)
        with self._lock:
            self._items.append((view, prompt, names, lang, scene))
            del self._items[: -self._size]
        return scene
