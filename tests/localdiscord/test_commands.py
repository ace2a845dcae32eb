"""Command definitions: Discord's validation (400 / 50035) and what sync stores."""

from __future__ import annotations

from typing import Any

import pytest

from localdiscord.commands import stored_command, validate_commands
from localdiscord.errors import ApiError


def _cmd(**overrides: Any) -> dict[str, Any]:
    return {"name": "game", "description": "Play", "type": 1, **overrides}


def _opt(name: str = "seat", kind: int = 3, **overrides: Any) -> dict[str, Any]:
    return {"name": name, "description": "An option", "type": kind, **overrides}


def _first_error(commands: list[dict[str, Any]]) -> tuple[list[str], str]:
    with pytest.raises(ApiError) as info:
        validate_commands(commands)
    assert (info.value.status, info.value.code) == (400, 50035)
    path: list[str] = []
    node = info.value.errors or {}
    while "_errors" not in node:
        key = next(iter(node))
        path.append(key)
        node = node[key]
    return path, node["_errors"][0]["code"]


def test_a_well_formed_tree_passes() -> None:
    sub = {"name": "new", "description": "New game", "type": 1,
           "options": [_opt(required=True), _opt("ai", 4, min_value=0, max_value=3)]}  # fmt: skip
    group = {"name": "admin", "description": "Admin", "type": 2, "options": [sub]}
    validate_commands([_cmd(options=[sub, group]), {"name": "Show Hand", "type": 2}])


@pytest.mark.parametrize(
    ("command", "path", "code"),
    [
        (_cmd(name="Game"), ["0", "name"], "APPLICATION_COMMAND_INVALID_NAME"),
        (_cmd(name="new game"), ["0", "name"], "APPLICATION_COMMAND_INVALID_NAME"),
        (_cmd(name="g" * 33), ["0", "name"], "BASE_TYPE_BAD_LENGTH"),
        (_cmd(description=""), ["0", "description"], "BASE_TYPE_BAD_LENGTH"),
        (_cmd(description="d" * 101), ["0", "description"], "BASE_TYPE_BAD_LENGTH"),
        (_cmd(options=[_opt(f"o{i}") for i in range(26)]), ["0", "options"],
         "BASE_TYPE_MAX_LENGTH"),
        (_cmd(options=[_opt(choices=[{"name": f"c{i}", "value": f"{i}"} for i in range(26)])]),
         ["0", "options", "0", "choices"], "BASE_TYPE_MAX_LENGTH"),
        (_cmd(options=[_opt(choices=[{"name": "a", "value": "a"}], autocomplete=True)]),
         ["0", "options", "0", "autocomplete"], "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID"),
        (_cmd(options=[_opt("a"), _opt("b", required=True)]),
         ["0", "options", "1", "required"], "APPLICATION_COMMAND_OPTIONS_ORDER_INVALID"),
        (_cmd(options=[_opt("a"), _opt("a")]), ["0", "options", "1", "name"],
         "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS"),
        (_cmd(options=[_opt("g", 2, options=[_opt("h", 2, options=[])])]),
         ["0", "options", "0", "options"], "APPLICATION_COMMAND_OPTION_TYPE_INVALID"),
        (_cmd(options=[_opt("s", 1), _opt("x")]), ["0", "options"],
         "APPLICATION_COMMAND_OPTION_TYPE_INVALID"),
        (_cmd(options=[_opt(choices=[{"name": "", "value": "a"}])]),
         ["0", "options", "0", "choices", "0", "name"], "BASE_TYPE_BAD_LENGTH"),
        (_cmd(name_localizations={"es-ES": "Nueva Partida"}),
         ["0", "name_localizations", "es-ES"], "APPLICATION_COMMAND_INVALID_NAME"),
        ({"name": "Show Hand", "type": 2, "description": "no"}, ["0", "description"],
         "APPLICATION_COMMAND_INVALID_DESCRIPTION"),
    ],
)  # fmt: skip
def test_invalid_definitions_are_rejected_where_discord_points(
    command: dict[str, Any], path: list[str], code: str
) -> None:
    assert _first_error([command]) == (path, code)


def test_duplicate_names_and_the_4000_character_budget() -> None:
    assert _first_error([_cmd(), _cmd()]) == (["1", "name"], "APPLICATION_COMMANDS_DUPLICATE_NAME")
    long_opts = [
        _opt(f"o{i}", description="d" * 100,
             choices=[{"name": "n" * 100, "value": f"v{j}"} for j in range(2)])
        for i in range(25)
    ]  # fmt: skip
    assert _first_error([_cmd(options=long_opts)]) == (["0"], "APPLICATION_COMMAND_TOO_LARGE")


def test_more_than_100_chat_commands_are_refused() -> None:
    path, code = _first_error([_cmd(name=f"c{i}") for i in range(101)])
    assert (path, code) == ([], "BASE_TYPE_MAX_LENGTH")


def test_stored_command_fills_discords_defaults() -> None:
    stored = stored_command(_cmd(), cmd_id=7, app_id=9, guild_id=3)
    assert stored["id"] == "7"
    assert stored["application_id"] == "9"
    assert stored["guild_id"] == "3"
    assert stored["contexts"] == [0]
    assert "options" not in stored
