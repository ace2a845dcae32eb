"""End-to-end: the sample bot (real discord.py, own process) against the emulator."""

from __future__ import annotations

import pytest

from localdiscord.harness import BotHarness
from localdiscord.local import LocalDiscord
from localdiscord.slash import UsageError
from tests.localdiscord.conftest import HarnessFactory
from tests.localdiscord.sample_bot import PNG


def test_bot_connects_and_syncs_valid_commands(sample: BotHarness) -> None:
    names = {c["name"] for c in sample.ld.wait_commands("game", "ping")}
    assert {"game", "ping", "secret", "board", "feedback", "thread", "slow"} <= names
    assert "SYNCED 23" in sample.log()
    new = next(c for c in sample.ld.commands() if c["name"] == "game")["options"][0]
    assert new["name"] == "new"
    assert [o["name"] for o in new["options"]] == ["game", "players", "ai"]


def test_invalid_command_definition_is_rejected_like_discord(make_harness: HarnessFactory) -> None:
    harness = make_harness(extra_env={"SAMPLE_BAD_TRANSLATION": "1"})
    harness.ld.wait_until(lambda: "SYNC FAILED" in harness.log(), 20)
    assert "SYNC FAILED 400 50035" in harness.log()
    rejected = harness.ld.call(lambda: list(harness.ld.world.rejections))
    method, path, status, body = rejected[-1]
    assert (method, status, body["code"], body["message"]) == (
        "PUT",
        400,
        50035,
        "Invalid Form Body",
    )
    assert path.endswith("/commands")
    errors = body["errors"]
    bad = next(iter(errors.values()))["name_localizations"]["es-ES"]["_errors"][0]
    assert bad["code"] == "APPLICATION_COMMAND_INVALID_NAME"
    assert harness.ld.commands() == []


def test_slash_command_with_options_and_button_round_trip(sample: BotHarness) -> None:
    alice, bob = sample.users["alice"], sample.users["bob"]
    reply = alice.slash(sample.channel, "game new", {"game": "trajan", "players": 3, "ai": 2})
    msg = reply.wait_reply()
    assert msg.content.startswith("Game ")
    assert "trajan for 3 (2 AI), locale en-US" in msg.content
    assert msg.embeds[0]["title"].startswith("Trajan #")
    assert [b["label"] for b in msg.buttons()] == ["Join"]
    after_alice = alice.click(msg, "Join").wait_reply()
    assert after_alice.id == msg.id
    assert after_alice.content.endswith(": alice")
    after_bob = bob.click(msg, msg.buttons()[0]["custom_id"]).wait_reply()
    assert after_bob.content.endswith(": alice, bob")
    assert bob.messages(sample.channel)[-1].content == after_bob.content


def test_client_side_option_checks(sample: BotHarness) -> None:
    alice = sample.users["alice"]
    with pytest.raises(UsageError, match="between 2 and 4"):
        alice.slash(sample.channel, "game new", {"game": "trajan", "players": 9})
    with pytest.raises(UsageError, match="Missing required"):
        alice.slash(sample.channel, "game new", {"game": "trajan"})
    with pytest.raises(UsageError, match="Unknown command"):
        alice.slash(sample.channel, "nope")


def test_autocomplete_returns_the_bots_suggestions(sample: BotHarness) -> None:
    alice = sample.users["alice"]
    choices = alice.autocomplete(sample.channel, "game new", {"game": "tro"}, focused="game")
    assert [c["value"] for c in choices] == ["troyes", "troyes-ladies"]


def test_select_answers_ephemerally_and_others_do_not_see_it(sample: BotHarness) -> None:
    alice, bob = sample.users["alice"], sample.users["bob"]
    msg = alice.slash(sample.channel, "game new", {"game": "troyes", "players": 2}).wait_reply()
    answer = bob.select(msg, "Pick a colour", ["Blue"]).wait_reply()
    assert answer.ephemeral
    assert answer.content == "You picked blue"
    assert answer.id in [m.id for m in bob.ephemerals(sample.channel)]
    assert answer.id not in [m.id for m in alice.messages(sample.channel)]


def test_ephemeral_reply_with_attachment_is_invisible_to_others(sample: BotHarness) -> None:
    alice, carol = sample.users["alice"], sample.users["carol"]
    secret = carol.slash(sample.channel, "secret").wait_reply()
    assert secret.ephemeral
    assert secret.attachments[0].filename == "hand.png"
    assert secret.attachments[0].data == PNG
    assert secret.id not in [m.id for m in alice.messages(sample.channel)]
    assert alice.ephemerals(sample.channel) == [
        m for m in alice.ephemerals(sample.channel) if m.id != secret.id
    ]


def test_deferred_reply_completes_with_an_uploaded_file(sample: BotHarness) -> None:
    alice = sample.users["alice"]
    ix = alice.slash(sample.channel, "board")
    assert ix.wait_acked().response_type == 5
    board = ix.wait_reply()
    assert board.content == "The board"
    assert not board.loading
    assert board.attachments[0].data == PNG
    image_url = board.embeds[0]["image"]["url"]
    assert image_url.startswith(sample.ld.base_url)
    assert image_url.endswith("/board.png")


