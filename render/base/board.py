"""One board pipeline for every game: read a view, lay out its areas, mark what changed, encode.

A game plugs in only what is its own (`Board`'s arguments): how to read its engine's view
into a scene of plain records, how to lay a scene out as areas (`Area`: a box, the record
it shows and how to draw it) and how to compose a seat's private image. The pipeline does
the rest, the same for every game:

1. refuse a seat's view for the public board (and the public view for a private image);
2. read the view, and the previous image's view, into scenes in the game's language and
   lay each out as areas (the previous one is usually the image just drawn, whose scene
   and plan are kept: `RecentScenes`);
3. lay a blank board under the areas' panels (`shapes.board`), draw the header and paste
   every area through the area cache (`areas.place_area`), so only what changed is drawn;
4. outline in the highlight colour every area whose record differs from the previous
   image's, and inside it every part (a province, a card ...) whose record differs;
5. draw the footer (the mark's meaning and a note such as the last move);
6. encode on the game's fixed palette, through the band cache (`encode.encode_board`).

Layout coordinates come from data/<game>/layout.toml, which must name a `header` box.
"""

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from render.base.areas import Drawer, place_area
from render.base.canvas import Box, Canvas
from render.base.encode import encode_board
from render.base.header import HEADER_HEIGHT, HeaderInfo, draw_header, draw_legend, highlight
from render.base.layout import Layout, load_layout
from render.base.palette import BACKGROUND
from render.base.palettes import board_palette
from render.base.recent import Names, RecentScenes
from render.base.shapes import board
from render.i18n import language

V = TypeVar("V")
S = TypeVar("S")

# Width of a private image, and its margin around the body under the header.
PRIVATE_WIDTH = 1600
_MARGIN = 16


def _no_parts() -> Sequence[Hashable]:
    return ()


def _no_box(index: int) -> Box:
    raise IndexError(f"an area without parts has no part {index}")


@dataclass(frozen=True, slots=True)
class Area:
    """One area of a board: where it goes, what it shows and how it is drawn.

    Attributes:
        name: the area's name (unique on its board): its entry in the area cache, and how
            `Board.changed_areas` names it.
        box: where it goes on the board.
        key: the record it shows. The area is drawn again, and marked as changed, only
            when this differs from the key of the previous image's area of that name.
        draw: draws the area into its box from `key` alone, starting with its panel
            (see `areas.place_area`).
        parts: returns the records of the parts of `key` that get a mark of their own (a
            province, a card ...); asked only of a changed area, and compared part by
            part, in order, with the previous image's.
        part_box: returns where the part of that index is; asked only of a changed part.
        panel: whether the board lays one panel under the whole box (False for an area
            drawn as several panels side by side).
        marked: whether a change is marked (False for what changes on every move).
    """

    name: str
    box: Box
    key: Hashable
    draw: Drawer
    parts: Callable[[], Sequence[Hashable]] = _no_parts
    part_box: Callable[[int], Box] = _no_box
    panel: bool = True
    marked: bool = True


@dataclass(frozen=True, slots=True)
class Plan:
    """One board laid out: its header, its areas in drawing order and its footer's box.

    The board is the layout's width and ends 8 px under the footer.
    """

    header: HeaderInfo
    areas: tuple[Area, ...]
    footer: Box


def changed(previous: Plan | None, plan: Plan) -> list[Area]:
    """Return the marked areas of `plan` whose key differs from `previous`'s, by name."""
    if previous is None:
        return []
    before = {area.name: area.key for area in previous.areas}
    missing = object()
    return [
        area for area in plan.areas if area.marked and before.get(area.name, missing) != area.key
    ]


def changed_parts(previous: Plan, plan: Plan) -> list[Box]:
    """Return the boxes of the parts of changed areas whose record differs from `previous`'s."""
    return _parts(previous, changed(previous, plan))


def _parts(previous: Plan, areas: list[Area]) -> list[Box]:
    """Return the boxes of the parts of `areas` whose record differs from `previous`'s."""
    before = {area.name: area for area in previous.areas}
    boxes: list[Box] = []
    for area in areas:
        old = before.get(area.name)
        if old is None:
            continue
        pairs = enumerate(zip(old.parts(), area.parts(), strict=False))
        boxes += [area.part_box(index) for index, (was, now) in pairs if was != now]
    return boxes


def compose(plan: Plan, previous: Plan | None, layout: Layout, note: str = "") -> Canvas:
    """Compose a laid-out board, marking what changed since `previous` (see the module)."""
    panels = [area.box for area in plan.areas if area.panel]
    canvas = board(layout.width, plan.footer.bottom + 8, BACKGROUND, panels)
    draw_header(canvas, layout.box("header"), plan.header)
    for area in plan.areas:
        place_area(canvas, area.name, area.box, area.key, area.draw)
    marks = changed(previous, plan)
    for area in sorted(marks, key=_name):
        highlight(canvas, area.box)
    if previous is not None:
        for box in _parts(previous, marks):
            highlight(canvas, box, width=4)
    draw_legend(canvas, plan.footer, bool(marks), note)
    return canvas


