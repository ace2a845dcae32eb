"""The Ladies of Troyes (issue 3): the rule bullets test_ladies.py left without a scenario.

Each test names the bullet of the issue (troyes.md §10, seed 002) it shows.
"""

from dataclasses import replace
from itertools import pairwise

import pytest

from engine.core.errors import IllegalMoveError
from engine.core.play import parse_action
from engine.troyes.events import OuterUsed, RoundEnded
from engine.troyes.game import TroyesEngine
from engine.troyes.rules import flow
from engine.troyes.rules.ladies_setup import black_cap
from engine.troyes.scoring import final_scores
from engine.troyes.state import NEUTRAL, WILD, TroyesState
from tests.engine.troyes.helpers import (
    ALL,
    CAT,
    ENGINE,
    FACE,
    ctx,
    ladies_game,
    play,
    table,
    texts,
    walls_table,
)

# ---- characters ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lady", "building", "cards"),
    [
        ("jeanne_de_champagne", 2, ("merchant", "militia", "archer")),
        ("isabeau_de_baviere", 0, ("archer", "catapult", "priest")),
        ("marie_de_champagne", 1, ("priest", "tithing", "merchant")),
    ],
)
def test_each_lady_counts_citizens_in_her_building_and_craftsmen_on_its_colour(
    lady, building, cards
):
    # cards: two of the lady's colour, one of another colour (which never counts).
    s = table(2, cards=cards)
    s.characters, s.revealed = [[], []], [lady]
    s.buildings = [[NEUTRAL] * 6 for _ in range(3)]
    s.buildings[building] = [0, 0, NEUTRAL, 1, NEUTRAL, NEUTRAL]
    s.craftsmen = {cards[0]: [0, 1, None, None], cards[1]: [0, None, None, None],
                   cards[2]: [0, 1, None, None]}  # fmt: skip
    scores = final_scores(s, CAT)
    assert [b["characters"] for b in scores] == [3, 1]  # 2 + 2 -> 3 VP; 1 + 1 -> 1 VP


@pytest.mark.parametrize("seats", [3, 4])
def test_with_three_or_four_players_each_gets_one_of_the_nine_characters(seats):
    seen = set()
    for seed in range(10):
        s = ENGINE.new_state({"new_characters": "on"}, seats, seed)
        assert [len(h) for h in s.characters] == [1] * seats
        assert s.revealed == []
        seen |= {c for h in s.characters for c in h}
    assert {CAT.characters[c].box for c in seen} == {"base", "ladies"}


def test_the_reveal_variant_alone_reveals_a_base_character_scored_by_everyone():
    s = ENGINE.new_state({"reveal_character": "on"}, 3, 4)
    assert len(s.revealed) == 1
    assert CAT.characters[s.revealed[0]].box == "base"
    assert s.revealed[0] not in [c for h in s.characters for c in h]
    assert list(ENGINE.view(s, None).revealed) == s.revealed  # public: every view shows it
    t = table(2)
    t.characters, t.revealed = [["hugues_de_payns"], ["thibaud_ii"]], ["henri_i"]
    t.won = [["war", "drought", "wolves", "heresy", "monk_event"], []]
    both = [b["characters"] for b in final_scores(t, CAT)]
    t.revealed = []
    alone = [b["characters"] for b in final_scores(t, CAT)]
    assert both[0] > alone[0]  # the revealed Henri scores for seat 0 too, not in its hand


# ---- activity cards -----------------------------------------------------------------------


def test_mixed_activity_pools_still_hold_one_card_per_colour_and_level():
    for seed in range(6):
        s = ENGINE.new_state({"new_activities": "mixed"}, 3, seed)
        cards = [CAT.cards[c] for c in s.activity]
        assert sorted((c.colour, c.level) for c in cards) == sorted(
            (col, lv) for col in ("red", "white", "yellow") for lv in (1, 2, 3)
        )


