"""Benchmark the AI in the real bot: many AI seats thinking at once, through the local Discord.

Starts the emulator and `python bot.py` (temporary database, DENARIUS_LOOP_MONITOR on), and for
each level asked (`--levels`, default normal then hard) opens `--games` two-player games
(`--game`: Trajan, the default, or Troyes) of alice against one AI of that level. Then alice
moves in every game whose board waits for her, one clicking thread per game, for `--seconds`:
each move hands the turn to the AI, so up to `--games` AI seats are thinking (or queued for
the `AI_PROCESSES` workers) at the same time.

Reported per level: the worst event-loop stall the bot logged meanwhile (a short sleep waking
late; target < 50 ms), the decisions made, and the decision time in the bot, median and p99:
from the session service asking to the action coming back (the queue for a worker plus the
thinking), and the thinking alone (in the worker); then what ran on the loop: the p99 of each
2 s window, every loop step, gateway event and garbage collection that took 20 ms or more of
the loop thread's CPU (a step's own CPU told apart from a collection that ran inside it), and
every full collection (docs/ai.md, "What runs on the event loop"); and the bot's resident
memory, sampled every 5 s (a leak grows it steadily). Run it on an idle
machine and read the load (`uptime`, printed) beside the figures: the hard level's budget is
an iteration count, so a busy machine makes each decision longer, not different.

Usage: .venv/bin/python bench/ai_bot.py [--game trajan|troyes] [--games 20] [--seconds 60]
       [--processes 1] [--levels normal,hard] [--budget 2.0] [--profile FILE] [--slow-steps]
       [--log FILE]
"""

import argparse
import os
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
from localdiscord.local import ChannelRef
from localdiscord.slash import UsageError
from tests.e2e.conftest import BOT, board, controls, decider, press_first

STALL = re.compile(
    r"loop stall max ([\d.]+) ms p99 ([\d.]+) ms \(loop cpu ([\d.]+) ms; gc ([\d.]+) ms\)"
)
SLOW = re.compile(r"Executing (.+?) took ([\d.]+) seconds")
STEP = re.compile(r"loop step cpu ([\d.]+) ms \(gc ([\d.]+) ms\): (.+)")
EVENT = re.compile(r"gateway event (\w+) cpu ([\d.]+) ms")
GC = re.compile(
    r"gc pause ([\d.]+) ms \(cpu ([\d.]+) ms; generation (\d), (\d+) collected, thread ([^)]+)\)"
)
DECIDED = re.compile(r"ai (\w+) decided in ([\d.]+) s \(thinking ([\d.]+) s\)")


def pct(values: list[float], p: float) -> float:
    """Return the p-th percentile of `values` (seconds) in milliseconds."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] * 1000 if ordered else 0.0


def open_games(h: BotHarness, game: str, level: str, count: int) -> list[ChannelRef]:
    """Open `count` games of `game`, alice against one AI of `level`; return their threads."""
    alice = h.users["alice"]
    numbers = []
    for _ in range(count):  # every start at once: an AI seated first thinks before its thread
        options = {"game": game, "players": 2, "ai": 1, "ai_level": level}
        lobby = alice.slash(h.channel, "game new", options).wait_reply()
        number = int(re.search(r"#(\d+)", lobby.content)[1])  # type: ignore[index]
        alice.click(lobby, f"dn:l:{number}:start").wait_acked(timeout=600)
        numbers.append(number)
    title = game.capitalize()  # the thread is named "Trajan #3", "Troyes #4"
    return [alice.wait_thread(f"{title} #{n}", timeout=1200) for n in numbers]


def alice_moves(h: BotHarness, thread: ChannelRef, stop: threading.Event) -> int:
    """Move for alice in one game whenever its board waits for her, until `stop`."""
    alice = h.users["alice"]
    moves = 0
    while not stop.is_set():
        try:
            current = board(alice, thread)
        except (IndexError, StopIteration):
            time.sleep(0.2)
            continue
        if "is over" in current.content:
            return moves
        if decider(current) != alice.id or not controls(current):
            time.sleep(0.1)  # the AI is thinking (or queued)
            continue
        try:
            press_first(alice, current, thread, pick=moves)
        except (IndexError, TimeoutError, UsageError):  # a board replaced meanwhile: again
            time.sleep(0.1)
            continue
        moves += 1
    return moves


def rss_mb(pid: int) -> float:
    """Return a process's resident memory in MB (Linux; 0 where /proc is missing)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="utf-8")
    except OSError:
        return 0.0
    found = re.search(r"VmRSS:\s+(\d+) kB", status)
    return int(found[1]) / 1024 if found else 0.0


def sample_rss(pid: int, stop: threading.Event, every: float = 5.0) -> list[float]:
    """Sample the bot's resident memory every `every` seconds until `stop` (a leak shows)."""
    samples = [rss_mb(pid)]
    while not stop.wait(every):
        samples.append(rss_mb(pid))
    samples.append(rss_mb(pid))
    return samples


