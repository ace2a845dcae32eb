"""Benchmark the rule lookup: p50/p99 time of a query and of autocomplete over the question set,
and how well it answers: top-1, top-3 and answered-directly rates per question set.

"Answered directly" means the player gets the right entry as the answer, not a pick-list
(ambiguous result) and not "nothing found". Question sets: tests/lookup/questions.toml (the
original set) and tests/lookup/forms.toml (other word forms, synonyms and figures; issue 14),
each split into the questions tuned on and those held out.

Target (issue 7): p99 of query + autocomplete under 20 ms on this machine. Wall time is what a
player waits; CPU time (this thread only) is the lookup's own cost, without the waits for a CPU
that a busy shared machine adds to the wall time.
Run: .venv/bin/python bench/lookup.py [--data DIR]   (DIR defaults to the repository's data/)
"""

import argparse
import statistics
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.lookup import RulesIndex, default_index  # noqa: E402

QUESTIONS = ROOT / "tests" / "lookup" / "questions.toml"
FORMS = ROOT / "tests" / "lookup" / "forms.toml"
ROUNDS = 5
TARGET_MS = 20.0


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class _Clock:
    """Wall and thread-CPU milliseconds since start."""

    def __init__(self) -> None:
        self.wall, self.cpu = time.perf_counter(), time.thread_time()

    def elapsed(self) -> tuple[float, float]:
        return (time.perf_counter() - self.wall) * 1000, (time.thread_time() - self.cpu) * 1000


def _line(name: str, values: list[float]) -> str:
    return (
        f"{name:>20}: p50 {statistics.median(values):6.2f} ms   "
        f"p99 {_percentile(values, 0.99):6.2f} ms   max {max(values):6.2f} ms"
    )


def _accuracy(index: RulesIndex, questions: list[dict[str, Any]]) -> str:
    top1 = top3 = direct = picks = none = 0
    for q in questions:
        accepted = {q["expect"], *q.get("also", [])}
        result = index.lookup(q["text"], q["lang"], q.get("game"))
        ranked = result.ranked_ids() if result.found else []
        top1 += bool(ranked) and ranked[0] in accepted
        top3 += any(i in accepted for i in ranked[:3])
        direct += bool(ranked) and ranked[0] in accepted and not result.ambiguous
        picks += result.found and result.ambiguous
        none += not result.found
    n = len(questions) or 1
    return (
        f"{len(questions):4d} questions: top-1 {top1 / n:6.1%}  top-3 {top3 / n:6.1%}  "
        f"answered directly {direct / n:6.1%}  pick-list {picks / n:6.1%}  nothing {none / n:6.1%}"
    )


def _report_accuracy(index: RulesIndex) -> None:
    for path in (QUESTIONS, FORMS):
        with path.open("rb") as handle:
            questions = tomllib.load(handle)["q"]
        held = [q for q in questions if q.get("set") == "holdout"]
        tuned = [q for q in questions if q.get("set") != "holdout"]
        print(f"{path.name}")
        print(f"  all      {_accuracy(index, questions)}")
        print(f"  tuned on {_accuracy(index, tuned)}")
        print(f"  held out {_accuracy(index, held)}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=Path, default=ROOT / "data")
    data_dir = parser.parse_args().data
    clock = _Clock()
    index = default_index(data_dir)
    build_ms, _ = clock.elapsed()
    with QUESTIONS.open("rb") as handle:
        questions = tomllib.load(handle)["q"]
    series: dict[str, list[float]] = {k: [] for k in ("query", "autocomplete", "both")}
    cpu_both: list[float] = []
    for _ in range(ROUNDS):
        for q in questions:
            text, lang, game = q["text"], q["lang"], q.get("game")
            clock = _Clock()
            index.lookup(text, lang, game)
            query_wall, query_cpu = clock.elapsed()
            # What a player types before picking: a short prefix, then a longer one.
            for typed in (text[:3], text[:8]):
                clock = _Clock()
                index.autocomplete(typed, lang, game)
                complete_wall, complete_cpu = clock.elapsed()
                series["autocomplete"].append(complete_wall)
            series["query"].append(query_wall)
            series["both"].append(query_wall + complete_wall)
            cpu_both.append(query_cpu + complete_cpu)
    print(f"data: {data_dir}  index build: {build_ms:.0f} ms, {len(index.ids())} entries")
    print(f"{len(questions)} questions x {ROUNDS} rounds (wall time unless noted)")
    for name, values in series.items():
        print(_line(name, values))
    print(_line("both, CPU time", cpu_both))
    _report_accuracy(index)
    p99 = _percentile(series["both"], 0.99)
    print(f"query + autocomplete p99 {p99:.2f} ms wall (target < {TARGET_MS:.0f} ms)")
    return 0 if p99 < TARGET_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
