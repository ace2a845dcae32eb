"""The contract every game implements, so lobby, store, AI and render work with any game.

OpenSpiel's Game/State split (STYLE.md §2.2): a game is an immutable engine object holding
its catalog; a state is a mutable, cloneable record that `apply` never changes in place.
Actions and events are frozen dataclasses, compared by value.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide next, and what kind of decision it is (a game-specific key)."""

    seat: int
    kind: str


@dataclass(frozen=True, slots=True)
class Result:
    """Final scores, ranks (1 = first; tied seats share a rank) and the points per category."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    breakdown: tuple[Mapping[str, int], ...]
    tie_break: str = ""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option a player may set when creating a game."""

    name: str
    description: str
    choices: tuple[str, ...]
    default: str


@dataclass(frozen=True, slots=True)
class Pick:
    """One option of a decision answered in one go: the value read back, its label and line."""

    value: str
    label: str
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Bundle:
    """A decision that may be answered in one go, by picking `least` to `most` of `picks`.

    A multi-select shows it. The engine turns the picked values into one compound action
    (`GameEngine.bundle_action`), legal exactly when the same one-step actions taken in
    turn would be; the one-step actions stay legal (typed moves, the AI, stored games).
    """

    placeholder: str
    picks: tuple[Pick, ...]
    least: int
    most: int


@dataclass(frozen=True, slots=True)
class Spent:
    """An option of a compound decision no longer on offer that keeps its place on screen.

    `picked`: the decider took it in this decision (a die already in the group); otherwise
    it is gone for another reason (a space a rival filled meanwhile). `detail`: why it is not
    on offer, for a menu's line under it (an entry backed out of, playtest item 67); a
    menu keeps such an option in its place, where a pick of it plays nothing.
    """

    label: str
    picked: bool = True
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Layout:
    """Where a compound decision's options stay from one step to the next (playtest 20/37).

    `places` lists every place in its stable order: a legal action by its index, or a
    `Spent` option shown disabled in its place (empty: the legal actions as they come).
    `picked` names what was picked so far, for a menu, which cannot disable an option
    ("In the group: red 6"). `heading` starts the step after the last pick with a disabled
    line, so a quick repeated press lands on nothing. None of this is an action: the legal
    actions, their indices and notations stay what they are.
    """

    places: tuple["int | Spent", ...] = ()
    picked: str = ""
    heading: str = ""


class GameState(Protocol):
    """What the shared code needs of any game's state."""

    seed: int
    version: int

    @property
    def pending(self) -> Decision | None:
        """The decision the game waits for, or None once it is over."""
        ...

    def clone(self) -> Self:
        """Return an independent copy (hand-written, never deepcopy)."""
        ...


S = TypeVar("S", bound=GameState)
A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """The outcome of one applied action: the new state and what happened, in order.

    `irreversible` is set when the step revealed randomness or hidden information (a die
    rolled, a card drawn): undo may never cross such a step.
    `meta` may carry `reveals` (message keys: what it revealed, said when asking first) and
    `ask` (a message key and its fields: a question put before the move is played unless
    confirmed, though it reveals nothing: a Troyes pass that leaves dice unused).
    """

    state: S
    events: tuple[Any, ...] = ()
    irreversible: bool = False
    meta: Mapping[str, Any] = field(default_factory=dict)


class GameEngine(Protocol[S, A]):
    """One game's rules. Every method is pure: no I/O, no global state, no clock."""

    name: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]

    def options(self) -> Sequence[OptionSpec]:
        """Return the options a game may be created with."""
        ...

    def new_state(self, options: Mapping[str, str], seats: int, seed: int) -> S:
        """Set up a new game; raise GameError on invalid options or seat count."""
        ...

    def legal_actions(self, state: S) -> list[A]:
        """Return every legal action of the pending decision, in a stable order."""
        ...

    def apply(self, state: S, action: A) -> Step[S]:
        """Apply a legal action to a clone of `state`; raise IllegalMoveError otherwise."""
        ...

    def default_action(self, state: S) -> A | None:
        """Return the answer that applies when an out-of-turn question times out, if any.

        None means the pending decision has no default: the seat's time-out policy applies.
        """
        ...

    def view(self, state: S, seat: int | None) -> Any:
        """Return what `seat` may see (None: the public view, for everyone)."""
        ...

    def result(self, state: S) -> Result | None:
        """Return the final result once the game is over, else None."""
        ...

    def to_json(self, state: S) -> dict[str, Any]:
        """Serialise a state, with its schema version."""
        ...

    def from_json(self, data: Mapping[str, Any]) -> S:
        """Rebuild and validate a state; raise ValueError on an unknown schema or bad data."""
        ...

    def action_text(self, action: A) -> str:
        """Return the short, unique notation of an action (parsed back by `parse_action`)."""
        ...

    def describe(self, action: A, lang: str = "en", names: Sequence[str] = ()) -> str:
        """Return the label a player reads for an action (at most 80 characters).

        `names` name the seats (seat order), put in by the caller (the cogs); without them a
        seat reads "Player N" (N = seat + 1), as the stored text does.
        """
        ...

    def describe_event(self, event: Any, lang: str = "en", names: Sequence[str] = ()) -> str:
        """Return one public log line for an event, its seats named by `names`."""
        ...

    def event_from_json(self, data: Mapping[str, Any]) -> Any:
        """Rebuild a recorded event from its stored JSON, to describe it again."""
        ...

    def relabel(
        self, notation: str, seat: int, lang: str, names: Sequence[str], told: bool = False
    ) -> str | None:
        """Return the label of `seat`'s stored move `notation` with its seats named by `names`.

        With `told`, as the log tells the move to everyone: a label that speaks to the decider
        ("Counter with your red 3") in the third person ("Counter with their red 3").
        None when the label names no seat (and, told, says no "your"): the stored label stands.
        """
        ...

    def prompt(self, state: S, lang: str = "en") -> str:
        """Return what the deciding seat must decide now, as one short sentence."""
        ...

    def explain(self, state: S, action: A, lang: str = "en") -> str:
        """Return what choosing `action` in `state` gets, in one line of at most 100 characters.

        Shown under the action's label (a select option's description), so it may only use
        what every player sees: "top card: Wine", "costs 3 deniers in all". "" when the label
        says it all.
        """
        ...

    def bundle(self, state: S, lang: str = "en") -> Bundle | None:
        """Return how the pending decision may be answered in one go, or None (it may not)."""
        ...

    def layout(self, state: S, lang: str = "en") -> Layout | None:
        """Return how the pending decision's controls stay in place, or None (as they come)."""
        ...

    def bundle_action(self, state: S, values: Sequence[str]) -> A:
        """Return the compound action of a bundle's picked values; raise IllegalMoveError."""
        ...

    def compound(self, state: S, text: str) -> A | None:
        """Return the compound action whose notation is `text` (a stored move), or None."""
        ...

    def heuristic(self, state: S, seat: int) -> float:
        """Estimate how well `seat` is doing (higher is better), for the greedy AI."""
        ...
