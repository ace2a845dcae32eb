"""Roles, channel overwrites and 403s where Discord gives them, seen through the sample bot."""

from __future__ import annotations

import json
import time
from pathlib import Path

from localdiscord import perms, persist
from localdiscord.harness import BotHarness
from localdiscord.world import World
from tests.localdiscord.conftest import HarnessFactory


def test_permission_arithmetic_follows_discords_order() -> None:
    guild, role, user = 1, 2, 3
    base = perms.base_permissions(
        is_owner=False, everyone=perms.EVERYONE_DEFAULT, role_permissions=[perms.MANAGE_THREADS]
    )
    assert base & perms.MANAGE_THREADS
    overwrites = [
        perms.Overwrite(guild, perms.ROLE, deny=perms.SEND_MESSAGES),
        perms.Overwrite(role, perms.ROLE, allow=perms.SEND_MESSAGES, deny=perms.ATTACH_FILES),
        perms.Overwrite(user, perms.MEMBER, allow=perms.ATTACH_FILES),
    ]

    def inside(role_ids: list[int], who: int = user) -> int:
        return perms.channel_permissions(
            base, guild_id=guild, user_id=who, role_ids=role_ids, overwrites=overwrites,
            in_thread=False,
        )  # fmt: skip

    assert inside([role]) & perms.SEND_MESSAGES  # the role's allow beats @everyone's deny
    assert inside([role]) & perms.ATTACH_FILES  # the member's own allow beats the role's deny
    lone = inside([], who=9)
    assert not lone & perms.SEND_MESSAGES
    assert not lone & perms.ATTACH_FILES  # no sending: no attaching either
    hidden = [perms.Overwrite(guild, perms.ROLE, deny=perms.VIEW_CHANNEL)]
    assert (
        perms.channel_permissions(
            base, guild_id=guild, user_id=9, role_ids=[], overwrites=hidden, in_thread=False
        )
        == 0
    )
    admin = perms.base_permissions(
        is_owner=False, everyone=0, role_permissions=[perms.ADMINISTRATOR]
    )
    assert admin == perms.ALL


def test_sending_without_send_messages_is_403_50013(make_harness: HarnessFactory) -> None:
    harness = make_harness()
    alice = harness.users["alice"]
    assert alice.slash(harness.channel, "post", {"text": "a"}).wait_reply().content == "posted"
    harness.ld.deny_bot(harness.channel, perms.SEND_MESSAGES)
    assert alice.slash(harness.channel, "post", {"text": "b"}).wait_reply().content == (
        "forbidden 50013"
    )
    said = [m.content for m in alice.messages(harness.channel) if m.author_is_bot]
    assert "b" not in said
    assert "a" in said


def test_a_file_needs_attach_files(make_harness: HarnessFactory) -> None:
    harness = make_harness()
    alice = harness.users["alice"]
    harness.ld.deny_bot(harness.channel, perms.ATTACH_FILES)
    with_file = alice.slash(harness.channel, "post", {"text": "f", "file": True}).wait_reply()
    assert with_file.content == "forbidden 50013"
    plain = alice.slash(harness.channel, "post", {"text": "g"}).wait_reply()
    assert plain.content == "posted"
    seen = alice.slash(harness.channel, "roles").wait_reply()
    assert seen.content.endswith("bot attach=False")  # app_permissions tell the bot


def test_a_hidden_channel_is_403_50001(make_harness: HarnessFactory) -> None:
    harness = make_harness()
    alice = harness.users["alice"]
    harness.ld.deny_bot(harness.channel, perms.VIEW_CHANNEL)
    reply = alice.slash(harness.channel, "post", {"text": "h"}).wait_reply()
    assert reply.content == "forbidden 50001"


def test_creating_a_thread_needs_create_public_threads(make_harness: HarnessFactory) -> None:
    harness = make_harness()
    alice = harness.users["alice"]
    harness.ld.deny_bot(harness.channel, perms.CREATE_PUBLIC_THREADS)
    ref = alice.slash(harness.channel, "open", {"name": "nope"})
    ref.wait_acked()
    deadline = time.monotonic() + 10
    while not ref.followups() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [f.content for f in ref.followups()] == ["forbidden 50013"]
    assert alice.threads() == []


def test_sending_in_a_thread_needs_send_messages_in_threads(make_harness: HarnessFactory) -> None:
    harness = make_harness()
    alice = harness.users["alice"]
    alice.slash(harness.channel, "open", {"name": "t"}).wait_acked()
    thread = alice.wait_thread("t")
    harness.ld.deny_bot(harness.channel, perms.SEND_MESSAGES_IN_THREADS)  # the parent's overwrite
    reply = alice.slash(thread, "post", {"text": "in thread"}).wait_reply()
    assert reply.content == "forbidden 50013"
    ok = alice.slash(harness.channel, "post", {"text": "in channel"}).wait_reply()
    assert ok.content == "posted"


def test_roles_reach_interactions_and_the_bot_assigns_roles(sample: BotHarness) -> None:
    alice, bob = sample.users["alice"], sample.users["bob"]
    sample.ld.add_role("League", members=(bob,))
    assert bob.slash(sample.channel, "roles").wait_reply().content.startswith("roles: League;")
    assert alice.slash(sample.channel, "roles").wait_reply().content.startswith("roles: -;")
    granted = alice.slash(sample.channel, "grant", {"name": "Host"}).wait_reply().content
    role_id = int(granted.removeprefix("granted "))
    assert role_id in sample.ld.call(lambda: sample.ld.world.roles_of(alice.id))
    assert alice.slash(sample.channel, "roles").wait_reply().content.startswith("roles: Host;")


def test_the_bot_cannot_hand_out_roles_without_manage_roles(make_harness: HarnessFactory) -> None:
    harness = make_harness()
    alice = harness.users["alice"]

    def strip() -> None:
        role = harness.ld.world.role(harness.ld.world.bot_role_id)
        role.permissions &= ~perms.MANAGE_ROLES

    harness.ld.call(strip)
    reply = alice.slash(harness.channel, "grant", {"name": "Nope"}).wait_reply()
    assert reply.content == "forbidden 50013"


def test_roles_and_overwrites_are_kept_with_the_world(tmp_path: Path) -> None:
    world = World(time.time)
    alice = world.add_user("alice")
    world.join_guild(alice)
    chan = world.add_text_channel("general")
    role = world.add_role("League", perms.SEND_MESSAGES)
    world.guild.member_roles[alice.id] = [role.id]
    chan.overwrites.append(perms.Overwrite(world.bot_role_id, perms.ROLE, deny=perms.ATTACH_FILES))
    path = tmp_path / "world.json"
    persist.save(world, path)
    again = World(time.time)
    assert persist.load(again, path)
    assert again.roles_of(alice.id) == [role.id]
    assert again.role(role.id).name == "League"
    assert not again.permissions(again.bot.id, again.channel(chan.id)) & perms.ATTACH_FILES
    # a world saved before roles existed gets @everyone and the bot's role
    data = json.loads(path.read_text())
    del data["guild"]["roles"], data["guild"]["member_roles"]
    for raw in data["channels"]:
        del raw["overwrites"]
    path.write_text(json.dumps(data))
    old = World(time.time)
    assert persist.load(old, path)
    assert [r.name for r in old.guild.roles] == ["@everyone", "Denarius"]
    assert old.permissions(old.bot.id, old.channel(chan.id)) & perms.ATTACH_FILES
