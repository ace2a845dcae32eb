"""The action circle: choose a bowl, sow, move time, fulfil Trajan tiles, arch, extra tiles."""

from engine.trajan.events import TrajanFulfilled
from engine.trajan.state import TrajanState
from tests.engine.trajan.helpers import ENGINE, at_turn, do, fresh, kind_of, seat_of, texts


def test_bowls_with_markers_are_offered():
    state = fresh()
    state.players[0].bowls = ("", "GO", "PW", "BBYY", "GO", "PW")
    assert texts(state) == ["bowl 2", "bowl 3", "bowl 4", "bowl 5", "bowl 6"]


def test_sowing_drops_one_marker_per_bowl_clockwise_and_moves_time_by_the_count():
    state = fresh()
    state = do(state, "bowl 1")  # blue + yellow from bowl I
    assert state.time == 2
    assert texts(state) == ["sow 2 blue yellow", "sow 2 yellow blue"]
    state = do(state, "sow 2 yellow blue")
    p = state.players[0]
    assert p.bowls[:3] == ("", "YGO", "BPW")
    assert state.target == 2
    assert kind_of(state) == "military"


def test_colour_is_not_asked_when_all_markers_in_hand_match():
    state = fresh()
    state.players[0].bowls = ("PP", "GO", "BW", "BY", "GO", "PWY")
    state = do(state, "bowl 1")
    assert state.players[0].bowls[1:3] == ("GOP", "BPW")
    assert kind_of(state) == "military"


def test_six_or_more_markers_lap_and_refill_the_source_bowl():
    state = fresh()
    state.players[0].bowls = ("BBYYGGO", "", "OPP", "", "WW", "")
    state = do(state, "bowl 1")
    while kind_of(state) == "sow":
        state = do(state, texts(state)[0])
    bowls = state.players[0].bowls
    assert [len(b) for b in bowls] == [1, 2, 4, 1, 3, 1]
    assert state.target == 1  # the 7th marker lands in bowl II
    assert state.time == 7


def test_the_round_ends_when_time_reaches_its_start_and_the_marker_keeps_going():
    state = fresh()
    state.time = state.cycle - 1
    state.players[0].bowls = ("BY", "GO", "PW", "BY", "GO", "PW")
    state = do(state, "bowl 4", "sow 5 blue yellow", "pass")  # to bowl VI: construction
    if kind_of(state) == "construction":
        state = do(state, "pass")
    assert state.time == 1
    assert len(state.demands_shown) == 1
    assert seat_of(state) == 1


def test_seed_trajan_example_fulfils_the_tile_beside_the_target_bowl():
    # SEED: the last marker is blue; the bowl also holds the tile's two colours: +5 VP and
    # one token to the workers' camp; the tile then leaves the game.
    state = fresh()
    p = state.players[0]
    p.bowls = ("B", "YO", "PW", "BY", "GO", "PWG")
    p.slots = (None, "workers1_yo", None, None, None, None)
    state = do(state, "bowl 1")
    p = state.players[0]
    assert p.bowls[1] == "BYO"
    assert p.slots[1] is None
    assert p.vp == 5
    assert (p.workers, p.supply) == (2, 12)
    assert "workers1_yo" in state.removed


def test_fulfilment_is_checked_on_the_target_bowl_only():
    state = fresh()
    p = state.players[0]
    p.bowls = ("BY", "GG", "PW", "BY", "GO", "PW")
    p.slots = (None, "vp9_gg", None, None, None, None)
    state = do(state, "bowl 1", "sow 2 yellow blue")  # target is bowl III, not II
    assert state.players[0].slots[1] == "vp9_gg"
    assert state.players[0].vp == 0


def test_a_doubled_colour_needs_two_markers_and_extra_markers_do_not_matter():
    state = fresh()
    p = state.players[0]
    p.bowls = ("G", "GBO", "PW", "BY", "GO", "PWY")
    p.slots = (None, "vp9_gg", None, None, None, None)
    step = ENGINE.apply(state, ENGINE.legal_actions(state)[0])
    assert any(isinstance(e, TrajanFulfilled) for e in step.events)
    assert step.state.players[0].vp == 9


def test_a_demand_trajan_tile_is_kept_on_the_mat():
    state = fresh()
    p = state.players[0]
    p.bowls = ("P", "PO", "PW", "BY", "GO", "WY")
    p.slots = (None, "demand_bread_pp", None, None, None, None)
    state = do(state, "bowl 1")
    assert state.players[0].demands == ("demand_bread_pp",)
    assert state.players[0].vp == 1


