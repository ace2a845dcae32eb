"""A cache of drawn board areas, so the next image pastes what did not change.

Between two moves most areas of a board stay the same; each area is kept (image and text
records) under the record it shows, and reused while that record is unchanged.
"""

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PIL import Image

from render.base.canvas import Box, Canvas, TextRecord, moved
from render.base.palette import BACKGROUND
from render.i18n import current

# Rendered areas kept for reuse, keyed by what they show. Between two turns most areas of a
# board do not change, so the next image pastes them instead of drawing them again.
# Memory against speed: a 4-player Trajan board is about 23 MiB of areas (Pillow keeps RGB
# at 4 bytes a pixel), a Troyes board about 15 MiB, so 96 MiB holds the last few boards of
# several games played side by side. Least recently used areas are dropped first.
AREA_CACHE_BYTES = 96 * 1024 * 1024
# Static plates: the parts of an area that no move changes (a panel, its title, the map's
# roads and province frames), drawn once per process and pasted under what a state adds.
# They depend only on the layout and the game's fixed data, never on a game's state, so,
# like fonts and sprites, they stay loaded when the area cache is emptied. A handful of
# plates of a few MiB each (one per area that has one, per game).
PLATE_LIMIT = 8

# A kept box: its image, its text records, and where they were drawn (records stay in the
# coordinates of that first canvas and are translated only when a canvas's texts are read).
Kept = tuple[Image.Image, tuple[TextRecord, ...], Box]
Key = tuple[str, Hashable]
# Draws an area (or plate) into its box.
Drawer = Callable[[Canvas, Box], None]


class _Shelf:
    """Kept boxes by key; the least recently used go first once they cost over a budget.

    `budget` is read at every insertion (so a module constant a test lowers takes effect);
    the last box kept is never dropped. Boards are drawn in worker threads (STYLE.md §2.4),
    hence the lock.
    """

    def __init__(self, cost: Callable[[Image.Image], int], budget: Callable[[], int]) -> None:
        self._cost = cost
        self._budget = budget
        self._items: OrderedDict[Key, Kept] = OrderedDict()
        self._total = 0
        self._lock = threading.Lock()

    def get(self, key: Key) -> Kept | None:
        """Return the box kept under `key` (now the most recently used), if any."""
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: Key, kept: Kept) -> None:
        """Keep a box under `key`, dropping the least recently used ones past the budget."""
        with self._lock:
            if key not in self._items:
                self._total += self._cost(kept[0])
            self._items[key] = kept
            while self._total > self._budget() and len(self._items) > 1:
                _, (dropped, _records, _origin) = self._items.popitem(last=False)
                self._total -= self._cost(dropped)

    def total(self) -> int:
        """Return what the kept boxes cost."""
        with self._lock:
            return self._total

    def clear(self) -> None:
        """Forget every kept box."""
        with self._lock:
            self._items.clear()
            self._total = 0


def _pixels(image: Image.Image) -> int:
    return 4 * image.width * image.height


def _one(_image: Image.Image) -> int:
    return 1


_AREAS = _Shelf(_pixels, lambda: AREA_CACHE_BYTES)
_PLATES = _Shelf(_one, lambda: PLATE_LIMIT)


def _key(name: str, box: Box, key: Hashable) -> Key:
    """Return the cache key of an area or plate: its name and size, its record, the language."""
    return (f"{name}:{box.w}x{box.h}", key if current() == "en" else (current(), key))


def _kept(canvas: Canvas, box: Box, mark: int) -> Kept:
    """Return what was drawn in `box` since the canvas had `mark` text records."""
    drawn = tuple(canvas._texts[mark:])
    return canvas.image.crop((box.x, box.y, box.right, box.bottom)), drawn, box


def place_area(canvas: Canvas, name: str, box: Box, key: Hashable, draw: Drawer) -> None:
    """Draw an area into `box` through a cache keyed by (`name`, `key`).

    `draw` must depend only on `key` (the area's record) and draw only inside `box`: on a
    miss it draws straight onto the canvas and the box is kept (image and text records);
    later images showing the same record paste it instead of drawing it again. On a board
    made by `render.base.shapes.board` with `box` among its panels, `draw` must start with the
    area's panel (`shapes.area` or `shapes.panel`, or a plate that covers the box).
    """
    cache_key = _key(name, box, key)
    found = _AREAS.get(cache_key)
    if found is not None:
        tile, records, origin = found
        canvas.place(tile, records, box.x, box.y, origin=(origin.x, origin.y))
        return
    mark = len(canvas._texts)
    draw(canvas, box)
    if canvas.laid(box):
        raise ValueError(f"area {name} did not start with the panel its box was laid for")
    _AREAS.put(cache_key, _kept(canvas, box, mark))


def area_cache_bytes() -> int:
    """Return the bytes of image data the area cache holds."""
    return _AREAS.total()


def clear_area_cache() -> None:
    """Forget every cached area (for benchmarks of a cold start)."""
    _AREAS.clear()


def place_plate(canvas: Canvas, name: str, box: Box, key: Hashable, draw: Drawer) -> None:
    """Draw an area's static plate into `box`, pasted from a cache keyed by (`name`, `key`).

    `draw` must depend only on `key` (fixed data, never a game's state), draw only inside
    `box`, and paint all of it (a plate is pasted whole, hiding what was there).
    """
    cache_key = _key(name, box, key)
    found = _PLATES.get(cache_key)
    if found is not None:
        tile, records, origin = found
        canvas.paste(tile, box.x, box.y)
        # Recorded as drawn here (not as a pasted area), so that an area drawn over the
        # plate and kept in the area cache keeps the plate's texts among its own.
        for record in records:
            canvas.record(moved(record, box.x - origin.x, box.y - origin.y))
        return
    mark = len(canvas._texts)
    draw(canvas, box)
    _PLATES.put(cache_key, _kept(canvas, box, mark))


def area_pixels(
    name: str, box: Box, key: Hashable, draw: Drawer, size: tuple[int, int]
) -> Image.Image:
    """Return an area's pixels as drawn for record `key`: from the cache, else drawn now.

    An area missing from the cache is drawn on a blank board of `size` (the pixels of an
    area are those of its panel on the board's background) and kept, like any other.
    """
    return area_drawn(name, box, key, draw, size)[0]


def area_drawn(
    name: str, box: Box, key: Hashable, draw: Drawer, size: tuple[int, int]
) -> tuple[Image.Image, tuple[TextRecord, ...]]:
    """Return an area's pixels and its text records (in board pixels) as drawn for `key`.

    As `area_pixels`: from the cache, else drawn on a blank board of `size` and kept.
    """
    found = _AREAS.get(_key(name, box, key))
    if found is None:
        scratch = Canvas(size[0], size[1], BACKGROUND)
        place_area(scratch, name, box, key, draw)
        found = _AREAS.get(_key(name, box, key))
        if found is None:  # the budget dropped it at once: read it off the scratch board
            crop = scratch.image.crop((box.x, box.y, box.right, box.bottom))
            return crop, tuple(r for r in scratch.texts if box.contains(r.ink))
    tile, records, origin = found
    dx, dy = box.x - origin.x, box.y - origin.y
    return tile, tuple(moved(r, dx, dy) for r in records)
