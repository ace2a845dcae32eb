"""Trajan's actions: one frozen record per choice a seat can make, and their text notation.

Compound turns are split into steps (STYLE.md §2.2): choosing a bowl, then one colour per
sown marker, then the target bowl's action and its sub-steps (a discard, display or
shipment card by card), then an extra-action tile. Each decision lists at most 25 actions.
A shipment, and a sowing of markers in many colours, may also be chosen whole in one go
(`ShipCards`, and a `Sow` of every marker in hand: engine/trajan/rules/bundles.py).
Bowls, slots, piles, stacks and sites are numbered from 1 in the notation.
"""

from dataclasses import dataclass, field
from typing import TypeAlias, assert_never

_COLOUR_WORDS = {"B": "blue", "Y": "yellow", "G": "green", "O": "orange", "P": "pink", "W": "white"}


@dataclass(frozen=True, slots=True)
class Load:
    """A shipment as a choice would leave it: its size (cards or pairs) and the VP it pays."""

    size: int = 0
    vp: int = 0
    pairs: bool = False


NO_LOAD = Load()


@dataclass(frozen=True, slots=True)
class FillBowl:
    """Setup: put two markers (colour codes) into an empty bowl (0-5)."""

    bowl: int
    colours: str


@dataclass(frozen=True, slots=True)
class DrawStartCard:
    """Setup: take one of the 3 starting cards; source 0 = deck, 1/2 = a discard pile.

    `card` (the pile's top card, public) only words the label: the engine sets it when it
    lists the choice; it is left out of comparisons and of the notation.
    """

    source: int
    card: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class PickTrajan:
    """Setup: take the top tile of a Trajan stack (0-5) onto a start slot (1, 3 or 5)."""

    stack: int
    slot: int


@dataclass(frozen=True, slots=True)
class ChooseBowl:
    """Take all markers from a bowl (0-5) to sow them clockwise.

    `lands` (the bowl where the last marker lands: its action is the one taken) only words
    the label: set when the choice is listed, left out of comparisons and of the notation.
    """

    bowl: int
    lands: int = field(default=-1, compare=False)


@dataclass(frozen=True, slots=True)
class Sow:
    """Drop markers of these colours, in order, into the bowls from `bowl` on."""

    bowl: int
    colours: str


@dataclass(frozen=True, slots=True)
class PlacePlus2:
    """Put a [+2] marker on the extra-action space of this action."""

    action: str


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline the offered action or extra-action tile."""


@dataclass(frozen=True, slots=True)
class PortDraw:
    """Seaport: draw 2 cards from the deck, then discard 1."""


@dataclass(frozen=True, slots=True)
class PortTake:
    """Seaport: take the top card of discard pile 0 or 1 (`card`, public: as DrawStartCard)."""

    pile: int
    card: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class PortDisplay:
    """Seaport: play 1 or 2 cards to your display and draw as many."""


@dataclass(frozen=True, slots=True)
class PortShip:
    """Seaport: load ship 0 (same), 1 (different) or 2 (pairs).

    `pays` (what the ship's side up pays by size, public) only words the label (fifth
    playtest item 105): set when the choice is listed, left out of comparisons and of the
    notation.
    """

    ship: int
    pays: tuple[int, ...] = field(default=(), compare=False)


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a card of this commodity onto discard pile 0 or 1."""

    card: str
    pile: int


@dataclass(frozen=True, slots=True)
class DisplayCard:
    """Play a card of this commodity to your display."""

    card: str


@dataclass(frozen=True, slots=True)
class ShipCard:
    """Load a card of this commodity (a pair, on the pairs ship), or 'wild' for a wild tile.

    `load` (the shipment's size with this card, and what the ship pays for it) only words
    the label, as `PortShip.pays` does; (0, 0) when rebuilt from the notation.
    """

    card: str
    load: Load = field(default=NO_LOAD, compare=False)


@dataclass(frozen=True, slots=True)
class ShipCards:
    """Load these cards in turn and finish the shipment: `ShipCard` per card, then `Done`.

    One choice for a whole shipment (a multi-select, issue 14); legal exactly when those
    one-card steps are (engine/trajan/rules/bundles.py).
    """

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Done:
    """Finish the cards chosen for a display or shipment (`load`: a shipment's, as ShipCard)."""

    load: Load = field(default=NO_LOAD, compare=False)


@dataclass(frozen=True, slots=True)
class ForumTake:
    """Forum: take a tile of this kind from the forum display."""

    tile: str


@dataclass(frozen=True, slots=True)
class Recruit:
    """Military or construction: move a token from the supply to the camp."""


@dataclass(frozen=True, slots=True)
class MoveLeader:
    """Military: move your leader to an adjacent province."""

    province: str


@dataclass(frozen=True, slots=True)
class Deploy:
    """Military: station a legionnaire from the camp in your leader's province."""


