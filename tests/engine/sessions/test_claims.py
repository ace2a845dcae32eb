"""Due work claimed in the database (issue 19): several processes, each timer fired once.

Two stores opened on one database are two processes as far as the database can tell: each
has its own writer connection, so on PostgreSQL their claims really race (`FOR UPDATE SKIP
LOCKED`). The services are given names, shards and leases as bot.py gives them.
"""

from __future__ import annotations

import asyncio
import itertools
from collections import Counter
from datetime import timedelta

import pytest

from engine.db.leases import Leases
from engine.db.shards import ALL, Serving, Shards, shard_of
from engine.sessions.lobby import NewGame
from engine.sessions.manager import SessionManager
from engine.sessions.models import NoticeKind, Outcome, Policy, SeatOrder, TimeControl
from engine.sessions.rows import TimerRow, to_text
from engine.sessions.store import Store
from tests.engine.sessions.conftest import GAMES, FakeClock, make_manager

DAY = TimeControl(timedelta(hours=24), (timedelta(hours=6),))
LEASE = timedelta(minutes=2)
SHARD0, SHARD1 = 0 << 22, 1 << 22  # guild ids of shard 0 and shard 1 of two


def service(store: Store, clock: FakeClock, name: str, shards: Shards = ALL) -> SessionManager:
    serving = Serving(shards, owner=name, lease=LEASE)
    return SessionManager(store, GAMES, clock, seeds=itertools.count(101).__next__, serving=serving)


async def open_game(manager: SessionManager, guild: int) -> Outcome:
    spec = NewGame("toy", guild_id=guild, channel_id=70, seats=2, time_control=DAY,
                   policy=Policy.STAND_IN, seat_order=SeatOrder.JOIN)  # fmt: skip
    info = await manager.create_lobby(1, spec)
    await manager.join(info.game_id, 2)
    return await manager.start(info.game_id, 1)


def test_a_guild_belongs_to_the_shard_of_its_snowflake():
    assert shard_of(SHARD1, 2) == 1
    assert shard_of(SHARD0 + 3, 2) == 0
    assert shard_of(None, 4) == 0
    assert Shards.of(4, [1, 3]).owns(1 << 22)
    assert not Shards.of(4, [1, 3]).owns(2 << 22)
    with pytest.raises(ValueError, match="do not fit"):
        Shards(frozenset({2}), 2)


async def test_a_lease_is_held_by_one_process_until_it_expires(store, clock):
    leases = Leases(store.database)
    now = clock()
    assert await leases.acquire("league:0/1", "a", now, now + LEASE)
    assert not await leases.acquire("league:0/1", "b", now, now + LEASE)
    assert await leases.acquire("league:0/1", "a", now, now + LEASE)  # a renewal
    later = now + LEASE  # a stopped renewing (it died): the lease is free at its end
    assert await leases.acquire("league:0/1", "b", later, later + LEASE)
    assert not await leases.acquire("league:0/1", "a", later, later + LEASE)
    await leases.release("league:0/1", "b")
    assert await leases.acquire("league:0/1", "a", later, later + LEASE)


async def test_a_process_fires_only_the_timers_of_its_own_shards(store, clock):
    first = service(store, clock, "p0", Shards.of(2, [0]))
    second = service(store, clock, "p1", Shards.of(2, [1]))
    mine = await open_game(first, SHARD0)
    theirs = await open_game(first, SHARD1)
    clock.advance(hours=24)
    fired = await first.tick()
    assert [o.game_id for o in fired] == [mine.game_id]
    assert await store.timers(theirs.game_id)  # untouched: shard 1's process fires it
    [other] = await second.tick()
    assert other.game_id == theirs.game_id
    assert [n.kind for n in other.notices] == [NoticeKind.TIMED_OUT]
    assert await first.tick() == []
    assert await second.tick() == []


