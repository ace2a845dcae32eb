"""The Troyes board composed from a scene: plain records, one field per board area.

The public board shows the header, players (VP hidden), influence track, the three
buildings, the city square's dice, the nine activity cards, the cathedral and the event
queue; with The Ladies of Troyes also the wall track and outer activities. A private image
adds that player's own VP and character cards. Areas whose record differs from the
previous scene are outlined. Coordinates come from data/troyes/layout.toml.
"""

from collections.abc import Callable, Hashable
from dataclasses import dataclass, fields

from render.base.areas import place_area
from render.base.canvas import Box, Canvas
from render.base.fonts import Style
from render.base.header import HEADER_HEIGHT, HeaderInfo, draw_header, draw_legend, highlight
from render.base.layout import load_layout
from render.base.palette import BACKGROUND, INK
from render.base.shapes import area, board, lane_track, panel
from render.i18n import tr
from render.troyes.areas import (
    Outer,
    Wall,
    card_box,
    draw_activities,
    draw_cathedral,
    draw_events,
    draw_wall,
)
from render.troyes.board import (
    Activity,
    Building,
    Event,
    TroyesPlayer,
    district_boxes,
    draw_buildings,
    draw_players,
    draw_square,
)


@dataclass(frozen=True, slots=True)
class TroyesScene:
    """Everything the public board shows, as plain records (one field per area)."""

    header: HeaderInfo
    players: tuple[TroyesPlayer, ...]
    influence: tuple[tuple[int, int], ...]
    buildings: tuple[Building, ...]
    square: tuple[tuple[int, tuple[tuple[str, int], ...]], ...]
    activities: tuple[Activity, ...]
    cathedral: tuple[tuple[int | None, ...], ...]
    events: tuple[tuple[Event, ...], tuple[int, ...], str]
    wall: tuple[Wall, tuple[Outer, ...]] | None = None
    # The deciding seat's half-built action: what for, and the dice chosen so far
    # (district, colour, value); drawn on the city square.
    plan: tuple[str, tuple[tuple[int, str, int], ...]] = ("", ())
    # The Ladies' "reveal one character" variant: the names of the characters shown to all;
    # drawn within the cathedral area.
    revealed: tuple[str, ...] = ()


# Areas drawn as several panels side by side rather than one panel filling the box.
_OPEN = frozenset({"buildings"})
# The header always changes; the plan is drawn within the city square.
_QUIET = frozenset({"header", "plan", "revealed"})


def changed_areas(previous: TroyesScene | None, scene: TroyesScene) -> set[str]:
    """Return the names of the areas that differ from `previous`."""
    if previous is None:
        return set()
    return {
        item.name
        for item in fields(TroyesScene)
        if item.name not in _QUIET and getattr(previous, item.name) != getattr(scene, item.name)
    }


def compose_scene(
    scene: TroyesScene, previous: TroyesScene | None = None, note: str = ""
) -> Canvas:
    """Compose the public board, highlighting what changed since `previous`."""
    layout = load_layout("troyes")
    footer = layout.box("footer" if scene.wall is None else "ladies_footer")
    drawers = _area_drawers(scene, layout.size("influence_max"))
    boxes = [layout.box(name) for name, _key, _draw in drawers]
    panels = [box for (name, _, _), box in zip(drawers, boxes, strict=True) if name not in _OPEN]
    canvas = board(layout.width, footer.bottom + 8, BACKGROUND, panels)
    draw_header(canvas, layout.box("header"), scene.header)
    for (name, key, draw), box in zip(drawers, boxes, strict=True):
        place_area(canvas, name, box, key, draw)
    changed = changed_areas(previous, scene)
    if previous is not None and previous.plan != scene.plan:
        changed.add("square")
    if previous is not None and previous.revealed != scene.revealed:
        changed.add("cathedral")
    for name in sorted(changed):
        highlight(canvas, layout.box(name))
    if previous is not None:
        for part in changed_parts(previous, scene, layout.box("activities"), layout.box("square")):
            highlight(canvas, part, width=4)
    draw_legend(canvas, footer, bool(changed), note)
    return canvas


def changed_parts(
    previous: TroyesScene, scene: TroyesScene, activities: Box, square: Box
) -> list[Box]:
    """Return the boxes of the activity cards and districts that differ from `previous`."""
    parts = [
        card_box(activities, new)
        for old, new in zip(previous.activities, scene.activities, strict=False)
        if old != new
    ]
    rows = district_boxes(square, len(scene.square))
    parts += [
        row.inset(4)
        for old, new, row in zip(previous.square, scene.square, rows, strict=False)
        if old != new
    ]
    return parts


Drawer = Callable[[Canvas, Box], None]


def _area_drawers(scene: TroyesScene, top: int) -> list[tuple[str, Hashable, Drawer]]:
    """Return (area name, cache key, drawing function) for each board area."""
    names = scene.header.names

    def influence(canvas: Canvas, box: Box) -> None:
        track = area(canvas, box, tr("troyes.influence"))
        lane_track(canvas, track, dict(scene.influence), 0, top, 34)

    drawers: list[tuple[str, Hashable, Drawer]] = [
        ("players", (scene.players, names), lambda c, b: draw_players(c, b, scene.players, names)),
        ("influence", scene.influence, influence),
        ("buildings", scene.buildings, lambda c, b: draw_buildings(c, b, scene.buildings)),
        (
            "square",
            (scene.square, names, scene.plan),
            lambda c, b: draw_square(c, b, scene.square, names, scene.plan),
        ),
        ("activities", scene.activities, lambda c, b: draw_activities(c, b, scene.activities)),
        (
            "cathedral",
            (scene.cathedral, scene.revealed) if scene.revealed else scene.cathedral,
            lambda c, b: draw_cathedral(c, b, scene.cathedral, scene.revealed),
        ),
        ("events", scene.events, lambda c, b: draw_events(c, b, *scene.events)),
    ]
    if scene.wall is not None:
        wall, outer = scene.wall
        drawers.append(("wall", scene.wall, lambda c, b: draw_wall(c, b, wall, outer)))
    return drawers


def compose_private(
    scene: TroyesScene, seat: int, vp: int | None, characters: tuple[tuple[str, str], ...]
) -> Canvas:
    """Compose a player's private image: their VP so far and their secret characters."""
    rows = max(1, len(characters))
    height = HEADER_HEIGHT + 16 + 90 + rows * 130 + 40
    canvas = Canvas(1600, height, BACKGROUND)
    draw_header(canvas, Box(0, 0, 1600, HEADER_HEIGHT), scene.header)
    box = Box(16, HEADER_HEIGHT + 16, 1568, height - HEADER_HEIGHT - 32)
    inner = area(canvas, box, tr("common.only_you"), tr("common.keep_secret"))
    shown = tr("troyes.unknown") if vp is None else str(vp)
    canvas.text(inner.top(44), tr("troyes.your_vp", vp=shown), size=28, style=Style.BOLD)
    cards = inner.below(52).rows(rows, gap=10)
    for (name, text), cell in zip(characters, cards, strict=False):
        panel(canvas, cell)
        canvas.text(
            cell.inset(14, 6).top(36), tr("troyes.character", name=name), size=24, style=Style.BOLD
        )
        canvas.text(cell.inset(14, 6).below(40), text, size=22, fill=INK, valign="top")
    return canvas
