"""Words of the fourth Spanish playtest (issue 14), fixed where a new player read them."""

import pytest

from render.base.canvas import Box, Canvas
from render.base.palette import BACKGROUND
from render.i18n import language
from render.trajan.board import draw_forum
from tests.render.games import GAMES, play


def _forum_texts(lang: str) -> list[str]:
    with language(lang):
        canvas = Canvas(800, 360, BACKGROUND)
        draw_forum(canvas, Box(0, 0, 776, 350), ("Extra: Puerto",), ("Juegos", "Senado 2"))
    return [r.text for r in canvas.texts if r.kind == "text"]


def test_the_forum_counts_its_tiles_as_fichas_as_its_headings_and_choices_name_them():
    # Playtest 4: the Forum image read "12 losetas" over "Fichas amarillas" and "Fichas verdes
    # del foro", while the choices say "Tomar ficha de demanda" (the rulebook's "ficha").
    said = _forum_texts("es")
    assert "3 fichas" in said
    assert not any("loseta" in text for text in said)
    assert "3 tiles" in _forum_texts("en")


OWN_FINAL = {
    "es": "La partida ha terminado: así quedó todo al final.",
    "en": "The game is over: this is how everything stood at the end.",
}


@pytest.mark.parametrize("name", ["troyes", "trajan"])
def test_the_own_final_view_does_not_send_its_reader_to_a_score_image(name):
    # Playtest item 85: the own final view, under the "Repaso" message (which has no score
    # image), said "las puntuaciones finales están en la imagen de puntuación".
    game = GAMES[name]
    last = list(play(game, 2, 5))[-1]
    for lang, line in OWN_FINAL.items():
        texts = [
            r.text
            for r in game.render.BOARD.compose_private(game.engine.view(last, 0), lang=lang).texts
        ]
        assert line in texts
        assert not any("imagen de puntuaci" in x or "score image" in x for x in texts)