def test_a_real_mixed_card_first_places_cubes_then_never_places_and_spends_at_once():
    s = table(3, cards=("woodcutter",), districts=[[("yellow", 6), ("yellow", 3)], [], [], []])
    s.deniers, s.supply = [10, 0, 0], [1, 0, 0]
    s, _ = play(s, "card woodcutter", "craftsman supply", "die 0 yellow 6", "dice done")
    assert "mode use" not in texts(s)  # nothing to spend yet: the first activation places
    s, _ = play(s, *(["mode place"] if s.kind == "mode" else []))
    s, _ = play(s, "times 2") if s.kind == "count" else (s, [])
    assert s.card_cubes["woodcutter"][0] == 2
    deniers = s.deniers[0]
    s = s.clone()
    s.turn, s.kind, s.passed = 0, "turn", [False] * 3
    s, _ = play(s, "card woodcutter", "die 0 yellow 3", "mode use")
    s, _ = play(s, texts(s)[-1]) if s.kind == "count" else (s, [])
    assert s.card_cubes["woodcutter"][0] == 1  # 3 pips: one cube spent, none placed
    assert s.deniers[0] > deniers


def test_the_hermit_scores_nine_minus_every_cube_on_it_for_each_cube():
    s = table(3, cards=("hermit",))
    s.card_cubes["hermit"] = [2, 1, 0]
    assert [b["endgame"] for b in final_scores(s, CAT)] == [12, 6, 0]
    s.card_cubes["hermit"] = [1, 0, 0]
    assert [b["endgame"] for b in final_scores(s, CAT)] == [8, 0, 0]


# ---- purple die ---------------------------------------------------------------------------


def test_every_player_and_never_the_neutral_district_rolls_one_purple_die_each_round():
    s = ENGINE.new_state({"purple_die": "on"}, 4, 2)
    rounds = 0
    while s.pending is not None and rounds < 3:
        before = s.round
        s = ENGINE.apply(s, ENGINE.legal_actions(s)[0]).state
        if s.round != before:
            rounds += 1
            counts = [sum(1 for c, _ in d if c == WILD) for d in s.districts]
            assert counts == [1, 1, 1, 1, 0]
    assert rounds == 3


@pytest.mark.parametrize("colour", ["red", "white", "yellow"])
def test_the_purple_die_takes_the_colour_its_owner_chooses_each_use(colour):
    card = {"red": "archer", "white": "priest", "yellow": "merchant"}[colour]
    s = table(2, cards=(card,), districts=[[(WILD, 4)], [], []], deniers=[10, 0], supply=[1, 0])
    s, _ = play(s, f"card {card}", "craftsman supply")
    assert texts(s)[:1] == [f"die 0 purple 4 as {colour}"]
    building = {"red": "palace", "white": "bishopric", "yellow": "city_hall"}[colour]
    s = table(2, districts=[[(WILD, 2)], [], []], supply=[1, 0])
    s, _ = play(s, f"citizen {building}")
    assert texts(s) == [f"die 0 purple 2 as {colour}", "back"]
    s = walls_table(districts=[[(WILD, 5)], [], [], []])
    s.guards = [4, 0, 0]  # gate II's reroll face (a white die pictured) within reach
    s, _ = play(s, "walls")
    assert [t for t in texts(s) if t != "back"] == [f"die 0 purple 5 as {c}" for c in
                                                    ("red", "white", "yellow")]  # fmt: skip