def test_modal_round_trip(sample: BotHarness) -> None:
    alice = sample.users["alice"]
    opened = alice.slash(sample.channel, "feedback")
    modal = opened.wait_modal()
    assert modal["title"] == "Feedback"
    thanks = alice.submit(opened, {"Your note": "nice game"}).wait_reply()
    assert thanks.content == "Thanks, alice: nice game"


def test_threads_public_and_private(sample: BotHarness) -> None:
    alice, bob = sample.users["alice"], sample.users["bob"]
    alice.slash(sample.channel, "thread", {"name": "table-1"}).wait_reply()
    alice.wait_thread("table-1")
    private = alice.wait_thread("table-1-private")
    names_alice = {t.name for t in alice.threads(sample.channel)}
    names_bob = {t.name for t in bob.threads(sample.channel)}
    assert {"table-1", "table-1-private"} <= names_alice
    assert "table-1" in names_bob
    assert "table-1-private" not in names_bob
    note = alice.wait_message(private, lambda m: m.content.startswith("Private for"))
    assert note.mentions == ["alice"]


def test_dm_reaches_the_user(sample: BotHarness) -> None:
    alice = sample.users["alice"]
    ok = alice.slash(sample.channel, "dm").wait_reply()
    assert ok.ephemeral
    world = sample.ld.world
    dms = sample.ld.call(lambda: [c.id for c in world.channels.values() if c.type == 1])
    assert any(m.content == "psst" for m in alice.messages(dms[0]))


def test_over_long_content_is_rejected_with_discords_error(sample: BotHarness) -> None:
    alice = sample.users["alice"]
    fallback = alice.slash(sample.channel, "huge").wait_reply()
    assert fallback.content == "too long"
    assert "HUGE REJECTED 400 50035" in sample.log()


def test_slow_handler_fails_the_three_second_rule(sample: BotHarness) -> None:
    alice = sample.users["alice"]
    ix = alice.slash(sample.channel, "slow")
    ix.wait_failed(timeout=6)
    assert not ix.acked
    sample.ld.wait_until(lambda: "SLOW LATE 10062" in sample.log(), 8)
    assert "alice: /slow" in sample.ld.failed_interactions()


def test_button_survives_sigkill_and_restart(make_harness: HarnessFactory) -> None:
    harness = make_harness()
    alice, bob = harness.users["alice"], harness.users["bob"]
    msg = alice.slash(harness.channel, "game new", {"game": "trajan", "players": 2}).wait_reply()
    alice.click(msg, "Join").wait_reply()
    harness.restart(kill=True)
    assert harness.bot is not None
    assert harness.bot.alive
    after = bob.click(msg, "Join").wait_reply()
    assert after.content.endswith(": alice, bob")


def test_reconnect_request_is_resumed_by_the_real_client(make_harness: HarnessFactory) -> None:
    harness = make_harness()
    gateway = harness.ld.emulator.gateway
    late = harness.ld.add_channel("late")
    harness.ld.run(gateway.request_reconnect())
    harness.ld.wait_until(lambda: gateway.resumed >= 1 and gateway.connected, 20)
    assert harness.ld.identified == 1
    reply = harness.users["alice"].slash(late, "ping").wait_reply()
    assert reply.content == "pong"
    assert reply.channel_id == late.id


def test_client_heartbeats_at_the_interval_hello_gives(make_harness: HarnessFactory) -> None:
    def fast_heartbeat(h: BotHarness) -> None:
        h.ld.emulator.gateway.heartbeat_interval_ms = 100

    harness = make_harness(setup=fast_heartbeat)
    gateway = harness.ld.emulator.gateway
    harness.ld.wait_until(lambda: gateway.heartbeats >= 4, 10)


@pytest.mark.parametrize("ack_latency", [0.02, 0.08])
def test_heartbeats_are_acknowledged_after_a_round_trip_not_an_interval(
    make_harness: HarnessFactory, ack_latency: float
) -> None:
    # An ack sent at once beat discord.py's heartbeat thread to recording its send time, so the
    # bot measured a whole interval as its latency (bot.log: "Can't keep up ... 41.3s behind").
    def slow_beat(h: BotHarness) -> None:
        h.ld.emulator.gateway.heartbeat_interval_ms = 1500
        h.ld.emulator.gateway.ack_latency = ack_latency

    harness = make_harness(setup=slow_beat)
    gateway = harness.ld.emulator.gateway
    harness.ld.wait_until(lambda: gateway.heartbeats >= 3, 15)
    reply = harness.users["alice"].slash(harness.channel, "latency").wait_reply()
    measured = float(reply.content.split()[1])
    assert measured < 0.75, f"the bot measured {measured} s for a {ack_latency} s round trip"


