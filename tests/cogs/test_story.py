"""The thread's story of each turn (cogs/common/story.py) and counts shown with plural forms."""

import re
from dataclasses import replace
from datetime import UTC, datetime

from cogs import log_pages
from cogs.common import story
from engine.core import i18n
from engine.sessions import By, LogLine, Outcome, Status, Turn

NAMES = ("alice", "bob", "AI")
AT = datetime(2026, 1, 1, tzinfo=UTC)


def line(version: int, seat: int) -> LogLine:
    return LogLine(version, seat, None, By.PLAYER, f"m{version}", f"move {version}", (), False, AT)


def outcome(history: list[LogLine], moves: list[LogLine], seat: int) -> Outcome:
    turn = Turn(seat, "bowl", 70 + seat, "choose a bowl.", AT, None)
    return Outcome(3, history[-1].version, Status.ACTIVE, tuple(moves), (), turn, None, (),
                   None, None, None, 99, None, None, history=tuple(history))  # fmt: skip


def test_a_turn_is_the_deciders_own_moves_after_what_the_others_did_since_its_last():
    seats = [0, 0, 1, 2, 2, 0, 0]
    history = [line(v + 1, s) for v, s in enumerate(seats)]
    others, own = story.turn_of(history, 0)
    assert [m.version for m in others] == [3, 4, 5]
    assert [m.version for m in own] == [6, 7]
    others, own = story.turn_of(history, 1)
    assert [m.version for m in others] == [4, 5, 6, 7]
    assert own == ()


def test_the_closed_turn_keeps_every_move_and_a_new_message_comes_only_when_the_turn_passed():
    seats = [0, 0, 1, 2, 2]  # alice moved twice; bob and the AI replied; alice decides again
    history = [line(v + 1, s) for v, s in enumerate(seats)]
    passed = outcome(history, history[1:], 0)
    assert story.passed(passed)
    closed = story.closing(passed, NAMES, "en", "trajan") or ""
    assert "`  1` **alice (1)**: move 1" in closed
    assert "`  2` **alice (1)**: move 2" in closed
    assert "move 3" not in closed  # the others' replies belong to the next turn message
    caption = story.caption(passed, NAMES, "en", "trajan")
    assert "Since your last turn, <@70>:" in caption
    assert "move 3" in caption
    assert "move 5" in caption
    assert caption.startswith("**Trajan #3** · move 5")
    within = outcome(history[:2], history[1:2], 0)
    assert not story.passed(within)


def test_titles_are_in_the_games_language():
    assert story.title("trajan", 3, "es") == "Trajano n.º 3"
    assert story.title("troyes", 3, "es") == "Troyes n.º 3"
    assert story.title("troyes", 3, "en") == "Troyes #3"


def test_the_seat_order_says_who_starts_and_whether_seats_were_drawn():
    said = story.order(NAMES, 1, "en", shuffled=True)
    assert said == (
        "Seats were drawn at random. Order of play: 1. alice (1), 2. bob (2), 3. AI (3). "
        "bob (2) starts."
    )
    assert story.order(NAMES, 0, "es", shuffled=False).startswith("Los asientos siguen")


COUNTED = re.compile(
    r"\{(count|moves|n|number)\} (moves|cards|games|lines|spaces|jugadas|cartas|partidas"
    r"|líneas|espacios)\b|\w\((s|es)\)"
)


def test_a_count_shown_beside_a_noun_has_plural_forms():
    found = [
        (lang, key, message)
        for lang in ("en", "es")
        for key, message in i18n.catalog(lang).messages.items()
        if isinstance(message, str) and COUNTED.search(message)
    ]
    assert not found, found


def test_the_last_moves_of_a_game_after_the_closed_turn_go_in_the_final_message():
    seats = [0, 0, 1, 1]  # alice's last move; the AI's replies end the game
    history = [line(v + 1, s) for v, s in enumerate(seats)]
    ended = replace(outcome(history, history[1:], 0), turn=None)
    closed = story.closing(ended, NAMES, "en", "trajan") or ""
    assert "move 2" in closed
    assert "move 3" not in closed
    last = story.after_closing(ended, NAMES, "en", "trajan")
    assert [x.split("**: ")[1] for x in last] == ["move 3", "move 4"]


def test_log_pages_keep_every_entry_in_order_and_each_fits_a_message():
    blocks = [f"`{v:>3}` **alice (1)**: move {v} " + "x" * (v % 90) for v in range(1, 300)]
    pages = log_pages.paginate(blocks)
    assert len(pages) > 3
    assert [b for page in pages for b in page] == blocks
    assert all(len("\n".join(page)) <= log_pages.ROOM for page in pages)
    assert log_pages.paginate(blocks) == pages  # the same moves make the same pages


def test_a_turn_too_long_for_one_message_keeps_every_move_without_its_bullets():
    at = AT
    moves = [
        LogLine(v, 1, None, By.AI, f"m{v}", f"move {v}", ("x" * 150,), False, at)
        for v in range(1, 25)
    ]
    caption = story.caption(outcome([*moves, line(25, 0)], [], 0), NAMES, "en", "trajan")
    assert len(caption) <= 2000
    assert all(f"move {v}\n" in caption or f"move {v} " in caption for v in range(1, 25))
    assert "x" * 150 not in caption  # the bullets went (they are in /game log)
