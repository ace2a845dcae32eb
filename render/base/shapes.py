"""Pieces drawn in code: seat tokens, dice with pips, cubes, cards, tiles and lane tracks.

Small round pieces are drawn once at four times their size, scaled down (so their edges are
smooth) and cached as RGBA sprites; placing one is then a single paste. A seat token always
shows its letter and shape as well as its colour. Letters on tokens are recorded on the
canvas like any text, so the overlap check also catches tokens drawn on top of each other.
"""

import itertools
import math
from collections.abc import Sequence
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from render.base.canvas import Box, Canvas, Look, TextRecord, text_width
from render.base.fonts import MIN_TEXT_PX, Style, font
from render.base.palette import (
    BLACK,
    EMPTY,
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    WHITE,
    Colour,
    Shape,
    seat_style,
)

SUPERSAMPLE = 4
TITLE_H = 40  # the title row of an area panel

# Die faces: which of the 3x3 pip positions are filled, row by row.
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (0, 2), (2, 0), (2, 2)),
    5: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2)),
    6: ((0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2)),
}


def _polygon(shape: Shape, size: int) -> list[tuple[float, float]]:
    """Return the outline of a shape inscribed in a `size` square."""
    half = size / 2
    if shape is Shape.DIAMOND:
        return [(half, 0), (size, half), (half, size), (0, half)]
    if shape is Shape.HEXAGON:
        return [
            (half + half * math.cos(math.radians(a)), half + half * math.sin(math.radians(a)))
            for a in range(0, 360, 60)
        ]
    return [(0, 0), (size, 0), (size, size), (0, size)]


@cache
def token_sprite(seat: int, size: int) -> Image.Image:
    """Return the RGBA sprite of a seat token: its shape, colour, and letter in the middle."""
    style = seat_style(seat)
    big = size * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    edge = max(2, big // 14)
    inner = big - 1
    if style.shape is Shape.CIRCLE:
        draw.ellipse((0, 0, inner, inner), fill=style.colour, outline=BLACK, width=edge)
    else:
        points = _polygon(style.shape, inner)
        draw.polygon(points, fill=style.colour, outline=BLACK, width=edge)
    letter_size = max(MIN_TEXT_PX, int(size * 0.55)) * SUPERSAMPLE
    draw.text(
        (big / 2, big / 2),
        style.letter,
        font=font(letter_size, Style.BOLD),
        fill=style.ink,
        anchor="mm",
    )
    return image.resize((size, size), Image.Resampling.LANCZOS)


def token(canvas: Canvas, seat: int, centre: tuple[int, int], size: int = 40) -> TextRecord:
    """Paste seat `seat`'s token centred at `centre`; record it as the text of its letter."""
    if size < 32:
        raise ValueError("a seat token must be at least 32 px so its letter stays legible")
    sprite = token_sprite(seat, size)
    x, y = centre[0] - size // 2, centre[1] - size // 2
    canvas.sprite(sprite, (x, y))
    record = _piece_record(seat_style(seat).letter, x, y, size, max(MIN_TEXT_PX, int(size * 0.55)))
    canvas.record(record)
    return record


@lru_cache(maxsize=4096)
def _piece_record(letter: str, x: int, y: int, size: int, letter_px: int) -> TextRecord:
    """Return the record of a lettered piece (a token, a badge) of `size` px at (x, y).

    Records are immutable and pieces stand on the same spots image after image, so they
    are made once (a board places a hundred or so pieces).
    """
    box = Box(x, y, size, size)
    return TextRecord(letter, box, box, letter_px, False, "letter")


@cache
def die_sprite(value: int, size: int, face: Colour, pips: Colour) -> Image.Image:
    """Return the RGBA sprite of a die showing `value` with pips."""
    big = size * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (0, 0, big - 1, big - 1), radius=big // 6, fill=face, outline=BLACK, width=big // 18
    )
    step = big / 4
    radius = big / 11
    for row, col in _PIPS[value]:
        cx, cy = step * (col + 1), step * (row + 1)
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=pips)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def die(
    canvas: Canvas,
    value: int,
    xy: tuple[int, int],
    size: int,
    face: Colour = WHITE,
    pips: Colour = BLACK,
) -> Box:
    """Paste a die with its top-left corner at `xy`; return the box it covers."""
    if value not in _PIPS:
        raise ValueError(f"a die shows 1 to 6, not {value}")
    sprite = die_sprite(value, size, face, pips)
    canvas.sprite(sprite, xy)
    box = Box(xy[0], xy[1], size, size)
    canvas.record(TextRecord(str(value), box, box, size, False, "die"))
    return box


