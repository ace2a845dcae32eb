"""A pass that leaves something unused asks first (docs/playtest-2026-12.md item 39).

The engine puts its question on the step (`Step.meta["ask"]`); the session asks it unless
the move is confirmed or the only one; the confirmation says it in the game's language,
not the "cannot be taken back" sentence.
"""

from typing import Any

from engine.core import i18n
from engine.core.play import parse_action
from engine.troyes.state import TroyesState
from tests.engine.troyes.helpers import ENGINE, table, texts


def _ask(state: TroyesState) -> Any:
    return ENGINE.apply(state, parse_action(ENGINE, state, "pass")).meta.get("ask")


def test_a_pass_with_dice_in_your_district_asks_how_many_go_unused():
    state = table(2, districts=[[("red", 3), ("white", 2)], [], []])
    key, fields = _ask(state)
    assert i18n.text("es", key, **fields) == (
        "¿Pasas con 2 dados sin usar? No podrás usarlos esta ronda."
    )
    assert i18n.text("en", key, **fields) == (
        "Pass with 2 dice unused? You cannot use them this round."
    )


def test_a_pass_with_one_die_says_it_in_the_singular():
    key, fields = _ask(table(2, districts=[[("red", 3)], [], []]))
    assert i18n.text("es", key, **fields) == (
        "¿Pasas con 1 dado sin usar? No podrás usarlo esta ronda."
    )


def test_a_pass_without_dice_of_ones_own_asks_nothing_though_a_rivals_die_is_on_offer():
    state = table(2, districts=[[], [("red", 5)], []], deniers=[10, 0])
    assert texts(state) != ["pass"]
    assert _ask(state) is None


def test_a_pass_with_nothing_left_asks_nothing():
    state = table(2, deniers=[0, 0], influence=[0, 0])
    assert texts(state) == ["pass"]
    assert _ask(state) is None
