"""More words from the third Spanish playtest (docs/playtest-2026-12.md, items 70-80)."""

import pytest

from cogs.common import errors
from engine.core.errors import IllegalMoveError
from engine.core.play import parse_action
from tests.engine.troyes.helpers import ENGINE, placed


def test_a_long_typed_move_is_quoted_cut_with_an_ellipsis():
    # Item 80: a 600-character `/move` was quoted cut at 60 characters with no sign of the cut.
    typed = "obispado " * 70
    with pytest.raises(IllegalMoveError) as refused:
        parse_action(ENGINE, placed(), typed, [(0, "Pasar")])
    said = errors.error_text(refused.value, "es")
    assert said == f"'{typed[:59]}…' no es una jugada legal ahora; elige una de la lista."


def test_a_short_typed_move_is_quoted_whole():
    with pytest.raises(IllegalMoveError) as refused:
        parse_action(ENGINE, placed(), "  obispado 9  ", [(0, "Pasar")])
    assert errors.error_text(refused.value, "es").startswith("'obispado 9' no es una jugada")
