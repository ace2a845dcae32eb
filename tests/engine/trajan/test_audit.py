"""Findings of the rules audit (issue 2): one scenario per discrepancy fixed."""

import re
from pathlib import Path

from engine.trajan.actions import FillBowl
from engine.trajan.scoring import bonus_points
from tests.engine.trajan.helpers import CAT, ENGINE, T, do, fresh, seat_of, texts, to_action

ROOT = Path(__file__).resolve().parents[3]


def test_an_extra_tile_is_not_offered_for_an_action_that_cannot_be_done_again():
    # Brief §4.7: the tile lets you perform X again; from the senate's last space (SEED
    # "ya no podrá realizar esta acción durante el trimestre") there is nothing to repeat.
    state = fresh()
    p = state.players[0]
    p.bowls = ("BY", "GO", "P", "W", "GO", "PWY")
    p.senate = 6
    p.forum = ("extra_senate",)
    state = do(state, "bowl 3", "senate")
    assert state.players[0].senate == 7
    assert seat_of(state) == 1  # no offer: the tile is kept
    assert state.players[0].forum == ("extra_senate",)
    state = fresh()
    state.players[0].bowls = ("BY", "GO", "P", "W", "GO", "PWY")
    state.players[0].forum = ("extra_senate",)
    state = do(state, "bowl 3", "senate")
    assert texts(state) == ["extra extra_senate", "pass"]


def test_a_demand_wild_does_not_earn_the_demand_bonus_tile():
    # Brief §1.6 (UBG): "at least 1 forum tile with this icon"; a wild shows no icon.
    p = fresh().players[0]
    p.bonus, p.bonus_grey, p.forum = ("demand_bread",), (), ("wild_demand",)
    assert bonus_points(p, T) == 0


def test_an_extra_tile_taken_by_the_forum_action_may_repeat_it_at_once():
    # docs/rules-gaps.md (Trajan): a tile taken this turn may be used right after its action.
    state = fresh()
    state.extras = ("extra_forum", None, None)
    state = do(to_action(state, "forum"), "forum extra_forum")
    assert texts(state) == ["extra extra_forum", "pass"]


def test_figures_agree_with_the_components_that_repeat_them():
    # board.toml figures that data elsewhere also carries must say the same thing.
    fig = CAT.figures
    assert {t.amount for t in CAT.trajan_tiles if t.effect == "draw_cards"} == {
        fig.trajan_cards_drawn
    }
    state = ENGINE.new_state({}, 2, 5)
    fills = [a for a in ENGINE.legal_actions(state) if isinstance(a, FillBowl)]
    assert fills
    assert {len(a.colours) for a in fills} == {fig.markers_per_bowl}
    assert fig.plus2_markers >= 4 * len(CAT.actions)


def test_every_ambiguity_of_the_brief_has_its_default_in_the_rules_gaps():
    # Brief §6.1 lists A1-A13; each needs its documented default under "## Trajan".
    gaps = (ROOT / "docs" / "rules-gaps.md").read_text(encoding="utf-8")
    section = gaps.split("## Trajan", 1)[1].split("\n## ", 1)[0]
    cited = set(re.findall(r"\bA(\d+)\b", section))
    assert {str(n) for n in range(1, 14)} <= cited
