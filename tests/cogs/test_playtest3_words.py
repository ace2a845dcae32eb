"""More words from the third Spanish playtest (docs/playtest-2026-12.md, items 70-80)."""

import pytest

from cogs.common import errors
from engine.core.errors import IllegalMoveError
from engine.core.play import parse_action
from engine.troyes import events as ev
from tests.engine.troyes.helpers import ENGINE, placed


def test_a_long_typed_move_is_quoted_cut_with_an_ellipsis():
    # Item 80: a 600-character `/move` was quoted cut at 60 characters with no sign of the cut.
    typed = "obispado " * 70
    with pytest.raises(IllegalMoveError) as refused:
        parse_action(ENGINE, placed(), typed, [(0, "Pasar")])
    said = errors.error_text(refused.value, "es")
    assert said == f"'{typed[:59]}…' no es una jugada legal ahora; elige una de la lista."


def test_a_short_typed_move_is_quoted_whole():
    with pytest.raises(IllegalMoveError) as refused:
        parse_action(ENGINE, placed(), "  obispado 9  ", [(0, "Pasar")])
    assert errors.error_text(refused.value, "es").startswith("'obispado 9' no es una jugada")


def test_the_walls_log_names_the_gate_reached_and_its_opened_activity():
    # Item 72: the choice said "llega a la puerta I: se abre su actividad exterior, Pregonero",
    # the log only "avanza su guardia 6 espacios, hasta el espacio 6".
    es = ENGINE.describe_event(ev.GuardMoved(1, 0, 6), "es", ("alice", "bob", "carol"))
    assert es == (
        "bob avanza su guardia 6 espacios, hasta el espacio 6: llega a la puerta I y se abre "
        "su actividad exterior"
    )
    en = ENGINE.describe_event(ev.GuardMoved(1, 4, 10), "en")
    assert en == (
        "Player 2 moves their guard 6 spaces, to space 10: reaches gates I and II, which open "
        "their outer activities"
    )
    # A walk that reaches no gate reads as before.
    assert ENGINE.describe_event(ev.GuardMoved(0, 0, 3), "es") == (
        "Jugador 1 avanza su guardia 3 espacios, hasta el espacio 3"
    )


def test_a_counter_with_the_previous_groups_leftover_says_so():
    # Item 75: "IA normal (3) contrarresta el dado negro de 2 con amarillo 1" read as a small
    # die beating a bigger one; the other point was left over from the previous group.
    names = ("alice", "bob", "IA normal (3)")
    event = ev.BlackDieCountered(2, 2, (("yellow", 1),))
    assert ENGINE.describe_event(event, "es", names) == (
        "IA normal (3) contrarresta el dado negro de 2 con amarillo 1 y 1 punto sobrante del "
        "grupo anterior: +1 de influencia"
    )
    assert ENGINE.describe_event(ev.BlackDieCountered(0, 5, (("yellow", 2),)), "en") == (
        "Player 1 counters the black 5 with yellow 2 and 3 pips left over from the previous "
        "group: +1 influence"
    )
    # Dice that reach the black die alone (red counts double) read as before.
    assert ENGINE.describe_event(ev.BlackDieCountered(0, 5, (("red", 3),)), "es") == (
        "Jugador 1 contrarresta el dado negro de 5 con rojo 3: +1 de influencia"
    )
