"""Troyes engine speed: complete random games per second and µs per decision, 2/3/4 players.

A decision is `legal_actions` + `apply` on one state. Choices come from one seeded generator
per game (not the AI player, whose per-move reseeding would dominate). Targets (issue 9) for
4 players: >= 50 games/s, median < 50 µs, p99 < 500 µs. The machine is shared, so each
configuration runs REPEATS times and the best run is reported (CPU time of this process).
The `ladies` lines play with every module of The Ladies of Troyes on (same targets).
Run: .venv/bin/python bench/engine_troyes.py
"""

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.rng import Rng
from engine.troyes.game import EVERY_MODULE, TroyesEngine

GAMES = 40
REPEATS = 3


# Every module of The Ladies of Troyes at once (issue 3); same targets as the base game.
LADIES = EVERY_MODULE


def run(
    seats: int, games: int = GAMES, options: dict[str, str] | None = None
) -> tuple[float, float, float, float]:
    """Return (games/s, median µs, p99 µs, decisions per game) for `games` random games."""
    engine = TroyesEngine()
    times: list[float] = []
    clock = time.process_time  # CPU time of this process: the machine is shared
    start = clock()
    for seed in range(games):
        state = engine.new_state(options or {}, seats, seed)
        rng = Rng(seed, 0, "bench")
        while state.pending is not None:
            t0 = clock()
            actions = engine.legal_actions(state)
            t1 = clock()
            action = actions[rng.below(len(actions))]
            t2 = clock()
            state = engine.apply(state, action).state
            t3 = clock()
            times.append((t1 - t0) + (t3 - t2))
    elapsed = clock() - start
    times.sort()
    p99 = times[int(len(times) * 0.99)]
    return games / elapsed, statistics.median(times) * 1e6, p99 * 1e6, len(times) / games


def main() -> None:
    """Print one line per player count, for the base game and with every Ladies module."""
    print("game    seats  games/s  median_us  p99_us  decisions/game")
    for label, options in (("troyes", None), ("ladies", LADIES)):
        for seats in (2, 3, 4):
            rate, median, p99, per = max(run(seats, options=options) for _ in range(REPEATS))
            line = f"{label:<6}  {seats:>5}  {rate:>7.1f}  {median:>9.1f}  {p99:>6.1f}"
            print(f"{line}  {per:>14.1f}")


if __name__ == "__main__":
    main()
