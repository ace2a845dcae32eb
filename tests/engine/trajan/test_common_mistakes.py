"""The common mistakes of brief §6.2, one test each: the engine must not make any of them.

Each test names the mistake it guards against and the rule it rests on (SEED line or brief §).
"""

from engine.trajan.events import TrajanFulfilled
from engine.trajan.scoring import bonus_points, final_breakdown
from tests.engine.trajan.helpers import (
    ENGINE,
    T,
    at_turn,
    do,
    finish_quarter,
    fresh,
    kind_of,
    play_setup,
    seat_of,
    texts,
    to_action,
)


def test_mistake_checking_a_trajan_tile_beside_another_bowl():
    # SEED "Si una ficha de Trajano se encuentra junto a la bandeja de destino": only the
    # target bowl's slot is checked, even when other bowls match their tiles.
    state = fresh()
    p = state.players[0]
    p.bowls = ("GG", "BY", "OO", "PW", "BY", "GOPW")
    p.slots = ("vp9_gg", None, "vp9_oo", None, None, None)  # bowls I and III match
    step = ENGINE.apply(state, ENGINE.legal_actions(state)[1])  # bowl II: target is IV
    state = step.state
    while kind_of(state) == "sow":
        state = do(state, texts(state)[0])
    assert not any(isinstance(e, TrajanFulfilled) for e in step.events)
    assert state.players[0].slots[0] == "vp9_gg"
    assert state.players[0].slots[2] is not None  # III got a marker but was not the target


def test_mistake_requiring_the_last_marker_to_be_one_of_the_tile_colours():
    # SEED note: "No importa si la bandeja de destino contiene más marcadores..." and the
    # worked example: the last marker need not be one of the pair.
    state = fresh()
    p = state.players[0]
    p.bowls = ("B", "GG", "OY", "PW", "BY", "GOPW")
    p.slots = (None, "vp9_gg", None, None, None, None)
    state = do(state, "bowl 1")  # the blue marker lands in II beside two light greens
    assert state.players[0].vp == 9
    assert state.players[0].slots[1] is None


def test_mistake_skipping_the_emptied_source_bowl_when_sowing_six_or_more():
    # SEED note: with more than 6 markers some bowls get two; the 6th lands in the source.
    state = fresh()
    state.players[0].bowls = ("BBBBBB", "", "YYGG", "OOPP", "WW", "YG")
    state = do(state, "bowl 1")
    p = state.players[0]
    assert p.bowls[0] == "B"
    assert state.target == 0  # the source bowl is the target: seaport
    assert kind_of(state) in ("seaport", "bowl")


def test_mistake_moving_time_by_bowls_travelled_instead_of_markers_taken():
    # SEED "avanza el marcador de tiempo tantos espacios" as markers announced.
    state = fresh()
    state.players[0].bowls = ("BBBBBBB", "", "YYGG", "OOP", "WW", "YGP")
    state = do(state, "bowl 1")
    assert state.target == 1  # one bowl along the circle...
    assert state.time == 7  # ...but seven markers taken


def test_mistake_resetting_the_time_marker_at_round_end():
    # SEED "El marcador de tiempo no cambia su posición al final de una ronda de juego".
    state = fresh()
    state.time = state.cycle - 1
    state.players[0].bowls = ("BYG", "O", "PW", "BY", "GO", "PWY")
    state.players[0].hand = ()
    state = do(state, "bowl 1")
    while seat_of(state) == 0:
        state = do(state, texts(state)[-1])  # any order of colours, then pass
    assert len(state.demands_shown) == 1
    assert state.time == 2  # 3 markers from cycle - 1: two spaces past the start


def test_mistake_revealing_a_demand_at_game_start_or_a_fourth_one():
    # SEED: demands are revealed at round ends; with 3 shown the quarter is scored instead.
    for seats in (2, 3, 4):
        assert play_setup(seats).demands_shown == ()
    state = fresh()
    pile = len(state.demand_pile)
    state.demands_shown = ("bread", "bread", "games")
    state.time = state.cycle - 1
    state = to_action(state, "senate")
    state = do(state, "pass") if kind_of(state) == "senate" else state
    while state.phase == "quarter":
        state = ENGINE.apply(state, ENGINE.legal_actions(state)[0]).state
    assert len(state.demand_pile) == pile  # no fourth tile drawn
    assert (state.quarter, state.demands_shown) == (1, ())