def run_level(h: BotHarness, level: str, args: argparse.Namespace) -> None:
    """Open the games of one level, keep alice moving, and report the bot's figures."""
    t0 = time.perf_counter()
    threads = open_games(h, args.game, level, args.games)
    opened = time.perf_counter() - t0
    print(f"{level}: {args.games} {args.game} games open in {opened:.0f} s", flush=True)
    mark = len(h.log())
    stop = threading.Event()
    pid = h.bot._proc.pid if h.bot is not None and h.bot._proc is not None else 0
    with ThreadPoolExecutor(len(threads) + 1) as pool:  # one clicker per game (mostly waiting)
        memory = pool.submit(sample_rss, pid, stop)
        jobs = [pool.submit(alice_moves, h, thread, stop) for thread in threads]
        time.sleep(args.seconds)
        stop.set()
        moves = sum(j.result() for j in jobs)
        rss = memory.result()
    log = h.log()[mark:]
    if args.log:
        Path(args.log).write_text(log, encoding="utf-8")
    windows = STALL.findall(log)
    stalls = [float(wall) for wall, _, _, _ in windows]
    p99s = sorted(float(p) for _, p, _, _ in windows)
    cpu = [float(c) for _, _, c, _ in windows]
    decided = [(float(t), float(k)) for name, t, k in DECIDED.findall(log) if name == level]
    total = [t for t, _ in decided]
    thinking = [k for _, k in decided]
    seats = f"{args.games} AI seats, {args.processes} AI process(es)"
    print(f"{level}: alice pressed {moves} times in {args.seconds:.0f} s; the AI decided "
          f"{len(decided)} times ({seats})")  # fmt: skip
    print(f"{level}: worst event-loop stall {max(stalls, default=0):.0f} ms (target < 50); "
          f"worst loop-thread CPU in one stall {max(cpu, default=0):.0f} ms; p99 of the "
          f"5 ms sleeps' lateness per 2 s window: median {pct(p99s, 50) / 1000:.1f} ms, "
          f"worst {max(p99s, default=0):.1f} ms")  # fmt: skip
    for what, seconds in sorted(SLOW.findall(log), key=lambda s: -float(s[1]))[:10]:
        print(f"{level}: slow loop step {float(seconds) * 1000:.0f} ms: {what[:300]}")
    # A step's own work, without a garbage collection that happened to run inside it.
    steps = sorted(
        ((float(ms) - float(gc_ms), float(gc_ms), what) for ms, gc_ms, what in STEP.findall(log)),
        reverse=True,
    )
    own = [s for s in steps if s[0] >= 20]
    print(f"{level}: {len(steps)} loop steps spent >= 20 ms of the loop's CPU, "
          f"{len(own)} of them without the collections inside them")  # fmt: skip
    for ms, gc_ms, what in steps[:12]:
        print(f"{level}: loop step cpu {ms:.0f} ms (+ gc {gc_ms:.0f} ms): {what[:200]}")
    for name, ms in sorted(EVENT.findall(log), key=lambda e: -float(e[1]))[:8]:
        print(f"{level}: gateway event {name} parsed in {float(ms):.0f} ms of CPU")
    for ms, cpu_ms, gen, freed, thread in sorted(GC.findall(log), key=lambda g: -float(g[0]))[:5]:
        print(f"{level}: garbage collection {float(ms):.0f} ms, {float(cpu_ms):.0f} ms of CPU "
              f"(generation {gen}, {freed} objects freed, in thread {thread})")  # fmt: skip
    thirds = len(rss) // 3 or 1
    print(f"{level}: the bot's resident memory {rss[0]:.0f} MB at the start, "
          f"{max(rss[:thirds]):.0f} / {max(rss[thirds:2 * thirds], default=0):.0f} / "
          f"{max(rss[2 * thirds:], default=0):.0f} MB at most in each third, "
          f"{rss[-1]:.0f} MB at the end")  # fmt: skip
    print(f"{level}: resident memory every 5 s (MB): {' '.join(f'{m:.0f}' for m in rss)}")
    print(f"{level}: decision in the bot p50 {pct(total, 50):.0f} ms p99 {pct(total, 99):.0f} ms "
          f"(queue + thinking); thinking p50 {pct(thinking, 50):.0f} ms "
          f"p99 {pct(thinking, 99):.0f} ms"
          + (f"; mean {statistics.mean(thinking) * 1000:.0f} ms" if thinking else ""),
          flush=True)  # fmt: skip


def main() -> None:
    """Run the bench for each level asked."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", choices=["trajan", "troyes"], default="trajan")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--processes", type=int, default=1, help="AI_PROCESSES")
    parser.add_argument("--levels", default="normal,hard")
    parser.add_argument("--budget", type=float, default=2.0, help="AI_HARD_BUDGET_S")
    parser.add_argument("--profile", help="profile the bot's event loop into this file (cProfile)")
    parser.add_argument("--log", help="write the bot's log of the measured minute to this file")
    parser.add_argument(
        "--slow-steps", action="store_true", help="log every event-loop step over 20 ms of wall "
        "time (asyncio debug mode: a traceback for every callback, a slower bot)")  # fmt: skip
    args = parser.parse_args()
    print(f"load before: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (1 and 5 min)")
    with tempfile.TemporaryDirectory() as tmp:
        env = {
            "DENARIUS_LOOP_MONITOR": "1",
            "LOG_LEVEL": "INFO",
            "AI_PROCESSES": str(args.processes),
            "AI_HARD_BUDGET_S": str(args.budget),
            "AI_MAX_LEVEL": "hard",  # the bot's default stops at normal
        }
        if args.profile:
            env["DENARIUS_LOOP_PROFILE"] = str(Path(args.profile).resolve())
        if args.slow_steps:
            env["PYTHONASYNCIODEBUG"] = "1"  # asyncio logs each loop step over 20 ms
        with BotHarness(BOT, Path(tmp), extra_env=env) as h:
            for level in args.levels.split(","):
                run_level(h, level.strip(), args)
                print(f"load now: {os.getloadavg()[0]:.2f} (1 min)", flush=True)


if __name__ == "__main__":
    main()
