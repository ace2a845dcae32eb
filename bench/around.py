"""Benchmark the people parts at size: 10,000 stored games and 5,000 users (issue 16).

A file database (or `--database postgresql://...`, an empty database or schema) is filled
with 10,000 games of the toy game over 5 servers, and 3,000 watchers. 2,000 games are running
(each waiting on a player, with a deadline and a reminder) and 8,000 ended (7,600 finished,
400 abandoned), with 2-4 seats each drawn from 5,000 users. The ended games are then recorded
and rated by `Around.catch_up()`, as a first start-up over an old database would (its time is
reported). Then, each `--runs` times:

- a timer tick with nothing due (`SessionService.tick`, the call the bot makes every minute),
  and a tick with 5 reminders due (they fire: 5 outcomes, one commit; making them due is
  not timed); the watchers' notes
  pass the around cog runs on every tick (`Around.notes`, nothing to tell);
- `/games mine` (`SessionService.waiting_on`) for a random user;
- `/profile` (`Around.profile`) for a random user in a random server;
- `/leaderboard` (`Around.leaderboard`) for a random server and player count;
- `/games history` page 2 (`Around.history`).

Reported: p50 and p99 of each, in ms. On PostgreSQL the tables are analysed after filling,
as its autovacuum does in a running database (SQLite is left as the bot leaves it: no
ANALYZE). The figures need the indexes of migration 0008 (`ratings_board`,
`player_games_by_user`, `ratings_by_user`, `watchers_untold`) and 0001 (`timers_due`,
`seats_by_user`).

Usage: .venv/bin/python bench/around.py [--runs N] [--database URL] [--sync FULL|NORMAL]
"""

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.around.service import Around
from engine.core.protocol import Result
from engine.sessions.manager import SessionManager
from engine.sessions.models import Final
from engine.sessions.replay import final_to_json
from engine.sessions.rows import to_text
from engine.sessions.store import Store
from tests.engine.core.toy import ToyEngine

GAMES, USERS, GUILDS, RUNNING, ABANDONED = 10_000, 5_000, 5, 2_000, 400
NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)