def test_mistake_keeping_senate_tiles_or_unclaimed_forum_tiles_into_the_next_quarter():
    # SEED quarter step 3: all senate tiles (used or not) and all forum tiles go.
    state = fresh()
    state.players[0].forum = ("senate_5", "senate_2", "wild_demand")
    state.players[1].forum = ("senate_3",)
    left = [k for k in (*state.forum, *state.extras) if k is not None]
    removed_before = len(state.removed)
    pile = len(state.forum_pile)
    state = finish_quarter(state, ("bread", "bread", "bread"))
    assert all(T.forum[k].kind != "senate" for p in state.players for k in p.forum)
    gone = list(state.removed[removed_before:])
    for tile in (*left, "senate_5", "senate_2", "senate_3"):
        assert tile in gone
        gone.remove(tile)
    refilled = [k for k in state.forum if k is not None]
    assert len(refilled) == len(state.forum)
    assert len(state.forum_pile) <= pile - len(state.forum)  # new tiles came from the pile


def test_mistake_refilling_a_province_that_holds_a_leader_or_a_legionnaire():
    # SEED: a new tile goes only to provinces with neither a leader nor a legionnaire.
    state = fresh(seats=3)
    state.province_tiles = (None,) * len(state.province_tiles)
    state.players[1].leader = "belgica"
    state.players[2].provinces = ("aquitania",)
    state.players[2].legionnaires = 0
    state = finish_quarter(state)
    tiles = dict(zip(T.provinces, state.province_tiles, strict=True))
    assert tiles["belgica"] is None
    assert tiles["aquitania"] is None
    assert all(v is not None for k, v in tiles.items() if k not in ("belgica", "aquitania"))


def test_mistake_scoring_a_legionnaire_at_full_value_beside_rivals():
    # SEED military: minus three per rival legionnaire, never below 0.
    state = fresh(seats=4)
    for seat in (1, 2):
        state.players[seat].provinces = ("britannia",)
        state.players[seat].legionnaires = 0
    state.players[0].leader = "britannia"
    state = do(to_action(state, "military"), "deploy")
    assert state.players[0].vp == 10 - 3 - 3
    state = fresh(seats=2)
    state.players[1].provinces = ("alpes",)
    state.players[1].legionnaires = 0
    state.players[0].leader = "alpes"
    state = do(to_action(state, "military"), "deploy")
    assert state.players[0].vp == 0  # 3 - 3


def test_mistake_letting_a_legionnaire_walk_from_province_to_province():
    # SEED note: "los legionarios no se mueven de una provincia a otra".
    state = fresh()
    p = state.players[0]
    p.leader, p.provinces, p.legionnaires, p.supply = "raetia", ("raetia",), 1, 12
    state = do(to_action(state, "military"), "move belgica")
    assert state.players[0].provinces == ("raetia",)  # stays behind with the leader gone
    options = texts(to_action(at_turn(state, 0), "military"))
    moves = [f"move {x}" for x in T.adjacent["belgica"]]
    assert options == ["recruit", *moves, "deploy", "pass"]  # no way to move a legionnaire
    state = do(to_action(at_turn(state, 0), "military"), "deploy")
    assert state.players[0].provinces == ("belgica", "raetia")  # a new one, from the camp


def test_mistake_giving_the_first_construction_bonus_twice_for_a_type():
    # SEED: "El jugador recibe esta acción adicional solo por cada una de sus primeras losetas".
    state = fresh()
    state.sites = ("window_2", "window_5", *state.sites[2:])
    p = state.players[0]
    p.workers, p.supply = 2, 11
    state = do(to_action(state, "construction"), "build 1")
    assert kind_of(state) == "military"  # windows grant the military action
    state = do(state, "pass")
    state = do(to_action(at_turn(state, 0), "construction"), "build 2")
    assert state.players[0].vp == 7
    assert kind_of(state) != "military"
    assert seat_of(state) == 1