def _name(area: Area) -> str:
    return area.name


def private_canvas(header: HeaderInfo, height: int, draw: Drawer) -> Canvas:
    """Compose a private image: the header, then a body `height` px high drawn by `draw`."""
    canvas = Canvas(PRIVATE_WIDTH, HEADER_HEIGHT + 2 * _MARGIN + height, BACKGROUND)
    draw_header(canvas, Box(0, 0, PRIVATE_WIDTH, HEADER_HEIGHT), header)
    draw(canvas, Box(_MARGIN, HEADER_HEIGHT + _MARGIN, PRIVATE_WIDTH - 2 * _MARGIN, height))
    return canvas


class Board(Generic[V, S]):
    """A game's board and private images, drawn by the one pipeline from its own parts.

    Args:
        game: the game's name: its data/<game>/layout.toml and palette.txt, and its name in
            the band cache.
        seat: returns whose view a view is (None for the public view).
        scene: reads a view, the prompt and the players' names into the game's scene, in
            the current language (`render.i18n.language`).
        plan: lays a scene out as areas on the game's layout.
        private: composes a seat's private image from its view, that view's scene and the
            seat.
    """

    def __init__(
        self,
        game: str,
        *,
        seat: Callable[[V], int | None],
        scene: Callable[[V, str | None, Names], S],
        plan: Callable[[S, Layout], Plan],
        private: Callable[[V, S, int], Canvas],
    ) -> None:
        """Plug a game's parts into the pipeline."""
        self.game = game
        self._seat = seat
        self._scene = scene
        self._plan = plan
        self._private = private
        # The previous image's view is usually the one just drawn: its scene and plan are
        # kept with it, not made again.
        self._recent: RecentScenes[V, tuple[S, Plan]] = RecentScenes(self._laid)

    def layout(self) -> Layout:
        """Return the game's layout (data/<game>/layout.toml)."""
        return load_layout(self.game)

    def board_png(
        self,
        view: V,
        previous: V | None = None,
        *,
        prompt: str | None = None,
        names: tuple[str, ...] | None = None,
        note: str = "",
        lang: str = "en",
    ) -> bytes:
        """Draw the public board from `view(state, None)` as PNG bytes.

        Args:
            view: the public view; a seat's view is refused, so no secret reaches the board.
            previous: the public view of the last posted image; what differs is highlighted.
            prompt: the engine's sentence for the pending decision (else a generic one).
            names: player names by seat.
            note: one line for the footer, such as the last move (`engine.describe_event`).
            lang: the game's language ("en" or "es") for every fixed label and catalog name.
        """
        canvas = self.compose_board(
            view, previous, prompt=prompt, names=names, note=note, lang=lang
        )
        return encode_board(canvas.image, board_palette(self.game), self.game)

    def compose_board(
        self,
        view: V,
        previous: V | None = None,
        *,
        prompt: str | None = None,
        names: tuple[str, ...] | None = None,
        note: str = "",
        lang: str = "en",
    ) -> Canvas:
        """Compose the public board without encoding it (see `board_png`)."""
        if self._seat(view) is not None:
            raise ValueError("the public board is drawn only from view(state, None)")
        with language(lang):
            _, plan = self._recent.get(view, prompt, names)
            before = None if previous is None else self._recent.get(previous, prompt, names)[1]
            return compose(plan, before, self.layout(), note)

    def _laid(self, view: V, prompt: str | None, names: Names) -> tuple[S, Plan]:
        """Return the scene of a view and its plan."""
        scene = self._scene(view, prompt, names)
        return scene, self._plan(scene, self.layout())

    def compose_scene(self, scene: S, previous: S | None = None, note: str = "") -> Canvas:
        """Compose the public board from a scene, marking what changed since `previous`."""
        before, plan = self._plans(previous, scene)
        return compose(plan, before, self.layout(), note)

    def changed_areas(self, previous: S | None, scene: S) -> set[str]:
        """Return the names of the areas of `scene` marked as changed since `previous`."""
        return {area.name for area in changed(*self._plans(previous, scene))}

    def changed_parts(self, previous: S, scene: S) -> list[Box]:
        """Return the boxes of the parts marked as changed since `previous`."""
        before, plan = self._plans(previous, scene)
        return [] if before is None else changed_parts(before, plan)

    def _plans(self, previous: S | None, scene: S) -> tuple[Plan | None, Plan]:
        """Lay out the previous scene (if any) and the scene."""
        layout = self.layout()
        before = None if previous is None else self._plan(previous, layout)
        return before, self._plan(scene, layout)

    def private_png(
        self,
        view: V,
        *,
        prompt: str | None = None,
        names: tuple[str, ...] | None = None,
        lang: str = "en",
    ) -> bytes:
        """Draw a seat's private image from `view(state, seat)` as PNG bytes."""
        seat = self._seat(view)
        if seat is None:
            raise ValueError("a private image needs a seat's own view")
        with language(lang):
            return self._private(view, self._scene(view, prompt, names), seat).png()