def test_followup_after_token_expiry_is_refused(make_harness: HarnessFactory) -> None:
    def short_tokens(h: BotHarness) -> None:
        h.ld = LocalDiscord(token_ttl=0.1)

    harness = make_harness(setup=short_tokens)
    ix = harness.users["alice"].slash(harness.channel, "board")
    assert ix.wait_acked().response_type == 5
    harness.ld.wait_until(lambda: "50027" in harness.log(), 10)
    assert "Invalid Webhook Token" in harness.log()
    assert harness.users["alice"].messages(harness.channel)[-1].loading


def test_user_select_sends_resolved_members(sample: BotHarness) -> None:
    alice, bob = sample.users["alice"], sample.users["bob"]
    menu = alice.slash(sample.channel, "pick").wait_reply()
    answer = bob.select(menu, "Who?", ["carol"]).wait_reply()
    assert answer.content == "You chose carol"


def test_guild_commands_are_not_offered_in_dms(sample: BotHarness) -> None:
    alice = sample.users["alice"]
    alice.slash(sample.channel, "dm").wait_reply()
    world = sample.ld.world
    dm = sample.ld.call(lambda: world.dm_channel(alice.id).id)
    with pytest.raises(UsageError, match="Unknown command"):
        alice.slash(dm, "ping")


def test_component_defer_then_edit_original_and_ephemeral_followup(sample: BotHarness) -> None:
    alice, bob = sample.users["alice"], sample.users["bob"]
    counter = alice.slash(sample.channel, "count").wait_reply()
    first = bob.click(counter, "+1")
    assert first.wait_acked().response_type == 6
    assert first.wait_reply().content == "Count: 1"
    second = alice.click(counter, "+1").wait_reply()
    assert second.content == "Count: 2"
    assert second.buttons()[0]["custom_id"] == "sb:count:2"
    sample.ld.wait_until(lambda: first.ix.followup_ids)
    note = first.followups()[0]
    assert (note.content, note.ephemeral) == ("counted 1", True)
    assert note.id not in [m.id for m in alice.messages(sample.channel)]


def test_deleted_original_response_disappears(sample: BotHarness) -> None:
    alice, bob = sample.users["alice"], sample.users["bob"]
    ix = alice.slash(sample.channel, "temp")
    ix.wait_acked()
    alice.wait_message(sample.channel, lambda m: m.content == "deleted it")
    assert all(m.content != "temporary" for m in bob.messages(sample.channel))
    events = sample.ld.call(lambda: [e for e, _ in sample.ld.emulator.gateway.sent])
    assert "MESSAGE_DELETE" in events


def test_attachment_option_is_uploaded_and_readable_by_the_bot(sample: BotHarness) -> None:
    alice = sample.users["alice"]
    reply = alice.slash(sample.channel, "upload", {"file": ("notes.txt", b"abcdefgh")})
    assert reply.wait_reply().content == "notes.txt: 8 bytes b'abcd'"


def test_default_member_permissions_hide_commands_from_members(sample: BotHarness) -> None:
    alice, bob = sample.users["alice"], sample.users["bob"]
    assert alice.slash(sample.channel, "admin").wait_reply().content == "admin ok"
    with pytest.raises(UsageError, match="Unknown command /admin"):
        bob.slash(sample.channel, "admin")
    assert "admin" not in {c["name"] for c in sample.ld.commands(bob)}


def test_real_client_waits_out_the_global_rate_limit(make_harness: HarnessFactory) -> None:
    def strict(h: BotHarness) -> None:
        h.ld.emulator.rate_limit.per_second = 3

    harness = make_harness(setup=strict)
    alice = harness.users["alice"]
    alice.slash(harness.channel, "thread", {"name": "rl"}).wait_reply()
    alice.wait_thread("rl-private")
    alice.wait_message(alice.wait_thread("rl-private"), lambda m: "Private for" in m.content)
    assert "We are being rate limited" in harness.log()


def test_interactions_carry_the_users_locale(sample: BotHarness) -> None:
    diego = sample.ld.add_user("diego", locale="es-ES")
    reply = diego.slash(sample.channel, "game new", {"game": "troyes", "players": 2})
    assert reply.wait_reply().content.endswith("locale es-ES")


def test_members_intent_gets_chunks_and_member_adds(make_harness: HarnessFactory) -> None:
    harness = make_harness(extra_env={"SAMPLE_MEMBERS_INTENT": "1"})
    alice = harness.users["alice"]
    harness.ld.wait_until(lambda: "connected to Gateway" in harness.log(), 10)
    listed = alice.slash(harness.channel, "members").wait_reply()
    assert listed.content == "alice, bob, carol"
    harness.ld.add_user("dave")
    again = alice.slash(harness.channel, "members").wait_reply()
    assert again.content == "alice, bob, carol, dave"
    events = harness.ld.call(lambda: [e for e, _ in harness.ld.emulator.gateway.sent])
    assert "GUILD_MEMBER_ADD" in events
