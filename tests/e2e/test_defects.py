"""Issue 18's bot defects, each pinned by the real bot through the local Discord."""

import pytest

from localdiscord.harness import BotHarness
from localdiscord.local import ChannelRef
from localdiscord.slash import UsageError
from tests.e2e.conftest import BOT, board, open_game, press_first, start_game, version_of
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
    assert {o["name"] for o in admin["game"]["options"]} == {"verify"}
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
