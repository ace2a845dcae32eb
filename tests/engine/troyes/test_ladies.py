"""The Ladies of Troyes (issue 3): every module alone and all together."""

import json
from pathlib import Path
from typing import Any

import pytest

from engine.ai.players import PLAYERS
from engine.troyes import effects
from engine.troyes.actions import Answer
from engine.troyes.events import BlackDieCountered, EventSuffered, OuterUsed
from engine.troyes.rules import flow
from engine.troyes.scoring import final_scores
from engine.troyes.state import WILD, TroyesState
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


def placed_with(options: dict[str, str], seats: int = 3, seed: int = 7) -> TroyesState:
    s = ENGINE.new_state(options, seats, seed)
    while s.kind == "start":
        s = ENGINE.apply(s, ENGINE.legal_actions(s)[0]).state
    return s


def purple_ok(s: TroyesState) -> None:
    """Purple dice: only in their owner's district, at most one per district."""
    for d, district in enumerate(s.districts):
        purple = sum(1 for c, _ in district if c == WILD)
        assert purple <= 1
        if d == s.seats:
            assert purple == 0


# ---- characters ---------------------------------------------------------------------------


def test_new_characters_deal_from_the_nine_and_the_variant_reveals_one_more():
    seen = set()
    for seed in range(12):
        s = ENGINE.new_state({"new_characters": "on", "reveal_character": "on"}, 2, seed)
        hands = [c for h in s.characters for c in h]
        assert len(hands) == 4
        assert len(s.revealed) == 1
        assert s.revealed[0] not in hands
        seen |= {*hands, *s.revealed}
    assert {"jeanne_de_champagne", "isabeau_de_baviere", "marie_de_champagne"} & seen
    base = ENGINE.new_state({}, 4, 1)
    assert all(CAT.characters[c].box == "base" for h in base.characters for c in h)
    assert base.revealed == []


# ---- activity cards and events ------------------------------------------------------------


@pytest.mark.parametrize(("pool", "boxes"), [("ladies", {"ladies"}), ("off", {"base"})])
def test_activity_pools_keep_one_card_per_colour_and_level(pool, boxes):
    for seed in range(6):
        s = ENGINE.new_state({"new_activities": pool}, 3, seed)
        cards = [CAT.cards[c] for c in s.activity]
        assert {(c.colour, c.level) for c in cards} == {
            (col, lv) for col in ("red", "white", "yellow") for lv in (1, 2, 3)
        }
        assert {c.box for c in cards} <= boxes


def test_mixed_activity_cards_draw_from_both_boxes():
    boxes = set()
    for seed in range(8):
        s = ENGINE.new_state({"new_activities": "mixed"}, 3, seed)
        boxes |= {CAT.cards[c].box for c in s.activity}
    assert boxes == {"base", "ladies"}


def test_ladies_events_alone_fill_the_red_deck_with_base_reds_after_their_own():
    s = ENGINE.new_state({"new_events": "ladies"}, 4, 3)
    reds = s.decks["red"]
    assert len(reds) == 6
    ladies = [e for e in reds if CAT.events[e].box == "ladies"]
    assert len(ladies) == 3
    for colour in ("white", "yellow"):
        assert all(CAT.events[e].box == "ladies" for e in s.decks[colour])
    mixed = ENGINE.new_state({"new_events": "mixed"}, 4, 3)
    assert {CAT.events[e].box for c in ("white", "yellow") for e in mixed.decks[c]} == {
        "base",
        "ladies",
    }


def test_interrupted_work_takes_the_highest_cathedral_cube():
    s = table(2)
    s.cathedral = [[0, 1], [0], []]
    c = ctx(s)
    ref = CAT.events["interrupted_work"].effect
    assert ref is not None

    effects.apply_event(c, 0, ref.name, ref.params)
    assert s.cathedral == [[0, 1], [], []]


# ---- purple die ---------------------------------------------------------------------------


