"""Work a dead process left behind (issue 19): stalled AI turns, and a restart's own claims.

Two services on one store stand for two bot processes (on PostgreSQL, two stores: two
writer connections). A process "dies" between a saved human move and its AI seats' moves
(`Turns.advance` halted, as in test_crash.py); a restarted process is a service with a
new name on the same host, the way bot.py names processes (`engine.db.shards.process_name`).
"""

from __future__ import annotations

import asyncio
import itertools
import os
import socket
import subprocess
import sys
from datetime import timedelta

import pytest

from engine.db.leases import Leases
from engine.db.shards import ALL, Serving, gone, process_name
from engine.sessions.lobby import NewGame
from engine.sessions.manager import SessionManager
from engine.sessions.models import NoticeKind, Outcome, Policy, SeatOrder, TimeControl
from engine.sessions.store import Store
from engine.sessions.turns import Turns
from tests.engine.sessions.conftest import GAMES, FakeClock

LEASE = timedelta(minutes=2)
DAY = TimeControl(timedelta(hours=24), (timedelta(hours=6),))
HOST = socket.gethostname()


def service(store: Store, clock: FakeClock, name: str) -> SessionManager:
    serving = Serving(ALL, owner=name, lease=LEASE)
    return SessionManager(store, GAMES, clock, seeds=itertools.count(101).__next__, serving=serving)


