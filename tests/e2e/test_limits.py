"""The real bot where Discord says no: missing permissions, and a busy thread's rate limits."""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import Callable

from localdiscord import perms
from localdiscord.harness import BotHarness
from localdiscord.local import Actor, ChannelRef, Seen
from tests.e2e.conftest import board, decider, play_until, press_first, start_game, version_of

MESSAGES = "/channels/{channel_id}/messages"


def _lobby(table: BotHarness, channel: ChannelRef, **options: object) -> tuple[int, Seen]:
    alice = table.users["alice"]
    lobby = alice.slash(channel, "game new", {"game": "trajan", **options}).wait_reply()
    number = int(re.search(r"#(\d+)", lobby.content)[1])  # type: ignore[index]
    return number, lobby


def _two_humans(table: BotHarness, channel: ChannelRef) -> tuple[int, ChannelRef]:
    alice, bob = table.users["alice"], table.users["bob"]
    number, lobby = _lobby(table, channel, players=3, ai=1)
    bob.click(lobby, f"dn:l:{number}:join").wait_reply()
    return number, start_game(table, alice, lobby, number)


def test_start_without_create_public_threads_names_the_permission(table: BotHarness) -> None:
    alice = table.users["alice"]
    channel = table.ld.add_channel("no-threads")
    table.ld.deny_bot(channel, perms.CREATE_PUBLIC_THREADS)
    number, lobby = _lobby(table, channel, players=2, ai=1)
    refused = alice.click(lobby, f"dn:l:{number}:start").wait_reply()
    assert "Create Public Threads" in refused.content
    assert refused.ephemeral
    assert alice.threads(channel) == []
    assert table.ld.failed_interactions() == []


def test_a_board_without_attach_files_names_the_permission(table: BotHarness) -> None:
    alice = table.users["alice"]
    channel = table.ld.add_channel("no-files")
    number, thread = _two_humans(table, channel)
    table.ld.deny_bot(channel, perms.ATTACH_FILES)  # the thread inherits its parent's
    current = board(alice, thread)
    by_id = {a.id: a for a in table.users.values()}
    press_first(by_id[decider(current) or alice.id], current, thread)

    notice = alice.wait_message(channel, lambda m: m.author_is_bot and "lack" in m.content)
    assert "Attach Files" in notice.content
    assert table.ld.failed_interactions() == []
    with sqlite3.connect(table.workdir / "games.db") as db:
        (version,) = db.execute("SELECT version FROM games WHERE id = ?", (number,)).fetchone()
    assert version >= 1  # the move was kept; only its board could not be posted


def test_a_busy_thread_gets_every_board_late_but_complete(table: BotHarness) -> None:
    limits = table.ld.emulator.route_limits
    channel = table.ld.add_channel("busy")
    number, thread = _two_humans(table, channel)
    exhausted = limits.exhausted
    refused = len(limits.refused)
    limits.set("POST", MESSAGES, 1, 4.0)  # a tight bucket, so that a game reaches it

    def stop(moves: int) -> bool:
        if moves == 4:  # and then the thread itself is busy for a moment (a shared 429)
            table.ld.call(lambda: limits.share(str(thread.id), 6.0))  # past a loaded turn
        return moves >= 8

    try:
        moves = play_until(table, thread, stop, max_moves=8)
    finally:
        limits.set("POST", MESSAGES, 5, 5.0)
    alice = table.users["alice"]
    assert moves == 8
    assert limits.exhausted > exhausted  # the bot did run its bucket dry, and waited
    assert ("POST", MESSAGES, "shared") in limits.refused[refused:]  # and was refused, and retried
    with sqlite3.connect(table.workdir / "games.db") as db:
        (version,) = db.execute("SELECT version FROM games WHERE id = ?", (number,)).fetchone()
    deadline = time.monotonic() + 30  # late (the bucket and the 429 hold it back), but it comes
    while version_of(board(alice, thread)) != version and time.monotonic() < deadline:
        time.sleep(0.2)
    assert version_of(board(alice, thread)) == version  # the newest board is up
    assert table.ld.failed_interactions() == []
    assert "Traceback" not in table.log()
    print(f"busy thread: {moves} moves, 429s {len(limits.refused) - refused}")  # noqa: T201


def test_the_admin_role_makes_a_member_a_game_admin(make_table: Callable[..., BotHarness]) -> None:
    # Through /game export of a running game (admins only, checked at run time): /admin itself
    # is hidden from members without Manage Server, whatever role they hold.
    admins = (1 << 60) + 18  # a snowflake named to the bot before the role exists
    table = make_table(extra_env={"ADMIN_ROLE_ID": str(admins)})
    alice, bob, dave = (table.users[n] for n in ("alice", "bob", "dave"))
    number, lobby = _lobby(table, table.channel, players=2, ai=1)
    start_game(table, alice, lobby, number)

    def export(who: Actor) -> str:
        return who.slash(table.channel, "game export", {"game": number}).wait_reply().content

    assert "Only server admins" in export(bob)
    table.ld.add_role("Game admins", members=(bob,), role_id=admins)
    assert "Only server admins" not in export(bob)
    assert "Only server admins" in export(dave)
    assert "Only server admins" not in export(alice)  # the owner has Manage Server
