"""Benchmark the real bot through the local Discord: 200 active games, 20 moves per second.

With `--backend postgresql --processes N` (issue 19) the bot runs as N processes over one
PostgreSQL database (a throw-away database on TEST_DATABASE_URL's server), each owning one
shard (SHARD_COUNT=N) of N emulated guilds, the games spread evenly over the guilds;
`--compare` first runs the same load on SQLite with one process, and prints both.

Starts the emulator and `python bot.py` (temporary database), opens `--games` two-player
Trajan games (alice and bob at every table), then presses moves at `--rate` per second for
`--seconds`, each as the deciding player of a random game whose board is up, the way people
click. Reported: p50/p99 of interaction-to-acknowledgement (the bot's defer reaching the
emulator) and interaction-to-board-posted (the new board with the next version's controls
visible in the thread), and the worst event-loop stall the bot logged (DENARIUS_LOOP_MONITOR).

Where the time goes: each acknowledgement's three spans as the bot traced them
(`denarius.latency`: made -> the bot's loop, -> the handler's defer, the defer request), the
lag of the emulator's own loop (shared with this process's clicking threads), and the API
requests of the move phase by route, per move, marked exempt or counted against Discord's
global limit of 50 a second (for all the bot's processes together), with the 429s by scope.
`--logs DIR` keeps the bot processes' logs.

Usage: .venv/bin/python bench/bot.py [--games 200] [--rate 20] [--seconds 20] [--workers 16]
       .venv/bin/python bench/bot.py --games 400 --rate 40 --backend postgresql --processes 2 \
           --compare
"""

import argparse
import asyncio
import contextlib
import os
import random
import re
import secrets
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import asyncpg

from localdiscord.botproc import REPO_ROOT, BotProcess
from localdiscord.local import Actor, ChannelRef, LocalDiscord, Seen
from tests.e2e.conftest import (
    BOT,
    controls,
    decider,
    private_choices,
    version_of,
)

SERVER = os.environ.get("TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
ACK = re.compile(r"ack \d+: gateway ([\d.-]+) ms, handler ([\d.-]+) ms, request ([\d.-]+) ms")
WRITE = re.compile(r"write waited ([\d.]+) ms, held ([\d.]+) ms")
STALL = re.compile(r"loop stall max ([\d.]+) ms \(loop cpu ([\d.]+) ms; gc ([\d.]+) ms\)")


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] * 1000


@dataclass
class Bench:
    """The emulator, its users, one channel per guild and the bot processes serving them."""

    ld: LocalDiscord
    users: dict[str, Actor] = field(default_factory=dict)
    channels: list[ChannelRef] = field(default_factory=list)
    bots: list[BotProcess] = field(default_factory=list)

    def log(self) -> str:
        return "".join(b.log_text() for b in self.bots)


@contextlib.contextmanager
def started(tmp: Path, backend: str, processes: int, env: dict[str, str]) -> Iterator[Bench]:
    """Start the emulator (one guild per process) and the bot processes; stop them after."""
    ld = LocalDiscord()
    ld.start()
    bench = Bench(ld)
    database = ""
    try:
        bench.users = {n: ld.user_or_new(n) for n in ("alice", "bob", "carol")}
        main = ld.world.guild.id
        first = (main >> 22) % processes
        guilds = {first: main}
        for shard in range(processes):
            if shard != first:
                guilds[shard] = ld.add_guild(f"Table {shard}", shard=shard, count=processes)
        bench.channels = [
            ld.channel_or_new("general") if guilds[s] == main
            else ld.add_channel(f"tables-{s}", guilds[s])
            for s in sorted(guilds)
        ]  # fmt: skip
        where = {"DATABASE_PATH": str(tmp / "games.db")}
        if backend == "postgresql":
            database = f"denarius_bench_{secrets.token_hex(4)}"
            asyncio.run(_admin(f'CREATE DATABASE "{database}"'))
            where = {"DATABASE_URL": SERVER.rsplit("/", 1)[0] + "/" + database}
        for shard in range(processes):
            shards = (
                {"SHARD_COUNT": str(processes), "SHARD_IDS": str(shard)} if processes > 1 else {}
            )
            bot_env = {**ld.bot_env(), **where, **shards, **env}
            bot = BotProcess(BOT, bot_env, REPO_ROOT, tmp / f"bot{shard}.log")
            bench.bots.append(bot)
            bot.start()
        gateway = ld.emulator.gateway

        def up() -> bool:
            live = {s.shard for s in gateway.sessions.values() if s.socket is not None}
            return len(live) >= processes

        ld.wait_until(up, 120)
        yield bench
    finally:
        for bot in bench.bots:
            bot.stop()
        ld.stop()
        if database:
            asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)'))


