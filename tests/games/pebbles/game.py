"""Pebbles: the smallest real game on the core contract, to prove a new game plugs in alone.

First every seat, in turn, secretly picks a lucky number (a private decision: the public board
must not show the choices). Then seats take 1 to 3 pebbles in turn; whoever takes the last
pebble scores 2, and every seat whose lucky number equals that last take scores 1 more.
Numbers and words come from data/pebbles.toml, as a real game's come from data/<game>/.
"""

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from engine.core.errors import GameError, IllegalMoveError
from engine.core.protocol import Decision, OptionSpec, Result, Step
from engine.core.serial import from_jsonable

DATA = Path(__file__).resolve().parent / "data" / "pebbles.toml"
SCHEMA = 1


@dataclass(frozen=True, slots=True)
class Rules:
    """The game's data file, read once."""

    pile: int
    takes: tuple[int, ...]
    lucky: tuple[int, ...]
    words: Mapping[str, Mapping[str, str]]

    @classmethod
    def load(cls, path: Path = DATA) -> "Rules":
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        return cls(data["pile"], tuple(data["takes"]), tuple(data["lucky"]), data["words"])

    def say(self, lang: str, key: str, **values: object) -> str:
        return self.words.get(lang, self.words["en"])[key].format(**values)


@dataclass(frozen=True, slots=True)
class Pick:
    """Pick a lucky number (secret)."""

    number: int


@dataclass(frozen=True, slots=True)
class Take:
    """Take pebbles from the pile."""

    count: int


@dataclass(frozen=True, slots=True)
class Picked:
    seat: int


@dataclass(frozen=True, slots=True)
class Took:
    seat: int
    count: int


Action = Pick | Take


@dataclass(slots=True)
class PebblesState:
    seed: int
    version: int
    seats: int
    pile: int
    turn: int = 0
    lucky: list[int] = field(default_factory=list)
    last: tuple[int, int] | None = None  # (seat, count) of the latest take

    @property
    def pending(self) -> Decision | None:
        if self.pile == 0:
            return None
        return Decision(self.turn, "lucky" if len(self.lucky) < self.seats else "take")

    def clone(self) -> "PebblesState":
        return PebblesState(
            self.seed, self.version, self.seats, self.pile, self.turn, list(self.lucky), self.last
        )


@dataclass(frozen=True, slots=True)
class PebblesView:
    """What a seat (or everyone, seat None) sees: the pile, whose turn, and one's own luck."""

    seat: int | None
    seats: int
    pile: int
    start: int
    turn: int | None
    picked: int  # how many seats picked their lucky number
    lucky: int | None  # the viewer's own lucky number (None for the public view)
    last: tuple[int, int] | None


class PebblesEngine:
    name: ClassVar[str] = "pebbles"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4

    def __init__(self, rules: Rules | None = None) -> None:
        self.rules = rules or Rules.load()

    def options(self) -> Sequence[OptionSpec]:
        return ()

    def new_state(self, options: Mapping[str, str], seats: int, seed: int) -> PebblesState:
        if options:
            raise GameError("Pebbles has no options.")
        if not self.min_seats <= seats <= self.max_seats:
            raise GameError("Pebbles is for 2 to 4 players.")
        return PebblesState(seed, 0, seats, self.rules.pile)

    def legal_actions(self, state: PebblesState) -> list[Action]:
        pending = state.pending
        if pending is None:
            return []
        if pending.kind == "lucky":
            return [Pick(n) for n in self.rules.lucky]
        return [Take(n) for n in self.rules.takes if n <= state.pile]

    def apply(self, state: PebblesState, action: Action) -> Step[PebblesState]:
        if action not in self.legal_actions(state):
            raise IllegalMoveError("That move is not legal now.")
        new = state.clone()
        seat = state.turn
        event: Picked | Took
        if isinstance(action, Pick):
            new.lucky.append(action.number)
            event = Picked(seat)
        else:
            new.pile -= action.count
            new.last = (seat, action.count)
            event = Took(seat, action.count)
        new.version += 1
        if new.pile > 0:
            new.turn = (seat + 1) % new.seats
        return Step(new, (event,))

    def default_action(self, state: PebblesState) -> Action | None:
        return None

    def view(self, state: PebblesState, seat: int | None) -> PebblesView:
        own = state.lucky[seat] if seat is not None and seat < len(state.lucky) else None
        turn = state.pending.seat if state.pending is not None else None
        return PebblesView(
            seat, state.seats, state.pile, self.rules.pile, turn, len(state.lucky), own, state.last
        )

    def result(self, state: PebblesState) -> Result | None:
        if state.pile > 0 or state.last is None:
            return None
        winner, count = state.last
        scores = tuple(
            (2 if s == winner else 0) + (1 if state.lucky[s] == count else 0)
            for s in range(state.seats)
        )
        ranks = tuple(1 + sum(other > mine for other in scores) for mine in scores)
        breakdown = tuple(
            {"last": 2 if s == winner else 0, "luck": scores[s] - (2 if s == winner else 0)}
            for s in range(state.seats)
        )
        return Result(scores, ranks, breakdown)

    def to_json(self, state: PebblesState) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "seed": state.seed,
            "version": state.version,
            "seats": state.seats,
            "pile": state.pile,
            "turn": state.turn,
            "lucky": list(state.lucky),
            "last": list(state.last) if state.last else None,
        }

    def from_json(self, data: Mapping[str, Any]) -> PebblesState:
        if data.get("schema") != SCHEMA:
            raise ValueError(f"unknown Pebbles schema {data.get('schema')!r}")
        last = data["last"]
        return PebblesState(
            data["seed"], data["version"], data["seats"], data["pile"], data["turn"],
            list(data["lucky"]), (last[0], last[1]) if last else None,
        )  # fmt: skip

    def bundle(self, state: PebblesState, lang: str = "en") -> None:
        return None

    def layout(self, state: PebblesState, lang: str = "en") -> None:
        return None

    def bundle_action(self, state: PebblesState, values: Sequence[str]) -> Action:
        raise IllegalMoveError("That move is not legal now.")

    def compound(self, state: PebblesState, text: str) -> None:
        return None

    def action_text(self, action: Action) -> str:
        return f"lucky {action.number}" if isinstance(action, Pick) else f"take {action.count}"

    def describe(self, action: Action, lang: str = "en", names: Sequence[str] = ()) -> str:
        if isinstance(action, Pick):
            return self.rules.say(lang, "pick", n=action.number)
        return self.rules.say(lang, "take_action", n=action.count)

    def describe_event(self, event: Any, lang: str = "en", names: Sequence[str] = ()) -> str:
        seat = names[event.seat] if event.seat < len(names) else event.seat + 1
        if isinstance(event, Took):
            return self.rules.say(lang, "took", seat=seat, n=event.count)
        return self.rules.say(lang, "picked", seat=seat)

    def event_from_json(self, data: Mapping[str, Any]) -> Any:
        return from_jsonable(data, {"Picked": Picked, "Took": Took})

    def relabel(
        self, notation: str, seat: int, lang: str, names: Sequence[str], told: bool = False
    ) -> str | None:
        return None  # no label of this game names a seat

    def prompt(self, state: PebblesState, lang: str = "en") -> str:
        pending = state.pending
        return "" if pending is None else self.rules.say(lang, pending.kind)

    def explain(self, state: PebblesState, action: Any, lang: str = "en") -> str:
        return ""  # the labels say it all

    def heuristic(self, state: PebblesState, seat: int) -> float:
        # Leaving a multiple of four is the winning line of this Nim.
        return 1.0 if state.turn != seat and state.pile % 4 == 0 else 0.0
