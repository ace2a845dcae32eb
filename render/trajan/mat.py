"""A Trajan player's panel: the action circle (mancala) and what the player owns.

The six bowls sit in the mat's clockwise order (rules brief §3.1): I top-left, II top-right,
III right, IV bottom-right, V bottom-left, VI left. Each bowl shows its markers, the Trajan
tile on its slot (colour pair and VP) and, in gold, the arch when it stands on that slot.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from render.base.canvas import Box, Canvas
from render.base.fonts import Style
from render.base.layout import load_layout
from render.base.palette import EMPTY, HIGHLIGHT, INK, MUTED, PANEL_EDGE, TIMES, seat_label
from render.base.shapes import chips, panel, token
from render.i18n import tr
from render.trajan.board import GOLD, marker

ROMAN = ("I", "II", "III", "IV", "V", "VI")
BADGES_PER_ROW = 4


def _size(name: str) -> int:
    return load_layout("trajan").size(name)


def panel_height() -> int:
    """Return one player's panel height (layout.toml `player_panel_h`)."""
    return _size("player_panel_h")


def _circle(panel: Box) -> Box:
    width, height = _size("bowl_w"), _size("bowl_h")
    inner = panel.inset(14, 10)
    return Box(inner.x, inner.y + 52, 3 * width + 12, 3 * height + 12)


