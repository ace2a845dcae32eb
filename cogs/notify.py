"""Players' notifications on Discord: the poster's `Notifier`, and the courier of the outbox.

`PeopleNotifier` answers the poster (cogs/common/poster.py) whether a turn ping or reminder
goes out now; the decisions are engine/people's. `Courier.flush` sends what engine/people put
in its outbox (held messages released at the start of a player's day, DMs, vacation
announcements), each exactly once: a post is marked tried before it is sent and sent after,
and a post found tried (the bot died in between) is looked for in its channel first.
A DM Discord refuses with 50007 ("Cannot send messages to this user": the player closed
DMs) goes to the game's thread instead, which says so once (docs/people.md).
"""

import asyncio
import logging

import discord

from cogs.common.poster import OUTAGE, Meta
from engine.people import People, Ping
from engine.people.store import Outgoing
from engine.sessions import Outcome

log = logging.getLogger(__name__)

CANNOT_DM = 50007  # Discord: "Cannot send messages to this user"
PASSES = 3  # reads of the outbox per flush
LOOK_BACK = 25  # messages of a channel read to see whether a tried post arrived


class PeopleNotifier:
    """The poster's questions, answered by engine/people."""

    def __init__(self, people: People, courier: "Courier") -> None:
        """Decide with `people`; send queued DMs with `courier`."""
        self.people = people
        self.courier = courier

    @staticmethod
    def _ping(outcome: Outcome, meta: Meta, user_id: int) -> Ping:
        deadline = outcome.turn.deadline if outcome.turn else None
        return Ping(
            user_id, outcome.game_id, meta.game, meta.language, meta.guild_id,
            outcome.thread_id, deadline,
        )  # fmt: skip

    async def turn(self, outcome: Outcome, meta: Meta, user_id: int) -> bool:
        """Return whether the new turn pings the player now (a DM, if asked, is queued)."""
        now = await self.people.turn(self._ping(outcome, meta, user_id))
        self.courier.soon()
        return now

    async def reminder(self, outcome: Outcome, meta: Meta, user_id: int) -> bool:
        """Return whether the reminder goes out now."""
        now = await self.people.reminder(self._ping(outcome, meta, user_id))
        self.courier.soon()
        return now

    async def may_mention(self, user_id: int) -> bool:
        """Return whether a board posted again may mention the player now."""
        return await self.people.may_mention(user_id)


class Courier:
    """Sends the outbox of engine/people, each post once."""

    def __init__(self, bot: discord.Client, people: People) -> None:
        """Send with the bot's REST client."""
        self.bot = bot
        self.people = people
        self._lock = asyncio.Lock()
        self._task: asyncio.Task[int] | None = None

    def soon(self) -> None:
        """Send what is queued in the background (a DM must not hold the board back)."""
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._flush_logged())

    async def _flush_logged(self) -> int:
        try:
            return await self.flush()
        except Exception:
            log.exception("outbox: sending failed; the next tick tries again")
            return 0

    async def flush(self) -> int:
        """Send every unsent post, oldest first; return how many went out."""
        count = 0
        async with self._lock:
            for _ in range(PASSES):  # a refused DM queues its thread post for the next pass
                posts = await self.people.unsent()
                if not posts:
                    break
                for post in posts:
                    try:
                        count += await self._send(post)
                    except OUTAGE as error:
                        log.warning("outbox: post %s waits (%s)", post.id, type(error).__name__)
                        return count  # Discord is away: keep the order, try on a later tick
        return count

    async def _send(self, post: Outgoing) -> int:
        if post.tried_at is not None and await self._arrived(post):
            await self.people.sent(post)
            return 0
        await self.people.trying(post)
        try:
            await self._deliver(post)
        except discord.Forbidden as error:
            if post.channel_id is None and error.code == CANNOT_DM:
                log.info("user %s takes no DMs; the thread gets the message", post.user_id)
                await self.people.dm_failed(post)
                return 0
            log.warning("outbox: post %s refused (%s); dropped", post.id, error.code)
        except discord.NotFound:
            log.warning("outbox: the channel of post %s is gone; dropped", post.id)
        except discord.DiscordServerError:
            raise  # Discord is failing: the post waits (it was marked tried)
        except discord.HTTPException as error:  # refused for good: a retry would repeat it
            log.warning("outbox: post %s refused (%s); dropped", post.id, error.status)
        else:
            log.info("outbox: post %s sent", post.id)
        await self.people.sent(post)
        return 1

    async def _channel(self, post: Outgoing) -> discord.abc.Messageable:
        if post.channel_id is not None:
            return self.bot.get_partial_messageable(post.channel_id)
        user = self.bot.get_user(post.user_id or 0) or await self.bot.fetch_user(post.user_id or 0)
        return await user.create_dm()

    async def _deliver(self, post: Outgoing) -> None:
        channel = await self._channel(post)
        mentions = discord.AllowedMentions.none()
        if post.channel_id is not None and post.user_id is not None:
            mentions = discord.AllowedMentions(users=[discord.Object(post.user_id)])
        await channel.send(post.content, allowed_mentions=mentions)

    async def _arrived(self, post: Outgoing) -> bool:
        """Return whether a post tried before a crash is in its channel already."""
        try:
            channel = await self._channel(post)
            async for message in channel.history(limit=LOOK_BACK):
                if message.author.id == getattr(self.bot.user, "id", None) and (
                    message.content == post.content
                ):
                    return True
        except discord.HTTPException:
            log.info("outbox: could not read the channel of post %s", post.id)
        return False
