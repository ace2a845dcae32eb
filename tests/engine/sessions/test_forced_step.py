"""A person's step with nothing to decide plays itself (docs/playtest-2026-12.md item 44).

Right after a person's move, a decision of the same person with one legal action that
reveals nothing is played at once, as their move; undo takes it back with the move before
it; a lone reveal, another seat's decision and a step that never ends still wait.
"""

import itertools
from typing import Any

from engine.core.errors import IllegalMoveError
from engine.core.protocol import Step
from engine.sessions.forced import MAX_FORCED, forced_step
from engine.sessions.manager import SessionManager
from tests.engine.core.toy import Add, Roll, ToyEngine, ToyState
from tests.engine.sessions.conftest import start_game
from tests.engine.troyes.helpers import ENGINE, play, texts
from tests.engine.troyes.test_actions import SPARE, war_table


class Steps(ToyEngine):
    """Toy, but "add 1" from 0 opens a step of the same seat whose only option is `then`.

    From 2 (after "add 2"), the next seat's only option is "add 5" too: not theirs to skip.
    """

    def __init__(self, then: Add | Roll) -> None:
        self.then = then

    def legal_actions(self, state: ToyState) -> list[Add | Roll]:
        if state.pending is None:
            return []
        if state.total == 1:
            return [self.then]
        if state.total == 2:
            return [Add(5)]
        return [Add(1), Add(2), Roll()]

    def apply(self, state: ToyState, action: Add | Roll) -> Step[ToyState]:
        if action not in self.legal_actions(state):
            raise IllegalMoveError("That move is not legal now.")
        if (state.total == 0 and action == Add(1)) or (
            state.total == 1 and isinstance(action, Add)
        ):
            new = state.clone()  # the same seat goes on
            new.total += action.amount
            new.version += 1
            return Step(new)
        return super().apply(state, action)


def _manager(store: Any, clock: Any, then: Add | Roll) -> SessionManager:
    games: dict[str, Any] = {"toy": Steps(then)}
    return SessionManager(store, games, clock, seeds=itertools.count(101).__next__)


async def test_a_lone_step_after_your_move_plays_itself_as_your_move(store, clock):
    manager = _manager(store, clock, Add(5))
    out = await start_game(manager)
    played = await manager.play(out.game_id, 1, out.version, "add 1")
    assert [(m.notation, m.user_id) for m in played.moves] == [("add 1", 1), ("add 5", 1)]
    assert played.version == out.version + 2
    assert played.view["total"] == 6
    assert played.turn is not None
    assert played.turn.user_id == 1  # a real choice again, still theirs
    assert played.choices is not None
    assert len(played.choices.choices) == 3
    assert (await manager.verify(out.game_id)).ok  # the log replays as stored


async def test_undo_takes_the_step_back_with_the_move_before_it(store, clock):
    manager = _manager(store, clock, Add(5))
    out = await start_game(manager)
    played = await manager.play(out.game_id, 1, out.version, "add 1")
    undone = await manager.undo(out.game_id, 1, played.version)
    assert undone.view["total"] == 0  # not 1, a decision that would only play itself again
    assert undone.choices is not None
    assert len(undone.choices.choices) == 3
    log = await manager.log(out.game_id, include_undone=True)
    assert [(line.notation, line.undone) for line in log] == [("add 1", True), ("add 5", True)]


async def test_a_lone_reveal_still_waits_for_a_press(store, clock):
    manager = _manager(store, clock, Roll())
    out = await start_game(manager)
    played = await manager.play(out.game_id, 1, out.version, "add 1")
    assert [m.notation for m in played.moves] == ["add 1"]
    assert played.choices is not None
    assert [c.notation for c in played.choices.choices] == ["roll"]


async def test_another_seats_lone_option_is_theirs_to_press(store, clock):
    manager = _manager(store, clock, Add(5))
    out = await start_game(manager)
    played = await manager.play(out.game_id, 1, out.version, "add 2")
    assert [m.notation for m in played.moves] == ["add 2"]
    assert played.turn is not None
    assert played.turn.user_id == 2


async def test_a_step_that_never_ends_stops_and_waits(store, clock):
    manager = _manager(store, clock, Add(0))  # "add 0" leaves the same lone option
    out = await start_game(manager)
    played = await manager.play(out.game_id, 1, out.version, "add 1")
    assert [m.notation for m in played.moves] == ["add 1", *["add 0"] * MAX_FORCED]
    assert played.turn is not None
    assert played.turn.user_id == 1


def test_troyes_dice_chosen_alone_is_a_forced_step():
    # Two own dice picked; the rival's red 4 is on the table but unaffordable (0 deniers).
    state = war_table([[("red", 6), ("red", 5)], [("red", 4)], SPARE, []], deniers=[0, 0, 0])
    state, _ = play(state, "event war", "die 0 red 6", "die 0 red 5")
    assert texts(state) == ["dice done"]
    forced = forced_step(ENGINE, state)
    assert forced is not None
    assert ENGINE.action_text(forced[0]) == "dice done"
    assert forced[1].state.kind == "count"  # then how many times: a real choice again
