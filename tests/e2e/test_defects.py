"""Issue 18's bot defects, each pinned by the real bot through the local Discord."""

import sqlite3
import time
from typing import Any

import pytest

from localdiscord.harness import BotHarness
from localdiscord.interactions import MESSAGE
from localdiscord.local import Actor, ChannelRef, InteractionRef, Seen
from localdiscord.slash import UsageError
from tests.e2e.conftest import (
    BOT,
    board,
    controls,
    open_game,
    press_first,
    start_game,
    version_of,
)
from tests.e2e.conftest import wait_new_board as newer_board

GUILD_ONLY = ("game", "league", "move", "profile", "admin")
MANAGE_GUILD = 1 << 5


def test_a_global_sync_makes_game_and_league_commands_guild_only(make_table):
    table = make_table(BOT, extra_env={"DEV_GUILD_ID": ""})  # as in production: global sync
    synced = table.ld.wait_until(lambda: list(table.ld.world.global_commands), 30)
    by_name = {c["name"]: c for c in synced}
    for name in GUILD_ONLY:
        assert by_name[name]["contexts"] == [0], name
    # Admin commands sit in their own top-level group: Discord honours default_permissions
    # only there, and members then do not see them.
    assert by_name["admin"]["default_member_permissions"] == str(MANAGE_GUILD)
    admin = {o["name"]: o for o in by_name["admin"]["options"]}
    assert {o["name"] for o in admin["game"]["options"]} == {
        "verify",
        "import",
        "repair",
        "edition",
    }
    assert {o["name"] for o in admin["league"]["options"]} == {
        "create", "edit", "pause", "resume", "end"
    }  # fmt: skip
    league = {o["name"] for o in by_name["league"]["options"]}
    assert not league & {"create", "edit", "pause", "resume", "end"}
    assert "verify" not in {o["name"] for o in by_name["game"]["options"]}
    assert all(by_name[n]["default_member_permissions"] is None for n in ("game", "league"))
    alice = table.users["alice"]
    dm = table.ld.call(lambda: table.ld.world.dm_channel(alice.id))
    with pytest.raises(UsageError, match="Unknown command"):
        alice.slash(ChannelRef(dm.id, "dm", False), "game new", {"game": "trajan"})
    assert table.ld.call(lambda: [c for c in table.ld.world.channels.values() if c.is_thread]) == []


def test_game_threads_stay_open_a_week_and_an_archived_thread_takes_the_next_board(
    table: BotHarness,
):
    alice = table.users["alice"]
    number, lobby = open_game(table, alice, players=2, ai=1)
    thread = start_game(table, alice, lobby, number)
    chan = table.ld.call(lambda: table.ld.world.channels[thread.id])
    assert chan.auto_archive_duration == 10080

    def archive() -> None:
        chan.archived = True

    for _ in range(3):  # every kind of post: a new turn message or an edit in place
        current = board(alice, thread)
        table.ld.call(archive)
        press_first(alice, current, thread)
        newer_board(alice, thread, version_of(current))
        assert table.ld.call(lambda: chan.archived) is False


def _tampered(
    table: BotHarness, actor: Actor, message: Seen, data: dict[str, Any]
) -> InteractionRef:
    """Give the message one control with values no board carries, and use it as `actor`."""
    if data["type"] == 3:
        option = {"label": "odd", "value": data["value"]}
        comp = {"type": 3, "custom_id": data["custom_id"], "options": [option]}
    else:
        comp = {"type": 2, "style": 1, "label": "odd", "custom_id": data["custom_id"]}

    def put() -> None:
        table.ld.world.messages[message.id].components = [{"type": 1, "components": [comp]}]

    table.ld.call(put)
    if data["type"] == 3:
        return actor.select(message, data["custom_id"], [data["value"]])
    return actor.click(message, data["custom_id"])


def _first_answer(ref: InteractionRef) -> Seen:
    """Wait for the interaction's reply or its first followup."""
    ref.wait_acked()
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        found = ref.followups()
        if found:
            return found[0]
        if ref.response_type == MESSAGE:  # answered at once, not deferred
            return ref.wait_reply()
        time.sleep(0.05)
    raise TimeoutError("no answer")


