"""The emulator at the wire level (no bot): REST answers, gateway framing, deadlines, limits."""

from __future__ import annotations

import json
import zlib
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from localdiscord.model import OffsetClock
from localdiscord.server import Emulator
from tests.localdiscord.typed import check, typed


class Wire:
    """An emulator plus a raw HTTP session acting as the bot."""

    def __init__(self, emu: Emulator, http: aiohttp.ClientSession, clock: OffsetClock) -> None:
        self.emu = emu
        self.http = http
        self.clock = clock
        self.base = emu.world.base_url
        self.auth = {"Authorization": f"Bot {emu.world.token}"}

    async def call(self, method: str, path: str, **kw: Any) -> tuple[int, Any]:
        async with self.http.request(
            method, self.base + "/api/v10" + path, headers=self.auth, **kw
        ) as resp:
            body = await resp.read()
            return resp.status, json.loads(body) if body else None


@pytest.fixture
async def wire() -> AsyncIterator[Wire]:
    clock = OffsetClock()
    emu = Emulator(clock=clock)
    await emu.start()
    await emu.add_channel("general")
    await emu.add_user("alice")
    async with aiohttp.ClientSession() as http:
        yield Wire(emu, http, clock)
    await emu.stop()


def _chan(wire: Wire) -> int:
    return next(iter(wire.emu.world.channels))


def _cmd(**overrides: Any) -> dict[str, Any]:
    return {"name": "ping", "description": "Ping", "type": 1, **overrides}


async def test_rest_answers_with_exact_json_content_type_and_checks_the_token(wire: Wire) -> None:
    async with wire.http.get(wire.base + "/api/v10/users/@me", headers=wire.auth) as resp:
        assert resp.headers["Content-Type"] == "application/json"
        assert (await resp.json())["bot"] is True
    async with wire.http.get(wire.base + "/api/v10/users/@me") as resp:
        assert resp.status == 401
    status, app = await wire.call("GET", "/oauth2/applications/@me")
    assert (status, app["owner"]["username"]) == (200, "alice")


async def _gateway(wire: Wire) -> tuple[aiohttp.ClientWebSocketResponse, Any]:
    url = wire.base.replace("http", "ws") + "/gateway/?v=10&encoding=json&compress=zlib-stream"
    ws = await wire.http.ws_connect(url)
    inflate = zlib.decompressobj()

    async def recv() -> dict[str, Any]:
        frame = await ws.receive(timeout=5)
        assert frame.type == aiohttp.WSMsgType.BINARY
        assert frame.data.endswith(b"\x00\x00\xff\xff")
        return dict(json.loads(inflate.decompress(frame.data)))

    return ws, recv


async def _identify(wire: Wire, intents: int = 513) -> tuple[Any, Any, dict[str, Any]]:
    ws, recv = await _gateway(wire)
    assert (await recv())["op"] == 10
    await ws.send_json({"op": 2, "d": {"token": wire.emu.world.token, "intents": intents}})
    ready = await recv()
    assert ready["t"] == "READY"
    assert ready["d"]["application"]["id"] == str(wire.emu.world.bot.id)
    assert (await recv())["t"] == "GUILD_CREATE"
    return ws, recv, ready


async def test_gateway_speaks_zlib_stream_and_acks_heartbeats(wire: Wire) -> None:
    ws, recv, _ = await _identify(wire)
    await ws.send_json({"op": 1, "d": 2})
    assert (await recv())["op"] == 11
    await ws.close()


async def test_gateway_answers_member_requests_with_a_chunk(wire: Wire) -> None:
    ws, recv, _ = await _identify(wire, intents=513 | 2)
    guild = str(wire.emu.world.guild.id)
    await ws.send_json({"op": 8, "d": {"guild_id": guild, "limit": 0, "nonce": "n1"}})
    chunk = await recv()
    assert chunk["t"] == "GUILD_MEMBERS_CHUNK"
    assert chunk["d"]["nonce"] == "n1"
    names = {m["user"]["username"] for m in chunk["d"]["members"]}
    assert names == {"Denarius", "alice"}
    assert check(chunk["d"], typed("gateway", "GuildMembersChunkEvent")) == []
    await ws.close()