async def _admin(statement: str) -> None:
    conn = await asyncpg.connect(SERVER)
    try:
        await conn.execute(statement)
    finally:
        await conn.close()


def open_games(h: Bench, count: int) -> list[ChannelRef]:
    """Open `count` two-player games, spread over the guilds' channels, a few at a time."""
    alice, bob = h.users["alice"], h.users["bob"]

    def one(i: int) -> ChannelRef:
        channel = h.channels[i % len(h.channels)]
        options = {"game": "trajan", "players": 2}
        lobby = alice.slash(channel, "game new", options).wait_reply(timeout=60)
        number = int(re.search(r"#(\d+)", lobby.content)[1])
        bob.click(lobby, f"dn:l:{number}:join").wait_reply(timeout=60)
        alice.click(lobby, f"dn:l:{number}:start").wait_acked(timeout=60)
        thread = alice.wait_thread(f"Trajan #{number}", timeout=120)
        alice.wait_message(thread, lambda m: bool(controls(m)), timeout=120)
        return thread

    with ThreadPoolExecutor(8) as pool:
        return list(pool.map(one, range(count)))


def probe(h: Bench, thread: ChannelRef, newer_than: int | None) -> tuple[Seen, float] | None:
    """Return the newest board in the thread (and when it appeared), if newer than a version.

    Runs on the emulator's loop and looks only at the last messages, so polling stays cheap.
    """
    emu, world = h.ld.emulator, h.ld.world
    user = h.users["alice"].user

    def look() -> tuple[Seen, float] | None:
        for msg in reversed(emu.visible_messages(user, thread.id)[-6:]):
            if msg.ephemeral or not world.users[msg.author_id].bot:
                continue
            seen = h.ld.seen(msg)
            version = version_of(seen)
            if version is None and "is over" not in seen.content:
                continue
            if newer_than is None or version is None or version > newer_than:
                return seen, msg.edited_at or msg.created_at
            return None
        return None

    return h.ld.call(look)


def one_move(
    h: Bench,
    thread: ChannelRef,
    acks: list[float],
    boards: list[float],
    images: list,
) -> None:
    by_id = {a.id: a for a in h.users.values()}
    found = probe(h, thread, None)
    if found is None or "is over" in found[0].content:
        return
    current = found[0]
    actor = by_id.get(decider(current) or 0)
    if actor is None:
        return
    items = [c for c in controls(current) if not c["custom_id"].startswith("dn:p:")]
    if not items:
        current = private_choices(actor, current)
        items = [c for c in controls(current) if not c["custom_id"].startswith("dn:p:")]
    item = items[0]
    old = int(item["custom_id"].split(":")[3])
    if item["type"] == 2:
        ref = actor.click(current, item["custom_id"])
    else:
        ref = actor.select(current, item["custom_id"], [item["options"][0]["value"]])
    ref.wait_acked(timeout=30)
    assert ref.ix.acked_at is not None
    acks.append(ref.ix.acked_at - ref.ix.created_at)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        time.sleep(0.02)
        follow = ref.followups()
        confirm = [b for f in follow for b in f.buttons() if b["custom_id"].startswith("dn:k:")]
        if confirm:  # a revealing move: the confirmation is a second click (timed from it)
            ref = actor.click(follow[0], confirm[0]["custom_id"])
            ref.wait_acked(timeout=30)
            continue
        if follow:
            return  # refused (should not happen)
        shown = probe(h, thread, old)
        if shown is not None:
            boards.append(shown[1] - ref.ix.created_at)
            # The game is free for its next move now; the image is watched separately.
            images.append((thread, version_of(shown[0]), ref.ix.created_at))
            return


