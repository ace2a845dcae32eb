"""The six actions with every option (SEED; brief §4)."""

from engine.trajan.events import ActionUnavailable, Shipped
from engine.trajan.state import TrajanState
from tests.engine.trajan.helpers import (
    ENGINE,
    at_turn,
    do,
    fresh,
    kind_of,
    seat_of,
    texts,
    to_action,
)


def seaport_state(hand: list[str]) -> TrajanState:
    state = fresh()
    state.players[0].hand = tuple(sorted(hand))
    return to_action(state, "seaport")


def test_seaport_offers_its_four_options():
    state = seaport_state(["wine", "wine", "fish"])
    assert texts(state) == [
        "port draw",
        "port take 1",
        "port take 2",
        "port display",
        "port ship same",
        "port ship diff",
        "port ship pairs",
        "pass",
    ]


def test_draw_two_then_discard_one_onto_either_pile():
    state = seaport_state(["wine"])
    deck_top = state.deck[-2:]
    step = ENGINE.apply(state, ENGINE.legal_actions(state)[0])
    assert step.irreversible
    state = step.state
    assert len(state.players[0].hand) == 3
    assert set(deck_top) <= set(state.players[0].hand)
    assert kind_of(state) == "discard"
    state = do(state, "discard wine 2")
    assert state.discards[1][-1] == "wine"
    assert len(state.players[0].hand) == 2


def test_take_the_top_card_of_a_discard_pile():
    state = seaport_state(["wine"])
    top = state.discards[0][-1]
    state = do(state, "port take 1")
    assert top in state.players[0].hand
    assert len(state.discards[0]) == 1  # refilled from the deck


def test_display_two_cards_and_draw_as_many():
    state = seaport_state(["wine", "fish", "oil"])
    state = do(state, "port display", "display fish", "display wine")
    p = state.players[0]
    assert p.display == ("fish", "wine")
    assert len(p.hand) == 3


def test_display_one_card_then_stop():
    state = seaport_state(["wine", "fish"])
    state = do(state, "port display", "display fish", "done")
    assert state.players[0].display == ("fish",)
    assert len(state.players[0].hand) == 2


def test_shipping_same_goods_scores_the_front_then_the_grey_side():
    state = seaport_state(["wine", "wine", "wine", "fish"])
    state = do(state, "port ship same", "ship wine", "ship wine", "ship wine")
    assert state.players[0].hand == ("fish",)
    p = state.players[0]
    assert p.vp == 12
    assert p.display == ("wine", "wine", "wine")
    assert state.ships[0] is False
    state.current = 0
    state = fresh_turn(state, ["fish", "fish", "fish"])
    state = do(state, "port ship same", "ship fish", "ship fish", "ship fish")
    assert state.players[0].vp == 12 + 7
    assert state.ships[0] is False  # stays grey until the quarter ends


def fresh_turn(state: TrajanState, hand: list[str]) -> TrajanState:
    state = at_turn(state, 0)
    state.players[0].hand = tuple(hand)
    return to_action(state, "seaport")


def test_shipping_different_goods_and_four_cards_on_the_front():
    state = seaport_state(["wine", "fish", "oil", "gems", "gems"])
    state = do(state, "port ship diff", "ship fish", "ship gems", "ship oil")
    assert "ship gems" not in texts(state)
    state = do(state, "ship wine")  # the fourth card closes the shipment
    assert state.players[0].vp == 8
    assert state.players[0].hand == ("gems",)


def test_shipping_pairs_of_different_goods():
    state = seaport_state(["wine", "wine", "fish", "fish", "oil"])
    state = do(state, "port ship pairs")
    assert texts(state) == ["ship fish", "ship wine"]
    state = do(state, "ship fish", "ship wine")
    assert state.players[0].vp == 10
    assert state.players[0].hand == ("oil",)


def test_a_commodity_wild_stands_in_for_one_card_and_is_spent():
    state = seaport_state(["wine", "wine"])
    state.players[0].forum = ("wild_commodity",)
    state = do(state, "port ship same", "ship wine", "ship wine")
    assert "ship wild" in texts(state)
    step = ENGINE.apply(state, ENGINE.legal_actions(state)[-2])
    shipped = next(e for e in step.events if isinstance(e, Shipped))
    assert shipped.wild
    assert shipped.vp == 12
    assert step.state.players[0].forum == ()


def test_the_forum_action_takes_any_tile_including_extra_action_tiles():
    state = to_action(fresh(), "forum")
    options = texts(state)
    assert any(o.startswith("forum extra_") for o in options)
    tile = state.forum[0]
    state = do(state, f"forum {tile}")
    assert tile in state.players[0].forum
    assert state.forum.count(None) == 1  # not refilled until the quarter ends


