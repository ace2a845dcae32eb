"""The live moves an outcome carries for the thread's story (turns.story_window)."""

from dataclasses import dataclass
from datetime import UTC, datetime

from engine.sessions.models import By, LogLine, Turn
from engine.sessions.turns import HISTORY, story_window

AT = datetime(2026, 1, 1, tzinfo=UTC)


@dataclass
class Row:
    version: int
    seat: int
    undone_at: int | None = None


def rows(seats: list[int]) -> list[Row]:
    return [Row(v + 1, s) for v, s in enumerate(seats)]


def turn(seat: int) -> Turn:
    return Turn(seat, "bowl", 1, "choose.", AT, None)


def line(version: int, seat: int) -> LogLine:
    return LogLine(version, seat, None, By.PLAYER, "x", "x", (), False, AT)


def test_only_the_turns_the_story_tells_are_carried():
    moves = rows([0, 0, 1, 1, 0, 0, 1, 1, 0])  # seat 0 decides again after seat 1's replies
    window = story_window(moves, turn(0), [line(9, 0)])
    assert [m.version for m in window] == [7, 8, 9]
    # The call that ended seat 0's turn (move 5) carries that turn and what came before it.
    window = story_window(moves[:7], turn(1), [line(6, 0), line(7, 1)])
    assert [m.version for m in window] == [3, 4, 5, 6, 7]


def test_taken_back_moves_are_left_out_and_a_long_story_is_cut():
    moves = [*rows([0, 1]), Row(3, 1, undone_at=4)]
    assert [m.version for m in story_window(moves, turn(0), [])] == [2]
    long = rows([1] * (HISTORY + 20))
    assert len(story_window(long, turn(0), [])) == HISTORY
