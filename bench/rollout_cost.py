"""What a roll-out search decision costs, and what a work bound or fewer roll-outs would change.

Plays a game of normal players (Trajan, 2 players by default; `--game troyes`) and, on every
k-th decision with a choice, runs the hard player's roll-out search (engine/ai/rollout.py) at
its default budget and the game's work bound, and prints the CPU time of the decision, the
engine steps (`apply` calls) it took, the roll-outs it ran, and the candidate it plays after
its first `--prefix` roll-outs and after all of them (the first roll-outs of a search are
exactly a shorter search's, so this compares 24 with 120 roll-outs on the same
determinisations; 0 is the normal player's own move). `--no-work` lifts the work bound (how
it was before).

`--bounds 3000,4000` replays other work bounds (engine steps per second of budget, as
`AiSupport.work_per_s`) on the same searches: a bounded search's roll-outs are the first ones
of the unbounded search (it draws its determinisations at the same rounds and only stops
sooner), so from each roll-out's running count of steps and CPU time this prints, per bound,
how many searches it stops, the CPU they would take (median, p90, p99, max) and how many
moves it changes. Run it with `--no-work` so that every search runs all its roll-outs.
Run: `python bench/rollout_cost.py [--game G] [--seed S] [--every K] [--seats N] [--prefix M]
[--no-work] [--bounds W,...]`.
"""

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai import rollout
from engine.ai.levels import HardPlayer
from engine.ai.planner import PlannerPlayer
from engine.ai.sampling import iterations_per_s, search_seed, work_of
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


@dataclass
class Searched:
    """One search: its candidates, and after each roll-out its lead, steps and CPU so far."""

    order: list[Any]
    leads: list[float] = field(default_factory=list)
    steps: list[int] = field(default_factory=list)  # the roll-outs' steps (the search's count)
    cpu: list[float] = field(default_factory=list)  # CPU since the search began (root included)


def best_after(order: list[Any], leads: list[float], n: int) -> int:
    """Return the candidate `Root.best` plays after the first `n` roll-outs (its index)."""
    k = len(order)
    sums, counts = [0.0] * k, [0] * k
    for i, lead in enumerate(leads[:n]):
        sums[i % k] += lead
        counts[i % k] += 1
    rated = [sums[j] / counts[j] + (rollout.MARGIN if j == 0 else 0.0) for j in range(k)]
    return max((j for j in range(k) if counts[j]), key=rated.__getitem__)


def stops_at(s: Searched, iterations: int, work: int) -> int:
    """Return the roll-outs `rollout.search` runs under a work bound of `work` steps."""
    k = len(s.order)
    floor = max(1, int(rollout.WORK_FLOOR * iterations))
    for done in range(k, len(s.leads), k):
        if done >= floor and s.steps[done - 1] >= work:
            return done
    return len(s.leads)


def _spread(times: list[float]) -> str:
    times = sorted(times)
    q = statistics.quantiles(times, n=100, method="inclusive") if len(times) > 1 else times * 99
    return (
        f"CPU median {statistics.median(times):.2f} s, p90 {q[89]:.2f} s, p99 {q[98]:.2f} s,"
        f" max {times[-1]:.2f} s"
    )


def replay(found: list[Searched], iterations: int, rate: int, bounds: list[int]) -> None:
    """Print what each work bound (steps per second of budget) would do to these searches."""
    for per_s in bounds:
        work = round(iterations * per_s / rate)
        cpu, changed, stopped, ran = [], 0, 0, []
        for s in found:
            if not s.leads:
                continue
            n = stops_at(s, iterations, work)
            if n < len(s.leads):
                stopped += 1
                ran.append(n)
            cpu.append(s.cpu[n - 1])
            changed += best_after(s.order, s.leads, n) != best_after(s.order, s.leads, len(s.leads))
        print(
            f"work_per_s {per_s} ({work} steps): {stopped}/{len(cpu)} stopped"
            f" (at {min(ran, default=0)}-{max(ran, default=0)} roll-outs), {changed} moves"
            f" changed; {_spread(cpu)}"
        )


def probe(engine: Any, args: argparse.Namespace, iterations: int, work: int | None) -> None:
    """Play the game by normal players; search every k-th decision; print a line each."""
    normal = PlannerPlayer("normal", value_of)
    rate = rollout._rollout  # record each roll-out's lead, steps and time, in order
    clock = time.thread_time
    current = Searched([])
    t0 = 0.0

    def recorded(counted: Any, *a: Any) -> float:
        lead = rate(counted, *a)
        current.leads.append(lead)
        current.steps.append(counted.applies)
        current.cpu.append(clock() - t0)
        return lead

    rollout._rollout = recorded  # type: ignore[assignment]
    state = engine.new_state({}, args.seats, args.seed)
    seen, times, same, steps = 0, [], 0, []
    found: list[Searched] = []
    while state.pending is not None:
        seen += len(engine.legal_actions(state)) > 1
        if len(engine.legal_actions(state)) > 1 and seen % args.every == 0:
            seat = state.pending.seat
            counting = Counting(engine)
            current = Searched([])
            rng = Rng(search_seed(engine, state, seat, 0), state.version, "ismcts")
            t0 = clock()
            root, done = rollout.search(counting, state, seat, iterations, rng, work=work)  # type: ignore[arg-type]
            times.append(clock() - t0)
            current.order = root.order
            found.append(current)
            steps.append(current.steps[-1] if current.steps else 0)
            short = best_after(root.order, current.leads, args.prefix) if done else 0
            full = best_after(root.order, current.leads, done) if done else 0
            same += short == full
            print(
                f"v{state.version} {state.pending.kind}: {times[-1]:.2f} s, {counting.applies}"
                f" steps ({steps[-1]} in roll-outs), {done} roll-outs, plays #{short} after"
                f" {args.prefix}, #{full} after {done}",
                flush=True,
            )
        state = engine.apply(state, normal.choose(engine, state)).state
    print(
        f"{len(times)} decisions: {_spread(times)}; roll-out steps median"
        f" {statistics.median(steps):.0f}, max {max(steps)}, {sum(steps) / sum(times):.0f} a CPU"
        f" second; the same move after {args.prefix} roll-outs as after all: {same}/{len(times)}"
    )
    if args.bounds:
        bounds = [int(b) for b in args.bounds.split(",")]
        replay(found, iterations, iterations_per_s(engine, args.seats), bounds)


def main() -> None:
    """Probe one game's decisions and print a line each, then the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="trajan", choices=sorted(GAMES))
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--every", type=int, default=9)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--prefix", type=int, default=24)
    parser.add_argument("--no-work", action="store_true", help="no work bound")
    parser.add_argument("--bounds", default="", help="work_per_s values to replay, comma separated")
    args = parser.parse_args()
    engine = GAMES[args.game]
    iterations = HardPlayer().budget(engine, args.seats)
    work = None if args.no_work else work_of(engine, args.seats, iterations)
    print(f"{args.game}, {args.seats}p, seed {args.seed}: {iterations} roll-outs, work {work}")
    probe(engine, args, iterations, work)


if __name__ == "__main__":
    main()
