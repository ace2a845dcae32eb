"""One engine object, many games at once: nothing about one game may leak into another.

The registry holds one TroyesEngine for every game, and the bot runs AI turns and reveal
checks in threads. Two games played interleaved from two threads on the same engine must
each end exactly as when played alone (final state JSON and every event).
"""

import json
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from engine.core.rng import Rng
from engine.core.serial import to_jsonable
from engine.troyes.game import EVERY_MODULE, TroyesEngine

Record = tuple[str, list[Any]]


def _play(engine: TroyesEngine, options: dict[str, str], seats: int, seed: int) -> Record:
    """Play one seeded random game to the end; return its final JSON and every event."""
    s = engine.new_state(options, seats, seed)
    rng = Rng(seed, 0, "threads")
    events: list[Any] = []
    while s.pending is not None:
        actions = engine.legal_actions(s)
        step = engine.apply(s, actions[rng.below(len(actions))])
        events.extend(to_jsonable(e) for e in step.events)
        s = step.state
    return json.dumps(engine.to_json(s), sort_keys=True), events


@pytest.fixture
def busy_switching() -> Iterator[None]:
    """Make the interpreter switch threads as often as it can, so the games interleave."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


GAMES = [({}, 3, 11), (EVERY_MODULE, 4, 12), (EVERY_MODULE, 2, 13), ({}, 4, 14)]


@pytest.mark.usefixtures("busy_switching")
def test_games_played_from_two_threads_on_one_engine_match_their_replays():
    alone = [_play(TroyesEngine(), *game) for game in GAMES]
    shared = TroyesEngine()
    found: dict[int, Record] = {}
    errors: list[BaseException] = []

    def worker(indices: list[int]) -> None:
        try:
            for i in indices:
                found[i] = _play(shared, *GAMES[i])
        except BaseException as exc:  # reported by the main thread
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=([0, 1],)),
               threading.Thread(target=worker, args=([2, 3],))]  # fmt: skip
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for i, (final, events) in enumerate(alone):
        assert found[i][0] == final, f"game {i}: final state differs"
        assert found[i][1] == events, f"game {i}: events differ"


def test_two_games_stepped_in_turn_on_one_engine_match_their_replays():
    # Lock-step interleaving without threads: each game's menu is asked right after the
    # other game's, so anything kept on the engine between calls would be the other game's.
    alone = [_play(TroyesEngine(), *game) for game in GAMES[:2]]
    shared = TroyesEngine()
    states = [shared.new_state(opts, seats, seed) for opts, seats, seed in GAMES[:2]]
    rngs = [Rng(seed, 0, "threads") for _, _, seed in GAMES[:2]]
    events: list[list[Any]] = [[], []]
    while any(s.pending is not None for s in states):
        menus = [shared.legal_actions(s) if s.pending is not None else [] for s in states]
        for i, s in enumerate(states):
            if s.pending is None:
                continue
            step = shared.apply(s, menus[i][rngs[i].below(len(menus[i]))])
            events[i].extend(to_jsonable(e) for e in step.events)
            states[i] = step.state
    for i, (final, logged) in enumerate(alone):
        assert json.dumps(shared.to_json(states[i]), sort_keys=True) == final
        assert events[i] == logged
