"""The Trajan board composed from a scene: plain records, one field per board area.

The public board shows the header, time and VP tracks, the six action areas and one panel
per player; a private image shows one player's panel and hand. Every area whose record
differs from the previous scene is outlined in the highlight colour. Coordinates come from
data/trajan/layout.toml.
"""

from collections.abc import Callable, Hashable
from dataclasses import dataclass, fields
from functools import partial

from render.base.areas import place_area
from render.base.canvas import Box, Canvas
from render.base.header import HEADER_HEIGHT, HeaderInfo, draw_header, draw_legend, highlight
from render.base.layout import Layout, load_layout
from render.base.palette import BACKGROUND
from render.base.shapes import area, board, lane_track
from render.i18n import tr
from render.trajan.board import (
    Province,
    Ship,
    Site,
    TrajanTop,
    draw_construction,
    draw_forum,
    draw_map,
    draw_seaport,
    draw_senate,
    draw_time,
    draw_trajan_stacks,
    province_box,
    site_boxes,
)
from render.trajan.mat import PlayerPanel, bowl_boxes, draw_hand, draw_player, panel_height


@dataclass(frozen=True, slots=True)
class TrajanScene:
    """Everything the public board shows, as plain records (one field per highlighted area)."""

    header: HeaderInfo
    time: tuple[int, int, str]
    vp: tuple[tuple[int, int], ...]
    military: tuple[tuple[Province, ...], tuple[tuple[str, str], ...]]
    seaport: tuple[tuple[Ship, ...], tuple[str, ...], int]
    forum: tuple[tuple[str, ...], tuple[str, ...]]
    trajan: tuple[TrajanTop | str, ...]
    senate: tuple[tuple[tuple[int, int], ...], tuple[str, ...], tuple[str, ...]]
    construction: tuple[tuple[tuple[Site, ...], ...], tuple[tuple[int, int], ...]]
    players: tuple[PlayerPanel, ...]


# Areas never highlighted: the header always changes, and so does time on every turn.
_QUIET = frozenset({"header", "time"})


def changed_areas(previous: TrajanScene | None, scene: TrajanScene) -> set[str]:
    """Return the names of the areas (and "player<seat>") that differ from `previous`."""
    if previous is None:
        return set()
    names: set[str] = set()
    for item in fields(TrajanScene):
        if item.name in _QUIET or item.name == "players":
            continue
        if getattr(previous, item.name) != getattr(scene, item.name):
            names.add(item.name)
    for old, new in zip(previous.players, scene.players, strict=False):
        if old != new:
            names.add(f"player{new.seat}")
    return names


def _player_boxes(layout: Layout, count: int) -> list[Box]:
    region = layout.box("players")
    gap = layout.size("panel_gap")
    rows = region.rows(2, gap=gap)
    boxes = [cell for row in rows for cell in row.cols(2, gap=gap)]
    return boxes[:count]


def compose_scene(
    scene: TrajanScene, previous: TrajanScene | None = None, note: str = ""
) -> Canvas:
    """Compose the public board from a scene, highlighting what changed since `previous`."""
    layout = load_layout("trajan")
    players = _player_boxes(layout, len(scene.players))
    footer = layout.box("footer")
    if len(scene.players) <= 2:
        footer = Box(footer.x, players[-1].bottom + 8, footer.w, footer.h)
    drawers = _area_drawers(scene, layout)
    boxes = [layout.box(name) for name, _key, _draw in drawers]
    canvas = board(layout.width, footer.bottom + 8, BACKGROUND, [*boxes, *players])
    draw_header(canvas, layout.box("header"), scene.header)
    for (name, key, draw), box in zip(drawers, boxes, strict=True):
        place_area(canvas, name, box, key, draw)
    for info, box in zip(scene.players, players, strict=True):
        place_area(canvas, "player", box, info, partial(_draw_player, info=info))
    changed = changed_areas(previous, scene)
    for name in sorted(changed):
        if name.startswith("player"):
            highlight(canvas, players[int(name.removeprefix("player"))])
        else:
            highlight(canvas, layout.box(name))
    if previous is not None:
        for part in changed_parts(previous, scene, layout, players):
            highlight(canvas, part, width=4)
    draw_legend(canvas, footer, bool(changed), note)
    return canvas


def changed_parts(
    previous: TrajanScene, scene: TrajanScene, layout: Layout, players: list[Box]
) -> list[Box]:
    """Return the boxes of the provinces, sites and bowls that differ from `previous`."""
    node = (layout.size("province_w"), layout.size("province_h"))
    parts = [
        province_box(layout.point(new.id), node)
        for old, new in zip(previous.military[0], scene.military[0], strict=False)
        if old != new
    ]
    old_sites = [s for row in previous.construction[0] for s in row]
    new_rows = scene.construction[0]
    new_sites = [s for row in new_rows for s in row]
    cells = site_boxes(layout.box("construction"), len(new_rows), len(new_rows[0]))
    parts += [cell for a, b, cell in zip(old_sites, new_sites, cells, strict=False) if a != b]
    for old, new, box in zip(previous.players, scene.players, players, strict=False):
        for index, bowl in enumerate(bowl_boxes(box)):
            before = (old.bowls[index], old.slots[index], old.arch == index)
            if before != (new.bowls[index], new.slots[index], new.arch == index):
                parts.append(bowl.inset(4))
    return parts


def _draw_player(canvas: Canvas, box: Box, info: PlayerPanel) -> None:
    draw_player(canvas, box, info)


Drawer = Callable[[Canvas, Box], None]


def _area_drawers(scene: TrajanScene, layout: Layout) -> list[tuple[str, Hashable, Drawer]]:
    """Return (area name, cache key, drawing function) for each board area."""
    node = (layout.size("province_w"), layout.size("province_h"))
    centres = layout.points
    provinces, edges = scene.military
    spaces, bonus, demands = scene.senate
    sites, camp = scene.construction

    def vp(canvas: Canvas, box: Box) -> None:
        values = dict(scene.vp)
        track = area(canvas, box, tr("trajan.vp"))
        lane_track(canvas, track, values, 0, max(100, *values.values()), 34)

    return [
        ("time", scene.time, lambda c, b: draw_time(c, b, *scene.time)),
        ("vp", scene.vp, vp),
        ("military", scene.military, lambda c, b: draw_map(c, b, provinces, centres, edges, node)),
        ("seaport", scene.seaport, lambda c, b: draw_seaport(c, b, *scene.seaport)),
        ("forum", scene.forum, lambda c, b: draw_forum(c, b, *scene.forum)),
        ("trajan", scene.trajan, lambda c, b: draw_trajan_stacks(c, b, scene.trajan)),
        ("senate", scene.senate, lambda c, b: draw_senate(c, b, dict(spaces), bonus, demands)),
        (
            "construction",
            scene.construction,
            lambda c, b: draw_construction(c, b, sites, dict(camp)),
        ),
    ]


def compose_private(info: PlayerPanel, header: HeaderInfo) -> Canvas:
    """Compose a player's private image: their own panel beside their hand of cards."""
    panel_h = panel_height()
    height = HEADER_HEIGHT + 16 + panel_h + 16
    canvas = Canvas(1600, height, BACKGROUND)
    draw_header(canvas, Box(0, 0, 1600, HEADER_HEIGHT), header)
    draw_player(canvas, Box(16, HEADER_HEIGHT + 16, 784, panel_h), info)
    draw_hand(canvas, Box(816, HEADER_HEIGHT + 16, 768, panel_h), info.hand_cards, info.picked)
    return canvas
