"""Turn what a user types (`/game new game:trajan`) into Discord's command interaction data.

The Discord client checks options against the synced definition before it sends anything:
required options, types, choices, min/max value and length. The emulator does the same and
raises `UsageError` (what the client would show), so only valid interactions reach the bot.
"""

from __future__ import annotations

from typing import Any

from localdiscord.model import Json, StoredFile
from localdiscord.world import World

SUB_COMMAND, SUB_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(3, 12)
TYPE_NAMES = {
    STRING: "text",
    INTEGER: "integer",
    BOOLEAN: "true/false",
    USER: "user",
    CHANNEL: "channel",
    ROLE: "role",
    MENTIONABLE: "user or role",
    NUMBER: "number",
    ATTACHMENT: "file",
}
ADMINISTRATOR = 1 << 3
_TRUE, _FALSE = {"true", "yes", "y", "1", "on"}, {"false", "no", "n", "0", "off"}


MAX_SAFE = 2**53  # integer and number options lie within -2^53..2^53


class UsageError(ValueError):
    """What the Discord client would refuse to send (unknown command, bad option value)."""


class NoSuchControlError(UsageError):
    """A button or menu the message does not have (any more: it was edited since it was seen).

    A Discord client shows the message as it is now, so a press on a control it lost never
    leaves the client: nothing reaches the bot.
    """


def _permitted(world: World, cmd: Json, user_id: int | None) -> bool:
    """Apply `default_member_permissions` (administrators always pass; "0": admins only)."""
    needed = cmd.get("default_member_permissions")
    if needed is None or user_id is None:
        return True
    perms = world.permissions(user_id)
    return bool(perms & ADMINISTRATOR) or perms & int(needed) == int(needed) != 0


def visible_commands(world: World, in_dm: bool = False, user_id: int | None = None) -> list[Json]:
    """Return the chat-input commands usable here (guild ones first; DMs: global BOT_DM only).

    With `user_id`, commands whose default_member_permissions the member lacks are hidden,
    as the Discord client hides them.
    """
    if in_dm:
        return [
            c for c in world.global_commands if c.get("type", 1) == 1 and 1 in c.get("contexts", [])
        ]
    guild = world.guild_commands.get(world.guild.id, [])
    names = {c["name"] for c in guild}
    merged = guild + [c for c in world.global_commands if c["name"] not in names]
    return [c for c in merged if c.get("type", 1) == 1 and _permitted(world, c, user_id)]


def clip(text: str, size: int = 40) -> str:
    """Return typed input short enough to quote back in a one-line refusal."""
    return text if len(text) <= size else text[: size - 1] + "\N{HORIZONTAL ELLIPSIS}"


def resolve_path(
    world: World, path: str, in_dm: bool = False, user_id: int | None = None
) -> tuple[Json, list[str], list[Json]]:
    """Find the command and subcommand path for "game new"; return (command, path, options)."""
    words = path.strip().lstrip("/").split()
    if not words:
        raise UsageError("Type a command name after /.")
    usable = visible_commands(world, in_dm, user_id)
    cmd = next((c for c in usable if c["name"] == words[0]), None)
    if cmd is None:
        raise UsageError(f"Unknown command /{clip(words[0])}.")
    options: list[Json] = cmd.get("options") or []
    walked = [words[0]]
    for word in words[1:]:
        sub = next((o for o in options if o["name"] == word and o["type"] in (1, 2)), None)
        if sub is None:
            raise UsageError(f"/{' '.join(walked)} has no subcommand {clip(word)!r}.")
        walked.append(word)
        options = sub.get("options") or []
    if any(o["type"] in (SUB_COMMAND, SUB_GROUP) for o in options):
        subs = ", ".join(o["name"] for o in options)
        raise UsageError(f"/{' '.join(walked)} needs a subcommand: {subs}.")
    return cmd, walked, options


def _choice(opt: Json, value: Any) -> Any:
    choices: list[Json] = opt.get("choices") or []
    if not choices:
        return value
    for choice in choices:
        if choice["value"] == value or str(choice["name"]).lower() == str(value).lower():
            return choice["value"]
    names = ", ".join(str(c["name"]) for c in choices)
    raise UsageError(f"{opt['name']} must be one of: {names}.")


def _number(opt: Json, value: Any, kind: type[int] | type[float]) -> int | float:
    try:
        num = kind(value)
    except (TypeError, ValueError, OverflowError):
        raise UsageError(f"{opt['name']} must be {TYPE_NAMES[opt['type']]}.") from None
    if not -MAX_SAFE <= num <= MAX_SAFE:  # Discord's range for numeric options
        raise UsageError(f"{opt['name']} must be between {-MAX_SAFE} and {MAX_SAFE}.")
    low, high = opt.get("min_value"), opt.get("max_value")
    if (low is not None and num < low) or (high is not None and num > high):
        raise UsageError(f"{opt['name']} must be between {low} and {high}.")
    return num


