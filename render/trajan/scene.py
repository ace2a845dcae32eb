"""The Trajan board as a scene (plain records, one field per board area) and its layout.

The public board shows the header, time and VP tracks, the six action areas and one panel
per player; a private image shows one player's panel and hand. `plan` lays a scene out as
the areas the board pipeline (`render.base.board`) draws, caches and marks when changed.
Coordinates come from data/trajan/layout.toml.
"""

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial

from engine.core.protocol import Result
from render.base.board import Area, Plan, private_canvas
from render.base.canvas import Box, Canvas
from render.base.header import HeaderInfo
from render.base.layout import Layout
from render.base.palette import seat_label
from render.base.phone import Panel, Shot
from render.base.shapes import area, area_inner, lane_track
from render.i18n import tr
from render.trajan.board import (
    CAMP_X,
    Province,
    Senate,
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
from render.trajan.mat import (
    PlayerPanel,
    bowl_boxes,
    draw_hand,
    draw_player,
    hand_height,
    panel_height,
)


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
    senate: Senate
    construction: tuple[tuple[tuple[Site, ...], ...], tuple[tuple[int, int], ...]]
    players: tuple[PlayerPanel, ...]
    # The board area the pending decision is about (none when it is about the player's
    # own action circle): the first phone image shows it (`shots`).
    focus: str = ""


# Which area each kind of decision is about; the others are about the player's own mat.
FOCUS = {
    "senate": "senate",
    "consul": "senate",
    "seaport": "seaport",
    "ship": "seaport",
    "discard": "seaport",
    "display": "seaport",
    "setup_card": "seaport",
    "forum": "forum",
    "extra": "forum",
    "military": "military",
    "construction": "construction",
    "trajan": "trajan",
    "setup_trajan": "trajan",
}


def shots(scene: TrajanScene, laid: Plan) -> Sequence[Shot]:
    """Return the phone images: the decision's area (if any), then the deciding player's mat."""
    seat = scene.header.seat
    if seat is None:
        return ()
    areas = {a.name: a for a in laid.areas}
    boxes = {name: a.box for name, a in areas.items()}
    out = []
    if scene.focus in areas:
        shown = panels(scene, areas[scene.focus])
        out.append(Shot("focus", tr(f"trajan.{scene.focus}"), shown))
    mat = boxes.get(f"player{seat}")
    if mat is not None:
        name = seat_label(seat, scene.header.names)
        out.append(Shot("player", tr("phone.player", name=name), (mat,)))
    return out


def panels(scene: TrajanScene, shown: Area) -> tuple[Box | Panel, ...]:
    """Return an area's panels as a phone image lays them out (`render.base.phone.Panel`).

    The construction district's sites flow in reading order (1, 2, 3 ... as the menu
    numbers them) inside its panel, the workers' camp after them. The military map's
    provinces flow whole in the board's reading order (its 10-VP row first, the camp
    last), two to a line: cut into strips at a phone's width, the map lost provinces at
    the cuts and ended in an empty strip (sixth playtest item 117).
    """
    name, box = shown.name, shown.box
    if name == "military":
        nodes = [shown.part_box(index) for index in range(len(scene.military[0]))]
        return (Panel(box, cells=tuple(sorted(nodes, key=lambda b: (b.y, b.x)))),)
    if name == "construction":
        sites, _camp = scene.construction
        cells = site_boxes(box, len(sites), len(sites[0])) if sites else []
        camp = area_inner(box).after(CAMP_X)
        return (Panel(box, cells=(*cells, camp)),)
    return (box,)


def final(scene: TrajanScene, result: Result) -> TrajanScene:
    """Return the scene with the final scores on the VP track and the players' panels."""
    scores = result.scores
    return replace(
        scene,
        vp=tuple((seat, scores[seat]) for seat, _vp in scene.vp),
        players=tuple(replace(p, vp=scores[p.seat]) for p in scene.players),
    )


def _player_boxes(layout: Layout, count: int) -> list[Box]:
    region = layout.box("players")
    gap = layout.size("panel_gap")
    rows = region.rows(2, gap=gap)
    boxes = [cell for row in rows for cell in row.cols(2, gap=gap)]
    return boxes[:count]


def plan(scene: TrajanScene, layout: Layout) -> Plan:
    """Lay the scene out: the action areas, then one panel per player (named player<seat>).

    The time track changes on every move, so it is never marked; the provinces, the
    construction sites and each player's bowls are marked one by one.
    """
    players = _player_boxes(layout, len(scene.players))
    footer = layout.box("footer")
    if len(scene.players) <= 2:
        footer = Box(footer.x, players[-1].bottom + 8, footer.w, footer.h)
    areas = _areas(scene, layout)
    areas += [
        Area(
            f"player{info.seat}",
            box,
            info,
            partial(draw_player, info=info),
            parts=partial(_bowls, info),
            part_box=partial(_bowl_box, box),
        )
        for info, box in zip(scene.players, players, strict=True)
    ]
    return Plan(scene.header, tuple(areas), footer)


def _bowls(info: PlayerPanel) -> list[tuple[object, ...]]:
    """Return each bowl of a player's action circle: its markers, slot and arch."""
    return [
        (markers, info.slots[index], info.arch == index) for index, markers in enumerate(info.bowls)
    ]


def _bowl_box(panel: Box, index: int) -> Box:
    return bowl_boxes(panel)[index].inset(4)


def _areas(scene: TrajanScene, layout: Layout) -> list[Area]:
    """Return the board's action areas and tracks, in drawing order."""
    node = (layout.size("province_w"), layout.size("province_h"))
    centres = layout.points
    provinces, edges = scene.military
    sites, camp = scene.construction
    at = layout.box

    def vp(canvas: Canvas, box: Box) -> None:
        values = dict(scene.vp)
        track = area(canvas, box, tr("trajan.vp"))
        # Lanes 24 px apart, so each seat's change is outlined on its own (playtest item 7).
        lane_track(canvas, track, values, 0, max(100, *values.values()), 34, gap=24)

    def province_at(index: int) -> Box:
        return province_box(centres[provinces[index].id], node)

    def site_at(index: int) -> Box:
        return site_boxes(at("construction"), len(sites), len(sites[0]))[index]

    return [
        Area(
            "time", at("time"), scene.time, lambda c, b: draw_time(c, b, *scene.time), marked=False
        ),
        Area("vp", at("vp"), scene.vp, vp),
        Area(
            "military",
            at("military"),
            scene.military,
            lambda c, b: draw_map(c, b, provinces, centres, edges, node),
            parts=lambda: provinces,
            part_box=province_at,
        ),
        Area(
            "seaport",
            at("seaport"),
            scene.seaport,
            lambda c, b: draw_seaport(c, b, *scene.seaport),
        ),
        Area("forum", at("forum"), scene.forum, lambda c, b: draw_forum(c, b, *scene.forum)),
        Area(
            "trajan",
            at("trajan"),
            scene.trajan,
            lambda c, b: draw_trajan_stacks(c, b, scene.trajan),
        ),
        Area(
            "senate",
            at("senate"),
            scene.senate,
            lambda c, b: draw_senate(c, b, scene.senate),
        ),
        Area(
            "construction",
            at("construction"),
            scene.construction,
            lambda c, b: draw_construction(c, b, sites, dict(camp)),
            parts=lambda: [site for row in sites for site in row],
            part_box=site_at,
        ),
    ]


def at_end(info: PlayerPanel, played: int, total: int) -> PlayerPanel:
    """Return a panel at the game's end: its final score, and the VP of play and of the end."""
    line = tr("trajan.fact_final", play=played, end=total - played, total=total)
    return replace(info, vp=total, facts=(*info.facts, line))


def compose_private(info: PlayerPanel, header: HeaderInfo, over: bool = False) -> Canvas:
    """Compose a player's private image: their own panel above their hand of cards.

    `over`: the game has ended, and the image is posted for everyone: the hand is titled
    with the player's name, not "Your hand" (fifth playtest item 110).
    """
    height = panel_height()
    hand = hand_height(len(info.hand_cards))
    owner = (info.label or seat_label(info.seat)) if over else ""

    def body(canvas: Canvas, box: Box) -> None:
        draw_player(canvas, box.top(height), info)
        draw_hand(canvas, box.below(height + 16), info.hand_cards, info.picked, owner)

    return private_canvas(header, info.seat, height + 16 + hand, body)
