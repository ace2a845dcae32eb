"""Troyes's board areas drawn from plain values (rules brief troyes.md §2-§5, §10).

Each function draws one area from simple frozen records; `render.troyes` reads the engine's
public view into them. Dice always show pips and are grouped under a colour word, citizens
and cubes always carry their seat letter, so nothing depends on colour alone.
"""

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from render.base.canvas import Box, Canvas, fit_text, text_width
from render.base.fonts import MIN_TEXT_PX, Style
from render.base.palette import (
    EMPTY,
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    TIMES,
    WHITE,
    Colour,
    seat_label,
)
from render.base.shapes import TITLE_H, area, area_inner, badge, die, token
from render.i18n import tr

NEUTRAL = -1
NEUTRAL_FILL: Colour = (160, 160, 160)
CHOSEN: Colour = (0, 90, 200)  # frame of a die already chosen for the action being built
DISTRICT_HEAD = 260  # a district row's name, before its dice
LABEL_PX = 20  # a colour's word before its dice on the city square
LABEL_GAP = 12  # from that word to its first die: a chosen die's frame takes 4 px of it
# The city square's note: its title, the room either side and this fit a phone image's strip
# (`render.base.phone.STRIP`, 784 px) once the empty stretch between them is narrowed.
SQUARE_NOTE_W = 620
DIE_FACES: Mapping[str, tuple[Colour, Colour]] = {
    "red": ((200, 45, 45), WHITE),
    "white": ((250, 250, 250), INK),
    "yellow": ((245, 200, 50), INK),
    "purple": ((120, 64, 168), WHITE),
    "black": ((35, 35, 35), WHITE),
}
CARD_BANDS: Mapping[str, Colour] = {
    "red": (176, 48, 48),
    "white": (120, 120, 130),
    "yellow": (196, 150, 20),
    "purple": (120, 64, 168),
}


@dataclass(frozen=True, slots=True)
class TroyesPlayer:
    """One player's public figures (VP and characters None while hidden)."""

    seat: int
    deniers: int
    influence: int
    supply: int
    pot: int
    passed: bool
    events_won: int
    vp: int | None
    start: bool = False


@dataclass(frozen=True, slots=True)
class Building:
    """A building: its six citizen spaces (seat, NEUTRAL or None) and who lies expelled."""

    name: str
    colour: str
    salary: int
    spaces: tuple[int | None, ...]
    lying: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Activity:
    """An activity card (face down until its round), craftsmen on its spaces and its cubes."""

    name: str
    colour: str
    level: int
    revealed: bool
    craftsmen: tuple[int | None, ...]
    spaces_vp: tuple[int, ...]
    cubes: tuple[tuple[int, int], ...]
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Event:
    """An event in the queue: its colour, black dice it brings and cubes placed on it."""

    name: str
    colour: str
    black_dice: int
    cubes: tuple[tuple[int, int], ...]


def citizen(canvas: Canvas, who: int, centre: tuple[int, int], size: int = 38) -> None:
    """Draw a citizen: a seat token, or a grey lettered disc for a neutral citizen."""
    if who == NEUTRAL:
        badge(canvas, centre, NEUTRAL_FILL, INK, "N", size, sides=24)
    else:
        token(canvas, who, centre, size)


def space(canvas: Canvas, colour: str, centre: tuple[int, int], who: int | None) -> None:
    """Draw a building's citizen space: taken (a disc under the citizen) or empty (a ring)."""
    cx, cy = centre
    disc = (cx - 25, cy - 25, cx + 25, cy + 25)
    if who is None:
        # Hollow: a ring of the building's colour between two dark edges, the panel's own
        # colour inside: nothing reads as a piece standing there. The edges are 2 px of MUTED
        # (a die's outline is INK), so a white ring shows on the cream panel at a phone's
        # 400 px, where 1 px of PANEL_EDGE faded away (playtest item 111).
        canvas.draw.ellipse(disc, fill=PANEL, outline=MUTED, width=2)
        ring = (cx - 23, cy - 23, cx + 23, cy + 23)
        canvas.draw.ellipse(ring, outline=DIE_FACES[colour][0], width=5)
        inner = (cx - 19, cy - 19, cx + 19, cy + 19)
        canvas.draw.ellipse(inner, outline=MUTED, width=2)
        return
    canvas.draw.ellipse(disc, fill=DIE_FACES[colour][0], outline=INK)
    citizen(canvas, who, centre, 38)