def test_military_recruit_move_and_station():
    state = to_action(fresh(), "military")
    assert texts(state) == ["recruit", "move alpes", "move raetia", "move noricum", "pass"]
    state = do(state, "recruit")
    assert (state.players[0].legionnaires, state.players[0].supply) == (2, 12)


def test_moving_the_leader_picks_up_the_province_tile():
    state = to_action(fresh(), "military")
    tile = state.province_tiles[0]  # alpes
    state = do(state, "move alpes")
    assert state.players[0].leader == "alpes"
    assert tile in state.players[0].forum
    assert state.province_tiles[0] is None


def test_stationing_scores_the_province_minus_three_per_rival_never_below_zero():
    state = fresh(seats=4)
    for seat in (1, 2):
        state.players[seat].provinces = ("belgica",)
        state.players[seat].legionnaires = 0
    state.players[0].leader = "belgica"
    state = do(to_action(state, "military"), "deploy")
    p = state.players[0]
    assert p.vp == 0  # 6 - 3 - 3
    assert p.provinces == ("belgica",)
    state = fresh(seats=3)
    state.players[1].provinces = ("aquitania",)
    state.players[1].legionnaires = 0
    state.players[0].leader = "aquitania"
    state = do(to_action(state, "military"), "deploy")
    assert state.players[0].vp == 7


def test_no_second_legionnaire_in_a_province_and_none_from_the_camp_space():
    state = fresh()
    assert "deploy" not in texts(to_action(state, "military"))  # leader in the camp
    state.players[0].leader = "raetia"
    state.players[0].provinces = ("raetia",)
    state.players[0].legionnaires = 0
    state.players[0].supply = 13
    assert "deploy" not in texts(to_action(state, "military"))


def test_seed_senate_example_four_to_five_scores_five():
    state = fresh()
    state.players[0].senate = 3  # the space printed 4
    state = do(to_action(state, "senate"), "senate")
    assert state.players[0].senate == 4
    assert state.players[0].vp == 5
    assert state.players[0].stamp == max(p.stamp for p in state.players)


def test_the_senate_is_closed_on_its_last_space():
    state = fresh()
    state.players[0].senate = 7
    state.players[0].bowls = ("", "", "B", "", "", "BYYGGOOPPWW")
    step = ENGINE.apply(state, ENGINE.legal_actions(state)[0])
    assert kind_of(step.state) != "senate"
    assert ActionUnavailable(0, "senate") in step.events
    assert "cannot take the Senate action" in ENGINE.describe_event(ActionUnavailable(0, "senate"))


def test_construction_recruit_and_a_first_site_anywhere():
    state = to_action(fresh(), "construction")
    options = texts(state)
    assert options[0] == "recruit"
    assert len(options) == 22  # recruit, 20 sites, pass


def test_later_workers_go_orthogonally_next_to_your_own():
    state = fresh()
    p = state.players[0]
    p.sites = (6,)
    p.workers = 1
    p.supply = 12
    state = to_action(state, "construction")
    assert texts(state) == ["recruit", "build 2", "build 6", "build 8", "build 12", "pass"]


def test_a_first_tile_of_a_type_scores_and_grants_its_bonus_action_once():
    state = fresh()
    state.sites = ("steps_4", "steps_3", *state.sites[2:])
    state.players[0].workers = 2
    state.players[0].supply = 11
    state = do(to_action(state, "construction"), "build 1")
    p = state.players[0]
    assert p.vp == 4
    assert p.buildings == ("steps_4",)
    assert kind_of(state) == "forum"  # steps grant the forum action
    state = do(state, texts(state)[0])
    state = do(to_action(at(state), "construction"), "build 2")
    assert state.players[0].vp == 7
    assert seat_of(state) == 1  # no second bonus for steps


def test_seed_construction_example_a_taken_site_gives_nothing_but_extends_the_chain():
    state = fresh()
    state.players[1].sites = (1,)
    state.sites = (state.sites[0], None, *state.sites[2:])
    state.players[0].workers = 2
    state.players[0].supply = 11
    state.players[0].sites = (0,)
    state = do(to_action(state, "construction"), "build 2")
    p = state.players[0]
    assert p.vp == 0
    assert p.sites == (0, 1)
    state = to_action(at(state), "construction")
    assert "build 3" in texts(state)


def at(state: TrajanState) -> TrajanState:
    return at_turn(state, 0)
