"""Phase 4 actions: dice buying, cards, craftsmen, cubes, Cathedral, agriculture, citizens,
influence (troyes.md §5, troyes-cards.md R1-R9)."""

from typing import Any

import pytest

from engine.troyes.state import NEUTRAL, TroyesState
from tests.engine.troyes.helpers import play, table, texts

CARDS = ("archer", "merchant", "monk", "blacksmith", "militia", "priest", "tithing",
         "apprenticeship", "templar")  # fmt: skip
SPARE = [("white", 1)]  # a die left elsewhere, so the round does not end mid-test


def war_table(districts: list[list[tuple[str, int]]], **fields: Any) -> TroyesState:
    s = table(3, cards=CARDS, districts=districts, **fields)
    s.queue, s.event_cubes = ["marauding", "war"], {"marauding": [0, 0, 0], "war": [0, 0, 0]}
    return s


@pytest.mark.parametrize(
    ("dice", "moves", "paid"),
    [
        ([("red", 6)], ["die 1 red 6"], 2),
        ([("red", 6), ("red", 5)], ["die 1 red 6", "die 1 red 5"], 8),
        ([("red", 6), ("red", 5), ("red", 4)], ["die 1 red 6", "die 1 red 5", "die 1 red 4"], 18),
    ],
)
def test_rival_dice_cost_two_four_six_each_by_group_size_paid_to_the_owner(dice, moves, paid):
    s = war_table([[], dice, SPARE, []], deniers=[20, 0, 0])
    s, _ = play(s, "event war", *moves)
    if s.kind == "count":
        s, _ = play(s, "times 1")
    assert s.deniers[0] == 20 - paid
    assert s.deniers[1] == paid


def test_own_dice_are_free_and_mixed_groups_pay_only_for_bought_dice():
    s = war_table([[("red", 6)], [("red", 5)], SPARE, []], deniers=[20, 0, 0])
    s, _ = play(s, "event war", "die 0 red 6", "die 1 red 5", "times 1")
    assert s.deniers[:2] == [16, 4]  # one bought die in a group of two: 4


def test_neutral_dice_are_paid_to_the_bank():
    s = war_table([[], [], SPARE, [("red", 6)]], deniers=[20, 0, 0])
    s, _ = play(s, "event war", "die 3 red 6", "times 1")
    assert s.deniers == [18, 0, 0]


def test_dice_you_cannot_afford_are_not_offered():
    s = war_table([[], [("red", 6), ("red", 5)], SPARE, []], deniers=[3, 0, 0])
    s, _ = play(s, "event war", "die 1 red 6")
    assert not any(t.startswith("die 1") for t in texts(s))  # a second die would cost 8


def test_hiring_a_craftsman_pays_the_cost_and_activations_are_pips_over_the_divisor():
    s = table(3, cards=CARDS, districts=[[("yellow", 6), ("yellow", 4)], SPARE, [], []],
              deniers=[10, 0, 0], supply=[1, 0, 0])  # fmt: skip
    s, _ = play(s, "card merchant")
    assert s.kind == "craftsman"  # from the supply or from a building (R3)
    s, _ = play(s, "craftsman supply", "die 0 yellow 6", "die 0 yellow 4")
    assert texts(s) == ["times 1", "times 2", "times 3"]  # 10 // 3; fewer is allowed
    supply = s.supply[0]
    s, _ = play(s, "times 2")
    assert s.deniers[0] == 10 - 3 + 2 * 2
    assert s.craftsmen["merchant"][0] == 0
    assert s.supply[0] == supply - 1


def test_a_player_has_one_craftsman_per_card_and_is_not_asked_again():
    s = table(3, cards=CARDS, districts=[[("yellow", 6), ("yellow", 3)], SPARE, [], []])
    s.craftsmen["merchant"] = [1, 0, None, None]
    s, _ = play(s, "card merchant")
    assert s.kind == "dice"
    assert s.craftsmen["merchant"].count(0) == 1