def _counts(canvas: Canvas, box: Box, counts: Sequence[tuple[int, int]], size: int = 32) -> None:
    """Draw seat tokens each followed by a count, in a row (cubes per seat)."""
    x = box.x + size // 2
    y = box.y + box.h // 2
    for seat, count in counts:
        if count <= 0:
            continue
        token(canvas, seat, (x, y), size)
        canvas.text(Box(x + size // 2 + 2, y - 14, 42, 28), f"{TIMES}{count}", size=20, wrap=False)
        x += size + 50


def draw_players(
    canvas: Canvas, box: Box, players: Sequence[TroyesPlayer], names: tuple[str, ...] | None
) -> None:
    """Draw one column per player: deniers, influence, citizens, pot, events won and VP."""
    inner = area(canvas, box, tr("troyes.players"), tr("troyes.players_hint"))
    for player, column in zip(players, inner.cols(len(players), gap=12), strict=True):
        canvas.rounded(column, 10, EMPTY, PANEL_EDGE, 1)
        token(canvas, player.seat, (column.x + 26, column.y + 24), 38)
        head = Box(column.x + 52, column.y + 2, column.w - 56, 44)
        canvas.text(head, seat_label(player.seat, names), size=24, style=Style.BOLD)
        # Hidden from the others, not from the player whose column it is (item 124).
        vp = tr("troyes.vp_hidden") if player.vp is None else tr("troyes.vp_shown", vp=player.vp)
        lines = (
            tr("troyes.deniers_influence", deniers=player.deniers, influence=player.influence),
            tr("troyes.supply", count=player.supply),
            vp,
            tr("troyes.events_won", n=player.events_won),
            # The pot only grows once a seat has passed: said then, with what it will pay
            # (playtest: "bolsa 0 denarios" on every column all game long).
            " · ".join(
                [tr("troyes.passed_pot", count=player.pot)] * player.passed
                + [tr("troyes.start_player")] * player.start
            ),
        )
        rows = column.inset(10, 0).below(48).rows(len(lines), gap=0)
        for line, row in zip(lines, rows, strict=True):
            canvas.text(row, line, size=20)


def draw_buildings(canvas: Canvas, box: Box, buildings: Sequence[Building]) -> None:
    """Draw the Palace, Bishopric and City Hall with their six citizen spaces each.

    Each space shows its number (1-6) under it, as the choices name it. A taken space is a
    disc in the building's colour under its citizen; an empty one is a hollow ring of that
    colour (playtest item 95: at the start every space was a solid disc, as if taken).
    """
    for building, column in zip(buildings, box.cols(len(buildings), gap=16), strict=True):
        note = tr(
            "troyes.building_hint", colour=tr(f"colour.{building.colour}"), salary=building.salary
        )
        inner = area(canvas, column, building.name, note)
        spaces = inner.top(56)
        step = spaces.w // 6
        for index, who in enumerate(building.spaces):
            cx, cy = spaces.x + step * index + step // 2, spaces.y + 28
            space(canvas, building.colour, (cx, cy), who)
            # Numbered under it as the choices number it ("Palace, space 3").
            number = Box(cx - 18, spaces.y + 61, 36, 22)
            canvas.text(number, str(index + 1), size=18, fill=MUTED, align="center")
        lying = inner.below(90)
        if building.lying:
            canvas.text(lying.left(170).top(36), tr("troyes.expelled"), size=20, fill=MUTED)
            for index, who in enumerate(building.lying):
                citizen(canvas, who, (lying.x + 190 + index * 44, lying.y + 18), 34)


def district_boxes(box: Box, count: int) -> list[Box]:
    """Return the city square's district rows for the area in `box`."""
    return area_inner(box).rows(max(1, count), gap=6)


def draw_square(
    canvas: Canvas,
    box: Box,
    districts: Sequence[tuple[int, tuple[tuple[str, int], ...]]],
    names: tuple[str, ...] | None,
    plan: tuple[str, tuple[tuple[int, str, int], ...]] = ("", ()),
) -> None:
    """Draw the city square: one row per district with its dice grouped by colour.

    Dice already chosen for the action being built are framed in blue, and the title says
    what they are for.
    """
    purpose, picked = plan
    area(canvas, box, tr("troyes.square"))
    # The note on one line in a box of its own: as wide as an area's note (two thirds of
    # it), the title and a long purpose overflowed a phone image's strip and the phone's cut
    # fell inside a word, "… elegidos para Carta amar" (playtest item 104). Said shorter, or
    # without the purpose (the prompt names it), rather than cut.
    head = box.inset(14, 0).top(TITLE_H + 4)
    note = head.after(head.w - min(SQUARE_NOTE_W, head.w * 2 // 3))
    said = [tr("troyes.square_hint")]
    if picked and purpose:
        said = [tr(f"troyes.square_{k}", purpose=purpose) for k in ("chosen", "chosen_short")]
        said.append(tr("troyes.square_chosen_bare"))
    fits = [t for t in said if not _cut_short(t, note)]
    canvas.text(note, (fits or said)[0], size=20, fill=MUTED, align="right", wrap=False)
    rows = district_boxes(box, len(districts))
    for index, ((who, dice), row) in enumerate(zip(districts, rows, strict=True)):
        chosen = [(c, v) for d, c, v in picked if d == index]
        _district(canvas, row, who, dice, names, chosen)


def _cut_short(text: str, box: Box) -> bool:
    """Tell whether `text` on one line at 20 px down to the smallest size overflows `box`."""
    return fit_text(text, (box.w, box.h), 20, Style.REGULAR, False, MIN_TEXT_PX).overflow


def _district(
    canvas: Canvas,
    row: Box,
    who: int,
    dice: tuple[tuple[str, int], ...],
    names: tuple[str, ...] | None,
    chosen: list[tuple[str, int]],
) -> None:
    canvas.rounded(row, 8, EMPTY, None, 1)
    label = row.left(250).inset(8, 0)
    if who == NEUTRAL:
        canvas.text(label, tr("troyes.neutral"), size=22, style=Style.BOLD)
    else:
        token(canvas, who, (label.x + 18, label.y + label.h // 2), 34)
        canvas.text(label.after(44), seat_label(who, names), size=22, style=Style.BOLD)
    x = row.x + DISTRICT_HEAD
    size = min(44, row.h - 8)
    for colour in DIE_FACES:
        values = sorted((v for c, v in dice if c == colour), reverse=True)
        if not values:
            continue
        # The label as wide as its word, then room for a chosen die's frame or a change's
        # outline between them (playtest item 61: a framed die covered "blanco").
        word = tr(f"colour.{colour}")
        width = math.ceil(text_width(word, LABEL_PX))
        canvas.text(Box(x, row.y, width, row.h), word, size=LABEL_PX, fill=MUTED, wrap=False)
        x += width + LABEL_GAP
        face, pips = DIE_FACES[colour]
        for value in values:
            spot = die(canvas, value, (x, row.y + (row.h - size) // 2), size, face, pips)
            if (colour, value) in chosen:
                chosen.remove((colour, value))
                frame = Box(spot.x - 4, spot.y - 4, spot.w + 8, spot.h + 8)
                canvas.draw.rounded_rectangle(frame.xyxy, radius=8, outline=CHOSEN, width=4)
            x += size + 6
        x += 14
