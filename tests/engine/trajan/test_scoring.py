"""Final scoring, bonus tiles and the tie-break (SEED "Fin del juego"; brief §5.4, §1.6)."""

from engine.trajan.scoring import bonus_points, construction_sets, final_breakdown, result
from engine.trajan.state import PlayerState
from tests.engine.trajan.helpers import ENGINE, T, fresh


def blank() -> PlayerState:
    p = fresh().players[0]
    p.hand = ()
    p.workers = p.legionnaires = 0
    p.bonus = ()
    return p


def test_end_points_for_cards_camps_and_unfulfilled_trajan_tiles():
    p = blank()
    p.hand = ("wine", "fish")
    p.workers, p.legionnaires = 3, 2
    p.slots = ("vp9_oo", None, "vp9_bb", None, None, None)
    b = final_breakdown(p, T)
    assert (b["cards_in_hand"], b["workers_in_camp"], b["legionnaires_in_camp"]) == (2, 3, 2)
    assert b["trajan_on_circle"] == 2


def test_construction_sets_of_three_and_four_score_10_and_20():
    p = blank()
    p.buildings = ("door_2", "door_3", "door_4", "roof_2", "roof_3", "roof_4", "roof_5")
    assert construction_sets(p, T) == 30


def test_construction_wilds_fill_the_best_gaps():
    p = blank()
    p.buildings = ("door_2", "door_3", "roof_2")
    p.forum = ("wild_construction",)
    assert construction_sets(p, T) == 10
    p.forum = ("wild_construction", "wild_construction")
    assert construction_sets(p, T) == 20


def test_commodity_bonus_tiles_pay_per_displayed_card_of_either_good():
    p = blank()
    p.display = ("columns", "furs", "furs", "wine")
    p.bonus = ("goods_columns_furs",)
    assert bonus_points(p, T) == 9
    p.bonus, p.bonus_grey = (), ("goods_columns_furs",)
    assert bonus_points(p, T) == 6
    p.forum = ("wild_commodity",)  # an unused wild counts as one more card
    assert bonus_points(p, T) == 8


def test_demand_bonus_needs_a_forum_tile_not_a_trajan_tile():
    p = blank()
    p.bonus = ("demand_bread",)
    p.demands = ("demand_bread_pp",)
    assert bonus_points(p, T) == 0
    p.forum = ("bread",)
    assert bonus_points(p, T) == 9
    p.bonus, p.bonus_grey = (), ("demand_bread",)
    assert bonus_points(p, T) == 6


def test_worker_legionnaire_and_bonus_tile_bonuses():
    p = blank()
    p.sites = (1, 2, 3)
    p.provinces = ("alpes", "raetia")
    p.bonus = ("workers", "legionnaires", "bonus_tiles")
    assert bonus_points(p, T) == 3 + 4 + 9  # bonus_tiles counts itself (brief §6 A7)
    p.bonus, p.bonus_grey = (), ("workers", "legionnaires")
    assert bonus_points(p, T) == 2 + 2  # grey workers: half of 3, rounded up


def test_the_result_breaks_ties_by_senate_space_then_disc_height():
    state = fresh(seats=3)
    state.phase = "over"
    state.pending = None
    for p in state.players:
        p.hand, p.workers, p.legionnaires, p.bonus = (), 0, 0, ()
        p.slots = (None,) * 6
    state.players[0].senate, state.players[1].senate, state.players[2].senate = 2, 5, 5
    state.players[1].stamp, state.players[2].stamp = 7, 8
    res = result(state, T)
    assert res is not None
    assert res.scores == (0, 0, 0)
    assert res.ranks == (3, 2, 1)
    assert "senate" in res.tie_break
    assert set(res.breakdown[0]) >= {"senate", "demands", "construction_sets", "bonus_tiles"}


def test_no_result_before_the_end():
    assert ENGINE.result(fresh()) is None