def test_each_player_rolls_one_purple_die_into_their_district():
    s = placed_with({"purple_die": "on"}, 4, 2)
    for seat in range(4):
        assert sum(1 for c, _ in s.districts[seat] if c == WILD) <= 1
    purple_ok(s)
    no = placed_with({}, 4, 2)
    assert all(c != WILD for d in no.districts for c, _ in d)


def test_the_purple_die_counts_double_against_a_black_die():
    s = table(2)
    s.phase, s.kind, s.black = "events", "counter", [6]
    s.districts = [[(WILD, 3)], [], []]
    assert "counter purple 3" in texts(s)
    s, log = play(s, "counter purple 3")
    assert any(isinstance(e, BlackDieCountered) and e.value == 6 for e in log)


def test_rerolling_the_purple_die_costs_two_deniers_more():
    s = table(2, districts=[[(WILD, 2)], [], []], deniers=[1, 0], influence=[5, 0])
    s, _ = play(s, "influence")
    assert "reroll purple 2" not in texts(s)
    s = table(2, districts=[[(WILD, 2)], [], []], deniers=[3, 0], influence=[5, 0])
    s, _ = play(s, "influence", "reroll purple 2")
    assert s.deniers[0] == 1
    assert s.influence[0] == 4


def test_a_rival_can_never_buy_a_purple_die():
    s = table(2, districts=[[("red", 3)], [(WILD, 6)], []], deniers=[20, 0])
    s.queue, s.event_cubes = ["war"], {"war": [0, 0]}
    s, _ = play(s, "event war")
    assert all("purple" not in t for t in texts(s))


def test_procession_counts_the_purple_die_for_the_most_dice():
    s = table(2, cards=("procession",), districts=[[("white", 6), (WILD, 6)], [("red", 1)] * 2, []])
    s.deniers, s.supply = [20, 0], [1, 0]
    assert "card procession" in texts(s)
    s = table(2, cards=("procession",), districts=[[("white", 6)], [("red", 1)] * 2, []])
    s.deniers, s.supply = [20, 0], [1, 0]
    assert "card procession" not in texts(s)


# ---- walls and outer activities -----------------------------------------------------------


def test_action_seven_walks_the_guard_and_a_gate_gives_access_and_arrival_vp():
    s = walls_table(districts=[[("red", 4)], [("white", 1)], [], []], deniers=[3, 0, 0])
    s, _ = play(s, "walls")
    assert texts(s) == ["from 0", "from 1", "back"]  # 3 deniers: a rival's die is affordable
    s, _ = play(s, "from 0", "die 0 red 4")
    assert texts(s) == ["boost 0", "boost 1", "boost 2", "back"]
    s, _ = play(s, "boost 1")
    assert s.deniers[0] == 2
    assert s.plan.count == 5
    assert "cube 0" not in texts(s)  # no card cube step: cubes cannot modify action 7
    vp = s.vp[0]
    s, _ = play(s, "walk 5")
    assert s.guards[0] == 5
    assert s.vp[0] == vp + 6  # first to reach the race gate


def test_colour_restriction_and_one_cube_per_outer_activity_per_action():
    s = walls_table(districts=[[("white", 5), ("red", 5)], [], [], []])
    s.guards = [10, 0, 0]
    s, _ = play(s, "walls", "die 0 white 5", "boost 0")
    assert "outer 2" not in texts(s)  # tile a pictures a white die
    s2 = walls_table(districts=[[("red", 5)], [], [], []])
    s2.guards = [10, 0, 0]
    s2, _ = play(s2, "walls", "die 0 red 5", "boost 0", "outer 2")
    assert s2.outer_cubes[s2.outer[1]][0] == 1
    assert "outer 2" not in texts(s2)
    assert "outer 1" not in texts(s2)  # the race tile takes no cubes


def test_the_guard_stops_at_space_twenty_on_the_level_four_tile():
    s = walls_table(districts=[[("red", 6), ("red", 6)], [], [], []])
    s.guards = [16, 0, 0]
    s, _ = play(s, "walls", "die 0 red 6")  # a 6 cannot be raised: no boost step
    assert "walk 5" not in texts(s)
    assert "walk 4" in texts(s)
    s, _ = play(s, "walk 4")
    assert s.guards[0] == 20
    assert s.vp[0] == 3  # tile d pays everyone reaching its gate


