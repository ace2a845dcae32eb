"""The league's messages go through an outbox (issue 18): stored, sent once, never lost.

`LeagueRunner` over the real league and session services (the rig of
tests/engine/leagues/test_port.py, on SQLite and PostgreSQL) against a fake channel: a
message Discord could not take (an outage, a 429 discord.py gave up on) is sent on the next
pass, in order; one sent just before a kill, before it was marked, is not sent twice (the
channel dedupes a repeated nonce, as Discord's enforce_nonce does).
"""

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest

from cogs.league.runner import NO_PINGS, PING_USERS, LeagueRunner
from engine.sessions import Outcome
from tests.engine.leagues.test_port import Rig, rig

__all__ = ["rig"]  # the fixture, used by name below


@dataclass
class Channel:
    """Every channel and thread of the fake Discord: what was sent, and outages first."""

    sent: list[tuple[int, str, Any]] = field(default_factory=list)
    down: int = 0  # so many sends fail as Discord unreachable
    nonces: dict[str, int] = field(default_factory=dict)

    def at(self, channel_id: int) -> Any:
        async def send(content: str, **kwargs: Any) -> Any:
            if self.down:
                self.down -= 1
                raise aiohttp.ClientConnectionError("Discord is unreachable")
            key = f"{channel_id}:{kwargs.get('nonce')}"
            if kwargs.get("nonce") is None or key not in self.nonces:
                self.sent.append((channel_id, content, kwargs.get("allowed_mentions")))
                self.nonces[key] = len(self.sent)
            return SimpleNamespace(id=self.nonces.get(key, 0))

        return SimpleNamespace(send=send)


class Bot:
    def __init__(self, channel: Channel) -> None:
        self.channels = channel

    def get_partial_messageable(self, channel_id: int) -> Any:
        return self.channels.at(channel_id)


async def no_post(outcome: Outcome) -> None:
    raise AssertionError("no board in these tests")


def runner_for(rig: Rig, channel: Channel) -> LeagueRunner:
    return LeagueRunner(Bot(channel), rig.leagues, rig.sessions, no_post)  # type: ignore[arg-type]


async def test_a_message_kept_back_by_an_outage_is_sent_on_the_next_pass_in_order(rig):
    channel = Channel(down=2)  # the first send, and the retry when the second is stored
    runner = runner_for(rig, channel)
    ping = discord.AllowedMentions(users=[discord.Object(5)], roles=False, everyone=False)
    await runner._send(700, "week 1 seated", NO_PINGS, guild=7)  # Discord is away
    await runner._send(701, "a day left, <@5>", ping, guild=7)  # waits behind the first
    assert channel.sent == []
    assert len(await rig.leagues.store.owed_posts()) == 2
    assert await runner.flush() == 2  # Discord is back: the next pass sends both, in order
    assert [(c, text) for c, text, _ in channel.sent] == [
        (700, "week 1 seated"),
        (701, "a day left, <@5>"),
    ]
    assert [u.id for u in channel.sent[1][2].users] == [5]  # with whom it may notify
    assert channel.sent[0][2].users is False
    assert await rig.leagues.store.owed_posts() == []
    assert await runner.flush() == 0


def refusing(error: Exception) -> Any:
    """Return a `Channel.at` whose channels refuse every send with `error`."""

    def at(channel_id: int) -> Any:
        async def send(content: str, **kwargs: Any) -> Any:
            raise error

        return SimpleNamespace(send=send)

    return at


async def test_a_rate_limit_discord_py_gave_up_on_keeps_the_message_owed(rig, monkeypatch):
    channel = Channel()
    runner = runner_for(rig, channel)
    answer = SimpleNamespace(status=429, reason="Too Many Requests")
    refusal = discord.HTTPException(answer, {"message": "rate limited", "code": 0})
    real = channel.at
    monkeypatch.setattr(channel, "at", refusing(refusal))
    await runner._send(700, "results", PING_USERS, guild=7)
    assert len(await rig.leagues.store.owed_posts()) == 1
    monkeypatch.setattr(channel, "at", real)
    assert await runner.flush() == 1
    assert [text for _, text, _ in channel.sent] == ["results"]


async def test_a_message_sent_just_before_a_kill_is_not_sent_twice_after_it(rig, monkeypatch):
    channel = Channel()
    runner = runner_for(rig, channel)

    async def killed(*args: Any) -> None:
        raise SystemExit  # the process dies after sending, before marking it posted

    monkeypatch.setattr(rig.leagues.store, "post_sent", killed)
    with pytest.raises(SystemExit):
        await runner._send(700, "week 2 seated", NO_PINGS, guild=7)
    monkeypatch.undo()
    assert len(channel.sent) == 1
    again = runner_for(rig, channel)  # the bot starts again
    assert await again.flush() == 1  # sent again with the same nonce: Discord returns the first
    assert len(channel.sent) == 1
    assert await rig.leagues.store.owed_posts() == []


async def test_a_message_discord_refuses_for_good_is_logged_and_not_tried_again(rig, monkeypatch):
    channel = Channel()
    runner = runner_for(rig, channel)
    answer = SimpleNamespace(status=403, reason="Forbidden")
    refusal = discord.Forbidden(answer, {"message": "Missing Permissions", "code": 50013})
    monkeypatch.setattr(channel, "at", refusing(refusal))
    await runner._send(700, "week 3 seated", NO_PINGS, guild=7)
    assert await rig.leagues.store.owed_posts() == []  # logged; no pass tries it again
    assert channel.sent == []
