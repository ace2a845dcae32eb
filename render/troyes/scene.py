"""The Troyes board as a scene (plain records, one field per board area) and its layout.

The public board shows the header, players (VP hidden), influence track, the three
buildings, the city square's dice, the nine activity cards, the cathedral and the event
queue; with The Ladies of Troyes also the wall track and outer activities. A private image
adds that player's own VP and character cards. `plan` lays a scene out as the areas the
board pipeline (`render.base.board`) draws, caches and marks when changed. Coordinates come
from data/troyes/layout.toml.
"""

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.core.protocol import Result
from render.base.board import PRIVATE_WIDTH, Area, Plan, private_canvas
from render.base.canvas import Box, Canvas, fit_text
from render.base.fonts import Style
from render.base.header import HeaderInfo
from render.base.layout import Layout
from render.base.palette import INK, seat_label
from render.base.phone import Panel, Shot
from render.base.shapes import area, area_inner, lane_track, panel
from render.i18n import tr
from render.troyes.areas import (
    Outer,
    Wall,
    card_box,
    draw_activities,
    draw_cathedral,
    draw_events,
    draw_wall,
    event_boxes,
    wall_boxes,
)
from render.troyes.board import (
    DISTRICT_HEAD,
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
    events: tuple[tuple[Event, ...], tuple[int, ...], str, str]
    wall: tuple[Wall, tuple[Outer, ...]] | None = None
    # The deciding seat's half-built action: what for, and the dice chosen so far
    # (district, colour, value); drawn on the city square.
    plan: tuple[str, tuple[tuple[int, str, int], ...]] = ("", ())
    # The Ladies' "reveal one character" variant: the names of the characters shown to all;
    # drawn within the cathedral area.
    revealed: tuple[str, ...] = ()
    # The board area the pending decision is about: the first phone image shows it.
    focus: str = ""


# Which area each kind of decision is about (the rest: the city square's dice). "actions"
# is the choice of an action: the activity cards, the events and the cathedral together.
FOCUS = {
    "turn": "actions",
    "start": "buildings",
    "craftsman": "activities",
    "cube": "activities",
    "counter": "events",
    "counter_more": "events",
    "event_cube": "events",
    "wall": "wall",
}
# How many cubes or uses: the image is of what the plan counts for (playtest item 49).
COUNTED = {"cathedral": "cathedral", "event": "events", "card": "activities"}


# The captions of the areas whose title is not troyes.<area>.
CAPTIONS = {"buildings": "phone.buildings", "wall": "troyes.walls", "actions": "phone.actions"}
# The areas an image about choosing an action shows, one under the other (playtest item 21).
ACTIONS = ("activities", "events", "cathedral")


def shots(scene: TroyesScene, laid: Plan) -> Sequence[Shot]:
    """Return the phone images: the decision's area, then the deciding player's own column."""
    seat = scene.header.seat
    if seat is None:
        return ()
    boxes = {a.name: a.box for a in laid.areas}
    out = []
    title = tr(CAPTIONS.get(scene.focus, f"troyes.{scene.focus}"))
    if scene.focus == "actions" and all(name in boxes for name in ACTIONS):
        shown = tuple(part for name in ACTIONS for part in panels(scene, name, boxes[name]))
        out.append(Shot("focus", title, shown))
    elif scene.focus in boxes:
        out.append(Shot("focus", title, panels(scene, scene.focus, boxes[scene.focus])))
    seats = [p.seat for p in scene.players]
    if seat in seats and "players" in boxes:
        columns = area_inner(boxes["players"]).cols(len(seats), gap=12)
        name = seat_label(seat, scene.header.names)
        out.append(Shot("player", tr("phone.player", name=name), (columns[seats.index(seat)],)))
    return out


def panels(scene: TroyesScene, name: str, box: Box) -> tuple[Box | Panel, ...]:
    """Return an area's panels as a phone image lays them out (`render.base.phone.Panel`).

    Each building is a panel of its own; the city square keeps its districts' rows; the
    activity cards (face-up ones only) and the event queue flow in reading order; the wall
    shows its whole track, then the outer activities' tiles two to a row (playtest item 68).
    """
    if name == "buildings":
        return tuple(box.cols(len(scene.buildings), gap=16))
    if name == "square":
        rows = district_boxes(box, len(scene.square))
        cuts = [rows[0].y - 3, *((a.bottom + b.y) // 2 for a, b in itertools.pairwise(rows))]
        return (Panel(box, cuts=tuple(cuts), head=rows[0].x + DISTRICT_HEAD),)
    if name == "activities":  # a face-down card offers nothing yet: the whole board has it
        shown = [card for card in scene.activities if card.revealed] or list(scene.activities)
        return (Panel(box, cells=tuple(card_box(box, card) for card in shown)),)
    if name == "events":
        events = scene.events[0]
        inner = area_inner(box)
        cells = tuple(event_boxes(box, len(events)))
        return (Panel(box, cuts=(inner.y - 2,), cells=cells),)
    if name == "wall" and scene.wall is not None:  # the whole track, then the gates' tiles
        wall, outer = scene.wall
        track, tiles = wall_boxes(box, wall, len(outer))
        return (Panel(box, cells=(track, *tiles)),)
    return (box,)


def final(scene: TroyesScene, result: Result) -> TroyesScene:
    """Return the scene with the final scores on the players' columns."""
    return replace(
        scene, players=tuple(replace(p, vp=result.scores[p.seat]) for p in scene.players)
    )


def plan(scene: TroyesScene, layout: Layout) -> Plan:
    """Lay the scene out as the board's areas, in drawing order.

    The half-built action is drawn (and marked) within the city square, the revealed
    characters within the cathedral; activity cards and districts are marked one by one.
    """
    footer = layout.box("footer" if scene.wall is None else "ladies_footer")
    top = layout.size("influence_max")
    names = scene.header.names
    at = layout.box

    def influence(canvas: Canvas, box: Box) -> None:
        track = area(canvas, box, tr("troyes.influence"))
        lane_track(canvas, track, dict(scene.influence), 0, top, 34)

    def district_at(index: int) -> Box:
        return district_boxes(at("square"), len(scene.square))[index].inset(4)

    def card_at(index: int) -> Box:
        return card_box(at("activities"), scene.activities[index])

    areas = [
        Area(
            "players",
            at("players"),
            (scene.players, names),
            lambda c, b: draw_players(c, b, scene.players, names),
        ),
        Area("influence", at("influence"), scene.influence, influence),
        Area(
            "buildings",
            at("buildings"),
            scene.buildings,
            lambda c, b: draw_buildings(c, b, scene.buildings),
            panel=False,
        ),
        Area(
            "square",
            at("square"),
            (scene.square, names, scene.plan),
            lambda c, b: draw_square(c, b, scene.square, names, scene.plan),
            parts=lambda: scene.square,
            part_box=district_at,
        ),
        Area(
            "activities",
            at("activities"),
            scene.activities,
            lambda c, b: draw_activities(c, b, scene.activities),
            parts=lambda: scene.activities,
            part_box=card_at,
        ),
        Area(
            "cathedral",
            at("cathedral"),
            (scene.cathedral, scene.revealed) if scene.revealed else scene.cathedral,
            lambda c, b: draw_cathedral(c, b, scene.cathedral, scene.revealed),
        ),
        Area(
            "events",
            at("events"),
            scene.events,
            lambda c, b: draw_events(c, b, *scene.events),
            parts=lambda: scene.events[0],
            part_box=lambda index: event_boxes(at("events"), len(scene.events[0]))[index],
        ),
    ]
    if scene.wall is not None:
        wall, outer = scene.wall
        areas.append(
            Area("wall", at("wall"), scene.wall, lambda c, b: draw_wall(c, b, wall, outer))
        )
    return Plan(scene.header, tuple(areas), footer)


def compose_private(
    scene: TroyesScene,
    seat: int,
    vp: int | None,
    characters: tuple[tuple[str, str], ...],
    over: bool = False,
) -> Canvas:
    """Compose a player's private image: their VP so far and their secret characters.

    `over`: the game has ended, so the VP are those won during play (the score chart's "During
    play"), not the final total, and the line says so (playtest: "so far: 18" beside 31).
    """
    # Each card as high as its text needs at the body's width (an 800 px private image).
    text_w = PRIVATE_WIDTH - 2 * 16 - 2 * 14 - 28
    heights = [
        max(130, 40 + 12 + fit_text(text, (text_w, 10_000), 22, Style.REGULAR, True, 22).height)
        for _name, text in characters
    ] or [130]

    def body(canvas: Canvas, box: Box) -> None:
        # At the end nothing is hidden any more (playtest item 65): no "keep this secret".
        note = tr("common.game_over_shown" if over else "common.keep_secret")
        # Posted for everyone among the others' views, it says whose it is (item 121).
        who = seat_label(seat, scene.header.names)
        title = tr("common.own_view_end", who=who) if over else tr("common.only_you")
        inner = area(canvas, box, title, note)
        shown = tr("troyes.unknown") if vp is None else str(vp)
        line = tr("troyes.vp_in_play" if over else "troyes.your_vp", vp=shown)
        canvas.text(inner.top(44), line, size=28, style=Style.BOLD)
        y = inner.y + 52
        for (name, text), height in zip(characters, heights, strict=False):
            cell = Box(inner.x, y, inner.w, height)
            panel(canvas, cell)
            title = tr("troyes.character", name=name)
            canvas.text(cell.inset(14, 6).top(36), title, size=24, style=Style.BOLD)
            canvas.text(cell.inset(14, 6).below(40), text, size=22, fill=INK, valign="top")
            y += height + 10

    return private_canvas(scene.header, seat, 90 + sum(h + 10 for h in heights) + 14, body)
