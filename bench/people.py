"""Benchmark the players' time tick (engine/people): what each bot tick adds to the timers.

A file database holds 10,000 finished games' worth of players' rows: 5,000 users with
settings, 20,000 ended vacations and 500 running ones (not due), 5,000 held notices due
tomorrow and 20,000 sent posts. Each tick looks for vacations to end, held notices to
release and posts to send, and finds none: the cost every tick pays. Reported: p50/p99 of
`People.tick()` plus `unsent()` (the courier's read), and the SQLite plan of each query.
Then `play()` latency in 50 timed games of the toy game, without and with the attendance hook
(the reads a move adds: vacation, league game, waking clock, settings).

Usage: .venv/bin/python bench/people.py [--ticks N] [--moves N]
"""

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.people import People
from engine.sessions.manager import SessionManager
from engine.sessions.rows import to_text
from engine.sessions.store import Store
from tests.engine.core.toy import ToyEngine

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
USERS = 5000


async def fill(store: Store) -> None:
    """Write the rows a year of a busy server leaves behind."""
    now, later, past = (
        to_text(NOW),
        to_text(NOW + timedelta(days=1)),
        to_text(NOW - timedelta(days=30)),
    )
    conn_rows = {
        "INSERT INTO user_settings (user_id, time_zone, quiet_start, quiet_end, updated_at)"
        " VALUES (?, 'Europe/Madrid', 1380, 480, ?)": [(u, now) for u in range(USERS)],
        "INSERT INTO vacations (guild_id, user_id, year, days, started_at, until_at, ended_at)"
        " VALUES (1, ?, 2026, 3, ?, ?, ?)": [(u % USERS, past, past, past) for u in range(20000)],
        "INSERT INTO held_notices (user_id, game_id, kind, release_at, held_at)"
        " VALUES (?, ?, 'turn', ?, ?)": [(u, u, later, now) for u in range(USERS)],
        "INSERT INTO people_outbox (user_id, channel_id, content, created_at, sent_at)"
        " VALUES (?, 1, 'x', ?, ?)": [(u % USERS, past, past) for u in range(20000)],
    }
    async with store.database.transaction() as conn:
        for sql, rows in conn_rows.items():
            await conn.execute_many(sql, rows)
        await conn.execute_many(
            "INSERT INTO vacations (guild_id, user_id, year, days, started_at, until_at)"
            " VALUES (2, ?, 2026, 9, ?, ?)",
            [(u, now, to_text(NOW + timedelta(days=9))) for u in range(500)],
        )


async def plans(store: Store) -> list[str]:
    """Return SQLite's plan for each query a tick runs."""
    queries = {
        "due vacations": "SELECT * FROM vacations WHERE ended_at IS NULL AND until_at <= ?",
        "due holds": "SELECT user_id FROM held_notices WHERE release_at <= ?",
        "due league pings": "SELECT user_id FROM held_league_pings WHERE release_at <= ?",
        "unsent posts": "SELECT * FROM people_outbox WHERE sent_at IS NULL ORDER BY id",
    }
    out = []
    for name, sql in queries.items():
        args = (to_text(NOW),) if "?" in sql else ()
        rows = await store.database.reader.fetch_all("EXPLAIN QUERY PLAN " + sql, args)
        out.append(f"{name}: " + "; ".join(str(r[-1]) for r in rows))
    return out


async def moves(store: Store, count: int, hook: bool) -> tuple[float, float]:
    """Return p50 and p99 (ms) of play() over `count` moves in 50 two-player timed games."""
    from engine.sessions.lobby import NewGame  # noqa: PLC0415
    from engine.sessions.models import SeatOrder, TimeControl  # noqa: PLC0415

    manager = SessionManager(store, {"toy": ToyEngine()}, clock=lambda: NOW)
    if hook:
        manager.set_attendance(People(store.database, manager))
    control = TimeControl(timedelta(hours=24), (timedelta(hours=2),))
    games = []
    base = 100000 if hook else 200000
    for i in range(50):
        spec = NewGame("toy", guild_id=1, seats=2, time_control=control, seat_order=SeatOrder.JOIN)
        info = await manager.create_lobby(base + 2 * i, spec)
        await manager.join(info.game_id, base + 2 * i + 1)
        out = await manager.start(info.game_id, base + 2 * i)
        games.append((info.game_id, (base + 2 * i, base + 2 * i + 1), out.version, out))
    times = []
    for n in range(count):
        game_id, users, version, out = games[n % len(games)]
        if out.turn is None:
            continue
        user = users[out.turn.seat]
        start = time.perf_counter()
        out = await manager.play(game_id, user, version, "add 1")
        times.append((time.perf_counter() - start) * 1000)
        games[n % len(games)] = (game_id, users, out.version, out)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.99))]


async def main(ticks: int, count: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.db")
        manager = SessionManager(store, {"toy": ToyEngine()}, clock=lambda: NOW)
        people = People(store.database, manager)
        manager.set_attendance(people)
        await fill(store)
        times = []
        for _ in range(ticks):
            start = time.perf_counter()
            await people.tick()
            await people.unsent()
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        print(
            f"people tick: {ticks} ticks, p50 {statistics.median(times):.2f} ms, p99 {p99:.2f} ms"
        )
        for line in await plans(store):
            print("  " + line)
        for hook in (False, True):
            p50, p99 = await moves(store, count, hook)
            label = "with the hook" if hook else "without the hook"
            print(f"play() {label}: {count} moves, p50 {p50:.2f} ms, p99 {p99:.2f} ms")
        await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ticks", type=int, default=300)
    parser.add_argument("--moves", type=int, default=1000)
    args = parser.parse_args()
    asyncio.run(main(args.ticks, args.moves))
