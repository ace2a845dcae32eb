from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw

from render.base.canvas import SPRITE_AREA, Box, Canvas, _rounded_sprite, check_texts, fit_text
from render.base.fonts import MIN_TEXT_PX, Style, font, printable
from render.base.layout import DATA_DIR, load_layout, parse_layout
from render.base.palette import NAME_MAX, SEAT_STYLES, WHITE, seat_label
from render.base.shapes import die, die_sprite, token


def test_every_shipped_font_loads_with_its_licence():
    for style in Style:
        assert font(30, style).getlength("Troyes") > 0
    assert "Bitstream" in (DATA_DIR / "fonts" / "LICENSE.txt").read_text()


def test_short_text_keeps_its_size():
    fitted = fit_text("Senate", (400, 60), 30, Style.REGULAR, True, MIN_TEXT_PX)
    assert fitted.size == 30
    assert not fitted.overflow
    assert fitted.lines == ("Senate",)


def test_long_text_wraps_then_shrinks_but_never_below_the_minimum():
    text = "Place one worker on the cathedral and gain one influence point each round"
    fitted = fit_text(text, (300, 120), 40, Style.REGULAR, True, MIN_TEXT_PX)
    assert MIN_TEXT_PX <= fitted.size < 40
    assert len(fitted.lines) > 1
    assert not fitted.overflow
    assert fitted.width <= 300
    assert fitted.height <= 120


def test_text_that_cannot_fit_is_cut_and_reported():
    fitted = fit_text("word " * 100, (200, 50), 30, Style.REGULAR, True, MIN_TEXT_PX)
    assert fitted.overflow
    assert fitted.size == MIN_TEXT_PX
    assert fitted.lines[-1].endswith("…")


def test_a_size_below_the_legibility_floor_is_refused():
    with pytest.raises(ValueError, match="smaller than"):
        fit_text("x", (100, 100), 12, Style.REGULAR, True, 12)


def test_check_texts_reports_overflow_overlap_and_off_image():
    canvas = Canvas(400, 200, WHITE)
    canvas.text(Box(10, 10, 200, 40), "Seaport")
    canvas.text(Box(100, 20, 200, 40), "Forum")
    canvas.text(Box(10, 100, 60, 30), "a very long label that will not fit")
    canvas.text(Box(350, 160, 200, 80), "Off")
    problems = check_texts(canvas)
    assert any(p.startswith("overlap: 'Seaport' and 'Forum'") for p in problems)
    assert any(p.startswith("overflow:") for p in problems)
    assert any(p.startswith("off the image: 'Off'") for p in problems)


def test_clean_canvas_has_no_text_problems():
    canvas = Canvas(400, 200, WHITE)
    canvas.text(Box(10, 10, 180, 40), "Seaport")
    canvas.text(Box(210, 10, 180, 40), "Forum")
    token(canvas, 0, (50, 120), 40)
    assert check_texts(canvas) == []


def test_seats_differ_in_colour_letter_and_shape():
    assert len({s.colour for s in SEAT_STYLES}) == 4
    assert len({s.letter for s in SEAT_STYLES}) == 4
    assert len({s.shape for s in SEAT_STYLES}) == 4


def test_tokens_below_legible_size_are_refused():
    with pytest.raises(ValueError, match="32 px"):
        token(Canvas(100, 100, WHITE), 1, (50, 50), 20)


def test_token_on_token_is_an_overlap():
    canvas = Canvas(200, 100, WHITE)
    token(canvas, 0, (50, 50), 40)
    token(canvas, 1, (70, 50), 40)
    assert any(p.startswith("overlap") for p in check_texts(canvas))


def _dark_pixels(image: Image.Image) -> int:
    rgba = image.convert("RGBA")
    alpha = rgba.getchannel("A").point(lambda v: 255 if v > 200 else 0)
    dark = rgba.convert("L").point(lambda v: 255 if v < 50 else 0)
    both = ImageChops.multiply(alpha, dark)
    return int(sum(both.histogram()[255:]))


def test_die_faces_show_more_pips_for_higher_values():
    counts = [_dark_pixels(die_sprite(v, 64, WHITE, (0, 0, 0))) for v in range(1, 7)]
    assert counts == sorted(counts)
    assert len(set(counts)) == 6


def test_a_die_shows_only_one_to_six():
    with pytest.raises(ValueError, match="1 to 6"):
        die(Canvas(100, 100, WHITE), 7, (0, 0), 40)


