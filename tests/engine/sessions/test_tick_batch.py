"""A tick fires its due reminders in one transaction, exactly once (issue 16).

Each due reminder used to be its own commit; now the batch of reminders a tick reads is one
transaction. These tests pin what that must keep: one commit for the batch, all-or-nothing
when the process dies inside it, nothing fired twice when it dies after it (the notices are
owed to the threads), a failed batch retried one reminder at a time, and two processes on
one PostgreSQL database reminding each player once.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from contextlib import asynccontextmanager
from datetime import timedelta

import pytest

from engine.db.shards import Serving
from engine.sessions.manager import SessionManager
from engine.sessions.models import NoticeKind, TimeControl
from engine.sessions.store import Store, Tx
from engine.sessions.turns import Turns
from tests.engine.sessions.conftest import GAMES, FakeClock, make_manager, start_game

# A reminder 6 hours before a 24-hour deadline: due 18 hours after each game starts.
DAY = TimeControl(timedelta(hours=24), (timedelta(hours=6),))


class Killed(BaseException):
    """The process dies here (a BaseException: nothing on the way catches it)."""


async def games_due(manager: SessionManager, clock: FakeClock, count: int = 5) -> list[int]:
    """Start `count` timed games and move the clock to their reminders."""
    games = [(await start_game(manager, control=DAY)).game_id for _ in range(count)]
    clock.advance(hours=18)
    return games


async def owed_reminders(store: Store) -> Counter[int]:
    """Return how many reminders each game's thread is owed (stored, not posted yet)."""
    owed = await store.owed_notices()
    return Counter(n.game_id for n in owed if n.kind == NoticeKind.REMINDER.value)


def count_transactions(store: Store, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the write transactions opened on the store's database (outermost only)."""
    opened = [0]
    database = store.database
    original = database.transaction

    @asynccontextmanager
    async def counted():
        if not database.in_transaction:
            opened[0] += 1
        async with original() as conn:
            yield conn

    monkeypatch.setattr(database, "transaction", counted)
    return opened


async def test_a_tick_fires_five_due_reminders_in_one_transaction(
    manager, store, clock, monkeypatch
):
    games = await games_due(manager, clock)
    opened = count_transactions(store, monkeypatch)
    fired = await manager.tick()
    assert sorted(o.game_id for o in fired) == games
    assert all([n.kind for n in o.notices] == [NoticeKind.REMINDER] for o in fired)
    assert opened == [1]  # one commit for the batch, no claim first
    assert await manager.tick() == []  # and each fired once
    assert await owed_reminders(store) == dict.fromkeys(games, 1)


async def test_a_process_killed_inside_the_batch_fires_none_and_the_next_fires_all(
    db_path, clock, monkeypatch
):
    async with await Store.open(db_path) as store:
        games = await games_due(make_manager(store, clock), clock)
        taken = [0]
        take = Tx.take_free_timer

        async def dies_at_the_third(self, timer, now):
            taken[0] += 1
            if taken[0] == 3:
                raise Killed
            return await take(self, timer, now)

        monkeypatch.setattr(Tx, "take_free_timer", dies_at_the_third)
        with pytest.raises(Killed):
            await make_manager(store, clock).tick()
        monkeypatch.undo()
    async with await Store.open(db_path) as store:  # the restarted process
        assert await owed_reminders(store) == {}  # the two taken before the kill rolled back
        fired = await make_manager(store, clock).resume()
        assert sorted(o.game_id for o in fired) == games


async def test_a_process_killed_after_the_batch_commit_fires_nothing_twice(
    db_path, clock, monkeypatch
):
    async with await Store.open(db_path) as store:
        games = await games_due(make_manager(store, clock), clock)

        async def dies(*args, **kwargs):
            raise Killed

        monkeypatch.setattr(Turns, "outcome", dies)  # committed; no reminder posted yet
        with pytest.raises(Killed):
            await make_manager(store, clock).tick()
        monkeypatch.undo()
    async with await Store.open(db_path) as store:
        assert await make_manager(store, clock).resume() == []  # not fired again
        # but owed to the threads: the poster sends them
        assert await owed_reminders(store) == dict.fromkeys(games, 1)


async def test_a_batch_that_fails_is_fired_one_reminder_at_a_time(
    manager, store, clock, monkeypatch
):
    games = await games_due(manager, clock)
    calls = [0]
    insert = Tx.insert_notice

    async def fails_once(self, row):
        calls[0] += 1
        if calls[0] == 3:
            raise RuntimeError("disk full, for a moment")
        return await insert(self, row)

    monkeypatch.setattr(Tx, "insert_notice", fails_once)
    fired = await manager.tick()
    assert sorted(o.game_id for o in fired) == games
    # the rolled-back batch left no notice behind
    assert await owed_reminders(store) == dict.fromkeys(games, 1)


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["postgresql"])
async def test_two_processes_ticking_at_once_remind_each_player_once(database_url, clock):
    stores = [await Store.open(database_url) for _ in range(2)]
    try:
        services = [
            SessionManager(s, GAMES, clock, serving=Serving(owner=f"p{i}"))
            for i, s in enumerate(stores)
        ]
        games = await games_due(services[0], clock, 30)
        fired = await asyncio.gather(*(s.tick() for s in services))
        reminded = Counter(
            o.game_id for outs in fired for o in outs for n in o.notices
            if n.kind is NoticeKind.REMINDER
        )  # fmt: skip
        assert reminded == dict.fromkeys(games, 1)
        assert await owed_reminders(stores[0]) == dict.fromkeys(games, 1)
    finally:
        for opened in stores:
            await opened.close()