async def test_gateway_rejects_a_bad_token(wire: Wire) -> None:
    ws, recv = await _gateway(wire)
    await recv()
    await ws.send_json({"op": 2, "d": {"token": "wrong", "intents": 1}})
    frame = await ws.receive(timeout=5)
    assert frame.type == aiohttp.WSMsgType.CLOSE
    assert ws.close_code == 4004


async def test_resume_replays_missed_events(wire: Wire) -> None:
    ws, _, ready = await _identify(wire)
    await ws.close()
    alice = wire.emu.world.user_named("alice")
    await wire.emu.say(alice, _chan(wire), "while you were away")
    ws2, recv2 = await _gateway(wire)
    await recv2()
    resume = {"token": wire.emu.world.token, "session_id": ready["d"]["session_id"], "seq": 2}
    await ws2.send_json({"op": 6, "d": resume})
    missed = await recv2()
    assert missed["t"] == "MESSAGE_CREATE"
    assert missed["d"]["content"] == ""  # no message-content intent, like Discord
    assert (await recv2())["t"] == "RESUMED"
    await ws2.send_json({"op": 6, "d": {**resume, "session_id": "nope"}})
    assert (await recv2()) == {"op": 9, "d": False}
    await ws2.close()


async def _sync_and_slash(wire: Wire) -> Any:
    app = wire.emu.world.bot.id
    status, _ = await wire.call("PUT", f"/applications/{app}/commands", json=[_cmd()])
    assert status == 200
    return await wire.emu.slash(wire.emu.world.user_named("alice"), _chan(wire), "ping", {})


async def test_second_acknowledgement_is_refused(wire: Wire) -> None:
    ix = await _sync_and_slash(wire)
    path = f"/interactions/{ix.id}/{ix.token}/callback"
    status, first = await wire.call(
        "POST", path + "?with_response=1", json={"type": 4, "data": {"content": "a"}}
    )
    assert status == 200
    assert check(first, typed("interactions", "InteractionCallback")) == []
    assert first["resource"]["message"]["content"] == "a"
    status, body = await wire.call("POST", path, json={"type": 4, "data": {"content": "b"}})
    assert (status, body["code"]) == (400, 40060)


async def test_late_acknowledgement_fails_the_interaction(wire: Wire) -> None:
    ix = await _sync_and_slash(wire)
    wire.clock.advance(3.5)
    path = f"/interactions/{ix.id}/{ix.token}/callback"
    status, body = await wire.call("POST", path, json={"type": 5})
    assert (status, body["code"], body["message"]) == (404, 10062, "Unknown interaction")
    assert ix.failed


async def test_token_expires_after_fifteen_minutes(wire: Wire) -> None:
    ix = await _sync_and_slash(wire)
    await wire.call("POST", f"/interactions/{ix.id}/{ix.token}/callback", json={"type": 5})
    hook = f"/webhooks/{wire.emu.world.bot.id}/{ix.token}"
    status, done = await wire.call("PATCH", hook + "/messages/@original", json={"content": "ok"})
    assert (status, done["content"], done["flags"] & 128) == (200, "ok", 0)
    wire.clock.advance(15 * 60 + 1)
    status, body = await wire.call("POST", hook + "?wait=1", json={"content": "late"})
    assert (status, body["code"]) == (401, 50027)


def _row(n: int, prefix: str = "b") -> dict[str, Any]:
    buttons = [{"type": 2, "style": 1, "label": "x", "custom_id": f"{prefix}{i}"} for i in range(n)]
    return {"type": 1, "components": buttons}