def test_layout_parses_boxes_and_sizes():
    layout = parse_layout(
        {"canvas": {"width": 100, "height": 50}, "box": {"a": [0, 0, 10, 10]}, "size": {"t": 3}}
    )
    assert layout.box("a") == Box(0, 0, 10, 10)
    assert layout.size("t") == 3


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"canvas": {"width": 100, "height": 50}, "boxes": {}}, "unknown tables"),
        ({"canvas": {"width": 100}}, "width and height"),
        ({"canvas": {"width": 100, "height": 50}, "box": {"a": [90, 0, 20, 10]}}, "outside"),
        ({"canvas": {"width": 100, "height": 50}, "box": {"a": [0, 0, 1]}}, r"\[x, y, w, h\]"),
        ({"canvas": {"width": 100, "height": 50}, "size": {"t": 0}}, "positive"),
    ],
)
def test_malformed_layouts_are_refused(data, message):
    with pytest.raises(ValueError, match=message):
        parse_layout(data)


def test_every_shipped_layout_loads():
    for path in sorted(Path(DATA_DIR).glob("*/layout.toml")):
        layout = load_layout(path.parent.name)
        assert layout.width == 1600


def test_names_lose_what_the_font_cannot_draw_and_stay_short():
    assert printable("Anna 🎲") == "Anna"
    assert seat_label(2, ("李小龙", "", "李小龙")) == "Player 3"
    assert seat_label(0, ("Zoë",)) == "Zoë (1)"
    long = seat_label(0, ("Bartholomew the Extremely Long-Named Wanderer",))
    assert long.endswith("… (1)")
    assert len(long) <= NAME_MAX + 4


def test_rounded_pieces_paste_the_same_pixels_as_the_whole_sprite():
    # Square corners (radius 0) are opaque, so they are copied rather than blended.
    for size, radius, fill, outline, width in [
        ((200, 80), 10, (250, 244, 228), (30, 30, 30), 2),
        ((200, 80), 0, (250, 244, 228), (30, 30, 30), 2),
        ((120, 32), 16, (225, 218, 200), (150, 135, 110), 1),
        ((90, 60), 8, None, (200, 0, 120), 3),
        ((600, 300), 12, (240, 236, 226), None, 1),
    ]:
        by_pieces = Canvas(*size, (90, 140, 200))
        by_pieces.rounded(Box(0, 0, *size), radius, fill, outline, width)
        whole = Image.new("RGB", size, (90, 140, 200))
        sprite = _rounded_sprite(size, radius, fill, outline, width)
        whole.paste(sprite, (0, 0), sprite)
        assert by_pieces.image.tobytes() == whole.tobytes(), (size, radius)
        if size[0] * size[1] > SPRITE_AREA:
            # Big panels keep the plain edge Pillow draws straight onto the image.
            direct = Image.new("RGB", size, (90, 140, 200))
            corners = (0, 0, size[0] - 1, size[1] - 1)
            ImageDraw.Draw(direct).rounded_rectangle(corners, radius, fill, outline, width)
            assert by_pieces.image.tobytes() == direct.tobytes(), size


def test_a_missing_piece_would_show_through():
    # The check above can fail: a canvas of another colour gives other corner pixels.
    first = Canvas(100, 60, (0, 0, 0))
    second = Canvas(100, 60, (255, 255, 255))
    for canvas in (first, second):
        canvas.rounded(Box(0, 0, 100, 60), 12, (250, 244, 228), (30, 30, 30), 2)
    assert first.image.tobytes() != second.image.tobytes()


def test_text_on_a_flat_panel_is_the_same_as_blending_it_there():
    # Drawn twice: on a flat panel (pasted from the blended-line cache) and on the same
    # panel with one odd pixel under the line (so blended through the glyph mask there).
    flat = Canvas(400, 60, (250, 244, 228))
    spotted = Canvas(400, 60, (250, 244, 228))
    spotted.image.putpixel((60, 30), (10, 10, 10))
    for canvas in (flat, spotted):
        record = canvas.text(Box(0, 0, 400, 60), "Senate", size=28, fill=(30, 30, 30))
        assert record.ink.contains(Box(60, 30, 1, 1))
        canvas.image.putpixel((60, 30), (0, 0, 0))
    assert flat.image.tobytes() == spotted.image.tobytes()
