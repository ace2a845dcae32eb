"""The one-go menu under a board: a multi-select of a Trajan sowing or shipment (issue 14)."""

from datetime import UTC, datetime
from typing import Any

import discord

from cogs.common import acting
from engine.sessions.models import Choice, Choices, Turn
from tests.engine.trajan.helpers import ENGINE, do, fresh

AT = datetime(2026, 12, 1, tzinfo=UTC)


def _items(view: discord.ui.View) -> list[Any]:
    """Return the buttons and selects of a view (a persistent item wraps its component)."""
    return [getattr(child, "item", child) for child in view.children]


def _sowing_choices(lang: str = "en") -> Choices:
    state = fresh()
    state.players[0].bowls = ("BBBYYGGO", "", "W", "", "PW", "P")
    state = do(state, "bowl 1")
    items = tuple(
        Choice(i, ENGINE.action_text(a), ENGINE.describe(a, lang))
        for i, a in enumerate(ENGINE.legal_actions(state))
    )
    turn = Turn(0, "sow", 70, ENGINE.prompt(state, lang), AT, None)
    return Choices(4, state.version, turn, items, ENGINE.bundle(state, lang))


def test_a_sowing_gets_one_multi_select_above_its_one_colour_buttons() -> None:
    choices = _sowing_choices()
    assert choices.bundle is not None
    view = acting.controls(choices, "en")
    menus: list[Any] = [i for i in _items(view) if isinstance(i, discord.ui.Select)]
    [menu] = menus
    assert menu.custom_id == f"dn:b:4:{choices.version}"
    assert (menu.min_values, menu.max_values) == (5, 5)  # 8 markers, 3 blue fill the rest
    assert len(menu.options) == 24
    assert menu.options[0].label == "yellow into bowl II (Forum)"
    assert menu.options[0].description == "marker 1 of 8, sown clockwise"
    assert menu.placeholder is not None
    assert menu.placeholder.startswith("Pick the bowls for yellow")
    assert menu.row == 0
    buttons = [i for i in _items(view) if isinstance(i, discord.ui.Button)]
    moves = [b for b in buttons if str(b.custom_id).startswith("dn:m:")]
    assert len(moves) == len(choices.choices)  # the one-colour steps stay, below the menu
    assert all(b.row is not None and b.row >= 1 for b in moves)


def test_the_menu_speaks_the_games_language() -> None:
    view = acting.controls(_sowing_choices("es"), "es")
    [menu] = [i for i in _items(view) if isinstance(i, discord.ui.Select)]
    assert menu.options[0].label == "amarillo en la bandeja II (Foro)"
    assert menu.placeholder is not None
    assert menu.placeholder.startswith("Elige las bandejas para")


def test_a_hidden_decision_shows_no_menu_on_the_public_board() -> None:
    view = acting.controls(_sowing_choices(), "en", hidden=True)
    assert not [i for i in _items(view) if isinstance(i, discord.ui.Select)]


async def test_the_confirmation_of_a_one_go_move_carries_the_picks() -> None:
    sent = acting.ConfirmBundle(4, 31, "0Y,1G,3Y,5O,6G")
    assert sent.custom_id == "dn:kb:4:31:0Y,1G,3Y,5O,6G"
    match = sent.template.fullmatch(sent.custom_id)
    assert match is not None
    again = await acting.ConfirmBundle.from_custom_id(None, sent.item, match)  # type: ignore[arg-type]
    assert (again.game, again.version, again.picks) == (4, 31, "0Y,1G,3Y,5O,6G")
    assert acting.ConfirmButton.__discord_ui_compiled_template__.fullmatch(sent.custom_id) is None
    assert not acting._picks(("wine.1", "bad,value"))
    assert acting._picks(("wine.1", "fish.1", "wild"))


def test_one_step_choices_with_a_line_each_go_in_a_select_under_the_menu() -> None:
    plain = _sowing_choices()
    detailed = tuple(Choice(c.index, c.notation, c.label, "what it gets") for c in plain.choices)
    many = tuple(Choice(i, f"m{i}", f"move {i}", "x") for i in range(30))
    for items in (detailed, many):
        view = acting.controls(Choices(4, 9, plain.turn, items, plain.bundle), "en")
        menus = [i for i in _items(view) if isinstance(i, discord.ui.Select)]
        assert [str(m.custom_id)[:5] for m in menus] == ["dn:b:", "dn:s:"]
        assert [m.row for m in menus] == [0, 1]


def test_a_pass_is_the_last_choice_shown_and_still_plays_the_pass() -> None:
    # Playtest item 39: "Pasar" was button [1] of "Elige una acción o pasa.", the easiest to
    # press by mistake. It goes last; its button still plays the pass's index.
    labels = ("Pasar", "Usar influencia", "Activar Diplomático", "Combatir Herejía")
    notations = ("pass", "influence", "act diplomat", "event heresy")
    items = tuple(
        Choice(i, n, label) for i, (n, label) in enumerate(zip(notations, labels, strict=True))
    )
    turn = Turn(0, "turn", 70, "elige una acción o pasa.", AT, None)
    view = acting.controls(Choices(4, 9, turn, items), "es")
    moves = [i for i in _items(view) if str(getattr(i, "custom_id", "")).startswith("dn:m:")]
    assert [m.label for m in moves] == [*labels[1:], "Pasar"]
    assert moves[-1].custom_id == "dn:m:4:9:0"
    many = tuple(Choice(i, "pass" if i == 0 else f"x {i}", f"x {i}") for i in range(30))
    menu = next(i for i in _items(acting.controls(Choices(4, 9, turn, many), "es"))
                if isinstance(i, discord.ui.Select))  # fmt: skip
    assert menu.options[0].value == "1"  # a long list, in a menu: the pass is not first either