def test_on_the_walls_the_purple_die_is_offered_once_when_its_colour_changes_nothing():
    """Playtest item 125: "Tomar tu dado morado 4 (rojo)", "(blanco)", "(amarillo)"."""
    s = walls_table(districts=[[(WILD, 4), ("red", 2)], [], [], []])
    s, _ = play(s, "walls")  # no gate in reach pictures a die: the colour plays no part
    assert [t for t in texts(s) if t != "back"] == ["die 0 purple 4", "die 0 red 2"]
    [purple] = [a for a in ENGINE.legal_actions(s) if ENGINE.action_text(a) == "die 0 purple 4"]
    assert ENGINE.describe(purple, "es") == "Tomar tu dado morado 4"
    # A game stored before named a colour: it still replays, to the same events.
    older = ENGINE.apply(s, parse_action(ENGINE, s, "die 0 purple 4 as red"))
    assert list(older.events) == list(ENGINE.apply(s, purple).events)
    with pytest.raises(IllegalMoveError):
        ENGINE.apply(s, parse_action(ENGINE, s, "die 0 red 2 as white"))
    s, _ = play(s, "die 0 purple 4", "boost 0", "walk 4")
    assert s.guards[0] == 4
    # Every gate reached, none picturing a die: still once, and cubes go on every activity.
    s = walls_table(districts=[[(WILD, 3)], [], [], []])
    s.outer[1] = FACE["bonus_vp"]  # no reroll face: no gate pictures a die
    s.outer_cubes = {f: [0, 0, 0] for f in s.outer}
    s.guards = [20, 0, 0]
    s, _ = play(s, "walls", "die 0 purple 3", "boost 0")
    assert "outer 2" in texts(s)


def test_the_purple_die_is_not_a_coloured_die_on_the_board():
    # An outer reroll of a colour never touches it, and a tile's colour rule reads the colour
    # chosen for it.
    s = walls_table(districts=[[(WILD, 1)], [], [], []])
    s.outer_cubes[s.outer[1]][0] = 1  # the reroll face (white)
    assert "outer" not in texts(s)
    s = walls_table(districts=[[(WILD, 5)], [], [], []])
    s.guards = [10, 0, 0]
    s, _ = play(s, "walls", "die 0 purple 5 as white", "boost 0")
    assert "outer 2" not in texts(s)  # tile a pictures a white die
    s2 = walls_table(districts=[[(WILD, 5)], [], [], []])
    s2.guards = [10, 0, 0]
    s2, _ = play(s2, "walls", "die 0 purple 5 as red", "boost 0")
    assert "outer 2" in texts(s2)


def test_influence_may_flip_the_purple_die():
    s = table(2, districts=[[(WILD, 2)], [], []], influence=[10, 0])
    s, _ = play(s, "influence", "flip", "flip purple 2")  # the only die: flipped at once
    assert (WILD, 5) in s.districts[0]
    assert s.influence[0] == 10 - CAT.rules.flip_cost


# ---- walls and outer activities -----------------------------------------------------------


def test_outer_tiles_are_one_per_level_in_gate_order_with_a_random_side():
    sides: dict[int, set[tuple[int, str]]] = {1: set(), 2: set(), 3: set(), 4: set()}
    for seed in range(20):
        s = ENGINE.new_state({"walls": "on"}, 3, seed)
        assert [CAT.outer[f].level for f in s.outer] == [1, 2, 3, 4]
        assert s.guards == [0, 0, 0]
        assert s.outer_cubes == {f: [0, 0, 0] for f in s.outer}
        for f in s.outer:
            sides[CAT.outer[f].level].add((CAT.outer[f].tile, f))
    assert all(len(found) >= 2 for found in sides.values())


def test_no_access_before_the_gate_and_access_stays_once_passed():
    s = walls_table(districts=[[("red", 3), ("red", 2)], [], [], []])
    s.guards = [3, 0, 0]
    s.outer[0] = FACE["citizen_influence"]
    s.outer_cubes = {f: [0, 0, 0] for f in s.outer}
    s, _ = play(s, "walls", "die 0 red 3", "boost 0")
    assert texts(s) == ["walk 1", "walk 2", "walk 3", "wall done"]  # gate I not reached yet
    s, _ = play(s, "walk 2", "outer 1")  # reaching gate I opens its tile in the same action
    assert s.outer_cubes[s.outer[0]][0] == 1
    s = walls_table(districts=[[("red", 3), ("red", 2)], [], [], []])
    s.guards = [6, 0, 0]
    s.outer[0] = FACE["citizen_influence"]
    s.outer_cubes = {f: [0, 0, 0] for f in s.outer}
    s, _ = play(s, "walls", "die 0 red 3", "boost 0", "outer 1")
    assert s.outer_cubes[s.outer[0]][0] == 1  # passed gate I earlier: still accessible