@lru_cache(maxsize=64)
def bowl_boxes(panel: Box) -> tuple[Box, ...]:
    """Return the six bowls' boxes of a player panel, in bowl order I-VI."""
    width, height = _size("bowl_w"), _size("bowl_h")
    circle = _circle(panel)
    return tuple(
        Box(cx - width // 2, cy - height // 2, width, height)
        for cx, cy in _bowl_centres(circle, width, height)
    )


@dataclass(frozen=True, slots=True)
class Slot:
    """A Trajan tile waiting on an action-circle slot."""

    colours: tuple[str, str]
    vp: int


@dataclass(frozen=True, slots=True)
class PlayerPanel:
    """Everything public about one Trajan player, as the panel draws it."""

    seat: int
    vp: int
    hand: int
    actions: tuple[str, ...]
    bowls: tuple[tuple[str, ...], ...]
    slots: tuple[Slot | None, ...]
    arch: int | None
    facts: tuple[str, ...] = ()
    owned: tuple[str, ...] = ()
    hand_cards: tuple[str, ...] = field(default=())
    picked: tuple[str, ...] = field(default=())  # cards chosen so far for a display or ship
    label: str = ""  # how the player is named (`palette.seat_label`); "" for "Player N"


def _bowl_centres(box: Box, width: int, height: int) -> list[tuple[int, int]]:
    cx, cy = box.centre
    rx, ry = width + 6, (height + 6) / math.sin(math.radians(60))
    angles = (-120, -60, 0, 60, 120, 180)
    return [
        (
            round(cx + rx * math.cos(math.radians(a))),
            round(cy + ry * math.sin(math.radians(a))),
        )
        for a in angles
    ]


def _bowl(canvas: Canvas, box: Box, index: int, info: PlayerPanel) -> None:
    has_arch = info.arch == index
    edge = GOLD if has_arch else PANEL_EDGE
    canvas.rounded(box, radius=14, fill=EMPTY, outline=edge, width=5 if has_arch else 2)
    inner = box.inset(8, 4)
    title = f"{ROMAN[index]} {info.actions[index]}"
    canvas.text(inner.top(28), title, size=20, style=Style.BOLD)
    slot = info.slots[index]
    mid_y = inner.y + 28 + 17
    if slot is not None:
        for k, code in enumerate(slot.colours):
            marker(canvas, (inner.x + 16 + k * 36, mid_y), code, 32)
        canvas.text(
            Box(inner.x + 72, mid_y - 14, 50, 28), tr("common.vp", vp=slot.vp), size=18, wrap=False
        )
    if has_arch:
        canvas.text(
            Box(inner.right - 46, mid_y - 14, 46, 28),
            tr("trajan.arch"),
            size=18,
            style=Style.BOLD,
            fill=(140, 100, 0),
            align="right",
            wrap=False,
        )
    _markers(
        canvas, Box(inner.x, mid_y + 18, inner.w, inner.bottom - mid_y - 18), info.bowls[index]
    )


def _markers(canvas: Canvas, box: Box, codes: tuple[str, ...]) -> None:
    if not codes:
        canvas.text(box.top(32), tr("common.empty"), size=18, fill=MUTED)
        return
    if len(codes) <= 2 * BADGES_PER_ROW:
        for k, code in enumerate(codes):
            row, col = divmod(k, BADGES_PER_ROW)
            marker(canvas, (box.x + 16 + col * 36, box.y + 16 + row * 34), code, 32)
        return
    counts: dict[str, int] = {}
    for code in codes:
        counts[code] = counts.get(code, 0) + 1
    text = " ".join(
        f"{tr(f'marker_letter.{code}')}{TIMES}{n}" for code, n in sorted(counts.items())
    )
    canvas.text(box, text, size=20, style=Style.BOLD)


def draw_player(canvas: Canvas, box: Box, info: PlayerPanel) -> None:
    """Draw one player's panel: header, action circle, facts and owned tiles."""
    panel(canvas, box)
    inner = box.inset(14, 10)
    head = inner.top(44)
    token(canvas, info.seat, (head.x + 20, head.y + 22), 40)
    canvas.text(
        Box(head.x + 50, head.y, head.w - 330, 44),
        info.label or seat_label(info.seat),
        size=26,
        style=Style.BOLD,
    )
    canvas.text(
        head.after(head.w - 270),
        tr("trajan.panel_vp", vp=info.vp, hand=info.hand),
        size=26,
        style=Style.BOLD,
        align="right",
    )
    for index, bowl in enumerate(bowl_boxes(box)):
        _bowl(canvas, bowl, index, info)
    circle = _circle(box)
    if info.arch is None:
        canvas.text(
            Box(circle.centre[0] - 60, circle.centre[1] - 16, 120, 32),
            tr("trajan.arch_full"),
            size=18,
            align="center",
            fill=(140, 100, 0),
        )
    side = Box(circle.right + 16, circle.y, inner.right - circle.right - 16, circle.h)
    canvas.text(side, "\n".join(info.facts), size=20, valign="top")
    bottom = Box(inner.x, circle.bottom + 8, inner.w, inner.bottom - circle.bottom - 8)
    canvas.draw.line((bottom.x, bottom.y - 4, bottom.right, bottom.y - 4), fill=PANEL_EDGE)
    chips(canvas, bottom.inset(0, 4), list(info.owned) or [tr("trajan.no_tiles")], size=20, gap=6)


def hand_height(cards: int) -> int:
    """Return the height of a hand of `cards` cards drawn three to a row (`draw_hand`)."""
    return 10 + 52 + max(2, math.ceil(cards / 3)) * 96 + 10


def draw_hand(canvas: Canvas, box: Box, cards: Sequence[str], picked: Sequence[str] = ()) -> None:
    """Draw a player's hand (private image only); cards already chosen are marked.

    Three cards to a row, as many rows as the box holds 96 px high (at least enough rows).
    """
    panel(canvas, box)
    inner = box.inset(14, 10)
    title = tr("trajan.hand", count=len(cards))
    if picked:
        title += tr("trajan.hand_chosen", n=len(picked))
    canvas.text(inner.top(40), title, size=26, style=Style.BOLD)
    still = list(picked)
    area = inner.below(52)
    per_row = 3
    rows = max(1, math.ceil(len(cards) / per_row), (area.h + 8) // 96)
    cells = [c for r in area.rows(rows, gap=8) for c in r.cols(per_row, gap=8)]
    for name, cell in zip(cards, cells, strict=False):
        chosen = name in still
        if chosen:
            still.remove(name)
        canvas.rounded(cell, 10, (250, 244, 228), HIGHLIGHT if chosen else INK, 5 if chosen else 2)
        label = tr("trajan.card_chosen", name=name) if chosen else name
        canvas.text(cell.inset(10, 6), label, size=22, align="center", style=Style.BOLD)
