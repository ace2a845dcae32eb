from collections.abc import Callable
from typing import Any

import pytest

from engine.core.errors import (
    GameOverError,
    IllegalMoveError,
    NotYourTurnError,
    StaleStateError,
)
from engine.core.play import parse_action, play
from engine.core.protocol import GameEngine
from engine.core.rng import Rng
from engine.core.serial import to_jsonable, upgrade_schema
from tests.engine.core.toy import Add, Roll, Rolled, ToyEngine, ToyState

ENGINE = ToyEngine()


def test_toy_engine_meets_the_protocol():
    engine: GameEngine[ToyState, Add | Roll] = ENGINE
    assert engine.name == "toy"


def test_rng_is_the_same_for_the_same_seed_and_version():
    a, b = Rng(7, 3), Rng(7, 3)
    assert [a.die() for _ in range(20)] == [b.die() for _ in range(20)]
    assert [Rng(7, 4).die() for _ in range(20)] != [Rng(7, 3).die() for _ in range(20)]


def test_rng_values_stay_in_range_and_cover_every_face():
    rng = Rng(1, 0)
    faces = {rng.die() for _ in range(600)}
    assert faces == {1, 2, 3, 4, 5, 6}


def test_shuffle_is_a_permutation():
    items = list(range(30))
    out = Rng(5, 0).shuffled(items)
    assert sorted(out) == items
    assert out != items


def test_rng_is_pinned_across_python_versions():
    # Built only on random.random(), which Python promises to keep stable.
    assert [Rng(42, 0).die() for _ in range(1)] == [Rng(42, 0).die()]
    assert Rng(0, 0).shuffled(list(range(8))) == Rng(0, 0).shuffled(list(range(8)))


def test_play_checks_version_then_turn_then_legality():
    state = ENGINE.new_state({}, 2, seed=1)
    with pytest.raises(StaleStateError):
        play(ENGINE, state, 0, 5, Add(1))
    with pytest.raises(NotYourTurnError):
        play(ENGINE, state, 1, 0, Add(1))
    with pytest.raises(IllegalMoveError):
        play(ENGINE, state, 0, 0, Add(3))
    step = play(ENGINE, state, 0, 0, Add(2))
    assert step.state.total == 2
    assert state.total == 0  # input untouched


def test_play_refuses_moves_after_the_end():
    state = ToyState(seed=1, version=9, seats=2, total=10, turn=0)
    with pytest.raises(GameOverError):
        play(ENGINE, state, 0, 9, Add(1))


def test_parse_action_matches_notation_ignoring_case_and_spaces():
    state = ENGINE.new_state({}, 2, seed=1)
    assert parse_action(ENGINE, state, "  ADD   2 ") == Add(2)
    assert parse_action(ENGINE, state, "roll") == Roll()
    with pytest.raises(IllegalMoveError, match="not a legal move"):
        parse_action(ENGINE, state, "add 9")
    with pytest.raises(IllegalMoveError):
        parse_action(ENGINE, state, "   ")


def test_parse_action_takes_a_shown_label_whole_or_the_start_of_just_one():
    """Playtest item 62: /move with the label its suggestions show, in the game's language."""
    state = ENGINE.new_state({}, 2, seed=1)
    actions = ENGINE.legal_actions(state)
    labels = tuple(
        (
            i,
            {Add(1): "Sumar 1 al contador", Add(2): "Sumar 2 al contador", Roll(): "Tirar el dado"}[
                a
            ],
        )
        for i, a in enumerate(actions)
    )
    assert parse_action(ENGINE, state, "Sumar 2 al contador", labels) == Add(2)
    assert parse_action(ENGINE, state, "  sumar 2, AL contador. ", labels) == Add(2)
    assert parse_action(ENGINE, state, "tirar", labels) == Roll()  # the start of just one
    assert parse_action(ENGINE, state, "Tirar el dado [roll]", labels) == Roll()  # as suggested
    assert parse_action(ENGINE, state, "add 1", labels) == Add(1)  # the notation still works
    with pytest.raises(IllegalMoveError) as refused:
        parse_action(ENGINE, state, "Sumar", labels)
    assert refused.value.key == "error.ambiguous_move"
    assert refused.value.params == {
        "move": "Sumar",
        "count": 2,
        "moves": "• Sumar 1 al contador\n• Sumar 2 al contador",
    }
    with pytest.raises(IllegalMoveError, match="not a legal move"):
        parse_action(ENGINE, state, "Sumar 3", labels)
    with pytest.raises(IllegalMoveError, match="not a legal move"):
        parse_action(ENGINE, state, "tirar")  # no labels: notation only


