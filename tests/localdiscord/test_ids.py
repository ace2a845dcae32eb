"""Snowflakes and integers limited as Discord limits them; DMs with their interaction context."""

from __future__ import annotations

import pytest

from localdiscord.slash import UsageError
from tests.localdiscord.test_protocol import Wire, wire  # noqa: F401 (the fixture)


@pytest.mark.parametrize("bad", ["abc", str(1 << 64), "-1", "1e5"])
async def test_a_path_id_that_is_no_snowflake_is_50035(wire: Wire, bad: str) -> None:  # noqa: F811
    status, body = await wire.call("GET", f"/channels/{bad}")
    assert (status, body["code"], body["message"]) == (400, 50035, "Invalid Form Body")
    assert body["errors"]["channel_id"]["_errors"][0]["code"] == "NUMBER_TYPE_COERCE"


async def test_the_largest_snowflake_is_only_unknown(wire: Wire) -> None:  # noqa: F811
    status, body = await wire.call("GET", f"/channels/{(1 << 64) - 1}")
    assert (status, body["code"]) == (404, 10003)


async def test_option_bounds_beyond_2_to_53_are_refused(wire: Wire) -> None:  # noqa: F811
    app = wire.emu.world.bot.id
    option = {"name": "n", "description": "n", "type": 4, "max_value": 2**60}
    cmd = {"name": "big", "description": "Big", "type": 1, "options": [option]}
    status, body = await wire.call("PUT", f"/applications/{app}/commands", json=[cmd])
    assert (status, body["code"]) == (400, 50035)
    assert "max_value" in body["errors"]["0"]["options"]["0"]


async def test_integer_options_stay_within_2_to_53(wire: Wire) -> None:  # noqa: F811
    app = wire.emu.world.bot.id
    option = {"name": "n", "description": "n", "type": 4}
    cmd = {"name": "count", "description": "Count", "type": 1, "options": [option]}
    assert (await wire.call("PUT", f"/applications/{app}/commands", json=[cmd]))[0] == 200
    alice = wire.emu.world.user_named("alice")
    chan = next(iter(wire.emu.world.channels))
    ix = await wire.emu.slash(alice, chan, "count", {"n": 2**53})
    assert ix.data["options"][0]["value"] == 2**53
    for huge in (2**53 + 1, 2**63, -(2**53) - 1, "9" * 400):
        with pytest.raises(UsageError, match="between"):
            await wire.emu.slash(alice, chan, "count", {"n": huge})


async def test_a_dm_interaction_is_context_1_without_a_guild(wire: Wire) -> None:  # noqa: F811
    app = wire.emu.world.bot.id
    cmd = {"name": "ping", "description": "Ping", "type": 1, "contexts": [0, 1]}
    assert (await wire.call("PUT", f"/applications/{app}/commands", json=[cmd]))[0] == 200
    alice = wire.emu.world.user_named("alice")
    dm = wire.emu.world.dm_channel(alice.id)
    ix = await wire.emu.slash(alice, dm.id, "ping", {})
    payload = wire.emu.desk.payload(ix)
    assert payload["context"] == 1
    assert payload["channel"]["type"] == 1
    assert payload["channel"]["recipients"][0]["id"] == str(alice.id)
    assert payload["user"]["id"] == str(alice.id)
    assert "member" not in payload
    assert "guild_id" not in payload
    assert payload["authorizing_integration_owners"] == {"0": "0"}
    status, opened = await wire.call(
        "POST", "/users/@me/channels", json={"recipient_id": str(alice.id)}
    )
    assert (status, opened["id"], opened["type"]) == (200, str(dm.id), 1)
