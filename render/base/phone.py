"""Phone-first images: the decision at hand and the deciding player's own position (issue 14).

Discord shows an image about 400 CSS px wide on a phone, so a 1600 px board's 18-24 px
labels read at 5-6 px. Beside the whole board (still sent, for a tap and a zoom), a board
message carries a few focused images cut from the very same composed board: each is at
most `PHONE_WIDTH` px wide, so its smallest label (18 px) reads at 9 CSS px or more. Each
starts with a banner saying whose turn it is, what they decide, and what the image shows.

A game says which parts of its board each image shows (`Shot`): the area of the pending
decision, the deciding player's mat, each a box or a `Panel`. No panel is split across
another's rows: an image lays its panels out whole, side by side while they fit and one
under the other otherwise. A panel wider than an image keeps its frame and title and is
laid out anew inside it: its rows (`Panel.cuts`) narrowed alike where they are empty, and
its cells (cards, sites, events: `Panel.cells`) flowed in reading order into as many
columns as fit. Only what is still too wide after that (a row of one piece, a track) is cut
into strips, each cut on a column that crosses no text, token, die or small part where one
can be found.
"""

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

from render.base.canvas import Box, Canvas, TextRecord, moved
from render.base.fonts import Style
from render.base.header import MARK_W, HeaderInfo, mark
from render.base.marks import PAD, padded, ring, union
from render.base.palette import BACKGROUND, HEADER, HEADER_INK, seat_label
from render.base.shapes import panel, token
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


# A panel's frame, left alone when its inside is laid out anew.
EDGE = 4
# A piece cut to under this many px (unless it is that small) is not outlined again.
SLIVER = 16
# A word's reach over what follows it, when a row is cut into lines (`_headed`).
GLUE = 16
# What a cell keeps around it when flowed: the outline of a change (`header.mark`).
HALO = 4


@dataclass(frozen=True, slots=True)
class Panel:
    """A panel of the board that a phone image shows whole, laid out anew if too wide.

    Attributes:
        box: the panel on the board.
        cuts: board y of the cuts between its rows, top to bottom (the first under its
            title); each row is narrowed on its own, all to one width.
        cells: the boxes of its cells in reading order (cards, sites, events), which sit
            under its rows: flowed into as many columns as fit, each cell whole.
        head: board x where each row's name ends (the city square's districts): a row
            still too wide once narrowed goes on in lines under it, each with that name
            at its left, so no line of pieces is without its name (playtest item 61).
    """

    box: Box
    cuts: tuple[int, ...] = ()
    cells: tuple[Box, ...] = field(default=())
    head: int = 0


@dataclass(frozen=True, slots=True)
class Shot:
    """One phone image: its name (for the file), its caption and the board parts it shows."""

    name: str
    caption: str
    boxes: tuple[Box | Panel, ...]


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


def _mapped(obstacles: Sequence[Box], box: Box) -> list[Box]:
    """Return the obstacles inside `box` in the coordinates of `box` narrowed (`squeezed`)."""
    spans = squeezed(box, obstacles)
    out: list[Box] = []
    for other in obstacles:
        x = 0
        for first, last in spans:
            if first <= other.x and other.right <= last and box.contains(other):
                out.append(Box(x + other.x - first, other.y - box.y, other.w, other.h))
                break
            x += last - first
    return out


def _clipped(box: Box, within: Box) -> Box | None:
    """Return the part of `box` inside `within`, if any."""
    x, y = max(box.x, within.x), max(box.y, within.y)
    right, bottom = min(box.right, within.right), min(box.bottom, within.bottom)
    return Box(x, y, right - x, bottom - y) if right > x and bottom > y else None


def crop(board: Canvas, region: Box) -> Canvas:
    """Return `region` of `board` with its change outlines drawn again, clipped to it.

    A phone image lays the board's pieces out anew, so an outline that went round several
    of them (or across a narrowed stretch) is taken off and each piece of it inside the
    region is outlined on its own.
    """
    out = Canvas(region.w, region.h, BACKGROUND)
    out.paste(board.image.crop((region.x, region.y, region.right, region.bottom)), 0, 0)
    near = [(box, outer, under) for box, outer, under in board.marks if outer.intersects(region)]
    if not near:
        return out
    for _box, outer, under in reversed(near):
        out.image.paste(under, (outer.x - region.x, outer.y - region.y))
    room = region.inset(MARK_W)
    for box, _outer, _under in near:
        piece = _clipped(box, room)
        # A sliver of a piece that lies mostly elsewhere (an outline's edge) is not one.
        if piece is not None and piece.h >= min(box.h, SLIVER) and piece.w >= min(box.w, SLIVER):
            outlined(out, Box(piece.x - region.x, piece.y - region.y, piece.w, piece.h))
    return out


