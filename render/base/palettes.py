"""The fixed 256-colour palette of each game's board, read from data/<game>/palette.txt.

A board is sent as a 256-colour PNG. With one palette per game, fixed in data, the same
pixels always give the same bytes, so `render.base.encode.encode_board` can keep the compressed
bands of rows that did not change since an earlier image (most of a board, after a move).

The palette holds every flat colour of the boards exactly (panels, seat colours, dice,
tracks: any colour that covers a sizeable patch of some board), and fills the rest of its
256 entries with the colours that best stand for the anti-aliased edges of text and shapes.
It is made from seeded games' boards by `.venv/bin/python -m tests.render.palettes` after a
visual change (a test fails when a board shows a flat colour the palette lacks).
"""

from collections import Counter
from collections.abc import Iterable
from functools import cache
from typing import cast

from PIL import Image

from render.base.layout import DATA_DIR

Colour = tuple[int, int, int]
SIZE = 256
# A colour covering at least this many pixels of one board is a flat colour, which the
# palette must hold exactly (a test checks it on boards of other games); when making the
# palette, colours covering a fifth of that are kept exactly too, as a margin.
FLAT_PIXELS = 1000
KEEP_PIXELS = FLAT_PIXELS // 5


@cache
def board_palette(game: str) -> Image.Image:
    """Return the game's board palette as a "P" image for `Image.quantize(palette=...)`."""
    return palette_image(read_palette(game))


def read_palette(game: str) -> list[Colour]:
    """Read data/<game>/palette.txt: one `#rrggbb` a line; `#` alone starts a comment."""
    path = DATA_DIR / game / "palette.txt"
    colours: list[Colour] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line == "#" or line.startswith("# "):
            continue
        if len(line) != 7 or not line.startswith("#"):
            raise ValueError(f"{path}:{number}: expected #rrggbb, got {line!r}")
        value = int(line[1:], 16)
        colours.append((value >> 16, (value >> 8) & 255, value & 255))
    if not 1 <= len(colours) <= SIZE:
        raise ValueError(f"{path}: {len(colours)} colours; a palette has 1 to {SIZE}")
    return colours


def palette_image(colours: list[Colour]) -> Image.Image:
    """Return a "P" image carrying `colours` (padded with the first one to 256 entries)."""
    padded = [*colours, *[colours[0]] * (SIZE - len(colours))]
    image = Image.new("P", (1, 1))
    image.putpalette([channel for colour in padded for channel in colour])
    return image


def colour_counts(image: Image.Image) -> list[tuple[int, Colour]]:
    """Return (pixels, colour) for every colour of an RGB image."""
    counts = image.getcolors(image.width * image.height) or []
    return cast(list[tuple[int, Colour]], counts)


def flat_colours(image: Image.Image, least: int = FLAT_PIXELS) -> Counter[Colour]:
    """Return the colours covering at least `least` pixels of an RGB image, with counts."""
    return Counter({colour: count for count, colour in colour_counts(image) if count >= least})


def build_palette(boards: Iterable[Image.Image]) -> list[Colour]:
    """Return a palette for these RGB boards: their flat colours, then the best of the rest.

    Flat colours come first, most used first. The remaining entries come from a median-cut
    quantisation of every other pixel of the boards, weighted by how often each occurs.
    Pillow's colour lookup is approximate (a colour may be mapped onto a neighbour a step
    away), so an entry that would take a flat colour's place is left out: every flat
    colour kept comes through exactly.
    """
    flat: Counter[Colour] = Counter()
    rest: Counter[Colour] = Counter()
    for board in boards:
        for count, colour in colour_counts(board):
            if count >= KEEP_PIXELS:
                flat[colour] = max(flat[colour], count)
            else:
                rest[colour] += count
    chosen: list[Colour] = []
    for colour, count in flat.most_common():
        # Pillow looks colours up approximately: two entries a step or two apart cannot
        # both come through exactly, so the less used one is left to the quantisation.
        if len(chosen) < SIZE and not mismapped([*chosen, colour], [*chosen, colour]):
            chosen.append(colour)
        else:
            rest[colour] += count
    rest = Counter({c: n for c, n in rest.items() if c not in chosen})
    room = SIZE - len(chosen)
    if room <= 0 or not rest:
        return chosen
    # Ask median cut for more colours than there is room for: some will be left out.
    extra = [c for c in _median_cut(rest, SIZE) if c not in chosen]
    return chosen + _keep_flat_exact(chosen, extra, room)


def mismapped(colours: list[Colour], palette: list[Colour]) -> dict[Colour, Colour]:
    """Return the colours that Pillow maps onto another colour of `palette`, and onto which."""
    strip = Image.new("RGB", (len(colours), 1))
    strip.putdata(colours)
    padded = [*palette, *[palette[0]] * (SIZE - len(palette))]
    indexed = strip.quantize(palette=palette_image(palette), dither=Image.Dither.NONE)
    got = [padded[indexed.getpixel((x, 0)) or 0] for x in range(len(colours))]  # type: ignore[index]
    return {c: g for c, g in zip(colours, got, strict=True) if c != g}


def _keep_flat_exact(flat: list[Colour], extra: list[Colour], room: int) -> list[Colour]:
    """Return up to `room` of `extra`, leaving out those flat colours would be mapped onto."""
    while True:
        kept = extra[:room]
        wrong = set(mismapped(flat, flat + kept).values()) - set(flat)
        if not wrong:
            return kept
        extra = [c for c in extra if c not in wrong]


def _median_cut(counts: Counter[Colour], room: int) -> list[Colour]:
    """Return up to `room` colours standing for the weighted colours in `counts`."""
    pixels = bytearray()
    for colour, count in counts.items():
        pixels += bytes(colour) * count
    strip = Image.frombytes("RGB", (len(pixels) // 3, 1), bytes(pixels))
    reduced = strip.quantize(room, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    values = reduced.getpalette() or []
    used = sorted({cast(int, index) for _, index in reduced.getcolors(room) or []})
    return [(values[3 * i], values[3 * i + 1], values[3 * i + 2]) for i in used]


def write_palette(game: str, colours: list[Colour], note: str) -> None:
    """Write data/<game>/palette.txt with a header saying how it was made."""
    lines = [f"# {line}" for line in note.splitlines()]
    lines += [f"#{r:02x}{g:02x}{b:02x}" for r, g, b in colours]
    (DATA_DIR / game / "palette.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