def test_points_may_be_mixed_between_walking_and_cubes_in_one_action():
    s = walls_table(districts=[[("red", 4)], [("red", 1)], [], []])
    s.guards = [4, 0, 0]
    s.outer[0] = FACE["citizen_influence"]
    s.outer_cubes = {f: [0, 0, 0] for f in s.outer}
    s, _ = play(s, "walls", "from 0", "die 0 red 4", "boost 0", "walk 1", "outer 1", "walk 2")
    assert s.guards[0] == 7
    assert s.outer_cubes[s.outer[0]][0] == 1
    assert (s.turn, s.kind) == (1, "turn")  # every point spent: the action is over


def test_at_space_twenty_the_guard_walks_no_more_but_action_seven_places_cubes():
    s = walls_table(districts=[[("red", 3)], [], [], []])
    s.guards = [20, 0, 0]
    s.outer[0] = FACE["citizen_influence"]
    s.outer_cubes = {f: [0, 0, 0] for f in s.outer}
    s, _ = play(s, "walls", "die 0 red 3", "boost 0")
    assert not [t for t in texts(s) if t.startswith("walk")]
    assert "outer 1" in texts(s)
    s, _ = play(s, "outer 1")
    assert s.guards[0] == 20
    assert s.outer_cubes[s.outer[0]][0] == 1


def test_builders_guild_adds_two_vp_to_a_cathedral_cube_and_uses_a_cube():
    s = walls_table(districts=[[("white", 6), ("white", 5)], [], [], []])
    s.outer[1] = FACE["bonus_vp"]
    s.outer_cubes = {f: [0, 0, 0] for f in s.outer}
    s.outer_cubes[s.outer[1]][0] = 1
    s, _ = play(s, "cathedral", "die 0 white 5", "dice done")
    assert texts(s) == [f"bonus {s.outer[1]}", "no bonus"]
    s, log = play(s, f"bonus {s.outer[1]}")
    assert s.vp[0] == 1 + 2  # the Cathedral's VP, then the tile's
    assert s.outer_cubes[s.outer[1]][0] == 0
    assert any(isinstance(e, OuterUsed) for e in log)


def test_farmers_market_adds_five_deniers_to_agriculture():
    s = walls_table(districts=[[("yellow", 4)], [], [], []])
    s.outer[0] = FACE["agriculture_deniers"]
    s.outer_cubes = {f: [0, 0, 0] for f in s.outer}
    s.outer_cubes[s.outer[0]][0] = 1
    plain = walls_table(districts=[[("yellow", 4)], [], [], []])
    plain, _ = play(plain, "agriculture", "die 0 yellow 4")
    plain, _ = play(plain, *texts(plain)[-1:]) if plain.kind != "turn" else (plain, [])
    s, _ = play(s, "agriculture", "die 0 yellow 4")
    while s.kind != "bonus":
        s, _ = play(s, texts(s)[-1])
    s, _ = play(s, f"bonus {s.outer[0]}")
    assert s.deniers[0] == plain.deniers[0] + 5
    assert s.outer_cubes[s.outer[0]][0] == 0


def test_town_crier_adds_four_influence_to_a_citizen_placement():
    s = walls_table(districts=[[("red", 6)], [], [], []], supply=[2, 0, 0], influence=[0, 0, 0])
    s.outer[0] = FACE["citizen_influence"]
    s.outer_cubes = {f: [0, 0, 0] for f in s.outer}
    s.outer_cubes[s.outer[0]][0] = 1
    s, _ = play(s, "citizen palace", "die 0 red 6")
    assert texts(s) == [f"bonus {s.outer[0]}", "no bonus"]
    s, _ = play(s, f"bonus {s.outer[0]}")
    assert s.influence[0] == 4
    assert s.buildings[0][5] == 0


