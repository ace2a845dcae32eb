"""Colours shared by every image, and the look of each seat.

Seat colours come from the Okabe-Ito palette, which stays distinct under the common kinds of
colour blindness; each seat also has its own mark and token shape, so no information is
carried by colour alone (issue 6). The mark is the seat number the engines' texts use
("Player 1" is seat 0), so a log line and the board name a player the same way, and it
never clashes with the colour letters of Trajan's action markers (B, Y, G, O, P, W).
"""

from dataclasses import dataclass
from enum import StrEnum

from render.base.fonts import printable
from render.i18n import tr

Colour = tuple[int, int, int]

BACKGROUND: Colour = (246, 241, 230)
PANEL: Colour = (255, 252, 245)
PANEL_EDGE: Colour = (150, 135, 110)
INK: Colour = (30, 30, 30)
MUTED: Colour = (95, 90, 80)
HEADER: Colour = (52, 48, 70)
HEADER_INK: Colour = (255, 255, 255)
HIGHLIGHT: Colour = (230, 0, 126)
EMPTY: Colour = (225, 218, 200)
WHITE: Colour = (255, 255, 255)
BLACK: Colour = (0, 0, 0)


class Shape(StrEnum):
    """A token outline that tells seats apart without colour."""

    CIRCLE = "circle"
    SQUARE = "square"
    DIAMOND = "diamond"
    HEXAGON = "hexagon"


@dataclass(frozen=True, slots=True)
class SeatStyle:
    """How one seat is drawn: fill colour, ink on that fill, letter and token shape."""

    colour: Colour
    ink: Colour
    letter: str
    shape: Shape
    name: str


SEAT_STYLES: tuple[SeatStyle, ...] = (
    SeatStyle((213, 94, 0), WHITE, "1", Shape.CIRCLE, "vermilion"),
    SeatStyle((0, 114, 178), WHITE, "2", Shape.SQUARE, "blue"),
    SeatStyle((0, 158, 115), WHITE, "3", Shape.DIAMOND, "green"),
    SeatStyle((240, 228, 66), BLACK, "4", Shape.HEXAGON, "yellow"),
)


def seat_style(seat: int) -> SeatStyle:
    """Return the style of `seat` (0-3)."""
    return SEAT_STYLES[seat]


NAME_MAX = 22  # characters of a player's name shown; longer names end in an ellipsis


def seat_label(seat: int, names: tuple[str, ...] | None = None) -> str:
    """Return how a seat is named in text: its player name (if known) and number.

    Characters the shipped font cannot draw (emoji, CJK ...) are left out; a name with none
    left is shown as "Player N".
    """
    letter = SEAT_STYLES[seat].letter
    name = printable(names[seat]) if names and seat < len(names) else ""
    if len(name) > NAME_MAX:
        name = name[: NAME_MAX - 1].rstrip() + "…"
    if name:
        return f"{name} ({letter})"
    return tr("common.player", n=letter)


TIMES = "\N{MULTIPLICATION SIGN}"
