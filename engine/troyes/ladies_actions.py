"""The Ladies of Troyes' choices (troyes.md §10.3-§10.5): frozen records and their notation.

Part of the action union of actions.py (`LadiesAction`); kept apart so each file stays short.
"""

from dataclasses import dataclass, field
from typing import TypeAlias, assert_never


@dataclass(frozen=True, slots=True)
class Walls:
    """Action 7: use your guard on the walls with one die of any colour."""


@dataclass(frozen=True, slots=True)
class WallFrom:
    """Action 7: take the die from this district (own, a rival's or the neutral one).

    `whose` ("own", "neutral" or "" for a rival) only words the label, as for TakeDie.
    """

    district: int
    whose: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class Boost:
    """Action 7: pay deniers to raise the die, 1 per pip, up to 6."""

    deniers: int


@dataclass(frozen=True, slots=True)
class Walk:
    """Action 7: spend action points to advance the guard clockwise."""

    steps: int


@dataclass(frozen=True, slots=True)
class PlaceOuter:
    """Action 7: spend 1 action point to put a cube on the outer activity of a gate."""

    level: int


@dataclass(frozen=True, slots=True)
class WallDone:
    """Action 7: end the action (unspent points are lost)."""


@dataclass(frozen=True, slots=True)
class OpenOuter:
    """Open the outer activities usable now (a reroll)."""


@dataclass(frozen=True, slots=True)
class OuterReroll:
    """Discard a cube from an outer activity to reroll one own die of its colour."""

    colour: str
    value: int


@dataclass(frozen=True, slots=True)
class Bonus:
    """Discard a cube from an outer activity to improve this action (`card` for moving)."""

    face: str
    card: str = ""


@dataclass(frozen=True, slots=True)
class NoBonus:
    """Use no outer activity on this action."""


@dataclass(frozen=True, slots=True)
class OuterCounter:
    """Phase 3: discard a cube from an outer activity to counter the black die."""


@dataclass(frozen=True, slots=True)
class SwapWith:
    """Outer activity g: exchange one die with this district (a rival's or the neutral one).

    `whose` ("neutral" or "" for a rival) only words the label, as for TakeDie.
    """

    district: int
    whose: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class SwapTake:
    """Outer activity g: the die taken from the chosen district."""

    colour: str
    value: int


@dataclass(frozen=True, slots=True)
class SwapGive:
    """Outer activity g: the own die given in exchange."""

    colour: str
    value: int


@dataclass(frozen=True, slots=True)
class SwapDone:
    """Outer activity g: make no more exchanges with this cube."""


@dataclass(frozen=True, slots=True)
class FlipBought:
    """Outer activity j: take a rival's or a neutral die into the group, flipped (7 - value).

    `whose` ("neutral" or "" for a rival) only words the label, as for TakeDie.
    """

    district: int
    colour: str
    value: int
    whose: str = field(default="", compare=False)


LadiesAction: TypeAlias = (
    Walls
    | WallFrom
    | Boost
    | Walk
    | PlaceOuter
    | WallDone
    | OpenOuter
    | OuterReroll
    | Bonus
    | NoBonus
    | OuterCounter
    | SwapWith
    | SwapTake
    | SwapGive
    | SwapDone
    | FlipBought
)


def ladies_text(action: LadiesAction) -> str:  # noqa: PLR0911, PLR0912 - one line per type
    """Return the short, unique notation of a Ladies action."""
    match action:
        case Walls():
            return "walls"
        case WallFrom(d):
            return f"from {d}"
        case Boost(n):
            return f"boost {n}"
        case Walk(n):
            return f"walk {n}"
        case PlaceOuter(level):
            return f"outer {level}"
        case WallDone():
            return "wall done"
        case OpenOuter():
            return "outer"
        case OuterReroll(c, v):
            return f"outer reroll {c} {v}"
        case Bonus(face, card):
            return f"bonus {face}" + (f" {card}" if card else "")
        case NoBonus():
            return "no bonus"
        case OuterCounter():
            return "outer counter"
        case SwapWith(d):
            return f"swap with {d}"
        case SwapTake(c, v):
            return f"swap take {c} {v}"
        case SwapGive(c, v):
            return f"swap give {c} {v}"
        case SwapDone():
            return "swap done"
        case FlipBought(d, c, v):
            return f"die {d} {c} {v} flipped"
        case _:
            assert_never(action)
