"""The emulator's state container: ids, users, the guild, channels, messages and commands."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from localdiscord import perms
from localdiscord.errors import (
    UNKNOWN_CHANNEL,
    UNKNOWN_MESSAGE,
    UNKNOWN_USER,
    not_found,
)
from localdiscord.model import (
    DISCORD_EPOCH_MS,
    DM,
    TEXT,
    Channel,
    Clock,
    Json,
    Message,
    StoredFile,
    User,
    iso,
)

_USER_MENTION = re.compile(r"<@!?(\d+)>")
_ROLE_MENTION = re.compile(r"<@&(\d+)>")


@dataclass
class Guild:
    """The one guild of the emulated world."""

    id: int
    name: str
    owner_id: int
    members: dict[int, float] = field(default_factory=dict)  # user id -> joined at
    locale: str = "en-US"
    roles: list[perms.Role] = field(default_factory=list)  # @everyone (the guild's id) first
    member_roles: dict[int, list[int]] = field(default_factory=dict)  # user id -> role ids


class World:
    """All emulated Discord state, mutated only from the emulator's event loop."""

    def __init__(self, clock: Clock, guild_name: str = "Local Table") -> None:
        self.clock = clock
        self._seq = 1  # the next snowflake's sequence number (kept when the world is saved)
        self.base_url = ""
        self.users: dict[int, User] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.files: dict[int, StoredFile] = {}  # every upload, by id (the CDN serves these)
        self.bot = self.add_user("Denarius", bot=True)
        self.token = "local-emulator-token"  # noqa: S105 (loopback only, not a secret)
        self.guild = Guild(self.snowflake(), guild_name, owner_id=self.bot.id)
        self.guild.members[self.bot.id] = clock()
        self.guild.roles = [perms.Role(self.guild.id, "@everyone", perms.EVERYONE_DEFAULT)]
        bot_role = perms.Role(self.snowflake(), self.bot.name, perms.BOT_DEFAULT, 1, managed=True)
        self.guild.roles.append(bot_role)
        self.guild.member_roles[self.bot.id] = [bot_role.id]
        self.rejections: list[tuple[str, str, int, Json]] = []  # (method, path, status, body)
        self.global_commands: list[Json] = []
        self.rest_down = False  # tests: an outage, every bot REST route answers 503
        # enforce_nonce: (channel, author, nonce) -> (message id, when), for NONCE_WINDOW
        self.nonces: dict[tuple[int, int, str], tuple[int, float]] = {}
        self.guild_commands: dict[int, list[Json]] = {}
        # Sharding (issue 19): more guilds beside the main one, each with its own id and
        # channels, sharing the main guild's members, roles and locale; the gateway sends each
        # guild's events to the connection of its shard only.
        self.more_guilds: dict[int, str] = {}  # id -> name
        self.recommended_shards = 1  # what GET /gateway/bot answers
        # Read states, as Discord keeps them for each user: user id -> channel id -> the newest
        # message read there. Kept with the world, so a restart counts as new only what is.
        self.read_marks: dict[int, dict[int, int]] = {}

    # ids and lookups -------------------------------------------------------------------------

    def snowflake(self) -> int:
        """Return a fresh snowflake whose timestamp is the clock's now."""
        ms = int(self.clock() * 1000) - DISCORD_EPOCH_MS
        seq, self._seq = self._seq, self._seq + 1
        return (ms << 22) | (seq & 0x3FFFFF)

    def mark_read(self, user_id: int, channel_id: int, message_id: int) -> bool:
        """Note that `user_id` read `channel_id` up to `message_id`; tell whether that is news."""
        marks = self.read_marks.setdefault(user_id, {})
        if message_id <= marks.get(channel_id, 0):
            return False
        marks[channel_id] = message_id
        return True

    def peek_sequence(self) -> int:
        """Return the sequence number the next snowflake will carry."""
        return self._seq

    def restart_sequence(self, seq: int) -> None:
        """Continue snowflakes from `seq` (a world loaded from a file)."""
        self._seq = seq

    def add_user(self, name: str, *, bot: bool = False, locale: str = "en-US") -> User:
        """Create a user (not yet a guild member)."""
        user = User(self.snowflake(), name, bot=bot, locale=locale)
        self.users[user.id] = user
        return user

    def user(self, user_id: int) -> User:
        """Return a user or raise Discord's 404."""
        try:
            return self.users[user_id]
        except KeyError:
            raise not_found(UNKNOWN_USER, "User") from None

    def user_named(self, name: str) -> User:
        """Return the user with this name (case-insensitive)."""
        for user in self.users.values():
            if user.name.lower() == name.lower():
                return user
        raise KeyError(name)

    def channel(self, channel_id: int) -> Channel:
        """Return a channel or raise Discord's 404."""
        try:
            return self.channels[channel_id]
        except KeyError:
            raise not_found(UNKNOWN_CHANNEL, "Channel") from None

    def message(self, channel_id: int, message_id: int) -> Message:
        """Return a message of a channel or raise Discord's 404."""
        msg = self.messages.get(message_id)
        if msg is None or msg.deleted or msg.channel_id != channel_id:
            raise not_found(UNKNOWN_MESSAGE, "Message")
        return msg

    @property
    def guild_ids(self) -> list[int]:
        """Every guild's id, the main guild's first."""
        return [self.guild.id, *self.more_guilds]

    def add_guild(self, name: str, shard: int | None = None, count: int = 1) -> int:
        """Create another guild (sharing the main one's members and roles); return its id.

        With `shard`, its id is chosen so that `(id >> 22) % count == shard` (Discord's rule).
        """
        base = self.snowflake()
        ms, low = base >> 22, base & 0x3FFFFF
        if shard is not None:
            ms += (shard - ms) % count
        guild_id = (ms << 22) | low
        self.more_guilds[guild_id] = name
        return guild_id

    def is_guild(self, guild_id: int) -> bool:
        """Whether a guild of this world has that id."""
        return guild_id == self.guild.id or guild_id in self.more_guilds

    def add_text_channel(self, name: str, guild_id: int | None = None) -> Channel:
        """Create a guild text channel (in the main guild unless another is named)."""
        position = sum(1 for c in self.channels.values() if c.type == TEXT)
        guild = self.guild.id if guild_id is None else guild_id
        chan = Channel(self.snowflake(), TEXT, name, guild, position=position)
        chan.created_at = self.clock()
        self.channels[chan.id] = chan
        return chan

    def join_guild(self, user: User) -> None:
        """Make a user a member of the guild (the first human also owns guild and app)."""
        self.guild.members.setdefault(user.id, self.clock())
        if self.guild.owner_id == self.bot.id and not user.bot:
            self.guild.owner_id = user.id

    def dm_channel(self, user_id: int) -> Channel:
        """Return (creating if needed) the DM channel between the bot and a user."""
        for chan in self.channels.values():
            if chan.type == DM and chan.recipients == [user_id]:
                return chan
        chan = Channel(self.snowflake(), DM, "", None, recipients=[user_id])
        chan.created_at = self.clock()
        self.channels[chan.id] = chan
        return chan

    def can_see_channel(self, user_id: int, chan: Channel) -> bool:
        """Whether a user can open a channel (private threads: members only)."""
        if chan.type == DM:
            return user_id in chan.recipients or user_id == self.bot.id
        if chan.type == 12:  # private thread
            return user_id in chan.members or user_id == self.bot.id
        return user_id in self.guild.members

    # roles and permissions ----------------------------------------------------------------

    def role(self, role_id: int) -> perms.Role:
        """Return a guild role or raise Discord's 404."""
        for role in self.guild.roles:
            if role.id == role_id:
                return role
        raise not_found(10011, "Role")

    def add_role(self, name: str, permissions: int = 0, role_id: int | None = None) -> perms.Role:
        """Create a role just above @everyone (the others move up, as on Discord).

        `role_id` fixes its id (a test that must name it to the bot before it exists).
        """
        for role in self.guild.roles:
            if role.position >= 1:
                role.position += 1
        role = perms.Role(role_id or self.snowflake(), name, permissions, 1)
        self.guild.roles.append(role)
        return role

    @property
    def bot_role_id(self) -> int:
        """The id of the bot's own (managed) role."""
        return next(r.id for r in self.guild.roles if r.managed)

    def roles_of(self, user_id: int) -> list[int]:
        """Return the ids of a member's roles (not @everyone)."""
        return list(self.guild.member_roles.get(user_id, []))

    def top_position(self, user_id: int) -> int:
        """The position of a member's highest role (the owner outranks every role)."""
        if user_id == self.guild.owner_id:
            return 1 << 30
        ids = set(self.roles_of(user_id))
        return max((r.position for r in self.guild.roles if r.id in ids), default=0)

    def permissions(self, user_id: int, chan: Channel | None = None) -> int:
        """A member's permissions in the guild, or in a channel (overwrites applied)."""
        ids = self.roles_of(user_id)
        base = perms.base_permissions(
            is_owner=user_id == self.guild.owner_id,
            everyone=self.role(self.guild.id).permissions,
            role_permissions=[r.permissions for r in self.guild.roles if r.id in ids],
        )
        if chan is None or chan.guild_id is None:
            return base
        source = self.channels.get(chan.parent_id or 0, chan) if chan.is_thread else chan
        return perms.channel_permissions(
            base,
            guild_id=self.guild.id,
            user_id=user_id,
            role_ids=ids,
            overwrites=source.overwrites,
            in_thread=chan.is_thread,
        )

    def channel_messages(self, channel_id: int) -> list[Message]:
        """Return a channel's live messages, oldest first."""
        msgs = [m for m in self.messages.values() if m.channel_id == channel_id and not m.deleted]
        return sorted(msgs, key=lambda m: m.id)

    # payloads ----------------------------------------------------------------------------------

    def member_payload(
        self, user_id: int, *, with_user: bool = True, chan: Channel | None = None
    ) -> Json:
        """Return the guild `Member` payload of a user (permissions: in `chan`, if given)."""
        joined = self.guild.members.get(user_id, self.clock())
        out: Json = {
            "roles": [str(r) for r in self.roles_of(user_id)],
            "joined_at": iso(joined),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "premium_since": None,
            "permissions": str(self.permissions(user_id, chan)),
        }
        if with_user:
            out["user"] = self.user(user_id).payload()
        return out

    def roles_payload(self) -> list[Json]:
        """Return the guild's roles."""
        return [r.payload() for r in self.guild.roles]

    def guild_payload(self, guild_id: int | None = None) -> Json:
        """Return the full GUILD_CREATE payload (of the main guild unless another is named)."""
        g = self.guild
        gid = g.id if guild_id is None else guild_id
        chans = [c for c in self.channels.values() if c.guild_id == gid]
        roles = self.roles_payload()
        if gid != g.id:  # the shared roles, with @everyone's id being the guild's own
            roles = [{**r, "id": str(gid)} if r["id"] == str(g.id) else r for r in roles]
        return {
            "id": str(gid),
            "name": self.more_guilds.get(gid, g.name),
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "emojis": [],
            "stickers": [],
            "features": [],
            "description": None,
            "incidents_data": None,
            "owner_id": str(g.owner_id),
            "region": "local",
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": roles,
            "mfa_level": 0,
            "nsfw_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "banner": None,
            "premium_tier": 0,
            "preferred_locale": g.locale,
            "public_updates_channel_id": None,
            "stage_instances": [],
            "guild_scheduled_events": [],
            "joined_at": iso(g.members[self.bot.id]),
            "large": False,
            "unavailable": False,
            "member_count": len(g.members),
            "voice_states": [],
            "presences": [],
            "soundboard_sounds": [],
            "members": [self.member_payload(u) for u in g.members],
            "channels": [c.payload() for c in chans if not c.is_thread],
            "threads": [c.payload() for c in chans if c.is_thread and not c.archived],
        }

    def message_payload(self, msg: Message) -> Json:
        """Return the `Message` payload (as the gateway and REST send it)."""
        chan = self.channels[msg.channel_id]
        out: Json = {
            "id": str(msg.id),
            "channel_id": str(msg.channel_id),
            "author": self.user(msg.author_id).payload(),
            "content": msg.content,
            "timestamp": iso(msg.created_at),
            "edited_timestamp": iso(msg.edited_at) if msg.edited_at else None,
            "tts": False,
            "mention_everyone": msg.mention_everyone,
            "mentions": [self.user(u).payload() for u in msg.mentions if u in self.users],
            "mention_roles": [str(r) for r in msg.mention_roles],
            "attachments": [f.payload(self.base_url, chan.id, msg.ephemeral) for f in msg.files],
            "embeds": msg.embeds,
            "components": msg.components,
            "pinned": False,
            "type": msg.type,
            "flags": msg.flags,
        }
        if chan.guild_id is not None:
            out["guild_id"] = str(chan.guild_id)
            if msg.author_id in self.guild.members and msg.webhook_id is None:
                out["member"] = self.member_payload(msg.author_id, with_user=False)
        self._message_extras(msg, out)
        return out

    def _message_extras(self, msg: Message, out: Json) -> None:
        if msg.webhook_id is not None:
            out["webhook_id"] = str(msg.webhook_id)
            out["application_id"] = str(self.bot.id)
        if msg.interaction_metadata is not None:
            out["interaction_metadata"] = msg.interaction_metadata
        if msg.reference is not None:
            out["message_reference"] = msg.reference
        if msg.thread_id is not None and msg.thread_id in self.channels:
            out["thread"] = self.channels[msg.thread_id].payload()

    def parse_mentions(self, msg: Message, allowed: Any) -> None:
        """Fill a message's mentions from its content, honouring `allowed_mentions`."""
        users = [int(u) for u in _USER_MENTION.findall(msg.content)]
        roles = [int(r) for r in _ROLE_MENTION.findall(msg.content)]
        everyone = "@everyone" in msg.content or "@here" in msg.content
        if isinstance(allowed, dict):
            parse = allowed.get("parse", ["users", "roles", "everyone"])
            explicit_users = {int(u) for u in allowed.get("users", [])}
            users = [u for u in users if "users" in parse or u in explicit_users]
            roles = [r for r in roles if "roles" in parse]
            everyone = everyone and "everyone" in parse
        msg.mentions = [u for u in dict.fromkeys(users) if u in self.users]
        msg.mention_roles = roles
        msg.mention_everyone = everyone
