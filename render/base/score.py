"""The end-of-game image: each player's points by category, as a chart (issue 6).

One column per player (ordered by rank), one row per scoring category; every cell holds a
bar in the player's colour, proportional to the points, and the number itself, so the chart
reads without colour. Negative points (penalties) are drawn as hatched bars with a minus.
"""

from collections.abc import Mapping, Sequence

from engine.core.protocol import Result
from render.base.canvas import Box, Canvas
from render.base.fonts import Style
from render.base.header import HEADER_HEIGHT
from render.base.palette import BACKGROUND, EMPTY, HEADER, HEADER_INK, INK, MUTED, seat_label
from render.base.palette import seat_style as style_of
from render.base.shapes import panel, token
from render.i18n import current, language, strings, tr

WIDTH = 1600
ROW_H = 58
HEAD_ROW_H = 120
LABEL_W = 380
MARGIN = 30


def _ordinal(rank: int) -> str:
    return tr(f"score.rank_{rank}" if rank <= 3 else "score.rank_n", n=rank)


def categories(result: Result, labels: Mapping[str, str] | None) -> list[tuple[str, str]]:
    """Return the scoring categories of a result as (key, label), in display order."""
    keys: dict[str, None] = {}
    for mapping in result.breakdown:
        keys.update(dict.fromkeys(mapping))
    if labels:
        ordered = [key for key in labels if key in keys] + [k for k in keys if k not in labels]
    else:
        ordered = list(keys)
    names = labels or {}
    return [(key, names.get(key, _category(key))) for key in ordered]


def _category(key: str) -> str:
    """Return a scoring category's label in the current language (its key, spaced, if new)."""
    if f"category.{key}" in strings(current()):
        return tr(f"category.{key}")
    return key.replace("_", " ").capitalize()


def _bar(canvas: Canvas, cell: Box, value: int, scale: int, seat: int) -> None:
    """Draw one cell: a bar proportional to |value| and the number at the right."""
    number_w = 70
    track = Box(cell.x, cell.y + 12, cell.w - number_w - 8, cell.h - 24)
    canvas.draw.rectangle(track.xyxy, fill=EMPTY)
    if value:
        length = max(4, track.w * abs(value) // max(1, scale))
        bar = Box(track.x, track.y, length, track.h)
        canvas.draw.rectangle(bar.xyxy, fill=style_of(seat).colour, outline=INK)
        if value < 0:
            for x in range(bar.x - bar.h, bar.right, 10):
                canvas.draw.line(
                    (
                        max(bar.x, x),
                        bar.y + max(0, bar.x - x),
                        min(bar.right - 1, x + bar.h),
                        bar.bottom - 1 - max(0, x + bar.h - bar.right + 1),
                    ),
                    fill=INK,
                    width=2,
                )
    text = Box(cell.right - number_w, cell.y, number_w, cell.h)
    canvas.text(text, f"{value:+d}" if value < 0 else str(value), size=26, align="right")


def compose_score(
    result: Result,
    title: str,
    names: tuple[str, ...] | None = None,
    labels: Mapping[str, str] | None = None,
    lang: str = "en",
) -> Canvas:
    """Compose the final score chart (see `score_png`)."""
    with language(lang):
        return _compose_score(result, title, names, labels)


def _compose_score(
    result: Result,
    title: str,
    names: tuple[str, ...] | None,
    labels: Mapping[str, str] | None,
) -> Canvas:
    cats = categories(result, labels)
    order: Sequence[int] = sorted(range(len(result.scores)), key=lambda s: (result.ranks[s], s))
    height = HEADER_HEIGHT + HEAD_ROW_H + ROW_H * (len(cats) + 1) + 3 * MARGIN + 90
    canvas = Canvas(WIDTH, height, BACKGROUND)
    band = Box(0, 0, WIDTH, HEADER_HEIGHT)
    canvas.draw.rectangle(band.xyxy, fill=HEADER)
    winners = [s for s in order if result.ranks[s] == 1]
    who = tr("score.and").join(seat_label(s, names) for s in winners)
    canvas.text(
        band.inset(30, 14).top(56),
        tr("score.final", title=title),
        size=40,
        style=Style.BOLD,
        fill=HEADER_INK,
    )
    line = tr("score.wins", count=len(winners), who=who, points=result.scores[winners[0]])
    canvas.text(band.inset(30, 14).below(62), line, size=30, fill=HEADER_INK, valign="top")
    body = Box(
        MARGIN, HEADER_HEIGHT + MARGIN, WIDTH - 2 * MARGIN, height - HEADER_HEIGHT - 2 * MARGIN
    )
    panel(canvas, body)
    inner = body.inset(20, 16)
    columns = inner.after(LABEL_W).cols(len(order), gap=24)
    scale = max((abs(v) for m in result.breakdown for v in m.values()), default=1)
    for seat, column in zip(order, columns, strict=True):
        head = column.top(HEAD_ROW_H)
        token(canvas, seat, (head.x + 26, head.y + 30), 48)
        canvas.text(
            Box(head.x + 60, head.y, head.w - 60, 60),
            seat_label(seat, names),
            size=26,
            style=Style.BOLD,
        )
        canvas.text(
            Box(head.x, head.y + 64, head.w, 50),
            tr("score.rank_points", rank=_ordinal(result.ranks[seat]), points=result.scores[seat]),
            size=30,
            style=Style.BOLD,
        )
    y = inner.y + HEAD_ROW_H
    for index, (key, label) in enumerate(cats):
        row = Box(inner.x, y + index * ROW_H, inner.w, ROW_H)
        if index % 2 == 0:
            canvas.draw.rectangle(row.xyxy, fill=(243, 236, 222))
        canvas.text(row.left(LABEL_W - 10).inset(8, 4), label, size=26, fill=INK)
        for seat, column in zip(order, columns, strict=True):
            cell = Box(column.x, row.y, column.w, ROW_H)
            _bar(canvas, cell, result.breakdown[seat].get(key, 0), scale, seat)
    total = Box(inner.x, y + len(cats) * ROW_H + 8, inner.w, ROW_H)
    canvas.draw.line((total.x, total.y - 4, total.right, total.y - 4), fill=MUTED, width=3)
    canvas.text(total.left(LABEL_W - 10).inset(8, 4), tr("score.total"), size=28, style=Style.BOLD)
    for seat, column in zip(order, columns, strict=True):
        canvas.text(
            Box(column.x, total.y, column.w, total.h),
            str(result.scores[seat]),
            size=32,
            style=Style.BOLD,
            align="right",
        )
    tied = len(set(result.scores)) < len(result.scores)
    if tied and result.tie_break:
        note = Box(inner.x, total.bottom + 4, inner.w, inner.bottom - total.bottom - 4)
        key = f"tie_break.{result.tie_break}"
        why = tr(key) if key in strings(current()) else result.tie_break
        canvas.text(note, tr("score.tie", why=why), size=22, fill=MUTED)
    return canvas


def score_png(
    result: Result,
    title: str,
    names: tuple[str, ...] | None = None,
    labels: Mapping[str, str] | None = None,
    lang: str = "en",
) -> bytes:
    """Draw the final score chart: points per category and player, ordered by rank.

    Args:
        result: the engine's final result (scores, ranks, breakdown per seat).
        title: the game's name.
        names: player names by seat, if known (else "Player 1" ...).
        labels: category key -> display label, in display order (else keys as given).
        lang: the game's language ("en" or "es") for the chart's fixed words.
    """
    return compose_score(result, title, names, labels, lang).png()