def test_outer_reroll_discards_a_cube_and_rerolls_an_own_die_of_its_colour():
    s = walls_table(districts=[[("white", 1), ("red", 1)], [], [], []])
    s.outer_cubes[s.outer[1]][0] = 1
    s, _ = play(s, "outer")
    assert texts(s) == ["outer reroll white 1", "back"]
    s, log = play(s, "outer reroll white 1")
    assert s.outer_cubes[s.outer[1]][0] == 0
    assert s.kind == "turn"
    assert log


def test_a_craftsman_owner_is_asked_out_of_turn_only_when_able_and_defaults_to_decline():
    s = walls_table(cards=("merchant",), districts=[[("yellow", 6)], [("white", 1)], [], []])
    s.deniers, s.supply = [10, 0, 0], [1, 0, 0]
    s.craftsmen["merchant"] = [None, 1, 2, None]
    s.outer_cubes[s.outer[2]] = [0, 1, 0]  # seat 1 can use the toll; seat 2 has no cube
    s, _ = play(s, "card merchant", "craftsman supply", "die 0 yellow 6")
    s, _ = play(s, "times 1") if s.kind == "count" else (s, [])
    assert s.pending is not None
    assert (s.pending.seat, s.pending.kind) == (1, "outer_craftsman")
    assert texts(s) == ["answer use", "answer decline"]
    assert ENGINE.default_action(s) == Answer("decline")
    used = ENGINE.apply(s, Answer("use")).state
    assert used.deniers[1] == 4
    assert used.outer_cubes[s.outer[2]][1] == 0
    assert used.pending is not None
    assert used.pending.seat == 1
    assert used.pending.kind == "turn"
    default = ENGINE.default_action(s)
    assert default is not None
    declined = ENGINE.apply(s, default).state
    assert declined.deniers[1] == 0
    assert declined.reactions == []


def test_a_seller_is_asked_when_a_rival_buys_their_die():
    s = walls_table(districts=[[], [("red", 6)], [], []], deniers=[5, 0, 0])
    s.outer[2] = FACE["sold_dice_influence"]
    s.outer_cubes = {f: [0, 0, 0] for f in s.outer}
    s.outer_cubes[s.outer[2]] = [0, 1, 0]
    s.influence = [0, 0, 0]
    s, _ = play(s, "walls", "die 1 red 6", "walk 6")
    assert s.pending is not None
    assert s.pending.kind == "outer_sold"
    s, log = play(s, "answer use")
    assert s.influence[1] >= 4
    assert any(isinstance(e, OuterUsed) and e.seat == 1 for e in log)


def test_events_shield_is_asked_before_the_events_act_and_spares_the_loss():
    s = walls_table(deniers=[5, 5, 5])
    s.outer[3] = FACE["events_shield"]
    s.outer_cubes = {f: [0, 0, 0] for f in s.outer}
    s.outer_cubes[s.outer[3]] = [1, 0, 0]
    s.queue = ["succession_conflict"]
    s.event_cubes = {"succession_conflict": [0, 0, 0]}
    s.decks = {"red": [], "white": [], "yellow": []}
    c = ctx(s)
    flow.start_events(c)
    assert s.pending is not None
    assert (s.pending.seat, s.pending.kind) == (0, "outer_shield")
    step = ENGINE.apply(s, Answer("use"))
    shielded = [e for e in step.events if isinstance(e, EventSuffered) and e.detail == "shielded"]
    assert [e.seat for e in shielded] == [0]
    assert step.state.deniers[0] > step.state.deniers[1]