@pytest.mark.parametrize(
    ("body", "where", "code"),
    [
        ({"content": "x" * 2001}, ("content",), "BASE_TYPE_BAD_LENGTH"),
        ({"components": [_row(1, f"r{i}") for i in range(6)]}, ("components",), None),
        ({"components": [_row(6)]}, ("components", "0", "components"), None),
        ({"components": [_row(1) | {"components": [{"type": 2, "style": 1, "label": "x",
          "custom_id": "c" * 101}]}]}, ("components", "0", "components", "0", "custom_id"), None),
        ({"components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "l" * 81,
          "custom_id": "c"}]}]}, ("components", "0", "components", "0", "label"), None),
        ({"embeds": [{"description": "d" * 4097}]}, ("embeds", "0", "description"), None),
        ({"embeds": [{"title": "t"}] * 11}, ("embeds",), "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"description": "d" * 4000}] * 2}, ("embeds",), "MAX_EMBED_SIZE_EXCEEDED"),
    ],
)  # fmt: skip
async def test_message_limits_answer_like_discord(
    wire: Wire, body: dict[str, Any], where: tuple[str, ...], code: str | None
) -> None:
    status, answer = await wire.call("POST", f"/channels/{_chan(wire)}/messages", json=body)
    assert (status, answer["code"], answer["message"]) == (400, 50035, "Invalid Form Body")
    node = answer["errors"]
    for key in where:
        node = node[key]
    assert node["_errors"]
    if code:
        assert node["_errors"][0]["code"] == code


async def test_empty_message_and_oversized_file_are_refused(wire: Wire) -> None:
    status, answer = await wire.call("POST", f"/channels/{_chan(wire)}/messages", json={})
    assert (status, answer["code"]) == (400, 50006)
    form = aiohttp.FormData()
    form.add_field("payload_json", json.dumps({"content": "big"}))
    form.add_field("files[0]", b"\0" * (10 * 1024 * 1024 + 1), filename="big.bin")
    status, answer = await wire.call("POST", f"/channels/{_chan(wire)}/messages", data=form)
    assert (status, answer["code"]) == (413, 40005)


async def test_attachments_are_stored_and_served(wire: Wire) -> None:
    form = aiohttp.FormData()
    form.add_field("payload_json", json.dumps({"attachments": [{"id": 0, "filename": "a.png"}]}))
    form.add_field("files[0]", b"PNGDATA", filename="a.png", content_type="image/png")
    status, msg = await wire.call("POST", f"/channels/{_chan(wire)}/messages", data=form)
    assert status == 200
    assert msg["attachments"][0]["size"] == 7
    async with wire.http.get(msg["attachments"][0]["url"]) as resp:
        assert await resp.read() == b"PNGDATA"


async def test_history_is_newest_first_and_pages_with_before(wire: Wire) -> None:
    chan = _chan(wire)
    for text in ("one", "two", "three"):
        await wire.call("POST", f"/channels/{chan}/messages", json={"content": text})
    status, msgs = await wire.call("GET", f"/channels/{chan}/messages", params={"limit": 2})
    assert status == 200
    assert [m["content"] for m in msgs] == ["three", "two"]
    before = msgs[-1]["id"]
    _, older = await wire.call("GET", f"/channels/{chan}/messages", params={"before": before})
    assert [m["content"] for m in older] == ["one"]


async def test_private_threads_admit_members_and_mentioned_users(wire: Wire) -> None:
    world = wire.emu.world
    alice = world.user_named("alice")
    bob = await wire.emu.add_user("bob")
    body = {"name": "hand", "type": 12, "invitable": False}
    status, thread = await wire.call("POST", f"/channels/{_chan(wire)}/threads", json=body)
    assert (status, thread["type"], thread["thread_metadata"]["invitable"]) == (201, 12, False)
    tid = int(thread["id"])
    assert wire.emu.threads(alice) == []
    assert (await wire.call("PUT", f"/channels/{tid}/thread-members/{bob.id}"))[0] == 204
    assert [t.id for t in wire.emu.threads(bob)] == [tid]
    mention = {"content": f"<@{alice.id}> your hand"}
    assert (await wire.call("POST", f"/channels/{tid}/messages", json=mention))[0] == 200
    assert [t.id for t in wire.emu.threads(alice)] == [tid]
    _, members = await wire.call("GET", f"/channels/{tid}/thread-members")
    assert {m["user_id"] for m in members} == {str(world.bot.id), str(bob.id), str(alice.id)}
    status, body = await wire.call("POST", f"/channels/{_chan(wire)}/threads", json={"name": ""})
    assert (status, body["code"]) == (400, 50035)


async def test_global_rate_limit_answers_429_like_discord(wire: Wire) -> None:
    wire.emu.rate_limit.per_second = 5
    statuses = [(await wire.call("GET", "/users/@me"))[0] for _ in range(7)]
    assert statuses[:5] == [200] * 5
    status, body = await wire.call("GET", "/users/@me")
    assert (status, body["global"]) == (429, True)
    assert 0 < body["retry_after"] <= 1


