"""Controls stay where they were within a compound decision (docs/playtest-2026-12.md 20, 37).

A die picked into the group, a starting space filled (by the decider or meanwhile by an AI)
keeps its place, disabled; a menu names the group in its placeholder; the step after the
group starts with a disabled heading. The legal actions, their indices and notations are
unchanged: a disabled control is no action.
"""

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import discord

from cogs.common import acting, text
from cogs.common.poster import Meta, Poster
from engine.sessions.models import By, Choice, Choices, LogLine, Outcome, Status, Turn
from tests.engine.troyes.helpers import ENGINE, play
from tests.engine.troyes.test_actions import SPARE, war_table

AT = datetime(2026, 12, 2, tzinfo=UTC)
DICE = [[("red", 6), ("red", 2)], [("red", 5), ("red", 4)], SPARE, [("red", 3)]]


def _choices(state: Any, lang: str = "es", details: bool = True) -> Choices:
    items = tuple(
        Choice(
            i,
            ENGINE.action_text(a),
            ENGINE.describe(a, lang),
            ENGINE.explain(state, a, lang) if details else "",
        )
        for i, a in enumerate(ENGINE.legal_actions(state))
    )
    turn = Turn(state.pending.seat, state.kind, 70, ENGINE.prompt(state, lang), AT, None)
    return Choices(4, state.version, turn, items, None, ENGINE.layout(state, lang))


def _items(view: discord.ui.View) -> list[Any]:
    return [getattr(child, "item", child) for child in view.children]


def _shown(view: discord.ui.View) -> list[tuple[str, bool]]:
    """Return the labels of the move buttons in order, and whether each is disabled."""
    return [
        (str(b.label), bool(b.disabled))
        for b in _items(view)
        if isinstance(b, discord.ui.Button) and str(b.custom_id).startswith(("dn:m:", "dn:n:"))
    ]


def test_a_picked_die_keeps_its_place_disabled_and_ticked():
    state, _ = play(war_table(DICE, deniers=[20, 0, 0]), "event war")
    before = _shown(acting.controls(_choices(state, details=False), "es"))
    state, _ = play(state, "die 0 red 6")
    choices = _choices(state, details=False)
    after = _shown(acting.controls(choices, "es"))
    assert before[:5] == [
        ("Tomar tu dado rojo 2", False),
        ("Tomar tu dado rojo 6", False),
        ("Tomar el dado rojo 4 de Jugador 2", False),
        ("Tomar el dado rojo 5 de Jugador 2", False),
        ("Tomar el dado rojo 3 del distrito neutral", False),
    ]
    assert after[:5] == [
        ("Tomar tu dado rojo 2", False),
        ("\N{CHECK MARK} rojo 6", True),
        *before[2:5],
    ]
    # The buttons still play the legal actions by their indices: nothing was renumbered.
    ids = [
        b.custom_id
        for b in _items(acting.controls(choices, "es"))
        if b.custom_id.startswith("dn:m")
    ]
    assert ids[:2] == [f"dn:m:4:{state.version}:0", f"dn:m:4:{state.version}:1"]
    assert [c.notation for c in choices.choices][:2] == ["die 0 red 2", "die 1 red 4"]


def test_a_menu_of_dice_names_the_group_in_its_placeholder():
    state, _ = play(war_table(DICE, deniers=[20, 0, 0]), "event war", "die 0 red 6")
    menus = [
        i
        for i in _items(acting.controls(_choices(state), "es"))
        if isinstance(i, discord.ui.Select)
    ]
    [menu] = menus
    assert menu.placeholder == "En el grupo: rojo 6"
    state, _ = play(state, "die 1 red 5")
    [menu] = [
        i
        for i in _items(acting.controls(_choices(state, "en"), "en"))
        if isinstance(i, discord.ui.Select)
    ]
    assert menu.placeholder == "In the group: red 6, red 5"


def test_the_step_after_the_group_starts_with_a_disabled_heading():
    state, _ = play(war_table(DICE, deniers=[20, 0, 0]), "event war", "die 0 red 6", "die 1 red 5")
    state, _ = play(state, "dice done")
    assert state.kind == "count"
    items = _items(acting.controls(_choices(state), "es"))
    head = items[0]
    assert isinstance(head, discord.ui.Button)
    assert (head.label, head.disabled, head.row) == ("Grupo elegido: rojo 6, rojo 5", True, 0)
    [menu] = [i for i in items if isinstance(i, discord.ui.Select)]
    assert menu.row == 1


