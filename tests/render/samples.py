"""Write the sample images of docs/images/ from seeded random games (issue 6).

Run on purpose after a visual change: `.venv/bin/python -m tests.render.samples`.
Each game at 2 and 4 players: a mid-game board (with what changed highlighted), the final
board, the score chart and one player's private image; plus the Ladies of Troyes parts
drawn from the hand-built scene of the tests (the engine has no such module yet).
"""

from pathlib import Path
from typing import Any

from PIL import Image

from engine.ai.players import RandomPlayer
from render import troyes
from render.base.encode import encode_png
from render.base.legibility import SHOWN
from render.base.score import compose_score, score_png
from tests.render.games import GAMES, Game, board, play
from tests.render.troyes_fixtures import scene as troyes_scene

DOCS = Path(__file__).resolve().parents[2] / "docs" / "images"
SEED = 2026


def last_move(game: Game, before: Any) -> str:
    """Describe the move the random player makes from `before`, as the bot's log would.

    Event lines the engine has no wording for yet (they read like `Name: field=value`) are
    left out; the action's button label stands in when nothing else is left.
    """
    action = RandomPlayer().choose(game.engine, before)
    events = game.engine.apply(before, action).events
    lines = [game.engine.describe_event(e) for e in events]
    lines = [line for line in lines if "=" not in line]
    if not lines:
        lines = [f"Player {before.pending.seat + 1}: {game.engine.describe(action)}"]
    return "Last move: " + "; ".join(lines)


def _visible_change(game: Game, states: list[Any], start: int) -> int:
    """Return the first index from `start` whose board differs from the one before it."""
    for index in range(start, len(states)):
        scenes = [
            game.render.scene_from_view(game.engine.view(states[i], None))
            for i in (index - 1, index)
        ]
        if game.render.BOARD.changed_areas(*scenes):
            return index
    return start


def write_samples(out: Path = DOCS) -> list[Path]:
    """Render and write every sample image; return their paths."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, game in sorted(GAMES.items()):
        for seats in (2, 4):
            states = list(play(game, seats, SEED))
            middle = _visible_change(game, states, len(states) // 2)
            mid, before, final = states[middle], states[middle - 1], states[-1]
            files = {
                f"{name}_{seats}p_mid.png": encode_png(
                    board(game, mid, before, note=last_move(game, before)).image
                ),
                f"{name}_{seats}p_final.png": encode_png(board(game, final).image),
                f"{name}_{seats}p_private.png": game.render.private_png(
                    game.engine.view(mid, mid.pending.seat), prompt=game.engine.prompt(mid)
                ),
            }
            result = game.engine.result(final)
            if result is not None:
                files[f"{name}_{seats}p_score.png"] = score_png(result, name.capitalize())
            for filename, data in files.items():
                path = out / filename
                path.write_bytes(data)
                written.append(path)
    written += write_phone_samples(out / "phone")
    # The engine has no Ladies of Troyes module yet: show its parts from the hand-built scene.
    ladies = out / "troyes_4p_ladies_fixture.png"
    ladies.write_bytes(encode_png(troyes.BOARD.compose_scene(troyes_scene(4, ladies=True)).image))
    written.append(ladies)
    return written


def _focused(game: Game, states: list[Any], start: int, wanted: str = "") -> int:
    """Return the first index from `start` whose decision has an area of its own (a focus).

    With `wanted`, the first whose focus is that area (else the first with any focus); one
    not found from `start` is looked for from the game's start.
    """
    order: list[int] = [*range(start, len(states) - 1), *range(1, start)]  # then from the start
    for index in order:
        view = game.engine.view(states[index], None)
        focus = game.render.scene_from_view(view).focus
        if focus and (not wanted or focus == wanted):
            return index
    return start


def write_phone_samples(out: Path) -> list[Path]:
    """Write what a phone shows of a 4-player board message: each image 400 px wide.

    Discord shows an image about 400 CSS px wide on a phone; these are the images of one
    board message (the decision's area, the decider's mat, the whole board) and of the
    final message (its final scores), scaled to that width as the phone draws them.
    """
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, game in sorted(GAMES.items()):
        states = list(play(game, 4, SEED))
        middle = _focused(game, states, len(states) // 2)
        state, before, final = states[middle], states[middle - 1], states[-1]
        pictures = game.render.compose_gallery(
            game.engine.view(state, None),
            game.engine.view(before, None),
            prompt=game.engine.prompt(state),
            note=last_move(game, before),
        )
        result = game.engine.result(final)
        ending = game.render.compose_gallery(game.engine.view(final, None), result=result)
        pictures += [(kind, canvas) for kind, canvas in ending if kind == "final"]
        for kind, canvas in pictures:
            written.append(_shown(canvas, out / f"{name}_4p_{kind}_phone.png"))
        if result is not None:  # the score chart, as the final message sends it
            chart = compose_score(result, name.capitalize())
            written.append(_shown(chart, out / f"{name}_4p_score_phone.png"))
        # A Spanish game's focus images of the README's table (laid out whole).
        for focus, label in SPANISH[name]:
            index = _focused(game, states, len(states) // 2, focus)
            canvas = spanish_focus(game, states[index], states[index - 1])
            written.append(_shown(canvas, out / f"{name}_4p_{label}_es_phone.png"))
    return written


# The Spanish focus images of the README: (the decision's area, the file's word).
SPANISH = {
    "trajan": (("construction", "construction"),),
    "troyes": (("actions", "actions"), ("square", "square"), ("buildings", "buildings")),
}


def _shown(canvas: Any, path: Path) -> Path:
    """Write `canvas` as a phone shows it, 400 px wide; return the path."""
    image = canvas.image
    height = round(image.height * SHOWN / image.width)
    path.write_bytes(encode_png(image.resize((SHOWN, height), Image.Resampling.LANCZOS)))
    return path


def spanish_focus(game: Any, state: Any, before: Any) -> Any:
    """Return the Spanish focus image of `state`'s decision, changes marked since `before`."""
    pictures = game.render.compose_gallery(
        game.engine.view(state, None),
        game.engine.view(before, None),
        prompt=game.engine.prompt(state, "es"),
        lang="es",
    )
    return dict(pictures)["focus"]


if __name__ == "__main__":
    for written_path in write_samples():
        print(written_path.relative_to(DOCS.parents[1]))  # noqa: T201 - a script's report
