"""Words found in the third Spanish playtest (docs/playtest-2026-12.md, items 67 on)."""

from cogs.common import errors
from engine.core import i18n
from engine.core.errors import IllegalMoveError
from engine.lookup.cards import figure_lines


def test_an_ambiguous_move_lists_its_three_legal_moves_whole():
    # `/move move:"colocar un ciudadano inicial: obispado"` listed one label and a half:
    # the list was clipped to 80 characters as if it were the typed text.
    labels = [f"Colocar un ciudadano inicial: Obispado, espacio {n}" for n in (1, 2, 3)]
    listed = "\n".join(f"• {label}" for label in [*labels, "…"])
    typed = "colocar un ciudadano inicial: obispado " * 5
    error = IllegalMoveError("error.ambiguous_move", move=typed, count=6, moves=listed)
    said = errors.error_text(error, "es")
    assert all(label in said for label in labels)
    assert typed not in said  # the typed text is still quoted clipped


def test_the_city_square_says_district_as_the_dice_choices_do():
    # The Plaza image read "dados de cada barrio" beside "Tomar el dado … del distrito neutral".
    hint = i18n.text("es", "troyes.square_hint")
    assert "distrito" in hint
    assert "distrito" in i18n.text("es", "troyes.text.forms.die_neutral", c="rojo", n=6)


def test_a_cards_figures_are_named_in_the_words_the_choices_use():
    # `/card name:Merodeador` read "Divisor: 3" (the choices say "1 cubo por cada 4 puntos")
    # and a Spanish answer named deniers "Deniers" (everywhere else "denarios").
    fields = {"divisor": 3, "deniers": 2}
    lines, _ = figure_lines(fields, "es")
    assert lines == ["**Puntos de dados por cubo o uso:** 3", "**Denarios:** 2"]
    english, _ = figure_lines(fields, "en")
    assert english == ["**Dice pips per cube or use:** 3", "**Deniers:** 2"]


def test_the_senate_log_says_casilla_as_its_choice_and_image_do():
    # "Avanzar 1 casilla en el Senado — a la casilla 2 del Senado", then the log:
    # "IA normal (2) avanza al espacio 1 del Senado: +2 PV".
    told = i18n.text("es", "trajan.text.ev_senate", who="IA normal (2)", space=1, vp=2)
    assert told == "IA normal (2) avanza a la casilla 1 del Senado: +2 PV"
    assert "casilla" in i18n.text("es", "trajan.explain.senate", space=2)
