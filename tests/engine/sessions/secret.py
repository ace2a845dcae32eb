"""A tiny hidden-information game on the core contract, for the session tests.

Each seat holds a secret number from 1 to 9, dealt from the seed. On a turn a seat may tap
(up to twice; the turn goes on: a compound turn), pass, or reveal its number (irreversible:
hidden information comes out). When every number is revealed, the highest wins.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core.errors import GameError, IllegalMoveError
from engine.core.protocol import Decision, OptionSpec, Result, Step
from engine.core.rng import Rng
from engine.core.serial import from_jsonable


@dataclass(frozen=True, slots=True)
class Tap:
    pass


@dataclass(frozen=True, slots=True)
class Pass:
    pass


@dataclass(frozen=True, slots=True)
class Reveal:
    pass


@dataclass(frozen=True, slots=True)
class Revealed:
    seat: int
    value: int


@dataclass(slots=True)
class SecretState:
    seed: int
    version: int
    secrets: list[int]
    revealed: list[bool]
    turn: int
    taps: int

    @property
    def pending(self) -> Decision | None:
        return None if all(self.revealed) else Decision(self.turn, "turn")

    def clone(self) -> "SecretState":
        return SecretState(
            self.seed, self.version, list(self.secrets), list(self.revealed), self.turn, self.taps
        )


class SecretEngine:
    name: ClassVar[str] = "secret"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4

    def options(self) -> Sequence[OptionSpec]:
        return (OptionSpec("taps", "Taps allowed per turn", ("1", "2"), "2"),)

    def new_state(self, options: Mapping[str, str], seats: int, seed: int) -> SecretState:
        if not 2 <= seats <= 4:
            raise GameError("Secret is for 2 to 4 players.")
        rng = Rng(seed, 0, "deal")
        secrets = [rng.die(9) for _ in range(seats)]
        return SecretState(seed, 0, secrets, [False] * seats, 0, 0)

    def legal_actions(self, state: SecretState) -> list[Tap | Pass | Reveal]:
        if state.pending is None:
            return []
        actions: list[Tap | Pass | Reveal] = [Tap()] if state.taps < 2 else []
        actions.append(Pass())
        if not state.revealed[state.turn]:
            actions.append(Reveal())
        return actions

    def apply(self, state: SecretState, action: Tap | Pass | Reveal) -> Step[SecretState]:
        if action not in self.legal_actions(state):
            raise IllegalMoveError("That move is not legal now.")
        new = state.clone()
        new.version += 1
        events: tuple[Any, ...] = ()
        if isinstance(action, Tap):
            new.taps += 1
            return Step(new)
        if isinstance(action, Reveal):
            new.revealed[state.turn] = True
            events = (Revealed(state.turn, state.secrets[state.turn]),)
        new.taps = 0
        seats = len(new.secrets)
        for step in range(1, seats + 1):
            if not new.revealed[(state.turn + step) % seats]:
                new.turn = (state.turn + step) % seats
                break
        return Step(new, events, irreversible=bool(events))

    def view(self, state: SecretState, seat: int | None) -> dict[str, Any]:
        shown = {s: v for s, v in enumerate(state.secrets) if state.revealed[s]}
        view: dict[str, Any] = {"turn": state.turn, "taps": state.taps, "revealed": shown}
        if seat is not None:
            view["mine"] = state.secrets[seat]
        return view

    def result(self, state: SecretState) -> Result | None:
        if not all(state.revealed):
            return None
        scores = tuple(state.secrets)
        ranks = tuple(1 + sum(1 for o in scores if o > s) for s in scores)
        return Result(scores, ranks, tuple({"secret": s} for s in scores))

    def to_json(self, state: SecretState) -> dict[str, Any]:
        return {
            "game": "secret",
            "schema": 1,
            "seed": state.seed,
            "version": state.version,
            "secrets": state.secrets,
            "revealed": state.revealed,
            "turn": state.turn,
            "taps": state.taps,
        }

    def from_json(self, data: Mapping[str, Any]) -> SecretState:
        return SecretState(
            data["seed"],
            data["version"],
            list(data["secrets"]),
            list(data["revealed"]),
            data["turn"],
            data["taps"],
        )

    def action_text(self, action: Tap | Pass | Reveal) -> str:
        return type(action).__name__.lower()

    def describe(
        self, action: Tap | Pass | Reveal, lang: str = "en", names: Sequence[str] = ()
    ) -> str:
        return type(action).__name__

    def describe_event(self, event: Any, lang: str = "en", names: Sequence[str] = ()) -> str:
        who = names[event.seat] if event.seat < len(names) else event.seat
        return f"Seat {who} revealed {event.value}."

    def event_from_json(self, data: Mapping[str, Any]) -> Any:
        return from_jsonable(data, {"Revealed": Revealed})

    def bundle(self, state: SecretState, lang: str = "en") -> None:
        return None

    def layout(self, state: SecretState, lang: str = "en") -> None:
        return None

    def bundle_action(self, state: SecretState, values: Sequence[str]) -> Tap | Pass | Reveal:
        raise IllegalMoveError("error.session.not_on_offer")

    def compound(self, state: SecretState, text: str) -> None:
        return None

    def relabel(
        self, notation: str, seat: int, lang: str, names: Sequence[str], told: bool = False
    ) -> str | None:
        return None

    def explain(self, state: SecretState, action: Any, lang: str = "en") -> str:
        return ""

    def prompt(self, state: SecretState, lang: str = "en") -> str:
        return "Tap, pass or reveal."

    def default_action(self, state: SecretState) -> None:
        return None

    def heuristic(self, state: SecretState, seat: int) -> float:
        return float(state.revealed[seat])
