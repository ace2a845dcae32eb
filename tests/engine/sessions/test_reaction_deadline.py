"""An out-of-turn question that times out gets its default answer; the seat stays the player's.

Issue 3: a pending reaction has a deadline after which the standing answer (default:
decline) applies, without stalling the table.
"""

from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any

from engine.core.protocol import Decision, Step
from engine.sessions.manager import SessionManager
from engine.sessions.models import By, NoticeKind, Policy, TimeControl
from tests.engine.core.toy import Add, Roll, ToyEngine, ToyState
from tests.engine.sessions.conftest import GAMES, start_game

HOUR = TimeControl(timedelta(hours=1), ())


@dataclass(frozen=True, slots=True)
class Answer:
    use: bool


@dataclass(slots=True)
class AskState(ToyState):
    asking: int = -1  # the seat asked out of turn, or -1

    @property
    def pending(self) -> Decision | None:
        if self.total >= 10:
            return None
        if self.asking >= 0:
            return Decision(self.asking, "react")
        return Decision(self.turn, "move")

    def clone(self) -> "AskState":
        return AskState(self.seed, self.version, self.seats, self.total, self.turn, self.asking)


class AskEngine(ToyEngine):
    """The toy game, where after each add the next seat is asked whether to add 1 too."""

    name = "ask"

    def new_state(self, options: Any, seats: int, seed: int) -> AskState:
        return AskState(seed, 0, seats, 0, 0)

    def legal_actions(self, state: Any) -> list[Any]:
        if state.pending is None:
            return []
        if state.asking >= 0:
            return [Answer(True), Answer(False)]
        return [Add(1), Add(2), Roll()]

    def apply(self, state: Any, action: Any) -> Step[Any]:
        if isinstance(action, Answer):
            new = state.clone()
            new.total += int(action.use)
            new.asking = -1
            new.version += 1
            return Step(new)
        step = super().apply(replace(state), action)
        done = step.state
        new = AskState(done.seed, done.version, done.seats, done.total, done.turn)
        if isinstance(action, Add) and new.total < 10:
            new.asking = new.turn
        return Step(new, step.events, step.irreversible)

    def default_action(self, state: Any) -> Any:
        return Answer(False) if state.asking >= 0 else None

    def to_json(self, state: Any) -> dict[str, Any]:
        return {**super().to_json(state), "asking": state.asking}

    def from_json(self, data: Any) -> AskState:
        return AskState(
            data["seed"],
            data["version"],
            data["seats"],
            data["total"],
            data["turn"],
            data["asking"],
        )

    def action_text(self, action: Any) -> str:
        if isinstance(action, Answer):
            return "answer use" if action.use else "answer decline"
        return super().action_text(action)


async def test_a_timed_out_reaction_gets_its_default_and_the_seat_stays_human(store, clock):
    manager = SessionManager(store, {**GAMES, "ask": AskEngine()}, clock)
    out = await start_game(manager, "ask", control=HOUR, policy=Policy.STAND_IN)
    game = out.game_id
    out = await manager.play(game, 1, out.version, "add 1")
    assert out.turn is not None
    assert (out.turn.seat, out.turn.kind) == (1, "react")
    clock.advance(hours=2)
    (fired,) = await manager.tick()
    assert any(n.kind is NoticeKind.TIMED_OUT and n.detail == "default" for n in fired.notices)
    assert [m.by for m in fired.moves] == [By.STANDING]
    assert fired.moves[0].notation == "answer decline"
    # Seat 1 is still played by its human: the next decision waits on them, not on an AI.
    assert fired.turn is not None
    assert (fired.turn.seat, fired.turn.kind) == (1, "move")
    assert fired.turn.user_id == 2
    status = await manager.status(game)
    assert status.version == fired.version


async def test_a_timed_out_ordinary_move_still_follows_the_policy(store, clock):
    manager = SessionManager(store, {**GAMES, "ask": AskEngine()}, clock)
    await start_game(manager, "ask", control=HOUR, policy=Policy.STAND_IN)
    clock.advance(hours=2)
    (fired,) = await manager.tick()
    assert any(n.kind is NoticeKind.TIMED_OUT and n.detail == "stand_in" for n in fired.notices)
    assert fired.moves
    assert fired.moves[0].by is By.STAND_IN
