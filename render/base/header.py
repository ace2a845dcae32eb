"""The band across the top of every board, and the mark for what changed.

The header answers the three questions a player opening the image asks: whose turn is it,
what must they decide, and how far along is the game (issue 6).
"""

from dataclasses import dataclass

from render.base.canvas import Box, Canvas
from render.base.fonts import Style
from render.base.palette import HEADER, HEADER_INK, HIGHLIGHT, seat_label
from render.base.shapes import token
from render.i18n import tr

HEADER_HEIGHT = 150


@dataclass(frozen=True, slots=True)
class HeaderInfo:
    """What the header says.

    Attributes:
        title: the game's name (shown alone once the game is over).
        seat: the deciding seat, or None once the game is over.
        decision: what that seat must decide, one short sentence.
        stage: where the game is, e.g. "Quarter 2 of 4 · round 3".
        done: how much of the game is over, from 0.0 to 1.0.
        remaining: how much is left, in words, e.g. "about 11 turns each left".
        names: player names by seat, if known.
    """

    title: str
    seat: int | None
    decision: str
    stage: str
    done: float
    remaining: str
    names: tuple[str, ...] | None = None


def draw_header(canvas: Canvas, box: Box, info: HeaderInfo) -> None:
    """Draw the header band into `box` (full width, about 150 px high)."""
    canvas.fill(box, HEADER)
    inner = box.inset(20, 12)
    left, right = inner.left(inner.w - 440), inner.after(inner.w - 420)
    if info.seat is None:
        who_box = left
        canvas.text(who_box.top(44), info.title, size=34, style=Style.BOLD, fill=HEADER_INK)
    else:
        token(canvas, info.seat, (left.x + 30, left.y + 30), 56)
        who_box = left.after(76)
        title = tr("common.to_play", who=seat_label(info.seat, info.names))
        canvas.text(who_box.top(44), title, size=34, style=Style.BOLD, fill=HEADER_INK)
    canvas.text(who_box.below(50).top(76), info.decision, size=28, fill=HEADER_INK, valign="top")
    canvas.text(right.top(40), info.stage, size=28, style=Style.BOLD, fill=HEADER_INK)
    bar = Box(right.x, right.y + 50, right.w, 22)
    canvas.draw.rounded_rectangle(bar.xyxy, radius=10, fill=(90, 86, 110))
    filled = max(0.0, min(1.0, info.done))
    if filled > 0:
        done_box = Box(bar.x, bar.y, max(20, int(bar.w * filled)), bar.h)
        canvas.draw.rounded_rectangle(done_box.xyxy, radius=10, fill=(240, 200, 80))
    canvas.text(Box(right.x, bar.bottom + 6, right.w, 52), info.remaining, size=24, fill=HEADER_INK)


MARK_W = 4  # the outline of a changed piece, outside its box


def mark(canvas: Canvas, box: Box, width: int = MARK_W) -> None:
    """Outline one piece that changed (a marker, a die, a number) in the highlight colour."""
    outer = Box(box.x - width, box.y - width, box.w + 2 * width, box.h + 2 * width)
    radius = max(2, min(10, outer.w // 4, outer.h // 4))
    canvas.draw.rounded_rectangle(outer.xyxy, radius=radius, outline=HIGHLIGHT, width=width)


def draw_legend(
    canvas: Canvas, box: Box, any_changed: bool, note: str = "", legend: str = ""
) -> None:
    """Draw the footer: the highlight mark's meaning (if used) and a note (the last move).

    `legend` is the mark's meaning (else "Changed since the previous image").
    """
    legend_w = 480 if any_changed else 0
    if any_changed:
        sample = Box(box.x, box.y + (box.h - 24) // 2, 40, 24)
        canvas.draw.rounded_rectangle(sample.xyxy, radius=6, outline=HIGHLIGHT, width=4)
        words = legend or tr("common.changed")
        canvas.text(box.left(legend_w).after(52), words, size=22)
    if note:
        canvas.text(box.after(legend_w), note, size=22, style=Style.BOLD)
