"""The emulator's in-memory world: users, one guild, channels, threads, messages, commands.

Every object renders itself as the JSON payload Discord sends (`discord/types/*.py` shapes).
Time comes from an injectable clock so tests can move it (token expiry, ack deadline).
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from localdiscord.perms import Overwrite

DISCORD_EPOCH_MS = 1_420_070_400_000
TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)
EPHEMERAL, LOADING = 1 << 6, 1 << 7
Json = dict[str, Any]
Clock = Callable[[], float]


class OffsetClock:
    """A wall clock that tests can move forward (`advance`) without sleeping."""

    def __init__(self, base: Clock = time.time) -> None:
        self._base = base
        self.offset = 0.0

    def __call__(self) -> float:
        """Return the current (possibly advanced) time."""
        return self._base() + self.offset

    def advance(self, seconds: float) -> None:
        """Move the clock forward by `seconds`."""
        self.offset += seconds


def iso(ts: float) -> str:
    """Format a POSIX time as Discord's ISO-8601 timestamp."""
    return dt.datetime.fromtimestamp(ts, dt.UTC).isoformat()


@dataclass
class User:
    """A Discord account: a scripted human or the bot."""

    id: int
    name: str
    bot: bool = False
    locale: str = "en-US"
    dms_closed: bool = False  # "Allow direct messages from server members" off: 50007

    def payload(self) -> Json:
        """Return the `User` payload."""
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": None if self.bot else self.name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
            "primary_guild": None,
        }


@dataclass
class Channel:
    """A guild text channel, a thread (public or private) or a DM channel."""

    id: int
    type: int
    name: str
    guild_id: int | None
    parent_id: int | None = None
    owner_id: int | None = None
    position: int = 0
    members: dict[int, float] = field(default_factory=dict)  # user id -> join time (threads)
    recipients: list[int] = field(default_factory=list)  # DM only
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 10080
    created_at: float = 0.0
    active_at: float = 0.0  # last message or unarchive (threads auto-archive after inactivity)
    last_message_id: int | None = None
    message_count: int = 0
    overwrites: list[Overwrite] = field(default_factory=list)  # guild channels only

    @property
    def is_thread(self) -> bool:
        """Whether this channel is a thread."""
        return self.type in THREAD_TYPES

    def payload(self, users: dict[int, User] | None = None) -> Json:
        """Return the channel payload (`TextChannel`, `Thread` or `DMChannel`)."""
        last = str(self.last_message_id) if self.last_message_id else None
        if self.type == DM:
            recips = [users[u].payload() for u in self.recipients] if users else []
            return {
                "id": str(self.id),
                "type": DM,
                "name": "",
                "last_message_id": last,
                "recipients": recips,
                "flags": 0,
            }
        if self.is_thread:
            return self._thread_payload(last)
        return {
            "id": str(self.id),
            "type": self.type,
            "name": self.name,
            "guild_id": str(self.guild_id),
            "position": self.position,
            "permission_overwrites": [o.payload() for o in self.overwrites],
            "nsfw": False,
            "parent_id": None,
            "topic": "",
            "last_message_id": last,
            "rate_limit_per_user": 0,
            "flags": 0,
        }

    def _thread_payload(self, last: str | None) -> Json:
        meta: Json = {
            "archived": self.archived,
            "auto_archive_duration": self.auto_archive_duration,
            "archive_timestamp": iso(max(self.active_at, self.created_at)),
            "locked": self.locked,
            "create_timestamp": iso(self.created_at),
        }
        if self.type == PRIVATE_THREAD:
            meta["invitable"] = self.invitable
        return {
            "id": str(self.id),
            "guild_id": str(self.guild_id),
            "parent_id": str(self.parent_id),
            "owner_id": str(self.owner_id),
            "name": self.name,
            "type": self.type,
            "member_count": min(len(self.members), 50),
            "message_count": self.message_count,
            "total_message_sent": self.message_count,
            "rate_limit_per_user": 0,
            "nsfw": False,
            "thread_metadata": meta,
            "last_message_id": last,
            "flags": 0,
        }

    def thread_member(self, user_id: int) -> Json:
        """Return the `ThreadMember` payload for a member of this thread."""
        return {
            "id": str(self.id),
            "user_id": str(user_id),
            "join_timestamp": iso(self.members.get(user_id, self.created_at)),
            "flags": 0,
        }


@dataclass
class StoredFile:
    """An uploaded attachment: its metadata and its bytes."""

    id: int
    filename: str
    data: bytes
    content_type: str
    description: str | None = None

    def payload(self, base_url: str, channel_id: int, ephemeral: bool = False) -> Json:
        """Return the `Attachment` payload, with a URL the emulator serves."""
        url = f"{base_url}/attachments/{channel_id}/{self.id}/{self.filename}"
        out: Json = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": url,
            "proxy_url": url,
            "content_type": self.content_type,
        }
        if self.description:
            out["description"] = self.description
        if ephemeral:
            out["ephemeral"] = True
        return out


@dataclass
class Message:
    """A message in a channel; `visible_to` is set for ephemeral messages."""

    id: int
    channel_id: int
    author_id: int
    content: str = ""
    embeds: list[Json] = field(default_factory=list)
    components: list[Json] = field(default_factory=list)
    files: list[StoredFile] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    created_at: float = 0.0
    edited_at: float | None = None
    visible_to: int | None = None
    webhook_id: int | None = None
    interaction_metadata: Json | None = None
    reference: Json | None = None
    thread_id: int | None = None
    mentions: list[int] = field(default_factory=list)
    mention_roles: list[int] = field(default_factory=list)
    mention_everyone: bool = False
    deleted: bool = False
    changed_at: float = 0.0  # monotonic time of the last create/edit (human reaction time)

    @property
    def ephemeral(self) -> bool:
        """Whether only `visible_to` can see this message."""
        return bool(self.flags & EPHEMERAL)

    def visible(self, user_id: int) -> bool:
        """Whether `user_id` can see this message (ephemerals: only their recipient)."""
        return not self.deleted and (self.visible_to is None or self.visible_to == user_id)