def watch_images(h: Bench, pending: list, done: list[float], stop: threading.Event) -> None:
    """Record when each board's own image arrived (a newer move may supersede it)."""
    while not stop.is_set() or pending:
        time.sleep(0.1)
        for entry in list(pending):
            thread, version, clicked = entry
            found = probe(h, thread, None)
            if found is None:
                continue
            seen, at = found
            name = f"board-{version}.png"
            if any(f.filename == name for f in seen.attachments) or "is over" in seen.content:
                done.append(at - clicked)
                pending.remove(entry)
            elif (version_of(seen) or 0) > (version or 0):
                pending.remove(entry)  # superseded before its image came: never drawn
        if stop.is_set() and time.monotonic() > getattr(stop, "until", float("inf")):
            return


def measure(  # noqa: PLR0915 - setup, paced loop and report in one place
    args: argparse.Namespace, backend: str, processes: int
) -> dict[str, float]:
    """Run the load on one set-up; print and return its figures."""
    print(f"--- {backend}, {processes} process(es): {args.games} games, {args.rate}/s")
    with tempfile.TemporaryDirectory() as folder:
        env = {
            "DENARIUS_LOOP_MONITOR": "1",
            "LOG_LEVEL": "INFO",
            "RENDER_PROCESSES": str(args.render),
        }
        with started(Path(folder), backend, processes, env) as h:
            t0 = time.perf_counter()
            threads = open_games(h, args.games)
            print(f"{args.games} games open in {time.perf_counter() - t0:.0f} s")
            marks = [len(b.log_text()) for b in h.bots]
            limits = h.ld.emulator.route_limits
            lags: list[float] = []
            lagging = asyncio.run_coroutine_threadsafe(emulator_lag(lags), h.ld._loop)
            routes_before, refused_before = Counter(limits.counts), len(limits.refused)
            acks: list[float] = []
            boards: list[float] = []
            images: list[float] = []
            pending: list = []
            stop = threading.Event()
            watcher = threading.Thread(target=watch_images, args=(h, pending, images, stop))
            watcher.start()
            busy: set[int] = set()
            lock = threading.Lock()
            rng = random.Random(1)

            def run(thread: ChannelRef) -> None:
                try:
                    one_move(h, thread, acks, boards, pending)
                finally:
                    with lock:
                        busy.discard(thread.id)

            with ThreadPoolExecutor(args.workers) as pool:
                start = time.perf_counter()
                sent = 0
                while time.perf_counter() - start < args.seconds:
                    due = start + sent / args.rate
                    time.sleep(max(0.0, due - time.perf_counter()))
                    with lock:
                        free = [t for t in threads if t.id not in busy]
                        if not free:
                            time.sleep(0.01)  # every game has a move in flight: behind
                            continue
                        thread = rng.choice(free)
                        busy.add(thread.id)
                    pool.submit(run, thread)
                    sent += 1
                window = time.perf_counter() - start
            stop.until = time.monotonic() + 60  # type: ignore[attr-defined]
            stop.set()
            watcher.join()
            elapsed = time.perf_counter() - start
            logs = "".join(b.log_text()[m:] for b, m in zip(h.bots, marks, strict=True))
            found = STALL.findall(logs)
            stalls = [float(wall) for wall, _, _ in found]
            busy_loop = [float(cpu) for _, cpu, _ in found]
            collections = [float(g) for _, _, g in found]
            lagging.cancel()
            spans = [tuple(map(float, m)) for m in ACK.findall(logs)]
            writes = [tuple(map(float, m)) for m in WRITE.findall(logs)]
            routes = Counter(limits.counts)
            routes.subtract(routes_before)
            refused = Counter(scope for _, _, scope in limits.refused[refused_before:])
            if args.logs:  # kept for a look after the run (the folder goes with it)
                keep = Path(args.logs)
                keep.mkdir(parents=True, exist_ok=True)
                for i, bot in enumerate(h.bots):
                    (keep / f"{backend}-{processes}-bot{i}.log").write_text(bot.log_text())
    print(
        f"moves sent {sent} in {window:.1f} s ({sent / window:.1f}/s); all done in {elapsed:.0f} s"
    )
    print(f"acknowledged {len(acks)}")
    print(f"ack   p50 {pct(acks, 50):.0f} ms  p99 {pct(acks, 99):.0f} ms  (target p99 < 100)")
    print(f"board p50 {pct(boards, 50):.0f} ms  p99 {pct(boards, 99):.0f} ms  (target p99 < 500)")
    print(
        f"image p50 {pct(images, 50):.0f} ms  p99 {pct(images, 99):.0f} ms  (board image attached)"
    )
    print(f"worst event-loop stall {max(stalls, default=0):.0f} ms (target < 50);", end=" ")
    print(f"worst loop-thread CPU in one stall {max(busy_loop, default=0):.0f} ms;", end=" ")
    print(f"longest garbage collection {max(collections, default=0):.0f} ms")
    print(f"mean board {statistics.mean(boards) * 1000:.0f} ms")
    report_spans(spans)
    if writes:
        waited, held = [w[0] / 1000 for w in writes], [w[1] / 1000 for w in writes]
        print(
            f"  write transactions {len(writes)}: waited for the writer p50 "
            f"{pct(waited, 50):.0f} ms p99 {pct(waited, 99):.0f} ms; held it p50 "
            f"{pct(held, 50):.0f} ms p99 {pct(held, 99):.0f} ms"
        )
    print(
        f"emulator loop lag (this process: the emulator and the clicking threads) "
        f"p50 {pct(lags, 50):.0f} ms  p99 {pct(lags, 99):.0f} ms  max {max(lags) * 1000:.0f} ms"
    )
    report_routes(routes, refused, sent)
    return {
        "rate": sent / window,
        "ack99": pct(acks, 99),
        "board99": pct(boards, 99),
        "ack50": pct(acks, 50),
        "board50": pct(boards, 50),
    }


