"""The bot's worker processes: a killed render worker is replaced, a killed bot leaves none."""

from __future__ import annotations

import os
import signal

from localdiscord.harness import BotHarness
from tests.e2e.conftest import board, open_game, press_first, start_game, version_of, wait_new_board
from tests.processes import children, wait_gone


def _bot_pid(table: BotHarness) -> int:
    assert table.bot is not None
    assert table.bot.pid is not None
    return table.bot.pid


def test_boards_are_posted_after_the_render_worker_dies_and_a_killed_bot_leaves_no_process(
    make_table,
):
    table = make_table()
    alice, bob = table.users["alice"], table.users["bob"]
    number, lobby = open_game(table, alice, players=2)
    bob.click(lobby, f"dn:l:{number}:join").wait_acked()
    thread = start_game(table, alice, lobby, number)
    kids = children(_bot_pid(table))
    workers = [pid for pid, cmd in kids.items() if "multiprocessing.spawn" in cmd]
    assert workers, kids
    for pid in workers:  # as the kernel's OOM killer would
        os.kill(pid, signal.SIGKILL)
    assert wait_gone(workers) == []
    before = board(alice, thread)
    mover = alice if f"<@{alice.id}>" in before.content else bob
    press_first(mover, before, thread)
    after = wait_new_board(alice, thread, version_of(before))
    assert after.attachments, "the new board came without its image"
    assert "a worker process died" in table.log()

    kids = children(_bot_pid(table))
    assert any("resource_tracker" in cmd for cmd in kids.values())
    table.bot.kill()  # SIGKILL: no shutdown code runs
    assert wait_gone(list(kids)) == [], f"left behind: {kids}"
