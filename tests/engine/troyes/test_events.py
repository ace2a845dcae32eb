"""Phase 3: events, black dice and countering (troyes.md §4 Phase 3, §8, §11)."""

from typing import Any

from engine.troyes.events import EventCompleted
from engine.troyes.rules import flow
from engine.troyes.state import TroyesState
from tests.engine.troyes.helpers import ctx, play, table, texts


def counter_table(black: list[int], dice0: list[tuple[str, int]], **fields: Any) -> TroyesState:
    s = table(3, **fields)
    s.phase, s.kind, s.black = "events", "counter", list(black)
    s.districts = [list(dice0), [("white", 1)], [("yellow", 6)], []]
    return s


def test_red_dice_count_double_against_black_dice_and_give_influence():
    s = counter_table([6], [("red", 3), ("white", 2)], influence=[4, 4, 4])
    assert "counter red 3" in texts(s)
    s, _ = play(s, "counter red 3")
    assert s.black == []
    assert s.influence[0] == 5
    assert s.districts[0] == [("white", 2)]
    assert s.phase == "actions"


def test_several_dice_of_any_colour_can_be_combined():
    s = counter_table([5], [("white", 2), ("yellow", 3)])
    s, _ = play(s, "counter white 2")
    assert s.black == [5]  # 2 is not enough yet
    s, _ = play(s, "counter yellow 3")
    assert s.black == []
    assert s.districts[0] == []


def test_failing_to_counter_costs_two_vp_and_keeps_the_dice():
    s = counter_table([6], [("white", 2), ("yellow", 3)], vp=[5, 0, 0])
    assert texts(s) == ["influence", "concede"]
    s, _ = play(s, "concede")
    assert s.vp[0] == 3
    assert s.districts[0] == [("white", 2), ("yellow", 3)]
    assert s.black == []


def test_a_player_able_to_counter_may_not_take_the_penalty_instead():
    s = counter_table([4], [("red", 2)])
    assert "concede" not in texts(s)


def test_the_next_player_counters_the_highest_remaining_black_die():
    s = counter_table([5, 2], [("white", 5)])
    s, _ = play(s, "counter white 5")
    assert s.turn == 1
    assert s.kind == "counter"
    assert texts(s) == ["influence", "counter white 1"] or "concede" in texts(s)
    s, _ = play(s, "concede")  # white 1 cannot beat 2
    assert s.phase == "actions"


def test_a_player_may_counter_more_black_dice_than_the_highest():
    s = counter_table([6, 2], [("red", 3), ("white", 2)], influence=[0, 0, 0])
    s, _ = play(s, "counter red 3")
    assert texts(s) == ["counter next 2", "stop"]
    s, _ = play(s, "counter next 2", "counter white 2")
    assert s.influence[0] == 2
    assert s.black == []


def test_buying_dice_and_card_cubes_are_not_offered_against_black_dice():
    s = counter_table([3], [("red", 2)])
    s.districts[1] = [("red", 6)]
    s.card_cubes = {c: [1, 1, 1] for c in s.activity}
    assert all(not t.startswith(("die", "cube")) for t in texts(s))
    assert "counter red 6" not in texts(s)


def test_influence_can_be_used_before_countering():
    s = counter_table([6], [("white", 1)], influence=[5, 0, 0])
    s, _ = play(s, "influence", "flip", "flip white 1")
    assert s.districts[0] == [("white", 6)]
    assert s.influence[0] == 1
    s, _ = play(s, "back")
    assert "counter white 6" in texts(s)


def _events_start(queue: list[str], **fields: Any) -> TroyesState:
    s = table(3, districts=[[("white", 1)], [], [], []], **fields)
    s.queue = list(queue)
    s.event_cubes = {e: [0, 0, 0] for e in queue}
    s.decks = {"red": [], "white": [], "yellow": []}
    flow.start_events(ctx(s))
    return s


def test_every_red_event_in_the_queue_brings_its_black_dice_each_round():
    s = _events_start(["marauding", "war"])
    assert len(s.black) == 3
    assert s.turn == s.start


def test_black_dice_are_limited_to_the_six_in_the_box():
    s = _events_start(["marauding", "war", "red_event_e", "red_event_f"])
    assert len(s.black) == 6


