"""Trajan's events: what happened, in the past tense, with every random outcome recorded.

Events that reveal hidden information or draw from a pile are in `REVEALING`; a step that
produces one is irreversible. `CardsDrawn.cards` is private to its seat: the public log
text names only the count.
"""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GameSetUp:
    """The game was set up: tiles and cards were dealt at random."""

    seats: int
    start: int


@dataclass(frozen=True, slots=True)
class BowlFilled:
    """A seat put two markers in a bowl during setup."""

    seat: int
    bowl: int
    colours: str


@dataclass(frozen=True, slots=True)
class TrajanRevealed:
    """The Trajan stacks were revealed after the bowls were filled."""

    tops: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardsDrawn:
    """A seat drew cards from the face-down deck (the cards are private to that seat)."""

    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardTaken:
    """A seat took the top card of a discard pile."""

    seat: int
    pile: int
    card: str


@dataclass(frozen=True, slots=True)
class PileRefilled:
    """An empty discard pile was refilled from the deck."""

    pile: int
    card: str


@dataclass(frozen=True, slots=True)
class TrajanPicked:
    """Setup: a seat took a Trajan tile onto a start slot."""

    seat: int
    stack: int
    tile: str
    slot: int


@dataclass(frozen=True, slots=True)
class BowlChosen:
    """A seat took the markers of a bowl; the time marker moved that many spaces."""

    seat: int
    bowl: int
    count: int
    time: int
    round_over: bool


@dataclass(frozen=True, slots=True)
class MarkerSown:
    """A marker was dropped into a bowl."""

    seat: int
    bowl: int
    colour: str


@dataclass(frozen=True, slots=True)
class TrajanFulfilled:
    """A Trajan tile beside the target bowl was fulfilled."""

    seat: int
    slot: int
    tile: str
    vp: int


@dataclass(frozen=True, slots=True)
class Plus2Placed:
    """A [+2] marker was put on an extra-action space."""

    seat: int
    action: str


@dataclass(frozen=True, slots=True)
class TokensMoved:
    """Tokens went from the supply to a camp ("workers" or "legionnaires")."""

    seat: int
    camp: str
    count: int


@dataclass(frozen=True, slots=True)
class ActionPassed:
    """A seat declined an action or an extra-action tile."""

    seat: int
    action: str


@dataclass(frozen=True, slots=True)
class ActionUnavailable:
    """The target bowl's action (or a bonus or repeat) had no possible option: skipped."""

    seat: int
    action: str


@dataclass(frozen=True, slots=True)
class CardDiscarded:
    """A card was discarded face up onto a pile."""

    seat: int
    card: str
    pile: int


@dataclass(frozen=True, slots=True)
class CardsDisplayed:
    """Cards went from hand to the seat's personal display."""

    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Shipped:
    """Cards were shipped on a ship for VP (wild: a commodity wild stood in for one card)."""

    seat: int
    ship: int
    cards: tuple[str, ...]
    wild: bool
    vp: int
    front: bool


@dataclass(frozen=True, slots=True)
class ForumTileTaken:
    """A forum or extra-action tile was taken from the forum."""

    seat: int
    tile: str


@dataclass(frozen=True, slots=True)
class LeaderMoved:
    """A leader moved; `tile` is the forum tile picked up there, if any."""

    seat: int
    province: str
    tile: str | None


@dataclass(frozen=True, slots=True)
class LegionnaireStationed:
    """A legionnaire went from the camp to the leader's province and scored."""

    seat: int
    province: str
    vp: int


@dataclass(frozen=True, slots=True)
class SenateAdvanced:
    """A senate disc moved one space and scored."""

    seat: int
    space: int
    vp: int


@dataclass(frozen=True, slots=True)
class TrajanTaken:
    """A Trajan tile went from a stack to a slot; `top` is the newly revealed top, if any."""

    seat: int
    stack: int
    tile: str
    slot: int
    top: str | None


@dataclass(frozen=True, slots=True)
class WorkerBuilt:
    """A worker went to a site; `tile` is the construction tile taken there, if any."""

    seat: int
    site: int
    tile: str | None
    vp: int
    bonus: str | None


@dataclass(frozen=True, slots=True)
class ExtraUsed:
    """An extra-action tile was used to repeat an action."""

    seat: int
    tile: str
    action: str
    repeats: int


@dataclass(frozen=True, slots=True)
class RoundEnded:
    """A round ended; a demand tile was revealed unless the quarter ends."""

    quarter: int
    demand: str | None


@dataclass(frozen=True, slots=True)
class DemandsMet:
    """A seat's demands were scored at quarter end."""

    seat: int
    demands: tuple[str, ...]
    unmet: int
    penalty: int


@dataclass(frozen=True, slots=True)
class ConsulsNamed:
    """The senate vote: consul and vice-consul and the bonus tiles they took."""

    votes: tuple[int, ...]
    consul: int
    consul_tile: str | None
    vice: int
    vice_tile: str | None


@dataclass(frozen=True, slots=True)
class QuarterEnded:
    """A quarter ended; the board was cleaned up and refilled with newly drawn tiles."""

    quarter: int
    forum: tuple[str | None, ...]
    extras: tuple[str | None, ...]
    provinces: tuple[str | None, ...]
    bonus: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The game ended with these final scores (by seat); `order`: the seats, winner first.

    `order` ranks the seats as the result does, ties as the game breaks them (then by seat);
    the log's "Final scores" line names them in it (seventh playtest item 11c).
    """

    scores: tuple[int, ...]
    order: tuple[int, ...] = ()


Event = (
    GameSetUp
    | BowlFilled
    | TrajanRevealed
    | CardsDrawn
    | CardTaken
    | PileRefilled
    | TrajanPicked
    | BowlChosen
    | MarkerSown
    | TrajanFulfilled
    | Plus2Placed
    | TokensMoved
    | ActionPassed
    | ActionUnavailable
    | CardDiscarded
    | CardsDisplayed
    | Shipped
    | ForumTileTaken
    | LeaderMoved
    | LegionnaireStationed
    | SenateAdvanced
    | TrajanTaken
    | WorkerBuilt
    | ExtraUsed
    | RoundEnded
    | DemandsMet
    | ConsulsNamed
    | QuarterEnded
    | GameEnded
)

REVEALING = (
    TrajanRevealed,
    TrajanPicked,
    CardsDrawn,
    PileRefilled,
    TrajanTaken,
    RoundEnded,
    QuarterEnded,
    GameEnded,  # every hand shown, the final scoring (seventh playtest item 2)
)
# What each revealing event shows, as the confirmation before such a move says it
# (`trajan.reveals.<key>`; Step.meta["reveals"]). DemandsMet reveals nothing, but a quarter's
# demands are scored seat by seat, each as soon as its way to pay is settled: often in an
# earlier move than the one that ends the quarter (seventh playtest item 11a). The
# confirmation names the scoring only when the move itself scores a seat's demands.
REVEALS: dict[type, str] = {
    TrajanRevealed: "tiles",
    TrajanPicked: "tiles",
    TrajanTaken: "tiles",
    CardsDrawn: "cards",
    PileRefilled: "pile",
    RoundEnded: "round",
    DemandsMet: "demands",
    QuarterEnded: "quarter",
    GameEnded: "end",
}
