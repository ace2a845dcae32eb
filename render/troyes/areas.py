"""Troyes's activity cards, cathedral, event queue and the Ladies' wall and outer activities.

The expansion parts (wall track with guards, outer activities, purple dice) are drawn only
when the view carries them (troyes.md §10).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.base.canvas import Box, Canvas, fit_text
from render.base.fonts import Style
from render.base.palette import BLACK, EMPTY, INK, MUTED, PANEL_EDGE, TIMES, WHITE, seat_style
from render.base.shapes import SUPERSAMPLE, area, area_inner, die, token
from render.i18n import tr
from render.troyes.board import CARD_BANDS, DIE_FACES, Activity, Event, citizen

ROMAN = ("I", "II", "III", "IV")


@dataclass(frozen=True, slots=True)
class Wall:
    """The Ladies' wall track: each guard's space, the track length and the gate spaces."""

    guards: tuple[tuple[int, int], ...]
    length: int
    gates: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Outer:
    """An outer activity tile at a gate: level, name, the cubes on it and what it does."""

    level: int
    name: str
    cubes: tuple[tuple[int, int], ...]
    text: str = ""  # the face's rules text (data/troyes/outer_tiles.toml), in the image's language


def _cube_counts(canvas: Canvas, box: Box, counts: Sequence[tuple[int, int]]) -> None:
    x = box.x + 16
    y = box.y + box.h // 2
    for seat, count in counts:
        if count <= 0:
            continue
        token(canvas, seat, (x, y), 32)
        canvas.text(Box(x + 20, y - 14, 42, 28), f"{TIMES}{count}", size=20, wrap=False)
        x += 78


def _card(canvas: Canvas, box: Box, card: Activity) -> None:
    band = CARD_BANDS[card.colour]
    canvas.rounded(box, 10, (250, 244, 228), INK, 2)
    head = box.top(38)
    canvas.rounded(head, 10, band, None, 1)
    canvas.fill(Box(head.x, head.y + 20, head.w, head.h - 20), band)
    title = f"{ROMAN[card.level - 1]} · {card.name}" if card.revealed else ROMAN[card.level - 1]
    canvas.text(head.inset(10, 2), title, size=22, style=Style.BOLD, fill=WHITE)
    body = box.below(42).inset(10, 4)
    if not card.revealed:
        canvas.text(
            body,
            tr("troyes.face_down", colour=tr(f"colour.{card.colour}"), level=card.level),
            size=20,
            fill=MUTED,
            align="center",
        )
        return
    if card.detail:
        canvas.text(body.top(28), card.detail, size=18, fill=MUTED)
    spaces = Box(body.x, body.y + 30, body.w, 46)
    step = spaces.w // max(1, len(card.craftsmen))
    for index, who in enumerate(card.craftsmen):
        cell = Box(spaces.x + index * step, spaces.y, step - 6, spaces.h)
        canvas.rounded(cell, 8, EMPTY, PANEL_EDGE, 1)
        vp = card.spaces_vp[index] if index < len(card.spaces_vp) else 0
        if who is None:
            canvas.text(
                cell.inset(4, 2), tr("common.vp", vp=vp), size=18, fill=MUTED, align="center"
            )
        else:
            citizen(canvas, who, cell.centre, 34)
    _cube_counts(
        canvas, Box(body.x, spaces.bottom + 4, body.w, body.bottom - spaces.bottom - 4), card.cubes
    )


CARD_ROWS = ("red", "white", "yellow")


def card_box(box: Box, card: Activity) -> Box:
    """Return where a card sits in the activities area: its colour's row, its level's column."""
    row = area_inner(box).rows(3, gap=10)[CARD_ROWS.index(card.colour)]
    return row.cols(3, gap=10)[card.level - 1]


def draw_activities(canvas: Canvas, box: Box, cards: Sequence[Activity]) -> None:
    """Draw the nine activity cards: one row per colour, levels I-III left to right."""
    area(canvas, box, tr("troyes.activities"), tr("troyes.activities_hint"))
    for card in cards:
        _card(canvas, card_box(box, card), card)


def draw_cathedral(
    canvas: Canvas,
    box: Box,
    levels: Sequence[Sequence[int | None]],
    revealed: Sequence[str] = (),
) -> None:
    """Draw the cathedral: one row per level with a seat's cube or an empty space.

    With the Ladies' "reveal one character" variant, a panel under the levels names the
    character(s) revealed to all.
    """
    inner = area(canvas, box, tr("troyes.cathedral"))
    if revealed:
        shown = Box(inner.x, inner.bottom - 76, inner.w, 76)
        canvas.rounded(shown, 8, (236, 226, 246), (120, 64, 168), 2)
        label = tr("troyes.revealed", count=len(revealed))
        canvas.text(
            shown.inset(10, 4), f"{label}: {', '.join(revealed)}", size=20, style=Style.BOLD
        )
        inner = inner.top(inner.h - 84)
    rows = inner.rows(max(1, len(levels)), gap=8)
    for index, (spaces, row) in enumerate(zip(levels, rows, strict=True)):
        canvas.text(row.left(90), tr("troyes.level", n=index + 1), size=20, style=Style.BOLD)
        step = (row.w - 96) // max(1, len(spaces))
        for k, who in enumerate(spaces):
            cell = Box(row.x + 96 + k * step, row.y, step - 6, row.h)
            canvas.rounded(cell, 8, EMPTY, PANEL_EDGE, 1)
            if who is not None:
                token(canvas, who, cell.centre, 32)


def _overflows(text: str, box: Box) -> bool:
    return fit_text(text, (box.w, box.h), 20, Style.BOLD, True, 18).overflow


def _event(canvas: Canvas, cell: Box, event: Event) -> None:
    """Draw one queued event's name, black dice and cubes inside its card."""
    full = f"{event.name}{_black_dice(event.black_dice)}"
    title = cell.inset(10, 2).top(26)
    cubes = Box(cell.x + 4, cell.bottom - 34, cell.w - 8, 34)
    if _overflows(full, title):
        if not event.cubes:
            # Too long for one line (Spanish names are longer): two lines, no cube row needed.
            title = cell.inset(10, 2)
        elif event.black_dice and not _overflows(event.name, title):
            # The name keeps its line; the black dice go to the bottom right.
            note = cubes.after(cubes.w - 120).inset(4, 3)
            dice = _black_dice(event.black_dice).removeprefix(" · ")
            canvas.text(note, dice, size=20, fill=MUTED, align="right")
            cubes, full = cubes.left(cubes.w - 120), event.name
        else:
            # The name takes two lines on the left; the cubes go to the right in its middle.
            width = 78 * len(event.cubes) + 4
            title = cell.inset(10, 2).left(cell.w - 20 - width)
            cubes = Box(cell.right - width - 4, cell.y + (cell.h - 34) // 2, width, 34)
    canvas.text(title, full, size=20, style=Style.BOLD)
    _cube_counts(canvas, cubes, event.cubes)


def _black_dice(count: int) -> str:
    if not count:
        return ""
    return tr("troyes.event_black", count=count)


def event_boxes(box: Box, count: int) -> list[Box]:
    """Return the boxes of the event queue's cards, in queue order, for the area in `box`."""
    queue = area_inner(box).below(52)
    per_row = 3
    rows = max(5, -(-count // per_row))
    return [c for r in queue.rows(rows, gap=4) for c in r.cols(per_row, gap=8)][:count]


def draw_events(
    canvas: Canvas,
    box: Box,
    events: Sequence[Event],
    black: Sequence[int],
    decks: str,
    idle: str,
) -> None:
    """Draw the event queue (left to right, as it resolves) and the black dice to counter.

    With none on the table, `idle` says why (not rolled yet, or none left to counter).
    """
    inner = area(canvas, box, tr("troyes.events"), decks)
    dice_row = inner.top(48)
    canvas.text(dice_row.left(150), tr("troyes.black_dice"), size=20, style=Style.BOLD)
    face, pips = DIE_FACES["black"]
    for index, value in enumerate(black):
        # 10 px above the queue: room for a change's outline round the dice and the cards.
        die(canvas, value, (dice_row.x + 156 + index * 48, dice_row.y), 42, face, pips)
    if not black:
        canvas.text(dice_row.after(156), idle, size=20, fill=MUTED)
    for event, cell in zip(events, event_boxes(box, len(events)), strict=False):
        band = CARD_BANDS.get(event.colour, MUTED)
        canvas.rounded(cell, 8, (250, 244, 228), band, 3)
        _event(canvas, cell, event)


# The wall track, laid out to be read whole on a phone (playtest item 68): each guard's
# lane starts with its token, the spaces are numbered above and the gates named below.
WALL_HEAD = 44
WALL_CELL = 34
WALL_LANE = 38
WALL_NUMBERS = 24
GATE_FILL = (214, 196, 150)
PAWN_W, PAWN_H = 26, 34


@lru_cache(maxsize=8)
def pawn_sprite(seat: int) -> Image.Image:
    """Return the RGBA sprite of a guard: a pawn (head, neck, base) in the seat's colour.

    Not the seat's token: the lane's head is the token, and a guard still on space 0 beside
    it read as the same piece twice (playtest item 95).
    """
    w, h = PAWN_W * SUPERSAMPLE, PAWN_H * SUPERSAMPLE
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    colour, edge = seat_style(seat).colour, 2 * SUPERSAMPLE
    head = w * 0.26
    body = [
        (w * 0.38, h * 0.36),
        (w * 0.62, h * 0.36),
        (w * 0.82, h * 0.84),
        (w * 0.18, h * 0.84),
    ]
    draw.polygon(body, fill=colour, outline=BLACK, width=edge)
    draw.rounded_rectangle(
        (w * 0.04, h * 0.8, w * 0.96, h - 1),
        radius=h * 0.06,
        fill=colour,
        outline=BLACK,
        width=edge,
    )
    draw.ellipse(
        (w / 2 - head, h * 0.02, w / 2 + head, h * 0.02 + 2 * head),
        fill=colour,
        outline=BLACK,
        width=edge,
    )
    return image.resize((PAWN_W, PAWN_H), Image.Resampling.LANCZOS)


def wall_boxes(box: Box, wall: Wall, tiles: int) -> tuple[Box, list[Box]]:
    """Return the track's box and the outer tiles' boxes of the wall area in `box`.

    The track (its numbers, lanes and gate names) is at most 760 px wide, so a phone image
    shows it whole; the tiles stand two to a row at its right, in gate order.
    """
    inner = area_inner(box)
    lanes = max(1, len(wall.guards))
    height = 2 * WALL_NUMBERS + lanes * WALL_LANE + (lanes - 1) * 4 + 8
    track = Box(inner.x, inner.y, WALL_HEAD + (wall.length + 1) * WALL_CELL, height)
    right = inner.after(track.w + 24)
    rows = max(1, -(-tiles // 2))
    cells = [c for r in right.rows(rows, gap=10) for c in r.cols(2, gap=10)]
    return track, cells[:tiles]


def draw_wall(canvas: Canvas, box: Box, wall: Wall, outer: Sequence[Outer]) -> None:
    """Draw the Ladies' wall track (guards, gates) and the outer activities at the gates.

    Each lane is a guard's, led by its seat's token; the guard on it is a pawn in the seat's
    colour. The spaces 0 to `length` are numbered above the lanes and the gates (tinted)
    named I-IV under them, as the tiles name them. Each tile says what it does.
    """
    area(canvas, box, tr("troyes.walls"), tr("troyes.walls_hint"))
    track, tiles = wall_boxes(box, wall, len(outer))
    cells_x = track.x + WALL_HEAD
    lanes_y = track.y + WALL_NUMBERS + 4
    for k in range(wall.length + 1):
        column = Box(cells_x + k * WALL_CELL, track.y, WALL_CELL - 2, WALL_NUMBERS)
        canvas.text(column, str(k), size=18, fill=MUTED, align="center", wrap=False)
    for index, (seat, space) in enumerate(wall.guards):
        y = lanes_y + index * (WALL_LANE + 4)
        token(canvas, seat, (track.x + 18, y + WALL_LANE // 2), 32)
        for k in range(wall.length + 1):
            cell = Box(cells_x + k * WALL_CELL, y, WALL_CELL - 2, WALL_LANE)
            canvas.fill(cell, GATE_FILL if k in wall.gates else EMPTY)
            if k == space:
                cx, cy = cell.centre
                canvas.sprite(pawn_sprite(seat), (cx - PAWN_W // 2, cy - PAWN_H // 2))
    names_y = lanes_y + len(wall.guards) * (WALL_LANE + 4)
    for level, k in enumerate(wall.gates, start=1):
        gate = Box(cells_x + k * WALL_CELL, names_y, WALL_CELL - 2, WALL_NUMBERS)
        canvas.text(gate, ROMAN[level - 1], size=18, style=Style.BOLD, align="center", wrap=False)
    for tile, cell in zip(outer, tiles, strict=False):
        canvas.rounded(cell, 10, (236, 226, 246), (120, 64, 168), 3)
        title = tr("troyes.gate", roman=ROMAN[tile.level - 1], name=tile.name)
        body = cell.inset(10, 4)
        # The name on one line, or two (a long name); what the tile does under it, the
        # cubes at the bottom.
        named = canvas.text(body.top(52), title, size=20, style=Style.BOLD, valign="top")
        cubes = Box(cell.x + 6, cell.bottom - 38, cell.w - 12, 34)
        if tile.text:
            top = named.ink.bottom + 6
            canvas.text(Box(body.x, top, body.w, cubes.y - top), tile.text, size=18, valign="top")
        _cube_counts(canvas, cubes, tile.cubes)