def test_a_craftsman_may_come_from_a_building():
    s = table(3, cards=CARDS, districts=[[("yellow", 6)], SPARE, [], []], supply=[0, 0, 0])
    s.buildings[0] = [0, 1, 1, 2, 2, NEUTRAL]
    s.buildings[1] = [1, 1, 2, 2, NEUTRAL, NEUTRAL]
    s.buildings[2] = [0, 0, 1, 2, 2, NEUTRAL]
    s, _ = play(s, "card merchant")
    assert texts(s) == ["craftsman palace", "craftsman city_hall", "back"]
    s, _ = play(s, "craftsman palace", "die 0 yellow 6", "times 2")
    assert s.buildings[0] == [None, 1, 1, 2, 2, NEUTRAL]
    assert s.craftsmen["merchant"][0] == 0


def test_delayed_cards_take_one_cube_per_activation_and_a_cube_modifies_one_action():
    s = war_table([[("yellow", 6), ("yellow", 6), ("red", 2)], SPARE, [], []])
    s.craftsmen["blacksmith"] = [0, None, None, None]
    s, _ = play(s, "card blacksmith", "die 0 yellow 6", "die 0 yellow 6", "times 3")
    assert s.card_cubes["blacksmith"][0] == 3
    s.turn = 0
    s = s.clone()
    s.turn, s.kind = 0, "turn"
    s, _ = play(s, "event war")
    assert texts(s) == ["cube blacksmith", "back"]  # a red 2 alone cannot fight (divisor 3)
    s, _ = play(s, "cube blacksmith", "die 0 red 2")  # 2 + 5 = 7: two cubes
    s, _ = play(s, "times 2")
    assert s.event_cubes["war"][0] == 2
    assert s.card_cubes["blacksmith"][0] == 2


@pytest.mark.parametrize(
    ("card", "dice", "deniers"),
    [
        ("monk", [("white", 4)], 6),  # 1 white 4 = three yellow 4s: 12 pips -> 6 deniers
        ("priest", [("yellow", 1), ("yellow", 1)], 4),  # +3 each: 8 pips -> 4
        ("apprenticeship", [("red", 1), ("white", 1)], 5),  # each die counts 5, colours mixed
    ],
)
def test_card_cubes_change_the_group_for_agriculture(card, dice, deniers):
    s = table(3, cards=CARDS, districts=[list(dice), SPARE, [], []], deniers=[0, 0, 0])
    s.card_cubes[card][0] = 1
    s, _ = play(s, "agriculture", f"cube {card}")
    for colour, value in dice:
        s, _ = play(s, f"die 0 {colour} {value}")
    if s.kind == "dice":
        s, _ = play(s, "dice done")
    assert s.deniers[0] == deniers
    assert s.card_cubes[card][0] == 0


def test_tithing_takes_one_yellow_die_free_from_each_district():
    districts = [[("yellow", 2)], [("yellow", 6)], [("yellow", 5), ("white", 1)], []]
    s = table(3, cards=CARDS, districts=districts, deniers=[0, 0, 0])
    s.card_cubes["tithing"][0] = 1
    s, _ = play(s, "agriculture", "cube tithing", "die 1 yellow 6", "die 2 yellow 5")
    assert "die 1 yellow 6" not in texts(s)
    s, _ = play(s, "die 0 yellow 2")
    assert s.deniers == [6, 0, 0]  # 13 pips // 2, nothing paid


def test_militia_and_templar_turn_dice_red():
    s = war_table([[("yellow", 3), ("white", 3)], SPARE, [], []])
    s.card_cubes["militia"][0] = 1
    s.card_cubes["templar"][0] = 1
    s, _ = play(s, "event war")
    assert texts(s) == ["cube militia", "cube templar", "back"]  # no red die: a cube is needed
    s, _ = play(s, "cube templar", "die 0 white 3", "times 2")  # two red 3s: 6 pips
    assert s.event_cubes["war"][0] == 2


def test_building_the_cathedral_gives_a_vp_and_the_printed_influence_per_cube():
    s = table(3, cards=CARDS, districts=[[("white", 6), ("white", 6)], SPARE, [], []],
              vp=[0, 0, 0], influence=[0, 0, 0])  # fmt: skip
    s, _ = play(s, "cathedral", "die 0 white 6", "die 0 white 6", "dice done", "times 3")
    assert s.cathedral[0] == [0, 0, 0]
    assert s.vp[0] == 3
    assert s.influence[0] == 3


def test_agriculture_turns_yellow_pips_into_deniers():
    s = table(3, cards=CARDS, districts=[[("yellow", 5)], SPARE, [], []], deniers=[0, 0, 0])
    s, _ = play(s, "agriculture", "die 0 yellow 5")
    assert s.deniers[0] == 2


