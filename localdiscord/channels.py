"""REST routes for channels, messages, threads, DMs, the guild and the attachment CDN.

Threads follow Discord: a thread started from a message takes the message's id; a standalone
thread is private (type 12) unless asked otherwise; names are 1-100 characters; sending into
an archived thread unarchives it; private threads are visible to their members only.
"""

from __future__ import annotations

from collections.abc import Callable

from aiohttp import web

from localdiscord import perms
from localdiscord.errors import (
    CANNOT_DM,
    MISSING_ACCESS,
    MISSING_PERMISSIONS,
    UNKNOWN_MESSAGE,
    ApiError,
    FormErrors,
    not_found,
)
from localdiscord.gateway import GUILDS
from localdiscord.messages import Messenger, read_body
from localdiscord.model import DM, PRIVATE_THREAD, PUBLIC_THREAD, THREAD_TYPES, Channel, Json
from localdiscord.rest import json_response, no_content
from localdiscord.roles import Roles

GUILD_MEMBERS_INTENT = 1 << 1
_ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)


def need(have: int, needs: int, in_dm: bool = False) -> None:
    """Refuse as Discord does: 403 / 50001 without VIEW_CHANNEL, 403 / 50013 lacking `needs`."""
    if in_dm:
        return
    if not have & perms.VIEW_CHANNEL:
        raise ApiError(403, MISSING_ACCESS, "Missing Access")
    if have & needs != needs:
        raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")


