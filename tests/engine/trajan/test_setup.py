"""Setup by player count (SEED "Preparar"; brief §2)."""

import pytest

from engine.core.errors import GameError
from engine.trajan.actions import FillBowl, PickTrajan
from tests.engine.trajan.helpers import CAT, ENGINE, T, do, kind_of, play_setup, seat_of, texts


@pytest.mark.parametrize(("seats", "spaces", "cycle"), [(2, 6, 11), (3, 9, 16), (4, 12, 21)])
def test_setup_deals_the_board_for_the_player_count(seats, spaces, cycle):
    state = ENGINE.new_state({}, seats, seed=5)
    assert len(state.forum) == spaces
    assert all(state.forum)
    assert len(state.extras) == 3
    assert all(str(t).startswith("extra_") for t in state.extras)
    assert len(state.province_tiles) == 10
    assert all(state.province_tiles)
    assert len(state.sites) == 20
    assert all(state.sites)
    assert len(state.demands_removed) == 3
    assert len(state.demand_pile) == 12
    assert state.demands_shown == ()
    assert len(state.bonus_offer) == 2
    assert all(len(p.bonus) == 1 for p in state.players)
    assert len(state.bonus_bag) == 12 - seats - 2
    assert [len(d) for d in state.discards] == [1, 1]
    assert state.cycle == cycle
    assert state.time == 0
    assert all(len(s) == 9 for s in state.stacks)


def test_each_player_starts_with_one_legionnaire_one_worker_and_13_in_supply():
    state = ENGINE.new_state({}, 3, seed=5)
    for p in state.players:
        assert (p.supply, p.workers, p.legionnaires, p.leader) == (13, 1, 1, "camp")
        assert p.arch == 0
        assert p.senate == 0


def test_the_senate_stack_puts_the_start_player_at_the_bottom():
    state = ENGINE.new_state({}, 4, seed=5)
    assert [p.stamp for p in state.players] == [1, 2, 3, 4]


def test_the_fm_time_track_option_lengthens_the_cycle():
    assert ENGINE.new_state({"time_track": "fm"}, 4, seed=5).cycle == 22


def test_bad_seat_counts_and_options_are_refused():
    with pytest.raises(GameError):
        ENGINE.new_state({}, 5, seed=1)
    with pytest.raises(GameError):
        ENGINE.new_state({"bowl_colours": "rainbow"}, 2, seed=1)


def test_bowls_take_any_two_markers_or_two_distinct_colours_by_option():
    any_state = ENGINE.new_state({}, 2, seed=1)
    assert len(ENGINE.legal_actions(any_state)) == 21
    distinct = ENGINE.new_state({"bowl_colours": "distinct"}, 2, seed=1)
    assert len(ENGINE.legal_actions(distinct)) == 15
    pairs = [a.colours for a in ENGINE.legal_actions(distinct) if isinstance(a, FillBowl)]
    assert len(pairs) == 15
    assert all(c[0] != c[1] for c in pairs)


def test_filling_bowls_uses_each_colour_twice_and_the_last_bowl_fills_itself():
    state = ENGINE.new_state({}, 2, seed=1)
    state = do(state, "fill 1 blue blue", "fill 2 yellow yellow", "fill 3 green green")
    state = do(state, "fill 4 orange orange", "fill 5 pink white")
    assert state.players[0].bowls == ("BB", "YY", "GG", "OO", "PW", "PW")
    assert seat_of(state) == 1
    assert all(isinstance(a, FillBowl) for a in ENGINE.legal_actions(state))


def test_trajan_stacks_stay_hidden_until_the_bowls_are_filled():
    state = ENGINE.new_state({}, 2, seed=1)
    assert all(top is None for top in ENGINE.view(state, 0).stack_tops)
    while state.phase == "setup_bowl":
        state = ENGINE.apply(state, ENGINE.legal_actions(state)[0]).state
    assert all(top is not None for top in ENGINE.view(state, 0).stack_tops)


def test_players_draw_3_cards_from_deck_or_discards_and_empty_piles_refill():
    state = ENGINE.new_state({}, 2, seed=1)
    while state.phase == "setup_bowl":
        state = ENGINE.apply(state, ENGINE.legal_actions(state)[0]).state
    top = state.discards[0][-1]
    assert texts(state) == ["draw deck", "draw pile 1", "draw pile 2"]
    step = ENGINE.apply(state, ENGINE.legal_actions(state)[1])
    assert top in step.state.players[0].hand
    assert len(step.state.discards[0]) == 1  # refilled from the deck
    assert step.irreversible
    state = do(step.state, "draw deck", "draw deck")
    assert len(state.players[0].hand) == 3
    assert seat_of(state) == 1


def test_the_trajan_draft_takes_one_tile_per_category_onto_slots_two_four_six():
    state = play_setup(3, seed=4)
    for p in state.players:
        tiles = [s for s in p.slots if s is not None]
        assert [i for i, s in enumerate(p.slots) if s] == [1, 3, 5]
        assert len({T.trajan[x].category for x in tiles}) == 3
    assert seat_of(state) == 0
    assert kind_of(state) == "bowl"


def test_the_draft_offers_no_second_tile_of_a_category():
    state = ENGINE.new_state({}, 2, seed=1)
    while state.phase != "setup_trajan":
        state = ENGINE.apply(state, ENGINE.legal_actions(state)[0]).state
    state = do(state, "pick 1 slot 2", "pick 1 slot 2")
    offered = [a for a in ENGINE.legal_actions(state) if isinstance(a, PickTrajan)]
    assert len(offered) == len(ENGINE.legal_actions(state))
    assert all(a.stack != 0 for a in offered)
    assert {a.slot for a in offered} == {3, 5}
    assert len(CAT.categories) == 6