def test_revealing_adds_the_red_event_and_the_colour_it_names():
    s = table(3)
    s.queue, s.event_cubes = ["marauding"], {"marauding": [0, 0, 0]}
    s.decks = {"red": ["war", "red_event_a"], "white": ["heresy"], "yellow": ["drought"]}
    flow.start_events(ctx(s))
    assert s.queue == ["marauding", "war", "heresy"]  # War names a white companion
    assert s.decks["red"] == ["red_event_a"]


def test_not_suffering_an_event_in_full_costs_two_vp_per_card():
    s = _events_start(
        ["heresy", "white_event_b"], influence=[1, 4, 4], deniers=[0, 9, 9], vp=[5, 5, 5]
    )
    assert s.influence == [0, 2, 2]
    assert s.deniers == [0, 6, 6]
    assert s.vp == [1, 5, 5]  # -2 for Heresy, -2 for the denier event


def test_an_event_is_won_by_the_cube_majority_and_leaves_the_queue():
    s = table(3, districts=[[("red", 6)], [("white", 1)], [], []], vp=[0, 0, 0])
    s.queue, s.event_cubes = ["marauding", "war"], {"marauding": [0, 0, 0], "war": [0, 3, 0]}
    s, log = play(s, "event war", "die 0 red 6")  # 2 cubes' worth, 1 space left
    assert s.queue == ["marauding"]
    assert s.won[1] == ["war"]  # seat 1 had the majority
    assert s.vp == [0, 4, 0]
    assert any(isinstance(e, EventCompleted) and e.winner == 1 for e in log)


def test_the_marauding_event_stays_in_play_when_filled_and_its_cubes_go_back():
    s = table(
        3, districts=[[("red", 6)], [("white", 1)], [], []], vp=[0, 0, 0], influence=[0, 0, 0]
    )
    s.queue, s.event_cubes = ["marauding"], {"marauding": [0, 0, 0]}
    s, log = play(s, "event marauding", "die 0 red 6", "times 2")
    assert s.queue == ["marauding"]
    assert s.event_cubes["marauding"] == [0, 0, 0]
    assert s.won == [[], [], []]  # nobody takes the card
    assert s.vp[0] == 2
    assert s.influence[0] == 2  # 1 influence per cube placed
    assert any(isinstance(e, EventCompleted) and e.winner == -1 for e in log)


def test_tied_majorities_share_the_vp_and_the_filler_takes_the_card():
    s = table(3, districts=[[("white", 1)], [], [("red", 3)], []], turn=2, vp=[0, 0, 0])
    s.queue, s.event_cubes = ["heresy"], {"heresy": [1, 1, 0]}
    s, _ = play(s, "event heresy", "die 2 red 3")
    assert s.vp == [1, 1, 1]
    assert s.won[2] == ["heresy"]


def test_several_black_dice_countered_at_once_share_one_group_of_dice():
    # troyes.md §4 Phase 3 (A: "May counter several dice at once"; seed FAQ: "contrarrestar
    # varios dados negros a la vez: el de mayor valor más los que elijas"): one group of dice
    # whose total (red doubled) reaches the black dice together, so the surplus carries over.
    s = counter_table([4, 2], [("red", 3)], influence=[0, 0, 0])
    s, _ = play(s, "counter red 3")  # worth 6: 4 for the highest, 2 left over
    assert texts(s) == ["counter next 2", "stop"]
    s, _ = play(s, "counter next 2")
    assert s.black == []
    assert s.influence[0] == 2
    assert s.phase == "actions"


def test_the_surplus_and_new_dice_together_counter_the_next_black_die():
    s = counter_table([5, 3], [("white", 3), ("white", 3), ("yellow", 2)], influence=[0, 0, 0])
    s, _ = play(s, "counter white 3", "counter white 3")  # 6 against 5: 1 left over
    assert s.black == [3]
    assert texts(s) == ["counter next 3", "stop"]  # 1 carried + yellow 2 reach 3
    s, _ = play(s, "counter next 3", "counter yellow 2")
    assert s.black == []
    assert s.districts[0] == []
    assert s.influence[0] == 2
