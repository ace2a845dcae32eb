"""Interactions: INTERACTION_CREATE payloads, callbacks (types 4-9), the 3 s and 15 min rules.

An interaction must get its initial callback within 3 seconds, or the user sees "This
interaction failed" and the token is dead (callbacks answer 404 / 10062 Unknown
interaction). After an acknowledgement the token serves followups and edits of the original
response for 15 minutes (401 / 50027 after that). A deferred channel message (type 5) leaves a
"thinking" message that the first followup or an @original edit completes; its ephemerality is
fixed at defer time (developer docs, "Receiving and Responding").
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from typing import Any

from localdiscord import limits
from localdiscord.errors import (
    INTERACTION_ALREADY_ACKNOWLEDGED,
    INVALID_WEBHOOK_TOKEN,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    UNKNOWN_WEBHOOK,
    ApiError,
    FormErrors,
    not_found,
)
from localdiscord.messages import Messenger, Upload
from localdiscord.model import DM, EPHEMERAL, LOADING, Json, Message

COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE, CHOICES, MODAL = 4, 5, 6, 7, 8, 9
FAILED_TEXT = "This interaction failed"
_ALLOWED = {
    COMMAND: {MESSAGE, DEFERRED_MESSAGE, MODAL},
    COMPONENT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE, MODAL},
    AUTOCOMPLETE: {CHOICES},
    MODAL_SUBMIT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE},
}


@dataclass
class Interaction:
    """One interaction a user started, and everything the bot answered to it."""

    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    data: Json
    created_at: float
    source_message_id: int | None = None
    response_type: int | None = None
    acked_at: float | None = None
    failed: bool = False
    original_id: int | None = None
    modal: Json | None = None
    choices: list[Json] | None = None
    followup_ids: list[int] = field(default_factory=list)
    opener: Interaction | None = None  # for a modal submit: the interaction that opened it

    @property
    def acked(self) -> bool:
        """Whether the bot acknowledged this interaction in time."""
        return self.acked_at is not None


class Desk:
    """Creates interactions, serves their callbacks and webhooks, and enforces deadlines."""

    def __init__(self, messenger: Messenger, ack_timeout: float, token_ttl: float) -> None:
        self.m = messenger
        self.world = messenger.world
        self.ack_timeout = ack_timeout
        self.token_ttl = token_ttl
        self.by_id: dict[int, Interaction] = {}
        self.by_token: dict[str, Interaction] = {}

    # creation --------------------------------------------------------------------------------

    def payload(self, ix: Interaction) -> Json:
        """Return the INTERACTION_CREATE payload for an interaction."""
        world = self.world
        chan = world.channel(ix.channel_id)
        user = world.user(ix.user_id)
        out: Json = {
            "id": str(ix.id),
            "application_id": str(world.bot.id),
            "type": ix.type,
            "token": ix.token,
            "version": 1,
            "data": ix.data,
            "channel_id": str(chan.id),
            "channel": {
                **chan.payload(world.users),
                "permissions": str(world.permissions(user.id, chan)),
            },
            "locale": user.locale,
            "app_permissions": str(world.permissions(world.bot.id, chan)),
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(chan.guild_id or world.guild.id)},
            "context": 1 if chan.type == DM else 0,
            "attachment_size_limit": limits.FILE_LIMIT,
        }
        if chan.type == DM:
            out["user"] = user.payload()
            # a guild-installed app in its own DM: GUILD_INSTALL owner "0" (no guild)
            out["authorizing_integration_owners"] = {"0": "0"}
        else:
            guild_id = str(chan.guild_id or world.guild.id)  # the channel's guild (shards)
            out["guild_id"] = guild_id
            out["guild"] = {"id": guild_id, "locale": world.guild.locale, "features": []}
            out["guild_locale"] = world.guild.locale
            out["member"] = world.member_payload(user.id, chan=chan)
        if ix.source_message_id is not None:
            source = world.messages[ix.source_message_id]
            out["message"] = world.message_payload(source)
        return out

    async def start(
        self,
        kind: int,
        user_id: int,
        channel_id: int,
        data: Json,
        source_message_id: int | None = None,
    ) -> Interaction:
        """Create an interaction, dispatch INTERACTION_CREATE and arm the 3 s deadline."""
        return await self.open(self.new(kind, user_id, channel_id, data, source_message_id))

    def new(
        self,
        kind: int,
        user_id: int,
        channel_id: int,
        data: Json,
        source_message_id: int | None = None,
    ) -> Interaction:
        """Create an interaction without sending it yet."""
        return Interaction(
            self.world.snowflake(),
            "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48),
            kind,
            user_id,
            channel_id,
            data,
            self.world.clock(),
            source_message_id,
        )

    async def open(self, ix: Interaction) -> Interaction:
        """Dispatch INTERACTION_CREATE for a new interaction and arm its 3 s deadline."""
        self.by_id[ix.id] = ix
        self.by_token[ix.token] = ix
        await self.m.gateway.dispatch("INTERACTION_CREATE", self.payload(ix), intent=None)
        asyncio.get_running_loop().call_later(self.ack_timeout, self._deadline, ix)
        return ix

    def failures(self) -> list[Interaction]:
        """Return every interaction that failed (not acknowledged within the deadline)."""
        return [ix for ix in self.by_id.values() if ix.failed]

    def _deadline(self, ix: Interaction) -> None:
        if not ix.acked:
            ix.failed = True
            self.m.gateway._on_change()

    # callbacks -------------------------------------------------------------------------------

    def _live(self, interaction_id: int, token: str) -> Interaction:
        ix = self.by_id.get(interaction_id)
        if ix is None or ix.token != token:
            raise not_found(UNKNOWN_INTERACTION, "interaction")
        if ix.failed or self.world.clock() - ix.created_at > self.ack_timeout:
            ix.failed = ix.failed or not ix.acked
            raise not_found(UNKNOWN_INTERACTION, "interaction")
        if ix.acked:
            raise ApiError(
                400, INTERACTION_ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged."
            )
        return ix

    async def callback(
        self, interaction_id: int, token: str, body: Json, uploads: list[Upload]
    ) -> Json:
        """Apply an initial response; return the `InteractionCallback` payload."""
        ix = self._live(interaction_id, token)
        kind = body.get("type")
        data = body.get("data") or {}
        if kind not in _ALLOWED[ix.type]:
            errs = FormErrors()
            errs.add(
                ("type",),
                "INTERACTION_RESPONSE_TYPE_INVALID",
                f"Response type {kind} is not valid for interaction type {ix.type}",
            )
            errs.raise_if_any()
        message = await self._respond(ix, int(str(kind)), data, uploads)
        ix.response_type = int(str(kind))
        ix.acked_at = self.world.clock()
        self.m.gateway._on_change()
        return self._callback_payload(ix, message)

    async def _respond(
        self, ix: Interaction, kind: int, data: Json, uploads: list[Upload]
    ) -> Message | None:
        if kind in (MESSAGE, DEFERRED_MESSAGE):
            return await self._reply(ix, kind, data, uploads)
        if kind == UPDATE:
            source = self._source(ix)
            return await self.m.edit(source, data, uploads)
        if kind == CHOICES:
            limits.check_choices(data)
            ix.choices = list(data.get("choices") or [])
        elif kind == MODAL:
            limits.check_modal(data)
            ix.modal = data
        return None

    async def _reply(
        self, ix: Interaction, kind: int, data: Json, uploads: list[Upload]
    ) -> Message:
        ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
        if kind == DEFERRED_MESSAGE:
            data = {"content": "", "flags": data.get("flags", 0)}
        extra: Json = {"interaction_metadata": self._metadata(ix)}
        if kind == DEFERRED_MESSAGE:
            extra["flags"] = (EPHEMERAL if ephemeral else 0) | LOADING
        msg = await self._create_bot_message(ix, data, uploads, ephemeral, kind == MESSAGE, **extra)
        ix.original_id = msg.id
        return msg

    def _owner(self, ix: Interaction) -> str:
        """The GUILD_INSTALL owner of an interaction: its guild, or "0" in the bot's DM."""
        chan = self.world.channel(ix.channel_id)
        return "0" if chan.type == DM else str(chan.guild_id or self.world.guild.id)

    def _metadata(self, ix: Interaction) -> Json:
        """Return the message's `interaction_metadata` (nested for modal submits)."""
        meta: Json = {
            "id": str(ix.id),
            "type": ix.type,
            "user": self.world.user(ix.user_id).payload(),
            "authorizing_integration_owners": {"0": self._owner(ix)},
        }
        if ix.type == COMPONENT and ix.source_message_id is not None:
            meta["interacted_message_id"] = str(ix.source_message_id)
        if ix.type == MODAL_SUBMIT and ix.opener is not None:
            meta["triggering_interaction_metadata"] = self._metadata(ix.opener)
        return meta

    async def _create_bot_message(
        self,
        ix: Interaction,
        data: Json,
        uploads: list[Upload],
        ephemeral: bool,
        check: bool,
        **extra: Any,
    ) -> Message:
        return await self.m.create(
            ix.channel_id,
            self.world.bot.id,
            data,
            uploads,
            allow_empty=not check,
            visible_to=ix.user_id if ephemeral else None,
            webhook_id=self.world.bot.id,
            type=20 if ix.type == COMMAND else 0,
            **extra,
        )

    def _source(self, ix: Interaction) -> Message:
        if ix.source_message_id is None:
            errs = FormErrors()
            errs.add(
                ("type",),
                "INTERACTION_RESPONSE_TYPE_INVALID",
                "This interaction has no message to update",
            )
            errs.raise_if_any()
            raise AssertionError  # unreachable: raise_if_any raised
        return self.world.messages[ix.source_message_id]

    def _callback_payload(self, ix: Interaction, message: Message | None) -> Json:
        inner: Json = {"id": str(ix.id), "type": ix.type}
        out: Json = {"interaction": inner}
        if message is not None:
            inner["response_message_id"] = str(message.id)
            inner["response_message_loading"] = bool(message.flags & LOADING)
            inner["response_message_ephemeral"] = message.ephemeral
        # The resource is the message a reply (4) or an update (7) made; the others
        # (deferrals, choices, a modal) create none, and Discord's answer has no resource.
        if message is not None and ix.response_type in (MESSAGE, UPDATE):
            out["resource"] = {
                "type": ix.response_type,
                "message": self.world.message_payload(message),
            }
        return out

    # webhooks (followups, @original) ---------------------------------------------------------

    def by_webhook(self, app_id: int, token: str) -> Interaction:
        """Return the acknowledged, unexpired interaction behind a webhook token."""
        ix = self.by_token.get(token)
        if ix is None or app_id != self.world.bot.id or not ix.acked:
            raise not_found(UNKNOWN_WEBHOOK, "Webhook")
        if self.world.clock() - ix.created_at > self.token_ttl:
            raise ApiError(401, INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token")
        return ix

    def webhook_message(self, ix: Interaction, which: str) -> Message:
        """Return @original or a followup id of this interaction's messages."""
        if which == "@original":
            mid = ix.original_id
            if mid is None and ix.response_type in (DEFERRED_UPDATE, UPDATE):
                mid = ix.source_message_id
        else:
            mid = int(which)
            if mid not in ix.followup_ids and mid != ix.original_id:
                mid = None
        msg = self.world.messages.get(mid) if mid is not None else None
        if msg is None or msg.deleted:
            raise not_found(UNKNOWN_MESSAGE, "Message")
        return msg

    async def followup(self, ix: Interaction, body: Json, uploads: list[Upload]) -> Message:
        """Send a followup; the first one after a deferred reply completes the thinking message."""
        original = self.world.messages.get(ix.original_id) if ix.original_id else None
        if original is not None and original.flags & LOADING and not original.deleted:
            return await self.m.edit(original, body, uploads)
        ephemeral = bool(int(body.get("flags") or 0) & EPHEMERAL)
        msg = await self._create_bot_message(ix, body, uploads, ephemeral, True)
        ix.followup_ids.append(msg.id)
        return msg
