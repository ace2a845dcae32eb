"""A blocking, thread-safe facade over the emulator, for tests and the terminal table.

`LocalDiscord` runs the emulator's event loop in a background thread. `Actor` is one human
user: it types slash commands, clicks, selects and submits modals, and reads what *it* sees
(snapshots, so tests never touch live emulator state from the wrong thread).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

from localdiscord.interactions import DEFERRED_UPDATE, UPDATE, Interaction
from localdiscord.model import DM, LOADING, TEXT, Clock, Json, Message, User
from localdiscord.seen import ChannelRef, Seen, SeenFile
from localdiscord.server import Emulator
from localdiscord.slash import visible_commands

__all__ = ["Actor", "ChannelRef", "InteractionRef", "LocalDiscord", "Seen", "SeenFile"]
T = TypeVar("T")
DEFAULT_TIMEOUT = 10.0


class LocalDiscord:
    """The emulator on a background thread, with a blocking API."""

    def __init__(
        self,
        *,
        clock: Clock = time.time,
        ack_timeout: float = 3.0,
        token_ttl: float = 15 * 60.0,
        world_file: Path | None = None,
    ) -> None:
        self.emulator = Emulator(
            clock=clock, ack_timeout=ack_timeout, token_ttl=token_ttl, world_file=world_file
        )
        self.world = self.emulator.world
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._loop.run_forever, daemon=True, name="localdiscord"
        )
        self.base_url = ""
        self.describe_bot: Callable[[], str] | None = None  # adds the bot's log to timeouts

    def start(self) -> str:
        """Start the emulator thread and server; return the base URL."""
        self._thread.start()
        self.base_url = self.run(self.emulator.start())
        return self.base_url

    def stop(self) -> None:
        """Stop the server and the thread."""
        if self._thread.is_alive():
            self.run(self.emulator.stop())
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(5)

    def __enter__(self) -> LocalDiscord:
        self.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = 60.0) -> T:
        """Run a coroutine on the emulator loop and wait for its result."""
        if threading.current_thread() is self._thread:
            coro.close()
            msg = "blocking LocalDiscord call made on the emulator loop (inside a predicate?)"
            raise RuntimeError(msg)
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(timeout)

    def call(self, fn: Callable[[], T]) -> T:
        """Run a plain function on the emulator loop (safe access to live state)."""

        async def wrapper() -> T:
            return fn()

        return self.run(wrapper())

    def wait_until(self, predicate: Callable[[], T | None], timeout: float = DEFAULT_TIMEOUT) -> T:
        """Block until `predicate()` (evaluated on the loop) is truthy; return its value."""
        try:
            result: T = self.run(self.emulator.wait_until(predicate, timeout), timeout + 5)
        except TimeoutError as exc:
            note = self.describe_bot() if self.describe_bot else ""
            raise TimeoutError(f"{exc}\n{note}".rstrip()) from None
        return result

    # setup ------------------------------------------------------------------------------------

    def add_user(self, name: str, locale: str = "en-US") -> Actor:
        """Create a guild member and return a handle to act as them."""
        return Actor(self, self.run(self.emulator.add_user(name, locale)))

    def close_dms(self, actor: Actor, closed: bool = True) -> None:
        """Let a user refuse (or take again) DMs from the bot: sends answer 403 / 50007."""

        def change() -> None:
            self.emulator.world.user(actor.id).dms_closed = closed

        self.call(change)

    def actor(self, name: str) -> Actor:
        """Return the handle of an existing user by name."""
        return Actor(self, self.call(lambda: self.world.user_named(name)))

    def add_channel(self, name: str, guild_id: int | None = None) -> ChannelRef:
        """Create a guild text channel (in the main guild unless another is named)."""
        chan = self.run(self.emulator.add_channel(name, guild_id))
        return ChannelRef(chan.id, chan.name, False)

    def add_guild(self, name: str, shard: int | None = None, count: int = 1) -> int:
        """Create another guild, in `shard` of `count` shards if given; return its id."""
        return self.run(self.emulator.add_guild(name, shard, count))

    def set_recommended_shards(self, count: int) -> None:
        """Set the shard count GET /gateway/bot recommends."""

        def put() -> None:
            self.world.recommended_shards = count

        self.call(put)

    def add_role(
        self,
        name: str,
        permissions: int = 0,
        members: tuple[Actor, ...] = (),
        role_id: int | None = None,
    ) -> int:
        """Create a guild role held by `members` (with `role_id`, that id); return its id."""
        users = tuple(m.user for m in members)
        return int(self.run(self.emulator.add_role(name, permissions, users, role_id)).id)

    def give_role(self, member: Actor, role_id: int, present: bool = True) -> None:
        """Give (or, with present=False, take away) a role."""
        self.run(self.emulator.give_role(member.user, role_id, present))

    def set_overwrite(
        self,
        channel: ChannelRef | int,
        target: int,
        *,
        allow: int = 0,
        deny: int = 0,
        member: bool = False,
    ) -> None:
        """Set a channel's permission overwrite for a role or (member=True) a user."""
        chan = channel if isinstance(channel, int) else channel.id
        self.run(self.emulator.set_overwrite(chan, target, allow=allow, deny=deny, member=member))

    def deny_bot(self, channel: ChannelRef | int, bits: int) -> None:
        """Take permissions from the bot in a channel (an overwrite on its own role)."""
        self.set_overwrite(channel, self.call(lambda: self.world.bot_role_id), deny=bits)

    def user_or_new(self, name: str) -> Actor:
        """Return the user called `name`, created (and joined to the guild) if there is none."""
        try:
            return self.actor(name)
        except KeyError:
            return self.add_user(name)

    def channel_or_new(self, name: str) -> ChannelRef:
        """Return the guild text channel called `name`, created if there is none."""

        def find() -> ChannelRef | None:
            for chan in self.world.channels.values():
                if chan.type == TEXT and chan.name == name:
                    return ChannelRef(chan.id, chan.name, False)
            return None

        return self.call(find) or self.add_channel(name)

    def bot_env(self) -> dict[str, str]:
        """Return the settings a bot process needs to reach this emulator."""
        return {
            "DISCORD_API_BASE": self.base_url,
            "DISCORD_TOKEN": self.world.token,
            "DEV_GUILD_ID": str(self.world.guild.id),
        }

    # bot state --------------------------------------------------------------------------------

    @property
    def identified(self) -> int:
        """How many times a bot has IDENTIFYed so far."""
        return self.call(lambda: self.emulator.gateway.identified)

    def wait_for_bot(self, after: int = 0, timeout: float = 30.0) -> None:
        """Wait until a bot session connected (more than `after` IDENTIFYs so far)."""
        gw = self.emulator.gateway
        self.wait_until(lambda: gw.identified > after and gw.connected, timeout)

    def failed_interactions(self) -> list[str]:
        """Describe every interaction that failed so far ("alice: /slow", "bob: sb:join:1")."""

        def describe() -> list[str]:
            out = []
            for ix in self.emulator.desk.failures():
                what = ix.data.get("custom_id") or "/" + str(ix.data.get("name"))
                out.append(f"{self.world.users[ix.user_id].name}: {what}")
            return out

        return self.call(describe)

    def commands(self, actor: Actor | None = None) -> list[Json]:
        """Return the chat-input commands in the guild (those `actor` may use, if given)."""
        user_id = actor.id if actor else None
        return self.call(lambda: visible_commands(self.world, False, user_id))

    def wait_commands(self, *names: str, timeout: float = 30.0) -> list[Json]:
        """Wait until commands with these names are synced; return all visible commands."""

        def ready() -> list[Json]:
            cmds = visible_commands(self.world)
            return cmds if set(names) <= {c["name"] for c in cmds} else []

        return self.wait_until(ready, timeout)

    def seen(self, msg: Message) -> Seen:
        """Snapshot a message (call on the loop)."""
        world = self.world
        author = world.users[msg.author_id]
        files = [SeenFile(f.filename, f.data, f.content_type, f.description) for f in msg.files]
        return Seen(
            msg.id,
            msg.channel_id,
            author.name,
            author.bot,
            msg.content,
            [dict(e) for e in msg.embeds],
            [dict(c) for c in msg.components],
            files,
            msg.ephemeral,
            bool(msg.flags & LOADING),
            msg.edited_at is not None,
            msg.thread_id,
            [world.users[u].name for u in msg.mentions],
        )


