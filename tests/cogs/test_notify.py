"""The courier sends each post of players' time once, across a crash (cogs/notify.py)."""

from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import discord

from cogs.notify import Courier
from engine.people import People
from engine.sessions.manager import SessionManager
from engine.sessions.store import Store

BOT_ID = 99


class Channel:
    def __init__(self, *, closed: bool = False) -> None:
        self.sent: list[str] = []
        self.closed = closed

    async def send(self, content: str, **_: Any) -> None:
        if self.closed:
            answer = SimpleNamespace(status=403, reason="Forbidden")
            body = {"code": 50007, "message": "Cannot send messages to this user"}
            raise discord.Forbidden(answer, body)
        self.sent.append(content)

    async def history(self, limit: int) -> Any:
        for content in self.sent[-limit:]:
            yield SimpleNamespace(author=SimpleNamespace(id=BOT_ID), content=content)


class Bot:
    def __init__(self) -> None:
        self.user = SimpleNamespace(id=BOT_ID)
        self.threads: dict[int, Channel] = {}
        self.dms: dict[int, Channel] = {}

    def get_partial_messageable(self, channel_id: int) -> Channel:
        return self.threads.setdefault(channel_id, Channel())

    def get_user(self, user_id: int) -> Any:
        async def create_dm() -> Channel:
            return self.dms.setdefault(user_id, Channel())

        return SimpleNamespace(create_dm=create_dm)


async def test_a_post_tried_before_a_crash_is_sent_once(tmp_path):
    store = await Store.open(tmp_path / "games.db")
    people = People(store.database, SessionManager(store, {}, clock=lambda: datetime.now(UTC)))
    bot = Bot()
    courier = Courier(bot, people)  # type: ignore[arg-type]
    async with people.store.transaction() as tx:
        for text in ("arrived before the crash", "lost in the crash", "new"):
            await tx.post(1, 500, text, "2026-01-01T00:00:00.000000+00:00")
    first, second, _ = await people.unsent()
    await people.trying(first)  # sent, then the bot died before noting it
    await bot.get_partial_messageable(500).send(first.content)
    await people.trying(second)  # the bot died before it reached Discord
    assert await courier.flush() == 2
    assert bot.threads[500].sent == ["arrived before the crash", "lost in the crash", "new"]
    assert await courier.flush() == 0
    assert await people.unsent() == []
    await store.close()


async def test_a_closed_dm_goes_to_the_thread_and_says_why_once(tmp_path):
    store = await Store.open(tmp_path / "games.db")
    people = People(store.database, SessionManager(store, {}, clock=lambda: datetime.now(UTC)))
    bot = Bot()
    bot.dms[1] = Channel(closed=True)
    courier = Courier(bot, people)  # type: ignore[arg-type]
    async with people.store.transaction() as tx:
        for text in ("your turn in #1", "your turn in #2"):
            await tx.post(1, None, text, "2026-01-01T00:00:00.000000+00:00", 500)
    await courier.flush()
    sent = bot.threads[500].sent
    assert [s.startswith("<@1> your turn in #") for s in sent] == [True, True]
    assert ["your DMs are closed" in s for s in sent] == [True, False]
    assert (await people.settings(1)).dm_closed
    await store.close()
