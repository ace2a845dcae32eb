"""A cache of drawn board areas, so the next image pastes what did not change.

Between two moves most areas of a board stay the same; each area is kept (image and text
records) under the record it shows, and reused while that record is unchanged.
"""

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PIL import Image

from render.base.canvas import Box, Canvas, TextRecord, moved
from render.i18n import current

# Rendered areas kept for reuse, keyed by what they show. Between two turns most areas of a
# board do not change, so the next image pastes them instead of drawing them again.
# Memory against speed: a 4-player Trajan board is about 23 MiB of areas (Pillow keeps RGB
# at 4 bytes a pixel), a Troyes board about 15 MiB, so 96 MiB holds the last few boards of
# several games played side by side. Least recently used areas are dropped first.
AREA_CACHE_BYTES = 96 * 1024 * 1024
_area_bytes = [0]
_AREAS_LOCK = threading.Lock()
# Each area: its image, its text records, and where they were drawn (records stay in the
# coordinates of that first canvas and are translated only when a canvas's texts are read).
_AREAS: "OrderedDict[tuple[str, Hashable], tuple[Image.Image, tuple[TextRecord, ...], Box]]" = (
    OrderedDict()
)


def place_area(
    canvas: Canvas,
    name: str,
    box: Box,
    key: Hashable,
    draw: Callable[[Canvas, Box], None],
) -> None:
    """Draw an area into `box` through a cache keyed by (`name`, `key`).

    `draw` must depend only on `key` (the area's record) and draw only inside `box`: on a
    miss it draws straight onto the canvas and the box is kept (image and text records);
    later images showing the same record paste it instead of drawing it again. On a board
    made by `render.base.shapes.board` with `box` among its panels, `draw` must start with the
    area's panel (`shapes.area` or `shapes.panel`, or a plate that covers the box).
    """
    cache_key = (f"{name}:{box.w}x{box.h}", key if current() == "en" else (current(), key))
    with _AREAS_LOCK:  # boards are drawn in worker threads (STYLE.md §2.4)
        found = _AREAS.get(cache_key)
        if found is not None:
            _AREAS.move_to_end(cache_key)
    if found is not None:
        tile, records, origin = found
        canvas.place(tile, records, box.x, box.y, origin=(origin.x, origin.y))
        return
    mark = len(canvas._texts)
    draw(canvas, box)
    if canvas.laid(box):
        raise ValueError(f"area {name} did not start with the panel its box was laid for")
    drawn = tuple(canvas._texts[mark:])
    tile = canvas.image.crop((box.x, box.y, box.right, box.bottom))
    with _AREAS_LOCK:
        if cache_key not in _AREAS:
            _area_bytes[0] += 4 * box.w * box.h
        _AREAS[cache_key] = (tile, drawn, box)
        while _area_bytes[0] > AREA_CACHE_BYTES and len(_AREAS) > 1:
            _, (dropped, _records, _origin) = _AREAS.popitem(last=False)
            _area_bytes[0] -= 4 * dropped.width * dropped.height


def area_cache_bytes() -> int:
    """Return the bytes of image data the area cache holds."""
    with _AREAS_LOCK:
        return _area_bytes[0]


def clear_area_cache() -> None:
    """Forget every cached area (for benchmarks of a cold start)."""
    with _AREAS_LOCK:
        _AREAS.clear()
        _area_bytes[0] = 0


# Static plates: the parts of an area that no move changes (a panel, its title, the map's
# roads and province frames), drawn once per process and pasted under what a state adds.
# They depend only on the layout and the game's fixed data, never on a game's state, so,
# like fonts and sprites, they stay loaded when the area cache is emptied. A handful of
# plates of a few MiB each (one per area that has one, per game).
PLATE_LIMIT = 8
_PLATES_LOCK = threading.Lock()
_PLATES: "OrderedDict[tuple[str, Hashable], tuple[Image.Image, tuple[TextRecord, ...], Box]]" = (
    OrderedDict()
)


def place_plate(
    canvas: Canvas,
    name: str,
    box: Box,
    key: Hashable,
    draw: Callable[[Canvas, Box], None],
) -> None:
    """Draw an area's static plate into `box`, pasted from a cache keyed by (`name`, `key`).

    `draw` must depend only on `key` (fixed data, never a game's state), draw only inside
    `box`, and paint all of it (a plate is pasted whole, hiding what was there).
    """
    cache_key = (f"{name}:{box.w}x{box.h}", key if current() == "en" else (current(), key))
    with _PLATES_LOCK:
        found = _PLATES.get(cache_key)
        if found is not None:
            _PLATES.move_to_end(cache_key)
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
    drawn = tuple(canvas._texts[mark:])
    tile = canvas.image.crop((box.x, box.y, box.right, box.bottom))
    with _PLATES_LOCK:
        _PLATES[cache_key] = (tile, drawn, box)
        while len(_PLATES) > PLATE_LIMIT:
            _PLATES.popitem(last=False)
