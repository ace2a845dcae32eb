"""The thread and the log tell what a seat did, not the menus it explored (playtest item 26).

A Troyes "Back" leaves a sub-choice with nothing paid; the moves that opened and walked it are
hidden with it (`cogs.common.text.shown`, `engine/troyes/explored.py`). Seeded games of random
play, which explore and back out often, prove that every hidden run changed nothing: the state
after the back is the state before the run (its version aside, and the choice left no longer
offered in that decision). The stored moves are not touched.
"""

from datetime import UTC, datetime
from typing import Any

import pytest

from cogs.common import text
from cogs.common.i18n import t
from engine.core.rng import Rng
from engine.games import GAMES
from engine.sessions import By, LogLine
from engine.troyes.events import Passed
from engine.troyes.game import EVERY_MODULE

AT = datetime(2026, 1, 1, tzinfo=UTC)
NAMES = ("alice", "bob", "carol")


def _move(version: int, seat: int, notation: str, label: str, records: tuple[Any, ...] = ()):
    return LogLine(version, seat, None, By.AI, notation, label, (), False, AT, game="troyes",
                   records=records)  # fmt: skip


def _played(options: dict[str, str], seats: int, seed: int) -> tuple[list[LogLine], list[Any]]:
    """Play a seeded random Troyes game; return its log and the state before each move."""
    engine = GAMES["troyes"]
    state = engine.new_state(options, seats, seed)
    rng = Rng(seed, 0, "explored")
    lines: list[LogLine] = []
    before: list[Any] = []
    while state.pending is not None and len(lines) < 250:
        seat = state.pending.seat
        actions = engine.legal_actions(state)
        action = actions[rng.below(len(actions))]
        before.append(engine.to_json(state))
        step = engine.apply(state, action)
        notation = engine.action_text(action)
        label = engine.describe(action, "en")
        lines.append(_move(step.state.version, seat, notation, label, tuple(step.events)))
        state = step.state
    before.append(engine.to_json(state))
    return lines, before


@pytest.mark.parametrize(("options", "seats", "seed"), [({}, 3, 1), (EVERY_MODULE, 2, 2)])
def test_every_hidden_run_of_moves_changed_nothing_but_what_is_offered(
    options: dict[str, str], seats: int, seed: int
) -> None:
    lines, before = _played(options, seats, seed)
    kept = {x.version for x in text.shown(lines, "troyes")}
    hidden = runs = 0
    i = 0
    while i < len(lines):
        if lines[i].version in kept:
            i += 1
            continue
        j = i
        while lines[j].version not in kept and lines[j].notation != "back":
            j += 1  # a hidden run ends with its back
        assert not any(x.records for x in lines[i : j + 1])
        hidden += j + 1 - i
        if j == i:  # a back alone: the moves before it stay shown, it only went back
            i = j + 1
            continue
        start, end = before[i], before[j + 1]  # before the run; after the back
        changed = {k for k in start.keys() | end.keys() if start.get(k) != end.get(k)}
        assert changed <= {"version", "declined"}, [x.notation for x in lines[i : j + 1]]
        runs += 1
        i = j + 1
    assert runs > 10  # random play explores and backs out
    assert all(x.notation != "back" for x in text.shown(lines, "troyes"))


def test_the_log_shows_the_pass_not_the_influence_menu_opened_and_left() -> None:
    lines = [
        _move(10, 1, "influence", "Use influence"),
        _move(11, 1, "back", "Back"),
        _move(12, 1, "walls", "Guard the walls (1 die)"),
        _move(13, 1, "from 1", "From district 1"),
        _move(14, 1, "back", "Back"),
        _move(15, 1, "pass", "Pass", (Passed(1),)),
    ]
    for lang in ("en", "es"):
        shown = text.entries(lines, NAMES, lang, "troyes")
        # The menus explored are one line that says so, their numbers in it (item 102).
        assert [x.split("**: ")[1].split("\n")[0] for x in shown] == [
            t(lang, "story.explored"),
            text.words(lines[-1], NAMES, lang)[0],
        ]
        assert shown[0].startswith("` 10`\N{EN DASH}` 14` **bob (2)**")
        assert len(text.plain_log(lines, NAMES, lang, "troyes")) == 2
    # Trajan has no way back: every move is shown.
    assert text.shown(lines, "trajan") == lines


def test_a_back_after_a_move_with_events_hides_only_itself() -> None:
    lines = [
        _move(20, 0, "card baker", "Activate Baker"),
        _move(21, 0, "pass", "Pass", (Passed(0),)),
        _move(22, 0, "back", "Back"),
    ]
    assert [x.version for x in text.shown(lines, "troyes")] == [20, 21]