class ChannelRoutes:
    """Channel, message, thread, DM and guild routes."""

    def __init__(self, messenger: Messenger, on_change: Callable[[], None]) -> None:
        self.m = messenger
        self.world = messenger.world
        self.keeper = Roles(messenger.world, messenger.gateway)
        self._on_change = on_change

    def register(self, app: web.Application) -> None:
        """Add these routes to the app."""
        ch = "/api/v10/channels/{ch}"
        add = app.router
        add.add_get(ch, self.get_channel)
        add.add_patch(ch, self.edit_channel)
        add.add_get(ch + "/messages", self.history)
        add.add_post(ch + "/messages", self.send)
        add.add_get(ch + "/messages/{msg}", self.get_message)
        add.add_patch(ch + "/messages/{msg}", self.edit_message)
        add.add_delete(ch + "/messages/{msg}", self.delete_message)
        add.add_post(ch + "/messages/{msg}/threads", self.thread_from_message)
        add.add_post(ch + "/threads", self.thread_standalone)
        add.add_put(ch + "/thread-members/{user}", self.join_thread)
        add.add_delete(ch + "/thread-members/{user}", self.leave_thread)
        add.add_get(ch + "/thread-members", self.thread_members)
        add.add_post(ch + "/typing", self.typing)
        add.add_post("/api/v10/users/@me/channels", self.open_dm)
        add.add_get("/api/v10/guilds/{g}", self.guild)
        add.add_get("/api/v10/guilds/{g}/channels", self.guild_channels)
        add.add_get("/api/v10/guilds/{g}/members/{user}", self.member)
        add.add_get("/api/v10/guilds/{g}/threads/active", self.active_threads)
        add.add_put(ch + "/permissions/{target}", self.put_overwrite)
        add.add_delete(ch + "/permissions/{target}", self.delete_overwrite)
        add.add_get("/api/v10/guilds/{g}/roles", self.roles)
        add.add_post("/api/v10/guilds/{g}/roles", self.create_role)
        add.add_put("/api/v10/guilds/{g}/members/{user}/roles/{role}", self.give_role)
        add.add_delete("/api/v10/guilds/{g}/members/{user}/roles/{role}", self.take_role)
        add.add_get("/attachments/{ch}/{file}/{name}", self.attachment)

    def _chan(self, request: web.Request, needs: int = 0) -> Channel:
        """Return the channel of a request, checked as Discord checks it.

        403 / 50001 Missing Access when the bot cannot see it, 403 / 50013 Missing
        Permissions when it lacks `needs`.
        """
        chan = self.world.channel(int(request.match_info["ch"]))
        need(self.world.permissions(self.world.bot.id, chan), needs, chan.guild_id is None)
        return chan

    async def get_channel(self, request: web.Request) -> web.Response:
        """GET /channels/{id}."""
        return json_response(self._chan(request).payload(self.world.users))

    async def edit_channel(self, request: web.Request) -> web.Response:
        """PATCH /channels/{id}: rename, archive, lock a thread (or rename a channel).

        A thread's creator may rename, archive and unarchive it while it is not locked;
        anything else needs MANAGE_THREADS (a channel: MANAGE_CHANNELS).
        """
        chan = self._chan(request)
        body = await request.json()
        own = chan.owner_id == self.world.bot.id and not chan.locked and "locked" not in body
        if chan.is_thread and not own:
            self._chan(request, perms.MANAGE_THREADS)
        elif not chan.is_thread:
            self._chan(request, perms.MANAGE_CHANNELS)
        errs = FormErrors()
        if "name" in body:
            errs.length(("name",), body["name"], 1, 100)
        errs.raise_if_any()
        chan.name = body.get("name", chan.name)
        if chan.is_thread:
            if chan.archived and body.get("archived") is False:
                chan.active_at = self.world.clock()
            chan.archived = bool(body.get("archived", chan.archived))
            chan.locked = bool(body.get("locked", chan.locked))
            chan.invitable = bool(body.get("invitable", chan.invitable))
            chan.auto_archive_duration = body.get(
                "auto_archive_duration", chan.auto_archive_duration
            )
        event = "THREAD_UPDATE" if chan.is_thread else "CHANNEL_UPDATE"
        await self.m.gateway.dispatch(event, chan.payload(), intent=GUILDS)
        self._on_change()
        return json_response(chan.payload(self.world.users))

    async def history(self, request: web.Request) -> web.Response:
        """GET /channels/{id}/messages."""
        chan = self._chan(request, perms.READ_MESSAGE_HISTORY)
        return json_response(self.m.history(chan.id, request.query))

    async def send(self, request: web.Request) -> web.Response:
        """POST /channels/{id}/messages: the bot posts a message."""
        chan = self._chan(request)
        if chan.is_thread and chan.locked:
            raise ApiError(403, 50083, "Thread is archived")
        if chan.type == DM and any(self.world.user(u).dms_closed for u in chan.recipients):
            raise ApiError(403, CANNOT_DM, "Cannot send messages to this user")
        body, uploads = await read_body(request)
        sending = perms.SEND_MESSAGES_IN_THREADS if chan.is_thread else perms.SEND_MESSAGES
        self._chan(request, sending | (perms.ATTACH_FILES if uploads else 0))
        msg = await self.m.create(chan.id, self.world.bot.id, body, uploads)
        if chan.is_thread and chan.archived:
            chan.archived = False  # sending unarchives, as on Discord
            await self.m.gateway.dispatch("THREAD_UPDATE", chan.payload(), intent=GUILDS)
        self._on_change()
        return json_response(self.world.message_payload(msg))

    async def get_message(self, request: web.Request) -> web.Response:
        """GET one message (ephemeral messages are not fetchable, as on Discord)."""
        self._chan(request, perms.READ_MESSAGE_HISTORY)
        msg = self.world.message(int(request.match_info["ch"]), int(request.match_info["msg"]))
        if msg.ephemeral:
            raise not_found(UNKNOWN_MESSAGE, "Message")
        return json_response(self.world.message_payload(msg))

    async def edit_message(self, request: web.Request) -> web.Response:
        """PATCH one of the bot's messages."""
        msg = self.world.message(int(request.match_info["ch"]), int(request.match_info["msg"]))
        if msg.ephemeral:
            raise not_found(UNKNOWN_MESSAGE, "Message")
        if msg.author_id != self.world.bot.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        chan = self._chan(request)
        if chan.is_thread and chan.archived:  # as on Discord: only sending unarchives
            raise ApiError(400, 50083, "Thread is archived")
        body, uploads = await read_body(request)
        self._chan(request, perms.ATTACH_FILES if uploads else 0)
        await self.m.edit(msg, body, uploads)
        self._on_change()
        return json_response(self.world.message_payload(msg))

    async def delete_message(self, request: web.Request) -> web.Response:
        """DELETE a message (another's needs MANAGE_MESSAGES)."""
        msg = self.world.message(int(request.match_info["ch"]), int(request.match_info["msg"]))
        self._chan(request, 0 if msg.author_id == self.world.bot.id else perms.MANAGE_MESSAGES)
        await self.m.delete(msg)
        self._on_change()
        return no_content()

    async def _new_thread(self, parent: Channel, body: Json, kind: int, thread_id: int) -> Channel:
        errs = FormErrors()
        errs.length(("name",), body.get("name"), 1, 100)
        duration = body.get("auto_archive_duration", 10080)
        if duration not in _ARCHIVE_DURATIONS:
            errs.add(
                ("auto_archive_duration",),
                "BASE_TYPE_CHOICES",
                f"Value must be one of {_ARCHIVE_DURATIONS}.",
            )
        errs.raise_if_any()
        if parent.is_thread or parent.guild_id is None:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        now = self.world.clock()
        thread = Channel(
            thread_id,
            kind,
            str(body["name"]),
            parent.guild_id,
            parent_id=parent.id,
            owner_id=self.world.bot.id,
            auto_archive_duration=duration,
            invitable=bool(body.get("invitable", True)),
            created_at=now,
        )
        thread.members[self.world.bot.id] = now
        self.world.channels[thread.id] = thread
        payload = {
            **thread.payload(),
            "newly_created": True,
            "member": thread.thread_member(self.world.bot.id),
        }
        await self.m.gateway.dispatch("THREAD_CREATE", payload, intent=GUILDS)
        self._on_change()
        return thread

    async def thread_from_message(self, request: web.Request) -> web.Response:
        """POST /channels/{id}/messages/{mid}/threads: a public thread on a message."""
        parent = self._chan(request, perms.CREATE_PUBLIC_THREADS | perms.READ_MESSAGE_HISTORY)
        msg = self.world.message(parent.id, int(request.match_info["msg"]))
        if msg.thread_id is not None:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        thread = await self._new_thread(parent, await request.json(), PUBLIC_THREAD, msg.id)
        msg.thread_id = thread.id
        return json_response(thread.payload(), 201)

    async def thread_standalone(self, request: web.Request) -> web.Response:
        """POST /channels/{id}/threads: a thread without a starter message."""
        parent = self._chan(request)
        body = await request.json()
        kind = int(body.get("type") or PRIVATE_THREAD)
        if kind not in THREAD_TYPES:
            raise ApiError(400, 50035, "Invalid Form Body")
        private = kind == PRIVATE_THREAD
        self._chan(
            request, perms.CREATE_PRIVATE_THREADS if private else perms.CREATE_PUBLIC_THREADS
        )
        thread = await self._new_thread(parent, body, kind, self.world.snowflake())
        return json_response(thread.payload(), 201)

    def _thread_user(self, request: web.Request) -> tuple[Channel, int]:
        chan = self._chan(request)
        if not chan.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        raw = request.match_info["user"]
        user_id = self.world.bot.id if raw == "@me" else self.world.user(int(raw)).id
        return chan, user_id

    async def _members_update(self, chan: Channel, added: int | None, removed: int | None) -> None:
        data: Json = {
            "id": str(chan.id),
            "guild_id": str(chan.guild_id),
            "member_count": len(chan.members),
        }
        if added is not None:
            member = {**chan.thread_member(added), "member": self.world.member_payload(added)}
            data["added_members"] = [member]
        if removed is not None:
            data["removed_member_ids"] = [str(removed)]
        await self.m.gateway.dispatch("THREAD_MEMBERS_UPDATE", data, intent=GUILD_MEMBERS_INTENT)
        self._on_change()

    async def join_thread(self, request: web.Request) -> web.Response:
        """PUT /channels/{id}/thread-members/{user|@me} (adding someone: as one who can send)."""
        chan, user_id = self._thread_user(request)
        if user_id != self.world.bot.id:
            self._chan(request, perms.SEND_MESSAGES_IN_THREADS)
        if user_id not in chan.members:
            chan.members[user_id] = self.world.clock()
            if user_id == self.world.bot.id:
                await self.m.gateway.dispatch(
                    "THREAD_MEMBER_UPDATE",
                    {**chan.thread_member(user_id), "guild_id": str(chan.guild_id)},
                )
            await self._members_update(chan, user_id, None)
        return no_content()

    async def leave_thread(self, request: web.Request) -> web.Response:
        """DELETE /channels/{id}/thread-members/{user|@me} (removing someone: MANAGE_THREADS)."""
        chan, user_id = self._thread_user(request)
        if user_id != self.world.bot.id:
            self._chan(request, perms.MANAGE_THREADS)
        if chan.members.pop(user_id, None) is not None:
            await self._members_update(chan, None, user_id)
        return no_content()

    async def thread_members(self, request: web.Request) -> web.Response:
        """GET /channels/{id}/thread-members."""
        chan = self._chan(request)
        return json_response([chan.thread_member(u) for u in chan.members])

    async def typing(self, request: web.Request) -> web.Response:
        """POST /channels/{id}/typing (shown to nobody; accepted like Discord)."""
        self._chan(request)
        return no_content()

    async def open_dm(self, request: web.Request) -> web.Response:
        """POST /users/@me/channels: open (or return) a DM channel with a user."""
        body = await request.json()
        user = self.world.user(int(body.get("recipient_id", 0)))
        chan = self.world.dm_channel(user.id)
        return json_response(chan.payload(self.world.users))

    async def guild(self, request: web.Request) -> web.Response:
        """GET /guilds/{id}."""
        self._check_guild(request)
        return json_response(self.world.guild_payload())

    async def guild_channels(self, request: web.Request) -> web.Response:
        """GET /guilds/{id}/channels."""
        self._check_guild(request)
        chans = [c for c in self.world.channels.values() if c.guild_id and not c.is_thread]
        return json_response([c.payload() for c in chans])

    async def member(self, request: web.Request) -> web.Response:
        """GET /guilds/{id}/members/{user}."""
        self._check_guild(request)
        user = self.world.user(int(request.match_info["user"]))
        if user.id not in self.world.guild.members:
            raise not_found(10007, "Member")
        return json_response(self.world.member_payload(user.id))

    async def active_threads(self, request: web.Request) -> web.Response:
        """GET /guilds/{id}/threads/active."""
        self._check_guild(request)
        threads = [c for c in self.world.channels.values() if c.is_thread and not c.archived]
        members = [
            t.thread_member(self.world.bot.id) for t in threads if self.world.bot.id in t.members
        ]
        return json_response({"threads": [t.payload() for t in threads], "members": members})

    # roles and overwrites -----------------------------------------------------------------

    async def put_overwrite(self, request: web.Request) -> web.Response:
        """PUT /channels/{id}/permissions/{target}: set a role's or a member's overwrite."""
        chan = self._chan(request, perms.MANAGE_ROLES)
        if chan.is_thread or chan.guild_id is None:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        body = await request.json()
        errs = FormErrors()
        if body.get("type") not in (perms.ROLE, perms.MEMBER):
            errs.add(("type",), "BASE_TYPE_CHOICES", "Value must be one of {0, 1}.")
        errs.raise_if_any()
        target = int(request.match_info["target"])
        allow, deny = int(body.get("allow") or 0), int(body.get("deny") or 0)
        await self.keeper.set_overwrite(chan, target, int(body["type"]), allow, deny)
        return no_content()

    async def delete_overwrite(self, request: web.Request) -> web.Response:
        """DELETE /channels/{id}/permissions/{target}."""
        chan = self._chan(request, perms.MANAGE_ROLES)
        target = int(request.match_info["target"])
        await self.keeper.set_overwrite(chan, target, None, 0, 0)
        return no_content()

    async def roles(self, request: web.Request) -> web.Response:
        """GET /guilds/{id}/roles."""
        self._check_guild(request)
        return json_response(self.world.roles_payload())

    async def create_role(self, request: web.Request) -> web.Response:
        """POST /guilds/{id}/roles (MANAGE_ROLES; only permissions the bot has itself)."""
        self._check_guild(request)
        mine = self.world.permissions(self.world.bot.id)
        need(mine, perms.MANAGE_ROLES)
        body = await request.json() if request.body_exists else {}
        errs = FormErrors()
        errs.length(("name",), body.get("name", "new role"), 1, 100)
        errs.raise_if_any()
        bits = int(body.get("permissions") or 0)
        need(mine, bits)
        role = await self.keeper.add_role(str(body.get("name", "new role")), bits)
        role.mentionable = bool(body.get("mentionable", False))
        return json_response(role.payload())

    def _member_role(self, request: web.Request) -> tuple[int, perms.Role]:
        self._check_guild(request)
        need(self.world.permissions(self.world.bot.id), perms.MANAGE_ROLES)
        user = self.world.user(int(request.match_info["user"]))
        if user.id not in self.world.guild.members:
            raise not_found(10007, "Member")
        role = self.world.role(int(request.match_info["role"]))
        if role.managed or role.id == self.world.guild.id:
            raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")
        if role.position >= self.world.top_position(self.world.bot.id):
            raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")  # above the bot
        return user.id, role

    async def give_role(self, request: web.Request) -> web.Response:
        """PUT /guilds/{id}/members/{user}/roles/{role} (MANAGE_ROLES, a role below the bot's)."""
        user_id, role = self._member_role(request)
        await self.keeper.set_member_role(user_id, role.id, True)
        return no_content()

    async def take_role(self, request: web.Request) -> web.Response:
        """DELETE /guilds/{id}/members/{user}/roles/{role}."""
        user_id, role = self._member_role(request)
        await self.keeper.set_member_role(user_id, role.id, False)
        return no_content()

    def _check_guild(self, request: web.Request) -> None:
        if int(request.match_info["g"]) != self.world.guild.id:
            raise ApiError(404, 10004, "Unknown Guild")

    async def attachment(self, request: web.Request) -> web.Response:
        """GET an uploaded file's bytes (the emulator's CDN)."""
        stored = self.world.files.get(int(request.match_info["file"]))
        if stored is None:
            raise web.HTTPNotFound
        return web.Response(body=stored.data, headers={"Content-Type": stored.content_type})
