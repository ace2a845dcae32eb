"""Discord's per-route rate limits: bucket headers on every answer, 429s per resource and shared."""

from __future__ import annotations

import asyncio
import time

from localdiscord.harness import BotHarness
from localdiscord.ratelimit import template_of
from tests.localdiscord.conftest import HarnessFactory
from tests.localdiscord.test_protocol import Wire, wire  # noqa: F401 (the fixture)

MESSAGES = "/channels/{channel_id}/messages"


def _chan(wire: Wire) -> int:  # noqa: F811
    return next(iter(wire.emu.world.channels))


def test_paths_map_to_discords_templates_and_major_parameters() -> None:
    assert template_of("/channels/7/messages/8") == (
        "/channels/{channel_id}/messages/{message_id}",
        {"channel_id": "7", "message_id": "8"},
    )
    assert template_of("/webhooks/1/aW-x_Y/messages/@original")[0] == (
        "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
    )
    assert template_of("/users/@me/channels") == ("/users/@me/channels", {})


async def test_every_answer_carries_the_bucket_headers(wire: Wire) -> None:  # noqa: F811
    chan = _chan(wire)
    url = f"{wire.base}/api/v10/channels/{chan}/messages"
    remaining = []
    for i in range(2):
        async with wire.http.post(url, headers=wire.auth, json={"content": f"m{i}"}) as resp:
            assert resp.status == 200
            assert resp.headers["X-RateLimit-Limit"] == "5"
            assert 0 < float(resp.headers["X-RateLimit-Reset-After"]) <= 5
            assert float(resp.headers["X-RateLimit-Reset"]) > time.time()
            bucket = resp.headers["X-RateLimit-Bucket"]
            remaining.append(int(resp.headers["X-RateLimit-Remaining"]))
    assert remaining == [4, 3]
    async with wire.http.get(f"{url}/1", headers=wire.auth) as resp:  # an error, too
        assert resp.status == 404
        assert resp.headers["X-RateLimit-Bucket"] != bucket


async def test_six_messages_in_a_channel_get_a_per_resource_429(wire: Wire) -> None:  # noqa: F811
    chan = _chan(wire)
    other = (await wire.emu.add_channel("other")).id
    statuses = [
        (await wire.call("POST", f"/channels/{chan}/messages", json={"content": "x"}))[0]
        for _ in range(5)
    ]
    assert statuses == [200] * 5
    url = f"{wire.base}/api/v10/channels/{chan}/messages"
    async with wire.http.post(url, headers=wire.auth, json={"content": "six"}) as resp:
        body = await resp.json()
        assert resp.status == 429
        assert resp.headers["X-RateLimit-Scope"] == "user"
        assert resp.headers["X-RateLimit-Remaining"] == "0"
        assert int(resp.headers["Retry-After"]) >= 1
    assert body["global"] is False
    assert body["code"] == 0
    assert body["message"] == "You are being rate limited."
    assert 0 < body["retry_after"] <= 5
    # the bucket is per channel: another channel still has its five
    assert (await wire.call("POST", f"/channels/{other}/messages", json={"content": "x"}))[0] == 200
    assert [m.content for m in wire.emu.world.channel_messages(chan)] == ["x"] * 5


async def test_a_shared_limit_refuses_without_using_the_bots_bucket(wire: Wire) -> None:  # noqa: F811
    chan = _chan(wire)
    wire.emu.route_limits.share(str(chan), 0.5)
    url = f"{wire.base}/api/v10/channels/{chan}/messages"
    async with wire.http.post(url, headers=wire.auth, json={"content": "x"}) as resp:
        assert resp.status == 429
        assert resp.headers["X-RateLimit-Scope"] == "shared"
        assert resp.headers["X-RateLimit-Remaining"] == "5"
        assert (await resp.json())["global"] is False
    await asyncio.sleep(0.5)
    assert (await wire.call("POST", f"/channels/{chan}/messages", json={"content": "y"}))[0] == 200


def test_the_real_client_waits_for_its_bucket_and_loses_nothing(sample: BotHarness) -> None:
    alice = sample.users["alice"]
    limits = sample.ld.emulator.route_limits
    before = len(limits.refused)
    started = time.monotonic()
    reply = alice.slash(sample.channel, "burst", {"n": 7}).wait_reply(timeout=30)
    took = time.monotonic() - started
    assert reply.content == "sent 7"
    said = [m.content for m in alice.messages(sample.channel) if m.content.startswith("burst ")]
    assert sorted(said) == [f"burst {i}" for i in range(7)]
    # five fit in the channel's bucket; discord.py waited out the window for the other two
    assert took >= 4
    assert len(limits.refused) - before <= 2  # at most the racing sends were refused


def test_the_real_client_retries_a_shared_429(make_harness: HarnessFactory) -> None:
    harness = make_harness()
    alice = harness.users["alice"]
    harness.ld.emulator.route_limits.share(str(harness.channel.id), 1.0)
    reply = alice.slash(harness.channel, "burst", {"n": 1}).wait_reply(timeout=20)
    assert reply.content == "sent 1"
    assert ("POST", MESSAGES, "shared") in harness.ld.emulator.route_limits.refused
    assert "burst 0" in [m.content for m in alice.messages(harness.channel)]
