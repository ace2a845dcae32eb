"""A single card or tile drawn from plain fields, for rule look-ups (issue 6).

The image is built only from the name, the rule text and the figures given, so it serves
either game. A figure the sources leave open carries its mark in the figures themselves, and
the look-up's footer says once what it means (playtest item 64); the card has no warning
strip of its own.
"""

from collections.abc import Mapping

from render.base.canvas import Box, Canvas, fit_text
from render.base.fonts import MIN_TEXT_PX, Style
from render.base.palette import BACKGROUND, EMPTY, HEADER, HEADER_INK, INK
from render.base.shapes import panel
from render.i18n import language

WIDTH = 1000
MARGIN = 28
TITLE_H = 100
CHIP_H = 60
BODY_SIZE = 32


def _body_height(text: str, width: int) -> int:
    if not text:
        return 0
    fitted = fit_text(text, (width, 10_000), BODY_SIZE, Style.REGULAR, True, MIN_TEXT_PX)
    return fitted.height + 8


def compose_card(
    name: str,
    text: str,
    figures: Mapping[str, str | int],
    lang: str = "en",
) -> Canvas:
    """Compose the card image (see `card_png`)."""
    with language(lang):
        return _compose_card(name, text, figures)


def _compose_card(name: str, text: str, figures: Mapping[str, str | int]) -> Canvas:
    inner_w = WIDTH - 4 * MARGIN
    chip_rows = (len(figures) + 1) // 2
    figures_h = chip_rows * (CHIP_H + 12)
    body_h = _body_height(text, inner_w)
    height = 2 * MARGIN + TITLE_H + 24 + figures_h + body_h + 24
    canvas = Canvas(WIDTH, height, BACKGROUND)
    frame = Box(MARGIN, MARGIN, WIDTH - 2 * MARGIN, height - 2 * MARGIN)
    panel(canvas, frame, radius=20)
    band = frame.top(TITLE_H)
    canvas.rounded(band, radius=20, fill=HEADER)
    canvas.draw.rectangle((band.x, band.y + 40, band.right - 1, band.bottom - 1), fill=HEADER)
    canvas.text(band.inset(24, 10), name, size=44, style=Style.BOLD, fill=HEADER_INK)
    y = band.bottom + 24
    chips = Box(frame.x + MARGIN, y, inner_w, figures_h)
    for index, (label, value) in enumerate(figures.items()):
        column = chips.cols(2, gap=16)[index % 2]
        chip = Box(column.x, y + (index // 2) * (CHIP_H + 12), column.w, CHIP_H)
        canvas.rounded(chip, radius=12, fill=EMPTY)
        canvas.text(chip.inset(14, 4), f"{label}: {value}", size=28, style=Style.BOLD)
    y += figures_h
    if text:
        canvas.text(
            Box(frame.x + MARGIN, y, inner_w, body_h), text, size=BODY_SIZE, valign="top", fill=INK
        )
    return canvas


def card_png(
    name: str,
    text: str,
    figures: Mapping[str, str | int],
    lang: str = "en",
) -> bytes:
    """Draw one card or tile for a rules look-up.

    Args:
        name: the card's display name.
        text: its rule text, in the project's own words.
        figures: label -> value (cost, points, dice colour ...), shown as chips in order.
        lang: the image's language ("en" or "es"); name, text and figures come translated.
    """
    return compose_card(name, text, figures, lang).png()