@cache
def cube_sprite(colour: Colour, size: int) -> Image.Image:
    """Return the RGBA sprite of a small cube seen from slightly above."""
    big = size * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    top = tuple(min(255, c + 60) for c in colour)
    side = tuple(max(0, c - 50) for c in colour)
    lip = big // 4
    draw.rectangle((0, lip, big - lip - 1, big - 1), fill=colour, outline=BLACK, width=big // 16)
    draw.polygon([(0, lip), (lip, 0), (big - 1, 0), (big - lip - 1, lip)], fill=top, outline=BLACK)
    draw.polygon(
        [(big - lip - 1, lip), (big - 1, 0), (big - 1, big - lip - 1), (big - lip - 1, big - 1)],
        fill=side,
        outline=BLACK,
    )
    return image.resize((size, size), Image.Resampling.LANCZOS)


def cube(canvas: Canvas, colour: Colour, xy: tuple[int, int], size: int = 24) -> Box:
    """Paste a cube with its top-left corner at `xy`; return the box it covers."""
    sprite = cube_sprite(colour, size)
    canvas.sprite(sprite, xy)
    return Box(xy[0], xy[1], size, size)


def panel(
    canvas: Canvas, box: Box, fill: Colour = PANEL, edge: Colour = PANEL_EDGE, radius: int = 12
) -> None:
    """Draw a rounded panel."""
    canvas.rounded(box, radius=radius, fill=fill, outline=edge, width=2)


# The look of `panel` (and so of `area`) as drawn by default.
PANEL_LOOK: Look = (12, PANEL, PANEL_EDGE, 2)


def board(width: int, height: int, background: Colour, panels: Sequence[Box]) -> Canvas:
    """Return a blank board of `background` whose `panels` boxes are ready for area panels.

    A board is mostly panels, and filling a 1600 x 3748 image costs about as much as all
    its panels' insides: so the canvas is made in the panel colour and the background is
    painted around the panels and under their corners (`Canvas.lay`). The pixels are those
    of a blank canvas of `background` once each box has its panel (`panel` or `area`,
    drawn first in the box, or a pasted area that covers it).
    """
    canvas = Canvas(width, height, PANEL)
    canvas.background = background
    for gap in gaps(canvas.box, tuple(panels)):
        canvas.fill(gap, background)
    for box in panels:
        canvas.lay(box, PANEL_LOOK, background)
    return canvas


@lru_cache(maxsize=64)
def gaps(whole: Box, boxes: tuple[Box, ...]) -> tuple[Box, ...]:
    """Return rectangles covering what of `whole` lies outside `boxes` (which do not overlap)."""
    edges = sorted({whole.y, whole.bottom, *(b.y for b in boxes), *(b.bottom for b in boxes)})
    rects: list[Box] = []
    for top, bottom in itertools.pairwise(edges):
        if top < whole.y or bottom > whole.bottom:
            continue
        x = whole.x
        for box in sorted((b for b in boxes if b.y <= top and bottom <= b.bottom), key=_left):
            if box.x > x:
                rects.append(Box(x, top, box.x - x, bottom - top))
            x = max(x, box.right)
        if x < whole.right:
            rects.append(Box(x, top, whole.right - x, bottom - top))
    return tuple(rects)


def _left(box: Box) -> int:
    return box.x


def card(  # noqa: PLR0913 - title, body and two colours are what a card is
    canvas: Canvas,
    box: Box,
    title: str,
    *,
    body: str = "",
    band: Colour = MUTED,
    band_ink: Colour = WHITE,
    title_size: int = 24,
) -> Box:
    """Draw a card: a coloured title band over a pale body; return the box left for contents."""
    panel(canvas, box, radius=10)
    band_h = min(box.h, int(title_size * 1.6))
    band_box = Box(box.x, box.y, box.w, band_h)
    canvas.rounded(band_box, radius=10, fill=band)
    canvas.draw.rectangle(
        (box.x, box.y + band_h // 2, box.right - 1, box.y + band_h - 1), fill=band
    )
    canvas.text(band_box.inset(8, 2), title, size=title_size, fill=band_ink, style=Style.BOLD)
    rest = Box(box.x, box.y + band_h, box.w, box.h - band_h).inset(8, 4)
    if body:
        canvas.text(rest, body, size=22, fill=INK, valign="top")
    return rest


def tile(  # noqa: PLR0913 - label, colours and outline shape
    canvas: Canvas,
    box: Box,
    label: str,
    *,
    fill: Colour = EMPTY,
    ink: Colour = INK,
    shape: Shape = Shape.SQUARE,
    size: int = 22,
    pad: int | None = None,
) -> None:
    """Draw a tile as a shape with its label fitted inside, `pad` px in (else a tenth)."""
    if shape is Shape.HEXAGON:
        pts = [
            (box.x + px * box.w / box.h, box.y + py) for px, py in _polygon(Shape.HEXAGON, box.h)
        ]
        canvas.draw.polygon(pts, fill=fill, outline=PANEL_EDGE, width=2)
    elif shape is Shape.CIRCLE:
        canvas.draw.ellipse(box.xyxy, fill=fill, outline=PANEL_EDGE, width=2)
    else:
        canvas.rounded(box, radius=8, fill=fill, outline=PANEL_EDGE, width=2)
    if label:
        inset = max(4, box.w // 10) if pad is None else pad
        canvas.text(box.inset(inset, 3), label, size=size, fill=ink, align="center")


def lane_track(  # noqa: PLR0913 - the track's values, range and geometry
    canvas: Canvas,
    box: Box,
    values: dict[int, int],
    low: int,
    high: int,
    token_size: int = 34,
    *,
    gap: int = 4,
) -> None:
    """Draw a track with one lane per seat, each seat's token at its value with the number.

    One lane per seat means markers never sit on top of each other, however close they are.
    Values above `high` are drawn at the end, with their number saying the true value.
    Lanes `gap` px apart: 24 keeps the changes of two lanes apart (`render.base.marks`
    finds changed pixels closer than about 20 px as one piece).
    """
    seats = sorted(values)
    lanes = box.rows(max(1, len(seats)), gap=gap)
    label_w = 64
    span = max(1, high - low)
    for seat, lane in zip(seats, lanes, strict=True):
        track = Box(lane.x + token_size // 2, lane.y, lane.w - label_w - token_size, lane.h)
        mid = lane.y + lane.h // 2
        canvas.draw.line((track.x, mid, track.right, mid), fill=PANEL_EDGE, width=4)
        for tick in range(5):
            tx = track.x + track.w * tick // 4
            canvas.draw.line((tx, mid - 6, tx, mid + 6), fill=PANEL_EDGE, width=2)
        clamped = min(max(values[seat], low), high)
        x = track.x + track.w * (clamped - low) // span
        token(canvas, seat, (x, mid), token_size)
        number = Box(lane.right - label_w, lane.y, label_w, lane.h)
        canvas.text(number, str(values[seat]), size=24, style=Style.BOLD, align="right")


@cache
def badge_sprite(fill: Colour, ink: Colour, letter: str, size: int, sides: int) -> Image.Image:
    """Return the RGBA sprite of a polygon badge (octagon: 8 sides) with a letter."""
    big = size * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    half = big / 2
    turn = math.pi / sides
    points = [
        (half + half * math.cos(turn + 2 * turn * i), half + half * math.sin(turn + 2 * turn * i))
        for i in range(sides)
    ]
    draw.polygon(points, fill=fill, outline=BLACK, width=max(2, big // 16))
    letter_px = max(MIN_TEXT_PX, int(size * 0.56)) * SUPERSAMPLE
    draw.text((half, half), letter, font=font(letter_px, Style.BOLD), fill=ink, anchor="mm")
    return image.resize((size, size), Image.Resampling.LANCZOS)


def badge(  # noqa: PLR0913 - colour, letter and geometry
    canvas: Canvas,
    centre: tuple[int, int],
    fill: Colour,
    ink: Colour,
    letter: str,
    size: int = 34,
    *,
    sides: int = 8,
) -> TextRecord:
    """Paste a lettered polygon badge centred at `centre` and record its letter."""
    if size < 32:
        raise ValueError("a badge must be at least 32 px so its letter stays legible")
    sprite = badge_sprite(fill, ink, letter, size, sides)
    x, y = centre[0] - size // 2, centre[1] - size // 2
    canvas.sprite(sprite, (x, y))
    record = _piece_record(letter, x, y, size, max(MIN_TEXT_PX, int(size * 0.56)))
    canvas.record(record)
    return record


def chips(  # noqa: PLR0913 - a flow of labels needs its box and look
    canvas: Canvas,
    box: Box,
    labels: list[str],
    *,
    fill: Colour = EMPTY,
    ink: Colour = INK,
    size: int = 22,
    gap: int = 8,
) -> bool:
    """Flow `labels` as rounded chips left to right, wrapping; return False if some did not fit.

    Chips that do not fit are replaced by one "+N more" chip, recorded as an overflow.
    """
    height = round(size * 1.45)
    x, y = box.x, box.y
    for index, label in enumerate(labels):
        width = math.ceil(text_width(label, size)) + 20
        if x + width > box.right and x > box.x:
            x, y = box.x, y + height + gap
        if y + height > box.bottom or width > box.w:
            rest = f"+{len(labels) - index} more"
            canvas.record(TextRecord(rest, box, Box(box.x, box.y, 1, 1), size, overflow=True))
            return False
        chip = Box(x, y, width, height)
        canvas.rounded(chip, radius=height // 2, fill=fill, outline=PANEL_EDGE)
        canvas.text(chip.inset(10, 0), label, size=size, fill=ink, align="center", wrap=False)
        x += width + gap
    return True


def chips_fit(box: Box, labels: Sequence[str], size: int = 22, gap: int = 8) -> bool:
    """Tell whether `chips` would draw every label in `box` (the same flow, left to right)."""
    height = round(size * 1.45)
    x, y = box.x, box.y
    for label in labels:
        width = math.ceil(text_width(label, size)) + 20
        if x + width > box.right and x > box.x:
            x, y = box.x, y + height + gap
        if y + height > box.bottom or width > box.w:
            return False
        x += width + gap
    return True


def area(canvas: Canvas, box: Box, title: str, note: str = "") -> Box:
    """Draw an area's panel with its title (and a note at the right); return the inner box."""
    panel(canvas, box)
    head = box.inset(14, 0).top(TITLE_H + 4)
    if note:
        canvas.text(head.after(head.w // 3), note, size=20, fill=MUTED, align="right")
        head = head.left(head.w // 3)
    canvas.text(head, title, size=28, style=Style.BOLD)
    return area_inner(box)


def area_inner(box: Box) -> Box:
    """Return the box left for an area's contents under its title (see `area`)."""
    return Box(box.x + 14, box.y + TITLE_H + 8, box.w - 28, box.h - TITLE_H - 18)
