"""The log tells another seat's move in the third person (playtest item 25).

A label speaks to the decider ("Counter with your red 3", "Mover tu líder militar a Recia");
the thread and `/game log` put it after the player's name, so there it reads "their" / "su".
The confirmation the decider reads ("Played: ...") keeps the second person.
"""

import re
from datetime import UTC, datetime
from typing import Any

import pytest

from cogs.common import text
from engine.core.rng import Rng
from engine.games import GAMES
from engine.sessions import By, LogLine
from engine.troyes.game import EVERY_MODULE

AT = datetime(2026, 1, 1, tzinfo=UTC)
NAMES = ("alice", "bob", "carol")
SECOND = {"en": re.compile(r"\byour\b", re.I), "es": re.compile(r"\btus?\b", re.I)}


def _line(game: str, seat: int, notation: str, label: str) -> LogLine:
    return LogLine(7, seat, None, By.AI, notation, label, (), False, AT, game=game)


def test_a_counter_and_a_leaders_move_read_in_the_third_person_in_the_log():
    counter = _line("troyes", 1, "counter purple 2", "Contrarrestar con tu dado morado 2")
    assert text.words(counter, NAMES, "es")[0] == "Contrarrestar con su dado morado 2"
    assert text.words(counter, NAMES, "en")[0] == "Counter with their purple 2"
    assert text.words(counter, NAMES, "es", told=False)[0] == "Contrarrestar con tu dado morado 2"
    leader = GAMES["trajan"].describe(_leader_move(), "es")
    assert leader.startswith("Mover tu líder militar a ")
    moved = _line("trajan", 0, GAMES["trajan"].action_text(_leader_move()), leader)
    assert text.words(moved, NAMES, "es")[0] == leader.replace(" tu ", " su ")


def test_a_one_marker_sowing_reads_in_lower_case_in_the_log_and_capitalised_on_its_button():
    """Playtest item 96: "IA normal (1): Azul a la bandeja V (Trajano)" had a button's capital."""
    from engine.trajan.actions import Sow  # noqa: PLC0415 - only this test needs it

    engine = GAMES["trajan"]
    sow = Sow(4, "B")
    for lang, button, log in (
        ("es", "Azul a la bandeja V (Trajano)", "azul a la bandeja V (Trajano)"),
        ("en", "Blue into bowl V (Trajan)", "blue into bowl V (Trajan)"),
    ):
        assert engine.describe(sow, lang) == button
        line = _line("trajan", 0, engine.action_text(sow), button)
        assert text.words(line, NAMES, lang)[0] == log
        assert text.words(line, NAMES, lang, told=False)[0] == button


def test_a_trajan_steps_bare_answers_say_what_they_answered_in_the_thread():
    """Seventh playtest item 4: "` 48` **alice (3)**: Terminar" (the end of the "play cards to
    your display" step) and a whole sowing's "azul II, rojo III" read only beside the question.
    """
    from engine.trajan.actions import Done, Sow  # noqa: PLC0415 - only this test needs them

    engine = GAMES["trajan"]
    for lang, done, sown in (
        ("es", "Terminar de jugar cartas", "Repartir los marcadores: azul II, rosa III"),
        ("en", "Done playing cards", "Sow the markers: blue II, pink III"),
    ):
        label = engine.describe(Done(), lang)
        assert label == done  # the button, the confirmation and the stored line say what ends
        line = _line("trajan", 0, engine.action_text(Done()), label)
        assert text.words(line, NAMES, lang)[0] == done
        sow = Sow(1, "BP")
        line = _line("trajan", 0, engine.action_text(sow), engine.describe(sow, lang))
        assert text.words(line, NAMES, lang)[0] == sown
        assert text.words(line, NAMES, lang, told=False)[0] == engine.describe(sow, lang)


def test_a_legionnaire_is_moved_with_the_rulebooks_verb_on_the_button_and_in_the_thread():
    """Seventh playtest item 7: "Trasladar un legionario …" on the button, "Colocar un
    legionario …" in the thread: one verb, the Spanish rulebook's ("traslada a uno de sus
    legionarios del campamento militar a la provincia actual de su líder").
    """
    from engine.trajan.actions import Deploy  # noqa: PLC0415 - only this test needs it

    engine = GAMES["trajan"]
    for lang, verb in (("es", "Trasladar un legionario a "), ("en", "Station a legionnaire in ")):
        label = engine.describe(Deploy(), lang)
        told = text.words(_line("trajan", 0, "deploy", label), NAMES, lang)[0]
        assert label.startswith(verb), label
        assert told.startswith(verb), told
        assert told == label.replace(" tu ", " su ").replace(" your ", " their ")


def _leader_move() -> Any:
    from engine.trajan.actions import MoveLeader  # noqa: PLC0415 - only this test needs it

    return MoveLeader("recia")


def _played(game: str, options: dict[str, str], seed: int, moves: int) -> list[tuple[Any, int]]:
    """Return (action, seat) of a seeded random game's moves."""
    engine = GAMES[game]
    state = engine.new_state(options, 3, seed)
    rng = Rng(seed, 0, "told")
    out: list[tuple[Any, int]] = []
    while state.pending is not None and len(out) < moves:
        actions = engine.legal_actions(state)
        action = actions[rng.below(len(actions))]
        out.append((action, state.pending.seat))
        state = engine.apply(state, action).state
    return out


@pytest.mark.parametrize(
    ("game", "options"), [("troyes", dict(EVERY_MODULE)), ("troyes", {}), ("trajan", {})]
)
def test_no_log_line_says_your_of_the_player_it_names(game: str, options: dict[str, str]):
    engine = GAMES[game]
    spoken = 0
    for seed in (1, 2):
        for action, seat in _played(game, options, seed, 700):
            for lang in ("en", "es"):
                label = engine.describe(action, lang)
                line = _line(game, seat, engine.action_text(action), label)
                told = text.words(line, NAMES, lang)[0]
                assert not SECOND[lang].search(told), (label, told)
                spoken += bool(SECOND[lang].search(label))
    assert spoken > 0