def test_storehouse_moves_a_cube_onto_a_delayed_card_when_one_is_activated():
    s = walls_table(cards=("priest", "tithing"), districts=[[("white", 6)], [], [], []])
    s.deniers, s.supply = [10, 0, 0], [0, 0, 0]
    s.craftsmen["priest"] = [0, None, None, None]
    s.outer[3] = FACE["move_cube"]
    s.outer_cubes = {f: [0, 0, 0] for f in s.outer}
    s.outer_cubes[s.outer[3]][0] = 1
    s, _ = play(s, "card priest", "die 0 white 6")
    while s.kind not in ("bonus", "turn"):
        s, _ = play(s, texts(s)[-1] if s.kind == "count" else texts(s)[0])
    assert f"bonus {s.outer[3]} tithing" in texts(s)
    before = s.card_cubes["priest"][0]
    s, _ = play(s, f"bonus {s.outer[3]} tithing")
    assert s.card_cubes["tithing"][0] == 1
    assert s.card_cubes["priest"][0] > before  # the activation's own cubes as usual
    assert s.outer_cubes[s.outer[3]][0] == 0


def test_a_card_cube_and_cubes_of_two_different_outer_activities_serve_one_action():
    s = walls_table(cards=("priest",), districts=[[("white", 1), ("white", 5)], [], [], []])
    s.outer[1] = FACE["reroll_die"]
    s.outer[2] = FACE["bonus_vp"]
    s.outer_cubes = {f: [0, 0, 0] for f in s.outer}
    s.outer_cubes[s.outer[1]][0] = 1
    s.outer_cubes[s.outer[2]][0] = 1
    s.card_cubes["priest"] = [1, 0, 0]
    s, _ = play(s, "outer", "outer reroll white 1")
    assert s.outer_cubes[s.outer[1]][0] == 0
    s, _ = play(s, "cathedral")
    if s.kind == "cube":
        s, _ = play(s, "cube priest")  # a delayed card's cube on the same action
    s, _ = play(s, "die 0 white 5", "dice done")
    while s.kind != "bonus":
        s, _ = play(s, texts(s)[-1])
    s, _ = play(s, f"bonus {s.outer[2]}")
    assert s.outer_cubes[s.outer[2]][0] == 0


def _toll_offered(engine: TroyesEngine = ENGINE) -> TroyesState:
    """Seat 0 activates the merchant; seats 1 and 2 each have a craftsman there and a toll cube."""
    s = walls_table(cards=("merchant",), districts=[[("yellow", 6)], [("red", 1)], [], []])
    s.deniers, s.supply = [10, 0, 0], [1, 0, 0]
    s.craftsmen["merchant"] = [None, 1, 2, None]
    s.outer_cubes[s.outer[2]] = [0, 1, 1]
    moves = ["card merchant", "craftsman supply", "die 0 yellow 6"]
    s = _moves(s, moves, engine)
    return _moves(s, ["times 1"], engine) if s.kind == "count" else s


def _moves(s: TroyesState, moves: list[str], engine: TroyesEngine = ENGINE) -> TroyesState:
    for move in moves:
        s = engine.apply(s, parse_action(engine, s, move)).state
    return s


def test_one_outer_activity_gives_one_cube_per_action_to_each_player_even_on_a_rivals_action():
    # Seed 002: "not 2 cubes from the same outer activity during the same action (even if the
    # action is performed by an opponent)", read per player (docs/rules-gaps.md): two rivals
    # may each take the toll on one activation, each with one cube.
    s = _toll_offered()
    assert s.pending is not None
    assert (s.pending.seat, s.pending.kind) == (1, "outer_craftsman")
    s = _moves(s, ["answer use"])
    assert s.pending is not None
    assert (s.pending.seat, s.pending.kind) == (2, "outer_craftsman")  # seat 2 is asked too
    s = _moves(s, ["answer use"])
    assert s.pending is not None
    assert s.pending.kind == "turn"
    assert s.outer_cubes[s.outer[2]] == [0, 0, 0]
    declined = _moves(_toll_offered(), ["answer decline"])
    assert declined.pending is not None
    assert (declined.pending.seat, declined.pending.kind) == (2, "outer_craftsman")


