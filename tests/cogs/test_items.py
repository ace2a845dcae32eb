"""The persistent items keep yesterday's custom_ids: same ids written, same ids accepted."""

import re
from typing import Any

import discord
import pytest

from cogs import lobby
from cogs.common import acting, requests
from cogs.common.items import CustomId, Persistent
from cogs.rules_items import EntryButton, PickSelect

# The templates as they were written by hand before cogs/common/items.py (main, 2026-12-01).
OLD = {
    acting.MoveButton: r"dn:m:(?P<g>\d+):(?P<v>\d+):(?P<i>\d+)",
    acting.ConfirmButton: r"dn:k:(?P<g>\d+):(?P<v>\d+):(?P<i>\d+)",
    acting.MoveSelect: r"dn:s:(?P<g>\d+):(?P<v>\d+):(?P<p>\d+)",
    acting.PageButton: r"dn:p:(?P<g>\d+):(?P<v>\d+):(?P<p>\d+)",
    acting.PrivateButton: r"dn:h:(?P<g>\d+)",
    acting.UndoButton: r"dn:u:(?P<g>\d+):(?P<v>\d+)",
    requests.AnswerButton: r"dn:a:(?P<g>\d+):(?P<r>\d+):(?P<y>[01])",
    requests.MuteButton: r"dn:r:(?P<g>\d+):(?P<m>turn|game)",
    lobby.LobbyButton: r"dn:l:(?P<g>\d+):(?P<a>join|leave|ai|start)",
    EntryButton: r"rules:e:(?P<mode>[vp]):(?P<lang>en|es):(?P<id>[a-z0-9_.\-]+)",
    PickSelect: r"rules:pick:(?P<mode>[vp]):(?P<lang>en|es)",
}
SAMPLES = [
    "dn:m:12:7:3", "dn:k:12:7:0", "dn:s:1:2:1", "dn:p:40:9:2", "dn:h:5", "dn:u:5:61",
    "dn:a:3:14:1", "dn:a:3:14:0", "dn:a:3:14:2", "dn:r:8:turn", "dn:r:8:game", "dn:r:8:week",
    "dn:l:2:join", "dn:l:2:leave", "dn:l:2:ai", "dn:l:2:start", "dn:l:2:stop",
    "rules:e:v:en:trajan.senate", "rules:e:p:es:troyes.build-cathedral", "rules:e:x:en:a.b",
    "rules:e:v:fr:a.b", "rules:pick:v:es", "rules:pick:p:en", "rules:pick:v:de",
    "dn:m:1:2", "dn:m:a:2:3", "dn:h:5:1", "dn:u:5", "dn:m:1:2:3:4", "xdn:h:5",
]  # fmt: skip

# One item per class as the bot builds them, with the custom_id it must carry.
BUILT: list[tuple[Any, str]] = [
    (acting.MoveButton(12, 7, 3, "Take"), "dn:m:12:7:3"),
    (acting.ConfirmButton(12, 7, 0), "dn:k:12:7:0"),
    (acting.MoveSelect(1, 2, 1), "dn:s:1:2:1"),
    (acting.PageButton(40, 9, 2, "Next"), "dn:p:40:9:2"),
    (acting.PrivateButton(5, "Mine"), "dn:h:5"),
    (acting.UndoButton(5, 61, "Undo"), "dn:u:5:61"),
    (requests.AnswerButton(3, 14, True, "Yes"), "dn:a:3:14:1"),
    (requests.AnswerButton(3, 14, False, "No"), "dn:a:3:14:0"),
    (requests.MuteButton(8, "turn", "Mute"), "dn:r:8:turn"),
    (lobby.LobbyButton(2, "start", "Start"), "dn:l:2:start"),
    (EntryButton("trajan.senate", "es", "p", "Senado"), "rules:e:p:es:trajan.senate"),
    (PickSelect("en", "v", [discord.SelectOption(label="a", value="a.b")]), "rules:pick:v:en"),
]


@pytest.mark.parametrize("cls", list(OLD), ids=lambda c: c.__name__)
def test_the_template_accepts_exactly_the_old_ids(cls: type[Persistent[Any]]) -> None:
    old = re.compile(OLD[cls])
    new = cls.__discord_ui_compiled_template__
    assert [s for s in SAMPLES if new.fullmatch(s)] == [s for s in SAMPLES if old.fullmatch(s)]
    assert any(old.fullmatch(s) for s in SAMPLES)


@pytest.mark.parametrize(("item", "custom_id"), BUILT, ids=lambda v: getattr(v, "custom_id", v))
async def test_items_write_and_read_back_the_same_ids(item: Any, custom_id: str) -> None:
    assert item.custom_id == custom_id
    match = item.template.fullmatch(custom_id)
    again = await type(item).from_custom_id(None, item.item, match)
    assert again.custom_id == custom_id
    assert {k: getattr(again, k) for k in item.custom.fields} == {
        k: getattr(item, k) for k in item.custom.fields
    }


async def test_a_select_comes_back_with_its_options() -> None:
    options = [discord.SelectOption(label="Senate", value="trajan.senate")]
    sent = PickSelect("es", "p", options)
    match = sent.template.fullmatch(sent.custom_id)
    assert match is not None
    again = await PickSelect.from_custom_id(None, sent.item, match)  # type: ignore[arg-type]
    assert [o.value for o in again.item.options] == ["trajan.senate"]
    assert (again.lang, again.mode) == ("es", "p")


def test_fields_are_typed_when_read_back() -> None:
    custom = CustomId.parse("dn:a:{game:int}:{request_id:int}:{agree:flag}")
    match = re.fullmatch(custom.regex, "dn:a:3:14:0")
    assert match is not None
    assert custom.read(match) == {"game": 3, "request_id": 14, "agree": False}
    assert custom.write({"game": 3, "request_id": 14, "agree": True}) == "dn:a:3:14:1"


@pytest.mark.parametrize("template", ["dn:x", "dn:{a:int}:{a:int}", "dn:{a:int}:{b", "dn:{a}"])
def test_malformed_templates_are_refused(template: str) -> None:
    with pytest.raises(ValueError, match="template"):
        CustomId.parse(template)


class _Short(Persistent[discord.ui.Button[Any]], custom_id="test:{a:int}:{b:int}"):
    def __init__(self) -> None:
        super().__init__(discord.ui.Button(label="x"), a=1)


def test_an_item_needs_every_field() -> None:
    with pytest.raises(TypeError, match="needs"):
        _Short()