def test_the_archer_puts_cubes_on_events_of_your_choice():
    s = war_table([[("red", 4)], SPARE, [], []], influence=[0, 0, 0])
    s.craftsmen["archer"] = [0, None, None, None]
    s, _ = play(s, "card archer", "die 0 red 4", "times 2")
    assert texts(s) == ["cube on marauding", "cube on war"]
    s, _ = play(s, "cube on war", "cube on war")
    assert s.event_cubes["war"][0] == 2
    assert s.influence[0] == 2


def test_a_palace_citizen_replaces_the_one_on_the_die_s_space():
    s = table(3, cards=CARDS, districts=[[("red", 3)], SPARE, [], []], supply=[1, 0, 0])
    s.buildings[0] = [1, 1, 2, 2, NEUTRAL, 1]
    s, _ = play(s, "citizen palace", "die 0 red 3")
    assert s.buildings[0] == [1, 1, 0, 2, NEUTRAL, 1]
    assert s.lying[0] == [2]
    assert s.supply[0] == 0


def test_bishopric_citizens_shift_right_and_the_last_one_is_expelled():
    s = table(3, cards=CARDS, districts=[[("white", 2)], SPARE, [], []], supply=[1, 0, 0])
    s.buildings[1] = [NEUTRAL, 1, 2, NEUTRAL, 1, 2]
    s, _ = play(s, "citizen bishopric", "die 0 white 2")
    assert s.buildings[1] == [NEUTRAL, 0, 1, 2, NEUTRAL, 1]
    assert s.lying[1] == [2]


def test_no_citizen_may_expel_a_colour_already_lying_on_that_building():
    s = table(3, cards=CARDS, districts=[[("red", 3), ("red", 4)], SPARE, [], []], supply=[1, 0, 0])
    s.buildings[0] = [1, 1, 2, 1, NEUTRAL, 1]
    s.lying[0] = [2]
    s, _ = play(s, "citizen palace")
    assert texts(s) == ["die 0 red 4", "back"]


def test_without_a_citizen_in_supply_no_placement_is_offered():
    s = table(3, cards=CARDS, districts=[[("red", 3)], SPARE, [], []], supply=[0, 0, 0])
    assert not any(t.startswith("citizen") for t in texts(s))


def test_influence_rerolls_flips_and_hires_only_with_own_dice():
    s = table(3, cards=CARDS, districts=[[("red", 2), ("white", 5)], [("red", 6)], [], []],
              influence=[10, 0, 0], supply=[0, 0, 0])  # fmt: skip
    s, _ = play(s, "influence")
    assert texts(s) == ["reroll red 2", "reroll white 5", "flip", "hire", "back"]
    s, _ = play(s, "flip", "flip red 2", "flip white 5")  # all own dice chosen: flipped
    assert sorted(s.districts[0]) == [("red", 5), ("white", 2)]
    s, _ = play(s, "hire", "reroll red 5")
    assert s.influence[0] == 10 - 4 - 2 - 1
    assert s.supply[0] == 1


def test_twelve_citizens_is_the_cap_for_hiring():
    s = table(3, cards=CARDS, districts=[[("red", 2)], SPARE, [], []], influence=[10, 0, 0])
    s.supply[0] = 12 - sum(row.count(0) for row in s.buildings)
    s, _ = play(s, "influence")
    assert "hire" not in texts(s)


def test_backing_out_of_a_choice_removes_it_for_this_turn():
    s = war_table([[("red", 6)], SPARE, [], []])
    s, _ = play(s, "event war", "back")
    assert "event war" not in texts(s)
    assert "event marauding" in texts(s)


def test_paying_cards_are_limited_by_what_the_player_can_still_pay():
    s = table(3, cards=("journeyman",), districts=[[("yellow", 6)] * 3, SPARE, [], []],
              deniers=[9, 0, 0], vp=[0, 0, 0])  # fmt: skip
    s.craftsmen["journeyman"] = [0, None, None, None]
    s, _ = play(s, "card journeyman", "die 0 yellow 6", "die 0 yellow 6", "die 0 yellow 6")
    assert texts(s) == ["times 1", "times 2", "times 3"]  # 18 pips allow 6; 9 deniers pay 3
    s, _ = play(s, "times 3")
    assert (s.deniers[0], s.vp[0]) == (0, 6)


