"""The counter step's menu in the turn menu's order (docs/playtest-2026-12.md item 112).

The turn menu lists the targets first and the entries that come and go after them (item 82);
the counter step listed "a) Usar influencia" first and the dice after it.
"""

from typing import Any

from cogs.common import acting
from engine.troyes import actions as a
from tests.cogs.test_backed_out import _menu
from tests.cogs.test_steady_controls import _choices
from tests.engine.troyes.helpers import ENGINE
from tests.engine.troyes.test_actions import SPARE, war_table


def _counter(dice: list[tuple[str, int]], black: list[int]) -> Any:
    s = war_table([dice, SPARE, [], []], influence=[3, 0, 0])
    s.phase, s.kind, s.black = "events", "counter", black
    return s


def test_the_counter_menu_lists_the_dice_first_and_influence_after_them():
    s = _counter([("red", 6), ("white", 1)], [5, 3])
    assert ENGINE.legal_actions(s)[0] == a.OpenInfluence()  # the stored order is unchanged
    es = [o.label for o in _menu(acting.controls(_choices(s), "es"))]
    assert es == [
        "Contrarrestar con tu dado rojo 6", "Contrarrestar con tu dado blanco 1", "Usar influencia",
    ]  # fmt: skip
    en = [o.label for o in _menu(acting.controls(_choices(s, "en"), "en"))]
    assert en[-1] == "Use influence"
    assert en[0].startswith("Counter with your red 6")
