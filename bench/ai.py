"""AI strength and cost: seat-balanced arenas between the levels, per game and player count.

Arenas (issue 15): hard vs normal, normal vs today's greedy, easy vs normal, and hard against
itself (for the winning score people can be compared with), each at 2 players
(the candidate in seat 0 and seat 1 alternately) and 4 players (one candidate against three of
the other, its seat rotating), for Troyes, Troyes with every Ladies module, and Trajan. It
prints the candidate's win rate with a 95% Wilson interval (a shared first place counts as a
win), the mean winning score, the median and p99 CPU time of a decision per level, and the
search's iterations per CPU second.

The hard player's budget is an iteration count (`--hard-iters`, default its 2 s budget at
the per-game rate), so results do not depend on the machine's load; times are CPU time of
this thread. At the default budget (about 2 s a hard decision) the full run takes hours:
pass `--hard-iters` (and `--games`) to trade strength and interval width for time.
Run: `python bench/ai.py [--quick] [--games N] [--hard-iters N] [--only NAME] [--seats 2,4]`.
"""

import argparse
import math
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai import make_player
from engine.ai.ismcts import WALL_CAP, IsmctsPlayer
from engine.ai.levels import HardPlayer
from engine.ai.players import GreedyPlayer
from engine.core.protocol import GameEngine
from engine.games import GAMES
from engine.troyes.game import EVERY_MODULE

TABLES: dict[str, tuple[str, dict[str, str]]] = {
    "troyes": ("troyes", {}),
    "troyes-ladies": ("troyes", EVERY_MODULE),
    "trajan": ("trajan", {}),
}
MATCHES = (("hard", "normal"), ("normal", "greedy"), ("easy", "normal"), ("hard", "hard"))