async def test_channel_messages_edit_fetch_delete(wire: Wire) -> None:
    chan = _chan(wire)
    _, msg = await wire.call("POST", f"/channels/{chan}/messages", json={"content": "v1"})
    path = f"/channels/{chan}/messages/{msg['id']}"
    status, edited = await wire.call("PATCH", path, json={"content": "v2", "embeds": []})
    assert (status, edited["content"]) == (200, "v2")
    assert edited["edited_timestamp"] is not None
    status, fetched = await wire.call("GET", path)
    assert (status, fetched["content"]) == (200, "v2")
    assert (await wire.call("DELETE", path))[0] == 204
    status, gone = await wire.call("GET", path)
    assert (status, gone["code"]) == (404, 10008)
    alice = wire.emu.world.user_named("alice")
    said = await wire.emu.say(alice, chan, "mine")
    status, refused = await wire.call(
        "PATCH", f"/channels/{chan}/messages/{said.id}", json={"content": "x"}
    )
    assert (status, refused["code"]) == (403, 50005)


async def test_ephemeral_replies_are_not_fetchable_or_in_history(wire: Wire) -> None:
    ix = await _sync_and_slash(wire)
    body = {"type": 4, "data": {"content": "psst", "flags": 64}}
    _, answer = await wire.call(
        "POST", f"/interactions/{ix.id}/{ix.token}/callback?with_response=1", json=body
    )
    message = answer["resource"]["message"]
    assert message["flags"] & 64
    chan = _chan(wire)
    status, _ = await wire.call("GET", f"/channels/{chan}/messages/{message['id']}")
    assert status == 404
    _, history = await wire.call("GET", f"/channels/{chan}/messages")
    assert message["id"] not in [m["id"] for m in history]
    alice = wire.emu.world.user_named("alice")
    bob = await wire.emu.add_user("bob")
    assert [m.id for m in wire.emu.visible_messages(alice, chan)] == [int(message["id"])]
    assert wire.emu.visible_messages(bob, chan) == []


async def test_idle_threads_auto_archive_and_a_message_revives_them(wire: Wire) -> None:
    body = {"name": "slow game", "type": 11, "auto_archive_duration": 60}
    _, thread = await wire.call("POST", f"/channels/{_chan(wire)}/threads", json=body)
    tid = int(thread["id"])
    wire.clock.advance(59 * 60)
    assert await wire.emu.archive_idle_threads() == []
    wire.clock.advance(61)
    assert [t.id for t in await wire.emu.archive_idle_threads()] == [tid]
    _, fetched = await wire.call("GET", f"/channels/{tid}")
    assert fetched["thread_metadata"]["archived"] is True
    assert (await wire.call("POST", f"/channels/{tid}/messages", json={"content": "hi"}))[0] == 200
    _, fetched = await wire.call("GET", f"/channels/{tid}")
    assert fetched["thread_metadata"]["archived"] is False
    wire.clock.advance(30 * 60)
    assert await wire.emu.archive_idle_threads() == []


async def test_answers_carry_what_discords_spec_requires(wire: Wire) -> None:
    chan = _chan(wire)
    row = {"type": 1, "components": [{"type": 2, "style": 1, "label": "a", "custom_id": "a"},
                                     {"type": 2, "style": 1, "label": "b", "custom_id": "b",
                                      "id": 2}]}  # fmt: skip
    body = {"content": "x", "embeds": [{"title": "t"}], "components": [row]}
    status, msg = await wire.call("POST", f"/channels/{chan}/messages", json=body)
    assert status == 200
    assert msg["embeds"][0]["type"] == "rich"
    # Discord numbers components in tree order, keeping the sender's own ids
    ids = [msg["components"][0]["id"]] + [c["id"] for c in msg["components"][0]["components"]]
    assert ids == [1, 3, 2]
    assert msg["author"]["primary_guild"] is None
    _, app = await wire.call("GET", "/oauth2/applications/@me")
    assert {"flags_new", "redirect_uris", "eligible_oauth2_scopes"} <= set(app)
