"""The animated replay (render/base/animation.py): an APNG of board images, at most 8 MiB."""

import io
import random

import pytest
from PIL import Image, ImageDraw

from render.base.animation import FIRST_MS, FRAME_MS, LAST_MS, animation_png, durations


def _png(shade: int, size: tuple[int, int] = (320, 200), mode: str = "RGB") -> bytes:
    image = Image.new("RGB", size, (240, 235, 220))
    ImageDraw.Draw(image).rectangle((10 + shade, 10, 60 + shade, 60), fill=(200, shade, 40))
    buffer = io.BytesIO()
    (image.convert("P") if mode == "P" else image).save(buffer, format="PNG")
    return buffer.getvalue()


def _open(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image


def test_one_frame_per_board_looping_with_the_first_and_last_held_longer():
    data = animation_png([_png(k * 20) for k in range(5)])
    image = _open(data)
    assert getattr(image, "n_frames", 1) == 5
    assert image.info["loop"] == 0
    shown = []
    for frame in range(5):
        image.seek(frame)
        shown.append(image.info["duration"])
    assert shown == [FIRST_MS, FRAME_MS, FRAME_MS, FRAME_MS, LAST_MS]
    for frame in range(5):  # each board as drawn, its own colours kept (played in order)
        image = _open(data)
        for k in range(frame + 1):
            image.seek(k)
        assert image.convert("RGB").getpixel((10 + 20 * frame + 5, 20)) == (200, 20 * frame, 40)


def _noise(seed: int, size: tuple[int, int] = (600, 400)) -> bytes:
    rng = random.Random(seed)
    image = Image.frombytes("RGB", size, rng.randbytes(size[0] * size[1] * 3))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def test_frames_too_big_for_the_limit_are_made_smaller_until_they_fit():
    pngs = [_noise(k) for k in range(4)]
    full = animation_png(pngs)
    small = animation_png(pngs, max_bytes=len(full) - 1)
    assert len(small) < len(full)
    assert _open(small).size < _open(full).size
    assert getattr(_open(small), "n_frames", 1) == 4
    with pytest.raises(ValueError, match="do not fit"):
        animation_png(pngs, max_bytes=100)


def test_frames_must_exist_and_share_a_size():
    with pytest.raises(ValueError, match="at least one"):
        animation_png([])
    with pytest.raises(ValueError, match="same size"):
        animation_png([_png(0), _png(0, (100, 100))])


def test_a_single_frame_is_a_still_image():
    assert durations(1) == [LAST_MS]
    assert getattr(_open(animation_png([_png(0, mode="P")])), "n_frames", 1) == 1
