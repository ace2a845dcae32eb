"""Property: after any sequence of session operations, the stored state is the replay of the log."""

import asyncio
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine.core.errors import GameError
from engine.sessions.manager import SessionManager
from engine.sessions.models import Outcome, Status
from engine.sessions.replay import replay
from engine.sessions.store import Store
from tests.engine.sessions.conftest import FakeClock, make_manager, start_game

OPS = st.lists(
    st.tuples(
        st.sampled_from(["play"] * 4 + ["undo", "undo_far"] * 2 + ["resign"]), st.integers(0, 5)
    ),
    min_size=1,
    max_size=40,
)


async def _run(game: str, humans: int, ais: int, ops: list[tuple[str, int]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        async with await Store.open(Path(tmp) / "games.db") as store:
            manager = make_manager(store, FakeClock())
            users = tuple(range(1, humans + 1))
            out = await start_game(manager, game, users, ("random", "greedy")[:ais])
            versions = [out.version]
            for op, pick in ops:
                if out.status is not Status.ACTIVE:
                    break
                try:
                    out = await _step(manager, out, op, pick, users)
                    event(f"{op} applied")
                except GameError as error:
                    event(f"{op} refused: {type(error).__name__}")  # and must change nothing
                await _check(manager, store, out.game_id)
                status = await manager.status(out.game_id)
                assert status.version >= versions[-1]
                versions.append(status.version)


async def _step(
    manager: SessionManager, out: Outcome, op: str, pick: int, users: tuple[int, ...]
) -> Outcome:
    status = await manager.status(out.game_id)
    turn = status.turn
    user = users[pick % len(users)] if turn is None or turn.user_id is None else turn.user_id
    if op == "play":
        choices = await manager.choices(out.game_id)
        return await manager.play(out.game_id, user, status.version, pick % len(choices.choices))
    if op == "resign":
        return await manager.resign(out.game_id, users[pick % len(users)])
    log = await manager.log(out.game_id)
    first = log[pick % len(log)].version if op == "undo_far" and log else None
    asked = await manager.undo(out.game_id, user, status.version, first=first)
    for notice in asked.notices:
        for other in notice.waiting_on:
            asked = await manager.answer(out.game_id, other, notice.request_id or 0, True)
    return asked


async def _check(manager, store: Store, game_id: int) -> None:
    verification = await manager.verify(game_id)
    assert verification.ok, verification.detail
    row = await store.game(game_id)
    assert row is not None
    assert row.seed is not None
    engine = manager.games[row.game]
    moves = await store.moves(game_id)
    seats = len(await store.seats(game_id))
    state, _ = replay(
        engine, json.loads(row.options), seats, row.seed, [(m.action, None) for m in moves]
    )
    assert json.dumps(engine.to_json(state), sort_keys=True) == row.state
    assert state.version == len(moves)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(["toy", "secret"]),
    humans=st.integers(1, 3),
    ais=st.integers(0, 2),
    ops=OPS,
)
def test_stored_state_is_always_the_replay_of_the_log(game, humans, ais, ops):
    ais = max(min(ais, 4 - humans), 2 - humans)
    asyncio.run(_run(game, humans, ais, ops))


@pytest.mark.slow
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(["toy", "secret"]),
    humans=st.integers(1, 4),
    ais=st.integers(0, 3),
    ops=OPS,
)
def test_stored_state_is_always_the_replay_of_the_log_long(game, humans, ais, ops):
    ais = max(min(ais, 4 - humans), 2 - humans)
    asyncio.run(_run(game, humans, ais, ops))
