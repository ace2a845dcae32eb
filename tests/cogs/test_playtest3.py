"""Words found in the third Spanish playtest (docs/playtest-2026-12.md, items 67 on)."""

from cogs.common import errors
from engine.core import i18n
from engine.core.errors import IllegalMoveError


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
