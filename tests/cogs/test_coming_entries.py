"""Entries that come and go within a turn move no target's letter (docs/playtest-2026-12.md 82).

After hiring a citizen with influence, three "Colocar un ciudadano en …" entries came in
between "Agricultura" and "Guardia en las murallas", so "h) Combatir Merodeador" became
"k)". The turn menu now shows the entries that come and go (influence, the outer rerolls and
exchanges, the citizen placements) after the targets, just before Pass. The legal actions
keep their order: stored games and move notations are unchanged.
"""

from pathlib import Path

import pytest

from cogs.common import acting
from engine.troyes.state import TroyesState
from tests.cogs.test_backed_out import _letters, _menu, _table_lines
from tests.cogs.test_steady_controls import _choices
from tests.engine.troyes.helpers import ENGINE, play
from tests.engine.troyes.test_actions import SPARE, war_table

# alice has a red and a white die (the Palacio and the Obispado), no citizen in her supply
DICE = [[("red", 6), ("red", 2), ("white", 3)], [("red", 5), ("red", 4)], SPARE, [("red", 3)]]
FIGHT = {"es": "Combatir Guerra", "en": "Fight War"}
INFLUENCE = {"es": "Usar influencia", "en": "Use influence"}
PASS = {"es": "Pasar", "en": "Pass"}


def _table(influence: int) -> TroyesState:
    return war_table(DICE, deniers=[20, 0, 0], supply=[0, 0, 0], influence=[influence, 4, 4])


def _hired(influence: int) -> TroyesState:
    """Return the turn menu's state after hiring a citizen with influence (and backing out)."""
    state, _ = play(_table(influence), "influence", "hire")
    if state.kind == "influence":  # influence is left: the influence menu stays open
        state, _ = play(state, "back")
    assert state.kind == "turn"
    return state


def test_hiring_keeps_the_legal_actions_order():
    before = [ENGINE.action_text(x) for x in ENGINE.legal_actions(_table(5))]
    after = [ENGINE.action_text(x) for x in ENGINE.legal_actions(_hired(5))]
    assert before[:2] == ["pass", "influence"]
    # the placements come where the engine always listed them: after the Cathedral
    assert after == [*before[:8], "citizen palace", "citizen bishopric", *before[8:]]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_hired_citizen_moves_no_letter_of_the_menu(tmp_path: Path, lang: str):
    before = _letters(_table_lines(acting.controls(_choices(_table(5), lang), lang), tmp_path))
    choices = _choices(_hired(5), lang)
    view = acting.controls(choices, lang)
    after = _letters(_table_lines(view, tmp_path))
    fight = next(k for k, label in before.items() if label == FIGHT[lang])
    assert after[fight] == FIGHT[lang]
    # every entry but Pass keeps its letter; the placements come after them, Pass stays last
    kept = {k: v for k, v in before.items() if v != PASS[lang]}
    assert {k: after[k] for k in kept} == kept
    assert before["i"] == after["i"] == INFLUENCE[lang]
    assert len(after) == len(before) + 2
    assert after["l"] == PASS[lang]
    assert after["j"].startswith({"es": "Colocar un ciudadano en", "en": "Place a citizen"}[lang])
    # the option under the fight's letter plays the fight (its legal index)
    options = _menu(view)
    value = options[ord(fight) - ord("a")].value
    labels = {str(c.index): ENGINE.action_text(a) for c, a in
              zip(choices.choices, ENGINE.legal_actions(_hired(5)), strict=True)}  # fmt: skip
    assert labels[value] == "event war"


def test_the_last_influence_spent_moves_no_target_letter(tmp_path: Path):
    # Two influence hire a citizen and leave none: "Usar influencia" goes, the placements come.
    before = _letters(_table_lines(acting.controls(_choices(_table(2)), "es"), tmp_path))
    state = _hired(2)
    assert state.influence[0] == 0
    after = _letters(_table_lines(acting.controls(_choices(state), "es"), tmp_path))
    targets = {k: v for k, v in before.items() if v not in (INFLUENCE["es"], PASS["es"])}
    assert {k: after[k] for k in targets} == targets
    assert INFLUENCE["es"] not in after.values()
    assert after["i"] == "Colocar un ciudadano en el Palacio"


@pytest.mark.parametrize("back", ["event war", "citizen palace"])
def test_an_entry_backed_out_of_keeps_its_letter_among_the_placements(tmp_path: Path, back: str):
    # Item 67 with the new order: the placements after the targets, one backed out of spent
    # in its place, whether it is a target (an event) or a placement.
    state = war_table(DICE, deniers=[20, 0, 0], supply=[1, 0, 0], influence=[5, 4, 4])
    before = _letters(_table_lines(acting.controls(_choices(state), "es"), tmp_path))
    after_state, _ = play(state, back, "back")
    after = _letters(_table_lines(acting.controls(_choices(after_state), "es"), tmp_path))
    assert after == before
    assert [before["h"], before["i"], before["j"], before["l"]] == [
        "Combatir Guerra", "Usar influencia", "Colocar un ciudadano en el Palacio", "Pasar",
    ]  # fmt: skip
