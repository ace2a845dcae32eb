"""Guild roles, channel permission overwrites and Discord's permission arithmetic.

A member's permissions in a channel are computed as Discord documents ("Permissions",
"Permission Overwrites"): the owner has all; otherwise @everyone's permissions OR those of
the member's roles; ADMINISTRATOR grants all; then the channel's overwrites apply in order
(@everyone's, the roles' denies then allows, the member's own). A thread takes its parent's
overwrites. Without VIEW_CHANNEL nothing else counts; without SEND_MESSAGES (in a thread:
SEND_MESSAGES_IN_THREADS) neither do the permissions that only qualify sending (embeds,
attachments, @everyone mentions, TTS).
"""

from __future__ import annotations

from dataclasses import dataclass

CREATE_INSTANT_INVITE = 1 << 0
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
SEND_TTS_MESSAGES = 1 << 12
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
MANAGE_ROLES = 1 << 28
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL = (1 << 53) - 1

# @everyone in a fresh guild: invite, reactions, view, send, embed, attach, history, external
# emoji, connect, speak, nickname, application commands, public/private threads, thread messages.
_MEMBER_BITS = (0, 6, 10, 11, 14, 15, 16, 18, 20, 21, 26, 31, 35, 36, 38)
EVERYONE_DEFAULT = sum(1 << bit for bit in _MEMBER_BITS)
# The bot's own (managed) role: what its invite asked for, beyond @everyone.
BOT_DEFAULT = (
    EVERYONE_DEFAULT
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | MANAGE_MESSAGES
    | MANAGE_THREADS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | SEND_MESSAGES_IN_THREADS
    | MANAGE_ROLES
)
_SEND_QUALIFIED = EMBED_LINKS | ATTACH_FILES | MENTION_EVERYONE | SEND_TTS_MESSAGES
ROLE, MEMBER = 0, 1  # overwrite target types

NAMES = {
    VIEW_CHANNEL: "View Channel",
    SEND_MESSAGES: "Send Messages",
    MANAGE_MESSAGES: "Manage Messages",
    EMBED_LINKS: "Embed Links",
    ATTACH_FILES: "Attach Files",
    READ_MESSAGE_HISTORY: "Read Message History",
    MANAGE_ROLES: "Manage Roles",
    MANAGE_THREADS: "Manage Threads",
    CREATE_PUBLIC_THREADS: "Create Public Threads",
    CREATE_PRIVATE_THREADS: "Create Private Threads",
    SEND_MESSAGES_IN_THREADS: "Send Messages in Threads",
}


@dataclass
class Role:
    """A guild role (the @everyone role has the guild's id)."""

    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    mentionable: bool = False

    def payload(self) -> dict[str, object]:
        """Return the `Role` payload."""
        return {
            "id": str(self.id),
            "name": self.name,
            "description": None,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": self.mentionable,
            "flags": 0,
        }


@dataclass
class Overwrite:
    """A channel permission overwrite for a role (type 0) or a member (type 1)."""

    id: int
    type: int
    allow: int = 0
    deny: int = 0

    def payload(self) -> dict[str, object]:
        """Return the `Overwrite` payload (bitfields as strings)."""
        return {
            "id": str(self.id),
            "type": self.type,
            "allow": str(self.allow),
            "deny": str(self.deny),
        }


def base_permissions(*, is_owner: bool, everyone: int, role_permissions: list[int]) -> int:
    """A member's guild-wide permissions."""
    if is_owner:
        return ALL
    perms = everyone
    for bits in role_permissions:
        perms |= bits
    return ALL if perms & ADMINISTRATOR else perms


def channel_permissions(
    base: int,
    *,
    guild_id: int,
    user_id: int,
    role_ids: list[int],
    overwrites: list[Overwrite],
    in_thread: bool,
) -> int:
    """Apply a channel's overwrites to a member's base permissions."""
    if base & ADMINISTRATOR or base == ALL:
        return ALL
    perms = base
    by_target = {(o.type, o.id): o for o in overwrites}
    everyone = by_target.get((ROLE, guild_id))
    if everyone is not None:
        perms = (perms & ~everyone.deny) | everyone.allow
    allow = deny = 0
    for role_id in role_ids:
        ow = by_target.get((ROLE, role_id))
        if ow is not None:
            allow |= ow.allow
            deny |= ow.deny
    perms = (perms & ~deny) | allow
    own = by_target.get((MEMBER, user_id))
    if own is not None:
        perms = (perms & ~own.deny) | own.allow
    if not perms & VIEW_CHANNEL:
        return 0
    sending = SEND_MESSAGES_IN_THREADS if in_thread else SEND_MESSAGES
    if not perms & sending:
        perms &= ~_SEND_QUALIFIED
    return perms


def names(bits: int) -> list[str]:
    """Name the permissions in a bitfield (those this module knows)."""
    return [name for bit, name in NAMES.items() if bits & bit]