def test_under_the_earlier_edition_the_first_rival_to_use_an_outer_activity_closes_it():
    # Data without `outer_limit` (a game kept under an older edition) reads "table".
    older = TroyesEngine(replace(CAT, ladies=replace(CAT.ladies, outer_limit="table")))
    s = _toll_offered(older)
    assert s.pending is not None
    assert (s.pending.seat, s.pending.kind) == (1, "outer_craftsman")
    s = _moves(s, ["answer use"], older)
    assert s.pending is not None
    assert s.pending.kind == "turn"  # seat 2 is not asked
    assert s.outer_cubes[s.outer[2]] == [0, 0, 1]


def test_nobody_is_asked_when_the_reaction_is_not_possible():
    s = walls_table(cards=("merchant",), districts=[[("yellow", 6)], [("red", 1)], [], []])
    s.deniers, s.supply = [10, 0, 0], [1, 0, 0]
    s.craftsmen["merchant"] = [None, 1, None, None]  # seat 1 has a craftsman but no cube
    s.outer_cubes[s.outer[2]] = [0, 0, 1]  # seat 2 has a cube but no craftsman
    s, _ = play(s, "card merchant", "craftsman supply", "die 0 yellow 6")
    s, _ = play(s, "times 1") if s.kind == "count" else (s, [])
    assert s.pending is not None
    assert s.reactions == []
    assert s.pending.kind == "turn"


# ---- tournament and extra components ------------------------------------------------------


def test_a_tournament_game_passes_right_before_the_last_round_then_plays_counter_clockwise():
    s = ENGINE.new_state({"tournament": "on"}, 4, 3)
    starts, orders = [s.start], []
    while s.pending is not None:
        step = ENGINE.apply(s, ENGINE.legal_actions(s)[0])
        for event in step.events:
            if isinstance(event, RoundEnded):
                starts.append(event.start)
        if step.state.kind == "turn" and step.state.phase == "actions" and s.kind != "turn":
            orders.append((step.state.round, step.state.direction))
        s = step.state
    moves = [(b - a) % 4 for a, b in pairwise(starts)]
    assert moves[:-2] == [1] * (len(moves) - 2)
    assert moves[-2] == 3  # end of the penultimate round: to the right
    assert {d for r, d in orders if r == s.rounds} == {-1}
    assert {d for r, d in orders if r < s.rounds} == {1}


def test_the_last_round_turn_order_runs_counter_clockwise():
    s = table(4, round=5)
    s.options = {**s.options, "tournament": "on"}
    s.rounds, s.direction, s.start, s.turn = 6, -1, 2, 2
    s.districts = [[("red", 1)] for _ in range(4)] + [[]]
    order = []
    for _ in range(4):
        order.append(s.turn)
        s, _ = play(s, "pass")
    assert order == [2, 1, 0, 3]


def test_tournament_order_does_nothing_with_two_players():
    s = table(2, round=4)
    s.options = {**s.options, "tournament": "on"}
    s.rounds = 6
    flow.end_round(ctx(s))
    assert s.start == 1
    assert s.direction == 1


def test_the_extra_black_dice_raise_the_cap_to_eight():
    base = table(3)
    extra = table(3)
    extra.options = {**extra.options, "extra_components": "on"}
    assert black_cap(ctx(base)) == CAT.rules.black_dice == 6
    assert black_cap(ctx(extra)) == 8


# ---- each module alone, random games to the end -------------------------------------------

ALONE = [{key: value} for key, value in ALL.items()] + [
    {"new_activities": "ladies"},
    {"new_events": "ladies"},
]


@pytest.mark.parametrize("options", ALONE, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_each_module_alone_plays_a_random_game_to_the_end_keeping_every_invariant(options):
    end = ladies_game(options, 3, 21, check=True, keen="walls" in options)
    result = ENGINE.result(end)
    assert result is not None
    again = ladies_game(options, 3, 21, check=False, keen="walls" in options)
    assert again == end  # same seed, same moves: the same game


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize("options", ALONE, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_each_module_alone_with_two_and_four_players(options, seats):
    assert ENGINE.result(ladies_game(options, seats, 30 + seats, check=True)) is not None
