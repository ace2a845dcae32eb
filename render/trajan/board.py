"""Trajan's shared board areas, drawn from plain values (rules brief §1.7-§1.13).

Each function draws one area into its box from simple frozen records, so the areas can be
checked on their own; `render.trajan` reads the engine's public view into these records.
Action-marker colours always carry their letter (B, Y, G, O, P, W) as well as their colour.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from render.base.areas import place_plate
from render.base.canvas import Box, Canvas, fit_text, text_width
from render.base.fonts import Style
from render.base.palette import EMPTY, INK, MUTED, PANEL_EDGE, TIMES, WHITE, Colour
from render.base.shapes import area, area_inner, badge, chips, chips_fit, tile, token
from render.i18n import tr

MARKER_COLOURS: Mapping[str, Colour] = {
    "B": (86, 156, 226),
    "Y": (247, 214, 64),
    "G": (150, 212, 110),
    "O": (242, 142, 43),
    "P": (242, 156, 196),
    "W": (252, 252, 252),
}
GOLD: Colour = (212, 160, 23)
# The forum's column of yellow extra-action spaces: room for its heading.
FORUM_EXTRAS_W = 214


@dataclass(frozen=True, slots=True)
class Province:
    """One province (or the camp) as the map shows it."""

    id: str
    name: str
    vp: int
    tile: str | None
    leaders: tuple[int, ...]
    legionnaires: tuple[tuple[int, int], ...]  # (seat, count)


@dataclass(frozen=True, slots=True)
class Ship:
    """One ship tile: which side is up and what each size pays on that side.

    `unit` is what a size counts: "cards" (same or different goods) or "pairs".
    """

    name: str
    front: bool
    pays: tuple[int, ...]
    unit: str = "cards"


@dataclass(frozen=True, slots=True)
class TrajanTop:
    """The top tile of a Trajan stack, and how many tiles the stack holds."""

    category: str
    vp: int
    colours: tuple[str, str]
    left: int
    stack: int = 0  # the stack's number (1-6), as the choices name it


@dataclass(frozen=True, slots=True)
class Site:
    """One construction site: its label, its workers' seats and its number (1-20).

    The label ("3: Door (4 VP)") is None once the site's tile is taken; the number is the
    one the choices name.
    """

    tile: str | None
    workers: tuple[int, ...]
    number: int = 0


def marker(canvas: Canvas, centre: tuple[int, int], code: str, size: int = 34) -> None:
    """Draw one octagonal action marker with its colour letter."""
    badge(canvas, centre, MARKER_COLOURS[code], INK, tr(f"marker_letter.{code}"), size)


def leader(canvas: Canvas, seat: int, centre: tuple[int, int], size: int) -> None:
    """Draw a military leader: a seat token inside a gold ring."""
    ring = size // 2 + 5
    cx, cy = centre
    canvas.draw.ellipse((cx - ring, cy - ring, cx + ring, cy + ring), fill=GOLD, outline=INK)
    token(canvas, seat, centre, size)


def draw_time(canvas: Canvas, box: Box, position: int, length: int, label: str) -> None:
    """Draw the time track as a strip of spaces with the time marker on its space."""
    inner = area(canvas, box, tr("trajan.time"), label)
    cell_w = inner.w // max(1, length)
    for index in range(length):
        cell = Box(inner.x + index * cell_w, inner.y + 4, cell_w - 4, inner.h - 8)
        reached = index < position
        fill = (205, 190, 150) if reached else EMPTY
        canvas.rounded(cell, radius=6, fill=fill, outline=PANEL_EDGE)
        if index == position:
            canvas.rounded(cell, radius=6, fill=INK)
            canvas.text(cell.inset(2), "▲", size=24, fill=WHITE, align="center", wrap=False)


def draw_map(
    canvas: Canvas,
    box: Box,
    provinces: Sequence[Province],
    centres: Mapping[str, tuple[int, int]],
    edges: Sequence[tuple[str, str]],
    node: tuple[int, int],
) -> None:
    """Draw the province map: adjacency lines, then one node per province.

    The panel, roads and province frames never change, so they are one cached plate
    (`place_plate`); only the tiles, leaders and legionnaires are drawn for each state.
    """
    fixed = tuple((p.id, p.name, p.vp, centres[p.id]) for p in provinces)
    key = (fixed, tuple(edges), node)

    def frame(canvas: Canvas, box: Box) -> None:
        area(canvas, box, tr("trajan.military"), tr("trajan.military_hint"))
        for first, second in edges:
            canvas.draw.line((*centres[first], *centres[second]), fill=PANEL_EDGE, width=5)
        for province in provinces:
            _province_frame(canvas, province_box(centres[province.id], node), province)

    place_plate(canvas, "military", box, key, frame)
    for province in provinces:
        _province(canvas, province_box(centres[province.id], node), province)


def _province_frame(canvas: Canvas, box: Box, province: Province) -> None:
    """Draw a province's node and title (part of the map's plate)."""
    camp = province.vp == 0
    fill = (236, 228, 214) if camp else (244, 238, 222)
    canvas.rounded(box, radius=12, fill=fill, outline=INK, width=2)
    inner = box.inset(10, 4)
    title = province.name if camp else f"{province.name} · {tr('common.vp', vp=province.vp)}"
    canvas.text(inner.top(30), title, size=24, style=Style.BOLD)


def _province(canvas: Canvas, box: Box, province: Province) -> None:
    """Draw what a province holds, on its frame."""
    camp = province.vp == 0
    body = box.inset(10, 4).below(32)
    if province.tile:
        tile_box = body.after(body.w - 126)
        # Room for "Comodín / de / mercancía" (its tile's name, seventh playtest item 11b).
        tile(canvas, tile_box.inset(0, 2), province.tile, fill=(160, 205, 150), size=20, pad=4)
    y = body.y + 24
    for index, seat in enumerate(province.leaders):
        leader(canvas, seat, (body.x + 22 + index * 48, y), 34)
    y += 46
    x = body.x + 16
    for seat, count in province.legionnaires:
        if count <= 0:
            continue
        token(canvas, seat, (x, y), 32)
        x += 20
        if count > 1 or camp:
            canvas.text(Box(x, y - 14, 40, 28), f"{TIMES}{count}", size=20, wrap=False)
            x += 40
        x += 18


def draw_seaport(
    canvas: Canvas, box: Box, ships: Sequence[Ship], discards: Sequence[str], deck: int
) -> None:
    """Draw the three ships (side up and payouts) and the card piles.

    Each ship says on its first line its name and what its side means, on its second what
    shipping pays by size: "1 card: 2 VP · 2: 6 · 3: 12 · 4: 20" (playtest item 77).
    """
    inner = area(canvas, box, tr("trajan.seaport"), tr("trajan.seaport_hint", count=deck))
    rows = inner.top(inner.h - 80).rows(len(ships), gap=8)
    for ship, row in zip(ships, rows, strict=True):
        fill = (120, 170, 215) if ship.front else (190, 190, 190)
        canvas.rounded(row, radius=10, fill=fill, outline=INK)
        lines = row.inset(12, 3)
        first, second = lines.top(lines.h // 2), lines.below(lines.h // 2)
        name_w = min(first.w // 2, 24 + int(text_width(ship.name, 22, Style.BOLD)))
        canvas.text(first.left(name_w), ship.name, size=22, style=Style.BOLD, wrap=False)
        side = tr("trajan.ship_front") if ship.front else tr("trajan.ship_grey")
        canvas.text(first.after(name_w), side, size=20, align="right", wrap=False)
        canvas.text(second, _pays(ship), size=22, wrap=False)
    piles = inner.below(inner.h - 72)  # two rows of chips: each pile's top card and size
    labels = [tr("trajan.discard", i=i, name=name) for i, name in enumerate(discards, start=1)]
    chips(canvas, piles, labels or [tr("trajan.no_discards")], size=22)


def _pays(ship: Ship) -> str:
    """Return what a ship pays by size: "1 card: 2 VP · 2: 6 · 3: 12 · 4: 20"."""
    if not ship.pays:
        return ""
    first = tr(f"trajan.ship_first_{ship.unit}", vp=ship.pays[0])
    rest = [f"{n}: {vp}" for n, vp in enumerate(ship.pays[1:], start=2)]
    return " · ".join([first, *rest])


def draw_forum(canvas: Canvas, box: Box, extras: Sequence[str], tiles: Sequence[str]) -> None:
    """Draw the forum display: the yellow extra-action spaces and the green tile spaces.

    Each kind of space is headed by its name (playtest item 76: a yellow and a green
    "Extra: Seaport" said nothing of what the colours mean).
    """
    count = sum(1 for label in (*extras, *tiles) if label)
    inner = area(canvas, box, tr("trajan.forum"), tr("trajan.forum_hint", count=count))
    left, right = inner.left(FORUM_EXTRAS_W), inner.after(FORUM_EXTRAS_W + 12)
    canvas.text(left.top(26), tr("trajan.forum_extras"), size=18, style=Style.BOLD, wrap=False)
    canvas.text(right.top(26), tr("trajan.forum_tiles"), size=18, style=Style.BOLD, wrap=False)
    left, right = left.below(30), right.below(30)
    for label, cell in zip(extras, left.rows(3, gap=8), strict=False):
        tile(canvas, cell, label, fill=(247, 214, 64) if label else EMPTY, size=22)
    cells = [c for r in right.rows(3, gap=8) for c in r.cols(4, gap=8)]
    for label, cell in zip(tiles, cells, strict=False):
        # Room for "Senate 5 (5 votes)" and "Commodity wild" in two lines.
        tile(canvas, cell, label, fill=(170, 214, 160) if label else EMPTY, size=22, pad=6)


def draw_trajan_stacks(canvas: Canvas, box: Box, stacks: Sequence[TrajanTop | str]) -> None:
    """Draw the six Trajan stacks: top tile's category, VP, colour pair and count."""
    inner = area(canvas, box, tr("trajan.trajan"), tr("trajan.trajan_hint"))
    cells = [c for r in inner.rows(2, gap=10) for c in r.cols(3, gap=10)]
    for top, cell in zip(stacks, cells, strict=False):
        canvas.rounded(cell, radius=10, fill=(250, 240, 215), outline=INK)
        if isinstance(top, str):
            canvas.text(cell.inset(10), top, size=22, fill=MUTED, align="center")
            continue
        body = cell.inset(10, 6)
        canvas.text(body.top(30), top.category, size=22, style=Style.BOLD)
        y = body.y + 52
        for index, code in enumerate(top.colours):
            marker(canvas, (body.x + 20 + index * 42, y), code)
        canvas.text(
            Box(body.x + 90, y - 16, body.w - 90, 32),
            tr("common.vp", vp=top.vp),
            size=22,
            align="right",
        )
        left = tr("trajan.in_stack", stack=top.stack, count=top.left)
        canvas.text(body.below(body.h - 28), left, size=20, fill=MUTED)


