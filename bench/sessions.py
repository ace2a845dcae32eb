"""Benchmark the session manager: moves per second and play() latency with 200 active games.

A file database in a temporary directory holds 200 running games of the toy game (a finished
game is replaced by a new one, so 200 stay active). Clicks go to random games, as the deciding
player at the current version, the way Discord users click. Two modes:

- saturated (default): N workers click back to back; gives the most moves per second;
- paced (`--rate R`): R clicks per second arrive whatever the backlog (the issue's load is
  20 moves per second); gives latency at that load.

Reported: moves per second, p50/p99 latency of play(), and the worst event-loop stall.

Usage: .venv/bin/python bench/sessions.py [--moves N] [--workers N | --rate R]
       [--sync FULL|NORMAL] [--ai]
"""

import argparse
import asyncio
import itertools
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.errors import GameError
from engine.sessions.lobby import NewGame
from engine.sessions.manager import SessionManager
from engine.sessions.models import SeatOrder, Status
from engine.sessions.store import Store
from tests.engine.core.toy import ToyEngine

GAMES = 200


@dataclass
class Bench:
    manager: SessionManager
    ai: bool
    active: list[int] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    stale: int = 0
    users: "itertools.count[int]" = field(default_factory=lambda: itertools.count(1000))
    rng: random.Random = field(default_factory=lambda: random.Random(7))

    async def new_game(self) -> int:
        first = next(self.users)
        spec = NewGame("toy", seats=2, seat_order=SeatOrder.JOIN)
        info = await self.manager.create_lobby(first, spec)
        if self.ai:
            await self.manager.add_ai(info.game_id, first, "greedy")
        else:
            await self.manager.join(info.game_id, next(self.users))
        await self.manager.start(info.game_id, first)
        return info.game_id

    async def click(self) -> None:
        slot = self.rng.randrange(len(self.active))
        game_id = self.active[slot]
        try:
            choices = await self.manager.choices(game_id)
            started = time.perf_counter()
            user = choices.turn.user_id or 0
            out = await self.manager.play(game_id, user, choices.version, 0)
        except GameError:
            self.stale += 1  # another click on the same game came first
            return
        self.latencies.append(time.perf_counter() - started)
        if out.status is not Status.ACTIVE and self.active[slot] == game_id:
            self.active[slot] = await self.new_game()


async def _loop_stalls(stop: asyncio.Event, worst: list[float]) -> None:
    while not stop.is_set():
        before = time.perf_counter()
        await asyncio.sleep(0.005)
        worst[0] = max(worst[0], time.perf_counter() - before - 0.005)


async def _saturated(bench: Bench, moves: int, workers: int) -> None:
    remaining = moves

    async def worker() -> None:
        nonlocal remaining
        while remaining > 0:
            remaining -= 1
            await bench.click()

    await asyncio.gather(*(worker() for _ in range(workers)))


async def _paced(bench: Bench, moves: int, rate: float) -> None:
    tasks = []
    began = time.perf_counter()
    for i in range(moves):
        delay = began + i / rate - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(bench.click()))
    await asyncio.gather(*tasks)


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        async with await Store.open(Path(tmp) / "bench.db", synchronous=args.sync) as store:
            manager = SessionManager(store, {"toy": ToyEngine()}, lambda: datetime.now(UTC))
            bench = Bench(manager, args.ai)
            bench.active = [await bench.new_game() for _ in range(GAMES)]
            stop, worst = asyncio.Event(), [0.0]
            monitor = asyncio.create_task(_loop_stalls(stop, worst))
            began = time.perf_counter()
            if args.rate:
                await _paced(bench, args.moves, args.rate)
            else:
                await _saturated(bench, args.moves, args.workers)
            elapsed = time.perf_counter() - began
            stop.set()
            await monitor
    cuts = statistics.quantiles(bench.latencies, n=100)
    mode = f"rate={args.rate}/s" if args.rate else f"workers={args.workers}"
    done = len(bench.latencies)
    print(
        f"sync={args.sync} ai={'greedy' if args.ai else 'off'} games={GAMES} {mode}:"
        f" {done} moves in {elapsed:.2f} s = {done / elapsed:.0f} moves/s;"
        f" play() p50 {cuts[49] * 1000:.2f} ms, p99 {cuts[98] * 1000:.2f} ms;"
        f" refused as stale {bench.stale}; worst loop stall {worst[0] * 1000:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--workers", type=int, default=20)
    parser.add_argument("--rate", type=float, default=0.0, help="paced clicks per second")
    parser.add_argument("--sync", choices=["FULL", "NORMAL"], default="FULL")
    parser.add_argument("--ai", action="store_true", help="the second seat is a greedy AI")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
