"""Phone-first images: the decision at hand and the deciding player's own position (issue 14).

Discord shows an image about 400 CSS px wide on a phone, so a 1600 px board's 18-24 px
labels read at 5-6 px. Beside the whole board (still sent, for a tap and a zoom), a board
message carries a few focused images cut from the very same composed board: each is at
most `PHONE_WIDTH` px wide, so its smallest label (18 px) reads at 9 CSS px or more. Each
starts with a banner saying whose turn it is, what they decide, and what the image shows.

A game says which parts of its board each image shows (`Shot`: area boxes, from its scene:
the area of the pending decision, the deciding player's mat). An area wider than an image
is cut into strips stacked one under the other, each cut on a column that crosses no text,
token, die or small part (a province, a card) where one can be found, nearest the widest
strip that fits.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from render.base.canvas import Box, Canvas, TextRecord, moved
from render.base.fonts import Style
from render.base.header import HeaderInfo
from render.base.palette import BACKGROUND, HEADER, HEADER_INK, seat_label
from render.base.shapes import token
from render.i18n import tr

PHONE_WIDTH = 800  # shown at 400 CSS px: 18 px reads as 9
MARGIN = 8
STRIP = PHONE_WIDTH - 2 * MARGIN  # the widest strip of a board pasted into a phone image
BANNER_H = 118
GAP = 10
# A cut is looked for in the right part of a strip: never a strip under a third as wide.
SHORTEST = STRIP // 3
# An empty stretch of a wide area keeps this many px on each side when narrowed.
KEEP = 16


@dataclass(frozen=True, slots=True)
class Shot:
    """One phone image: its name (for the file), its caption and the board boxes it shows."""

    name: str
    caption: str
    boxes: tuple[Box, ...]


def _crossings(box: Box, obstacles: Sequence[Box], widest: int) -> list[int]:
    """Return, for each column x of `box` (0 to w), how many obstacles a cut at x crosses."""
    counts = [0] * (box.w + 1)
    for other in obstacles:
        if other.w > widest or not box.intersects(other):
            continue
        for x in range(max(other.x + 1, box.x), min(other.right, box.right)):
            counts[x - box.x] += 1
    return counts


def strips(box: Box, obstacles: Sequence[Box], widest: int = STRIP) -> list[Box]:
    """Cut `box` into vertical strips at most `widest` px wide, on clean columns if any.

    A cut at column x crosses the obstacles that span it (x strictly inside). From the left,
    each cut is in the rightmost run of columns crossing the fewest obstacles that keeps
    the strip within `widest` (and at least `SHORTEST` wide), in that run's middle.
    """
    if box.w <= widest:
        return [box]
    counts = _crossings(box, obstacles, widest)
    out: list[Box] = []
    start = 0
    while box.w - start > widest:
        span = range(start + widest, start + SHORTEST, -1)
        cut = min(span, key=lambda x: counts[x])
        first = cut  # the middle of the run of equally good columns: a gap's middle
        while first - 1 > start + SHORTEST and counts[first - 1] == counts[cut]:
            first -= 1
        cut = (first + cut) // 2
        out.append(Box(box.x + start, box.y, cut - start, box.h))
        start = cut
    out.append(Box(box.x + start, box.y, box.w - start, box.h))
    return out


def squeezed(box: Box, obstacles: Sequence[Box], widest: int = STRIP) -> list[tuple[int, int]]:
    """Return the column spans of `box` to keep so it is at most `widest` px wide, if it can.

    Wide empty stretches (columns no obstacle spans, such as the right half of a row of
    dice) are narrowed to `KEEP` px on each side, the widest first, until the box fits.
    """
    counts = _crossings(box, obstacles, widest)
    excess = box.w - widest
    runs: list[tuple[int, int]] = []
    start = None
    for x in range(box.w + 1):
        clean = x < box.w and counts[x] == 0
        if clean and start is None:
            start = x
        elif not clean and start is not None:
            if x - start > 2 * KEEP:
                runs.append((start, x))
            start = None
    cuts: list[tuple[int, int]] = []
    for first, last in sorted(runs, key=lambda r: r[0] - r[1]):
        if excess <= 0:
            break
        take = min(last - first - 2 * KEEP, excess)
        cuts.append((first + KEEP, first + KEEP + take))
        excess -= take
    kept: list[tuple[int, int]] = []
    x = 0
    for first, last in sorted(cuts):
        kept.append((box.x + x, box.x + first))
        x = last
    kept.append((box.x + x, box.right))
    return kept


def _spans(box: Box, obstacles: Sequence[Box]) -> list[tuple[int, int]]:
    return squeezed(box, obstacles)


def _mapped(obstacles: Sequence[Box], box: Box) -> list[Box]:
    """Return the obstacles inside `box` in the coordinates of `box` narrowed (`squeezed`)."""
    spans = _spans(box, obstacles)
    out: list[Box] = []
    for other in obstacles:
        x = 0
        for first, last in spans:
            if first <= other.x and other.right <= last and box.contains(other):
                out.append(Box(x + other.x - first, other.y - box.y, other.w, other.h))
                break
            x += last - first
    return out


def _inside(records: Sequence[TextRecord], box: Box) -> list[TextRecord]:
    return [r for r in records if box.contains(r.ink)]


def _narrowed(
    board: Canvas, box: Box, records: Sequence[TextRecord], obstacles: Sequence[Box]
) -> Canvas:
    """Return `box` of `board` as a canvas of its own, its empty stretches narrowed."""
    spans = _spans(box, obstacles)
    width = sum(last - first for first, last in spans)
    out = Canvas(width, box.h, BACKGROUND)
    x = 0
    for first, last in spans:
        part = Box(first, box.y, last - first, box.h)
        out.paste(board.image.crop((first, box.y, last, box.bottom)), x, 0)
        for record in _inside(records, part):
            out.record(moved(record, x - first, -box.y))
        x += last - first
    return out


def phone_canvas(board: Canvas, header: HeaderInfo, shot: Shot, obstacles: Sequence[Box]) -> Canvas:
    """Compose one phone image: a banner, then the shot's boxes cut from `board`, stacked.

    `obstacles` are boxes a cut should not cross besides the board's texts and pieces
    (small parts such as provinces and cards). The board's text records of what is pasted
    whole are kept, so the image is checked (`check_texts`) and measured like a board.
    """
    records = board.texts
    avoid = [r.ink for r in records] + list(obstacles)
    pieces: list[tuple[Canvas, Box]] = []
    for box in shot.boxes:
        part = _narrowed(board, box, records, avoid) if box.w > STRIP else None
        if part is None:
            pieces.append((board, box))
            continue
        local = [r.ink for r in part.texts] + _mapped(obstacles, box)
        pieces += [(part, strip) for strip in strips(part.box, local)]
    width = min(PHONE_WIDTH, max(p.w for _, p in pieces) + 2 * MARGIN)
    height = BANNER_H + GAP + sum(p.h + GAP for _, p in pieces)
    canvas = Canvas(width, height, BACKGROUND)
    banner(canvas, Box(0, 0, width, BANNER_H), header, shot.caption)
    y = BANNER_H + GAP
    for source, piece in pieces:
        crop = source.image.crop((piece.x, piece.y, piece.right, piece.bottom))
        canvas.paste(crop, MARGIN, y)
        for record in _inside(source.texts, piece):
            canvas.record(moved(record, MARGIN - piece.x, y - piece.y))
        y += piece.h + GAP
    return canvas


def banner(canvas: Canvas, box: Box, header: HeaderInfo, caption: str) -> None:
    """Draw a phone image's banner: who is to play, what they decide, what this image shows."""
    canvas.fill(box, HEADER)
    inner = box.inset(12, 8)
    if header.seat is None:
        title = f"{header.title} · {caption}"
        text_box = inner
    else:
        token(canvas, header.seat, (inner.x + 24, inner.y + 24), 48)
        who = tr("common.to_play", who=seat_label(header.seat, header.names))
        title = f"{who} · {caption}"
        text_box = inner.after(60)
    canvas.text(text_box.top(40), title, size=28, style=Style.BOLD, fill=HEADER_INK)
    canvas.text(text_box.below(44), header.decision, size=24, fill=HEADER_INK, valign="top")


def caption(key: str, **args: object) -> str:
    """Return a phone image's caption from the catalogs (data/i18n/phone.render.*.toml)."""
    return tr(f"phone.{key}", **args)
