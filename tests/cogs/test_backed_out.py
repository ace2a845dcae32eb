"""An entry backed out of keeps its place, disabled, saying why (docs/playtest-2026-12.md 67).

After `Back` the engine leaves the entry out of the legal actions for the rest of the
decision (stored games replay as they were); the menu still shows it where it stood, with
its reason as its line, so the letters of the other options do not move.
"""

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord

from cogs.common import acting
from localdiscord.local import Seen
from localdiscord.textview import Renderer
from tests.cogs.test_steady_controls import _choices
from tests.engine.troyes.helpers import ENGINE, play
from tests.engine.troyes.test_actions import SPARE, war_table

DICE = [[("red", 6), ("red", 2), ("white", 3)], [("red", 5), ("red", 4)], SPARE, [("red", 3)]]
WHY = "ya la miraste; se ofrece otra vez en tu próximo turno"


def _table_lines(view: discord.ui.View, tmp_path: Path) -> list[str]:
    """Return the local table's lines for a board's controls (its menu lettered a, b, ...)."""
    seen = Seen(id=5, channel_id=1, author="Denarius", author_is_bot=True, content="", embeds=[],
                components=view.to_components(), attachments=[], ephemeral=False,
                loading=False, edited=False)  # fmt: skip
    return "\n".join(Renderer(tmp_path).message(seen)).splitlines()


def _letters(lines: list[str]) -> dict[str, str]:
    """Return each menu option's label by its letter, as the table lists them."""
    found = (re.fullmatch(r"\s+([a-z])\) (.*?)(?: — .*)?", line) for line in lines)
    return {m[1]: m[2] for m in found if m}


def _menu(view: discord.ui.View) -> list[discord.SelectOption]:
    select = next(c for c in view.children if isinstance(c, acting.MoveSelect))
    return list(select.item.options)


def test_the_legal_actions_after_a_back_are_unchanged():
    s, _ = play(war_table(DICE, deniers=[20, 0, 0]), "event war", "back")
    assert "event war" not in [ENGINE.action_text(x) for x in ENGINE.legal_actions(s)]


def test_a_backed_out_entry_keeps_its_letter_disabled_and_says_why(tmp_path: Path):
    before_state = war_table(DICE, deniers=[20, 0, 0])
    before = _table_lines(acting.controls(_choices(before_state), "es"), tmp_path)
    after_state, _ = play(before_state, "event war", "back")
    choices = _choices(after_state)
    after_view = acting.controls(choices, "es")
    after = _table_lines(after_view, tmp_path)
    # Every letter names the same option before and after the back ("1 j" is still Pasar).
    assert _letters(after) == _letters(before)
    assert len(_letters(before)) == 10
    assert _letters(after)["j"] == "Pasar"
    assert "      h) Combatir Guerra — " + WHY in after
    # The menu's option plays nothing: its value names no legal action's index.
    options = {o.label: o.value for o in _menu(after_view)}
    assert options["Combatir Guerra"].startswith(acting.SPENT_VALUE)
    assert options["Pasar"] == "0"
    assert {c.label for c in choices.choices} == set(options) - {"Combatir Guerra"}


def test_as_buttons_the_backed_out_entry_is_disabled_with_its_reason():
    s, _ = play(war_table(DICE, deniers=[20, 0, 0]), "event war", "back")
    view = acting.controls(_choices(s, "en", details=False), "en")
    buttons = [(str(b.item.label), b.item.disabled) for b in view.children
               if isinstance(b, (acting.MoveButton, acting.SpentButton))]  # fmt: skip
    assert ("Fight War (you looked at this; offered again on your next turn)", True) in buttons
    assert buttons[-1] == ("Pass", False)


def test_the_list_of_events_keeps_an_event_backed_out_of():
    # The list opened from a menu of more than 25 entries ("events"), after backing out of
    # one of its events: that event stays where it was, disabled.
    s, _ = play(war_table(DICE, deniers=[20, 0, 0]), "event war", "back")
    s = s.clone()
    s.kind, s.legal_memo = "events", None
    assert [ENGINE.action_text(x) for x in ENGINE.legal_actions(s)] == ["event marauding", "back"]
    layout = ENGINE.layout(s, "en")
    assert layout is not None
    assert [p if isinstance(p, int) else (p.label, p.picked) for p in layout.places] == [
        0,
        ("Fight War", False),
        1,
    ]


async def test_picking_the_spent_option_plays_nothing_and_says_so(monkeypatch: Any):
    said: list[tuple[str, bool]] = []

    async def in_game(interaction: Any, game: int) -> str:
        interaction.extras["lang"] = "es"
        return "es"

    async def send_message(text: str, ephemeral: bool = False, **_: Any) -> None:
        said.append((text, ephemeral))

    async def act(*_: Any, **__: Any) -> None:
        raise AssertionError("a spent option must play nothing")

    monkeypatch.setattr(acting, "in_game", in_game)
    monkeypatch.setattr(acting, "act", act)
    response = SimpleNamespace(is_done=lambda: False, send_message=send_message)
    interaction = SimpleNamespace(data={"values": ["n9"]}, extras={}, response=response)
    await acting.MoveSelect(4, 7, 0).callback(interaction)  # type: ignore[arg-type]
    assert said == [("Esa opción no se ofrece ahora: su línea dice por qué. Elige otra.", True)]
