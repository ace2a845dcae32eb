"""Forced steps: a person's decision with nothing to decide plays itself (playtest item 44).

Right after a person's move, when the same person's next decision has exactly one legal
action and that action reveals nothing (Troyes' "Dice chosen" alone, once no further die is
affordable), the session plays it for them at once, stored and told as their move. Undo
takes such a step back together with the move before it, so an undo never lands on a
decision that would only play itself again. A decision whose only action reveals something
still waits for a press (it is played without asking; `turns.Turns.play`), and AI seats move
as before. At most MAX_FORCED steps play themselves in a row: a game whose forced steps
went round in a circle stops and waits for the person instead of looping.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.play import parse_action
from engine.core.protocol import GameEngine, Step
from engine.sessions.models import By
from engine.sessions.rows import MoveRow

MAX_FORCED = 8


def forced_step(engine: GameEngine[Any, Any], state: Any) -> tuple[Any, Step[Any]] | None:
    """Return the action that plays itself here and its step, or None (a choice, a reveal)."""
    legal = engine.legal_actions(state)
    if len(legal) != 1:
        return None
    step = engine.apply(state, legal[0])
    return None if step.irreversible else (legal[0], step)


def undo_start(
    engine: GameEngine[Any, Any],
    setup: tuple[Mapping[str, str], int, int],
    live: Sequence[MoveRow],
    index: int,
) -> int:
    """Return where taking back `live[index]` (a person's own move) must start.

    Moves back over every step that played itself (`forced_step` at the state before it,
    right after the same seat's own move), so the state reached is a real decision.
    `setup` is the game's (options, seats, seed); the log is replayed once.
    """
    options, seats, seed = setup
    seat = live[index].seat
    earliest = max(0, index - MAX_FORCED)
    state = engine.new_state(options, seats, seed)
    before: dict[int, Any] = {}
    for i, move in enumerate(live[:index]):
        if i >= earliest:
            before[i] = state
        state = engine.apply(state, parse_action(engine, state, move.action)).state
    before[index] = state
    while index > earliest:
        prev = live[index - 1]
        if prev.seat != seat or prev.by != By.PLAYER or prev.irreversible:
            break
        if forced_step(engine, before[index]) is None:
            break
        index -= 1
    return index
