"""The server leaderboard image (`/leaderboard`): a table a phone shows legibly.

1080 px wide (a phone shows it at full width), text no smaller than 30 px, one row per
player with alternating shading and the podium tinted, like the league standings
(render/base/league.py). Words and figures come formatted from the caller (the cog's
catalog), so this module has no language of its own. Pure: data in, PNG bytes out.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from render.base.fonts import Style, font

WIDTH = 1080
MARGIN = 36
TITLE_H = 150
HEAD_H = 64
ROW_H = 70
TEXT_PX = 32
TITLE_PX = 44
SUB_PX = 28

BACKGROUND = (250, 247, 240)
INK = (34, 31, 28)
MUTED = (110, 104, 96)
HEADER = (46, 70, 96)
HEADER_INK = (255, 255, 255)
SHADE = (236, 232, 222)
PODIUM = {1: (246, 217, 112), 2: (214, 218, 226), 3: (226, 184, 146)}
# (share of the usable width, right-aligned?): rank, player, rating, games, wins
COLUMNS = ((0.09, True), (0.49, False), (0.16, True), (0.13, True), (0.13, True))
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@dataclass(frozen=True, slots=True)
class Row:
    """One leaderboard row, formatted by the caller."""

    rank: int
    name: str
    rating: str
    games: str
    wins: str


def _fit(draw: ImageDraw.ImageDraw, text: str, width: int, face: Font) -> str:
    if draw.textlength(text, font=face) <= width:
        return text
    while text and draw.textlength(text + "…", font=face) > width:
        text = text[:-1]
    return text + "…"


def _cells(
    draw: ImageDraw.ImageDraw, y: int, texts: Sequence[str], face: Font, fill: tuple[int, ...]
) -> None:
    usable = WIDTH - 2 * MARGIN
    x = MARGIN
    for text, (share, right) in zip(texts, COLUMNS, strict=True):
        w = int(usable * share)
        shown = _fit(draw, text, w - 16, face)
        tw = draw.textlength(shown, font=face)
        tx = x + w - 8 - tw if right else x + 8
        draw.text((tx, y + ROW_H // 2), shown, font=face, fill=fill, anchor="lm")
        x += w


def leaderboard_png(
    title: str, subtitle: str, headings: Sequence[str], rows: Sequence[Row]
) -> bytes:
    """Draw the leaderboard and return it as PNG bytes (headings: the five column names)."""
    height = TITLE_H + HEAD_H + ROW_H * max(len(rows), 1) + MARGIN
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN, 48), title, font=font(TITLE_PX, Style.BOLD), fill=INK, anchor="lm")
    draw.text((MARGIN, 108), subtitle, font=font(SUB_PX, Style.REGULAR), fill=MUTED, anchor="lm")
    y = TITLE_H
    draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + HEAD_H), fill=HEADER)
    _cells(draw, y - (ROW_H - HEAD_H) // 2, headings, font(TEXT_PX - 2, Style.BOLD), HEADER_INK)
    y += HEAD_H
    for i, row in enumerate(rows):
        fill = PODIUM.get(row.rank, SHADE if i % 2 else BACKGROUND)
        draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW_H), fill=fill)
        face = font(TEXT_PX, Style.BOLD if row.rank == 1 else Style.REGULAR)
        _cells(draw, y, (str(row.rank), row.name, row.rating, row.games, row.wins), face, INK)
        y += ROW_H
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
