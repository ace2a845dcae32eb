"""Hooks for The Ladies of Troyes (issue 3), tested on the base engine with test data."""

import shutil

import pytest

from engine.core.play import parse_action
from engine.troyes.actions import Answer
from engine.troyes.catalog import DATA_DIR, load_catalog
from engine.troyes.context import Ctx, gain
from engine.troyes.game import MODULES, TroyesEngine
from engine.troyes.rules import reactions
from engine.troyes.scoring import final_scores
from engine.troyes.state import WILD, Reaction, TroyesState
from tests.engine.troyes.helpers import ENGINE, play, table, texts

EXTRA = """
[[card]]
id = "test_mixed"
name = "Test mixed"
name_es = "Prueba mixta"
colour = "yellow"
level = 1
kind = "mixed"
text = "Place cubes, or spend them for 4 deniers each."
text_es = "Coloca cubos o gástalos por 4 denarios cada uno."
hire = { value = 3, verified = false, why = "test" }
spaces_vp = { value = [1, 0, 0, 0], verified = false, why = "test" }
divisor = { value = 3, verified = false, why = "test" }
effect = { name = "gain", params = { deniers = 4 }, verified = false, why = "test" }
modifier = { name = "add_per_die", params = { colour = "yellow", amount = 1 }, verified = false, why = "test" }

[[card]]
id = "test_hermit"
name = "Test hermit"
name_es = "Ermitaño de prueba"
colour = "white"
level = 3
kind = "endgame"
text = "Cubes score 9 minus all cubes on the card, each."
text_es = "Cada cubo vale 9 menos los cubos de la carta."
hire = { value = 5, verified = false, why = "test" }
spaces_vp = { value = [3, 1, 0, 0], verified = false, why = "test" }
divisor = { value = 3, verified = false, why = "test" }
endgame = { name = "cubes_decreasing", params = { start = 9 }, verified = true, source = "troyes-cards.md §7 (SP)" }
"""  # noqa: E501


@pytest.fixture(scope="module")
def ladies(tmp_path_factory):
    target = tmp_path_factory.mktemp("data") / "troyes"
    shutil.copytree(DATA_DIR, target)
    with (target / "activities.toml").open("a", encoding="utf-8") as fh:
        fh.write(EXTRA)
    return TroyesEngine(load_catalog(target))


def run(engine: TroyesEngine, s: TroyesState, *moves: str) -> TroyesState:
    for move in moves:
        s = engine.apply(s, parse_action(engine, s, move)).state
    return s


def moves(engine: TroyesEngine, s: TroyesState) -> list[str]:
    return [engine.action_text(a) for a in engine.legal_actions(s)]


def test_a_mixed_card_places_cubes_first_then_spends_them_never_both(ladies):
    districts = [[("yellow", 6), ("yellow", 6)], [("white", 1)], [], []]
    s = table(3, cards=("test_mixed",), catalog=ladies.catalog, districts=districts)
    s.deniers, s.supply = [10, 0, 0], [1, 0, 0]
    s = run(ladies, s, "card test_mixed", "craftsman supply", "die 0 yellow 6")
    s = run(ladies, s, "dice done", "times 2")
    assert s.card_cubes["test_mixed"][0] == 2
    s = s.clone()
    s.turn, s.kind, s.districts[0] = 0, "turn", [("yellow", 6)]
    s = run(ladies, s, "card test_mixed", "die 0 yellow 6")
    assert moves(ladies, s) == ["mode place", "mode use"]
    deniers = s.deniers[0]
    s = run(ladies, s, "mode use", "times 2")
    assert s.card_cubes["test_mixed"][0] == 0
    assert s.deniers[0] == deniers + 8


def test_end_of_game_cube_cards_score_nine_minus_the_cubes_on_the_card(ladies):
    s = table(3, cards=("test_hermit",), catalog=ladies.catalog)
    s.card_cubes["test_hermit"] = [2, 1, 0]
    scores = final_scores(s, ladies.catalog)
    assert [b["endgame"] for b in scores] == [12, 6, 0]


def test_a_wild_die_takes_the_colour_its_owner_needs_and_cannot_be_bought():
    s = table(3, districts=[[(WILD, 5)], [(WILD, 6)], [("white", 1)], []])
    s.queue, s.event_cubes = ["war"], {"war": [0, 0, 0]}
    s, _ = play(s, "event war")
    assert texts(s) == ["die 0 purple 5 as red", "back"]
    s, _ = play(s, "die 0 purple 5 as red")
    assert s.event_cubes["war"][0] == 1


def test_a_seat_can_be_asked_out_of_turn_and_a_default_answer_applies(monkeypatch):
    def choices(ctx: Ctx, r: Reaction) -> list[str]:
        return ["use", "decline"]

    def resolve(ctx: Ctx, r: Reaction, choice: str) -> None:
        if choice == "use":
            gain(ctx, r.seat, deniers=4)

    monkeypatch.setitem(reactions.REACTIONS, "test_bonus", reactions.ReactionKind(choices, resolve))
    s = table(3, districts=[[("red", 6)], [("white", 1)], [], []], deniers=[0, 0, 0])
    reactions.ask(Ctx(s, ENGINE.catalog), 2, "test_bonus", "decline")
    assert s.pending is not None
    assert s.pending.seat == 2
    assert texts(s) == ["answer use", "answer decline"]
    default = ENGINE.default_action(s)
    assert default == Answer("decline")
    after = ENGINE.apply(s, default).state
    assert after.pending is not None
    assert (after.pending.seat, after.pending.kind) == (0, "turn")
    used = ENGINE.apply(s, Answer("use")).state
    assert used.deniers[2] == 4


def test_every_ladies_module_has_a_switch_and_is_offered():
    for name in (
        "new_characters",
        "reveal_character",
        "new_activities",
        "new_events",
        "purple_die",
        "walls",
        "extra_components",
    ):
        assert name in MODULES
        assert name in [o.name for o in ENGINE.options()]
