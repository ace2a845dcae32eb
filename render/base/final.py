"""The final board's scores: each player's final total and points by category (issue 14).

A finished game's board shows the scores after final scoring (the game puts them on its own
tracks and panels: `Board`'s `final`), and the pipeline adds this area under the board:
the players by rank with their totals in the left half, the breakdown by category as one
table in the right half (playtest item 65: split in two tables, it read as two lists), so a
phone image shows the two one under the other. The table's columns are in place order, as
the ranks above it (playtest item 73: in seat order they read 1, 2, 3 under 3, 1, 2).
"""

from engine.core.protocol import Result
from render.base.canvas import Box, Canvas
from render.base.fonts import Style
from render.base.palette import INK, MUTED, seat_label
from render.base.phone import Panel
from render.base.score import categories
from render.base.shapes import area, area_inner, token
from render.i18n import tr

RANK_H = 52
HEAD_H = 46
ROW_H = 38
LABEL_W = 380  # the longest Spanish label at full size
GAP = 24

Names = tuple[str, ...] | None
# What the area shows: per seat (rank, total, name), then (label, per-seat points) rows.
Record = tuple[tuple[tuple[int, int, str], ...], tuple[tuple[str, tuple[int, ...]], ...]]


def record_of(result: Result, names: Names) -> Record:
    """Return the area's record: the players' ranks and totals, then one row per category."""
    seats = tuple(
        (result.ranks[s], result.scores[s], seat_label(s, names)) for s in range(len(result.scores))
    )
    rows = tuple(
        (label, tuple(result.breakdown[s].get(key, 0) for s in range(len(result.scores))))
        for key, label in categories(result, None)
    )
    return seats, (*rows, (tr("score.total"), result.scores))


def height(record: Record) -> int:
    """Return the area's height for its record."""
    seats, rows = record
    return 60 + max(len(seats) * RANK_H, HEAD_H + len(rows) * ROW_H) + 16


def phone_panel(box: Box, record: Record) -> Panel:
    """Return the area as a phone image shows it: its ranks, then its one table, unsplit."""
    seats, rows = record
    ranks, table = area_inner(box).cols(2, gap=GAP)
    return Panel(
        box,
        cells=(
            Box(ranks.x, ranks.y, ranks.w, len(seats) * RANK_H - 6),
            Box(table.x, table.y, table.w, HEAD_H + len(rows) * ROW_H),
        ),
    )


def _ordinal(rank: int) -> str:
    return tr(f"score.rank_{rank}" if rank <= 3 else "score.rank_n", n=rank)


def _points(value: int) -> str:
    return f"{value:+d}" if value < 0 else str(value)


def draw_final(canvas: Canvas, box: Box, *, record: Record) -> None:
    """Draw the final scores: ranks and totals at the left, the breakdown's table at the right."""
    seats, rows = record
    inner = area(canvas, box, tr("phone.final_title"))
    ranks, table = inner.cols(2, gap=GAP)
    order = sorted(range(len(seats)), key=lambda s: (seats[s][0], s))
    for index, seat in enumerate(order):
        rank, total, name = seats[seat]
        row = Box(ranks.x, ranks.y + index * RANK_H, ranks.w, RANK_H - 6)
        canvas.rounded(row, 8, (250, 244, 228), None)
        token(canvas, seat, (row.x + 24, row.y + row.h // 2), 36)
        label = tr("phone.final_place", place=_ordinal(rank), name=name)
        canvas.text(Box(row.x + 50, row.y, row.w - 190, row.h), label, size=24, style=Style.BOLD)
        canvas.text(
            Box(row.right - 136, row.y, 128, row.h),
            tr("common.vp", vp=total),
            size=26,
            style=Style.BOLD,
            align="right",
        )
    _table(canvas, table, order, rows, len(rows) - 1)


def _table(
    canvas: Canvas,
    box: Box,
    order: list[int],
    rows: tuple[tuple[str, tuple[int, ...]], ...],
    last: int,
) -> None:
    """Draw the breakdown: a row of seat tokens, then a row per category.

    Its columns are the seats of `order` (place order); the row of index `last` is the total.
    """
    columns = box.after(LABEL_W).cols(len(order), gap=6)
    for seat, column in zip(order, columns, strict=True):
        token(canvas, seat, (column.centre[0], box.y + HEAD_H // 2 - 2), 34)
    for index, (label, values) in enumerate(rows):
        row = Box(box.x, box.y + HEAD_H + index * ROW_H, box.w, ROW_H)
        if index % 2 == 0:
            canvas.fill(row, (243, 236, 222))
        total = index == last
        style = Style.BOLD if total else Style.REGULAR
        canvas.text(row.left(LABEL_W - 8).inset(8, 2), label, size=22, style=style, fill=INK)
        for value, column in zip((values[seat] for seat in order), columns, strict=True):
            cell = Box(column.x, row.y, column.w - 8, row.h).inset(0, 2)
            ink = MUTED if value == 0 and not total else INK
            canvas.text(cell, _points(value), size=22, style=style, fill=ink, align="right")