def test_the_starting_spaces_stay_in_place_when_rivals_fill_some():
    state = ENGINE.new_state({}, 2, 7)  # two players: neutrals stand on spaces 2 and 5
    first = _shown(acting.controls(_choices(state), "es"))
    assert len(first) == 18
    assert first[1] == ("Palacio, espacio 2: neutral", True)
    state, _ = play(state, "start palace 3")  # seat 0; then seat 1 places twice (snake)
    state, _ = play(state, "start bishopric 1", "start city_hall 6")
    assert state.pending is not None
    assert state.pending.seat == 0
    shown = _shown(acting.controls(_choices(state), "es"))
    assert len(shown) == 18
    assert shown[2] == ("\N{CHECK MARK} Palacio, espacio 3", True)
    assert shown[6] == ("Obispado, espacio 1: ocupado", True)
    assert shown[17] == ("Ayuntamiento, espacio 6: ocupado", True)
    assert shown[3] == ("Colocar un ciudadano inicial: Palacio, espacio 4", False)
    assert [i for i, (_, off) in enumerate(shown) if not off] == [
        i for i, (_, off) in enumerate(first) if not off and i not in (2, 6, 17)
    ]
    rows = [b.row for b in _items(acting.controls(_choices(state), "es"))][:18]
    assert max(rows) == 3  # four rows of five: the tools keep the fifth


def test_a_layout_that_misses_a_choice_falls_back_to_the_choices_as_they_come():
    state, _ = play(war_table(DICE, deniers=[20, 0, 0]), "event war", "die 0 red 6")
    choices = _choices(state, details=False)
    assert choices.layout is not None
    broken = replace(choices, layout=replace(choices.layout, places=(0,)))
    assert len(_shown(acting.controls(broken, "es"))) == len(choices.choices)


def test_one_die_is_headed_as_the_chosen_die_not_a_group():
    state, _ = play(war_table(DICE, deniers=[20, 0, 0]), "event war", "die 0 red 6", "dice done")
    assert state.kind == "count"
    head = _items(acting.controls(_choices(state), "es"))[0]
    assert (head.label, head.disabled) == ("Dado elegido: rojo 6", True)
    head = _items(acting.controls(_choices(state, "en"), "en"))[0]
    assert head.label == "Chosen die: red 6"


def _last_move(state: Any, moves: tuple[str, ...]) -> tuple[Any, LogLine]:
    """Play `moves`; return the new state and the last move as the session stores it."""
    *firsts, last = moves
    state, _ = play(state, *firsts)
    after, events = play(state, last)
    line = LogLine(
        after.version, state.pending.seat, 7, By.PLAYER, last, last, (), False, AT,
        game="troyes", records=tuple(events),
    )  # fmt: skip
    return after, line


def test_the_same_seat_deciding_again_after_its_last_die_reads_what_was_done():
    table = war_table(DICE, deniers=[20, 0, 0], passed=[False, True, True])
    state, line = _last_move(
        table, ("event war", "die 0 red 6", "die 0 red 2", "dice done", "times 1")
    )
    assert (state.pending.seat, state.kind) == (0, "turn")
    choices = replace(_choices(state), game="troyes")
    # its layout only orders the menu (influence after the targets, item 82): no spent place
    assert choices.layout is not None
    assert all(isinstance(p, int) for p in choices.layout.places)
    headed = text.done_heading(choices, (line,), ("alice", "bob", "carol"), "es")
    head = _items(acting.controls(headed, "es"))[0]
    assert head.disabled
    assert head.label.startswith("Hecho: alice (1) combate Guerra")
    # as the poster builds the board's controls from the outcome of that move
    outcome = Outcome(
        4, state.version, Status.ACTIVE, (line,), (), choices.turn, None, (), None, None,
        None, None, None, None, choices=choices,
    )  # fmt: skip
    meta = Meta("troyes", "es", 1, 2, (70, 71, 72), ("alice", "bob", "carol"))
    posted = _items(Poster._controls(outcome, meta))[0]
    assert (posted.label, posted.disabled) == (head.label, True)
    # another seat's move, or a move that closed nothing, heads nothing
    assert text.done_heading(choices, (replace(line, seat=1),), (), "es") == choices
    assert text.done_heading(choices, (replace(line, records=()),), (), "es") == choices


def test_a_black_die_countered_heads_the_question_of_another():
    s = war_table([[("red", 6), ("white", 1)], SPARE, [], []])
    s.phase, s.kind, s.black = "events", "counter", [5, 3]
    state, line = _last_move(s, ("counter red 6",))
    assert (state.pending.seat, state.kind) == (0, "counter_more")
    choices = replace(_choices(state, "en"), game="troyes")
    headed = text.done_heading(choices, (line,), ("alice", "bob", "carol"), "en")
    assert headed.layout is not None
    assert headed.layout.heading.startswith("Done: alice (1) counters the black 5 with red 6: +1")