def test_a_paying_card_is_offered_when_exactly_one_use_is_affordable():
    s = table(
        3, cards=("journeyman",), districts=[[("yellow", 3)], SPARE, [], []], deniers=[3, 0, 0]
    )
    s.craftsmen["journeyman"] = [0, None, None, None]
    assert "card journeyman" in texts(s)
    s.deniers = [2, 0, 0]
    assert "card journeyman" not in texts(s.clone())


def test_a_monk_cube_works_on_a_bought_white_die_for_two_deniers():
    # troyes-cards.md D: "exactly one white die (if bought, it costs 2 deniers)".
    s = table(
        3, cards=CARDS, districts=[[], [("white", 5)], [("yellow", 1)], []], deniers=[2, 0, 0]
    )
    s.card_cubes["monk"][0] = 1
    s, _ = play(s, "agriculture", "cube monk", "die 1 white 5")
    assert s.deniers[:2] == [7, 2]  # paid 2 to seat 1, then 15 pips // 2 = 7 deniers


def test_a_menu_longer_than_25_groups_the_events_behind_one_entry():
    events = ["marauding", "war", "red_event_a", "red_event_b", "red_event_c", "red_event_d",
              "red_event_e", "red_event_f", "heresy", "drought", "excommunication"]  # fmt: skip
    cards = ("archer", "merchant", "monk", "blacksmith", "militia", "priest", "mercenary",
             "innkeeper", "pilgrimage")  # fmt: skip
    dice = [("red", 6), ("red", 5), ("white", 6), ("white", 5), ("yellow", 6), ("yellow", 5)]
    s = table(3, cards=cards, districts=[dice, SPARE, [], []], deniers=[30, 0, 0], supply=[2, 0, 0])
    s.queue, s.event_cubes = events, {e: [0, 0, 0] for e in events}
    s.craftsmen = {c: [0, None, None, None] for c in cards}
    options = texts(s)
    assert len(options) <= 25
    assert "events" in options
    s, _ = play(s, "events")
    assert len(texts(s)) == len(events) + 1  # every event, and back


def test_a_colour_changing_cube_may_place_a_citizen_but_a_value_changing_one_may_not():
    # troyes-cards.md §7.1 (appendix D): the Blacksmith may not change a die placed in the
    # Palace, the Priest one placed in the City Hall, so cubes are usable on placements; the
    # Militia's yellow dice count as red dice with the same values, so one may enter the Palace.
    s = table(3, cards=CARDS, districts=[[("yellow", 3)], SPARE, [], []], supply=[1, 0, 0])
    s.buildings[0] = [1, 1, 2, 2, NEUTRAL, 1]
    s.card_cubes["militia"][0] = 1
    s.card_cubes["blacksmith"][0] = 1
    s.card_cubes["apprenticeship"][0] = 1
    assert "citizen palace" in texts(s)
    s, _ = play(s, "citizen palace")
    assert texts(s) == ["cube militia", "back"]  # the Blacksmith and Apprenticeship change values
    s, _ = play(s, "cube militia", "die 0 yellow 3")
    assert s.buildings[0] == [1, 1, 0, 2, NEUTRAL, 1]
    assert s.lying[0] == [2]
    assert s.card_cubes["militia"][0] == 0
    assert s.card_cubes["blacksmith"][0] == 1


def test_the_priest_cube_is_not_offered_for_a_city_hall_placement():
    s = table(3, cards=CARDS, districts=[[("yellow", 2)], SPARE, [], []], supply=[1, 0, 0])
    s.card_cubes["priest"][0] = 1
    s, _ = play(s, "citizen city_hall")
    assert texts(s) == ["die 0 yellow 2", "back"]


def test_a_bishopric_with_a_free_space_expels_nobody():
    # Seed FAQ: in the Bishopric and City Hall citizens shift right and one is expelled only
    # "si la fila está llena". A space freed by a craftsman may lie left of the die's space:
    # the citizens between close the gap instead of pushing one out.
    s = table(3, cards=CARDS, districts=[[("white", 3)], SPARE, [], []], supply=[1, 0, 0])
    s.buildings[1] = [None, 1, 2, NEUTRAL, 1, 2]
    s, _ = play(s, "citizen bishopric", "die 0 white 3")
    assert s.buildings[1] == [1, 2, 0, NEUTRAL, 1, 2]
    assert s.lying[1] == []
