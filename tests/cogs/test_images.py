"""The cogs' drawing functions pass the game's language to the renderer (English by default)."""

import asyncio

from cogs.common.images import Renderer, draw_board, draw_private, draw_score
from render import troyes
from tests.render.games import GAMES, state_at

NAMES = ("Ana", "Bruno", "Carla")


def test_board_private_and_score_follow_the_language():
    game = GAMES["troyes"]
    state = state_at(game, 3, 5, 40)
    public = game.engine.view(state, None)
    english = draw_board("troyes", public, None, NAMES)
    assert english == troyes.board_png(public, names=NAMES)
    assert draw_board("troyes", public, None, NAMES, "es") == troyes.board_png(
        public, names=NAMES, lang="es"
    )
    assert draw_board("troyes", public, None, NAMES, "es") != english
    own = game.engine.view(state, 0)
    assert draw_private("troyes", own, NAMES, "es") != draw_private("troyes", own, NAMES)
    result = game.engine.result(state_at(game, 3, 3, None))
    assert draw_score("troyes", result, NAMES, "es") != draw_score("troyes", result, NAMES)


def test_renderer_in_threads_draws_in_the_asked_language():
    game = GAMES["trajan"]
    public = game.engine.view(state_at(game, 2, 5, 30), None)
    renderer = Renderer(processes=0)

    async def both() -> tuple[bytes, bytes]:
        return await asyncio.gather(
            renderer.board("trajan", public, None, NAMES[:2], "es"),
            renderer.board("trajan", public, None, NAMES[:2]),
        )

    spanish, english = asyncio.run(both())
    renderer.close()
    assert english == GAMES["trajan"].render.board_png(public, names=NAMES[:2])
    assert spanish == GAMES["trajan"].render.board_png(public, names=NAMES[:2], lang="es")


def test_the_board_marks_what_changed_since_the_view_before():
    game = GAMES["trajan"]
    before = game.engine.view(state_at(game, 2, 5, 30), None)
    after = game.engine.view(state_at(game, 2, 5, 31), None)
    renderer = Renderer(processes=0)
    marked = asyncio.run(renderer.board("trajan", after, None, NAMES[:2], "en", before))
    renderer.close()
    assert marked == game.render.board_png(after, before, names=NAMES[:2])
    assert marked != game.render.board_png(after, names=NAMES[:2])