@dataclass
class Tally:
    """One arena's outcome from the candidate's side, and the CPU time of every decision."""

    games: int = 0
    wins: int = 0
    winning_scores: list[int] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)
    iterations: int = 0
    search_seconds: float = 0.0
    cathedral: dict[str, list[int]] = field(default_factory=dict)  # penalty per seat-game
    passes: dict[str, int] = field(default_factory=dict)  # Pass actions chosen, per level
    cand_winning: list[int] = field(default_factory=list)  # the candidate's score when it won
    scores: list[tuple[int, ...]] = field(default_factory=list)  # every game's final scores
    cut: int = 0  # hard decisions the wall-clock safety cut short
    cand_scores: list[int] = field(default_factory=list)  # the candidate's score, every game
    other_scores: list[float] = field(default_factory=list)  # the others' mean score, every game


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """Return the 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def player(level: str, hard_iters: int | None) -> Any:
    """Return a player of a level (greedy: today's one-step player)."""
    if level == "greedy":
        return GreedyPlayer()
    if level == "hard" and hard_iters is not None:
        # The hard level's own wall-clock safety (60 s), not the search's default 10 s cap:
        # a loaded machine must not cut a decision short (the bench counts the iterations).
        return IsmctsPlayer(iterations=hard_iters, budget_s=HardPlayer().safety_s / WALL_CAP)
    return make_player(level)


def play(
    engine: GameEngine[Any, Any], options: dict[str, str], seats: list[tuple[str, Any]],
    seed: int, tally: Tally,
) -> tuple[int, ...]:  # fmt: skip
    """Play one game; record decision times; return the ranks."""
    state = engine.new_state(options, len(seats), seed)
    clock = time.thread_time
    while state.pending is not None:
        level, who = seats[state.pending.seat]
        several = len(engine.legal_actions(state)) > 1
        t0 = clock()
        action = who.choose(engine, state)
        spent = clock() - t0
        if several:
            tally.times.setdefault(level, []).append(spent)
            if isinstance(who, IsmctsPlayer):
                tally.iterations += who.last_iterations
                tally.cut += who.last_cut
                tally.search_seconds += spent
            elif isinstance(who, HardPlayer):
                tally.iterations += who.last.iterations
                tally.cut += who.last.played != "hard"
                tally.search_seconds += spent
        if type(action).__name__ == "Pass":
            tally.passes[level] = tally.passes.get(level, 0) + 1
        state = engine.apply(state, action).state
    result = engine.result(state)
    assert result is not None
    tally.winning_scores.append(max(result.scores))
    tally.scores.append(tuple(result.scores))
    for (level, _who), part in zip(seats, result.breakdown or (), strict=False):
        if isinstance(part, dict) and "cathedral" in part:
            tally.cathedral.setdefault(level, []).append(-part["cathedral"])
    return result.ranks


def arena(table: str, seats: int, match: tuple[str, str], games: int, hard_iters: int | None,
          seed0: int = 0) -> Tally:  # fmt: skip
    """Play `games` seat-balanced games of the candidate against the other level."""
    name, options = TABLES[table]
    engine = GAMES[name]
    cand, other = match
    tally = Tally()
    for g in range(games):
        at = g % seats  # the candidate's seat rotates; the seed changes every full rotation
        # Self-play has no seat to balance, and a level is deterministic: a rotation would
        # play the same game again, so every game has a seed of its own.
        seed = seed0 + (g if cand == other else g // seats)
        lineup = [(other, player(other, hard_iters)) for _ in range(seats)]
        lineup[at] = (cand, player(cand, hard_iters))
        ranks = play(engine, options, lineup, seed, tally)
        tally.games += 1
        tally.wins += ranks[at] == 1
        if ranks[at] == 1:
            tally.cand_winning.append(tally.winning_scores[-1])
        scores = tally.scores[-1]
        tally.cand_scores.append(scores[at])
        tally.other_scores.append(statistics.mean(s for i, s in enumerate(scores) if i != at))
        print(  # one line a game on stderr, so a long arena stopped early still tells
            f"  game {g + 1}: seed {seed}, {cand} in seat {at}, scores {scores},"
            f" {cand} {'won' if ranks[at] == 1 else 'lost'}{_so_far(tally, cand)}",
            file=sys.stderr,
            flush=True,
        )
    return tally


def _so_far(t: Tally, level: str) -> str:
    """Return the level's decision times so far (CPU median / p99 / max), for a game's line."""
    times = t.times.get(level)
    if not times:
        return ""
    return (
        f"; {level} decisions so far {len(times)}, median {statistics.median(times):.3f} s,"
        f" p99 {_p99(times):.3f} s, max {max(times):.3f} s, {t.cut} cut short"
    )


def report(table: str, seats: int, match: tuple[str, str], t: Tally) -> str:
    """Return one line of results."""
    lo, hi = wilson(t.wins, t.games)
    times = "  ".join(
        f"{lvl} {1000 * statistics.median(v):.0f}/{1000 * _p99(v):.0f}ms"
        for lvl, v in sorted(t.times.items())
    )
    searched = len(t.times.get("hard", ()))
    rate = (
        f" it/s {t.iterations / t.search_seconds:.0f}"
        f" (hard {t.iterations / searched:.1f} it/decision, {t.cut} cut short)"
        if t.search_seconds and searched
        else ""
    )
    mean = statistics.mean(t.winning_scores) if t.winning_scores else 0.0
    cand = statistics.mean(t.cand_winning) if t.cand_winning else 0.0
    seat_games = {lvl: len(v) for lvl, v in t.cathedral.items()}
    troyes = "".join(
        f"  {lvl} cathedral {statistics.mean(v):.1f}/game"
        f" passes {t.passes.get(lvl, 0) / seat_games[lvl]:.1f}/game"
        for lvl, v in sorted(t.cathedral.items())
    )
    means = (
        f"  mean score {match[0]} {statistics.mean(t.cand_scores):.1f},"
        f" {match[1]} {statistics.mean(t.other_scores):.1f}"
        if t.cand_scores
        else ""
    )
    return (
        f"{table:14} {seats}p {match[0]:>6} vs {match[1]:<6} win {t.wins:>3}/{t.games:<3}"
        f" {t.wins / max(t.games, 1):4.0%} [{lo:.0%}-{hi:.0%}]  mean winning score {mean:5.1f}"
        f" ({match[0]} winning {cand:5.1f}){means}{troyes}  median/p99 {times}{rate}"
    )


def _p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98] if len(values) > 1 else values[0]


def main() -> None:
    """Run every arena (or the chosen ones) and print a line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="4 games an arena, 100 iterations")
    parser.add_argument("--games", type=int, default=None, help="games per arena (default 100)")
    parser.add_argument("--hard-iters", type=int, default=None, help="hard's iterations")
    parser.add_argument("--only", default="", help="table name or match like hard-normal")
    parser.add_argument("--seats", default="2,4", help="player counts, comma separated")
    parser.add_argument("--tables", default=",".join(TABLES), help="tables, comma separated")
    parser.add_argument("--seed0", type=int, default=0, help="first game seed")
    args = parser.parse_args()
    games = args.games or (4 if args.quick else 100)
    hard_iters = args.hard_iters or (100 if args.quick else None)
    print(f"games per arena {games}; hard iterations {hard_iters or 'default budget'}")
    for table in args.tables.split(","):
        for seats in (int(n) for n in args.seats.split(",")):
            for match in MATCHES:
                if args.only and args.only not in (table, "-".join(match)):
                    continue
                t = arena(table, seats, match, games, hard_iters, args.seed0)
                print(report(table, seats, match, t), flush=True)


if __name__ == "__main__":
    main()