@dataclass(frozen=True, slots=True)
class AdvanceSenate:
    """Senate: move your disc one space forward."""


@dataclass(frozen=True, slots=True)
class TakeTrajan:
    """Trajan: take the top tile of a stack (0-5) onto the slot under your arch."""

    stack: int


@dataclass(frozen=True, slots=True)
class Build:
    """Construction: send a worker from the camp to a site (0-19).

    `tile` (the construction tile on the site, public; "" when none is left) only words the
    label (playtest item 7): set when the choice is listed, left out of comparisons and of
    the notation, so an action rebuilt from its notation (None) reads the plain label.
    `bonus` likewise: the action a first part of its kind gives at once ("" if none; fifth
    playtest item 107).
    """

    site: int
    tile: str | None = field(default=None, compare=False)
    bonus: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class UseExtra:
    """Use an extra-action tile of this kind to repeat the action just taken."""

    tile: str


@dataclass(frozen=True, slots=True)
class PayDemand:
    """Quarter end: meet a demand with a matching forum tile or with a demand wild."""

    demand: str
    wild: bool


@dataclass(frozen=True, slots=True)
class ChooseBonus:
    """Quarter end: the consul takes this bonus tile (the vice-consul gets the other)."""

    tile: str


Action: TypeAlias = (
    FillBowl
    | DrawStartCard
    | PickTrajan
    | ChooseBowl
    | Sow
    | PlacePlus2
    | Pass
    | PortDraw
    | PortTake
    | PortDisplay
    | PortShip
    | Discard
    | DisplayCard
    | ShipCard
    | ShipCards
    | Done
    | ForumTake
    | Recruit
    | MoveLeader
    | Deploy
    | AdvanceSenate
    | TakeTrajan
    | Build
    | UseExtra
    | PayDemand
    | ChooseBonus
)

SHIP_WORDS = ("same", "diff", "pairs")
SOURCE_WORDS = ("deck", "pile 1", "pile 2")


def colour_code(word: str) -> str | None:
    """Return the colour code of an English colour word ("green" -> "G"), or None."""
    return next((c for c, w in _COLOUR_WORDS.items() if w == word), None)


def colour_word(code: str) -> str:
    """Return the English word of a marker colour code."""
    return _COLOUR_WORDS[code]


def compound_from_text(text: str) -> Action | None:
    """Read the notation of a compound action: "shipment wine wine wild", "sow 2 green blue".

    Only the shape is read here; whether it is legal is the rules' question (bundles.py).
    """
    words = text.split()
    if len(words) > 1 and words[0] == "shipment":
        return ShipCards(tuple(words[1:]))
    if len(words) > 2 and words[0] == "sow" and words[1].isdigit():
        codes = [colour_code(w) for w in words[2:]]
        if all(codes) and 1 <= int(words[1]) <= len(_COLOUR_WORDS):
            return Sow(int(words[1]) - 1, "".join(c for c in codes if c))
    return None


def action_text(action: Action) -> str:  # noqa: PLR0911, PLR0912 - one line per action
    """Return the short notation of an action, e.g. "bowl 3", "sow 2 green", "build 4"."""
    match action:
        case FillBowl(bowl, colours):
            return f"fill {bowl + 1} {' '.join(colour_word(c) for c in colours)}"
        case DrawStartCard(source):
            return f"draw {SOURCE_WORDS[source]}"
        case PickTrajan(stack, slot):
            return f"pick {stack + 1} slot {slot + 1}"
        case ChooseBowl(bowl):
            return f"bowl {bowl + 1}"
        case Sow(bowl, colours):
            return f"sow {bowl + 1} {' '.join(colour_word(c) for c in colours)}"
        case PlacePlus2(act):
            return f"plus2 {act}"
        case Pass():
            return "pass"
        case PortDraw():
            return "port draw"
        case PortTake(pile):
            return f"port take {pile + 1}"
        case PortDisplay():
            return "port display"
        case PortShip(ship):
            return f"port ship {SHIP_WORDS[ship]}"
        case Discard(card, pile):
            return f"discard {card} {pile + 1}"
        case DisplayCard(card):
            return f"display {card}"
        case ShipCard(card):
            return f"ship {card}"
        case ShipCards(cards):
            return f"shipment {' '.join(cards)}"
        case Done():
            return "done"
        case ForumTake(tile):
            return f"forum {tile}"
        case Recruit():
            return "recruit"
        case MoveLeader(province):
            return f"move {province}"
        case Deploy():
            return "deploy"
        case AdvanceSenate():
            return "senate"
        case TakeTrajan(stack):
            return f"trajan {stack + 1}"
        case Build(site):
            return f"build {site + 1}"
        case UseExtra(tile):
            return f"extra {tile}"
        case PayDemand(demand, wild):
            return f"pay {demand} {'wild' if wild else 'tile'}"
        case ChooseBonus(tile):
            return f"bonus {tile}"
        case _:
            assert_never(action)
