"""The end-of-game image: each player's points by category, as a chart (issue 6).

One column per player (ordered by rank), one row per scoring category; every cell holds a
bar in the player's colour, proportional to the points, and the number itself, so the chart
reads without colour. Negative points (penalties) are drawn as hatched bars with a minus.

Phone-first (issue 14): Discord shows an image about 400 CSS px wide on a phone, so the
chart is 800 px wide and no text is under 18 px (9 CSS px there; `Canvas.text` never
shrinks below it); each column's head stacks the token, the name (two lines if need be)
and the rank with the total, so four players fit side by side.
"""

from collections.abc import Mapping, Sequence

from engine.core.protocol import Result
from render.base.canvas import Box, Canvas, fit_text, text_width
from render.base.fonts import MIN_TEXT_PX, Style
from render.base.header import HEADER_HEIGHT
from render.base.palette import BACKGROUND, EMPTY, HEADER, HEADER_INK, INK, MUTED, seat_label
from render.base.palette import seat_style as style_of
from render.base.shapes import panel, token
from render.i18n import current, language, strings, tr

WIDTH = 800  # read on a phone at 400 CSS px: 18 px text reads at 9 CSS px
ROW_H = 52
ROW_H_TWO = 62  # a row whose label takes two lines of 22 px
LABEL_PX = 22  # every category's label, long or short (playtest item 73)
HEAD_ROW_H = 164
LABEL_W = 210
MARGIN = 16
TOKEN = 40  # its letter is 22 px
NUMBER_W = 52


def _ordinal(rank: int) -> str:
    return tr(f"score.rank_{rank}" if rank <= 3 else "score.rank_n", n=rank)


def categories(result: Result, labels: Mapping[str, str] | None) -> list[tuple[str, str]]:
    """Return the scoring categories of a result as (key, label), in display order.

    A category nobody scored in (0 for all) is left out: it says nothing, and a row of
    zeros for "At the end of the game" read as if the game's end had scored nothing
    (playtest item 65).
    """
    every: dict[str, None] = {}
    for mapping in result.breakdown:
        every.update(dict.fromkeys(mapping))
    keys = [k for k in every if any(mapping.get(k, 0) for mapping in result.breakdown)]
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


def _fit_words(label: str, width: int) -> str:
    """Shorten each word too wide for a column even at the smallest size, with an ellipsis.

    A long name wraps onto up to three lines; only a single word wider than the column
    ("Aleksandrovich" in a four-player chart) is cut, so no text leaves its box.
    """
    return " ".join(_fit_word(word, width) for word in label.split(" "))


def _fit_word(word: str, width: int) -> str:
    fitted = word
    while len(fitted) > 2 and text_width(fitted, MIN_TEXT_PX, Style.BOLD) > width:
        fitted = fitted[:-2] + "\N{HORIZONTAL ELLIPSIS}"
    return fitted


def _label_box(row: Box) -> Box:
    """Return where a row's category label goes."""
    return row.left(LABEL_W - 8).inset(6, 3)


def _row_height(labels: Sequence[str]) -> int:
    """Return the rows' height: one line of 22 px, or two if a label needs them.

    Every label is drawn at the same size: a long one ("Legionnaires in camp") takes two
    lines of it, and every row is as high (playtest item 73: they were drawn smaller).
    """
    box = _label_box(Box(0, 0, WIDTH, ROW_H))
    fits = [
        fit_text(label, (box.w, box.h), LABEL_PX, Style.REGULAR, True, LABEL_PX) for label in labels
    ]
    one = all(len(fit.lines) == 1 and not fit.overflow for fit in fits)
    return ROW_H if one else ROW_H_TWO


def _bar(canvas: Canvas, cell: Box, value: int, scale: int, seat: int) -> None:
    """Draw one cell: a bar proportional to |value| and the number at the right."""
    number_w = NUMBER_W
    track = Box(cell.x, cell.y + 14, cell.w - number_w - 6, cell.h - 28)
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
    canvas.text(text, f"{value:+d}" if value < 0 else str(value), size=24, align="right")


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
    row_h = _row_height([label for _key, label in cats])
    height = HEADER_HEIGHT + HEAD_ROW_H + row_h * len(cats) + ROW_H + 3 * MARGIN + 50
    canvas = Canvas(WIDTH, height, BACKGROUND)
    band = Box(0, 0, WIDTH, HEADER_HEIGHT)
    canvas.draw.rectangle(band.xyxy, fill=HEADER)
    winners = [s for s in order if result.ranks[s] == 1]
    who = tr("score.and").join(seat_label(s, names) for s in winners)
    canvas.text(
        band.inset(20, 12).top(50),
        tr("score.final", title=title),
        size=34,
        style=Style.BOLD,
        fill=HEADER_INK,
    )
    line = tr("score.wins", count=len(winners), who=who, points=result.scores[winners[0]])
    canvas.text(band.inset(20, 12).below(56), line, size=26, fill=HEADER_INK, valign="top")
    body = Box(
        MARGIN, HEADER_HEIGHT + MARGIN, WIDTH - 2 * MARGIN, height - HEADER_HEIGHT - 2 * MARGIN
    )
    panel(canvas, body)
    inner = body.inset(12, 12)
    columns = inner.after(LABEL_W).cols(len(order), gap=10)
    scale = max((abs(v) for m in result.breakdown for v in m.values()), default=1)
    for seat, column in zip(order, columns, strict=True):
        head = column.top(HEAD_ROW_H)
        token(canvas, seat, (head.x + head.w // 2, head.y + TOKEN // 2 + 2), TOKEN)
        canvas.text(
            Box(head.x, head.y + TOKEN + 4, head.w, 78),  # three lines of 18 px at most
            _fit_words(seat_label(seat, names), head.w),
            size=22,
            style=Style.BOLD,
            align="center",
        )
        canvas.text(
            Box(head.x, head.y + TOKEN + 84, head.w, 36),
            tr("score.rank_points", rank=_ordinal(result.ranks[seat]), points=result.scores[seat]),
            size=22,
            style=Style.BOLD,
            align="center",
        )
    y = inner.y + HEAD_ROW_H
    for index, (key, label) in enumerate(cats):
        row = Box(inner.x, y + index * row_h, inner.w, row_h)
        if index % 2 == 0:
            canvas.draw.rectangle(row.xyxy, fill=(243, 236, 222))
        canvas.text(_label_box(row), label, size=LABEL_PX, fill=INK)
        for seat, column in zip(order, columns, strict=True):
            cell = Box(column.x, row.y, column.w, row_h)
            _bar(canvas, cell, result.breakdown[seat].get(key, 0), scale, seat)
    total = Box(inner.x, y + len(cats) * row_h + 8, inner.w, ROW_H)
    canvas.draw.line((total.x, total.y - 4, total.right, total.y - 4), fill=MUTED, width=3)
    canvas.text(total.left(LABEL_W - 8).inset(6, 3), tr("score.total"), size=24, style=Style.BOLD)
    for seat, column in zip(order, columns, strict=True):
        canvas.text(
            Box(column.x, total.y, column.w, total.h),
            str(result.scores[seat]),
            size=26,
            style=Style.BOLD,
            align="right",
        )
    tied = len(set(result.scores)) < len(result.scores)
    if tied and result.tie_break:
        note = Box(inner.x, total.bottom + 4, inner.w, inner.bottom - total.bottom - 4)
        key = f"tie_break.{result.tie_break}"
        why = tr(key) if key in strings(current()) else result.tie_break
        canvas.text(note, tr("score.tie", why=why), size=20, fill=MUTED)
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