def test_an_accented_label_matches_without_its_accents_and_many_fits_name_three():
    state = ENGINE.new_state({}, 2, seed=1)
    labels = tuple(
        (i, f"Colocar un ciudadano inicial: Obispado, espacio {i + 1}") for i in range(3)
    )
    labels += ((len(labels), "Colocar en el Castillo"),)  # past the legal actions: never taken
    action = parse_action(ENGINE, state, "colocar un ciudadano inicial obispado espacio 2", labels)
    assert action == ENGINE.legal_actions(state)[1]
    accented = ((0, "Añadir al cántaro"),)
    assert (
        parse_action(ENGINE, state, "ANADIR al cantaro", accented) == ENGINE.legal_actions(state)[0]
    )
    with pytest.raises(IllegalMoveError) as refused:
        parse_action(ENGINE, state, "Colocar", labels)
    assert refused.value.params["count"] == 3
    message = refused.value.text("es")
    assert message.startswith("'Colocar' es el comienzo de 3 jugadas legales;")
    assert message.endswith("• Colocar un ciudadano inicial: Obispado, espacio 3")


def test_to_jsonable_names_the_record_type():
    assert to_jsonable(Rolled(3)) == {"type": "Rolled", "value": 3}
    assert to_jsonable((Add(1), frozenset({2, 1}))) == [{"type": "Add", "amount": 1}, [1, 2]]


def _add(key: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def step(data: dict[str, Any]) -> dict[str, Any]:
        data.setdefault("added", []).append(key)
        return data

    return step


def test_upgrade_schema_runs_each_upgrade_in_turn_and_leaves_the_input_alone():
    saved = {"game": "toy", "schema": 1, "added": []}
    out = upgrade_schema(saved, "toy", 3, {1: _add("v2"), 2: _add("v3")})
    assert out == {"game": "toy", "schema": 3, "added": ["v2", "v3"]}
    assert saved == {"game": "toy", "schema": 1, "added": []}
    assert upgrade_schema(out, "toy", 3, {1: _add("v2"), 2: _add("v3")}) == out


def test_upgrade_schema_refuses_other_games_newer_unknown_and_unreachable_schemas():
    ups = {1: _add("v2"), 2: _add("v3")}
    with pytest.raises(ValueError, match="not a toy state"):
        upgrade_schema({"game": "other", "schema": 3}, "toy", 3, ups)
    with pytest.raises(ValueError, match="toy state schema 4 is newer than this bot's \\(3\\)"):
        upgrade_schema({"game": "toy", "schema": 4}, "toy", 3, ups)
    with pytest.raises(ValueError, match="schema 0 is unknown: this bot reads schemas 1-3"):
        upgrade_schema({"game": "toy", "schema": 0}, "toy", 3, ups)
    with pytest.raises(ValueError, match="schema 2 has no upgrade to 3"):
        upgrade_schema({"game": "toy", "schema": 2}, "toy", 3, {1: _add("v2")})


def test_shuffle_draws_as_below_does_and_keeps_its_pinned_orders():
    # Rng.shuffle inlines `below` for the AI's speed: the same draws and swaps as the plain
    # Fisher-Yates on `below`, so seeded games and replays are unchanged. The orders below
    # were printed by the implementation before the change.
    for seed in range(200):
        items = list(range(seed % 60))
        reference, rng = list(items), Rng(seed, 7, "ref")
        for i in range(len(reference) - 1, 0, -1):
            j = rng.below(i + 1)
            reference[i], reference[j] = reference[j], reference[i]
        assert Rng(seed, 7, "ref").shuffled(items) == reference
    assert Rng(3, 9, "pin").shuffled(list(range(12))) == [7, 1, 9, 0, 3, 6, 2, 11, 8, 4, 5, 10]
    assert Rng(1, 1).shuffled(list(range(5))) == [1, 0, 4, 3, 2]
