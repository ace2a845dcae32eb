"""Golden-image comparison with a small tolerance, refreshed only on purpose.

Run `DENARIUS_REFRESH_GOLDEN=1 .venv/bin/pytest tests/render -k golden` to rewrite the
stored images after a deliberate visual change, and commit them in a commit of their own.
"""

import io
import os
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

from render.base.encode import encode_png

GOLDEN_DIR = Path(__file__).parent / "golden"
REFRESH = os.environ.get("DENARIUS_REFRESH_GOLDEN") == "1"

# Mean absolute difference per channel (0-255) and share of pixels allowed to differ at all:
# room for a few anti-aliased pixels, none for a moved marker or an added word.
MEAN_TOLERANCE = 0.05
CHANGED_SHARE = 0.00005


def image_difference(first: Image.Image, second: Image.Image) -> tuple[float, float]:
    """Return (mean channel difference, share of pixels that differ) of two RGB images."""
    diff = ImageChops.difference(first.convert("RGB"), second.convert("RGB"))
    mean = sum(ImageStat.Stat(diff).mean) / 3
    mask = diff.convert("L").point(lambda v: 255 if v > 24 else 0)
    changed = ImageStat.Stat(mask).mean[0] / 255
    return mean, changed


def assert_matches_golden(name: str, image: Image.Image) -> None:
    """Compare `image` with the stored golden image `name` (or store it when refreshing).

    Both go through the project's PNG encoder, so the stored files stay small and the
    comparison covers what players are sent.
    """
    path = GOLDEN_DIR / f"{name}.png"
    encoded = encode_png(image.convert("RGB"))
    if REFRESH:
        GOLDEN_DIR.mkdir(exist_ok=True)
        path.write_bytes(encoded)
        return
    with Image.open(io.BytesIO(encoded)) as sent:
        image = sent.convert("RGB")
    assert path.exists(), f"no golden image {path.name}; refresh on purpose to create it"
    with Image.open(path) as stored:
        assert stored.size == image.size, f"{name}: size {image.size} != golden {stored.size}"
        mean, changed = image_difference(stored, image)
    assert mean <= MEAN_TOLERANCE, f"{name}: mean difference {mean:.2f}"
    assert changed <= CHANGED_SHARE, f"{name}: {changed:.2%} of pixels changed"
