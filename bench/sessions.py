"""Benchmark the session manager: moves per second and play() latency with 200 active games.

A file database in a temporary directory holds 200 running games of the toy game (a finished
game is replaced by a new one, so 200 stay active). Workers click concurrently, each on a
random game, as the deciding player at the current version, like Discord users would.
Reported: moves per second, p50/p99 latency of play(), and the worst event-loop stall.

Usage: .venv/bin/python bench/sessions.py [--moves N] [--workers N] [--sync FULL|NORMAL] [--ai]
"""

import argparse
import asyncio
import itertools
import random
import statistics
import sys
import tempfile
import time
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


async def _new_game(manager: SessionManager, users: "itertools.count[int]", ai: bool) -> int:
    first = next(users)
    info = await manager.create_lobby(first, NewGame("toy", seats=2, seat_order=SeatOrder.JOIN))
    if ai:
        await manager.add_ai(info.game_id, first, "greedy")
    else:
        await manager.join(info.game_id, next(users))
    await manager.start(info.game_id, first)
    return info.game_id


async def _loop_stalls(stop: asyncio.Event, worst: list[float]) -> None:
    while not stop.is_set():
        before = time.perf_counter()
        await asyncio.sleep(0.005)
        worst[0] = max(worst[0], time.perf_counter() - before - 0.005)


async def run(moves: int, workers: int, sync: str, ai: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        async with await Store.open(Path(tmp) / "bench.db", synchronous=sync) as store:
            manager = SessionManager(store, {"toy": ToyEngine()}, lambda: datetime.now(UTC))
            users = itertools.count(1000)
            active = [await _new_game(manager, users, ai) for _ in range(GAMES)]
            latencies: list[float] = []
            stale = 0
            remaining = moves
            rng = random.Random(7)

            async def worker() -> None:
                nonlocal remaining, stale
                while remaining > 0:
                    remaining -= 1
                    slot = rng.randrange(len(active))
                    game_id = active[slot]
                    started = time.perf_counter()
                    try:
                        choices = await manager.choices(game_id)
                        started = time.perf_counter()
                        out = await manager.play(
                            game_id, choices.turn.user_id or 0, choices.version, 0
                        )
                    except GameError:
                        stale += 1  # another worker clicked the same game first
                        continue
                    latencies.append(time.perf_counter() - started)
                    if out.status is not Status.ACTIVE:
                        active[slot] = await _new_game(manager, users, ai)

            stop, worst = asyncio.Event(), [0.0]
            monitor = asyncio.create_task(_loop_stalls(stop, worst))
            began = time.perf_counter()
            await asyncio.gather(*(worker() for _ in range(workers)))
            elapsed = time.perf_counter() - began
            stop.set()
            await monitor
    cuts = statistics.quantiles(latencies, n=100)
    print(
        f"sync={sync} ai={'greedy' if ai else 'off'} games={GAMES} workers={workers}:"
        f" {len(latencies)} moves in {elapsed:.2f} s = {len(latencies) / elapsed:.0f} moves/s;"
        f" play() p50 {cuts[49] * 1000:.2f} ms, p99 {cuts[98] * 1000:.2f} ms;"
        f" refused as stale {stale}; worst loop stall {worst[0] * 1000:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--workers", type=int, default=20)
    parser.add_argument("--sync", choices=["FULL", "NORMAL"], default="FULL")
    parser.add_argument("--ai", action="store_true", help="second seat is a greedy AI")
    args = parser.parse_args()
    asyncio.run(run(args.moves, args.workers, args.sync, args.ai))


if __name__ == "__main__":
    main()
