"""What really changed: the pieces of a board that differ from the previous image (issue 14).

An area whose record changed is compared pixel by pixel with that area as the previous
image drew it (both come from the area cache, so this costs a difference of two crops),
and every cluster of changed pixels, a marker that moved, a die, a card, a citizen, a
number, is outlined on its own. The whole panel is no longer outlined: between one
player's turns nearly every panel changes, and a frame around each said nothing.

Clusters are found on a grid of `CELL` px: changed cells closer than `REACH` cells are one
piece (the glyphs of one number, a token and the gap it left). An outline then goes round
whole things, never through them (playtest item 61: "0 ciudadanos en reserva" outlined from
"s en reserva", a card's title crossed by a box):

- a cluster is the tight box of its changed pixels, grown to every text, lettered piece and
  die it touches (the whole line or label, not the glyphs that changed) and to every part
  (card, district, site) whose edge it reaches or whose most it covers, until nothing it
  touches sticks out;
- a cluster where nothing is drawn now (a die or token that left: the image shows an empty
  patch, or only what lay under the piece) is not outlined;
- clusters whose outlines would touch are one;
- each is padded by up to `PAD` px, less on a side where the outline would cross a text, a
  piece or a part's frame that it does not enclose.
"""

from collections.abc import Hashable, Iterable, Sequence

from PIL import Image, ImageChops

from render.base.areas import Drawer, area_drawn
from render.base.canvas import Box, TextRecord

CELL = 8
REACH = 2
PAD = 5
# The outline's stroke, outside a piece's box (`render.base.header.MARK_W`).
STROKE = 4
# A change threshold per channel (0-255): anti-aliasing noise never reaches it.
THRESHOLD = 16
# Past this many changed cells, clusters are looked for on a grid four times coarser.
MANY = 1500
# A cluster that reaches this close to a part's edge changed the part's frame: the whole
# part is outlined.
EDGE = 2
_LUT = [0] * THRESHOLD + [255] * (256 - THRESHOLD)


def pieces(
    before: Image.Image,
    after: Image.Image,
    origin: Box,
    drawn: tuple[Sequence[TextRecord], Sequence[TextRecord]] = ((), ()),
    parts: Sequence[Box] = (),
) -> list[Box]:
    """Return boxes around each changed piece, in the coordinates of `origin` (see the module).

    `before` and `after` are the same area's crops (of `origin`'s size) in two images;
    `drawn` are the texts and pieces recorded in each (board pixels), `parts` the boxes of
    the area's parts (cards, districts, sites).
    """
    if before.size != after.size:
        return [origin]
    diff = ImageChops.difference(before, after).convert("L").point(_LUT)
    if diff.getbbox() is None:
        return []
    was, now = drawn
    inks = [r.ink for r in now]
    boxes: list[Box] = []
    for tight in _clusters(diff):
        box = Box(origin.x + tight.x, origin.y + tight.y, tight.w, tight.h)
        if _empty(after, tight, box, inks, [r.ink for r in was]):
            continue
        boxes.append(_grown(box, inks, parts))
    boxes = _joined(boxes, inks, parts)
    out: list[Box] = []
    for index, box in enumerate(boxes):  # each outline keeps clear of the others' outlines
        rings = [ring(b, (0, 0, 0, 0)) for b in [*out, *boxes[index + 1 :]]]
        out.append(padded(box, origin, [*inks, *rings], parts))
    return sorted(out, key=lambda b: (b.y, b.x))


def _clusters(diff: Image.Image) -> list[Box]:
    """Return the tight boxes of the clusters of changed pixels, in the crop's coordinates."""
    cell, reach = CELL, REACH
    cells = _cells(diff, cell)
    if len(cells) > MANY:  # a whole area redrawn: clusters on a coarser grid
        cell, reach = CELL * 4, 1
        cells = _cells(diff, cell)
    out: list[Box] = []
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
        grid = (x0 * cell, y0 * cell, (x1 + 1) * cell, (y1 + 1) * cell)
        found = diff.crop(grid).getbbox()
        if found is not None:
            left, top, right, bottom = found
            out.append(Box(grid[0] + left, grid[1] + top, right - left, bottom - top))
    return out


