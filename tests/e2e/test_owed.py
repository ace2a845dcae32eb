"""Issue 18, what the bot owes: its messages, after an outage; its answers, within 3 s.

One faulty bot for the module (tests/e2e/faulty_bot.py), on a file clock, ticking every
second. The emulator's REST is taken away (`rest_down`: every bot route answers 503; clicks
and commands still arrive) while a reminder falls due and while an undo request is made:
after REST returns each appears once, in order, with no restart. Then the store is made
3.5 s slow: the emulator fails any interaction not acknowledged within 3 s, as Discord does;
the bot's watchdog (cogs/common/deadline.py) defers in time, and the real answer follows.
"""

import sqlite3
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from localdiscord.harness import BotHarness
from localdiscord.local import Actor, ChannelRef
from tests.e2e.conftest import (
    FAULTY_BOT,
    board,
    decider,
    open_game,
    press_first,
    start_game,
    wait_new_board,
)

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def owing(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BotHarness]:
    """One faulty bot on a file clock (`workdir/clock.txt`), slow while `workdir/slow` exists."""
    workdir = tmp_path_factory.mktemp("owing")
    (workdir / "clock.txt").write_text(START.isoformat())
    env = {
        "DENARIUS_CLOCK_FILE": str(workdir / "clock.txt"),
        "TICK_SECONDS": "1",
        "DENARIUS_FAULT": "slow_answers",
        "DENARIUS_SLOW_FILE": str(workdir / "slow"),
    }
    users = ("alice", "bob")
    with BotHarness(FAULTY_BOT, workdir, users=users, extra_env=env) as harness:
        yield harness


def _set_rest_down(table: BotHarness, down: bool) -> None:
    def switch() -> None:
        table.ld.world.rest_down = down

    table.ld.call(switch)


def _owed(table: BotHarness, kind: str) -> int:
    with sqlite3.connect(table.workdir / "games.db") as db:
        sql = "SELECT COUNT(*) FROM notices WHERE kind = ? AND posted_at IS NULL"
        return int(db.execute(sql, (kind,)).fetchone()[0])


def _wait_owed(table: BotHarness, kind: str, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while _owed(table, kind) == 0:
        assert time.monotonic() < deadline, f"no {kind} fell due"
        time.sleep(0.2)


def _count(actor: Actor, thread: ChannelRef, words: str) -> int:
    return sum(1 for m in actor.messages(thread) if m.author_is_bot and words in m.content)


@pytest.mark.slow
def test_a_reminder_and_a_request_owed_during_an_outage_are_posted_once_after_it(
    owing: BotHarness,
):
    table, clock, start = owing, owing.workdir / "clock.txt", START
    alice, bob = table.users["alice"], table.users["bob"]
    number, lobby = open_game(table, alice, players=3, ai=1, time_control="24h")
    bob.click(lobby, f"dn:l:{number}:join").wait_reply()
    thread = start_game(table, alice, lobby, number)
    by_id = {alice.id: alice, bob.id: bob}
    pressed: list[Actor] = []
    for _ in range(8):  # until someone has moved and handed the turn on
        current = board(alice, thread)
        who = by_id[decider(current) or alice.id]
        press_first(who, current, thread)
        pressed.append(who)
        wait_new_board(alice, thread, None)
        now = decider(board(alice, thread))
        if now in by_id and any(p.id != now for p in pressed):
            break
    asker = next(p for p in pressed if p.id != now)
    deciding = by_id[now or alice.id]

    _set_rest_down(table, True)  # the bot's posts fail (503); clicks and commands arrive
    clock.write_text((start + timedelta(hours=17)).isoformat())  # 7 h before the deadline
    _wait_owed(table, "reminder")  # it fell due, and could not be posted
    assert asker.slash(thread, "game undo", {}).wait_reply().ephemeral  # it asks the other
    _wait_owed(table, "undo_asked")
    assert _count(alice, thread, "a reminder") == 0
    _set_rest_down(table, False)

    def owed_posted() -> bool:
        return _owed(table, "reminder") + _owed(table, "undo_asked") == 0

    table.ld.wait_until(owed_posted, 30)
    time.sleep(2)  # more ticks and retries: nothing is posted twice
    mine = [m for m in alice.messages(thread) if m.author_is_bot and not m.ephemeral]
    reminders = [m for m in mine if "a reminder" in m.content]
    requests = [m for m in mine if any(b["custom_id"].startswith("dn:a:") for b in m.buttons())]
    assert len(reminders) == 1
    assert len(requests) == 1
    assert reminders[0].id < requests[0].id  # in the order they were owed
    assert deciding.name in reminders[0].mentions
    other = bob if asker is alice else alice
    assert other.name in requests[0].mentions


@pytest.mark.slow
def test_slow_commands_and_buttons_are_deferred_in_time_and_then_answered(owing: BotHarness):
    table = owing
    alice, bob = table.users["alice"], table.users["bob"]
    (table.workdir / "slow").touch()
    try:
        number, lobby = open_game(table, alice, players=2)  # a command answered for everyone
        assert not lobby.ephemeral
        assert any(b["custom_id"] == f"dn:l:{number}:join" for b in lobby.buttons())
        join = bob.click(lobby, f"dn:l:{number}:join")  # a component that edits its message
        status = alice.slash(table.channel, "game status", {"game": str(number)})  # a command
        answer = status.wait_reply(timeout=15)
        assert not status.failed
        assert answer.ephemeral  # deferred ephemerally, as its answer is
        assert f"#{number}" in answer.content
        join.wait_acked()
        assert not join.failed
        edited = alice.wait_message(
            table.channel, lambda m: m.id == lobby.id and bob.name in m.content, timeout=15
        )
        assert edited.id == lobby.id  # the lobby message itself, edited in place
    finally:
        (table.workdir / "slow").unlink()
    assert table.ld.failed_interactions() == []