GAME_SQL = (
    "INSERT INTO games (id, guild_id, channel_id, thread_id, game, max_seats, creator_id, seed,"
    " status, state, version, move_seconds, reminders, turn_seat, turn_since, deadline, result,"
    " created_at, updated_at) VALUES (?, ?, ?, ?, 'toy', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
SEAT_SQL = (
    "INSERT INTO seats (game_id, slot, seat, user_id, ai, joined_at) VALUES (?, ?, ?, ?, ?, ?)"
)
TIMER_SQL = "INSERT INTO timers (game_id, seat, kind, due_at) VALUES (?, ?, ?, ?)"
WATCH_SQL = (
    "INSERT INTO watchers (game_id, user_id, rounds, seen_round, seen_version, told_end, ended,"
    " created_at) VALUES (?, ?, ?, 1, 9, ?, ?, ?)"
)
WATCHERS = 3_000  # half on ended games (told), half on running ones (round notes, none due)


def _rows(rng: random.Random) -> tuple[list[tuple[Any, ...]], ...]:
    """Return the games, seats and timers to insert."""
    games, seats, timers = [], [], []
    for gid in range(1, GAMES + 1):
        n = rng.choice((2, 3, 4))
        users = rng.sample(range(1, USERS + 1), n)
        ai = n > 2 and rng.random() < 0.2  # one AI seat in some games
        guild = 1 + gid % GUILDS
        began = NOW - timedelta(days=400) + timedelta(minutes=50 * gid)
        at = to_text(began)
        running, abandoned = gid > GAMES - RUNNING, gid % (GAMES // ABANDONED) == 0
        turn = rng.randrange(n - 1 if ai else n)  # a running game waits on a person
        total = rng.randrange(10) if running else 10
        state = {"game": "toy", "schema": 1, "seed": gid, "version": 9, "seats": n,
                 "total": total, "turn": turn}  # fmt: skip
        status, result, deadline, turn_seat, since = "finished", None, None, None, None
        if running:
            status, turn_seat, since = "active", turn, at
            deadline = to_text(NOW + timedelta(hours=rng.randrange(1, 48)))
            timers.append((gid, turn, "deadline", deadline))
            timers.append((gid, turn, "reminder", to_text(NOW + timedelta(minutes=30))))
        elif abandoned:
            status = "abandoned"
        else:
            ranks = tuple(1 if s == turn else 2 for s in range(n))
            scores = tuple(1 if s == turn else 0 for s in range(n))
            final = Final("completed", ranks, Result(scores, ranks, tuple({} for _ in ranks)))
            result = final_to_json(final)
        games.append((
            gid, guild, 100 + guild, 10_000 + gid, n, users[0], gid, status, json.dumps(state),
            9, 86_400 if running else None, "[3600]", turn_seat, since, deadline, result, at,
            to_text(began + timedelta(hours=30)),
        ))  # fmt: skip
        for slot in range(n):
            user, kind = (None, "greedy") if ai and slot == n - 1 else (users[slot], None)
            seats.append((gid, slot, slot, user, kind, at))
    watchers = [
        (gid, USERS + 1 + i, int(gid > GAMES - RUNNING), int(gid <= GAMES - RUNNING),
         int(gid <= GAMES - RUNNING), to_text(NOW))
        for i, gid in enumerate(
            [*rng.sample(range(1, GAMES - RUNNING + 1), WATCHERS // 2),
             *rng.sample(range(GAMES - RUNNING + 1, GAMES + 1), WATCHERS // 2)]
        )
    ]  # fmt: skip
    return games, seats, timers, watchers


async def _timed(
    runs: int,
    call: Callable[[], Awaitable[object]],
    prepare: Callable[[], Awaitable[object]] | None = None,
) -> tuple[float, float]:
    """Return the p50 and p99 of `call` in ms; `prepare` runs before each call, untimed."""
    took = []
    for _ in range(runs):
        if prepare is not None:
            await prepare()
        began = time.perf_counter()
        await call()
        took.append(time.perf_counter() - began)
    cuts = statistics.quantiles(took, n=100)
    return cuts[49] * 1000, cuts[98] * 1000


async def _fill(store: Store, people: Around, rng: random.Random) -> None:
    """Insert the games, seats, timers and watchers; record and rate the ended games."""
    games, seats, timers, watchers = _rows(rng)
    began = time.perf_counter()
    async with store.database.transaction():
        await store.database.execute_many(GAME_SQL, games)
        await store.database.execute_many(SEAT_SQL, seats)
        await store.database.execute_many(TIMER_SQL, timers)
        await store.database.execute_many(WATCH_SQL, watchers)
    filled = time.perf_counter() - began
    began = time.perf_counter()
    recorded = await people.catch_up()
    caught = time.perf_counter() - began
    if store.database.dialect.name == "postgresql":  # as its autovacuum would, in time
        await store.database.execute("ANALYZE")
    print(
        f"filled {GAMES} games, {len(seats)} seats, {USERS} users in {filled:.1f} s;"
        f" catch_up recorded and rated {recorded} ended games in {caught:.1f} s"
    )


async def run(args: argparse.Namespace) -> None:
    rng = random.Random(16)
    with tempfile.TemporaryDirectory() as tmp:
        target = args.database or Path(tmp) / "around.db"
        sync = {} if args.database else {"synchronous": args.sync}
        async with await Store.open(target, **sync) as store:
            clock = [NOW]
            manager = SessionManager(store, {"toy": ToyEngine()}, lambda: clock[0])
            people = Around(manager)
            await _fill(store, people, rng)
            results: dict[str, tuple[float, float]] = {}
            results["tick (nothing due)"] = await _timed(args.runs, manager.tick)
            results["watchers' notes pass"] = await _timed(args.runs, people.notes)
            due = iter(range(GAMES - RUNNING + 1, GAMES + 1))

            async def five_due() -> None:  # untimed: the bot's tick does not do this
                async with store.database.transaction():
                    for _ in range(5):
                        gid = next(due)
                        await store.database.execute(
                            "UPDATE timers SET due_at = ? WHERE game_id = ? AND kind = 'reminder'",
                            (to_text(NOW - timedelta(seconds=1)), gid),
                        )

            async def tick_with_due() -> None:
                fired = await manager.tick()
                assert len(fired) == 5, len(fired)

            results["tick firing 5 reminders"] = await _timed(
                min(args.runs, RUNNING // 5 - 1), tick_with_due, five_due
            )
            results["/games mine"] = await _timed(
                args.runs, lambda: manager.waiting_on(rng.randrange(1, USERS + 1))
            )
            results["/profile"] = await _timed(
                args.runs,
                lambda: people.profile(1 + rng.randrange(GUILDS), rng.randrange(1, USERS + 1)),
            )
            results["/leaderboard"] = await _timed(
                args.runs,
                lambda: people.leaderboard(1 + rng.randrange(GUILDS), "toy", rng.choice((2, 3, 4))),
            )
            results["/games history (page 2)"] = await _timed(
                args.runs,
                lambda: people.history(1 + rng.randrange(GUILDS), rng.randrange(1, USERS + 1), 1),
            )
            board = await people.leaderboard(2, "toy", 3)
            assert len(board.lines) == 10, board
    backend = "postgresql" if args.database else f"sqlite synchronous={args.sync}"
    print(f"{backend}, {args.runs} runs each:")
    for name, (p50, p99) in results.items():
        flag = "" if p99 < 50 else "  <-- over 50 ms"
        print(f"  {name:<26} p50 {p50:7.2f} ms   p99 {p99:7.2f} ms{flag}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--database", default=None, help="a postgresql:// URL (default: SQLite)")
    parser.add_argument("--sync", choices=["FULL", "NORMAL"], default="FULL", help="SQLite")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
