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
4. outline in the highlight colour every piece that differs from the previous image's
   (a marker, a die, a card, a number: `render.base.marks`), inside the areas whose
   record differs;
5. draw the footer (the mark's meaning and a note such as the last move);
6. encode on the game's fixed palette, through the band cache (`encode.encode_board`).

A finished game's board can be given the engine's `Result`: the game puts the final scores
on its own tracks (`final`) and the pipeline adds the final scores area (`render.base.final`).
`gallery` adds the phone images (`render.base.phone`): the parts of the board the game's
`shots` name, cut from the same composed board.

Layout coordinates come from data/<game>/layout.toml, which must name a `header` box.
"""

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Generic, TypeVar

from engine.core.protocol import Result
from render.base import final as finals
from render.base.areas import Drawer, place_area
from render.base.canvas import Box, Canvas
from render.base.encode import encode_board
from render.base.header import MARK_W, HeaderInfo, draw_header, draw_legend, mark
from render.base.layout import Layout, load_layout
from render.base.marks import area_pieces
from render.base.palette import BACKGROUND, seat_label
from render.base.palettes import board_palette
from render.base.phone import BANNER_H, PHONE_WIDTH, Panel, Shot, banner, phone_canvas
from render.base.recent import Names, RecentScenes
from render.base.shapes import board
from render.i18n import language, tr

V = TypeVar("V")
S = TypeVar("S")

# Width of a private image (a phone image's: `render.base.phone`, issue 14), and its margin
# around the body under the banner.
PRIVATE_WIDTH = PHONE_WIDTH
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


def pieces(previous: Plan | None, plan: Plan, size: tuple[int, int]) -> list[Box]:
    """Return the boxes of the pieces that changed since `previous` (`render.base.marks`).

    Only areas whose record changed are compared; an area new to the board is one piece.
    When the previous image's area has left the area cache (a first image in a worker, or
    an old `previous`), it is drawn again: the image must not depend on what a worker's
    cache happens to hold (replays and goldens draw the same marks). `size` is the board's.
    """
    if previous is None:
        return []
    before = {area.name: area for area in previous.areas}
    boxes: list[Box] = []
    for area in changed(previous, plan):
        old = before.get(area.name)
        if old is None or old.box != area.box:
            boxes.append(area.box)
        else:
            parts = [area.part_box(index) for index in range(len(area.parts()))]
            boxes += area_pieces(
                area.name, area.box, (old.key, old.draw), (area.key, area.draw), size, parts
            )
    return boxes


def compose(
    plan: Plan, previous: Plan | None, layout: Layout, note: str = "", legend: str = ""
) -> Canvas:
    """Compose a laid-out board, marking what changed since `previous` (see the module).

    `legend` says what the mark means (else "Changed since the previous image").
    """
    panels = [area.box for area in plan.areas if area.panel]
    canvas = board(layout.width, plan.footer.bottom + 8, BACKGROUND, panels)
    draw_header(canvas, layout.box("header"), plan.header)
    for area in plan.areas:
        place_area(canvas, area.name, area.box, area.key, area.draw)
    marks = pieces(previous, plan, canvas.image.size)
    for box in marks:
        outer = Box(box.x - MARK_W, box.y - MARK_W, box.w + 2 * MARK_W, box.h + 2 * MARK_W)
        canvas.marks.append(
            (box, outer, canvas.image.crop((outer.x, outer.y, outer.right, outer.bottom)))
        )
        mark(canvas, box, MARK_W)
    draw_legend(canvas, plan.footer, bool(marks), note, legend)
    return canvas


def with_final(plan: Plan, result: Result) -> Plan:
    """Return `plan` with the final scores area added above its footer (`render.base.final`).

    Its header says the scores are shown, not that they are in the score image (playtest
    item 73: the image that showed them said so).
    """
    record = finals.record_of(result, plan.header.names)
    footer = plan.footer
    box = Box(footer.x, footer.y, footer.w, finals.height(record))
    scores = Area("final", box, record, partial(finals.draw_final, record=record))
    moved = Box(footer.x, box.bottom + 12, footer.w, footer.h)
    header = replace(plan.header, decision=tr("common.game_over_below"))
    return Plan(header, (*plan.areas, scores), moved)


def _small_parts(plan: Plan, shot: Shot) -> list[Box]:
    """Return the parts (provinces, cards ...) of the areas a shot shows: cuts avoid them."""
    boxes: list[Box] = []
    shown = [item.box if isinstance(item, Panel) else item for item in shot.boxes]
    for area in plan.areas:
        if any(area.box.intersects(box) for box in shown):
            boxes += [area.part_box(index) for index in range(len(area.parts()))]
    return boxes


def private_title(header: HeaderInfo, owner: int) -> str:
    """Return a private image's title: "Only for you", or "alice (3)'s view at the end".

    At the end (no seat decides) the replay posts each own view for everyone (fifth playtest),
    one after the other, so each says whose it is (sixth playtest item 121): `owner` is the
    seat whose view it is, named as `header.names` name it.
    """
    if header.seat is not None:
        return tr("common.only_you")
    return tr("common.own_view_end", who=seat_label(owner, header.names))


def private_canvas(header: HeaderInfo, owner: int, height: int, draw: Drawer) -> Canvas:
    """Compose a private image: a banner, then a body `height` px high drawn by `draw`.

    A private image is read on a phone as often as not: it is `PRIVATE_WIDTH` (800) px wide
    under a phone image's banner (who is to play, what they decide), its body
    `PRIVATE_WIDTH - 32` px wide. `owner`: whose view it is (`private_title`).
    """
    canvas = Canvas(PRIVATE_WIDTH, BANNER_H + 2 * _MARGIN + height, BACKGROUND)
    banner(canvas, Box(0, 0, PRIVATE_WIDTH, BANNER_H), header, private_title(header, owner))
    draw(canvas, Box(_MARGIN, BANNER_H + _MARGIN, PRIVATE_WIDTH - 2 * _MARGIN, height))
    return canvas


def _no_shots(_scene: object, _plan: Plan) -> Sequence[Shot]:
    return ()


def _unchanged(scene: S, _result: Result) -> S:
    return scene


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
        shots: the phone images of a scene laid out (`render.base.phone.Shot`): the area
            of the pending decision, the deciding player's mat.
        final: puts a finished game's final scores (the engine's `Result`) on the scene's
            own tracks and panels.
    """

    def __init__(  # noqa: PLR0913 - each is one part a game plugs in
        self,
        game: str,
        *,
        seat: Callable[[V], int | None],
        scene: Callable[[V, str | None, Names], S],
        plan: Callable[[S, Layout], Plan],
        private: Callable[[V, S, int], Canvas],
        shots: Callable[[S, Plan], Sequence[Shot]] = _no_shots,
        final: Callable[[S, Result], S] = _unchanged,
    ) -> None:
        """Plug a game's parts into the pipeline."""
        self.game = game
        self._seat = seat
        self._scene = scene
        self._plan = plan
        self._private = private
        self._shots = shots
        self._final = final
        # The previous image's view is usually the one just drawn: its scene and plan are
        # kept with it, not made again.
        self._recent: RecentScenes[V, tuple[S, Plan]] = RecentScenes(self._laid)

    def layout(self) -> Layout:
        """Return the game's layout (data/<game>/layout.toml)."""
        return load_layout(self.game)

    def board_png(  # noqa: PLR0913 - the view, what it is compared with, and its words
        self,
        view: V,
        previous: V | None = None,
        *,
        prompt: str | None = None,
        names: tuple[str, ...] | None = None,
        note: str = "",
        lang: str = "en",
        result: Result | None = None,
        legend: str = "",
    ) -> bytes:
        """Draw the public board from `view(state, None)` as PNG bytes.

        Args:
            view: the public view; a seat's view is refused, so no secret reaches the board.
            previous: the public view of the last posted image (or of the deciding
                player's previous turn); the pieces that differ are outlined.
            prompt: the engine's sentence for the pending decision (else none is drawn).
            names: player names by seat.
            note: one line for the footer, such as the last move (`engine.describe_event`).
            lang: the game's language ("en" or "es") for every fixed label and catalog name.
            result: a finished game's result: the board shows the final scores.
            legend: what the mark means (else "Changed since the previous image").
        """
        canvas = self.compose_board(
            view,
            previous,
            prompt=prompt,
            names=names,
            note=note,
            lang=lang,
            result=result,
            legend=legend,
        )
        return encode_board(canvas.image, board_palette(self.game), self.game)

    def compose_board(  # noqa: PLR0913 - see board_png
        self,
        view: V,
        previous: V | None = None,
        *,
        prompt: str | None = None,
        names: tuple[str, ...] | None = None,
        note: str = "",
        lang: str = "en",
        result: Result | None = None,
        legend: str = "",
    ) -> Canvas:
        """Compose the public board without encoding it (see `board_png`)."""
        with language(lang):
            return self._composed(view, previous, prompt, names, (note, legend), result)[2]

    def gallery(  # noqa: PLR0913 - see board_png
        self,
        view: V,
        previous: V | None = None,
        *,
        prompt: str | None = None,
        names: tuple[str, ...] | None = None,
        note: str = "",
        lang: str = "en",
        result: Result | None = None,
        legend: str = "",
    ) -> tuple[tuple[str, bytes], ...]:
        """Draw the phone images and then the whole board, as (name, PNG bytes) pairs.

        The phone images (`render.base.phone`) come first, the whole board ("board") last;
        a finished game's phone image is its final scores. Arguments as for `board_png`.
        """
        pictures = self.compose_gallery(
            view,
            previous,
            prompt=prompt,
            names=names,
            note=note,
            lang=lang,
            result=result,
            legend=legend,
        )
        palette = board_palette(self.game)
        return tuple(
            (name, encode_board(canvas.image, palette, f"{self.game}:{name}"))
            for name, canvas in pictures
        )

    def compose_gallery(  # noqa: PLR0913 - see board_png
        self,
        view: V,
        previous: V | None = None,
        *,
        prompt: str | None = None,
        names: tuple[str, ...] | None = None,
        note: str = "",
        lang: str = "en",
        result: Result | None = None,
        legend: str = "",
    ) -> list[tuple[str, Canvas]]:
        """Compose the images of `gallery` without encoding them."""
        with language(lang):
            scene, plan, canvas = self._composed(
                view, previous, prompt, names, (note, legend), result
            )
            if result is not None:
                scores = next(a for a in plan.areas if a.name == "final")
                shown = finals.phone_panel(scores.box, scores.key)  # type: ignore[arg-type]
                shots: Sequence[Shot] = (Shot("final", tr("phone.final"), (shown,)),)
            else:
                shots = self._shots(scene, plan)
            pictures = [
                (shot.name, phone_canvas(canvas, plan.header, shot, _small_parts(plan, shot)))
                for shot in shots
            ]
        return [*pictures, ("board", canvas)]

    def _composed(
        self,
        view: V,
        previous: V | None,
        prompt: str | None,
        names: tuple[str, ...] | None,
        words: tuple[str, str],
        result: Result | None,
    ) -> tuple[S, Plan, Canvas]:
        """Return the scene, its plan and the composed board (in the current language)."""
        if self._seat(view) is not None:
            raise ValueError("the public board is drawn only from view(state, None)")
        scene, plan = self._recent.get(view, prompt, names)
        before = None if previous is None else self._recent.get(previous, prompt, names)[1]
        if result is not None:
            scene = self._final(scene, result)
            plan = with_final(self._plan(scene, self.layout()), result)
        return scene, plan, compose(plan, before, self.layout(), *words)

    def _laid(self, view: V, prompt: str | None, names: Names) -> tuple[S, Plan]:
        """Return the scene of a view and its plan."""
        scene = self._scene(view, prompt, names)
        return scene, self._plan(scene, self.layout())

    def compose_scene(self, scene: S, previous: S | None = None, note: str = "") -> Canvas:
        """Compose the public board from a scene, marking what changed since `previous`.

        The previous scene's board is drawn first, as the image before a posted one was.
        """
        before, plan = self._plans(previous, scene)
        if before is not None:
            compose(before, None, self.layout())
        return compose(plan, before, self.layout(), note)

    def changed_areas(self, previous: S | None, scene: S) -> set[str]:
        """Return the names of the areas of `scene` whose record changed since `previous`."""
        return {area.name for area in changed(*self._plans(previous, scene))}

    def changed_parts(self, previous: S, scene: S) -> list[Box]:
        """Return the boxes of the parts whose record changed since `previous`."""
        before, plan = self._plans(previous, scene)
        return [] if before is None else changed_parts(before, plan)

    def marked(self, previous: S | None, scene: S) -> list[Box]:
        """Return the boxes of the pieces outlined as changed since `previous`.

        The previous scene's board is drawn first, as the image before a posted one was.
        """
        before, plan = self._plans(previous, scene)
        if before is not None:
            compose(before, None, self.layout())
        return pieces(before, plan, (self.layout().width, plan.footer.bottom + 8))

    def _plans(self, previous: S | None, scene: S) -> tuple[Plan | None, Plan]:
        """Lay out the previous scene (if any) and the scene."""
        layout = self.layout()
        before = None if previous is None else self._plan(previous, layout)
        return before, self._plan(scene, layout)

    def compose_private(
        self,
        view: V,
        *,
        prompt: str | None = None,
        names: tuple[str, ...] | None = None,
        lang: str = "en",
    ) -> Canvas:
        """Compose a seat's private image without encoding it (see `private_png`)."""
        seat = self._seat(view)
        if seat is None:
            raise ValueError("a private image needs a seat's own view")
        with language(lang):
            return self._private(view, self._scene(view, prompt, names), seat)

    def private_png(
        self,
        view: V,
        *,
        prompt: str | None = None,
        names: tuple[str, ...] | None = None,
        lang: str = "en",
    ) -> bytes:
        """Draw a seat's private image from `view(state, seat)` as PNG bytes."""
        return self.compose_private(view, prompt=prompt, names=names, lang=lang).png()