def test_odd_input_gets_a_precise_short_answer_in_time(table: BotHarness):
    alice = table.users["alice"]
    general = table.channel
    zone = "Z" * 2000
    long = alice.slash(
        general, "admin league create", {"name": "W", "game": "trajan", "timezone": zone}
    ).wait_reply()
    assert long.ephemeral
    assert "time zone" in long.content
    assert len(long.content) < 300
    for points in ("²,6,3,1", "9223372036854775808,6,3,1"):
        bad = alice.slash(
            general, "admin league create", {"name": "W", "game": "trajan", "points": points}
        ).wait_reply()
        assert "Something went wrong" not in bad.content, points
        assert "points" in bad.content, points
    walls = alice.slash(
        general, "admin league create", {"name": "W", "game": "troyes", "options": "walls=maybe"}
    ).wait_reply()
    assert "'walls'" in walls.content
    assert "maybe" in walls.content
    assert "is open" not in walls.content

    # Tampered controls (Discord only sends what the message carries, so the emulator's copy
    # of the board is altered): an index that is no number, ids past SQLite's integers, a
    # custom_id that matches no control. Each is answered, precisely, and nothing fails.
    number, lobby = open_game(table, alice, players=2, ai=1)
    thread = start_game(table, alice, lobby, number)
    current = board(alice, thread)
    version = version_of(current)
    huge = "9" * 30
    cases: list[dict[str, Any]] = [
        {"custom_id": f"dn:s:{number}:{version}:0", "type": 3, "value": "abc"},
        {"custom_id": f"dn:m:{huge}:{version}:0", "type": 2},
        {"custom_id": f"dn:m:{number}:{huge}:{huge}", "type": 2},
        {"custom_id": f"dn:l:{huge}:join", "type": 2},
        {"custom_id": "dn:m:x:1:2", "type": 2},
    ]
    for data in cases:
        ref = _tampered(table, alice, current, data)
        answer = _first_answer(ref)
        assert answer.ephemeral, data
        assert "Something went wrong" not in answer.content, (data, answer.content)
        assert not ref.failed, data
    with sqlite3.connect(table.workdir / "games.db") as db:
        (stored,) = db.execute("SELECT version FROM games WHERE id = ?", (number,)).fetchone()
    assert stored == version  # nothing was played
    assert table.ld.failed_interactions() == []


def _stored_version(table: BotHarness, number: int) -> int:
    with sqlite3.connect(table.workdir / "games.db") as db:
        (version,) = db.execute("SELECT version FROM games WHERE id = ?", (number,)).fetchone()
    return int(version)


def _set_rest_down(table: BotHarness, down: bool) -> None:
    def switch() -> None:
        table.ld.world.rest_down = down

    table.ld.call(switch)


def test_a_move_saved_while_discord_is_unreachable_is_posted_after_it_returns(make_table):
    # A long tick: the outbox, not the timer, must bring the board back.
    table = make_table(BOT, extra_env={"TICK_SECONDS": "3600"})
    alice = table.users["alice"]
    number, lobby = open_game(table, alice, players=2, ai=1)
    thread = start_game(table, alice, lobby, number)
    current = board(alice, thread)
    old = version_of(current)
    _set_rest_down(table, True)  # the bot's posts fail (503); clicks still arrive
    item = next(c for c in controls(current) if c["custom_id"].startswith(("dn:m:", "dn:s:")))
    if item["type"] == 2:
        ref = alice.click(current, item["custom_id"])
    else:
        ref = alice.select(current, item["custom_id"], [item["options"][0]["value"]])
    ref.wait_acked()
    deadline = time.monotonic() + 15
    while _stored_version(table, number) == old and time.monotonic() < deadline:
        for follow in ref.followups():  # a move that reveals something asks first
            for b in follow.buttons():
                if b["custom_id"].startswith("dn:k:"):
                    alice.click(follow, b["custom_id"]).wait_acked()
        time.sleep(0.1)
    saved = _stored_version(table, number)
    assert saved != old  # the move is saved ...
    time.sleep(2)
    assert version_of(board(alice, thread)) == old  # ... and not shown while Discord is away
    table.ld.run(table.ld.emulator.gateway.disconnect_all())  # the gateway drops too
    time.sleep(2)
    _set_rest_down(table, False)
    shown = newer_board(alice, thread, old, timeout=40)
    assert version_of(shown) == saved or "is over" in shown.content
    time.sleep(1)
    boards = [m for m in alice.messages(thread) if m.author_is_bot and version_of(m) == saved]
    assert len(boards) == 1  # exactly once