def test_mistake_giving_the_bonus_when_the_site_tile_was_already_taken():
    # SEED construction example: joining a site whose tile is gone gives no VP and no tile.
    state = fresh()
    state.sites = (None, *state.sites[1:])
    state.players[1].sites = (0,)
    state = do(to_action(state, "construction"), "build 1")
    p = state.players[0]
    assert (p.vp, p.buildings) == (0, ())
    assert seat_of(state) == 1  # no bonus action is offered


def test_mistake_allowing_diagonal_construction_adjacency():
    # SEED: "horizontal o verticalmente adyacentes".
    state = fresh()
    p = state.players[0]
    p.sites, p.workers, p.supply = (0,), 1, 12
    options = texts(to_action(state, "construction"))
    assert options == ["recruit", "build 2", "build 6", "pass"]  # 7 (diagonal) not offered


def test_mistake_flipping_a_ship_back_up_mid_quarter():
    # SEED: ships turn back to the front only at the end of a quarter.
    state = fresh()
    state.players[0].hand = ("wine", "wine", "fish")
    state = do(to_action(state, "seaport"), "port ship same", "ship wine", "ship wine")
    assert state.ships[0] is False
    state.time = state.cycle - 1  # the next turn ends a round (not a quarter)
    state = to_action(at_turn(state, 1), "senate")
    while seat_of(state) == 1:
        state = do(state, texts(state)[0])
    assert len(state.demands_shown) == 1
    assert state.ships[0] is False


def test_mistake_paying_front_values_on_a_grey_ship():
    # SEED: a ship on its grey side pays the grey value and stays grey.
    state = fresh()
    state.ships = (False, False, False)
    state.players[0].hand = ("wine", "wine", "wine", "fish", "oil", "gems", "gems")
    state = do(to_action(state, "seaport"), "port ship same", "ship wine", "ship wine", "ship wine")
    state = do(state, "done") if kind_of(state) == "ship" else state
    assert state.players[0].vp == 7  # grey 3 cards; the front would pay 12
    assert state.ships == (False, False, False)


def test_mistake_consuming_trajan_demand_tiles():
    # SEED: the bread, helmet and flame Trajan tiles stay on the mat for the whole game.
    state = fresh()
    state.players[0].demands = ("demand_bread_og", "demand_games_yg", "demand_religion_bo")
    state = finish_quarter(state)
    assert state.players[0].vp == 0
    state = finish_quarter(at_turn(state, 0))
    assert state.players[0].vp == 0
    assert len(state.players[0].demands) == 3


def test_mistake_counting_trajan_demand_tiles_for_the_demand_bonus_tiles():
    # Brief §1.6 (UBG): the 9/6 VP demand bonus needs a forum tile; Trajan tiles do not count.
    p = fresh().players[0]
    p.bonus, p.bonus_grey, p.forum = ("demand_games",), ("demand_religion",), ()
    p.demands = ("demand_games_gg", "demand_religion_ww")
    assert bonus_points(p, T) == 0
    p.forum = ("games", "religion")
    assert bonus_points(p, T) == 9 + 6


def test_mistake_counting_placed_workers_and_legionnaires_for_the_camp_bonus():
    # SEED final scoring: 1 VP per worker in the workers' camp and legionnaire in the camp.
    p = fresh().players[0]
    p.workers, p.legionnaires = 2, 1
    p.sites, p.provinces = (0, 1, 5), ("alpes", "noricum")
    b = final_breakdown(p, T)
    assert (b["workers_in_camp"], b["legionnaires_in_camp"]) == (2, 1)


def test_mistake_scoring_the_worker_bonus_tile_at_two_and_one():
    # Brief §1.6: 1 VP per worker on a site (yellow), half rounded up (grey); not 2/1.
    p = fresh().players[0]
    p.bonus, p.bonus_grey = ("workers",), ()
    p.sites = (0, 1, 2, 3, 4)
    assert bonus_points(p, T) == 5
    p.bonus, p.bonus_grey = (), ("workers",)
    assert bonus_points(p, T) == 3
