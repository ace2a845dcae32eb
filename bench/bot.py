"""Benchmark the real bot through the local Discord: 200 active games, 20 moves per second.

Starts the emulator and `python bot.py` (temporary database), opens `--games` two-player
Trajan games (alice and bob at every table), then presses moves at `--rate` per second for
`--seconds`, each as the deciding player of a random game whose board is up, the way people
click. Reported: p50/p99 of interaction-to-acknowledgement (the bot's defer reaching the
emulator) and interaction-to-board-posted (the new board with the next version's controls
visible in the thread), and the worst event-loop stall the bot logged (DENARIUS_LOOP_MONITOR).

Usage: .venv/bin/python bench/bot.py [--games 200] [--rate 20] [--seconds 20] [--workers 16]
"""

import argparse
import random
import re
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from localdiscord.harness import BotHarness
from localdiscord.local import ChannelRef, Seen
from tests.e2e.conftest import (
    BOT,
    controls,
    decider,
    private_choices,
    version_of,
)

STALL = re.compile(r"loop stall max ([\d.]+) ms \(loop cpu ([\d.]+) ms; gc ([\d.]+) ms\)")


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] * 1000


def open_games(h: BotHarness, count: int) -> list[ChannelRef]:
    alice, bob = h.users["alice"], h.users["bob"]
    threads = []
    for _ in range(count):
        lobby = alice.slash(h.channel, "game new", {"game": "trajan", "players": 2}).wait_reply()
        number = int(re.search(r"#(\d+)", lobby.content)[1])
        bob.click(lobby, f"dn:l:{number}:join").wait_reply()
        alice.click(lobby, f"dn:l:{number}:start").wait_acked()
        threads.append(alice.wait_thread(f"Trajan #{number}", timeout=60))
    for thread in threads:
        alice.wait_message(thread, lambda m: bool(controls(m)), timeout=120)
    return threads


def probe(h: BotHarness, thread: ChannelRef, newer_than: int | None) -> tuple[Seen, float] | None:
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
    h: BotHarness,
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


def watch_images(h: BotHarness, pending: list, done: list[float], stop: threading.Event) -> None:
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


def main() -> None:  # noqa: PLR0915 - setup, paced loop and report in one place
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rate", type=float, default=20.0)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--workers", type=int, default=160)
    parser.add_argument("--render", type=int, default=1, help="render processes (RENDER_PROCESSES)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = {
            "DENARIUS_LOOP_MONITOR": "1",
            "LOG_LEVEL": "INFO",
            "RENDER_PROCESSES": str(args.render),
        }
        with BotHarness(BOT, Path(tmp), extra_env=env) as h:
            t0 = time.perf_counter()
            threads = open_games(h, args.games)
            print(f"{args.games} games open in {time.perf_counter() - t0:.0f} s")
            mark = len(h.log())
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
            found = STALL.findall(h.log()[mark:])
            stalls = [float(wall) for wall, _, _ in found]
            busy_loop = [float(cpu) for _, cpu, _ in found]
            collections = [float(g) for _, _, g in found]
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


if __name__ == "__main__":
    main()
