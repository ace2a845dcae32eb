"""A drawing surface that fits text to boxes and keeps a record of every text it drew.

Every piece of text goes through `Canvas.text`, which shrinks and wraps it to its box but
never below `MIN_TEXT_PX`; when even that does not fit, the text is cut with an ellipsis and
the record says `overflow=True`. Tests read `Canvas.texts` to check that no text box
overflows, that no two texts overlap and that nothing is drawn off the image.
"""

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageDraw

from render.encode import encode_png
from render.fonts import CONDENSED_OF, MIN_TEXT_PX, Style, font

Align = Literal["left", "center", "right"]
VAlign = Literal["top", "middle", "bottom"]
Colour = tuple[int, int, int]

LINE_SPACING = 1.18
# Boxes up to this many pixels are drawn as cached, anti-aliased sprites.
SPRITE_AREA = 120_000


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned rectangle in image pixels: left, top, width, height."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        """Return the x just past the right edge."""
        return self.x + self.w

    @property
    def bottom(self) -> int:
        """Return the y just past the bottom edge."""
        return self.y + self.h

    @property
    def xyxy(self) -> tuple[int, int, int, int]:
        """Return the box as Pillow's inclusive (x0, y0, x1, y1)."""
        return (self.x, self.y, self.x + self.w - 1, self.y + self.h - 1)

    @property
    def centre(self) -> tuple[int, int]:
        """Return the centre point."""
        return (self.x + self.w // 2, self.y + self.h // 2)

    def inset(self, dx: int, dy: int | None = None) -> "Box":
        """Return the box shrunk by `dx` on the left and right and `dy` on top and bottom."""
        dy = dx if dy is None else dy
        return Box(self.x + dx, self.y + dy, max(0, self.w - 2 * dx), max(0, self.h - 2 * dy))

    def cols(self, n: int, gap: int = 0) -> list["Box"]:
        """Split into `n` columns of equal width separated by `gap`."""
        width = (self.w - gap * (n - 1)) // n
        return [Box(self.x + i * (width + gap), self.y, width, self.h) for i in range(n)]

    def rows(self, n: int, gap: int = 0) -> list["Box"]:
        """Split into `n` rows of equal height separated by `gap`."""
        height = (self.h - gap * (n - 1)) // n
        return [Box(self.x, self.y + i * (height + gap), self.w, height) for i in range(n)]

    def top(self, h: int) -> "Box":
        """Return the top strip of height `h`."""
        return Box(self.x, self.y, self.w, min(h, self.h))

    def below(self, h: int) -> "Box":
        """Return what is left under a top strip of height `h`."""
        return Box(self.x, self.y + h, self.w, max(0, self.h - h))

    def left(self, w: int) -> "Box":
        """Return the left strip of width `w`."""
        return Box(self.x, self.y, min(w, self.w), self.h)

    def after(self, w: int) -> "Box":
        """Return what is right of a left strip of width `w`."""
        return Box(self.x + w, self.y, max(0, self.w - w), self.h)

    def intersects(self, other: "Box") -> bool:
        """Return True when the two boxes share at least one pixel."""
        return (
            self.x < other.right
            and other.x < self.right
            and self.y < other.bottom
            and other.y < self.bottom
        )

    def contains(self, other: "Box") -> bool:
        """Return True when `other` lies entirely inside this box."""
        return (
            self.x <= other.x
            and self.y <= other.y
            and other.right <= self.right
            and other.bottom <= self.bottom
        )


@dataclass(frozen=True, slots=True)
class Fit:
    """How a text fits a box: its lines, size and typeface, and whether it had to be cut."""

    lines: tuple[str, ...]
    size: int
    style: Style
    width: int
    line_height: int
    overflow: bool

    @property
    def height(self) -> int:
        """Return the height of the text block."""
        return self.line_height * len(self.lines)


@dataclass(frozen=True, slots=True)
class TextRecord:
    """One text drawn on a canvas: where it was allowed, where it ink landed, and how."""

    text: str
    box: Box
    ink: Box
    size: int
    overflow: bool


def moved(record: TextRecord, dx: int, dy: int) -> TextRecord:
    """Return the record shifted by (dx, dy) pixels."""
    box, ink = record.box, record.ink
    return TextRecord(
        record.text,
        Box(box.x + dx, box.y + dy, box.w, box.h),
        Box(ink.x + dx, ink.y + dy, ink.w, ink.h),
        record.size,
        record.overflow,
    )


def _line_height(size: int) -> int:
    return round(size * LINE_SPACING)


def _wrap(text: str, size: int, style: Style, width: int) -> tuple[list[str], bool]:
    """Greedily wrap `text` by words; report False if any single word is wider than `width`."""
    measure = font(size, style).getlength
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split():
            trial = f"{current} {word}" if current else word
            if measure(trial) <= width:
                current = trial
                continue
            if current:
                lines.append(current)
            current = word
            if measure(word) > width:
                return lines, False
        lines.append(current)
    return lines, True


def _try(text: str, size: int, style: Style, box: tuple[int, int], wrap: bool) -> Fit | None:
    width, height = box
    measure = font(size, style).getlength
    if wrap:
        lines, ok = _wrap(text, size, style, width)
    else:
        lines, ok = text.split("\n"), True
    widest = max((measure(line) for line in lines), default=0.0)
    if not ok or widest > width or _line_height(size) * len(lines) > height:
        return None
    return Fit(tuple(lines), size, style, int(widest + 0.999), _line_height(size), False)


def _cut(text: str, size: int, style: Style, box: tuple[int, int]) -> Fit:
    """Return the most of `text` that fits at the smallest size, ending in an ellipsis."""
    width, height = box
    measure = font(size, style).getlength
    room = max(1, height // _line_height(size))
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split():
            trial = f"{current} {word}" if current else word
            if measure(trial) <= width or not current:
                current = trial
            else:
                lines.append(current)
                current = word
        lines.append(current)
    kept = lines[:room]
    last = kept[-1]
    while last and measure(last + "…") > width:
        last = last[:-1]
    kept[-1] = last.rstrip() + "…"
    widest = max(measure(line) for line in kept)
    return Fit(tuple(kept), size, style, int(widest + 0.999), _line_height(size), True)


@lru_cache(maxsize=8192)
def fit_text(
    text: str, box: tuple[int, int], size: int, style: Style, wrap: bool, min_size: int
) -> Fit:
    """Fit `text` into a (width, height) box, shrinking from `size` down to `min_size`.

    At each size the regular face is tried first, then its condensed face. If nothing fits
    at `min_size`, the text is cut with an ellipsis and the result is marked as overflow.
    """
    if min_size < MIN_TEXT_PX:
        raise ValueError(f"text may not be smaller than {MIN_TEXT_PX} px")
    for current in range(max(size, min_size), min_size - 1, -1):
        for face in dict.fromkeys((style, CONDENSED_OF[style])):
            fitted = _try(text, current, face, box, wrap)
            if fitted is not None:
                return fitted
    return _cut(text, min_size, CONDENSED_OF[style], box)


@lru_cache(maxsize=16384)
def _line_mask(line: str, size: int, style: Style) -> tuple[Image.Image, tuple[int, int], float]:
    """Return one line's glyph coverage mask and its offset from the ascender anchor.

    Labels repeat from one image to the next (names, titles, numbers), so rasterising each
    once and pasting it after is several times faster than drawing it every time.
    """
    face = font(size, style)
    left, top, right, bottom = (int(v) for v in face.getbbox(line, anchor="la"))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), line, font=face, fill=255, anchor="la")
    return mask, (left, top), face.getlength(line)


