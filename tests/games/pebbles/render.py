"""Pebbles' renderer: the two entry points every game's renderer module exposes.

`board_png` draws the public view (what changed since `before` outlined), `private_png` a
seat's own view; the registry names this module in the game's spec, and
cogs/common/images.py imports it by that name.
"""

from PIL import Image, ImageDraw

from render.base.encode import encode_png
from tests.games.pebbles.game import PebblesView

SIZE = (360, 200)
PEBBLE, GAP = 22, 6
INK, PEBBLE_FILL, GONE, BACK = (40, 40, 40), (120, 128, 140), (230, 200, 120), (245, 241, 230)


def _image(lines: list[str]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", SIZE, BACK)
    draw = ImageDraw.Draw(image)
    for row, text in enumerate(lines):
        draw.text((12, 10 + 16 * row), text, fill=INK)
    return image, draw


def _name(seat: int, names: tuple[str, ...] | None) -> str:
    return names[seat] if names and seat < len(names) else f"Seat {seat + 1}"


def board_png(
    view: PebblesView,
    before: PebblesView | None = None,
    *,
    prompt: str | None = None,
    names: tuple[str, ...] | None = None,
    lang: str = "en",
) -> bytes:
    """Draw the pile: pebbles left filled, taken ones (since `before`) outlined in gold."""
    head = f"{view.pile}/{view.start}"
    turn = "" if view.turn is None else _name(view.turn, names)
    image, draw = _image([head, turn, prompt or ""])
    taken_now = 0 if before is None else before.pile - view.pile
    for i in range(view.start):
        x, y = 12 + (i % 12) * (PEBBLE + GAP), 70 + (i // 12) * (PEBBLE + GAP)
        box = (x, y, x + PEBBLE, y + PEBBLE)
        if i < view.pile:
            draw.ellipse(box, fill=PEBBLE_FILL, outline=INK)
        elif i < view.pile + taken_now:
            draw.ellipse(box, outline=GONE, width=3)
    return encode_png(image)


def private_png(
    view: PebblesView,
    *,
    prompt: str | None = None,
    names: tuple[str, ...] | None = None,
    lang: str = "en",
) -> bytes:
    """Draw a seat's own lucky number."""
    if view.seat is None:
        raise ValueError("a private image needs a seat's own view")
    lucky = "?" if view.lucky is None else str(view.lucky)
    image, _draw = _image([_name(view.seat, names), f"{lucky}", prompt or ""])
    return encode_png(image)