class InteractionRef:
    """A handle on one interaction a user started."""

    def __init__(self, ld: LocalDiscord, ix: Interaction) -> None:
        self._ld = ld
        self.ix = ix

    @property
    def failed(self) -> bool:
        """Whether the user saw "This interaction failed"."""
        return self._ld.call(lambda: self.ix.failed)

    @property
    def acked(self) -> bool:
        """Whether the bot acknowledged in time."""
        return self._ld.call(lambda: self.ix.acked)

    @property
    def response_type(self) -> int | None:
        """The callback type the bot answered with (4-9)."""
        return self._ld.call(lambda: self.ix.response_type)

    @property
    def modal(self) -> Json | None:
        """The modal the bot opened, if any."""
        return self._ld.call(lambda: self.ix.modal)

    def wait_acked(self, timeout: float = DEFAULT_TIMEOUT) -> InteractionRef:
        """Wait until the bot acknowledged (raise if it failed or timed out)."""
        self._ld.wait_until(lambda: self.ix.acked or self.ix.failed, timeout)
        if self.failed:
            note = self._ld.describe_bot() if self._ld.describe_bot else ""
            msg = f"This interaction failed (not acknowledged within the deadline)\n{note}"
            raise AssertionError(msg.rstrip())
        return self

    def wait_failed(self, timeout: float = DEFAULT_TIMEOUT) -> None:
        """Wait until the interaction is recorded as failed."""
        self._ld.wait_until(lambda: self.ix.failed, timeout)

    def _reply_message(self) -> Message | None:
        world = self._ld.world
        mid = self.ix.original_id
        if mid is None and self.ix.response_type in (DEFERRED_UPDATE, UPDATE):
            mid = self.ix.source_message_id
        msg = world.messages.get(mid) if mid else None
        if msg is None or msg.flags & LOADING:
            return None
        if self.ix.response_type == DEFERRED_UPDATE and (msg.edited_at or 0) < self.ix.created_at:
            return None  # not yet edited since this click
        return msg

    def replied(self) -> bool:
        """Tell whether the (completed) response message is there yet (no waiting)."""
        return self._ld.call(lambda: self._reply_message() is not None)

    def wait_reply(self, timeout: float = DEFAULT_TIMEOUT) -> Seen:
        """Wait for the (completed) response message: the reply, or the updated message."""
        self.wait_acked(timeout)
        msg = self._ld.wait_until(self._reply_message, timeout)
        return self._ld.call(lambda: self._ld.seen(msg))

    def followups(self) -> list[Seen]:
        """Return the followup messages sent so far."""
        world = self._ld.world
        return self._ld.call(
            lambda: [self._ld.seen(world.messages[i]) for i in self.ix.followup_ids]
        )

    def wait_choices(self, timeout: float = DEFAULT_TIMEOUT) -> list[Json]:
        """Wait for the autocomplete answer; return its choices."""
        self.wait_acked(timeout)
        return self._ld.call(lambda: list(self.ix.choices or []))

    def wait_modal(self, timeout: float = DEFAULT_TIMEOUT) -> Json:
        """Wait until the bot opened a modal; return it."""
        self.wait_acked(timeout)
        return self._ld.wait_until(lambda: self.ix.modal, timeout)