async def test_work_claimed_by_a_process_that_died_is_taken_over_when_its_lease_ends(store, clock):
    dead = service(store, clock, "dead")
    alive = service(store, clock, "alive")
    game = await open_game(dead, SHARD0)
    clock.advance(hours=24)
    claimed = await dead._timers.claim(clock())  # claimed, then the process was killed
    assert {t.kind for t in claimed} == {"deadline", "reminder"}
    assert await alive.tick() == []  # still leased to the dead process
    clock.advance(seconds=LEASE.total_seconds())
    [outcome] = await alive.tick()
    assert outcome.game_id == game.game_id
    assert [n.kind for n in outcome.notices] == [NoticeKind.TIMED_OUT]
    # The dead process's late firing (it was only slow) changes nothing: not its claim now.
    assert [await dead._timers._fire(t, clock()) for t in claimed] == [None, None]


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["postgresql"])
async def test_a_thousand_timers_claimed_by_two_processes_at_once_are_each_taken_once(
    database_url, clock
):
    stores = [await Store.open(database_url) for _ in range(2)]
    try:
        first = make_manager(stores[0], clock)
        games = [(await open_game(first, SHARD0)).game_id for _ in range(5)]
        due = clock() - timedelta(minutes=1)
        rows = [(g, seat, kind, to_text(due - timedelta(seconds=i)))
                for i, (g, seat, kind) in enumerate(itertools.product(
                    range(1, 126), range(4), ("reminder", "deadline")))]  # fmt: skip
        async with stores[0].transaction():
            await stores[0].database.execute("DELETE FROM timers")
            await stores[0].database.execute_many(
                "INSERT INTO games (id, guild_id, game, max_seats, creator_id, created_at,"
                " updated_at) VALUES (?, ?, 'toy', 2, 1, ?, ?)",
                [(g, SHARD0, to_text(due), to_text(due)) for g in range(100, 226)],
            )
            await stores[0].database.execute_many(
                "INSERT INTO timers (game_id, seat, kind, due_at) VALUES (?, ?, ?, ?)",
                [(g + 99, seat, kind, at) for g, seat, kind, at in rows],
            )
        assert len(rows) == 1000
        assert games

        taken: Counter[tuple[int, int, str]] = Counter()
        claimed: Counter[tuple[int, int, str]] = Counter()

        async def process(store: Store, name: str) -> int:
            count = 0
            while True:
                now = clock()
                async with store.transaction() as tx:
                    batch = await tx.claim_due_timers(now, name, now + LEASE, ALL, 50)
                if not batch:
                    return count
                claimed.update((t.game_id, t.seat, t.kind) for t in batch)
                for timer in batch:
                    async with store.transaction() as tx:
                        if await tx.take_timer(timer, name):
                            taken[timer.game_id, timer.seat, timer.kind] += 1
                            count += 1

        counts = await asyncio.gather(process(stores[0], "a"), process(stores[1], "b"))
        assert sum(counts) == 1000
        assert set(taken.values()) == {1}
        assert set(claimed.values()) == {1}  # and claimed once: no process waited or redid
        assert all(counts)  # both processes really took part
        assert await stores[0].due_timers(clock()) == []
    finally:
        for opened in stores:
            await opened.close()


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["postgresql"])
async def test_two_services_ticking_at_once_time_out_each_game_once(database_url, clock):
    stores = [await Store.open(database_url) for _ in range(2)]
    try:
        services = [service(s, clock, f"p{i}") for i, s in enumerate(stores)]
        games = [(await open_game(services[0], SHARD0)).game_id for _ in range(30)]
        clock.advance(hours=24)
        fired = await asyncio.gather(*(s.tick() for s in services))
        timed_out = Counter(
            o.game_id for outs in fired for o in outs for n in o.notices
            if n.kind is NoticeKind.TIMED_OUT
        )  # fmt: skip
        assert timed_out == dict.fromkeys(games, 1)
        assert all(fired)  # both took a share
        for game in games:  # one stand-in move each, and the next turn's timers set once
            assert len(await stores[0].moves(game)) == 1
            assert (await services[1].verify(game)).ok
    finally:
        for opened in stores:
            await opened.close()


def test_timer_rows_read_without_a_claim_have_none():
    assert TimerRow(1, 0, "deadline", "x").claimed_by is None


@pytest.mark.parametrize("backend", ["sqlite"])
async def test_on_sqlite_a_restarted_process_takes_its_predecessors_claims_at_once(store, clock):
    killed = service(store, clock, "killed")
    game = await open_game(killed, SHARD0)
    clock.advance(hours=24)
    assert await killed._timers.claim(clock())  # then SIGKILL: its claims stay in the file
    await Leases(store.database).acquire("league:0/1", "killed", clock(), clock() + LEASE)
    restarted = service(store, clock, "restarted")
    [outcome] = await restarted.resume()  # one process per SQLite file: no lease to wait out
    assert outcome.game_id == game.game_id
    assert await restarted.hold("league:0/1")


async def test_holding_a_lease_renews_it_only_past_its_half(store, clock):
    leases = Leases(store.database)
    assert await leases.hold("league:0/1", "a", clock(), LEASE)
    first = await leases.holder("league:0/1")
    clock.advance(seconds=30)
    assert await leases.hold("league:0/1", "a", clock(), LEASE)
    assert await leases.holder("league:0/1") == first  # no write yet
    clock.advance(seconds=60)
    assert await leases.hold("league:0/1", "a", clock(), LEASE)
    assert await leases.holder("league:0/1") != first  # renewed
    assert not await leases.hold("league:0/1", "b", clock(), LEASE)
