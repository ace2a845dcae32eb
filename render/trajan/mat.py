"""A Trajan player's panel: the action circle (mancala) and what the player owns.

The six bowls sit in the mat's clockwise order (rules brief §3.1), as a ring of two columns:
I top-left, II top-right, III right, IV bottom-right, V bottom-left, VI left. Each bowl
shows its markers, the Trajan tile on its slot (colour pair and VP) and, in gold, the arch
when it stands on that slot. The tile is drawn as a tile, framed and labelled "asks"
("pide"), so its colours never read as markers in the bowl (playtest item 4). The column
beside the ring says what the arch means, then the player's facts, each on one line at a
phone's width (playtest item 79: beside a hexagon's wide empty centre, the column was so
narrow that "Workers' camp: 1" took two lines or three).
During the set-up the arch already stands on slot I (rules brief §2.7), but the starting
tiles go on slots II, IV and VI: those slots show an empty "starting tile" frame until
filled, and the centre says so (playtest of 2 December 2026).
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from render.base.canvas import Box, Canvas
from render.base.fonts import Style
from render.base.layout import load_layout
from render.base.palette import EMPTY, HIGHLIGHT, INK, MUTED, PANEL_EDGE, TIMES, seat_label
from render.base.shapes import chips, chips_fit, panel, token
from render.i18n import tr
from render.trajan.board import GOLD, marker

ROMAN = ("I", "II", "III", "IV", "V", "VI")
ARCH_INK = (140, 100, 0)
TILE = (250, 240, 215)  # a Trajan tile's face, as the stacks draw it
BADGES_PER_ROW = 4


def _size(name: str) -> int:
    return load_layout("trajan").size(name)


def panel_height() -> int:
    """Return one player's panel height (layout.toml `player_panel_h`)."""
    return _size("player_panel_h")


# The gap between the ring's two columns of bowls.
RING_GAP = 12


def _circle(panel: Box) -> Box:
    width, height = _size("bowl_w"), _size("bowl_h")
    inner = panel.inset(14, 10)
    return Box(inner.x, inner.y + 52, 2 * width + RING_GAP, 3 * height + 12)


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
    start_slots: tuple[int, ...] = ()  # set-up: the slots still waiting for a starting tile
    facts: tuple[str, ...] = ()
    owned: tuple[str, ...] = ()
    hand_cards: tuple[str, ...] = field(default=())
    picked: tuple[str, ...] = field(default=())  # cards chosen so far for a display or ship
    # `owned` with each bonus tile by its name, for a mat whose tiles say too much to fit
    short: tuple[str, ...] = field(default=())
    label: str = ""  # how the player is named (`palette.seat_label`); "" for "Player N"


def _bowl_centres(box: Box, width: int, height: int) -> list[tuple[int, int]]:
    """Return the bowls' centres, I-VI clockwise round two columns of three from top-left."""
    left = box.x + width // 2
    right = box.right - width // 2
    rows = [box.y + height // 2 + row * (height + 6) for row in range(3)]
    # (column, row) of bowls I-VI: down the right column, then up the left one.
    places = ((left, 0), (right, 0), (right, 1), (right, 2), (left, 2), (left, 1))
    return [(x, rows[row]) for x, row in places]


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
        _tile(canvas, Box(inner.x, mid_y - 18, inner.w, 36), slot)
    elif index in info.start_slots:
        _awaited(canvas, Box(inner.x, mid_y - 18, inner.w, 36))
    elif has_arch:
        canvas.text(
            Box(inner.right - 46, mid_y - 14, 46, 28),
            tr("trajan.arch"),
            size=18,
            style=Style.BOLD,
            fill=ARCH_INK,
            align="right",
            wrap=False,
        )
    _markers(
        canvas, Box(inner.x, mid_y + 19, inner.w, inner.bottom - mid_y - 19), info.bowls[index]
    )


def _tile(canvas: Canvas, box: Box, slot: Slot) -> None:
    """Draw a Trajan tile on its slot: "asks", the two colours it wants, its VP, framed."""
    canvas.rounded(box, radius=6, fill=TILE, outline=INK, width=2)
    canvas.text(Box(box.x + 4, box.y + 4, 40, box.h - 8), tr("trajan.wants"), size=18, wrap=False)
    for k, code in enumerate(slot.colours):
        marker(canvas, (box.x + 62 + k * 34, box.centre[1]), code, 32)
    vp = Box(box.x + 114, box.y + 4, box.w - 118, box.h - 8)
    canvas.text(vp, tr("common.vp", vp=slot.vp), size=18, wrap=False, align="right")


def _awaited(canvas: Canvas, box: Box) -> None:
    """Draw the empty frame of a starting Trajan tile still to be placed (set-up only)."""
    canvas.rounded(box, radius=6, fill=EMPTY, outline=MUTED, width=2)
    words = tr("trajan.start_slot")
    canvas.text(box.inset(4, 4), words, size=18, fill=MUTED, align="center", wrap=False)


def _centre(info: PlayerPanel) -> str:
    """Return what the ring's centre says the arch means (playtest item 5), set-up aside."""
    if info.start_slots and info.arch is not None:
        slots = [ROMAN[i] for i in info.start_slots]
        listed = (
            tr("trajan.list_and", first=", ".join(slots[:-1]), last=slots[-1])
            if len(slots) > 1
            else slots[0]
        )
        return tr("trajan.arch_setup", slots=listed, arch=ROMAN[info.arch])
    return tr("trajan.arch_full") if info.arch is None else tr("trajan.arch_here")


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
    side = Box(circle.right + 16, circle.y, inner.right - circle.right - 16, circle.h)
    # What the arch means (playtest item 5: "arch" was unexplained), then the facts.
    arch = canvas.text(side.top(52), _centre(info), size=20, fill=ARCH_INK, valign="top")
    facts = side.below(max(30, arch.ink.bottom - side.y + 12))
    canvas.text(facts, "\n".join(info.facts), size=20, valign="top")
    bottom = Box(inner.x, circle.bottom + 8, inner.w, inner.bottom - circle.bottom - 8)
    canvas.draw.line((bottom.x, bottom.y - 4, bottom.right, bottom.y - 4), fill=PANEL_EDGE)
    # 18 px, the mat's smallest (9 CSS px on a phone): an owned bonus tile says what it
    # scores, unless the tiles would not fit so; then it is named, as the senate names it.
    area = bottom.inset(0, 4)
    fits = chips_fit(area, info.owned, size=18, gap=6)
    owned = list(info.owned) if fits else list(info.short or info.owned)
    chips(canvas, area, owned or [tr("trajan.no_tiles")], size=18, gap=6)


def hand_height(cards: int) -> int:
    """Return the height of a hand of `cards` cards drawn three to a row (`draw_hand`)."""
    return 10 + 52 + max(2, math.ceil(cards / 3)) * 96 + 10


def draw_hand(
    canvas: Canvas, box: Box, cards: Sequence[str], picked: Sequence[str] = (), owner: str = ""
) -> None:
    """Draw a player's hand (private image only); cards already chosen are marked.

    Three cards to a row, as many rows as the box holds 96 px high (at least enough rows).
    `owner`: the player's name, for a hand shown to everyone at the end ("" during play).
    """
    panel(canvas, box)
    inner = box.inset(14, 10)
    if owner:
        title = tr("trajan.hand_of", name=owner, count=len(cards))
    else:
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
