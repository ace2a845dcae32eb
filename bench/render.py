"""Time to compose and to encode one board image, and the file size, per game (issue 6).

Plays a seeded random 4-player game of each game and renders its states in order, as the
bot does after each move (so areas unchanged since the previous image come from the area
cache). Compose is also measured cold (cache emptied before every image). Targets on this
machine: compose < 20 ms, encode < 80 ms, file < 1 MiB.

Run: .venv/bin/python bench/render.py [--states N]
"""

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai.players import RandomPlayer
from engine.trajan.game import TrajanEngine
from engine.troyes.game import TroyesEngine
from render import trajan, troyes
from render.canvas import clear_area_cache, encode_png


def _states(engine: Any, seats: int, seed: int) -> list[Any]:
    state = engine.new_state({}, seats, seed)
    player = RandomPlayer()
    states = [state]
    while state.pending is not None:
        state = engine.apply(state, player.choose(engine, state)).state
        states.append(state)
    return states


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def _row(label: str, values: list[float], unit: str = "ms") -> str:
    median = statistics.median(values)
    return f"  {label:<18} median {median:7.1f} {unit}   p99 {_p99(values):7.1f} {unit}"


def bench(name: str, engine: Any, module: Any, limit: int) -> None:
    """Print compose (warm and cold), encode and size figures for one game."""
    states = _states(engine, 4, 2026)
    # Consecutive states from mid-game, as the bot posts them one move after another.
    start_at = max(0, len(states) // 2 - limit // 2)
    picked = states[start_at : start_at + limit]
    warm, cold, encode, sizes = [], [], [], []
    previous = None
    for state in picked:
        view = engine.view(state, None)
        prompt = engine.prompt(state)
        start = time.perf_counter()
        canvas = module.compose_board(view, previous, prompt=prompt)
        warm.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        data = encode_png(canvas.image)
        encode.append((time.perf_counter() - start) * 1000)
        sizes.append(len(data) / 1024)
        clear_area_cache()
        start = time.perf_counter()
        module.compose_board(view, previous, prompt=prompt)
        cold.append((time.perf_counter() - start) * 1000)
        previous = view
    height = canvas.image.height
    print(f"{name}: {len(picked)} consecutive states of {len(states)}, 4 players, 1600x{height} px")
    print(_row("compose (in turn)", warm))
    print(_row("compose (cold)", cold))
    print(_row("encode", encode))
    print(_row("file size", sizes, "KiB"))


def main() -> None:
    """Run the benchmark for both games."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=120, help="states sampled per game")
    args = parser.parse_args()
    bench("Trajan", TrajanEngine(), trajan, args.states)
    bench("Troyes", TroyesEngine(), troyes, args.states)


if __name__ == "__main__":
    main()
