"""A tiny game on the core contract, for testing shared code without a real game.

Players take turns adding 1 or 2 to a counter, or rolling a die that adds 1-3; whoever
reaches 10 wins.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core.errors import GameError, IllegalMoveError
from engine.core.protocol import Decision, OptionSpec, Result, Step
from engine.core.rng import Rng
from engine.core.serial import from_jsonable


@dataclass(frozen=True, slots=True)
class Add:
    amount: int


@dataclass(frozen=True, slots=True)
class Roll:
    pass


@dataclass(frozen=True, slots=True)
class Rolled:
    value: int


@dataclass(slots=True)
class ToyState:
    seed: int
    version: int
    seats: int
    total: int
    turn: int

    @property
    def pending(self) -> Decision | None:
        return None if self.total >= 10 else Decision(self.turn, "move")

    def clone(self) -> "ToyState":
        return ToyState(self.seed, self.version, self.seats, self.total, self.turn)


class ToyEngine:
    name: ClassVar[str] = "toy"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4

    def options(self) -> Sequence[OptionSpec]:
        return ()

    def new_state(self, options: Mapping[str, str], seats: int, seed: int) -> ToyState:
        if not self.min_seats <= seats <= self.max_seats:
            raise GameError("Toy is for 2 to 4 players.")
        return ToyState(seed, 0, seats, 0, 0)

    def legal_actions(self, state: ToyState) -> list[Add | Roll]:
        return [] if state.pending is None else [Add(1), Add(2), Roll()]

    def apply(self, state: ToyState, action: Add | Roll) -> Step[ToyState]:
        if action not in self.legal_actions(state):
            raise IllegalMoveError("That move is not legal now.")
        new = state.clone()
        events: tuple[Any, ...] = ()
        if isinstance(action, Add):
            new.total += action.amount
        else:
            value = Rng(state.seed, state.version).die(3)
            new.total += value
            events = (Rolled(value),)
        new.version += 1
        if new.total < 10:
            new.turn = (new.turn + 1) % new.seats
        return Step(new, events, irreversible=bool(events))

    def view(self, state: ToyState, seat: int | None) -> dict[str, int]:
        return {"total": state.total, "turn": state.turn}

    def result(self, state: ToyState) -> Result | None:
        if state.total < 10:
            return None
        scores = tuple(1 if s == state.turn else 0 for s in range(state.seats))
        ranks = tuple(1 if s == state.turn else 2 for s in range(state.seats))
        return Result(scores, ranks, tuple({"win": sc} for sc in scores))

    def to_json(self, state: ToyState) -> dict[str, Any]:
        return {
            "game": "toy",
            "schema": 1,
            "seed": state.seed,
            "version": state.version,
            "seats": state.seats,
            "total": state.total,
            "turn": state.turn,
        }

    def from_json(self, data: Mapping[str, Any]) -> ToyState:
        return ToyState(data["seed"], data["version"], data["seats"], data["total"], data["turn"])

    def action_text(self, action: Add | Roll) -> str:
        return f"add {action.amount}" if isinstance(action, Add) else "roll"

    def describe(self, action: Add | Roll, lang: str = "en", names: Sequence[str] = ()) -> str:
        return self.action_text(action).capitalize()

    def describe_event(self, event: Any, lang: str = "en", names: Sequence[str] = ()) -> str:
        return f"Rolled {event.value}."

    def event_from_json(self, data: Mapping[str, Any]) -> Any:
        return from_jsonable(data, {"Rolled": Rolled})

    def bundle(self, state: ToyState, lang: str = "en") -> None:
        return None

    def layout(self, state: ToyState, lang: str = "en") -> None:
        return None

    def bundle_action(self, state: ToyState, values: Sequence[str]) -> Add | Roll:
        raise IllegalMoveError("error.session.not_on_offer")

    def compound(self, state: ToyState, text: str) -> None:
        return None

    def relabel(
        self, notation: str, seat: int, lang: str, names: Sequence[str], told: bool = False
    ) -> str | None:
        return None

    def explain(self, state: ToyState, action: Any, lang: str = "en") -> str:
        return ""

    def prompt(self, state: ToyState, lang: str = "en") -> str:
        return "Add or roll."

    def default_action(self, state: ToyState) -> None:
        return None

    def heuristic(self, state: ToyState, seat: int) -> float:
        return float(state.total)
