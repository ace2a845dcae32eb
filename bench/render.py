"""Time to compose and to encode one board image, and the file size, per game (issue 6).

Plays a seeded random 4-player game of each game and renders consecutive states in order,
as the bot does after each move (so areas unchanged since the previous image come from the
area cache, and unchanged bands of rows from the encoder's band cache). Both are also
measured from scratch ("cold": the area and band caches emptied before every image, as for
the first image of a game; fonts, glyph masks and shape sprites stay loaded, as they do in
a running bot). Each state's figure is the best of a few passes, to
keep other processes' load out of it; compose is also given in CPU time of the rendering
thread, which a busy machine disturbs less than wall time. The load average is printed
with the figures. Targets on this machine: compose < 20 ms, encode < 80 ms, file < 1 MiB.

Then the end-of-game animation (issue 17) of the whole game of each kind: frames, the time to
draw them and to make the APNG, and its size (at most 8 MiB).

With --legibility: the smallest text, token or badge letter and die of every image kind a
player is sent (the whole board, the phone images, the private image, the score chart, a
look-up card), in CSS px at 400 px display width (render/base/legibility.py), the least
over many states of seeded 2- and 4-player games of each game (issue 14).

Run: .venv/bin/python bench/render.py [--states N] [--repeats R] [--only-animation]
     [--animation-out DIR] [--legibility]
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai.players import RandomPlayer
from engine.sessions.rewind import chapters, frame_moves
from engine.trajan.game import TrajanEngine
from engine.troyes.game import TroyesEngine
from render import trajan, troyes
from render.base.animation import animation_png
from render.base.areas import clear_area_cache
from render.base.card import compose_card
from render.base.encode import clear_band_cache, encode_board
from render.base.legibility import Smallest, smallest
from render.base.palettes import board_palette
from render.base.score import compose_score


def _states(engine: Any, seats: int, seed: int) -> list[Any]:
    state = engine.new_state({}, seats, seed)
    player = RandomPlayer()
    states = [state]
    while state.pending is not None:
        state = engine.apply(state, player.choose(engine, state)).state
        states.append(state)
    return states


def _load() -> str:
    """Return the 1, 5 and 15 minute load averages (the machine is shared)."""
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def _row(label: str, values: list[float], unit: str = "ms") -> str:
    median = statistics.median(values)
    return f"  {label:<18} median {median:7.1f} {unit}   p99 {_p99(values):7.1f} {unit}"


def _pass(module: Any, views: list[Any], prompts: list[str], cold: bool) -> list[list[float]]:
    """Render the views in order once; per state [compose ms, encode ms, KiB, compose CPU ms,
    gallery ms (phone images and board again, after the board), phone images KiB]."""
    clear_area_cache()
    clear_band_cache()
    game = module.__name__.rsplit(".", 1)[-1]
    palette = board_palette(game)
    rows = []
    previous = None
    for view, prompt in zip(views, prompts, strict=True):
        if cold:
            clear_area_cache()
        start, start_cpu = time.perf_counter(), time.thread_time()
        canvas = module.compose_board(view, previous, prompt=prompt)
        composed, cpu = time.perf_counter(), time.thread_time() - start_cpu
        if cold:
            clear_band_cache()  # emptied here: freeing it must not count against compose
        middle = time.perf_counter()
        data = encode_board(canvas.image, palette, game)
        end = time.perf_counter()
        compose, encode = (composed - start) * 1000, (end - middle) * 1000
        # The bot sends the phone images with the board (`gallery`): their extra cost, the
        # board itself coming from the caches just filled.
        before_gallery = time.perf_counter()
        pictures = module.gallery(view, previous, prompt=prompt)
        extra = (time.perf_counter() - before_gallery) * 1000
        phone = sum(len(png) for kind, png in pictures if kind != "board") / 1024
        rows.append([compose, encode, len(data) / 1024, cpu * 1000, extra, phone])
        previous = view
    return rows


def bench(name: str, engine: Any, module: Any, limit: int, repeats: int) -> None:
    """Print compose (in turn and cold), encode and size figures for one game.

    Each figure of a state is the best of `repeats` passes over the same sequence, so a
    burst of load from other processes on the machine does not count as render time.
    """
    states = _states(engine, 4, 2026)
    # Consecutive states from mid-game, as the bot posts them one move after another.
    start_at = max(0, len(states) // 2 - limit // 2)
    picked = states[start_at : start_at + limit]
    views = [engine.view(state, None) for state in picked]
    prompts = [engine.prompt(state) for state in picked]
    warm = [_pass(module, views, prompts, cold=False) for _ in range(repeats)]
    cold = [_pass(module, views, prompts, cold=True) for _ in range(repeats)]
    best = [[min(p[i][k] for p in warm) for k in range(6)] for i in range(len(views))]
    best_cold = [[min(p[i][k] for p in cold) for k in range(6)] for i in range(len(views))]
    height = module.compose_board(views[-1]).image.height
    print(f"{name}: {len(picked)} consecutive states of {len(states)}, 4 players, 1600x{height} px")
    print(_row("compose (in turn)", [row[0] for row in best]))
    print(_row("  CPU", [row[3] for row in best]))
    print(_row("compose (cold)", [row[0] for row in best_cold]))
    print(_row("  CPU", [row[3] for row in best_cold]))
    print(_row("encode (in turn)", [row[1] for row in best]))
    print(_row("encode (cold)", [row[1] for row in best_cold]))
    print(_row("file size", [row[2] for row in best], "KiB"))
    print(_row("gallery again", [row[4] for row in best]))
    print(_row("phone images", [row[5] for row in best], "KiB"))


def _least(found: dict[str, list[Smallest]], kind: str, image: Smallest) -> None:
    found.setdefault(kind, []).append(image)


def legibility(name: str, engine: Any, module: Any, every: int) -> None:
    """Print the smallest text, letter and die per image kind, in CSS px at 400 px wide."""
    found: dict[str, list[Smallest]] = {}
    for seats, seed in ((2, 2026), (4, 2026), (4, 7)):
        states = _states(engine, seats, seed)
        previous = None
        for state in [*states[:-1:every], states[-1]]:
            view = engine.view(state, None)
            result = engine.result(state) if state.pending is None else None
            pictures = module.compose_gallery(
                view, previous, prompt=engine.prompt(state), names=NAMES, result=result
            )
            for kind, canvas in pictures:
                _least(found, "whole board" if kind == "board" else kind, smallest(canvas))
            if state.pending is not None:
                seat = state.pending.seat
                private = module.BOARD.compose_private(engine.view(state, seat), names=NAMES)
                _least(found, "private", smallest(private))
            previous = view
        result = engine.result(states[-1])
        _least(found, "score chart", smallest(compose_score(result, name, NAMES)))
    card = compose_card(name, "A card's rules text, as /card shows it.", {"VP": 3})
    _least(found, "card", smallest(card))
    print(f"{name}: smallest in CSS px at 400 px wide (text / letter on a piece / die)")
    for kind, images in found.items():
        widths = sorted({i.width for i in images})
        cells = []
        for field in ("text", "letter", "die"):
            values = [getattr(i, field) for i in images if getattr(i, field) is not None]
            cells.append(f"{min(values):5.1f}" if values else "    -")
        span = f"{widths[0]}" if len(widths) == 1 else f"{widths[0]}-{widths[-1]}"
        print(f"  {kind:<12} {len(images):4} images, {span:>9} px wide: " + " / ".join(cells))


def bench_animation(name: str, engine: Any, module: Any, out: Path | None) -> None:
    """Print the time and size of the end-of-game animation of a whole 4-player game.

    As the bot makes it (cogs/common/images.py `_animation`): the board at the start, at the
    end of every round and at the end, each drawn with the frame before as `before`, then
    the APNG. Drawing counts from cold caches, as in a render worker that drew other games.
    """
    views = [engine.view(state, None) for state in _states(engine, 4, 2026)]
    shown = frame_moves(chapters(views), len(views) - 1)
    clear_area_cache()
    clear_band_cache()
    start = time.perf_counter()
    pngs = [
        bytes(module.board_png(views[m], views[shown[i - 1]] if i else None, names=NAMES))
        for i, m in enumerate(shown)
    ]
    drawn = time.perf_counter()
    data = animation_png(pngs)
    end = time.perf_counter()
    print(
        f"{name} animation: {len(pngs)} frames of {len(views) - 1} moves,"
        f" draw {(drawn - start) * 1000:.0f} ms + APNG {(end - drawn) * 1000:.0f} ms,"
        f" {len(data) / 1024 / 1024:.2f} MiB"
    )
    if out is not None:
        path = out / f"{name.lower()}_4p_replay.png"
        path.write_bytes(data)
        print(f"  written to {path}")


NAMES = ("Ana", "Bo", "Cy", "Di")


def main() -> None:
    """Run the benchmark for both games."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=100, help="consecutive states per game")
    parser.add_argument("--repeats", type=int, default=3, help="passes; the best one counts")
    parser.add_argument("--animation-out", type=Path, help="write the animations to a folder")
    parser.add_argument("--only-animation", action="store_true", help="skip the board figures")
    parser.add_argument("--legibility", action="store_true", help="smallest sizes on a phone")
    args = parser.parse_args()
    print(f"load average before: {_load()}")
    if args.legibility:
        legibility("Trajan", TrajanEngine(), trajan, 9)
        legibility("Troyes", TroyesEngine(), troyes, 7)
        return
    if not args.only_animation:
        bench("Trajan", TrajanEngine(), trajan, args.states, args.repeats)
        bench("Troyes", TroyesEngine(), troyes, args.states, args.repeats)
    bench_animation("Trajan", TrajanEngine(), trajan, args.animation_out)
    bench_animation("Troyes", TroyesEngine(), troyes, args.animation_out)
    print(f"load average after: {_load()}")


if __name__ == "__main__":
    main()
