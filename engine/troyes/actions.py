"""Every choice a Troyes player can make, one frozen record each, and their text notation.

Compound turns are split (STYLE.md §2.2): pick the action and its target, then the craftsman,
the card cube, the dice one by one, then the number of activations. Each prompt so offers at
most 25 choices. `text` gives the short, unique notation parsed back by `parse_action`.
"""

from dataclasses import dataclass, field
from typing import TypeAlias

from engine.troyes.ladies_actions import (
    Bonus,
    Boost,
    FlipBought,
    LadiesAction,
    NoBonus,
    OpenOuter,
    OuterCounter,
    OuterReroll,
    PlaceOuter,
    SwapDone,
    SwapGive,
    SwapTake,
    SwapWith,
    Walk,
    WallDone,
    WallFrom,
    Walls,
    ladies_text,
)

# The Ladies' actions are part of the union and re-exported for the rules modules.
__all__ = [
    "Bonus",
    "Boost",
    "FlipBought",
    "LadiesAction",
    "NoBonus",
    "OpenOuter",
    "OuterCounter",
    "OuterReroll",
    "PlaceOuter",
    "SwapDone",
    "SwapGive",
    "SwapTake",
    "SwapWith",
    "Walk",
    "WallDone",
    "WallFrom",
    "Walls",
]


@dataclass(frozen=True, slots=True)
class PlaceStart:
    """Setup: put one starting citizen on an empty space (troyes.md §3.2 step 8)."""

    building: str
    space: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass for the rest of the action phase."""


@dataclass(frozen=True, slots=True)
class Back:
    """Leave the current sub-choice; nothing has been paid yet."""


@dataclass(frozen=True, slots=True)
class OpenInfluence:
    """Open the influence menu (reroll, flip, hire)."""


@dataclass(frozen=True, slots=True)
class Reroll:
    """Spend influence to reroll one own die."""

    colour: str
    value: int


@dataclass(frozen=True, slots=True)
class StartFlip:
    """Start choosing 1-3 own dice to turn to their opposite face."""


@dataclass(frozen=True, slots=True)
class FlipDie:
    """Add one own die to the flip."""

    colour: str
    value: int


@dataclass(frozen=True, slots=True)
class FlipDone:
    """Pay the influence and flip the chosen dice."""


@dataclass(frozen=True, slots=True)
class HireCitizen:
    """Spend influence to take one citizen from the general supply."""


@dataclass(frozen=True, slots=True)
class ChooseCard:
    """Activate an activity card (hiring a craftsman first if needed).

    `hire` (the hiring cost when a craftsman must be hired first, else 0) only words the label:
    the engine sets it when it lists the choice; it is left out of comparisons and notation.
    """

    card: str
    hire: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class ChooseCathedral:
    """Build the Cathedral."""


@dataclass(frozen=True, slots=True)
class OpenEvents:
    """List the events that can be fought (only when the menu would be too long)."""


@dataclass(frozen=True, slots=True)
class ChooseEvent:
    """Fight an event in the queue."""

    event: str


@dataclass(frozen=True, slots=True)
class ChooseAgriculture:
    """Use yellow dice for deniers."""


@dataclass(frozen=True, slots=True)
class ChooseBuilding:
    """Place a citizen in a building with one die of its colour."""

    building: str


@dataclass(frozen=True, slots=True)
class Craftsman:
    """Where the new craftsman comes from: supply, a building or another card."""

    source: str


@dataclass(frozen=True, slots=True)
class UseCube:
    """Spend one own cube from a delayed card on this action."""

    card: str


@dataclass(frozen=True, slots=True)
class NoCube:
    """Use no card cube on this action."""


@dataclass(frozen=True, slots=True)
class TakeDie:
    """Add one die from a district to the group (`as_colour` for a wild die).

    `whose` ("own", "neutral" or "" for a rival) only words the label: the engine sets it from
    the state it lists the die in; it is left out of comparisons and of the notation.
    """

    district: int
    colour: str
    value: int
    as_colour: str = ""
    whose: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class DiceDone:
    """The group is complete."""


@dataclass(frozen=True, slots=True)
class Times:
    """Activate (or place cubes) this many times.

    `cubes` (True when the count is of cubes placed, not of uses) only words the label: the
    engine sets it from the state it lists the count in; it is left out of comparisons and of
    the notation.
    """

    n: int
    cubes: bool = field(default=False, compare=False)


@dataclass(frozen=True, slots=True)
class Mode:
    """Mixed card: place cubes or use the immediate part (never both in one action)."""

    mode: str


@dataclass(frozen=True, slots=True)
class CubeOnEvent:
    """Put one cube from a card effect on this event."""

    event: str


@dataclass(frozen=True, slots=True)
class CounterWith:
    """Events phase: use one own die against the black die."""

    colour: str
    value: int


@dataclass(frozen=True, slots=True)
class Concede:
    """Events phase: you cannot counter the highest black die; lose VP."""


@dataclass(frozen=True, slots=True)
class CounterNext:
    """Events phase: also counter another black die of this value."""

    value: int


@dataclass(frozen=True, slots=True)
class StopCounter:
    """Events phase: counter no more black dice."""


@dataclass(frozen=True, slots=True)
class Answer:
    """Answer a question put out of turn (expansion reactions)."""

    choice: str


Action: TypeAlias = (
    PlaceStart
    | Pass
    | Back
    | OpenInfluence
    | Reroll
    | StartFlip
    | FlipDie
    | FlipDone
    | HireCitizen
    | ChooseCard
    | ChooseCathedral
    | OpenEvents
    | ChooseEvent
    | ChooseAgriculture
    | ChooseBuilding
    | Craftsman
    | UseCube
    | NoCube
    | TakeDie
    | DiceDone
    | Times
    | Mode
    | CubeOnEvent
    | CounterWith
    | Concede
    | CounterNext
    | StopCounter
    | Answer
    | LadiesAction
)


def text(action: Action) -> str:  # noqa: PLR0911, PLR0912 - one short line per action type
    """Return the short, unique notation of an action."""
    match action:
        case PlaceStart(b, s):
            return f"start {b} {s}"
        case Pass():
            return "pass"
        case Back():
            return "back"
        case OpenInfluence():
            return "influence"
        case Reroll(c, v):
            return f"reroll {c} {v}"
        case StartFlip():
            return "flip"
        case FlipDie(c, v):
            return f"flip {c} {v}"
        case FlipDone():
            return "flip done"
        case HireCitizen():
            return "hire"
        case ChooseCard(card):
            return f"card {card}"
        case ChooseCathedral():
            return "cathedral"
        case OpenEvents():
            return "events"
        case ChooseEvent(e):
            return f"event {e}"
        case ChooseAgriculture():
            return "agriculture"
        case ChooseBuilding(b):
            return f"citizen {b}"
        case Craftsman(src):
            return f"craftsman {src}"
        case UseCube(card):
            return f"cube {card}"
        case NoCube():
            return "no cube"
        case TakeDie(d, c, v, a):
            return f"die {d} {c} {v}" + (f" as {a}" if a else "")
        case DiceDone():
            return "dice done"
        case Times(n):
            return f"times {n}"
        case Mode(m):
            return f"mode {m}"
        case CubeOnEvent(e):
            return f"cube on {e}"
        case CounterWith(c, v):
            return f"counter {c} {v}"
        case Concede():
            return "concede"
        case CounterNext(v):
            return f"counter next {v}"
        case StopCounter():
            return "stop"
        case Answer(choice):
            return f"answer {choice}"
        case _:
            return ladies_text(action)
