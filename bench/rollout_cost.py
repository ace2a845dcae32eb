"""What a roll-out search decision costs, and whether more roll-outs change the move.

Plays a game of normal players (Trajan, 2 players by default) and, on every k-th decision
with a choice, runs the hard player's roll-out search (engine/ai/rollout.py) at its default
120 roll-outs and work bound, and prints the CPU time of the decision, the engine steps
(`apply` calls) it took, the roll-outs it ran, and the candidate it plays after its first
`--prefix` roll-outs and after all of them (the first roll-outs of a search are exactly a
shorter search's, so this compares 24 with 120 roll-outs on the same determinisations;
0 is the normal player's own move). `--no-work` lifts the work bound (how it was before).
Run: `python bench/rollout_cost.py [--seed S] [--every K] [--seats N] [--prefix M] [--no-work]`.
"""

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai import rollout
from engine.ai.levels import HardPlayer
from engine.ai.planner import PlannerPlayer
from engine.ai.sampling import search_seed, work_of
from engine.ai.values import value_of
from engine.core.rng import Rng
from engine.games import GAMES


class Counting:
    """An engine that counts its `apply` calls (the search's work)."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine
        self.applies = 0

    def apply(self, state: Any, action: Any) -> Any:
        self.applies += 1
        return self.engine.apply(state, action)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)


def best_after(order: list[Any], leads: list[float], n: int) -> int:
    """Return the candidate `Root.best` plays after the first `n` roll-outs (its index)."""
    k = len(order)
    sums, counts = [0.0] * k, [0] * k
    for i, lead in enumerate(leads[:n]):
        sums[i % k] += lead
        counts[i % k] += 1
    rated = [sums[j] / counts[j] + (rollout.MARGIN if j == 0 else 0.0) for j in range(k)]
    return max((j for j in range(k) if counts[j]), key=rated.__getitem__)


def main() -> None:
    """Probe one game's decisions and print a line each, then the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--every", type=int, default=9)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--prefix", type=int, default=24)
    parser.add_argument("--no-work", action="store_true", help="no work bound")
    args = parser.parse_args()
    engine = GAMES["trajan"]
    normal = PlannerPlayer("normal", value_of)
    iterations = HardPlayer().budget(engine, args.seats)
    work = None if args.no_work else work_of(engine, args.seats, iterations)
    leads: list[float] = []
    rate = rollout._rollout  # record each roll-out's lead, in order

    def recorded(*a: Any) -> float:
        lead = rate(*a)
        leads.append(lead)
        return lead

    rollout._rollout = recorded  # type: ignore[assignment]
    state = engine.new_state({}, args.seats, args.seed)
    seen, times, same = 0, [], 0
    while state.pending is not None:
        if len(engine.legal_actions(state)) > 1:
            seen += 1
            if seen % args.every == 0:
                seat = state.pending.seat
                counting = Counting(engine)
                leads.clear()
                rng = Rng(search_seed(engine, state, seat, 0), state.version, "ismcts")
                t0 = time.thread_time()
                root, done = rollout.search(counting, state, seat, iterations, rng, work=work)  # type: ignore[arg-type]
                spent = time.thread_time() - t0
                times.append(spent)
                short = best_after(root.order, leads, args.prefix) if done else 0
                full = best_after(root.order, leads, done) if done else 0
                same += short == full
                print(
                    f"v{state.version} {state.pending.kind}: {spent:.2f} s, {counting.applies}"
                    f" steps, {done} roll-outs, plays #{short} after {args.prefix}, #{full} after"
                    f" {done}",
                    flush=True,
                )
        state = engine.apply(state, normal.choose(engine, state)).state
    times.sort()
    print(
        f"{len(times)} decisions: CPU median {statistics.median(times):.2f} s,"
        f" p90 {times[int(0.9 * len(times))]:.2f} s, max {times[-1]:.2f} s;"
        f" the same move after {args.prefix} roll-outs as after all: {same}/{len(times)}"
    )


if __name__ == "__main__":
    main()
