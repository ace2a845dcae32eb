"""A drawing surface that fits text to boxes and keeps a record of every text it drew.

Every piece of text goes through `Canvas.text`, which shrinks and wraps it to its box but
never below `MIN_TEXT_PX`; when even that does not fit, the text is cut with an ellipsis and
the record says `overflow=True`. Tests read `Canvas.texts` to check that no text box
overflows, that no two texts overlap and that nothing is drawn off the image.
"""

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, NamedTuple, cast

from PIL import Image, ImageDraw

from render.base.encode import encode_png
from render.base.fonts import CONDENSED_OF, MIN_TEXT_PX, Style, font

Align = Literal["left", "center", "right"]
VAlign = Literal["top", "middle", "bottom"]
Colour = tuple[int, int, int]
Rect = tuple[int, int, int, int]

LINE_SPACING = 1.18
# Rounded boxes up to this many pixels are anti-aliased; larger panels keep the plain
# edge they have always had (either way they are pasted from cached pieces).
SPRITE_AREA = 120_000
# Whether the pixels under a text or a box's corners are one colour is checked against a
# flat strip of the colour at their top-left pixel (`_flat_strip`): a difference and a
# bounding box, several times faster than counting colours. Larger regions count colours.
STRIP_SIZE = (1600, 128)


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
    """One text drawn on a canvas: where it was allowed, where its ink landed, and how.

    Lettered pieces and dice are recorded too (`kind`), so overlaps with them are caught
    and the smallest symbol of an image can be measured (`bench/render.py --legibility`).
    """

    text: str
    box: Box
    ink: Box
    size: int
    overflow: bool
    kind: str = "text"  # "text"; "letter" on a token or badge (size: its px); "die" (its edge)


