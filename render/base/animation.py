"""An animated replay: board images, one per round or turn, as one APNG (issue 17).

The frames are a game's board images (each drawn with the board before it as `before`, so
what changed since the previous frame is marked, as on every posted board). They share the
game's fixed palette (render.base.palettes), so the APNG stays indexed, and Pillow stores
each frame as the rectangle that differs from the one before. A file must fit any server's
upload limit (8 MiB): when it would not, the frames are made smaller until it does.
"""

import io
from collections.abc import Sequence

from PIL import Image

MAX_BYTES = 8 * 1024 * 1024  # Discord's smallest upload limit
FRAME_MS = 1400  # each round
FIRST_MS = 2000  # the start, before the first move
LAST_MS = 5000  # the final board, before the animation starts again
SCALES = (1.0, 0.75, 0.6, 0.5, 0.4, 0.3, 0.2)


def durations(frames: int) -> list[int]:
    """Return each frame's time on screen (the first and last stay longer)."""
    if frames == 1:
        return [LAST_MS]
    return [FIRST_MS] + [FRAME_MS] * (frames - 2) + [LAST_MS]


def _one_palette(images: Sequence[Image.Image]) -> bool:
    """Whether the images are indexed with one palette (a game's boards are)."""
    palettes = {bytes(im.getpalette() or b"") for im in images}
    return all(im.mode == "P" for im in images) and len(palettes) == 1


def _scaled(images: Sequence[Image.Image], scale: float) -> list[Image.Image]:
    """Return the frames at `scale`, indexed with one palette (the first frame's)."""
    if scale == 1.0 and _one_palette(images):
        return list(images)
    size = (max(1, round(images[0].width * scale)), max(1, round(images[0].height * scale)))
    rgb = [im.convert("RGB") for im in images]
    if scale != 1.0:
        rgb = [im.resize(size, Image.Resampling.LANCZOS) for im in rgb]
    palette = _palette(rgb)
    return [im.quantize(palette=palette, dither=Image.Dither.NONE) for im in rgb]


def _palette(images: Sequence[Image.Image]) -> Image.Image:
    """Return one 256-colour palette for all the frames (from a small copy of each)."""
    w, h = max(1, images[0].width // 4), max(1, images[0].height // 4)
    sample = Image.new("RGB", (w, h * len(images)))
    for k, image in enumerate(images):
        sample.paste(image.resize((w, h), Image.Resampling.NEAREST), (0, k * h))
    return sample.quantize(256, method=Image.Quantize.MEDIANCUT)


def _apng(images: Sequence[Image.Image]) -> bytes:
    buffer = io.BytesIO()
    first, rest = images[0], list(images[1:])
    first.save(
        buffer, format="PNG", save_all=True, append_images=rest, duration=durations(len(images)),
        loop=0, disposal=0, blend=0, compress_level=6,
    )  # fmt: skip
    return buffer.getvalue()


def animation_png(pngs: Sequence[bytes], max_bytes: int = MAX_BYTES) -> bytes:
    """Return the APNG of board images (PNG bytes, same size), looping, at most `max_bytes`.

    Raises:
        ValueError: no frames, frames of different sizes, or not even the smallest scale fits.
    """
    if not pngs:
        raise ValueError("an animation needs at least one frame")
    images = [Image.open(io.BytesIO(p)) for p in pngs]
    for image in images:
        image.load()
    if len({im.size for im in images}) != 1:
        raise ValueError("the frames of an animation must all be the same size")
    for scale in SCALES:
        data = _apng(_scaled(images, scale))
        if len(data) <= max_bytes:
            return data
    raise ValueError(f"{len(pngs)} frames do not fit in {max_bytes} bytes at any scale")