def outlined(canvas: Canvas, box: Box) -> None:
    """Outline a changed piece on `canvas` and keep it among its marks (with what it covers)."""
    outer = Box(box.x - MARK_W, box.y - MARK_W, box.w + 2 * MARK_W, box.h + 2 * MARK_W)
    under = canvas.image.crop((outer.x, outer.y, outer.right, outer.bottom))
    canvas.marks.append((box, outer, under))
    mark(canvas, box, MARK_W)


def settle(canvas: Canvas) -> None:
    """Draw a phone image's change outlines again so that none crosses a text or piece.

    Laying pieces out anew (rows narrowed, cut at a band's edge, cells flowed) can bring a
    label beside an outline that had room on the board, or clip an outline through a die:
    each outline is taken off, its box shrunk to what it holds (never cutting a text or
    piece in it), grown to what it cut, and padded again (`render.base.marks`).
    """
    if not canvas.marks:
        return
    for _box, outer, under in reversed(canvas.marks):
        canvas.image.paste(under, (outer.x, outer.y))
    marks, canvas.marks = canvas.marks, []
    inks = [r.ink for r in canvas.texts]
    room = canvas.box.inset(MARK_W)
    boxes = [box for box, _outer, _under in marks]
    # A piece of an outline that holds nothing now (a narrowed row's empty end) goes.
    boxes = [b for b in boxes if any(b.intersects(i) for i in inks) or not _flat(canvas, b)]
    for index, box in enumerate(boxes):
        # Clear of the outlines drawn again already, and of the others where they stand.
        rings = [ring(b) for b in [*(m[0] for m in canvas.marks), *boxes[index + 1 :]]]
        outlined(canvas, _resettled(box, room, inks, rings))


def _flat(canvas: Canvas, box: Box) -> bool:
    """Return True when `box` of `canvas` is one colour."""
    patch = canvas.image.crop((box.x, box.y, box.right, box.bottom))
    return patch.getcolors(1) is not None


def _resettled(box: Box, room: Box, inks: Sequence[Box], rings: Sequence[Box]) -> Box:
    """Return where an outline goes round `box` in a phone image (see `settle`)."""
    outer = ring(box)
    crossed = [i for i in [*inks, *rings] if outer.intersects(i) and not box.contains(i)]
    if not crossed and room.contains(box):
        return box
    cut = [i for i in inks if box.intersects(i) and not box.contains(i) and room.contains(i)]
    grown = box
    for ink in cut:
        grown = union(grown, ink)
    held = [i for i in inks if grown.contains(i)]
    x0 = min([grown.x + PAD, *(i.x for i in held)])
    y0 = min([grown.y + PAD, *(i.y for i in held)])
    x1 = max([grown.right - PAD, *(i.right for i in held)])
    y1 = max([grown.bottom - PAD, *(i.bottom for i in held)])
    core = Box(x0, y0, max(1, x1 - x0), max(1, y1 - y0))
    return padded(core, room, [*inks, *rings], ())


def _carried(canvas: Canvas, source: Canvas, dx: int, dy: int) -> None:
    """Keep `source`'s marks among `canvas`'s, pasted (dx, dy) px away."""
    for box, outer, under in source.marks:
        canvas.marks.append(
            (
                Box(box.x + dx, box.y + dy, box.w, box.h),
                Box(outer.x + dx, outer.y + dy, outer.w, outer.h),
                under,
            )
        )


def _inside(records: Sequence[TextRecord], box: Box) -> list[TextRecord]:
    return [r for r in records if box.contains(r.ink)]


def least_width(box: Box, obstacles: Sequence[Box]) -> int:
    """Return how narrow `squeezed` can make `box`: its empty stretches kept `KEEP` a side."""
    counts = _crossings(box, obstacles, STRIP)
    width = box.w
    run = 0
    for x in range(box.w + 1):
        if x < box.w and counts[x] == 0:
            run += 1
            continue
        if run > 2 * KEEP:
            width -= run - 2 * KEEP
        run = 0
    return width


