"""The standings image: phone width, one row per player, long names cut, valid PNG."""

import io

from PIL import Image

from render.base.league import HEAD_H, ROW_H, TITLE_H, WIDTH, Line, standings_png

HEADS = ["#", "Player", "Pts", "G", "W", "VP%", "Rating"]


def _image(lines: list[Line]) -> Image.Image:
    return Image.open(io.BytesIO(standings_png("Weekly", "Season 1 · final", HEADS, lines)))


def test_the_image_is_phone_wide_and_grows_by_one_row_per_player():
    few = _image([Line(1, "Ana", "10", 1, 1, "100%", "1520")])
    many = _image([Line(r, f"Player {r}", str(30 - r), 6, 1, "80%", "1500") for r in range(1, 25)])
    assert few.width == many.width == WIDTH
    assert many.height - few.height == 23 * ROW_H
    assert few.height > TITLE_H + HEAD_H + ROW_H


def test_a_very_long_name_does_not_spill_into_the_points_column():
    long_name = _image([Line(2, "W" * 200, "10", 1, 0, "50%")])
    short = _image([Line(2, "W", "10", 1, 0, "50%")])
    y = TITLE_H + HEAD_H + ROW_H // 2
    # The points column (right of the name column) looks the same either way.
    box = (int(WIDTH * 0.55), y - 20, int(WIDTH * 0.66), y + 20)
    assert long_name.crop(box).tobytes() == short.crop(box).tobytes()


def test_the_leader_row_is_tinted_and_others_are_not():
    image = _image([Line(1, "Ana", "10", 1, 1, "100%"), Line(4, "Bo", "1", 1, 0, "10%")])
    first = image.getpixel((WIDTH - 45, TITLE_H + HEAD_H + 5))
    fourth = image.getpixel((WIDTH - 45, TITLE_H + HEAD_H + ROW_H + 5))
    assert first != fourth


def test_divisions_get_a_heading_row_each():
    plain = [Line(1, "Ana", "10", 1, 1, "100%"), Line(1, "Bo", "10", 1, 1, "100%")]
    grouped = [
        Line(1, "Ana", "10", 1, 1, "100%", group="Division 1"),
        Line(1, "Bo", "10", 1, 1, "100%", group="Division 2"),
    ]
    assert _image(grouped).height - _image(plain).height == 2 * ROW_H
