"""Troyes' set-up told once, and its public facts with the game's start (playtest item 89).

The thread read "`  2` **IA normal (2)**: Colocar un ciudadano inicial: Palacio, espacio 2"
then "• IA normal (2) coloca un ciudadano en el Palacio, espacio 2"; and the revealed character
and the four outer activities under "`  1` alice (1): Colocar un ciudadano inicial: …", as if
her move had done them.
"""

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from cogs.common import story
from cogs.common.text import entries, plain_log
from engine.sessions import By, LogLine, Notice, NoticeKind, Outcome, Status, Turn
from engine.troyes import events as ev
from engine.troyes.game import EVERY_MODULE
from tests.cogs.first_moves import first_lines
from tests.engine.troyes.helpers import ENGINE

AT = datetime(2026, 12, 3, tzinfo=UTC)
NAMES = ("alice", "IA normal", "IA difícil")
LADIES = {**EVERY_MODULE, "tournament": "off", "reveal_character": "on"}
WORDS = {
    "es": ("La partida ha empezado.", "coloca un ciudadano", "Colocar un ciudadano inicial"),
    "en": ("The game has started.", "places a", "Place a starting citizen"),
}


def _setup(lang: str, moves: int = 3) -> list[LogLine]:
    """Play the first set-up placements of a Ladies game; return their stored lines."""
    state = ENGINE.new_state(LADIES, 3, 11)
    return first_lines(ENGINE, "troyes", state, moves, lang, seat=lambda s: s.turn, by=By.AI, at=AT)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_starting_citizen_is_told_once(lang: str) -> None:
    lines = _setup(lang)
    assert isinstance(lines[1].records[-1], ev.CitizenPlaced)
    told = entries(lines, NAMES, lang, "troyes")
    _, placed, label = WORDS[lang]
    for entry in told[1:]:
        assert entry.count("\n") == 0, entry  # the move's label alone: no bullet repeats it
        assert label in entry
    assert placed not in "\n".join(told)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_set_up_facts_come_before_the_first_move_not_as_its_doing(lang: str) -> None:
    lines = _setup(lang)
    facts = [r for r in lines[0].records if isinstance(r, ev.CharacterRevealed | ev.OuterDealt)]
    assert len(facts) == 5  # the revealed character and the four gates' outer activities
    first = entries(lines, NAMES, lang, "troyes")[0].split("\n")
    assert len(first) == 6
    assert first[-1].startswith("`  1` **alice (1)**: ")  # the move's head comes last
    assert all(x.startswith("\N{BULLET} ") for x in first[:5])
    character = ENGINE.describe_event(facts[0], lang)
    assert first[0] == f"\N{BULLET} {character}"
    # the export reads alike, the first move's head after the facts
    assert plain_log(lines, NAMES, lang, "troyes")[0].split("\n")[-1].startswith("  1 alice")


def _outcome(history: list[LogLine], moves: list[LogLine]) -> Outcome:
    turn = Turn(0, "start", 70, "place a starting citizen.", AT, None)
    started = (Notice(NoticeKind.STARTED),)
    return Outcome(3, history[-1].version, Status.ACTIVE, tuple(moves), started, turn, None,
                   (), None, None, None, 99, None, None, history=tuple(history))  # fmt: skip


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_first_board_tells_the_set_up_facts_with_the_start(lang: str) -> None:
    # The AIs placed first, then alice decides: her first board tells their moves.
    history = [replace(x, seat=s) for x, s in zip(_setup(lang, 2), (1, 2), strict=True)]
    order = story.order(NAMES, 1, lang, shuffled=True)
    caption = story.caption(_outcome(history, history), NAMES, lang, "troyes", [order])
    character = ENGINE.describe_event(history[0].records[0], lang)
    started = WORDS[lang][0]
    assert caption.index(started) < caption.index(order) < caption.index(character)
    assert caption.index(character) < caption.index("`  1` **IA normal (2)**")
    assert caption.count(character) == 1


@pytest.mark.parametrize("lang", ["es", "en"])
def test_alices_first_message_tells_them_with_the_start_before_her_move(lang: str) -> None:
    history = _setup(lang)  # alice placed first, then the AIs
    order = story.order(NAMES, 0, lang, shuffled=True)
    started = WORDS[lang][0]
    closed = story.closing(_outcome(history, history), NAMES, lang, "troyes", [started, order])
    character = ENGINE.describe_event(history[0].records[0], lang)
    assert closed is not None
    assert closed.index(order) < closed.index(character) < closed.index("`  1` **alice (1)**")
