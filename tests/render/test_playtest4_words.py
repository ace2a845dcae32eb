"""Words of the fourth Spanish playtest (issue 14), fixed where a new player read them."""

from render.base.canvas import Box, Canvas
from render.base.palette import BACKGROUND
from render.i18n import language
from render.trajan.board import draw_forum


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