class Actor:
    """One scripted human user."""

    def __init__(self, ld: LocalDiscord, user: User) -> None:
        self._ld = ld
        self.user = user

    @property
    def name(self) -> str:
        """The user's name."""
        return self.user.name

    @property
    def id(self) -> int:
        """The user's id."""
        return self.user.id

    def _start(self, coro: Coroutine[Any, Any, Interaction]) -> InteractionRef:
        return InteractionRef(self._ld, self._ld.run(coro))

    def slash(
        self, channel: ChannelRef | int, path: str, options: dict[str, Any] | None = None
    ) -> InteractionRef:
        """Run `/path` with options in a channel."""
        emu = self._ld.emulator
        return self._start(emu.slash(self.user, _cid(channel), path, options or {}))

    def autocomplete(
        self,
        channel: ChannelRef | int,
        path: str,
        options: dict[str, Any],
        focused: str,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> list[Json]:
        """Type into an option with autocomplete; return the bot's suggestions."""
        emu = self._ld.emulator
        ref = self._start(emu.autocomplete(self.user, _cid(channel), path, options, focused))
        return ref.wait_choices(timeout)

    def click(self, message: Seen | int, target: str) -> InteractionRef:
        """Click a button by custom_id or label."""
        return self._start(self._ld.emulator.click(self.user, _mid(message), target))

    def select(self, message: Seen | int, target: str, values: list[str]) -> InteractionRef:
        """Pick options in a select (by custom_id or placeholder) by value or label."""
        return self._start(self._ld.emulator.select(self.user, _mid(message), target, values))

    def submit(self, opened_by: InteractionRef, values: dict[str, str]) -> InteractionRef:
        """Submit the modal an interaction opened, with field values by custom_id or label."""
        return self._start(self._ld.emulator.submit(self.user, opened_by.ix, values))

    def say(self, channel: ChannelRef | int, content: str) -> Seen:
        """Post a plain message."""
        msg = self._ld.run(self._ld.emulator.say(self.user, _cid(channel), content))
        return self._ld.call(lambda: self._ld.seen(msg))

    def messages(self, channel: ChannelRef | int) -> list[Seen]:
        """Return the messages this user sees in a channel, oldest first."""
        emu = self._ld.emulator
        return self._ld.call(
            lambda: [self._ld.seen(m) for m in emu.visible_messages(self.user, _cid(channel))]
        )

    def ephemerals(self, channel: ChannelRef | int) -> list[Seen]:
        """Return only this user's ephemeral messages in a channel."""
        return [m for m in self.messages(channel) if m.ephemeral]

    def wait_message(
        self,
        channel: ChannelRef | int,
        predicate: Callable[[Seen], bool],
        timeout: float = DEFAULT_TIMEOUT,
    ) -> Seen:
        """Wait until a message this user sees satisfies `predicate`; return it."""
        emu = self._ld.emulator

        def find() -> Seen | None:
            msgs = [self._ld.seen(m) for m in emu.visible_messages(self.user, _cid(channel))]
            return next((m for m in reversed(msgs) if predicate(m)), None)

        return self._ld.wait_until(find, timeout)

    def mark_read(self, channel: ChannelRef | int, message_id: int) -> None:
        """Note that this user read a channel up to `message_id` (kept with the world)."""
        self._ld.call(lambda: self._ld.emulator.mark_read(self.user, _cid(channel), message_id))

    def read_marks(self) -> dict[int, int]:
        """Return the newest message this user read in each channel, by channel id."""
        return self._ld.call(lambda: dict(self._ld.world.read_marks.get(self.user.id, {})))

    def threads(self, channel: ChannelRef | int | None = None) -> list[ChannelRef]:
        """Return the threads this user can open."""
        parent = None if channel is None else _cid(channel)
        chans = self._ld.call(lambda: self._ld.emulator.threads(self.user, parent))
        return [ChannelRef(c.id, c.name, True, c.parent_id) for c in chans]

    def dm(self) -> ChannelRef | None:
        """Return this user's DM channel with the bot, if the bot opened one."""
        world = self._ld.world

        def find() -> ChannelRef | None:
            for chan in world.channels.values():
                if chan.type == DM and chan.recipients == [self.user.id]:
                    return ChannelRef(chan.id, "dm", False)
            return None

        return self._ld.call(find)

    def wait_thread(self, name: str, timeout: float = DEFAULT_TIMEOUT) -> ChannelRef:
        """Wait until this user can open a thread with this name; return it."""
        emu = self._ld.emulator

        def find() -> ChannelRef | None:
            for c in emu.threads(self.user):
                if c.name == name:
                    return ChannelRef(c.id, c.name, True, c.parent_id)
            return None

        return self._ld.wait_until(find, timeout)


def _cid(channel: ChannelRef | int) -> int:
    return channel if isinstance(channel, int) else channel.id


def _mid(message: Seen | int) -> int:
    return message if isinstance(message, int) else message.id
