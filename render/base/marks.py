"""What really changed: the pieces of a board that differ from the previous image (issue 14).

An area whose record changed is compared pixel by pixel with that area as the previous
image drew it (both come from the area cache, so this costs a difference of two crops),
and every cluster of changed pixels, a marker that moved, a die, a card, a citizen, a
number, is outlined on its own. The whole panel is no longer outlined: between one
player's turns nearly every panel changes, and a frame around each said nothing.

Clusters are found on a grid of `CELL` px: changed cells closer than `REACH` cells are one
piece (the glyphs of one number, a token and the gap it left), each padded by `PAD` px.
"""

from collections.abc import Hashable, Iterable

from PIL import Image, ImageChops

from render.base.areas import Drawer, area_pixels
from render.base.canvas import Box

CELL = 8
REACH = 2
PAD = 5
# A change threshold per channel (0-255): anti-aliasing noise never reaches it.
THRESHOLD = 16
# Past this many changed cells, clusters are looked for on a grid four times coarser.
MANY = 1500
_LUT = [0] * THRESHOLD + [255] * (256 - THRESHOLD)


def pieces(before: Image.Image, after: Image.Image, origin: Box) -> list[Box]:
    """Return boxes around each cluster of pixels that differ, in the coordinates of `origin`.

    `before` and `after` are the same area's crops (of `origin`'s size) in two images.
    """
    if before.size != after.size:
        return [origin]
    diff = ImageChops.difference(before, after).convert("L").point(_LUT)
    if diff.getbbox() is None:
        return []
    cell, reach = CELL, REACH
    cells = _cells(diff, cell)
    if len(cells) > MANY:  # a whole area redrawn: clusters on a coarser grid
        cell, reach = CELL * 4, 1
        cells = _cells(diff, cell)
    boxes: list[Box] = []
    while cells:
        stack = [cells.pop()]
        x0 = x1 = stack[0][0]
        y0 = y1 = stack[0][1]
        while stack:
            cx, cy = stack.pop()
            x0, x1, y0, y1 = min(x0, cx), max(x1, cx), min(y0, cy), max(y1, cy)
            for nx in range(cx - reach, cx + reach + 1):
                for ny in range(cy - reach, cy + reach + 1):
                    if (nx, ny) in cells:
                        cells.remove((nx, ny))
                        stack.append((nx, ny))
        boxes.append(_padded(origin, x0 * cell, y0 * cell, (x1 + 1) * cell, (y1 + 1) * cell))
    return _merged(boxes)


def _cells(diff: Image.Image, cell: int) -> set[tuple[int, int]]:
    """Return the grid cells of `cell` px holding a changed pixel."""
    small = diff.reduce(cell)
    width = small.width
    return {(i % width, i // width) for i, v in enumerate(small.tobytes()) if v}


def _padded(origin: Box, x0: int, y0: int, x1: int, y1: int) -> Box:
    """Return a cluster's box, padded and kept inside the area."""
    left, top = max(0, x0 - PAD), max(0, y0 - PAD)
    right, bottom = min(origin.w, x1 + PAD), min(origin.h, y1 + PAD)
    return Box(origin.x + left, origin.y + top, right - left, bottom - top)


def _merged(boxes: Iterable[Box]) -> list[Box]:
    """Merge boxes that overlap, until none do (an outline never crosses another)."""
    out = list(boxes)
    merging = True
    while merging:
        merging = False
        for i, first in enumerate(out):
            for j in range(i + 1, len(out)):
                second = out[j]
                if first.intersects(second):
                    x0, y0 = min(first.x, second.x), min(first.y, second.y)
                    x1, y1 = max(first.right, second.right), max(first.bottom, second.bottom)
                    out[i] = Box(x0, y0, x1 - x0, y1 - y0)
                    del out[j]
                    merging = True
                    break
            if merging:
                break
    return sorted(out, key=lambda b: (b.y, b.x))


def area_pieces(
    name: str,
    box: Box,
    old: tuple[Hashable, Drawer],
    new: tuple[Hashable, Drawer],
    size: tuple[int, int],
) -> list[Box]:
    """Return the changed pieces of one area between two records of it (see the module).

    `old` and `new` are each a record and its drawing function; `size` is the board's size
    (an area missing from the cache is drawn on a blank board of that size).
    """
    before = area_pixels(name, box, *old, size)
    after = area_pixels(name, box, *new, size)
    return pieces(before, after, box)
