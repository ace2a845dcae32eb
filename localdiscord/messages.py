"""Creating, editing and deleting messages, with uploads and the matching gateway events."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from aiohttp import BodyPartReader, web

from localdiscord import limits
from localdiscord.errors import FormErrors
from localdiscord.gateway import Gateway
from localdiscord.model import (
    EPHEMERAL,
    LOADING,
    PRIVATE_THREAD,
    Channel,
    Json,
    Message,
    StoredFile,
)
from localdiscord.world import World

_READ_CHUNK = 1 << 16
PAYLOAD_KEY = web.RequestKey("payload_json", dict)  # a multipart request's JSON, once read


@dataclass
class Upload:
    """A file part of a multipart request: its form index and its bytes."""

    index: int
    filename: str
    data: bytes
    content_type: str


async def _read_part(part: Any) -> bytes:
    data = bytearray()
    while chunk := await part.read_chunk(_READ_CHUNK):
        data.extend(chunk)
        if len(data) > limits.FILE_LIMIT:
            limits.check_files([len(data)])
    return bytes(data)


async def read_body(request: web.Request) -> tuple[Json, list[Upload]]:
    """Read a JSON body, or a multipart body with `payload_json` and `files[n]` parts."""
    if not request.content_type.startswith("multipart/"):
        if not request.can_read_body:
            return {}, []
        return dict(await request.json()), []
    body: Json = {}
    uploads: list[Upload] = []
    reader = await request.multipart()
    while (part := await reader.next()) is not None:
        if not isinstance(part, BodyPartReader):
            continue
        name = getattr(part, "name", None) or ""
        if name == "payload_json":
            body = json.loads(await part.text())
            request[PAYLOAD_KEY] = body
        elif name.startswith("files["):
            data = await _read_part(part)
            kind = part.headers.get("Content-Type", "application/octet-stream")
            uploads.append(Upload(int(name[6:-1]), part.filename or "file", data, kind))
    limits.check_files([len(u.data) for u in uploads])
    return body, uploads


def walk_components(components: list[Json]) -> list[Json]:
    """Return every component in a message's tree (rows, containers, sections, accessories).

    The order is Discord's: a parent before its children.
    """
    out: list[Json] = []
    for comp in components:
        out.append(comp)
        out.extend(walk_components(comp.get("components") or []))
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                out.extend(walk_components([comp[key]]))
    return out


def numbered(components: list[Json]) -> list[Json]:
    """Copy a message's components, giving each without an `id` Discord's numeric one.

    Discord numbers them 1, 2, ... in tree order, skipping the ids the sender chose.
    """
    copied: list[Json] = json.loads(json.dumps(components))
    comps = walk_components(copied)
    taken = {c["id"] for c in comps if isinstance(c.get("id"), int)}
    next_id = 1
    for comp in comps:
        if isinstance(comp.get("id"), int):
            continue
        while next_id in taken:
            next_id += 1
        comp["id"] = next_id
        taken.add(next_id)
    return copied


class Messenger:
    """Message lifecycle shared by channel routes and interaction webhooks."""

    def __init__(self, world: World, gateway: Gateway) -> None:
        self.world = world
        self.gateway = gateway

    def _files(self, body: Json, uploads: list[Upload], keep: list[StoredFile]) -> list[StoredFile]:
        meta = {str(a.get("id")): a for a in body.get("attachments") or []}
        kept = [f for f in keep if str(f.id) in meta] if "attachments" in body else list(keep)
        for up in uploads:
            desc = meta.get(str(up.index), {}).get("description")
            name = meta.get(str(up.index), {}).get("filename") or up.filename
            stored = StoredFile(self.world.snowflake(), name, up.data, up.content_type, desc)
            self.world.files[stored.id] = stored
            kept.append(stored)
        return kept

    async def create(
        self,
        channel_id: int,
        author_id: int,
        body: Json,
        uploads: list[Upload],
        allow_empty: bool = False,
        **extra: Any,
    ) -> Message:
        """Validate and post a message; dispatch MESSAGE_CREATE unless it is ephemeral."""
        limits.check_message(body, has_files=bool(uploads), creating=not allow_empty)
        chan = self.world.channel(channel_id)
        msg = Message(self.world.snowflake(), channel_id, author_id, created_at=self.world.clock())
        self._apply(msg, body, uploads)
        # Settable on create: SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS, COMPONENTS_V2.
        msg.flags = int(body.get("flags") or 0) & (4 | EPHEMERAL | 1 << 12 | limits.COMPONENTS_V2)
        for key, value in extra.items():
            setattr(msg, key, value)
        if msg.visible_to is None and msg.flags & EPHEMERAL:
            msg.flags &= ~EPHEMERAL
        if body.get("message_reference"):
            msg.reference = body["message_reference"]
            msg.type = 19
        self.world.messages[msg.id] = msg
        await self._mention_into_private_thread(chan, msg)
        if not msg.ephemeral:
            chan.last_message_id = msg.id
            chan.active_at = msg.created_at
            chan.message_count += 1
            payload = self.world.message_payload(msg)
            await self.gateway.dispatch_message("MESSAGE_CREATE", payload, chan.type)
        return msg

    async def _mention_into_private_thread(self, chan: Channel, msg: Message) -> None:
        """Mentioning someone in a private thread adds them to it, as on Discord."""
        if chan.type != PRIVATE_THREAD or msg.ephemeral:
            return
        for user_id in msg.mentions:
            if user_id not in chan.members and user_id in self.world.guild.members:
                chan.members[user_id] = self.world.clock()
                member = {
                    **chan.thread_member(user_id),
                    "member": self.world.member_payload(user_id),
                }
                data = {
                    "id": str(chan.id),
                    "guild_id": str(chan.guild_id),
                    "member_count": len(chan.members),
                    "added_members": [member],
                }
                await self.gateway.dispatch("THREAD_MEMBERS_UPDATE", data, intent=1 << 1)

    def _apply(self, msg: Message, body: Json, uploads: list[Upload]) -> None:
        msg.changed_at = time.monotonic()
        if "content" in body:
            msg.content = str(body["content"] or "")
            self.world.parse_mentions(msg, body.get("allowed_mentions"))
        if "embeds" in body:  # Discord answers every embed a bot sends with type "rich"
            msg.embeds = [{**e, "type": "rich"} for e in body["embeds"] or []]
        if "components" in body:
            msg.components = numbered(body["components"] or [])
        if "attachments" in body or uploads:
            msg.files = self._files(body, uploads, msg.files)
        self._link_embed_images(msg)

    def _link_embed_images(self, msg: Message) -> None:
        """Point `attachment://name` embed images at the uploaded file, as Discord does."""
        urls = {
            f.filename: f.payload(self.world.base_url, msg.channel_id)["url"] for f in msg.files
        }
        for embed in msg.embeds:
            for key in ("image", "thumbnail"):
                url = str((embed.get(key) or {}).get("url", ""))
                if url.startswith("attachment://") and url[13:] in urls:
                    embed[key] = {**embed[key], "url": urls[url[13:]], "proxy_url": urls[url[13:]]}

    async def edit(self, msg: Message, body: Json, uploads: list[Upload]) -> Message:
        """Validate and apply an edit; dispatch MESSAGE_UPDATE unless it is ephemeral."""
        merged = {"flags": msg.flags, **body}
        limits.check_message(merged, has_files=bool(uploads), creating=False)
        if msg.flags & LOADING:
            msg.flags &= ~LOADING
            if not (body.get("content") or body.get("embeds") or uploads or body.get("components")):
                limits.check_message(body, has_files=False, creating=True)
        else:
            msg.edited_at = self.world.clock()
        self._apply(msg, body, uploads)
        if "flags" in body:
            # Only SUPPRESS_EMBEDS may be toggled on edit; ephemerality is fixed.
            msg.flags = (msg.flags & ~4) | (int(body["flags"] or 0) & 4)
        if not msg.ephemeral:
            chan = self.world.channel(msg.channel_id)
            payload = self.world.message_payload(msg)
            await self.gateway.dispatch_message("MESSAGE_UPDATE", payload, chan.type)
        return msg

    async def delete(self, msg: Message) -> None:
        """Delete a message; dispatch MESSAGE_DELETE unless it was ephemeral."""
        msg.deleted = True
        if not msg.ephemeral:
            chan = self.world.channel(msg.channel_id)
            data: Json = {"id": str(msg.id), "channel_id": str(chan.id)}
            if chan.guild_id is not None:
                data["guild_id"] = str(chan.guild_id)
            await self.gateway.dispatch("MESSAGE_DELETE", data, intent=1 << 9)

    def history(self, channel_id: int, query: Any) -> list[Json]:
        """Return channel history like Discord: newest first, with before/after/around/limit."""
        errs = FormErrors()
        limit = int(query.get("limit", 50))
        if not 1 <= limit <= 100:
            errs.add(("limit",), "NUMBER_TYPE_MAX", "int value should be <= 100 and >= 1.")
        errs.raise_if_any()
        msgs = [m for m in self.world.channel_messages(channel_id) if not m.ephemeral]
        if "before" in query:
            msgs = [m for m in msgs if m.id < int(query["before"])]
        if "after" in query:
            msgs = [m for m in msgs if m.id > int(query["after"])][:limit]
        if "around" in query:
            pivot = int(query["around"])
            older = [m for m in msgs if m.id <= pivot][-(limit // 2 + 1) :]
            newer = [m for m in msgs if m.id > pivot][: limit // 2]
            msgs = older + newer
        picked = msgs[-limit:]
        return [self.world.message_payload(m) for m in reversed(picked)]
