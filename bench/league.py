"""Benchmark: seat 500 league players (target under 1 s), plus repeat pairings per season.

Run: .venv/bin/python bench/league.py
"""

import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.rng import Rng
from engine.leagues.seating import history_of, repeat_pairs, seat_week

TARGET_S = 1.0


def season(n: int, weeks: int, weight: int, seed: int) -> tuple[list[float], int, list[int]]:
    """Seat `weeks` weeks of `n` players; standings order reshuffled each week."""
    players = list(range(n))
    past: list[tuple[tuple[int, ...], ...]] = []
    times, repeats = [], 0
    for week in range(weeks):
        ranked = Rng(seed, week, "bench-standings").shuffled(players)
        history = history_of(past)
        start = time.perf_counter()
        seating = seat_week(ranked, history, seed=seed, salt=f"w{week}", repeat_weight=weight)
        times.append(time.perf_counter() - start)
        repeats += repeat_pairs(seating.tables, history.met)
        past.append(seating.tables)
    return times, repeats, [c[0] for c in history_of(past).seats.values()]


def main() -> int:
    times, _, _ = season(500, 8, 3, seed=1)
    worst, median = max(times), statistics.median(times)
    print(
        f"seat 500 players: median {median * 1000:.0f} ms, worst {worst * 1000:.0f} ms "
        f"over 8 weeks with history (target < {TARGET_S * 1000:.0f} ms)"
    )
    for weight in (0, 3, 10):
        totals = [season(24, 6, weight, seed)[1] for seed in range(10)]
        print(
            f"24 players x 6 weeks, repeat weight {weight:>2}: "
            f"{statistics.mean(totals):.1f} repeat pairings per season (10 seeds)"
        )
    _, _, firsts = season(24, 6, 3, seed=1)
    print(f"first seats per player after 6 weeks (24 players): {sorted(Counter(firsts).items())}")
    return 0 if worst < TARGET_S else 1


if __name__ == "__main__":
    raise SystemExit(main())
