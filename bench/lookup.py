"""Benchmark the rule lookup: p50/p99 time of a query and of autocomplete over the question set.

Target (issue 7): p99 of query + autocomplete under 20 ms on this machine.
Run: .venv/bin/python bench/lookup.py
"""

import statistics
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.lookup import default_index  # noqa: E402

QUESTIONS = ROOT / "tests" / "lookup" / "questions.toml"
ROUNDS = 5
TARGET_MS = 20.0


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def main() -> int:
    start = time.perf_counter()
    index = default_index()
    build_ms = _ms(start)
    with QUESTIONS.open("rb") as handle:
        questions = tomllib.load(handle)["q"]
    query_ms, complete_ms, both_ms = [], [], []
    for _ in range(ROUNDS):
        for q in questions:
            text, lang, game = q["text"], q["lang"], q.get("game")
            t0 = time.perf_counter()
            index.lookup(text, lang, game)
            one = _ms(t0)
            # What a player types before picking: a short prefix, then a longer one.
            for typed in (text[:3], text[:8]):
                t1 = time.perf_counter()
                index.autocomplete(typed, lang, game)
                complete_ms.append(_ms(t1))
            query_ms.append(one)
            both_ms.append(one + complete_ms[-1])
    print(f"index build: {build_ms:.0f} ms, {len(index.ids())} entries")
    print(f"{len(questions)} questions x {ROUNDS} rounds")
    for name, values in (("query", query_ms), ("autocomplete", complete_ms), ("both", both_ms)):
        print(
            f"{name:>12}: p50 {statistics.median(values):6.2f} ms   "
            f"p99 {_percentile(values, 0.99):6.2f} ms   max {max(values):6.2f} ms"
        )
    p99 = _percentile(both_ms, 0.99)
    print(f"query + autocomplete p99 {p99:.2f} ms (target < {TARGET_MS:.0f} ms)")
    return 0 if p99 < TARGET_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
