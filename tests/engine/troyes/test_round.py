"""Phases 1, 2 and 5 and the end of the game (troyes.md §4, §6)."""

from engine.troyes.events import RoundEnded
from engine.troyes.rules import flow
from engine.troyes.rules import round as round_rules
from engine.troyes.scoring import final_scores
from engine.troyes.state import NEUTRAL
from tests.engine.troyes.helpers import CAT, ENGINE, ctx, placed, play, table


def test_income_is_ten_then_salaries_two_palace_one_bishopric_nothing_city_hall():
    s = placed(3).clone()
    s.buildings = [[0, 0, 1, 1, 2, 2], [0, 1, 1, 2, 2, NEUTRAL], [0, 0, 0, 1, 2, 2]]
    s.deniers = [5, 5, 5]
    round_rules.income(ctx(s))
    assert s.deniers == [5 + 10 - 5, 5 + 10 - 6, 5 + 10 - 6]


def test_unpaid_salaries_take_everything_and_a_flat_two_vp_but_never_below_zero():
    s = placed(3).clone()
    s.buildings = [[0] * 6, [1] * 6, [2] * 6]  # seat 0 owes 12, seat 1 owes 6
    s.deniers, s.vp = [1, 0, 0], [5, 5, 0]
    round_rules.income(ctx(s))
    assert s.deniers == [0, 4, 10]
    assert s.vp == [3, 5, 0]
    s.deniers, s.vp = [0, 0, 0], [0, 0, 0]
    round_rules.income(ctx(s))
    assert s.vp == [0, 0, 0]


def test_workforce_rolls_one_die_of_the_building_colour_per_standing_citizen():
    s = placed(3).clone()
    s.buildings = [[0, 0, 1, NEUTRAL, 2, 2], [0, 1, 1, 2, 2, NEUTRAL], [0, 0, 0, 1, 2, None]]
    s.lying = [[1], [], []]
    round_rules.workforce(ctx(s))
    colours = [sorted(c for c, _ in d) for d in s.districts]
    assert colours[0] == ["red", "red", "white", "yellow", "yellow", "yellow"]
    assert colours[1] == ["red", "white", "white", "yellow"]
    assert colours[3] == ["red", "white"]  # the neutral district
    assert all(1 <= v <= 6 for d in s.districts for _, v in d)


def test_end_of_round_pays_the_pots_sends_citizens_home_and_moves_the_start_player():
    s = table(3, round=1, pot=[3, 0, 2], lying=[[1, NEUTRAL], [], [2]])
    s.supply = [0, 0, 0]
    before = s.neutral_supply
    c = ctx(s)
    flow.end_round(c)
    assert s.deniers[0] >= 3  # then round 2 income and salaries follow
    assert s.lying == [[], [], []]
    assert s.supply == [0, 1, 1]
    assert s.neutral_supply == before + 1
    assert s.start == 1
    assert s.round == 2


def test_tournament_order_turns_the_last_round_counter_clockwise():
    s = ENGINE.new_state({"tournament": "on"}, 3, 1)
    s = table(3, round=4, options=s.options)
    c = ctx(s)
    flow.end_round(c)  # end of the penultimate round: the card goes to the right
    assert s.start == 2
    assert s.round == 5
    assert s.direction == -1


def test_the_game_ends_after_the_round_of_the_last_red_event():
    s = table(2, round=4)
    flow.end_round(ctx(s))
    assert s.phase == "over"
    assert s.pending is None
    assert ENGINE.result(s) is not None
    view = ENGINE.view(s, None)
    assert all(p.vp is not None and p.characters is not None for p in view.players)


def test_final_scoring_counts_every_category_and_every_revealed_character():
    s = table(2, cards=("merchant", "monk", "archer"))
    s.vp = [10, 4]
    s.queue, s.event_cubes = ["marauding", "war"], {"marauding": [1, 0], "war": [2, 1]}
    s.craftsmen["merchant"] = [1, 0, None, None]
    s.cathedral = [[0, 1], [0], []]
    s.characters = [["henri_i", "urbain_iv"], ["hugues_de_payns", "thibaud_ii"]]
    s.won = [["heresy", "drought", "excommunication"], []]
    s.influence, s.deniers = [3, 15], [22, 4]
    b = final_scores(s, CAT)
    assert b[0]["play"] == 10
    assert b[0]["events"] == 2  # present on two uncountered events
    assert b[1]["events"] == 1
    assert b[0]["craftsmen"] == CAT.cards["merchant"].spaces_vp[1]
    assert b[1]["craftsmen"] == CAT.cards["merchant"].spaces_vp[0]
    assert b[0]["cathedral"] == -2  # no cube on level 3
    assert b[1]["cathedral"] == -4
    # Every player scores all four revealed characters, not only their own.
    # Seat 0: Henri 3 events -> 3, Urban 2 cubes -> 1, Thibaud 22 deniers -> 3.
    assert b[0]["characters"] == 3 + 1 + 3
    # Seat 1: Urban 1 cube -> 0, Hugues 15 influence -> 6, Thibaud 4 deniers -> 0.
    assert b[1]["characters"] == 6


def test_ties_break_on_deniers_then_influence_else_share_the_rank():
    s = table(3)
    s.phase = "over"
    s.vp, s.deniers, s.influence = [5, 5, 5], [1, 2, 2], [0, 0, 0]
    s.cathedral = [[0, 1, 2]] * 3
    s.characters = [[], [], []]
    result = ENGINE.result(s)
    assert result is not None
    assert result.scores[0] == result.scores[1] == result.scores[2]
    assert result.ranks == (3, 1, 1)


def test_passing_gives_two_deniers_then_one_per_later_action_collected_at_round_end():
    s = table(3, districts=[[], [("red", 6)], [("red", 5)], []], deniers=[5, 5, 5])
    s.queue, s.event_cubes = ["war"], {"war": [0, 0, 0]}
    s, _ = play(s, "pass")
    assert s.pot == [2, 0, 0]
    assert s.turn == 1
    s, _ = play(s, "event war", "die 1 red 6", "dice done", "times 1")
    assert s.pot == [3, 0, 0]
    assert s.turn == 2  # seat 0 has passed and is skipped
    s, log = play(s, "pass", "event war", "die 2 red 5")  # no die left: the round ends
    ended = [e for e in log if isinstance(e, RoundEnded)]
    assert ended[0].pots == (4, 0, 3)
