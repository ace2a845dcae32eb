"""Keep the emulated world in a file, so the local table finds its users, threads and games again.

`make run` a second time must show the same guild: the bot's database names threads, messages
and users by their snowflakes, so a world made anew would orphan every game. The world is
saved as one JSON file (written to a temporary file and renamed, so a kill never leaves half a
file) plus one file per uploaded attachment under `<name>.files/` (written once; attachments
never change). Interactions, gateway sessions and ephemeral replies are not kept: like
Discord's, they do not outlive a reconnect (a reloaded Discord client shows no old ephemeral;
kept, they were numbered first after a restart and took the README's button numbers: playtest
item 35).
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

from localdiscord.model import Channel, Json, Message, StoredFile, User
from localdiscord.perms import BOT_DEFAULT, EVERYONE_DEFAULT, Overwrite, Role
from localdiscord.world import Guild, World

FORMAT = 1


def _int_keys(table: dict[str, Any]) -> dict[int, Any]:
    return {int(key): value for key, value in table.items()}


def _file_record(stored: StoredFile) -> Json:
    return {f.name: getattr(stored, f.name) for f in fields(StoredFile) if f.name != "data"}


def _message_record(msg: Message) -> Json:
    record = {f.name: getattr(msg, f.name) for f in fields(Message) if f.name != "files"}
    record["files"] = [stored.id for stored in msg.files]
    record["changed_at"] = 0.0  # a monotonic time: meaningless in another process
    return record


def snapshot(world: World) -> Json:
    """Return the world as plain JSON data (attachment bytes excluded)."""
    return {
        "format": FORMAT,
        "next_id": world.peek_sequence(),
        "token": world.token,
        "bot": world.bot.id,
        "guild": {**asdict(world.guild), "members": world.guild.members},
        "users": [asdict(user) for user in world.users.values()],
        "channels": [asdict(chan) for chan in world.channels.values()],
        "files": [_file_record(stored) for stored in world.files.values()],
        "messages": [_message_record(m) for m in world.messages.values() if not m.ephemeral],
        "global_commands": world.global_commands,
        "guild_commands": {str(k): v for k, v in world.guild_commands.items()},
        "read_marks": {
            str(user): {str(chan): mark for chan, mark in marks.items()}
            for user, marks in world.read_marks.items()
        },
    }


def save(world: World, path: Path) -> None:
    """Write the world to `path` (atomically) and any new attachment to `path`.files/."""
    blobs = path.with_name(path.name + ".files")
    blobs.mkdir(parents=True, exist_ok=True)
    for stored in world.files.values():
        blob = blobs / str(stored.id)
        if not blob.exists():
            _write(blob, stored.data)
    _write(path, json.dumps(snapshot(world), separators=(",", ":")).encode())


def _write(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
    os.replace(tmp, path)


def load(world: World, path: Path) -> bool:
    """Replace `world`'s contents with the saved one at `path`; return False if there is none.

    A file of another format, or one that does not parse, is set aside (renamed `.bad`) and a
    new world starts: the local table must always open.
    """
    if not path.is_file():
        return False
    try:
        data = json.loads(path.read_bytes())
        if data.get("format") != FORMAT:
            raise ValueError(f"unknown format {data.get('format')!r}")
        _restore(world, data, path.with_name(path.name + ".files"))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        path.replace(path.with_name(path.name + ".bad"))
        raise WorldFileError(f"{path} could not be read ({exc}); it was renamed .bad") from exc
    return True


class WorldFileError(Exception):
    """The saved world could not be read (it was set aside; a new world starts)."""


def _restore(world: World, data: Json, blobs: Path) -> None:
    users = {u["id"]: User(**u) for u in data["users"]}
    channels = {}
    for raw in data["channels"]:
        overwrites = [Overwrite(**o) for o in raw.get("overwrites", [])]
        chan = Channel(**{**raw, "members": _int_keys(raw["members"]), "overwrites": overwrites})
        channels[chan.id] = chan
    files = {}
    for raw in data["files"]:
        files[raw["id"]] = StoredFile(**raw, data=(blobs / str(raw["id"])).read_bytes())
    messages = {}
    for raw in data["messages"]:
        attached = [files[i] for i in raw["files"] if i in files]
        messages[raw["id"]] = Message(**{**raw, "files": attached})
    guild = data["guild"]
    world.users, world.channels, world.files, world.messages = users, channels, files, messages
    world.bot = users[data["bot"]]
    world.token = data["token"]
    world.restart_sequence(int(data["next_id"]))
    roles = [Role(**r) for r in guild.get("roles", [])]
    member_roles = _int_keys(guild.get("member_roles", {}))
    if not roles:  # a world saved before roles were emulated
        roles = [Role(int(guild["id"]), "@everyone", EVERYONE_DEFAULT)]
        bot_role = Role(world.snowflake(), world.bot.name, BOT_DEFAULT, 1, managed=True)
        roles.append(bot_role)
        member_roles[world.bot.id] = [bot_role.id]
    world.guild = Guild(**{
        **guild, "members": _int_keys(guild["members"]), "roles": roles,
        "member_roles": member_roles,
    })  # fmt: skip
    world.global_commands = data["global_commands"]
    world.guild_commands = _int_keys(data["guild_commands"])
    # A world saved before read marks were kept has none: everything in it reads as new once.
    world.read_marks = {int(u): _int_keys(m) for u, m in data.get("read_marks", {}).items()}


__all__ = ["WorldFileError", "load", "save", "snapshot"]