def moved(record: TextRecord, dx: int, dy: int) -> TextRecord:
    """Return the record shifted by (dx, dy) pixels."""
    box, ink = record.box, record.ink
    return TextRecord(
        record.text,
        Box(box.x + dx, box.y + dy, box.w, box.h),
        Box(ink.x + dx, ink.y + dy, ink.w, ink.h),
        record.size,
        record.overflow,
        record.kind,
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
def text_width(text: str, size: int, style: Style = Style.REGULAR) -> float:
    """Return the advance width of one line of text (cached: labels repeat every image)."""
    return font(size, style).getlength(text)


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


# Where each line of a text goes, and its record, by text, box (x, y, w, h) and knobs:
# labels stand on the same spots image after image (names, titles, figures). An entry is
# a record and the lines' places, with glyph masks shared with `_line_mask`.
@lru_cache(maxsize=8192)
def _text_layout(
    text: str, rect: tuple[int, int, int, int], knobs: tuple[int, Style, Align, VAlign, bool]
) -> tuple[TextRecord, Fit, tuple[tuple[str, Rect, Image.Image], ...]]:
    """Return a text's record, fit and lines (each with where it goes and its glyph mask)."""
    x, y, w, h = rect
    size, style, align, valign, wrap = knobs
    box = Box(x, y, w, h)
    fitted = fit_text(text, (w, h), size, style, wrap, MIN_TEXT_PX)
    top = y
    if valign == "middle":
        top = y + (h - fitted.height) // 2
    elif valign == "bottom":
        top = box.bottom - fitted.height
    left_edge = box.right
    lines: list[tuple[str, Rect, Image.Image]] = []
    for index, line in enumerate(fitted.lines):
        mask, (dx, dy), width = _line_mask(line, fitted.size, fitted.style)
        if align == "left":
            left = float(x)
        elif align == "center":
            left = x + (w - width) / 2
        else:
            left = box.right - width
        left_edge = min(left_edge, int(left))
        # Anchor at the ascender, so labels side by side share a baseline; DejaVu's
        # ascender plus descender is about 1.17 em, which LINE_SPACING covers.
        corner = (round(left) + dx, top + index * fitted.line_height + dy)
        lines.append((line, (*corner, corner[0] + mask.width, corner[1] + mask.height), mask))
    ink = Box(left_edge, top, fitted.width, fitted.height)
    return TextRecord(text, box, ink, fitted.size, fitted.overflow), fitted, tuple(lines)


def _rounded_sprite(
    size: tuple[int, int], radius: int, fill: Colour | None, outline: Colour | None, width: int
) -> Image.Image:
    """Return a rounded rectangle as an RGBA sprite, transparent around it.

    Boxes up to `SPRITE_AREA` pixels are anti-aliased (drawn at 3x, scaled down). Larger
    ones are drawn plainly at 1x, exactly as `ImageDraw.rounded_rectangle` draws them on
    the canvas (that is how the big panels have always looked).
    """
    scale = 3 if size[0] * size[1] <= SPRITE_AREA else 1
    big = (size[0] * scale, size[1] * scale)
    image = Image.new("RGBA", big, (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle(
        (0, 0, big[0] - 1, big[1] - 1),
        radius=radius * scale,
        fill=fill,
        outline=outline,
        width=width * scale,
    )
    return image if scale == 1 else image.resize(size, Image.Resampling.BOX)


class _Piece(NamedTuple):
    """One step of pasting a sprite: fill a rectangle with a colour, or paste pixels."""

    x: int
    y: int
    w: int
    h: int
    colour: Colour | None  # a flat, opaque colour to fill with; else `image` is pasted
    image: Image.Image | None
    masked: bool  # paste `image` through its own alpha


# A rounded box's look: radius, fill, outline and outline width.
Look = tuple[int, Colour | None, Colour | None, int]


def _fills(
    size: tuple[int, int],
    corner: tuple[int, int],
    fill: Colour | None,
    outline: Colour | None,
    width: int,
) -> list[tuple[Rect, Colour]]:
    """Return the flat rectangles of a rounded rectangle outside its corners.

    The rectangles do not overlap, so each pixel is written once (big panels are filled
    at memory speed, and writing them twice would cost twice).
    """
    (w, h), (cx, cy) = size, corner
    edge = width if outline is not None else 0
    rects: list[tuple[Rect, Colour | None]] = [
        # The inside: a full-width band between the corners, and the strips above and below.
        ((edge, cy, w - edge, h - cy), fill),
        ((cx, edge, w - cx, cy), fill),
        ((cx, h - cy, w - cx, h - edge), fill),
    ]
    if outline is not None:
        rects += [
            ((cx, 0, w - cx, edge), outline),
            ((cx, h - edge, w - cx, h), outline),
            ((0, cy, edge, h - cy), outline),
            ((w - edge, cy, w, h - cy), outline),
        ]
    return [
        (rect, colour)
        for rect, colour in rects
        if colour is not None and rect[2] > rect[0] and rect[3] > rect[1]
    ]


def _corner_piece(sprite: Image.Image, rect: Rect) -> _Piece | None:
    """Return one corner of `sprite` as a piece: blended by alpha, copied, or None if empty."""
    part = sprite.crop(rect)
    low, high = cast(tuple[int, int], part.getchannel("A").getextrema())  # one band: (min, max)
    if high == 0:
        return None
    masked = low < 255
    image = part if masked else part.convert("RGB")
    return _Piece(rect[0], rect[1], part.width, part.height, None, image, masked)


def _replays(pieces: list[_Piece], sprite: Image.Image) -> bool:
    """Return True when pasting `pieces` on a transparent image gives `sprite` exactly."""
    replay = Image.new("RGBA", sprite.size, (0, 0, 0, 0))
    for piece in pieces:
        if piece.colour is not None:
            box = (piece.x, piece.y, piece.x + piece.w, piece.y + piece.h)
            replay.paste((*piece.colour, 255), box)
        elif piece.image is not None:
            # Corners are copied with their alpha here, so the comparison covers it too.
            replay.paste(piece.image.convert("RGBA"), (piece.x, piece.y))
    return replay.tobytes() == sprite.tobytes()


@lru_cache(maxsize=16)
def _flat_strip(colour: tuple[int, ...]) -> Any:
    """Return a core image of `STRIP_SIZE` in one colour, to compare regions against.

    A handful of colours lie under texts (panels, the background, the header), so the
    cache holds at most 16 strips of 800 KiB.
    """
    return Image.new("RGB", STRIP_SIZE, colour[:3]).im


# Lines blended onto a panel colour: RGB at 4 bytes a pixel, about 20 KiB for a label, so
# 1024 of them (a few boards' worth) stay within about 20-40 MiB.
@lru_cache(maxsize=1024)
def _line_on(
    line: str, size: int, style: Style, fill: Colour, under: tuple[int, ...]
) -> Image.Image:
    """Return one line's glyphs in `fill` blended onto a flat `under` colour (see Canvas.text)."""
    mask = _line_mask(line, size, style)[0]
    image = Image.new("RGB", mask.size, under[:3])
    image.paste(fill, (0, 0), mask)
    return image


@lru_cache(maxsize=2048)
def _see_through(
    size: tuple[int, int], radius: int, fill: Colour | None, outline: Colour | None, width: int
) -> tuple[Rect, ...] | None:
    """Return the parts of a rounded box where what lies under it shows through.

    Those are its corners that are not pasted opaque (the fills cover the rest). None when
    the box does not cover the rest (no fill), or is pasted as one whole sprite.
    """
    pieces = _rounded_pieces(size, radius, fill, outline, width)
    if fill is None or len(pieces) == 1:
        return None
    cx, cy = _corner_size(size, radius, width)
    w, h = size
    opaque = {(p.x, p.y) for p in pieces if p.image is not None and not p.masked}
    corners = ((0, 0, cx, cy), (w - cx, 0, w, cy), (0, h - cy, cx, h), (w - cx, h - cy, w, h))
    return tuple(rect for rect in corners if rect[:2] not in opaque)


# One step of pasting a rounded box, ready for Pillow's core: the rectangle (left, top,
# right, bottom) from the box's corner, and a colour or a core image (with its mask).
_Step = tuple[int, int, int, int, Any, Any]


@lru_cache(maxsize=4096)
def _steps(
    size: tuple[int, int],
    look: Look,
    laid: bool,
) -> tuple[_Step, ...]:
    """Return a rounded box's pieces as plain paste steps (without its inside, if `laid`).

    A board has a hundred or so rounded boxes of a few dozen looks; reading each piece's
    fields and its image's core for every paste cost more than the pastes of small ones.
    """
    radius, fill, outline, width = look
    steps: list[_Step] = []
    for piece in _rounded_pieces(size, radius, fill, outline, width):
        if laid and piece.colour is not None and piece.colour == fill:
            continue
        rect = (piece.x, piece.y, piece.x + piece.w, piece.y + piece.h)
        if piece.colour is not None:
            steps.append((*rect, piece.colour, None))
        elif piece.image is not None:
            core = piece.image.im
            steps.append((*rect, core, core if piece.masked else None))
    return tuple(steps)


def _paste_pieces(core: Any, x: int, y: int, steps: tuple[_Step, ...]) -> None:
    """Paste a rounded box's steps with its top-left corner at (x, y) on a core image."""
    paste = core.paste
    for x0, y0, x1, y1, source, mask in steps:
        if mask is None:
            paste(source, (x + x0, y + y0, x + x1, y + y1))
        else:
            paste(source, (x + x0, y + y0, x + x1, y + y1), mask)


def _corner_size(size: tuple[int, int], radius: int, width: int) -> tuple[int, int]:
    """Return the size of a rounded box's corner squares (arcs and anti-aliasing)."""
    reach = radius + width + 2  # the corner arcs and their anti-aliasing lie within this
    return min(reach, size[0] // 2), min(reach, size[1] // 2)


@lru_cache(maxsize=2048)
def _rounded_pieces(
    size: tuple[int, int], radius: int, fill: Colour | None, outline: Colour | None, width: int
) -> tuple[_Piece, ...]:
    """Return how to paste a rounded rectangle: flat fills, then its four corners by alpha.

    Pasting through an alpha mask costs about twenty times a plain copy per pixel, and a
    colour fill is cheaper still, yet only the corners of a rounded rectangle are partly
    transparent. So the straight outline and the inside are pasted as colour fills and only
    the corners (a few KiB, all the cache keeps) through their alpha. The plan is checked
    against the whole sprite when it is made; should it not give the very same pixels, the
    whole sprite is pasted by alpha instead, as before.
    """
    sprite = _rounded_sprite(size, radius, fill, outline, width)
    w, h = size
    cx, cy = _corner_size(size, radius, width)
    pieces = [
        _Piece(x0, y0, x1 - x0, y1 - y0, colour, None, False)
        for (x0, y0, x1, y1), colour in _fills(size, (cx, cy), fill, outline, width)
    ]
    for rect in ((0, 0, cx, cy), (w - cx, 0, w, cy), (0, h - cy, cx, h), (w - cx, h - cy, w, h)):
        corner = _corner_piece(sprite, rect)
        if corner is not None:
            pieces.append(corner)
    if _replays(pieces, sprite):
        return tuple(pieces)
    return (_Piece(0, 0, w, h, None, sprite, True),)


class Canvas:
    """An RGB image with a drawing context and a record of the texts drawn on it."""

    def __init__(self, width: int, height: int, background: Colour) -> None:
        """Create a blank canvas of the given size."""
        self.background = background
        self.image = Image.new("RGB", (width, height), background)
        self.draw = ImageDraw.Draw(self.image)
        # Pillow's core image, for the many small pastes of texts and sprite pieces: going
        # through `Image.paste` costs about 1.5 us of argument checks each, and a board
        # makes some two thousand of them. The canvas owns its image, so it is writable.
        self._core = self.image.im
        self._texts: list[TextRecord] = []
        # Records of pasted areas, kept with their offset and translated only when read.
        self._placed: list[tuple[int, int, tuple[TextRecord, ...]]] = []
        # Boxes made ready for a rounded box of a given look (see `lay`).
        self._laid: dict[Box, Look] = {}
        # The pieces outlined as changed, each with what its outline covered before (so
        # a phone image can lay pieces out anew and outline them again: render.base.phone).
        self.marks: list[tuple[Box, Box, Image.Image]] = []

    @property
    def texts(self) -> list[TextRecord]:
        """Return every text drawn on this canvas, pasted areas included, in image pixels."""
        placed = [moved(r, dx, dy) for dx, dy, records in self._placed for r in records]
        return [*self._texts, *placed]

    def record(self, record: TextRecord) -> None:
        """Record a text drawn by other means (a lettered token, a cut-off list)."""
        self._texts.append(record)

    def place(
        self,
        image: Image.Image,
        records: tuple[TextRecord, ...],
        x: int,
        y: int,
        *,
        origin: tuple[int, int] = (0, 0),
    ) -> None:
        """Paste a pre-drawn image at (x, y) with its text records, which lie at `origin`."""
        self.paste(image, x, y)
        self._placed.append((x - origin[0], y - origin[1], records))

    def paste(self, image: Image.Image, x: int, y: int) -> None:
        """Paste an image with its top-left corner at (x, y), covering what was there."""
        self.image.paste(image, (x, y))
        self._laid.pop(Box(x, y, image.width, image.height), None)

    def laid(self, box: Box) -> bool:
        """Return True while `box` waits for the rounded box it was made ready for (`lay`)."""
        return box in self._laid

    def sprite(self, image: Image.Image, xy: tuple[int, int]) -> None:
        """Paste an RGBA sprite with its top-left corner at `xy`, blended by its alpha."""
        pixels = image.im
        self._core.paste(pixels, (*xy, xy[0] + image.width, xy[1] + image.height), pixels)

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
        rect = (box.x, box.y, box.w, box.h)
        record, fitted, lines = _text_layout(text, rect, (size, style, align, valign, wrap))
        for line, where, mask in lines:
            self._blend_text(line, fitted, fill, where, mask)
        self._texts.append(record)
        return record

    def _blend_text(
        self, line: str, fitted: Fit, fill: Colour, where: Rect, mask: Image.Image
    ) -> None:
        """Blend one line's glyphs in `fill` onto the canvas at `where`.

        Blending through a glyph mask costs about 7 ns a pixel; most labels sit on a flat
        panel, where the same line in the same colours always gives the same pixels. So
        when the pixels under the line are one colour, the line is pasted as a plain copy
        of it blended once onto that colour (made by the very same blend, so identical).
        """
        under = self._flat(where)
        if under is not None:
            self._core.paste(_line_on(line, fitted.size, fitted.style, fill, under).im, where)
        else:
            self._core.paste(fill, where, mask.im)

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
        look = (radius, fill, outline, width)
        # When laid (see `lay`), its inside already has the fill colour: edges and corners.
        laid = self._laid.pop(box, None) == look
        _paste_pieces(self._core, box.x, box.y, _steps((box.w, box.h), look, laid))

    def lay(self, box: Box, look: "Look", under: Colour) -> None:
        """Ready `box`, still all in the fill colour of `look`, for a rounded box of that look.

        A board is made in its panels' colour, so that drawing a panel need not fill its
        inside a second time: here the pixels its corners let through are painted `under`
        (as they would be on a canvas of that colour), and the next `rounded` of this look
        in this box pastes only its edges and corners. Nothing else may be drawn in the
        box before that panel (board areas start with theirs; see `render.base.areas`).
        """
        radius, fill, outline, width = look
        if fill is None or tuple(self._core.getpixel((box.x, box.y)))[:3] != fill:
            raise ValueError(f"{box} is not in the fill colour of {look}")
        size = (box.w, box.h)
        parts = _see_through(size, radius, fill, outline, width)
        if parts is None:
            raise ValueError(f"a rounded box of {look} is not drawn by its pieces")
        for x0, y0, x1, y1 in parts:
            self._core.paste(under, (box.x + x0, box.y + y0, box.x + x1, box.y + y1))
        self._laid[box] = look

    def fill(self, box: Box, colour: Colour) -> None:
        """Fill `box` with one colour."""
        self._core.paste(colour, (box.x, box.y, box.right, box.bottom))

    def _flat(self, rect: Rect) -> tuple[int, ...] | None:
        """Return the one colour of the pixels in `rect`, or None if there are several.

        The pixels are compared with a flat strip of the colour at the top-left corner:
        where they all equal it, their difference is black, with no bounding box.
        """
        x0, y0, x1, y1 = rect
        width, height = self._core.size
        inside = 0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height
        if not inside or x1 - x0 > STRIP_SIZE[0] or y1 - y0 > STRIP_SIZE[1]:
            found = self._core.crop(rect).getcolors(1)
            return found[0][1] if found else None
        colour: tuple[int, ...] = self._core.getpixel((x0, y0))
        if self._core.crop(rect).chop_difference(_flat_strip(colour)).getbbox() is None:
            return colour
        return None

    def png(self) -> bytes:
        """Encode the canvas as PNG bytes (see `render.base.encode.encode_png`)."""
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
