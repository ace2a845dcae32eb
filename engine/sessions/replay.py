"""Pure helpers of the session layer: replaying a move log, final standings, reminder times.

Replaying is how undo rebuilds a state and how `verify` proves that the stored state is the
state the log leads to: same seed, same notations, same events (STYLE.md §2.2).
"""

import json
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from engine.core.play import parse_action
from engine.core.protocol import GameEngine, Result
from engine.core.serial import to_jsonable
from engine.sessions.models import Final


def events_json(events: Sequence[Any]) -> str:
    """Return the stored JSON of a step's events."""
    return json.dumps(to_jsonable(list(events)), sort_keys=True)


def replay(
    engine: GameEngine[Any, Any],
    options: Mapping[str, str],
    seats: int,
    seed: int,
    moves: Sequence[tuple[str, str | None]],
) -> tuple[Any, int | None]:
    """Replay (notation, recorded events JSON or None) moves from the seed.

    Returns the final state and the index of the first move whose replayed events differ
    from the recorded ones (None when all match or none were given).

    Raises:
        GameError: a notation is not legal where the log puts it.
    """
    state = engine.new_state(options, seats, seed)
    mismatch: int | None = None
    for index, (notation, recorded) in enumerate(moves):
        step = engine.apply(state, parse_action(engine, state, notation))
        if recorded is not None and mismatch is None and events_json(step.events) != recorded:
            mismatch = index
        state = step.state
    return state, mismatch


def final_ranks(result: Result, out: Sequence[int]) -> tuple[int, ...]:
    """Rank the seats still competing by the engine's ranks, and those out below them all."""
    seats = len(result.ranks)
    competing = [s for s in range(seats) if s not in out]
    ranks = []
    for seat in range(seats):
        if seat in out:
            ranks.append(len(competing) + 1)
        else:
            better = sum(1 for o in competing if result.ranks[o] < result.ranks[seat])
            ranks.append(better + 1)
    return tuple(ranks)


def early_ranks(seats: int, out: Sequence[int]) -> tuple[int, ...]:
    """Rank the seats when a game ends for lack of competitors: those left share first place."""
    left = seats - len(set(out))
    return tuple(left + 1 if s in out else 1 for s in range(seats))


def final_to_json(final: Final) -> str:
    """Serialise final standings for the games table."""
    result = None
    if final.result is not None:
        r = final.result
        result = {
            "scores": list(r.scores),
            "ranks": list(r.ranks),
            "breakdown": [dict(b) for b in r.breakdown],
            "tie_break": r.tie_break,
        }
    data = {"reason": final.reason, "ranks": list(final.ranks), "out": list(final.out)}
    return json.dumps({**data, "result": result}, sort_keys=True)


def final_from_json(text: str | None) -> Final | None:
    """Rebuild final standings from the games table."""
    if not text:
        return None
    data = json.loads(text)
    raw = data["result"]
    result = None
    if raw is not None:
        result = Result(
            tuple(raw["scores"]),
            tuple(raw["ranks"]),
            tuple(dict(b) for b in raw["breakdown"]),
            raw["tie_break"],
        )
    return Final(data["reason"], tuple(data["ranks"]), result, tuple(data["out"]))


def next_reminder(
    deadline: datetime, before: Sequence[timedelta], now: datetime
) -> datetime | None:
    """Return the earliest reminder time strictly after `now` and before the deadline."""
    times = sorted(deadline - lead for lead in before if deadline - lead > now)
    return times[0] if times else None