def test_the_plus2_tile_asks_where_the_marker_goes_and_doubles_an_extra_tile():
    state = fresh()
    p = state.players[0]
    p.bowls = ("P", "WY", "PW", "BY", "GO", "GY")
    p.slots = (None, "plus2_yp", None, None, None, None)
    p.forum = ("extra_forum",)
    state = do(state, "bowl 1")
    assert kind_of(state) == "plus2"
    assert len(texts(state)) == 6
    state = do(state, "plus2 forum")
    assert state.players[0].plus2 == ("forum",)
    assert state.players[0].vp == 4
    tile = texts(state)[0]
    state = do(state, tile, "extra extra_forum")
    assert state.todo == ("rep:forum", "rep:forum")
    state = do(state, texts(state)[0])
    state = do(state, texts(state)[0])
    assert seat_of(state) == 1
    assert len(state.players[0].forum) == 3  # extra_forum spent, three tiles taken


def test_an_extra_tile_repeats_once_and_only_one_is_used_per_turn():
    state = fresh()
    p = state.players[0]
    p.bowls = ("BY", "GO", "P", "W", "GO", "PWY")
    p.forum = ("extra_senate", "wild_action")
    state = do(state, "bowl 3", "senate")
    assert texts(state) == ["extra extra_senate", "extra wild_action", "pass"]
    state = do(state, "extra wild_action", "senate")
    assert state.players[0].senate == 2
    assert state.players[0].forum == ("extra_senate",)
    assert seat_of(state) == 1


def test_the_trajan_action_places_under_the_arch_and_moves_it_to_the_next_free_slot():
    # SEED: the new tile goes where the arch stands (I); the arch moves on to III.
    state = fresh()
    p = state.players[0]
    p.bowls = ("BY", "GO", "PW", "B", "GO", "PWY")
    p.slots = (None, "vp9_gg", None, None, None, None)
    state = do(state, "bowl 4")
    top = state.stacks[0][-1]
    state = do(state, "trajan 1")
    assert state.players[0].slots[0] == top
    assert state.players[0].arch == 2


def test_with_all_slots_full_the_arch_is_central_and_the_trajan_action_is_closed():
    state = fresh()
    p = state.players[0]
    p.bowls = ("BY", "GO", "PW", "B", "GO", "PWY")
    p.slots = ("vp9_oo", "vp9_bb", "vp9_yy", "vp9_gg", None, "vp9_ww")
    p.arch = 4
    state = do(state, "bowl 4", "trajan 2")
    assert state.players[0].arch == -1
    state = at_next(state)
    p = state.players[0]
    p.bowls = ("BY", "GO", "PW", "B", "GO", "PWY")
    state = do(state, "bowl 4")
    assert kind_of(state) != "trajan"  # no Trajan option: skipped
    state = at_next(state)
    state.players[0].bowls = ("", "", "G", "G", "", "BBYYOOPPWW")
    state = do(state, "bowl 3")
    assert state.players[0].slots[3] is None
    assert state.players[0].arch == 3


def at_next(state: TrajanState) -> TrajanState:
    return at_turn(state, 0)


def test_a_whole_order_is_one_choice_when_it_has_at_most_25_variants():
    state = fresh()
    state.players[0].bowls = ("BYGO", "", "PW", "BY", "GO", "PW")
    state = do(state, "bowl 1")
    assert len(texts(state)) == 24
    assert (
        ENGINE.describe(ENGINE.legal_actions(state)[0])
        == "blue II, yellow III, light green IV, orange V"
    )


def test_five_or_more_mixed_markers_are_chosen_one_at_a_time_first():
    state = fresh()
    state.players[0].bowls = ("BYGOP", "", "W", "BY", "GO", "PW")
    state = do(state, "bowl 1")
    assert texts(state) == [
        "sow 2 blue",
        "sow 2 yellow",
        "sow 2 green",
        "sow 2 orange",
        "sow 2 pink",
    ]
    state = do(state, "sow 2 pink")
    assert len(texts(state)) == 24
    assert texts(state)[0] == "sow 3 blue yellow green orange"


def test_seed_example_each_bowl_carries_its_own_action():
    # SEED: "La acción militar está asignada a esta bandeja" - bowl III is the military bowl;
    # the circle runs seaport, forum, military, senate, Trajan, construction (brief §3.1).
    expected = ["seaport", "forum", "military", "senate", "trajan", "construction"]
    for bowl, action in enumerate(expected):
        state = fresh()
        bowls = [""] * 6
        bowls[(bowl - 1) % 6] = "B"
        bowls[(bowl + 3) % 6] = "BYYGGOOPPWW"
        state.players[0].bowls = tuple(bowls)
        state.players[0].hand = ("wine",)
        state = do(state, f"bowl {(bowl - 1) % 6 + 1}")
        assert state.target == bowl
        assert kind_of(state) == action
