"""An AI's first turn, told in the start's own message, is not told again (playtest item 120).

An AI that starts has the start's board as its first turn's message (item 100): "La partida
ha empezado.", the seat order, the revealed character, the four outer activities and its
move. alice's first board then told the character and the activities again, and, retired,
"La partida ha empezado." and the seat order too.
"""

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from cogs.common import story
from engine.sessions import By, LogLine, Notice, NoticeKind, Outcome, Status, Turn
from engine.troyes.game import EVERY_MODULE
from tests.cogs.first_moves import first_lines
from tests.engine.troyes.helpers import ENGINE

AT = datetime(2026, 12, 4, tzinfo=UTC)
NAMES = ("alice", "IA normal", "IA difícil")
LADIES = {**EVERY_MODULE, "tournament": "off", "reveal_character": "on"}
STARTED = {"es": "La partida ha empezado.", "en": "The game has started."}


def _history(lang: str, seats: tuple[int, ...]) -> list[LogLine]:
    """The first set-up placements, made by the AIs (alice's, seat 0, by her)."""
    state = ENGINE.new_state(LADIES, 3, 11)
    lines = first_lines(
        ENGINE, "troyes", state, len(seats), lang, seat=lambda s: s.turn, by=By.AI, at=AT
    )
    by = [By.PLAYER if s == 0 else By.AI for s in seats]
    return [replace(x, seat=s, by=b) for x, s, b in zip(lines, seats, by, strict=True)]


def _outcome(history: list[LogLine], moves: list[LogLine], notices: tuple[Notice, ...] = ()):
    turn = Turn(0, "start", 70, "place a starting citizen.", AT, None)
    return Outcome(3, history[-1].version, Status.ACTIVE, tuple(moves), notices, turn, None,
                   (), None, None, None, 99, None, None, history=tuple(history))  # fmt: skip


@pytest.mark.parametrize("lang", ["es", "en"])
def test_an_ai_that_starts_tells_its_turn_and_the_start_once(lang: str) -> None:
    history = _history(lang, (1, 2))  # IA normal (2) starts, IA difícil (3), then alice
    order = story.order(NAMES, 1, lang, shuffled=True)
    start = [STARTED[lang], order]
    character = ENGINE.describe_event(history[0].records[0], lang)
    moved = _outcome(history, history)  # the AIs' moves after the start's board
    # The start's board, retired: the start, the set-up facts and the first AI's turn.
    first = story.closing(moved, NAMES, lang, "troyes", start)
    assert first is not None
    assert STARTED[lang] in first
    assert character in first
    assert "`  1` **IA normal (2)**" in first
    # alice's first board: the second AI's move only, neither the start nor the facts again.
    board = story.caption(moved, NAMES, lang, "troyes")
    assert "`  2` **IA difícil (3)**" in board
    assert character not in board
    assert "`  1` **IA normal (2)**" not in board
    # ... and retired after her move, it keeps them out.
    history = _history(lang, (1, 2, 0))
    closed = story.closing(_outcome(history, history[2:]), NAMES, lang, "troyes", start)
    assert closed is not None
    assert "`  2` **IA difícil (3)**" in closed
    assert "`  3` **alice (1)**" in closed
    assert STARTED[lang] not in closed
    assert order not in closed
    assert character not in closed
    # While the AIs think after her move, her board keeps them out as well.
    thinking = story.thinking(_outcome(history, history[2:]), NAMES, lang, "troyes", start)
    assert character not in thinking
    assert STARTED[lang] not in thinking


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_first_board_that_says_the_start_still_tells_the_moves_before_it(lang: str) -> None:
    """A start whose AIs moved before its first board (no board of their own) tells them."""
    history = _history(lang, (1, 2))
    started = (Notice(NoticeKind.STARTED),)
    board = story.caption(_outcome(history, history, started), NAMES, lang, "troyes")
    assert "`  1` **IA normal (2)**" in board
    assert ENGINE.describe_event(history[0].records[0], lang) in board


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_person_who_starts_has_the_start_in_her_first_message(lang: str) -> None:
    history = _history(lang, (0, 1, 2))
    order = story.order(NAMES, 0, lang, shuffled=True)
    start = [STARTED[lang], order]
    closed = story.closing(_outcome(history, history), NAMES, lang, "troyes", start)
    assert closed is not None
    assert STARTED[lang] in closed
    assert ENGINE.describe_event(history[0].records[0], lang) in closed
