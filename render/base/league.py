"""The league standings image: a table sized for a phone screen (issue 8).

1080 px wide (a phone shows it at full width without zooming), text no smaller than 28 px,
one row per player with alternating shading; the leaders' rows are tinted (gold, silver,
bronze), so the podium reads at a glance. Headings come from the caller (the cog's message
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
ROW_H = 66
FOOT_H = 40
TEXT_PX = 30
TITLE_PX = 44
SUB_PX = 30

BACKGROUND = (250, 247, 240)
INK = (34, 31, 28)
MUTED = (110, 104, 96)
HEADER = (60, 52, 92)
HEADER_INK = (255, 255, 255)
SHADE = (238, 233, 222)
GROUP = (205, 199, 224)
PODIUM = {1: (246, 217, 112), 2: (214, 218, 226), 3: (226, 184, 146)}

# Column layout: (share of the width after the margins, right-aligned?)
COLUMNS = ((0.09, True), (0.39, False), (0.12, True), (0.09, True), (0.09, True), (0.1, True))
RATING_COLUMN = (0.12, True)
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@dataclass(frozen=True, slots=True)
class Line:
    """One row: rank, player name and figures (already formatted by the caller)."""

    rank: int
    name: str
    points: str
    games: int
    wins: int
    vp_share: str
    rating: str = ""
    group: str = ""  # e.g. "Division 2": a heading row is drawn where the group changes


def _font(size: int, bold: bool = False) -> Font:
    return font(size, Style.BOLD if bold else Style.REGULAR)


def _fit(draw: ImageDraw.ImageDraw, text: str, width: int, font: Font) -> str:
    """Return `text`, cut with an ellipsis so it fits in `width` pixels."""
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…"


def _cells(
    draw: ImageDraw.ImageDraw,
    y: int,
    texts: Sequence[str],
    font: Font,
    fill: tuple[int, int, int],
    height: int,
) -> None:
    columns = [*COLUMNS, RATING_COLUMN][: len(texts)]
    usable = WIDTH - 2 * MARGIN
    total = sum(share for share, _ in columns)
    x = MARGIN
    for text, (share, right) in zip(texts, columns, strict=True):
        w = int(usable * share / total)
        shown = _fit(draw, text, w - 16, font)
        tw = draw.textlength(shown, font=font)
        tx = x + w - 8 - tw if right else x + 8
        draw.text((tx, y + height // 2), shown, font=font, fill=fill, anchor="lm")
        x += w


def _new_group(lines: Sequence[Line], i: int) -> bool:
    return bool(lines[i].group) and (i == 0 or lines[i - 1].group != lines[i].group)


def standings_png(
    title: str,
    subtitle: str,
    headings: Sequence[str],
    lines: Sequence[Line],
    footer: str = "",
) -> bytes:
    """Draw the standings table and return it as PNG bytes.

    `headings` name the columns: rank, player, points, games, wins, VP share and, when the
    lines carry one, rating.
    """
    with_rating = any(line.rating for line in lines)
    groups = sum(1 for i, line in enumerate(lines) if _new_group(lines, i))
    height = TITLE_H + HEAD_H + ROW_H * (max(len(lines), 1) + groups) + FOOT_H + MARGIN
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN, 44), title, font=_font(TITLE_PX, bold=True), fill=INK, anchor="lm")
    draw.text((MARGIN, 104), subtitle, font=_font(SUB_PX), fill=MUTED, anchor="lm")
    y = TITLE_H
    draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + HEAD_H), fill=HEADER)
    count = 7 if with_rating else 6
    _cells(draw, y, list(headings)[:count], _font(TEXT_PX - 2, bold=True), HEADER_INK, HEAD_H)
    y += HEAD_H
    for i, line in enumerate(lines):
        if _new_group(lines, i):
            draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW_H), fill=GROUP)
            font = _font(TEXT_PX, bold=True)
            draw.text((MARGIN + 8, y + ROW_H // 2), line.group, font=font, fill=INK, anchor="lm")
            y += ROW_H
        fill = PODIUM.get(line.rank, SHADE if i % 2 else BACKGROUND)
        draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW_H), fill=fill)
        texts = [
            str(line.rank),
            line.name,
            line.points,
            str(line.games),
            str(line.wins),
            line.vp_share,
        ]
        if with_rating:
            texts.append(line.rating)
        _cells(draw, y, texts, _font(TEXT_PX, bold=line.rank == 1), INK, ROW_H)
        y += ROW_H
    if footer:
        draw.text(
            (MARGIN, y + FOOT_H // 2 + 8), footer, font=_font(TEXT_PX - 2), fill=MUTED, anchor="lm"
        )
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
