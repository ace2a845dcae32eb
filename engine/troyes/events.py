"""What happened, one frozen record per thing, in the order it happened (the game log).

Every random outcome (dice rolled, cards and events revealed) is recorded here, so the log
explains itself even if a rule changes later (STYLE.md §2.2).
"""

from dataclasses import dataclass
from typing import TypeAlias


@dataclass(frozen=True, slots=True)
class CitizenPlaced:
    """A citizen took a space; `expelled` is the seat (or -1 neutral) laid on the building."""

    seat: int
    building: str
    space: int
    expelled: int | None = None


@dataclass(frozen=True, slots=True)
class CardRevealed:
    """An activity card was turned face up."""

    card: str


@dataclass(frozen=True, slots=True)
class IncomePaid:
    """Phase 1: income received, salaries owed and paid, VP lost for not paying in full."""

    seat: int
    income: int
    salary: int
    paid: int
    vp_lost: int


@dataclass(frozen=True, slots=True)
class DiceRolled:
    """Dice rolled into a district (seat index; `neutral`, the last index, is the neutral one)."""

    district: int
    dice: tuple[tuple[str, int], ...]
    neutral: int


@dataclass(frozen=True, slots=True)
class EventRevealed:
    """An event card joined the right end of the queue."""

    event: str


@dataclass(frozen=True, slots=True)
class EventSuffered:
    """A non-military event hit a seat; `vp_lost` when it could not be suffered in full."""

    event: str
    seat: int
    detail: str
    vp_lost: int


@dataclass(frozen=True, slots=True)
class BlackDiceRolled:
    """The black dice of the round."""

    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BlackDieCountered:
    """A seat beat a black die with its own dice and gained influence."""

    seat: int
    value: int
    dice: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class CounterFailed:
    """A seat could not counter the highest black die: it is discarded and VP are lost."""

    seat: int
    value: int
    vp_lost: int


@dataclass(frozen=True, slots=True)
class InfluenceUsed:
    """Influence spent: reroll (old -> new), flip, or hire a citizen."""

    seat: int
    use: str
    cost: int
    detail: str


@dataclass(frozen=True, slots=True)
class CraftsmanHired:
    """A craftsman was placed on a card for its hiring cost."""

    seat: int
    card: str
    source: str
    cost: int


@dataclass(frozen=True, slots=True)
class DiceUsed:
    """The dice of an action (district, colour, value), the deniers paid, the card cube used.

    `neutral` is the index of the neutral district (the seat count), so the log can say whose
    each die was.
    """

    seat: int
    dice: tuple[tuple[int, str, int], ...]
    paid: int
    cube: str
    neutral: int


@dataclass(frozen=True, slots=True)
class CardActivated:
    """An activity card was activated `times` times (delayed cards: cubes placed).

    `change` is what the activation did to the seat's (deniers, influence, VP): gains, or a
    cost for cards that convert one into another.
    """

    seat: int
    card: str
    times: int
    mode: str
    change: tuple[int, int, int] = (0, 0, 0)


@dataclass(frozen=True, slots=True)
class CathedralBuilt:
    """Cubes placed on the Cathedral, with the VP and influence they gave."""

    seat: int
    cubes: int
    vp: int
    influence: int


@dataclass(frozen=True, slots=True)
class EventFought:
    """Cubes placed on an event."""

    seat: int
    event: str
    cubes: int


@dataclass(frozen=True, slots=True)
class EventCompleted:
    """An event's spaces filled: VP to the majority; `winner` took the card (-1: nobody)."""

    event: str
    winner: int
    vp: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AgricultureUsed:
    """Yellow dice turned into deniers."""

    seat: int
    deniers: int


@dataclass(frozen=True, slots=True)
class Passed:
    """A seat passed for the round."""

    seat: int


@dataclass(frozen=True, slots=True)
class RoundEnded:
    """End of round: pass deniers collected, citizens home, start player moved."""

    round: int
    pots: tuple[int, ...]
    start: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    """Final scores and characters (by seat) revealed; `order`: the seats, winner first.

    `order` ranks the seats as the result does, ties as the game breaks them (then by seat);
    the log's final scores line names them in it (seventh playtest item 11c).
    """

    scores: tuple[int, ...]
    characters: tuple[tuple[str, ...], ...]
    order: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class CharacterRevealed:
    """Ladies variant: a character turned face up at the start, scored by every player."""

    character: str


@dataclass(frozen=True, slots=True)
class OuterDealt:
    """Ladies: the outer activity face dealt at the gate of this level."""

    level: int
    face: str


@dataclass(frozen=True, slots=True)
class WallUsed:
    """Ladies action 7: the die used, deniers paid to raise it, the action points it gives."""

    seat: int
    die: tuple[int, str, int]
    paid: int
    boost: int
    points: int


@dataclass(frozen=True, slots=True)
class GuardMoved:
    """Ladies: a guard walked along the wall (gates passed give access)."""

    seat: int
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class OuterCubePlaced:
    """Ladies: a cube went onto an outer activity."""

    seat: int
    face: str


@dataclass(frozen=True, slots=True)
class OuterUsed:
    """Ladies: a cube was discarded from an outer activity (or a gate paid out on arrival)."""

    seat: int
    face: str
    detail: str


Event: TypeAlias = (
    CitizenPlaced
    | CardRevealed
    | IncomePaid
    | DiceRolled
    | EventRevealed
    | EventSuffered
    | BlackDiceRolled
    | BlackDieCountered
    | CounterFailed
    | InfluenceUsed
    | CraftsmanHired
    | DiceUsed
    | CardActivated
    | CathedralBuilt
    | EventFought
    | EventCompleted
    | AgricultureUsed
    | Passed
    | RoundEnded
    | GameEnded
    | CharacterRevealed
    | OuterDealt
    | WallUsed
    | GuardMoved
    | OuterCubePlaced
    | OuterUsed
)