def test_a_night_watch_cube_counters_the_black_die():
    s = walls_table()
    s.outer[3] = FACE["events_shield"]
    s.outer_cubes = {f: [0, 0, 0] for f in s.outer}
    s.outer_cubes[s.outer[3]] = [1, 0, 0]
    s.phase, s.kind, s.black = "events", "counter", [6]
    s.influence = [0, 0, 0]
    s, log = play(s, "outer counter")
    assert any(isinstance(e, BlackDieCountered) and e.dice == () for e in log)
    assert any(isinstance(e, OuterUsed) for e in log)


def test_tournament_field_scores_cubes_and_majority_with_split_ties():
    s = walls_table()
    face = s.outer[3]
    s.outer_cubes[face] = [2, 2, 1]
    walls = [b["walls"] for b in final_scores(s, CAT)]
    assert walls == [2 + 6, 2 + 6, 1 + 2]


def test_the_four_unknown_faces_are_never_dealt_and_every_known_one_is():
    dealt = set()
    for seed in range(30):
        dealt |= set(ENGINE.new_state({"walls": "on"}, 2, seed).outer)
    never = {f.id for f in CAT.outer.values() if not f.in_draw}
    assert len(never) == 4
    assert not dealt & never
    assert dealt == {f.id for f in CAT.outer.values() if f.in_draw}


def test_the_extra_components_add_black_dice_and_neutral_citizens():
    s = ENGINE.new_state({"extra_components": "on"}, 3, 1)
    assert s.neutral_supply == CAT.rules.neutral_citizens + 2


# ---- all modules together -----------------------------------------------------------------


def _random_game(seats: int, seed: int, check: bool, keen: bool = False) -> TroyesState:
    return ladies_game(ALL, seats, seed, check=check, keen=keen, each=purple_ok)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_random_game_with_every_module_keeps_every_invariant(seats):
    end = _random_game(seats, seats, check=True)
    result = ENGINE.result(end)
    assert result is not None
    assert all(sum(b.values()) == sc for b, sc in zip(result.breakdown, result.scores, strict=True))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_wall_keen_random_game_with_every_module_keeps_every_invariant(seats):
    end = _random_game(seats, 40 + seats, check=True, keen=True)
    assert any(sum(c) for c in end.outer_cubes.values()) or max(end.guards) > 0


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("seed", range(10, 18))
@pytest.mark.parametrize("keen", [False, True])
def test_many_random_games_with_every_module_keep_every_invariant(seats, seed, keen):
    _random_game(seats, seed, check=True, keen=keen)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_module_replays_identically_and_round_trips_json(seats):
    a = _random_game(seats, 9, check=False)
    assert a == _random_game(seats, 9, check=False)
    again = ENGINE.from_json(json.loads(json.dumps(ENGINE.to_json(a))))
    assert again == a
    view = ENGINE.view(a, None)
    assert view.guards is not None
    assert view.outer is not None
    assert len(view.outer) == 4


def test_exchange_swaps_one_die_per_district_never_the_purple_die():
    s = walls_table(
        districts=[[("red", 1), (WILD, 4)], [("white", 6)], [("red", 5)], [("yellow", 2)]]
    )
    s.outer[1] = FACE["swap_dice"]
    s.outer_cubes = {f: [0, 0, 0] for f in s.outer}
    s.outer_cubes[s.outer[1]][0] = 1
    s, _ = play(s, "outer")
    assert texts(s) == ["swap with 1", "swap with 2", "swap with 3", "back"]
    s, _ = play(s, "swap with 1")
    assert texts(s) == ["swap take white 6", "back"]
    s, _ = play(s, "swap take white 6")
    assert texts(s) == ["swap give red 1", "back"]  # the purple die is never exchanged
    s, _ = play(s, "swap give red 1")
    assert ("white", 6) in s.districts[0]
    assert s.districts[1] == [("red", 1)]
    assert s.outer_cubes[s.outer[1]][0] == 0
    assert texts(s) == ["swap with 2", "swap with 3", "swap done"]
    s, _ = play(s, "swap with 3", "swap take yellow 2", "swap give white 6", "swap done")
    assert s.kind == "turn"
    assert sorted(s.districts[0]) == [(WILD, 4), ("yellow", 2)]


