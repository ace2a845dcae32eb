"""The one board pipeline (render/base/board.py), driven by a tiny board of its own."""

from functools import partial

from render.base.areas import clear_area_cache
from render.base.board import (
    Area,
    Plan,
    changed,
    changed_parts,
    compose,
    pieces,
    private_canvas,
)
from render.base.canvas import Box, Canvas
from render.base.header import HeaderInfo
from render.base.layout import parse_layout
from render.base.palette import HIGHLIGHT
from render.base.phone import BANNER_H
from render.base.shapes import area

LAYOUT = parse_layout(
    {
        "canvas": {"width": 1600, "height": 600},
        "box": {
            "header": [0, 0, 1600, 150],
            "left": [16, 170, 760, 300],
            "right": [824, 170, 760, 300],
            "clock": [16, 490, 1568, 40],
            "footer": [16, 540, 1568, 44],
        },
    }
)
HEADER = HeaderInfo("Tiny", 0, "Choose.", "Round 1 of 2", 0.25, "1 round left")


def _draw(canvas: Canvas, box: Box, title: str) -> None:
    area(canvas, box, title)


def _halves(box: Box) -> list[Box]:
    return box.inset(20).cols(2, gap=20)


def tiny(left: str = "L", right: tuple[str, str] = ("a", "b"), clock: int = 0) -> Plan:
    """Lay out a board of three areas: a plain one, one with two parts, an unmarked clock."""
    at = LAYOUT.box
    return Plan(
        HEADER,
        (
            Area("left", at("left"), left, partial(_draw, title=left)),
            Area(
                "right",
                at("right"),
                right,
                partial(_draw, title=" ".join(right)),
                parts=lambda: right,
                part_box=lambda index: _halves(at("right"))[index],
            ),
            Area("clock", at("clock"), clock, partial(_draw, title=str(clock)), marked=False),
        ),
        at("footer"),
    )


def _marked(canvas: Canvas, box: Box, width: int = 6) -> bool:
    """Tell whether the highlight's outline runs along the left edge of `box`."""
    return canvas.image.getpixel((box.x - width // 2 - 1, box.y + box.h // 2)) == HIGHLIGHT


def test_only_marked_areas_whose_key_changed_count_as_changed():
    assert changed(None, tiny()) == []
    assert changed(tiny(), tiny(clock=5)) == []
    assert [a.name for a in changed(tiny(), tiny(left="M", clock=5))] == ["left"]


def test_an_area_the_previous_board_lacked_counts_as_changed():
    previous = Plan(HEADER, tiny().areas[:1], LAYOUT.box("footer"))
    assert [a.name for a in changed(previous, tiny())] == ["right"]


def test_changed_parts_are_the_parts_whose_record_differs():
    assert changed_parts(tiny(), tiny(right=("a", "c"))) == [_halves(LAYOUT.box("right"))[1]]
    assert changed_parts(tiny(), tiny(left="M")) == []


def test_compose_outlines_the_piece_that_changed_not_its_panel():
    clear_area_cache()
    before, after = tiny(), tiny(right=("a", "c"), clock=3)
    compose(before, None, LAYOUT)  # the image before, as posted: its areas are in the cache
    canvas = compose(after, before, LAYOUT, note="Last move: c")
    assert canvas.image.size == (1600, LAYOUT.box("footer").bottom + 8)
    title = next(r for r in canvas.texts if r.text == "a c")
    (piece,) = pieces(before, after, canvas.image.size)
    # The text that changed ("a b" became "a c"), whole (playtest item 61: an outline
    # round the glyphs that changed cut words), but not the panel.
    assert piece.contains(title.ink)
    assert LAYOUT.box("right").contains(piece)
    assert piece.w * piece.h < LAYOUT.box("right").w * LAYOUT.box("right").h // 2
    assert _marked(canvas, piece, width=4)
    for box in ("left", "right", "clock"):
        assert not _marked(canvas, LAYOUT.box(box))
    assert pieces(tiny(), tiny(clock=5), canvas.image.size) == []
    # Once the image before has left the cache it is drawn again: the same piece, so an
    # image never depends on what the worker's cache holds.
    clear_area_cache()
    assert pieces(before, after, canvas.image.size) == [piece]
    texts = {record.text for record in canvas.texts}
    assert {"L", "a c", "3", "Last move: c"} <= texts


def test_a_board_from_cached_areas_is_the_board_drawn_afresh():
    clear_area_cache()
    fresh = compose(tiny(left="M"), tiny(), LAYOUT).image.tobytes()
    assert compose(tiny(left="M"), tiny(), LAYOUT).image.tobytes() == fresh


def test_private_canvas_puts_the_body_under_the_banner_at_phone_width():
    boxes: list[Box] = []
    canvas = private_canvas(HEADER, 0, 200, lambda c, b: boxes.append(b))
    assert canvas.image.size == (800, BANNER_H + 16 + 200 + 16)
    assert boxes == [Box(16, BANNER_H + 16, 768, 200)]
