"""How large an image's smallest text and symbols read on a phone (issue 14).

Every text a canvas draws is recorded with the pixel size it was drawn at, after fitting
(`Canvas.text`; `TextRecord.size`: the font's em in px), and so are the letters on tokens
and badges (their letter's px) and dice (their edge in px). Discord shows an image about
`SHOWN` CSS px wide on a phone (never wider than the image itself), so a record of `size`
px on an image `width` px wide reads at `size * SHOWN / width` CSS px.
"""

from dataclasses import dataclass

from render.base.canvas import Canvas, TextRecord

SHOWN = 400
KINDS = ("text", "letter", "die")


@dataclass(frozen=True, slots=True)
class Smallest:
    """The smallest of each kind on one image, in CSS px at `SHOWN` px (None: none drawn)."""

    width: int
    text: float | None
    letter: float | None
    die: float | None
    where: str  # the smallest text itself, to find it


def css_px(record: TextRecord, width: int, shown: int = SHOWN) -> float:
    """Return a record's size in CSS px on an image `width` px wide shown `shown` px wide."""
    return record.size * min(1.0, shown / width)


def smallest(canvas: Canvas, shown: int = SHOWN) -> Smallest:
    """Return the smallest text, lettered piece and die of `canvas` shown `shown` px wide."""
    width = canvas.image.width
    found: dict[str, float] = {}
    where = ""
    for record in canvas.texts:
        size = css_px(record, width, shown)
        if record.kind not in found or size < found[record.kind]:
            found[record.kind] = size
            if record.kind == "text":
                where = record.text
    return Smallest(width, found.get("text"), found.get("letter"), found.get("die"), where)
