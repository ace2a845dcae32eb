"""A board made in its panels' colour draws the same pixels as a blank one (issue 6 speed)."""

import pytest

from render.base.areas import clear_area_cache, place_area
from render.base.canvas import Box, Canvas
from render.base.palette import BACKGROUND, PANEL
from render.base.shapes import PANEL_LOOK, area, board, gaps

BOXES = (Box(16, 12, 300, 120), Box(332, 12, 252, 120), Box(16, 148, 568, 90))


def _draw_areas(canvas: Canvas) -> None:
    for index, box in enumerate(BOXES):
        inner = area(canvas, box, f"Area {index}", "a note")
        canvas.rounded(inner.top(40).left(120), 8, (230, 220, 200), (90, 80, 70), 2)
        canvas.text(inner.below(44), "Some words inside", size=20)


def test_gaps_cover_exactly_what_the_boxes_leave():
    whole = Box(0, 0, 600, 250)
    holes = gaps(whole, BOXES)
    covered = {
        (x, y) for b in [*BOXES, *holes] for x in range(b.x, b.right) for y in range(b.y, b.bottom)
    }
    assert len(covered) == whole.w * whole.h
    assert sum(b.w * b.h for b in [*BOXES, *holes]) == whole.w * whole.h  # no overlap


def test_a_board_with_laid_panels_draws_the_same_pixels_as_a_blank_canvas():
    blank = Canvas(600, 250, BACKGROUND)
    laid = board(600, 250, BACKGROUND, BOXES)
    for canvas in (blank, laid):
        _draw_areas(canvas)
        assert not any(canvas.laid(box) for box in BOXES)
    assert laid.image.tobytes() == blank.image.tobytes()
    assert laid.texts == blank.texts


def test_a_box_is_laid_only_on_its_fill_colour():
    canvas = Canvas(100, 100, BACKGROUND)
    with pytest.raises(ValueError, match="fill colour"):
        canvas.lay(Box(0, 0, 50, 50), PANEL_LOOK, BACKGROUND)
    assert PANEL_LOOK[1] == PANEL


def test_an_area_that_does_not_start_with_its_panel_is_refused():
    clear_area_cache()
    canvas = board(600, 250, BACKGROUND, BOXES)

    def bare(canvas: Canvas, box: Box) -> None:
        canvas.text(box, "No panel under this", size=20)

    with pytest.raises(ValueError, match="did not start with the panel"):
        place_area(canvas, "bare", BOXES[0], "key", bare)
    clear_area_cache()


def test_flatness_is_checked_on_every_pixel():
    canvas = Canvas(300, 200, PANEL)
    assert canvas._flat((10, 10, 210, 40)) == PANEL
    canvas.image.putpixel((209, 39), (0, 0, 0))  # the last pixel of the region
    assert canvas._flat((10, 10, 210, 40)) is None
    assert canvas._flat((10, 10, 209, 39)) == PANEL
    # Regions off the image or larger than the strip fall back to counting colours.
    assert canvas._flat((290, 190, 310, 210)) is None
    tall = Canvas(300, 400, PANEL)
    assert tall._flat((0, 0, 300, 400)) == PANEL