def _text(opt: Json, value: Any) -> str:
    text = str(value)
    low, high = opt.get("min_length", 0), opt.get("max_length", 6000)
    if not low <= len(text) <= high:
        raise UsageError(f"{opt['name']} must be {low}-{high} characters long.")
    return text


class Resolver:
    """Converts one option value and collects `resolved` objects."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.resolved: dict[str, dict[str, Json]] = {}

    def _resolve(self, kind: str, key: int, payload: Json) -> str:
        self.resolved.setdefault(kind, {})[str(key)] = payload
        return str(key)

    def user(self, opt: Json, value: Any) -> str:
        """Resolve a user by id or name; return its id (adds users and members)."""
        try:
            user = self.world.users[int(value)] if str(value).isdigit() else None
            user = user or self.world.user_named(str(value).lstrip("@"))
        except KeyError:
            raise UsageError(f"{opt['name']}: no user {value!r}.") from None
        if user.id in self.world.guild.members:
            member = self.world.member_payload(user.id, with_user=False)
            self.resolved.setdefault("members", {})[str(user.id)] = member
        return self._resolve("users", user.id, user.payload())

    def channel(self, opt: Json, value: Any) -> str:
        """Resolve a channel by id or name; return its id (adds channels)."""
        text = str(value).lstrip("#")
        for chan in self.world.channels.values():
            if str(chan.id) == text or (chan.guild_id and chan.name == text):
                payload = {**chan.payload(), "permissions": "0"}
                return self._resolve("channels", chan.id, payload)
        raise UsageError(f"{opt['name']}: no channel {value!r}.")

    def _attachment(self, opt: Json, value: Any) -> str:
        if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], bytes)):
            raise UsageError(f"{opt['name']} needs a (filename, bytes) file.")
        stored = StoredFile(
            self.world.snowflake(), str(value[0]), value[1], "application/octet-stream"
        )
        self.world.files[stored.id] = stored
        payload = stored.payload(self.world.base_url, 0, ephemeral=True)
        return self._resolve("attachments", stored.id, payload)

    def role(self, opt: Json, value: Any) -> str:
        """Resolve a role by id or name (@everyone too); return its id."""
        text = str(value).lstrip("@&").lower()
        for role in self.world.guild.roles:
            if text in (str(role.id), role.name.lower().lstrip("@")):
                return self._resolve("roles", role.id, role.payload())
        raise UsageError(f"{opt['name']}: no role {value!r}.")

    def convert(self, opt: Json, value: Any) -> Any:  # noqa: PLR0911 (one case per type)
        """Convert a typed value to the option's wire type, as the client would."""
        match opt["type"]:
            case 3:
                return _choice(opt, _text(opt, value))
            case 4:
                return _choice(opt, _number(opt, value, int))
            case 10:
                return _choice(opt, _number(opt, value, float))
            case 5:
                return _boolean(opt, value)
            case 6 | 9:
                return self.user(opt, value)
            case 7:
                return self.channel(opt, value)
            case 8:
                return self.role(opt, value)
            case 11:
                return self._attachment(opt, value)
        raise UsageError(f"{opt['name']}: unsupported option type {opt['type']}.")


def _boolean(opt: Json, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).lower()
    if text in _TRUE | _FALSE:
        return text in _TRUE
    raise UsageError(f"{opt['name']} must be true or false.")


def build_command_data(
    world: World,
    path: str,
    values: dict[str, Any],
    focused: str | None = None,
    in_dm: bool = False,
    user_id: int | None = None,
) -> Json:
    """Build `data` for a command (or, with `focused`, an autocomplete) interaction."""
    cmd, walked, defs = resolve_path(world, path, in_dm, user_id)
    by_name = {o["name"]: o for o in defs}
    builder = Resolver(world)
    options: list[Json] = []
    for name, value in values.items():
        opt = by_name.get(name)
        if opt is None:
            known = ", ".join(by_name) or "none"
            raise UsageError(
                f"/{' '.join(walked)} has no option {clip(name)!r} (options: {known})."
            )
        if name == focused:
            options.append(
                {"name": name, "type": opt["type"], "value": str(value), "focused": True}
            )
            continue
        options.append({"name": name, "type": opt["type"], "value": builder.convert(opt, value)})
    missing = [o["name"] for o in defs if o.get("required") and o["name"] not in values]
    if missing and focused is None:
        raise UsageError(f"Missing required option(s): {', '.join(missing)}.")
    for depth in range(len(walked) - 1, 0, -1):
        kind = SUB_COMMAND if depth == len(walked) - 1 else SUB_GROUP
        options = [{"name": walked[depth], "type": kind, "options": options}]
    data: Json = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": options}
    if builder.resolved:
        data["resolved"] = builder.resolved
    if "guild_id" in cmd:
        data["guild_id"] = cmd["guild_id"]
    return data
