"""Saved games across schema changes: older saves upgrade, unknown or newer ones are refused."""

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from engine.ai.players import RandomPlayer
from engine.troyes.state import SCHEMA_VERSION
from tests.engine.troyes.helpers import ENGINE, checked_step, placed

# A 4-player game stored at schema 1 before the state gained `declined` (and the Ladies
# fields): the render golden state as committed in c0f2d25, kept here unchanged.
V1 = Path(__file__).parent / "states" / "v1_4p_mid.json"


def _v1() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(V1.read_text(encoding="utf-8"))
    return data


def test_the_fixture_is_a_real_schema_1_save_without_the_later_fields():
    data = _v1()
    assert data["schema"] == 1
    assert SCHEMA_VERSION == 2
    assert "declined" not in data
    assert "bonus" not in data["plan"]
    assert not {"revealed", "guards", "outer", "outer_cubes", "offers", "shield"} & set(data)


def test_a_schema_1_save_loads_with_the_new_fields_at_their_defaults():
    data = _v1()
    before = copy.deepcopy(data)
    s = ENGINE.from_json(data)
    assert data == before, "loading changed the saved data"
    assert s.declined == []
    assert (s.revealed, s.guards, s.outer, s.outer_cubes, s.offers, s.shield) == (
        [], [], [], {}, [], []
    )  # fmt: skip
    assert s.plan.bonus == ""
    assert (s.phase, s.kind, s.round, s.seats) == ("events", "influence", 3, 4)
    assert ENGINE.to_json(s)["schema"] == SCHEMA_VERSION


def test_a_schema_1_save_plays_on_to_the_end_keeping_every_invariant():
    s = ENGINE.from_json(_v1())
    player = RandomPlayer()
    moves = 0
    while s.pending is not None:
        s = checked_step(s, player.choose(ENGINE, s))
        moves += 1
    assert moves > 20
    result = ENGINE.result(s)
    assert result is not None
    assert len(result.scores) == 4


def test_a_schema_1_save_that_already_held_declined_keeps_it():
    data = {**_v1(), "declined": ["influence"]}
    assert ENGINE.from_json(data).declined == ["influence"]


def test_a_current_save_round_trips_at_the_current_schema():
    s = placed(3)
    data = json.loads(json.dumps(ENGINE.to_json(s)))
    assert data["schema"] == SCHEMA_VERSION
    assert ENGINE.from_json(data) == s


def test_a_current_save_missing_a_field_is_malformed_not_silently_defaulted():
    data = ENGINE.to_json(placed(3))
    del data["declined"]
    with pytest.raises(ValueError, match="malformed troyes state"):
        ENGINE.from_json(data)


@pytest.mark.parametrize("schema", [SCHEMA_VERSION + 1, 99])
def test_a_save_from_a_newer_bot_is_refused_with_a_clear_message(schema):
    data = {**ENGINE.to_json(placed(2)), "schema": schema}
    with pytest.raises(ValueError, match=f"troyes state schema {schema} is newer than this bot's"):
        ENGINE.from_json(data)


@pytest.mark.parametrize("schema", [0, -1, None, "2", 1.0, True])
def test_an_unknown_schema_is_refused_with_a_clear_message(schema):
    data = {**ENGINE.to_json(placed(2)), "schema": schema}
    with pytest.raises(ValueError, match="is unknown: this bot reads schemas 1-2"):
        ENGINE.from_json(data)


def test_a_save_without_a_schema_is_refused():
    data = ENGINE.to_json(placed(2))
    del data["schema"]
    with pytest.raises(ValueError, match="schema None is unknown"):
        ENGINE.from_json(data)