async def emulator_lag(lags: list[float], step: float = 0.01) -> None:
    """Record how late a short sleep on the emulator's loop wakes (until cancelled).

    The emulator answers the bot's requests and delivers its gateway events on this loop,
    which the bench's own clicking and polling threads share: a late wake-up here is time
    an interaction spends in the emulator, not in the bot.
    """
    while True:
        began = time.perf_counter()
        await asyncio.sleep(step)
        lags.append(max(0.0, time.perf_counter() - began - step))


def report_spans(spans: list[tuple[float, ...]]) -> None:
    """Print where the acknowledgements' time went (the bot's `denarius.latency` traces)."""
    if not spans:
        return
    for i, name in enumerate(("gateway (made -> bot loop)", "handler (-> defer)", "defer call")):
        values = [s[i] / 1000 for s in spans]
        print(f"  ack span {name:<27} p50 {pct(values, 50):6.0f} ms  p99 {pct(values, 99):6.0f} ms")


def report_routes(routes: Counter[tuple[str, str]], refused: Counter[str], moves: int) -> None:
    """Print the API requests of the move phase by route, per move, and the 429s by scope."""
    print(f"API requests while moving ({moves} moves); 429s by scope: {dict(refused)}")
    for (method, template), count in routes.most_common(8):
        if count > 0:
            exempt = template.startswith(("/interactions/", "/webhooks/"))
            tag = "exempt" if exempt else "global"
            print(f"  {count:6d} ({count / max(1, moves):.2f}/move, {tag}) {method} {template}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rate", type=float, default=20.0)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--workers", type=int, default=160)
    parser.add_argument("--render", type=int, default=1, help="render processes (RENDER_PROCESSES)")
    parser.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--processes", type=int, default=1, help="bot processes (one shard each)")
    parser.add_argument("--compare", action="store_true", help="first SQLite with one process")
    parser.add_argument("--logs", help="a folder to keep the bot processes' logs in")
    args = parser.parse_args()
    if args.backend == "sqlite" and args.processes != 1:
        parser.error("SQLite serves one process; use --backend postgresql for more")
    runs = [("sqlite", 1)] if args.compare else []
    runs.append((args.backend, args.processes))
    figures = [(b, n, measure(args, b, n)) for b, n in runs]
    print("--- summary (p50 / p99, ms)")
    for backend, count, f in figures:
        print(f"{backend:<10} x{count}: {f['rate']:.1f} moves/s  ack {f['ack50']:.0f} / "
              f"{f['ack99']:.0f}  board {f['board50']:.0f} / {f['board99']:.0f}")  # fmt: skip
    print("load average (1, 5, 15 min):", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