@lru_cache(maxsize=2048)
def _rounded_sprite(
    size: tuple[int, int], radius: int, fill: Colour | None, outline: Colour | None, width: int
) -> Image.Image:
    """Return an anti-aliased rounded rectangle as an RGBA sprite (drawn at 3x, scaled down)."""
    scale = 3
    big = (size[0] * scale, size[1] * scale)
    image = Image.new("RGBA", big, (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle(
        (0, 0, big[0] - 1, big[1] - 1),
        radius=radius * scale,
        fill=fill,
        outline=outline,
        width=width * scale,
    )
    return image.resize(size, Image.Resampling.BOX)


class Canvas:
    """An RGB image with a drawing context and a record of the texts drawn on it."""

    def __init__(self, width: int, height: int, background: Colour) -> None:
        """Create a blank canvas of the given size."""
        self.background = background
        self.image = Image.new("RGB", (width, height), background)
        self.draw = ImageDraw.Draw(self.image)
        self._texts: list[TextRecord] = []
        # Records of pasted areas, kept with their offset and translated only when read.
        self._placed: list[tuple[int, int, tuple[TextRecord, ...]]] = []

    @property
    def texts(self) -> list[TextRecord]:
        """Return every text drawn on this canvas, pasted areas included, in image pixels."""
        placed = [moved(r, dx, dy) for dx, dy, records in self._placed for r in records]
        return [*self._texts, *placed]

    def record(self, record: TextRecord) -> None:
        """Record a text drawn by other means (a lettered token, a cut-off list)."""
        self._texts.append(record)

    def place(self, image: Image.Image, records: tuple[TextRecord, ...], x: int, y: int) -> None:
        """Paste a pre-drawn image at (x, y) together with its text records."""
        self.image.paste(image, (x, y))
        self._placed.append((x, y, records))

    @property
    def box(self) -> Box:
        """Return the whole image as a box."""
        return Box(0, 0, self.image.width, self.image.height)

    def text(  # noqa: PLR0913 - these are the knobs every label needs
        self,
        box: Box,
        text: str,
        *,
        size: int = 28,
        style: Style = Style.REGULAR,
        fill: Colour = (0, 0, 0),
        align: Align = "left",
        valign: VAlign = "middle",
        wrap: bool = True,
    ) -> TextRecord:
        """Draw `text` fitted to `box` and record it; return the record."""
        fitted = fit_text(text, (box.w, box.h), size, style, wrap, MIN_TEXT_PX)
        top = box.y
        if valign == "middle":
            top = box.y + (box.h - fitted.height) // 2
        elif valign == "bottom":
            top = box.bottom - fitted.height
        left_edge = box.right
        for index, line in enumerate(fitted.lines):
            mask, (dx, dy), width = _line_mask(line, fitted.size, fitted.style)
            if align == "left":
                x = float(box.x)
            elif align == "center":
                x = box.x + (box.w - width) / 2
            else:
                x = box.right - width
            left_edge = min(left_edge, int(x))
            # Anchor at the ascender, so labels side by side share a baseline; DejaVu's
            # ascender plus descender is about 1.17 em, which LINE_SPACING covers.
            y = top + index * fitted.line_height
            corner = (round(x) + dx, y + dy)
            self.image.paste(fill, (*corner, corner[0] + mask.width, corner[1] + mask.height), mask)
        ink = Box(left_edge, top, fitted.width, fitted.height)
        record = TextRecord(text, box, ink, fitted.size, fitted.overflow)
        self._texts.append(record)
        return record

    def rounded(
        self,
        box: Box,
        radius: int = 10,
        fill: Colour | None = None,
        outline: Colour | None = None,
        width: int = 1,
    ) -> None:
        """Draw a smooth rounded rectangle filling `box` (sprites are cached by look)."""
        if box.w <= 0 or box.h <= 0:
            return
        if box.w * box.h > SPRITE_AREA:
            # Compositing a large RGBA sprite costs more than drawing the box directly.
            self.draw.rounded_rectangle(
                box.xyxy, radius=radius, fill=fill, outline=outline, width=width
            )
            return
        sprite = _rounded_sprite((box.w, box.h), radius, fill, outline, width)
        self.image.paste(sprite, (box.x, box.y), sprite)

    def png(self) -> bytes:
        """Encode the canvas as PNG bytes (see `render.encode.encode_png`)."""
        return encode_png(self.image)


def check_texts(canvas: Canvas) -> list[str]:
    """Return every text problem on `canvas`: overflow, overlap, or drawn off the image."""
    problems: list[str] = []
    whole = canvas.box
    for record in canvas.texts:
        if record.overflow:
            problems.append(f"overflow: {record.text!r} in {record.box}")
        if not whole.contains(record.ink):
            problems.append(f"off the image: {record.text!r} at {record.ink}")
        if record.size < MIN_TEXT_PX:
            problems.append(f"too small: {record.text!r} at {record.size} px")
    records = sorted(canvas.texts, key=lambda r: r.ink.y)
    for i, first in enumerate(records):
        for second in records[i + 1 :]:
            if second.ink.y >= first.ink.bottom:
                break
            if first.ink.intersects(second.ink):
                problems.append(f"overlap: {first.text!r} and {second.text!r}")
    return problems