# Where the workers' camp starts in the construction district's inner box.
CAMP_X = 1120


def site_boxes(box: Box, rows: int, cols: int) -> list[Box]:
    """Return the construction sites' boxes, row by row, for the area in `box`."""
    grid = area_inner(box).left(1100)
    return [cell for row in grid.rows(rows, gap=6) for cell in row.cols(cols, gap=6)]


def province_box(centre: tuple[int, int], node: tuple[int, int]) -> Box:
    """Return a province node's box from its centre and size."""
    return Box(centre[0] - node[0] // 2, centre[1] - node[1] // 2, *node)


def draw_construction(
    canvas: Canvas, box: Box, sites: Sequence[Sequence[Site]], camp: Mapping[int, int]
) -> None:
    """Draw the 4 x 5 construction district and the workers' camp."""
    inner = area(canvas, box, tr("trajan.construction"))
    camp_box = inner.after(CAMP_X)
    cells = site_boxes(box, len(sites), len(sites[0]) if sites else 0)
    for site, cell in zip((s for row in sites for s in row), cells, strict=True):
        fill = (222, 200, 170) if site.tile else EMPTY
        canvas.rounded(cell, radius=8, fill=fill, outline=PANEL_EDGE)
        label_w = cell.w - 40 * len(site.workers) - 8
        # Every site carries its number, as the choices name it (playtest item 7); beside
        # three or more workers only the number fits.
        label = site.tile if site.tile and label_w >= 120 else ""
        label = label or (str(site.number) if site.number else "")
        if label and label_w > 40:
            canvas.text(
                cell.inset(8, 2).left(label_w), label, size=20, fill=INK if site.tile else MUTED
            )
        for index, seat in enumerate(site.workers):
            token(canvas, seat, (cell.right - 22 - index * 40, cell.y + cell.h // 2), 34)
    canvas.rounded(camp_box, radius=40, fill=(236, 200, 190), outline=INK)
    canvas.text(camp_box.inset(16, 8).top(34), tr("trajan.workers_camp"), size=24, style=Style.BOLD)
    y = camp_box.y + 70
    for seat, count in sorted(camp.items()):
        token(canvas, seat, (camp_box.x + 40, y), 36)
        canvas.text(Box(camp_box.x + 66, y - 16, 300, 32), f"{TIMES} {count}", size=24)
        y += 50


@dataclass(frozen=True, slots=True)
class SenateLane:
    """One seat on the senate track: its space, the senate tiles it holds, its votes."""

    seat: int
    space: int
    tiles: tuple[int, ...] = ()  # the votes of each senate tile taken at the forum
    votes: int = 0  # at the quarter's vote: the space's votes plus the tiles'


@dataclass(frozen=True, slots=True)
class Senate:
    """The senate area: the lanes, each space's votes, the bonus tiles and the demands.

    `penalty` is what 1, 2 and 3 unmet demands cost at the quarter's end (board.toml).
    """

    lanes: tuple[SenateLane, ...]
    space_votes: tuple[int, ...]
    bonus: tuple[str, ...] = ()
    demands: tuple[str, ...] = ()
    penalty: tuple[int, ...] = (4, 9, 15)


# The senate track's right-hand column: each lane's votes, the rows' names under it.
SENATE_VOTES_W = 190
SENATE_ROW = 24


def senate_sum(lane: SenateLane, base: int) -> str:
    """Return a lane's votes as the mat words them: "5 votes", or "5 + 3 = 8" with tiles."""
    if not lane.tiles:
        return tr("trajan.senate_votes", votes=lane.votes)
    tiles = "+".join(str(t) for t in lane.tiles)
    return tr("trajan.senate_sum", base=base, tiles=tiles, votes=lane.votes)


def draw_senate(canvas: Canvas, box: Box, senate: Senate) -> None:
    """Draw the senate track (one lane per seat), the bonus tiles on offer and the demands.

    Under the lanes, each space's number and the votes it gives; at each lane's end its
    votes, senate tiles added ("5 + 3 = 8", as the player's mat says it: playtest item 92,
    where the mat said "space 4, 5 votes" and the track "votes = space"). The demand chips
    are explained by a caption (what the people's demands cost at the quarter's end).
    """
    inner = area(canvas, box, tr("trajan.senate"), tr("trajan.senate_hint"))
    labels = [tr("trajan.bonus_chip", name=b) for b in senate.bonus]
    labels += [tr("trajan.demand_chip", name=d) for d in senate.demands]
    labels = labels or [tr("trajan.no_bonus")]
    one, two, three = (*senate.penalty, 0, 0, 0)[:3]
    caption = tr("trajan.senate_demands", one=one, two=two, three=three)
    caption_h = fit_text(caption, (inner.w, 200), 18, Style.REGULAR, True, 18).height + 4
    chips_h = 2 * round(20 * 1.45) + 6
    count = max(1, len(senate.lanes))
    room = inner.h - 2 * SENATE_ROW - 10 - chips_h - 6 - caption_h
    lane_h = max(36, min(46, (room - 4 * (count - 1)) // count))
    track = inner.top(count * lane_h + 4 * (count - 1))
    lanes = track.rows(count, gap=4)
    spaces = len(senate.space_votes)
    cells = track.left(track.w - SENATE_VOTES_W - 8)
    cell_w = cells.w // max(1, spaces)
    column = track.after(cells.w + 8)
    for lane, row in zip(senate.lanes, lanes, strict=True):
        for space in range(spaces):
            cell = Box(row.x + space * cell_w, row.y, cell_w - 4, row.h)
            canvas.fill(cell, EMPTY if space else (214, 204, 180))
            if space == lane.space:
                token(canvas, lane.seat, cell.centre, min(36, max(32, row.h - 4)))
        base = senate.space_votes[min(lane.space, spaces - 1)] if spaces else 0
        votes = Box(column.x, row.y, column.w, row.h)
        canvas.text(votes, senate_sum(lane, base), size=20, style=Style.BOLD, wrap=False)
    rows = [Box(track.x, track.bottom + 2 + k * SENATE_ROW, track.w, SENATE_ROW) for k in (0, 1)]
    for row, values, name in zip(
        rows,
        (range(spaces), senate.space_votes),
        (tr("trajan.senate_space_row"), tr("trajan.senate_votes_row")),
        strict=True,
    ):
        for space, value in enumerate(values):
            cell = Box(row.x + space * cell_w, row.y, cell_w - 4, SENATE_ROW - 2)
            canvas.text(cell, str(value), size=18, fill=MUTED, align="center", wrap=False)
        canvas.text(
            Box(column.x, row.y, column.w, SENATE_ROW - 2), name, size=18, fill=MUTED, wrap=False
        )
    rest = Box(inner.x, rows[1].bottom + 8, inner.w, chips_h)
    # At 18 px (9 CSS px on a phone) when the chips take more than two rows at 20.
    size = 20 if chips_fit(rest, labels, size=20, gap=6) else 18
    chips(canvas, rest, labels, size=size, gap=6)
    if chips_fit(rest.top(round(size * 1.45)), labels, size=size, gap=6):
        rest = rest.top(round(size * 1.45))  # one row: the caption right under it
    words = Box(inner.x, rest.bottom + 6, inner.w, inner.bottom - rest.bottom - 6)
    canvas.text(words, caption, size=18, fill=MUTED, valign="top")