def _narrowed(
    board: Canvas,
    box: Box,
    records: Sequence[TextRecord],
    obstacles: Sequence[Box],
    widest: int = STRIP,
) -> Canvas:
    """Return `box` of `board` as a canvas of its own, its empty stretches narrowed."""
    spans = squeezed(box, obstacles, widest) if box.w > widest else [(box.x, box.right)]
    width = sum(last - first for first, last in spans)
    out = Canvas(width, box.h, BACKGROUND)
    x = 0
    for first, last in spans:
        part = Box(first, box.y, last - first, box.h)
        piece = crop(board, part)
        out.paste(piece.image, x, 0)
        _carried(out, piece, x, 0)
        for record in _inside(records, part):
            out.record(moved(record, x - first, -box.y))
        x += last - first
    return out


def _put(canvas: Canvas, source: Canvas, piece: Box, x: int, y: int) -> None:
    """Paste `piece` of `source` at (x, y) of `canvas`, with the records wholly inside it."""
    cropped = crop(source, piece)
    canvas.paste(cropped.image, x, y)
    _carried(canvas, cropped, x, y)
    for record in _inside(source.texts, piece):
        canvas.record(moved(record, x - piece.x, y - piece.y))


def _cut(part: Canvas, obstacles: Sequence[Box]) -> list[Box]:
    """Return the strips of a narrowed part still wider than an image (else the whole part)."""
    local = [r.ink for r in part.texts] + list(obstacles)
    return strips(part.box, local)


def _whole(board: Canvas, box: Box, avoid: Sequence[Box], obstacles: Sequence[Box]) -> Canvas:
    """Return a box of the board as one block: narrowed if too wide, its strips stacked."""
    part = _narrowed(board, box, board.texts, avoid)
    pieces = _cut(part, _mapped(obstacles, box)) if part.box.w > STRIP else [part.box]
    if len(pieces) == 1:
        return part
    height = sum(p.h for p in pieces) + GAP * (len(pieces) - 1)
    out = Canvas(max(p.w for p in pieces), height, BACKGROUND)
    y = 0
    for piece in pieces:
        _put(out, part, piece, 0, y)
        y += piece.h + GAP
    return out


def _narrowed_x(box: Box, obstacles: Sequence[Box], widest: int, x: int) -> int:
    """Return where board column `x` of `box` lands once `box` is narrowed (`_narrowed`)."""
    spans = squeezed(box, obstacles, widest) if box.w > widest else [(box.x, box.right)]
    out = 0
    for first, last in spans:
        if x < last:
            return out + max(0, x - first)
        out += last - first
    return out


def _headed(part: Canvas, head: int, widest: int) -> list[Canvas]:
    """Return a row too wide for an image as lines, each led by the row's first `head` px.

    The first line is the row's start (its name and first pieces); each further line is
    the name again, then the next stretch of pieces, cut where it crosses none.
    """
    # A word stays with what follows it (a colour's word and its dice): no cut just after it.
    local = [
        Box(r.ink.x, r.ink.y, r.ink.w + (GLUE if r.kind == "text" else 0), r.ink.h)
        for r in part.texts
    ]
    first = strips(part.box, local, widest)[0]
    lines = [_piece_of(part, first)]
    rest = Box(first.right, 0, part.box.w - first.right, part.box.h)
    name = Box(0, 0, head, part.box.h)
    for strip in strips(rest, local, widest - head):
        if not any(strip.contains(r.ink) for r in part.texts):
            continue  # the row's empty end
        line = Canvas(head + strip.w, part.box.h, BACKGROUND)
        _put(line, part, name, 0, 0)
        _put(line, part, strip, head, 0)
        lines.append(line)
    return lines


def _piece_of(source: Canvas, piece: Box) -> Canvas:
    """Return `piece` of `source` as a canvas of its own (pixels, texts and outlines)."""
    out = Canvas(piece.w, piece.h, BACKGROUND)
    _put(out, source, piece, 0, 0)
    return out


def _flow(sizes: Sequence[tuple[int, int]], width: int) -> tuple[list[tuple[int, int]], int, int]:
    """Place boxes of `sizes` in reading order in lines at most `width` wide.

    Return each one's (x, y) and the width and height they take.
    """
    places: list[tuple[int, int]] = []
    x = y = line = used = 0
    for w, h in sizes:
        if x and x + w > width:
            x, y, line = 0, y + line, 0
        places.append((x, y))
        x += w
        line = max(line, h)
        used = max(used, x)
    return places, used, y + line


