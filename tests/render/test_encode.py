"""The board encoder: fixed palettes, cached bands, and PNGs any decoder reads the same."""

import io
import struct
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageStat

from render.base import encode, palettes
from render.base.encode import _adler_combine, clear_band_cache, encode_board, encode_png
from render.base.palette import (
    BACKGROUND,
    EMPTY,
    HEADER,
    HEADER_INK,
    HIGHLIGHT,
    INK,
    PANEL,
    PANEL_EDGE,
    SEAT_STYLES,
)
from render.base.palettes import (
    FLAT_PIXELS,
    board_palette,
    flat_colours,
    mismapped,
    palette_image,
    read_palette,
)
from tests.render.games import GAMES, board, play
from tests.render.palettes import LADIES

# How far a flat colour may move: Pillow's colour lookup maps a colour onto an entry up to
# a few steps away; a colour the palette lacks would move much further.
FLAT_STEP = 6
# Seeds other than the ones the palettes were made from (tests/render/palettes.py).
SETUPS = [
    ("trajan", 2, {}),
    ("trajan", 4, {}),
    ("troyes", 3, {}),
    ("troyes", 4, LADIES),
]


def _boards(name: str, seats: int, options: dict[str, str], count: int = 4) -> list[Image.Image]:
    states = list(play(GAMES[name], seats, 31, options))
    stride = max(1, len(states) // count)
    game = GAMES[name]
    return [board(game, states[i], states[i - 1]).image for i in range(1, len(states), stride)]


def _idat(data: bytes) -> bytes:
    """Return the concatenated IDAT data of a PNG."""
    at, found = 8, b""
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at : at + 8])
        if kind == b"IDAT":
            found += data[at + 8 : at + 8 + length]
        at += 12 + length
    return found


@pytest.fixture(scope="module")
def trajan_boards() -> list[Image.Image]:
    return _boards("trajan", 4, {})


def _worst_flat_error(name: str, image: Image.Image) -> int:
    """Return how far (per channel) the board palette moves the image's flat colours."""
    colours = list(flat_colours(image, FLAT_PIXELS))
    palette = read_palette(name)
    moved = mismapped(colours, palette)
    steps = [max(abs(a - b) for a, b in zip(c, moved[c], strict=True)) for c in moved]
    return max(steps, default=0)


@pytest.mark.parametrize(("name", "seats", "options"), SETUPS)
def test_flat_colours_of_boards_come_through(name, seats, options):
    """Colours covering big patches are kept or moved by a step at most (never a new hue)."""
    for image in _boards(name, seats, options):
        error = _worst_flat_error(name, image)
        assert error <= FLAT_STEP, f"regenerate: python -m tests.render.palettes ({error})"


def test_the_shared_colours_come_through_exactly():
    named = [BACKGROUND, PANEL, PANEL_EDGE, INK, HEADER, HEADER_INK, HIGHLIGHT, EMPTY]
    named += [style.colour for style in SEAT_STYLES]
    for name in ("trajan", "troyes"):
        assert mismapped(named, read_palette(name)) == {}, name


def test_board_png_decodes_to_the_drawn_board(trajan_boards):
    palette = board_palette("trajan")
    for image in trajan_boards:
        data = encode_board(image, palette, "trajan")
        with Image.open(io.BytesIO(data)) as sent:
            sent.verify()
        with Image.open(io.BytesIO(data)) as sent:
            back = sent.convert("RGB")
        assert back.size == image.size
        difference = ImageChops.difference(image, back)
        assert sum(ImageStat.Stat(difference).mean) / 3 < 0.3
        assert max(ImageStat.Stat(difference).extrema, key=lambda band: band[1])[1] < 64


def test_the_deflate_stream_is_whole_and_its_checksum_right(trajan_boards):
    image = trajan_boards[0]
    data = encode_board(image, board_palette("trajan"), "trajan")
    raw = zlib.decompress(_idat(data))  # checks the Adler-32 of the whole stream
    width, height = image.size
    assert len(raw) == (width + 1) * height
    assert all(raw[row * (width + 1)] == 0 for row in range(height))


def test_bytes_do_not_depend_on_what_was_encoded_before(trajan_boards):
    palette = board_palette("trajan")
    first, second = trajan_boards[0], trajan_boards[1]
    clear_band_cache()
    fresh = encode_board(second, palette, "trajan")
    clear_band_cache()
    encode_board(first, palette, "trajan")
    after_first = encode_board(second, palette, "trajan")
    again = encode_board(second, palette, "trajan")
    assert fresh == after_first == again


def test_a_changed_pixel_changes_the_image_sent(trajan_boards):
    palette = board_palette("trajan")
    image = trajan_boards[0].copy()
    before = encode_board(image, palette, "trajan")
    black = image.getpixel((800, 1000)) == (0, 0, 0)
    image.putpixel((800, 1000), (255, 255, 255) if black else (0, 0, 0))
    after = encode_board(image, palette, "trajan")
    with Image.open(io.BytesIO(after)) as sent:
        assert sent.convert("RGB").getpixel((800, 1000)) == image.getpixel((800, 1000))
    assert before != after


def test_band_cache_stays_within_its_budget(monkeypatch, trajan_boards):
    monkeypatch.setattr(encode, "BAND_CACHE_BYTES", 100_000)
    clear_band_cache()
    for image in trajan_boards:
        encode_board(image, board_palette("trajan"), "trajan")
        assert encode._band_bytes[0] <= 100_000
    assert encode._bands
    clear_band_cache()


def test_boards_are_smaller_than_a_mebibyte_and_close_to_the_adaptive_encoder(trajan_boards):
    image = trajan_boards[-1]
    fixed = encode_board(image, board_palette("trajan"), "trajan")
    adaptive = encode_png(image)
    assert len(fixed) < 1024 * 1024
    assert len(fixed) < 1.3 * len(adaptive)


@given(st.binary(max_size=300), st.binary(max_size=300))
def test_adler_of_joined_bytes_is_combined_from_the_parts(first, second):
    combined = _adler_combine(zlib.adler32(first), zlib.adler32(second), len(second))
    assert combined == zlib.adler32(first + second)


def test_a_malformed_palette_is_refused(tmp_path, monkeypatch):
    (tmp_path / "toy").mkdir()
    (tmp_path / "toy" / "palette.txt").write_text("# note\n#ffffff\nred\n", encoding="utf-8")
    monkeypatch.setattr(palettes, "DATA_DIR", tmp_path)
    with pytest.raises(ValueError, match=r"palette\.txt:3: expected #rrggbb"):
        palettes.read_palette("toy")


def test_a_short_palette_is_padded_to_256_entries():
    image = palette_image([(1, 2, 3), (4, 5, 6)])
    values = image.getpalette() or []
    assert len(values) == 768
    assert values[-3:] == [1, 2, 3]
