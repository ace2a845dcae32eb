"""Engine speed: complete random games per second and the cost of one decision.

For every engine in `engine.games.GAMES` and 2, 3 and 4 players it prints the number of
complete random games per second on one core, and the median and p99 microseconds of one
decision (`legal_actions` + `apply`). Targets for 4 players (issue 2): >= 50 games/s,
median < 50 us, p99 < 500 us. Run: `python bench/engine.py [seconds per row]`.

Times are CPU time of this thread (`thread_time`), so other processes on a shared machine
do not inflate them; wall-clock games/s is printed beside for reference.
"""

import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.protocol import GameEngine
from engine.games import GAMES


def play_games(engine: GameEngine[Any, Any], seats: int, seconds: float) -> tuple[float, float]:
    """Play random games for about `seconds` of CPU; return games per CPU second and wall second."""
    games = 0
    start, wall = time.thread_time(), time.perf_counter()
    while time.thread_time() - start < seconds or games == 0:
        rnd = random.Random(games)
        state = engine.new_state({}, seats, games)
        while state.pending is not None:
            actions = engine.legal_actions(state)
            state = engine.apply(state, actions[rnd.randrange(len(actions))]).state
        games += 1
    return games / (time.thread_time() - start), games / (time.perf_counter() - wall)


def time_decisions(engine: GameEngine[Any, Any], seats: int, games: int) -> list[float]:
    """Return the microseconds of every decision (legal_actions + apply) over some games."""
    samples: list[float] = []
    clock = time.thread_time_ns
    for seed in range(games):
        rnd = random.Random(seed)
        state = engine.new_state({}, seats, 10_000 + seed)
        while state.pending is not None:
            t0 = clock()
            actions = engine.legal_actions(state)
            step = engine.apply(state, actions[rnd.randrange(len(actions))])
            samples.append((clock() - t0) / 1000)
            state = step.state
    return samples


def main() -> None:
    """Print one row per engine and player count."""
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    print(
        f"{'game':8} {'seats':>5} {'games/s':>9} {'(wall)':>8} {'median us':>10} {'p99 us':>8}"
        f" {'decisions':>9}"
    )
    for name, engine in sorted(GAMES.items()):
        for seats in range(engine.min_seats, engine.max_seats + 1):
            rate, wall_rate = play_games(engine, seats, seconds)
            samples = time_decisions(engine, seats, 20)
            median = statistics.median(samples)
            p99 = statistics.quantiles(samples, n=100)[98]
            print(
                f"{name:8} {seats:>5} {rate:>9.1f} {wall_rate:>8.1f} {median:>10.1f} {p99:>8.1f}"
                f" {len(samples):>9}"
            )


if __name__ == "__main__":
    main()
