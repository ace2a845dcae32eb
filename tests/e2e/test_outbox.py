"""Issue 18: every message the bot owes a thread survives an outage and comes exactly once.

The emulator's REST is taken away (`rest_down`: every bot route answers 503; clicks and
commands still arrive) while a reminder falls due (the file clock moves) and while an undo
request is made; after REST returns each appears once, in order, with no restart.
"""

import sqlite3
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from localdiscord.harness import BotHarness
from localdiscord.local import Actor, ChannelRef
from tests.e2e.conftest import board, decider, open_game, press_first, start_game, wait_new_board

HOUR = 3600


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


def test_a_reminder_and_a_request_owed_during_an_outage_are_posted_once_after_it(
    make_table, tmp_path: Path
):
    clock = tmp_path / "clock.txt"
    start = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    clock.write_text(start.isoformat())
    table = make_table(extra_env={"DENARIUS_CLOCK_FILE": str(clock), "TICK_SECONDS": "1"})
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