def _flowed(board: Canvas, shown: Panel, avoid: Sequence[Box]) -> Canvas:
    """Return a panel too wide for an image laid out anew inside a frame of its own.

    Its rows (above its cells) are narrowed alike; its cells flow into as many columns as
    fit in reading order; a row still too wide is cut into strips stacked in the panel.
    """
    box = shown.box
    inside = Box(box.x + EDGE, box.y + EDGE, box.w - 2 * EDGE, box.h - 2 * EDGE)
    top = min((c.y for c in shown.cells), default=inside.bottom) - HALO
    edges = [inside.y, *(y for y in shown.cuts if inside.y < y < top), top]
    bands = [Box(inside.x, a, inside.w, b - a) for a, b in itertools.pairwise(edges) if b > a]
    inner = STRIP - 2 * EDGE
    cells = [Box(c.x - HALO, c.y - HALO, c.w + 2 * HALO, c.h + 2 * HALO) for c in shown.cells]
    pad = (min((c.x for c in shown.cells), default=inside.x) - HALO) - inside.x
    pad = max(0, min(pad, (inner - max((c.w for c in cells), default=0)) // 2))
    places, flow_w, flow_h = _flow([(c.w, c.h) for c in cells], inner - 2 * pad)
    target = max([flow_w + 2 * pad, 2 * SHORTEST, *(least_width(band, avoid) for band in bands)])
    target = min(target, inner)
    rows: list[tuple[Canvas, Box]] = []
    for band in bands:
        part = _narrowed(board, band, board.texts, avoid, target)
        if part.box.w <= inner:
            rows.append((part, part.box))
        elif band.x < shown.head < band.right:
            head = _narrowed_x(band, avoid, target, shown.head)
            rows += [(line, line.box) for line in _headed(part, head, inner)]
        else:
            rows += [(part, strip) for strip in _cut(part, [])]
    width = max([flow_w + 2 * pad, *(piece.w for _, piece in rows)]) + 2 * EDGE
    below = min(box.bottom - max((c.bottom for c in shown.cells), default=box.bottom), 2 * GAP)
    height = 2 * EDGE + sum(p.h for _, p in rows) + flow_h + max(0, below - EDGE)
    out = Canvas(width, height, BACKGROUND)
    panel(out, out.box)
    y = EDGE
    for source, piece in rows:
        _put(out, source, piece, EDGE, y)
        y += piece.h
    for cell, (cx, cy) in zip(cells, places, strict=True):
        _put(out, board, cell, EDGE + pad + cx, y + cy)
    return out


def phone_canvas(board: Canvas, header: HeaderInfo, shot: Shot, obstacles: Sequence[Box]) -> Canvas:
    """Compose one phone image: a banner, then the shot's panels from `board`, each whole.

    Panels go side by side while they fit in the image's width, else one under the other.
    `obstacles` are boxes a cut should not cross besides the board's texts and pieces
    (small parts such as provinces and cards). The board's text records of what is pasted
    whole are kept, so the image is checked (`check_texts`) and measured like a board.
    """
    avoid = [r.ink for r in board.texts] + list(obstacles)
    blocks: list[Canvas] = []
    for item in shot.boxes:
        shown = item if isinstance(item, Panel) else Panel(item)
        if shown.box.w > STRIP and (shown.cuts or shown.cells):
            blocks.append(_flowed(board, shown, avoid))
        else:
            blocks.append(_whole(board, shown.box, avoid, obstacles))
    lines: list[list[Canvas]] = []
    for block in blocks:
        line = lines[-1] if lines else []
        if line and sum(b.box.w + GAP for b in line) + block.box.w <= STRIP:
            line.append(block)
        else:
            lines.append([block])
    width = min(
        PHONE_WIDTH, max(sum(b.box.w + GAP for b in line) - GAP for line in lines) + 2 * MARGIN
    )
    height = BANNER_H + GAP + sum(max(b.box.h for b in line) + GAP for line in lines)
    canvas = Canvas(width, height, BACKGROUND)
    banner(canvas, Box(0, 0, width, BANNER_H), header, shot.caption)
    y = BANNER_H + GAP
    for line in lines:
        x = MARGIN
        for block in line:
            _put(canvas, block, block.box, x, y)
            x += block.box.w + GAP
        y += max(b.box.h for b in line) + GAP
    settle(canvas)
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