def _last_pid() -> int:
    """Return the pid of a process that ran and is gone (reaped)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


async def open_game(manager: SessionManager, control: TimeControl | None = None) -> Outcome:
    """A toy game: user 1 then a random AI, in join order."""
    spec = NewGame("toy", guild_id=7, channel_id=70, seats=2, time_control=control,
                   policy=Policy.STAND_IN, seat_order=SeatOrder.JOIN)  # fmt: skip
    info = await manager.create_lobby(1, spec)
    await manager.add_ai(info.game_id, 1, "random")
    return await manager.start(info.game_id, 1)


async def die_before_the_ai_moves(manager: SessionManager, out: Outcome, monkeypatch) -> Outcome:
    """Play user 1's move and stop before the AI seat's: a process killed mid-turn."""

    async def halted(self, g, after=None, progress=None):
        return []

    monkeypatch.setattr(Turns, "advance", halted)
    try:
        out = await manager.play(out.game_id, 1, out.version, "add 1")
    finally:
        monkeypatch.undo()
    assert out.turn is not None
    assert out.turn.user_id is None  # the AI decides, and nobody is moving it
    return out


def test_only_a_gone_process_of_this_host_counts_as_gone():
    me = process_name()
    assert not gone(me, me)
    assert gone(f"{HOST}:{os.getpid()}:other", me)  # this pid, another token: its predecessor
    assert gone(f"{HOST}:{_last_pid()}:abc", me)
    assert not gone(f"{HOST}:{os.getppid()}:abc", me)  # alive
    assert not gone(f"elsewhere:{_last_pid()}:abc", me)  # another host's: cannot be seen
    assert not gone("p0", me)  # not a process name: waited out
    assert not gone(f"{HOST}:x:abc", me)


async def test_an_ai_turn_a_dead_process_left_is_taken_up_by_the_tick_once(
    store, clock, monkeypatch
):
    dead = service(store, clock, "dead")
    out = await die_before_the_ai_moves(dead, await open_game(dead), monkeypatch)
    alive = service(store, clock, "alive")
    assert await alive.tick() == []  # a live process may still be thinking: wait a lease
    clock.advance(seconds=LEASE.total_seconds())
    [taken] = await alive.tick()
    assert taken.game_id == out.game_id
    assert [m.by for m in taken.moves] == ["ai"]
    assert taken.turn is not None
    assert taken.turn.user_id == 1
    clock.advance(seconds=LEASE.total_seconds())
    assert await alive.tick() == []  # a person decides now: nothing more to take up
    assert await dead.tick() == []
    assert len(await store.moves(out.game_id)) == 2
    assert (await alive.verify(out.game_id)).ok
    assert await Leases(store.database).owners() == []  # the turn's lease was given back


@pytest.mark.slow  # two stores of their own on the server: about 1.5 s
@pytest.mark.parametrize("backend", ["postgresql"])
async def test_two_processes_scanning_at_once_move_a_stalled_ai_seat_once(
    database_url, clock, monkeypatch
):
    stores = [await Store.open(database_url) for _ in range(2)]
    try:
        dead = service(stores[0], clock, "dead")
        games = [
            (await die_before_the_ai_moves(dead, await open_game(dead), monkeypatch)).game_id
            for _ in range(3)
        ]
        clock.advance(seconds=LEASE.total_seconds())
        scanners = [service(s, clock, f"p{i}") for i, s in enumerate(stores)]
        fired = await asyncio.gather(*(s.tick() for s in scanners))
        taken = sorted(o.game_id for outs in fired for o in outs)
        assert taken == games  # each game once, by one of the two
        for game in games:
            moves = await stores[0].moves(game)
            assert [m.by for m in moves] == ["player", "ai"]
            assert (await scanners[1].verify(game)).ok
    finally:
        for opened in stores:
            await opened.close()


@pytest.mark.parametrize("backend", ["postgresql"])
async def test_a_restarted_process_takes_back_its_own_claims_at_once(store, clock):
    killed = service(store, clock, f"{HOST}:{_last_pid()}:dead01")
    game = await open_game(killed, DAY)
    clock.advance(hours=24)
    assert await killed._timers.claim(clock())  # then SIGKILL: its claims stay behind
    leases = Leases(store.database)
    await leases.acquire("league:0/1", killed.ctx.owner, clock(), clock() + LEASE)
    restarted = service(store, clock, process_name())  # this host, a new pid and token
    [outcome] = await restarted.resume()  # no lease to wait out: its predecessor is gone
    assert outcome.game_id == game.game_id
    assert NoticeKind.TIMED_OUT in [n.kind for n in outcome.notices]
    assert await restarted.hold("league:0/1")


@pytest.mark.parametrize("backend", ["postgresql"])
@pytest.mark.parametrize("holder", ["live", "elsewhere"])
async def test_claims_of_a_live_process_or_another_host_are_waited_out(store, clock, holder):
    name = {"live": f"{HOST}:{os.getppid()}:live01", "elsewhere": f"far:{_last_pid()}:far001"}
    owner = service(store, clock, name[holder])
    await open_game(owner, DAY)
    clock.advance(hours=24)
    assert await owner._timers.claim(clock())
    restarted = service(store, clock, process_name())
    assert await restarted.resume() == []  # never two holders: it may still be at work
    clock.advance(seconds=LEASE.total_seconds())
    [outcome] = await restarted.tick()  # its lease ended: taken over now
    assert NoticeKind.TIMED_OUT in [n.kind for n in outcome.notices]


@pytest.mark.parametrize("backend", ["postgresql"])
async def test_a_clean_shutdown_gives_its_claims_and_leases_up(store, clock):
    stopping = service(store, clock, process_name())
    game = await open_game(stopping, DAY)
    clock.advance(hours=24)
    assert await stopping._timers.claim(clock())
    assert await stopping.hold("league:0/1")
    await stopping.release()  # bot.py, as it stops
    successor = service(store, clock, f"elsewhere:{_last_pid()}:next01")
    [outcome] = await successor.tick()
    assert outcome.game_id == game.game_id
    assert await successor.hold("league:0/1")


class _BrokenAI:
    name = "broken"

    def choose(self, engine, state):
        raise ValueError("no idea")


async def test_an_ai_that_fails_when_taken_up_is_said_once_not_every_tick(store, clock):
    serving = Serving(ALL, owner="alive", lease=LEASE)
    manager = SessionManager(store, GAMES, clock, {"broken": _BrokenAI()}, serving=serving)
    spec = NewGame("toy", guild_id=7, channel_id=70, seats=2, seat_order=SeatOrder.JOIN)
    info = await manager.create_lobby(1, spec)
    await manager.add_ai(info.game_id, 1, "broken")
    out = await manager.start(info.game_id, 1)
    out = await manager.play(out.game_id, 1, out.version, "add 1")  # the AI fails: said here
    assert [n.kind for n in out.notices] == [NoticeKind.AI_FAILED]
    clock.advance(seconds=LEASE.total_seconds())
    [again] = await manager.tick()  # taken up after a lease: it fails again, said once more
    assert [n.kind for n in again.notices] == [NoticeKind.AI_FAILED]
    for _ in range(3):
        clock.advance(seconds=LEASE.total_seconds())
        assert await manager.tick() == []  # not a notice in the thread every tick
