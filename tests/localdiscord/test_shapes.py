"""Every payload the emulator sent in a scripted session matches discord.py's TypedDicts."""

from __future__ import annotations

from typing import Any

import pytest

from localdiscord.harness import BotHarness
from tests.localdiscord.conftest import HarnessFactory
from tests.localdiscord.typed import check, typed

EVENT_TYPES = {
    "READY": "ReadyEvent",
    "GUILD_CREATE": "GuildCreateEvent",
    "MESSAGE_CREATE": "MessageCreateEvent",
    "MESSAGE_UPDATE": "MessageUpdateEvent",
    "INTERACTION_CREATE": "InteractionCreateEvent",
    "THREAD_CREATE": "ThreadCreateEvent",
}


@pytest.fixture(scope="module")
def session_events(sample: BotHarness) -> list[tuple[str, Any]]:
    alice, bob = sample.users["alice"], sample.users["bob"]
    chan = sample.channel
    msg = alice.slash(chan, "game new", {"game": "trajan", "players": 2}).wait_reply()
    bob.click(msg, "Join").wait_reply()
    bob.select(msg, "Pick a colour", ["red"]).wait_reply()
    alice.autocomplete(chan, "game new", {"game": "t"}, focused="game")
    opened = alice.slash(chan, "feedback")
    opened.wait_modal()
    alice.submit(opened, {"note": "x"}).wait_reply()
    alice.slash(chan, "thread", {"name": "shape"}).wait_reply()
    alice.wait_thread("shape-private")
    alice.slash(chan, "board").wait_reply()
    return sample.ld.call(lambda: list(sample.ld.emulator.gateway.sent))


def test_the_session_covered_every_event_kind(session_events: list[tuple[str, Any]]) -> None:
    kinds = {event for event, _ in session_events}
    assert kinds >= set(EVENT_TYPES)
    interaction_types = {d["type"] for e, d in session_events if e == "INTERACTION_CREATE"}
    assert interaction_types == {2, 3, 4, 5}


@pytest.mark.parametrize("event", sorted(EVENT_TYPES))
def test_gateway_payloads_match_discord_types(
    session_events: list[tuple[str, Any]], event: str
) -> None:
    expected = typed("gateway", EVENT_TYPES[event])
    for name, data in session_events:
        if name == event:
            assert check(data, expected) == [], f"{event}: {data}"


def test_checker_notices_a_broken_payload(session_events: list[tuple[str, Any]]) -> None:
    created = next(d for e, d in session_events if e == "MESSAGE_CREATE")
    broken = {k: v for k, v in created.items() if k != "author"} | {"tts": "no"}
    errors = check(broken, typed("gateway", "MessageCreateEvent"))
    assert any("author: missing" in e for e in errors)
    assert any(".tts: expected bool" in e for e in errors)


def test_rest_answers_match_discord_types(make_harness: HarnessFactory) -> None:
    harness = make_harness()
    world = harness.ld.world
    alice = harness.users["alice"]
    alice.slash(harness.channel, "thread", {"name": "rest"}).wait_reply()
    alice.wait_thread("rest-private")

    def payloads() -> dict[str, Any]:
        msgs = [world.message_payload(m) for m in world.messages.values()]
        chans = [c.payload(world.users) for c in world.channels.values()]
        return {"msgs": msgs, "chans": chans, "me": world.bot.payload()}

    data = harness.ld.call(payloads)
    for msg in data["msgs"]:
        assert check(msg, typed("message", "Message")) == []
    channel_type = typed("channel", "Channel")
    for chan in data["chans"]:
        assert check(chan, channel_type) == [], chan
    assert check(data["me"], typed("user", "User")) == []
    commands = harness.ld.commands()
    assert commands
    for command in commands:
        assert check(command, typed("command", "ApplicationCommand")) == [], command
