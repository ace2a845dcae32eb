"""Captions of posted messages: names as on the images, within Discord's limits."""

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime

from cogs.common import text
from engine.sessions import By, LogLine, Outcome, Status, Turn

NAMES = ("alice", "bob", "AI")


def line(version: int, seat: int, move: str, *events: str) -> LogLine:
    at = datetime(2026, 1, 1, tzinfo=UTC)
    return LogLine(version, seat, None, By.PLAYER, move, move, events, False, at)


def outcome(
    moves: Sequence[LogLine] = (),
    catch_up: Sequence[LogLine] = (),
    ping: int | None = None,
    turn_user: int = 7,
) -> Outcome:
    at = datetime(2026, 1, 1, tzinfo=UTC)
    turn = Turn(1, "bowl", turn_user, "choose a bowl.", at, None)
    return Outcome(3, 10, Status.ACTIVE, tuple(moves), (), turn, ping, tuple(catch_up),
                   None, None, None, 99, None, None)  # fmt: skip


def test_engine_player_numbers_become_names_as_on_the_board():
    assert text.named("Player 2 takes a card; player 3 passes", NAMES) == (
        "bob (2) takes a card; AI (3) passes"
    )


def test_a_caption_names_who_decides_and_lists_the_catch_up_for_the_pinged_player():
    caption = text.board(
        outcome(catch_up=[line(9, 0, "Sow from bowl I", "Player 1 sows 3")], ping=7), NAMES, "en"
    )
    assert "Since your last turn, <@7>:" in caption
    assert "alice (1)" in caption
    assert "**Now:** <@7>: choose a bowl." in caption


def test_an_event_that_repeats_the_move_is_left_out():
    move = line(9, 0, "Orange into bowl I", "Player 1: orange into bowl I")
    caption = text.board(outcome([move]), NAMES, "en")
    assert caption.count("orange into bowl I".lower()) == 0
    assert caption.count("Orange into bowl I") == 1


def test_a_long_log_keeps_the_newest_lines_under_discords_limit():
    moves = [line(v, v % 3, f"move {v} " + "x" * 120, "event " + "y" * 80) for v in range(60)]
    caption = text.board(outcome(moves), NAMES, "es")
    assert len(caption) <= 2000
    assert "move 59" in caption
    assert "move 0 " not in caption
    assert "/game log" in caption
    assert caption.startswith("**Partida n.º 3**")


def test_a_stand_in_move_is_marked_in_the_games_language():
    move = replace(line(4, 1, "Pass"), by=By.STAND_IN)
    assert "bob (2)**: Pass *(AI stand-in)*" in text.log_lines([move], NAMES, "en")
    assert "**: Pass *(suplente IA)*" in text.log_lines([move], NAMES, "es")
