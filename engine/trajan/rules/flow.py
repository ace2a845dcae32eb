"""The turn's to-do stack: the target bowl's action, bonus actions, repeats, extra tiles.

Entries are "act:X" (an action to offer, followed by an extra-tile offer once done),
"rep:X" (a repeat granted by an extra-action tile; no further offer) and "offer:X" (offer
an extra-action tile for X). Top of the stack is the last entry. An action with no
option but Pass is skipped without asking. Brief §3.2 step 3, §4.6 (bonus action), §4.7.
"""

from typing import Any

from engine.core.protocol import Decision
from engine.trajan.events import ActionPassed, ActionUnavailable, ExtraUsed
from engine.trajan.rules import quarter
from engine.trajan.rules.common import player, without
from engine.trajan.rules.options import OPTIONS, extra_options
from engine.trajan.state import TrajanState
from engine.trajan.tables import Tables


def continue_turn(state: TrajanState, t: Tables, events: list[Any]) -> None:
    """Set the next decision of the turn, or end the turn when nothing is left to do."""
    while state.todo:
        kind, action = state.todo[-1].split(":")
        if kind == "offer":
            if extra_options(state, t, action):
                state.pending = Decision(state.current, "extra")
                return
        elif OPTIONS[action](state, t):
            state.pending = Decision(state.current, action)
            return
        else:
            events.append(ActionUnavailable(state.current, action))
        state.todo = state.todo[:-1]
    end_turn(state, t, events)


def finish_action(state: TrajanState, t: Tables, events: list[Any], bonus: str | None) -> None:
    """Close the action on top of the stack; queue its extra-tile offer and any bonus action."""
    kind, action = state.todo[-1].split(":")
    state.todo = state.todo[:-1]
    state.ship = -1
    state.picks = ()
    if kind == "act":
        state.todo = (*state.todo, f"offer:{action}")
    if bonus is not None:
        # Brief §4.6: the first tile of a building type grants its action at once.
        state.todo = (*state.todo, f"act:{bonus}")
    continue_turn(state, t, events)


def pass_step(state: TrajanState, t: Tables, events: list[Any]) -> None:
    """Decline the action or extra-tile offer on top of the stack."""
    _, action = state.todo[-1].split(":")
    state.todo = state.todo[:-1]
    events.append(ActionPassed(state.current, action))
    continue_turn(state, t, events)


def use_extra(state: TrajanState, t: Tables, tile: str, events: list[Any]) -> None:
    """Spend an extra-action tile: repeat the action once, twice with a [+2] marker."""
    _, action = state.todo[-1].split(":")
    p = player(state)
    p.forum = without(p.forum, tile)
    state.removed = (*state.removed, tile)
    state.extra_used = True
    repeats = 2 if action in p.plus2 else 1
    state.todo = (*state.todo[:-1], *(f"rep:{action}",) * repeats)
    events.append(ExtraUsed(state.current, tile, action, repeats))
    continue_turn(state, t, events)


def end_turn(state: TrajanState, t: Tables, events: list[Any]) -> None:
    """End the active seat's turn: end the round or quarter if due, else pass the turn on."""
    state.todo = ()
    state.target = -1
    state.extra_used = False
    if state.round_over:
        state.round_over = False
        quarter.end_round(state, t, events)
        return
    quarter.next_turn(state)
