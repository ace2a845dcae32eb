"""The log lines of a game's first moves, as the session stores them (shared by cog tests)."""

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import Any

from engine.sessions import By, LogLine


def first_lines(
    engine: Any,
    game: str,
    state: Any,
    moves: int,
    lang: str,
    *,
    seat: Callable[[Any], int],
    by: By,
    at: datetime,
) -> list[LogLine]:
    """Play the first legal choice `moves` times; return the log lines stored in `lang`.

    `seat` names the deciding seat of a state (Troyes' `turn`, Trajan's `current`).
    """
    lines = []
    for _ in range(moves):
        action = engine.legal_actions(state)[0]
        decider = seat(state)
        step = engine.apply(state, action)
        state = step.state
        events = tuple(engine.describe_event(e, lang) for e in step.events)
        label = engine.describe(action, lang)
        line = LogLine(
            state.version, decider, None, by, engine.action_text(action), label, events, False, at
        )
        lines.append(replace(line, game=game, records=step.events))
    return lines
