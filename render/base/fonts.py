"""The project's fonts: DejaVu Sans (Bitstream Vera licence, data/fonts/LICENSE.txt).

Fonts are loaded once per (style, size) and cached for the life of the process. The basic
layout engine is used on purpose: every label is Latin text, and it is several times faster
than raqm for the hundreds of short labels a board carries.
"""

from enum import StrEnum
from functools import cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parents[2] / "data" / "fonts"

# Issue 6: no text smaller than 18 px on a 1600 px wide image.
MIN_TEXT_PX = 18


class Style(StrEnum):
    """A typeface of the shipped family."""

    REGULAR = "DejaVuSans.ttf"
    BOLD = "DejaVuSans-Bold.ttf"
    CONDENSED = "DejaVuSansCondensed.ttf"
    CONDENSED_BOLD = "DejaVuSansCondensed-Bold.ttf"


CONDENSED_OF = {
    Style.REGULAR: Style.CONDENSED,
    Style.BOLD: Style.CONDENSED_BOLD,
    Style.CONDENSED: Style.CONDENSED,
    Style.CONDENSED_BOLD: Style.CONDENSED_BOLD,
}


@cache
def font(size: int, style: Style = Style.REGULAR) -> ImageFont.FreeTypeFont:
    """Return the shipped font of `style` at `size` pixels, loaded once."""
    return ImageFont.truetype(
        str(FONT_DIR / style.value), size, layout_engine=ImageFont.Layout.BASIC
    )


@cache
def _notdef() -> bytes:
    """Return the mask of the font's "missing glyph" box (a private-use code point)."""
    return bytes(font(40).getmask("\ue000"))


@cache
def has_glyph(char: str) -> bool:
    """Return True when the shipped font can draw `char` (not just its missing-glyph box)."""
    if char.isspace():
        return True
    return bytes(font(40).getmask(char)) != _notdef()


def printable(text: str) -> str:
    """Return `text` without the characters the shipped font cannot draw (emoji, CJK ...)."""
    return "".join(char for char in text if has_glyph(char)).strip()
