"""Modal and autocomplete limits, checked like Discord does."""

from __future__ import annotations

from typing import Any

import pytest

from localdiscord import limits
from localdiscord.errors import ApiError


def _modal(**overrides: Any) -> dict[str, Any]:
    text = {"type": 4, "custom_id": "note", "label": "Note", "style": 1}
    return {"title": "Form", "custom_id": "m", "components": [{"type": 1, "components": [text]}],
            **overrides}  # fmt: skip


def _error_code(fn: Any, data: Any) -> str:
    with pytest.raises(ApiError) as info:
        fn(data)
    assert (info.value.status, info.value.code) == (400, 50035)
    node: Any = info.value.errors
    while "_errors" not in node:
        node = next(iter(node.values()))
    return str(node["_errors"][0]["code"])


def test_a_valid_modal_passes() -> None:
    limits.check_modal(_modal())


@pytest.mark.parametrize(
    "modal",
    [
        _modal(title="t" * 46),
        _modal(custom_id=""),
        _modal(components=[]),
        _modal(components=_modal()["components"] * 6),
        _modal(components=[{"type": 18, "label": "l" * 46,
                            "component": {"type": 4, "custom_id": "x", "style": 1}}]),
    ],
)  # fmt: skip
def test_invalid_modals_are_rejected(modal: dict[str, Any]) -> None:
    assert _error_code(limits.check_modal, modal).startswith("BASE_TYPE")


def test_autocomplete_answers_hold_at_most_25_choices() -> None:
    choices = [{"name": f"c{i}", "value": f"{i}"} for i in range(26)]
    limits.check_choices({"choices": choices[:25]})
    assert _error_code(limits.check_choices, {"choices": choices}) == "BASE_TYPE_MAX_LENGTH"


def test_select_menus_hold_1_to_25_options() -> None:
    opts = [{"label": f"o{i}", "value": f"{i}"} for i in range(26)]
    row = {"type": 1, "components": [{"type": 3, "custom_id": "s", "options": opts}]}

    def check(body: dict[str, Any]) -> None:
        limits.check_message(body, has_files=False, creating=True)

    assert _error_code(check, {"components": [row]}) == "BASE_TYPE_BAD_LENGTH"