def _cells(diff: Image.Image, cell: int) -> set[tuple[int, int]]:
    """Return the grid cells of `cell` px holding a changed pixel."""
    small = diff.reduce(cell)
    width = small.width
    return {(i % width, i // width) for i, v in enumerate(small.tobytes()) if v}


def union(first: Box, second: Box) -> Box:
    """Return the smallest box holding both."""
    x0, y0 = min(first.x, second.x), min(first.y, second.y)
    x1, y1 = max(first.right, second.right), max(first.bottom, second.bottom)
    return Box(x0, y0, x1 - x0, y1 - y0)


def _empty(
    after: Image.Image, tight: Box, box: Box, inks: Sequence[Box], was: Sequence[Box]
) -> bool:
    """Return True when nothing is drawn now where a cluster changed (a piece left).

    Either the patch is one flat colour, or no text or piece is there now while one was.
    """
    patch = after.crop((tight.x, tight.y, tight.right, tight.bottom))
    if patch.getcolors(1) is not None:  # one colour
        return True
    return not any(box.intersects(ink) for ink in inks) and any(box.intersects(w) for w in was)


def _crosses(box: Box, part: Box) -> bool:
    """Return True when `box` reaches `part`'s edge or covers most of it.

    Reaching its edge: sticking out of it, or touching its frame; covering most of it: a
    card whose title and text changed is outlined whole.
    """
    if not box.intersects(part) or box.contains(part):
        return False
    return not part.inset(EDGE).contains(box) or 2 * box.w * box.h > part.w * part.h


def _grown(box: Box, inks: Sequence[Box], parts: Sequence[Box]) -> Box:
    """Grow `box` to every text or piece it touches and every part whose edge it reaches."""
    growing = True
    while growing:
        growing = False
        for other in inks:
            if box.intersects(other) and not box.contains(other):
                box, growing = union(box, other), True
        for part in parts:
            if _crosses(box, part):
                box, growing = union(box, part), True
    return box


def _joined(boxes: list[Box], inks: Sequence[Box], parts: Sequence[Box]) -> list[Box]:
    """Join boxes whose outlines would touch even unpadded (grown again), until none do."""
    reach = STROKE
    out = list(boxes)
    joining = True
    while joining:
        joining = False
        for i, first in enumerate(out):
            near = Box(
                first.x - 2 * reach, first.y - 2 * reach, first.w + 4 * reach, first.h + 4 * reach
            )
            for j in range(i + 1, len(out)):
                if near.intersects(out[j]):
                    out[i] = _grown(union(first, out[j]), inks, parts)
                    del out[j]
                    joining = True
                    break
            if joining:
                break
    return out


def padded(box: Box, origin: Box, inks: Sequence[Box], parts: Sequence[Box]) -> Box:
    """Return `box` padded by up to `PAD` a side, its outline crossing nothing it leaves out.

    The outline (`STROKE` px outside the padded box) must not touch a text or piece the
    box does not hold, nor leave a part that holds the box; the box stays in the area.
    """
    held = [p for p in parts if p.contains(box)]
    others = [o for o in [*inks, *parts] if not box.contains(o) and o not in held]
    # What the outline crosses even unpadded is left as it is (nothing better can be done).
    others = [o for o in others if not ring(box, (0, 0, 0, 0)).intersects(o)]
    pads = [0, 0, 0, 0]  # left, top, right, bottom
    for side in range(4):
        for pad in range(PAD, 0, -1):
            trial = list(pads)
            trial[side] = pad
            outline = ring(box, tuple(trial))
            if any(outline.intersects(o) for o in others):
                continue
            if any(not p.inset(-STROKE).contains(outline) for p in held):
                continue
            pads = trial
            break
    left, top, right, bottom = pads
    x0, y0 = max(origin.x, box.x - left), max(origin.y, box.y - top)
    x1, y1 = min(origin.right, box.right + right), min(origin.bottom, box.bottom + bottom)
    return Box(x0, y0, x1 - x0, y1 - y0)


def ring(box: Box, pads: tuple[int, ...] = (0, 0, 0, 0)) -> Box:
    """Return the box an outline takes round `box` padded by `pads` (left, top, right, bottom)."""
    left, top, right, bottom = pads
    return Box(
        box.x - left - STROKE,
        box.y - top - STROKE,
        box.w + left + right + 2 * STROKE,
        box.h + top + bottom + 2 * STROKE,
    )


def area_pieces(
    name: str,
    box: Box,
    old: tuple[Hashable, Drawer],
    new: tuple[Hashable, Drawer],
    size: tuple[int, int],
    parts: Iterable[Box] = (),
) -> list[Box]:
    """Return the changed pieces of one area between two records of it (see the module).

    `old` and `new` are each a record and its drawing function; `size` is the board's size
    (an area missing from the cache is drawn on a blank board of that size); `parts` are
    the boxes of the area's parts in the new record.
    """
    before, was = area_drawn(name, box, *old, size)
    after, now = area_drawn(name, box, *new, size)
    return pieces(before, after, box, (was, now), tuple(parts))
