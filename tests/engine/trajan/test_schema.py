"""Saved Trajan games carry a schema version: unknown or newer schemas are refused clearly."""

import json

import pytest

from engine.trajan.state import SCHEMA_VERSION
from tests.engine.trajan.helpers import ENGINE, play_setup


def test_a_save_names_its_schema_and_round_trips():
    state = play_setup(2, seed=3)
    data = json.loads(json.dumps(ENGINE.to_json(state)))
    assert (data["game"], data["schema"]) == ("trajan", SCHEMA_VERSION)
    assert ENGINE.from_json(data) == state


def test_a_save_from_a_newer_bot_is_refused_with_a_clear_message():
    data = {**ENGINE.to_json(play_setup(2, seed=3)), "schema": SCHEMA_VERSION + 1}
    with pytest.raises(ValueError, match="trajan state schema 2 is newer than this bot's \\(1\\)"):
        ENGINE.from_json(data)


@pytest.mark.parametrize("schema", [0, None, "1"])
def test_an_unknown_schema_is_refused_with_a_clear_message(schema):
    data = {**ENGINE.to_json(play_setup(2, seed=3)), "schema": schema}
    with pytest.raises(ValueError, match=r"is unknown: this bot reads schema 1$"):
        ENGINE.from_json(data)
