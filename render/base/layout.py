"""Board coordinates read from data/<game>/layout.toml, so an art change is a data change.

A layout file has a `[canvas]` table (width, height), a `[box]` table of named rectangles
`[x, y, w, h]`, an optional `[size]` table of named pixel sizes and an optional `[point]`
table of named `[x, y]` positions. Every box and point must lie on the canvas; unknown
tables and malformed entries stop the load (fail fast, STYLE.md §2.5).
"""

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType

from render.base.canvas import Box

DATA_DIR = Path(__file__).resolve().parents[2] / "data"
_TABLES = frozenset({"canvas", "box", "size", "point"})


@dataclass(frozen=True, slots=True)
class Layout:
    """One game's named boxes and sizes."""

    width: int
    height: int
    boxes: Mapping[str, Box]
    sizes: Mapping[str, int]
    points: Mapping[str, tuple[int, int]]

    def box(self, name: str) -> Box:
        """Return the box called `name`."""
        return self.boxes[name]

    def size(self, name: str) -> int:
        """Return the size called `name`."""
        return self.sizes[name]

    def point(self, name: str) -> tuple[int, int]:
        """Return the point called `name`."""
        return self.points[name]


def parse_layout(data: Mapping[str, object], source: str = "layout") -> Layout:
    """Build a Layout from parsed TOML; raise ValueError on anything malformed."""
    unknown = set(data) - _TABLES
    if unknown:
        raise ValueError(f"{source}: unknown tables {sorted(unknown)}")
    canvas = data.get("canvas")
    if not isinstance(canvas, dict) or set(canvas) != {"width", "height"}:
        raise ValueError(f"{source}: [canvas] needs exactly width and height")
    width, height = canvas["width"], canvas["height"]
    if not (isinstance(width, int) and isinstance(height, int) and width > 0 and height > 0):
        raise ValueError(f"{source}: canvas width and height must be positive integers")
    whole = Box(0, 0, width, height)
    boxes: dict[str, Box] = {}
    raw_boxes = data.get("box", {})
    if not isinstance(raw_boxes, dict):
        raise ValueError(f"{source}: [box] must be a table")
    for name, value in raw_boxes.items():
        if not (isinstance(value, list) and len(value) == 4):
            raise ValueError(f"{source}: box {name} must be [x, y, w, h]")
        if not all(isinstance(v, int) and v >= 0 for v in value):
            raise ValueError(f"{source}: box {name} must hold non-negative integers")
        box = Box(*value)
        if not whole.contains(box):
            raise ValueError(f"{source}: box {name} {value} lies outside the canvas")
        boxes[name] = box
    raw_sizes = data.get("size", {})
    if not isinstance(raw_sizes, dict) or not all(
        isinstance(v, int) and v > 0 for v in raw_sizes.values()
    ):
        raise ValueError(f"{source}: [size] must map names to positive integers")
    points = _points(data.get("point", {}), whole, source)
    return Layout(width, height, MappingProxyType(boxes), MappingProxyType(dict(raw_sizes)), points)


def _points(raw: object, whole: Box, source: str) -> Mapping[str, tuple[int, int]]:
    if not isinstance(raw, dict):
        raise ValueError(f"{source}: [point] must be a table")
    points: dict[str, tuple[int, int]] = {}
    for name, value in raw.items():
        if not (
            isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)
        ):
            raise ValueError(f"{source}: point {name} must be [x, y]")
        if not whole.contains(Box(value[0], value[1], 1, 1)):
            raise ValueError(f"{source}: point {name} {value} lies outside the canvas")
        points[name] = (value[0], value[1])
    return MappingProxyType(points)


@cache
def load_layout(game: str) -> Layout:
    """Load and validate data/<game>/layout.toml once."""
    path = DATA_DIR / game / "layout.toml"
    with path.open("rb") as handle:
        return parse_layout(tomllib.load(handle), str(path))