def test_a_bought_die_can_be_taken_flipped_with_a_cube():
    s = walls_table(districts=[[], [("red", 1), ("red", 2)], [], []], deniers=[10, 0, 0])
    s.outer[2] = FACE["flip_bought"]
    s.outer_cubes = {f: [0, 0, 0] for f in s.outer}
    s.outer_cubes[s.outer[2]][0] = 1
    s.queue, s.event_cubes = ["war"], {"war": [0, 0, 0]}
    s, _ = play(s, "event war")
    assert "outer" in texts(s)
    s, _ = play(s, "outer")
    assert texts(s) == ["die 1 red 1 flipped", "die 1 red 2 flipped", "back"]
    s, log = play(s, "die 1 red 1 flipped")
    assert any(isinstance(e, OuterUsed) for e in log)
    assert s.outer_cubes[s.outer[2]][0] == 0
    assert s.plan.dice == [(1, "red", 6, "")]  # flipped 1 -> 6, in the group at once
    assert "outer" not in texts(s)  # one cube of an outer activity per action


def test_the_greedy_player_finishes_a_game_with_every_module():
    greedy, rand = PLAYERS["greedy"], PLAYERS["random"]
    s = ENGINE.new_state(ALL, 3, 11)
    while s.pending is not None:
        player = greedy if s.pending.seat == 0 else rand
        s = ENGINE.apply(s, player.choose(ENGINE, s)).state
    assert ENGINE.result(s) is not None


def test_a_mixed_ladies_card_takes_another_cards_cube_and_spends_several_of_its_own():
    s = table(
        3, cards=("woodcutter", "priest"), districts=[[("yellow", 2)] * 2, [("red", 1)], [], []]
    )
    s.deniers, s.supply = [10, 0, 0], [0, 0, 0]
    s.craftsmen["woodcutter"] = [0, None, None, None]
    s.card_cubes["woodcutter"] = [3, 0, 0]
    s.card_cubes["priest"] = [1, 0, 0]  # +3 to each yellow die
    s, _ = play(s, "card woodcutter")
    assert texts(s) == ["no cube", "cube priest", "back"]
    s, _ = play(s, "cube priest", "die 0 yellow 2", "die 0 yellow 2")
    assert texts(s) == ["mode place", "mode use"]
    deniers = s.deniers[0]
    s, _ = play(s, "mode use", "times 3")  # (2 + 3) * 2 = 10 pips / 3 = 3 cubes spent at once
    assert s.card_cubes["woodcutter"][0] == 0
    assert s.card_cubes["priest"][0] == 0
    assert s.deniers[0] == deniers + 9


def test_catapult_cubes_are_spent_only_while_an_event_has_a_free_space():
    s = table(3, cards=("catapult",), districts=[[("red", 6)], [], [], []])
    s.deniers, s.supply = [10, 0, 0], [0, 0, 0]
    s.craftsmen["catapult"] = [0, None, None, None]
    s.card_cubes["catapult"] = [2, 0, 0]
    s.queue, s.event_cubes = ["war"], {"war": [4, 0, 0]}  # War is full (4 spaces)
    s, _ = play(s, "card catapult", "die 0 red 6")
    assert texts(s) == ["mode place"]


def test_every_ladies_estimate_is_listed_in_the_rules_gaps_file():
    gaps = (Path(__file__).resolve().parents[3] / "docs" / "rules-gaps.md").read_text("utf-8")
    section = gaps.split("## The Ladies of Troyes", 1)[1]
    for face in CAT.outer.values():
        if face.unverified:
            assert f"`{face.id}`" in section
    for ident in ("gates", "purple_reroll_deniers"):
        assert ident in CAT.ladies.unverified
        assert f"`{ident}" in section
    ladies: list[Any] = [*CAT.cards.values(), *CAT.events.values(), *CAT.characters.values()]
    for item in ladies:
        if item.box == "ladies" and item.unverified:
            assert f"`{item.id}`" in section
