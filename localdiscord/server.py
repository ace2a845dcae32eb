"""The emulator: an aiohttp server on 127.0.0.1 and the actions scripted users take.

`Emulator` is asyncio-native and runs on one event loop; `localdiscord.local.LocalDiscord`
wraps it in a background thread with a blocking API for tests and the terminal table.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aiohttp import web

from localdiscord import persist, slash
from localdiscord.channels import ChannelRoutes
from localdiscord.gateway import GUILDS, Gateway
from localdiscord.interactions import AUTOCOMPLETE, COMMAND, COMPONENT, MODAL_SUBMIT, Desk
from localdiscord.messages import Messenger, walk_components
from localdiscord.model import DM, Channel, Clock, Json, Message, User
from localdiscord.perms import Role
from localdiscord.ratelimit import GlobalLimit, RouteLimits
from localdiscord.record import Sink
from localdiscord.rest import CoreRoutes, make_middleware
from localdiscord.roles import Roles
from localdiscord.slash import NoSuchControlError, UsageError
from localdiscord.world import World

_SELECTS = (3, 5, 6, 7, 8)
GUILD_MEMBERS = 1 << 1


class Emulator:
    """The local Discord: server, world state, and user actions."""

    def __init__(
        self,
        *,
        clock: Clock = time.time,
        ack_timeout: float = 3.0,
        token_ttl: float = 15 * 60.0,
        guild_name: str = "Local Table",
        world_file: Path | None = None,
    ) -> None:
        self.world = World(clock, guild_name)
        self.world_file = world_file  # where the world is kept between runs (the local table)
        self.loaded = False
        self.load_problem = ""  # why a saved world was set aside, if it was
        if world_file is not None:
            try:
                self.loaded = persist.load(self.world, world_file)
            except persist.WorldFileError as exc:
                self.world = World(clock, guild_name)
                self.load_problem = str(exc)
        self._dirty = False
        self.gateway = Gateway(self.world, self._notify)
        self.messenger = Messenger(self.world, self.gateway)
        self.roles = Roles(self.world, self.gateway)
        self.desk = Desk(self.messenger, ack_timeout, token_ttl)
        self.reaction_time = 0.2  # seconds between a message changing and a click on it
        self.rate_limit = GlobalLimit()
        self.route_limits = RouteLimits()  # per-route buckets (ratelimit.DEFAULT_LIMITS)
        self.sinks: list[Sink] = []  # each gets every REST exchange (conformance.Exchange)
        self._runner: web.AppRunner | None = None
        self._changed: asyncio.Event | None = None
        self._archive_task: asyncio.Task[None] | None = None

    # lifecycle --------------------------------------------------------------------------------

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> str:
        """Start serving on a free loopback port; return the base URL."""
        self._changed = asyncio.Event()
        middleware = make_middleware(self.world, self.rate_limit, self.route_limits, self.sinks)
        app = web.Application(middlewares=[middleware], client_max_size=64 << 20)
        CoreRoutes(self.world, self.desk, self._notify).register(app)
        ChannelRoutes(self.messenger, self._notify).register(app)
        app.router.add_get("/gateway/", self.gateway.handle)
        app.router.add_get("/gateway", self.gateway.handle)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        bound = int(self._runner.addresses[0][1])
        self.world.base_url = f"http://{host}:{bound}"
        self._archive_task = asyncio.create_task(self._archiver())
        return self.world.base_url

    def save_world(self) -> None:
        """Write the world to its file now (if it has one)."""
        if self.world_file is not None:
            self._dirty = False
            persist.save(self.world, self.world_file)

    async def archive_idle_threads(self) -> list[Channel]:
        """Archive threads idle for their auto_archive_duration (by the clock); return them."""
        now = self.world.clock()
        archived = []
        for chan in list(self.world.channels.values()):
            idle = now - max(chan.active_at, chan.created_at)
            if chan.is_thread and not chan.archived and idle >= chan.auto_archive_duration * 60:
                chan.archived = True
                archived.append(chan)
                await self.gateway.dispatch("THREAD_UPDATE", chan.payload(), intent=GUILDS)
        if archived:
            self._notify()
        return archived

    async def _archiver(self) -> None:
        while True:
            for _ in range(4):  # the world is saved within 0.25 s of a change
                await asyncio.sleep(0.25)
                if self._dirty:
                    self.save_world()
            await self.archive_idle_threads()

    async def stop(self) -> None:
        """Close every gateway socket and stop the server."""
        if self._archive_task is not None:
            self._archive_task.cancel()
        await self.gateway.disconnect_all()
        if self._runner is not None:
            await self._runner.cleanup()
        self.save_world()

    def _notify(self) -> None:
        self._dirty = self.world_file is not None
        if self._changed is not None:
            self._changed.set()

    async def wait_until(self, predicate: Callable[[], Any], limit: float) -> Any:
        """Wait until `predicate()` is truthy (re-checked on every change); return its value."""
        if self._changed is None:
            raise RuntimeError("start() the emulator first")
        loop = asyncio.get_running_loop()
        end = loop.time() + limit
        while not (result := predicate()):
            left = end - loop.time()
            if left <= 0:
                raise TimeoutError(f"timed out after {limit} s")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(left, 0.25))
        return result

    # world setup ------------------------------------------------------------------------------

    async def add_user(self, name: str, locale: str = "en-US") -> User:
        """Create a guild member (GUILD_MEMBER_ADD goes to bots with the members intent)."""
        user = self.world.add_user(name, locale=locale)
        self.world.join_guild(user)
        data = {**self.world.member_payload(user.id), "guild_id": str(self.world.guild.id)}
        await self.gateway.dispatch("GUILD_MEMBER_ADD", data, intent=GUILD_MEMBERS)
        return user

    async def add_channel(self, name: str, guild_id: int | None = None) -> Channel:
        """Create a guild text channel (CHANNEL_CREATE tells a connected bot)."""
        chan = self.world.add_text_channel(name, guild_id)
        await self.gateway.dispatch("CHANNEL_CREATE", chan.payload(), intent=GUILDS)
        return chan

    async def add_guild(self, name: str, shard: int | None = None, count: int = 1) -> int:
        """Create another guild (in `shard` of `count`); GUILD_CREATE tells its shard's bot."""
        guild_id = self.world.add_guild(name, shard, count)
        payload = self.world.guild_payload(guild_id)
        await self.gateway.dispatch("GUILD_CREATE", payload, intent=GUILDS)
        return guild_id

    async def add_role(
        self,
        name: str,
        permissions: int = 0,
        members: tuple[User, ...] = (),
        role_id: int | None = None,
    ) -> Role:
        """Create a guild role (below the bot's) and give it to `members`; return it."""
        role = await self.roles.add_role(name, permissions, role_id)
        for user in members:
            await self.roles.set_member_role(user.id, role.id, True)
        self._notify()
        return role

    async def give_role(self, user: User, role_id: int, present: bool = True) -> None:
        """Give (or take away) a role."""
        self.world.role(role_id)
        await self.roles.set_member_role(user.id, role_id, present)
        self._notify()

    async def set_overwrite(
        self, channel_id: int, target: int, *, allow: int = 0, deny: int = 0, member: bool = False
    ) -> None:
        """Set a channel's overwrite for a role (or, with `member`, a user).

        E.g. `set_overwrite(chan, world.bot_role_id, deny=perms.ATTACH_FILES)`.
        """
        chan = self.world.channel(channel_id)
        await self.roles.set_overwrite(chan, target, int(member), allow, deny)
        self._notify()

    def _check_sees(self, user: User, channel_id: int) -> Channel:
        chan = self.world.channel(channel_id)
        if not self.world.can_see_channel(user.id, chan):
            raise UsageError(f"{user.name} cannot see #{chan.name}.")
        return chan

    # actions ----------------------------------------------------------------------------------

    async def slash(self, user: User, channel_id: int, path: str, options: dict[str, Any]) -> Any:
        """Run a slash command as `user` in a channel; return the interaction."""
        in_dm = self._check_sees(user, channel_id).type == DM
        data = slash.build_command_data(self.world, path, options, None, in_dm, user.id)
        return await self.desk.start(COMMAND, user.id, channel_id, data)

    async def autocomplete(
        self, user: User, channel_id: int, path: str, options: dict[str, Any], focused: str
    ) -> Any:
        """Send an autocomplete interaction for the `focused` option; return the interaction."""
        in_dm = self._check_sees(user, channel_id).type == DM
        _, _, defs = slash.resolve_path(self.world, path, in_dm, user.id)
        if not any(o["name"] == focused and o.get("autocomplete") for o in defs):
            raise UsageError(f"The option {focused!r} has no autocomplete.")
        data = slash.build_command_data(self.world, path, options, focused, in_dm, user.id)
        return await self.desk.start(AUTOCOMPLETE, user.id, channel_id, data)

    def find_component(self, msg: Message, target: str, kinds: tuple[int, ...]) -> Json:
        """Find a button or select on a message by custom_id, label or placeholder."""
        comps = [c for c in walk_components(msg.components) if c.get("type") in kinds]
        for comp in comps:
            if comp.get("custom_id") == target:
                return comp
        for comp in comps:
            names = (comp.get("label"), comp.get("placeholder"))
            if any(n and str(n).lower() == target.lower() for n in names):
                return comp
        raise NoSuchControlError(f"No component {target!r} on that message.")

    async def _visible_message(self, user: User, message_id: int) -> Message:
        msg = self.world.messages.get(message_id)
        if msg is None or not msg.visible(user.id):
            raise UsageError("That message is gone or not visible to you.")
        self._check_sees(user, msg.channel_id)
        # A person needs a moment to read before clicking; the bot registers a message's
        # view only after its send returns, so an instant click could race it.
        age = time.monotonic() - msg.changed_at
        if age < self.reaction_time:
            await asyncio.sleep(self.reaction_time - age)
        return msg

    async def click(self, user: User, message_id: int, target: str) -> Any:
        """Click a button (by custom_id or label) on a message; return the interaction."""
        msg = await self._visible_message(user, message_id)
        comp = self.find_component(msg, target, (2,))
        if comp.get("disabled"):
            raise UsageError(f"The button {comp.get('label') or target!r} is disabled.")
        if comp.get("style") in (5, 6):
            raise UsageError("That is a link button; it opens a page, not an interaction.")
        data = {"custom_id": comp["custom_id"], "component_type": 2}
        return await self.desk.start(COMPONENT, user.id, msg.channel_id, data, msg.id)

    async def select(self, user: User, message_id: int, target: str, values: list[str]) -> Any:
        """Pick options (by value or label) in a select menu; return the interaction."""
        msg = await self._visible_message(user, message_id)
        comp = self.find_component(msg, target, _SELECTS)
        if comp.get("disabled"):
            raise UsageError("That menu is disabled.")
        chosen, resolved = self._select_values(comp, values)
        low, high = comp.get("min_values", 1), comp.get("max_values", 1)
        if not low <= len(chosen) <= high:
            raise UsageError(f"Pick between {low} and {high} option(s).")
        data: Json = {"custom_id": comp["custom_id"], "component_type": comp["type"]}
        data["values"] = chosen
        if resolved:
            data["resolved"] = resolved
        return await self.desk.start(COMPONENT, user.id, msg.channel_id, data, msg.id)

    def _select_values(self, comp: Json, values: list[str]) -> tuple[list[Any], Json]:
        """Map typed values to option values (string menus) or ids plus `resolved` data."""
        if comp["type"] == 3:
            by_key = {}
            for opt in comp.get("options") or []:
                by_key[str(opt["value"])] = opt["value"]
                by_key.setdefault(str(opt["label"]).lower(), opt["value"])
            try:
                # A value as sent, else a label typed in any case ("0B" is a value, not "0b").
                return [by_key[v] if v in by_key else by_key[v.lower()] for v in values], {}
            except KeyError as exc:
                raise UsageError(f"No option {exc.args[0]!r} in that menu.") from None
        resolver = slash.Resolver(self.world)
        opt = {"name": comp.get("placeholder") or "menu", "type": 6}
        kinds = {5: resolver.user, 6: resolver.role, 7: resolver.user, 8: resolver.channel}
        convert = kinds.get(comp["type"], resolver.user)
        ids = [convert(opt, v) for v in values]
        return ids, dict(resolver.resolved)

    async def submit(self, user: User, opened_by: Any, values: dict[str, str]) -> Any:
        """Fill and submit the modal an interaction opened; return the new interaction."""
        modal = opened_by.modal
        if modal is None or opened_by.user_id != user.id:
            raise UsageError("No modal is open for this user.")
        comps = [_submitted(c, values) for c in modal.get("components") or []]
        data = {"custom_id": modal["custom_id"], "components": comps}
        opened_by.modal = None
        source = opened_by.source_message_id
        ix = self.desk.new(MODAL_SUBMIT, user.id, opened_by.channel_id, data, source)
        ix.opener = opened_by
        return await self.desk.open(ix)

    async def say(self, user: User, channel_id: int, content: str) -> Message:
        """Post a plain chat message as a user."""
        self._check_sees(user, channel_id)
        msg = await self.messenger.create(channel_id, user.id, {"content": content}, [])
        self._notify()
        return msg

    # reading ----------------------------------------------------------------------------------

    def mark_read(self, user: User, channel_id: int, message_id: int) -> None:
        """Keep a user's read mark, saved with the world (no event, as Discord's read states)."""
        if self.world.mark_read(user.id, channel_id, message_id):
            self._dirty = self.world_file is not None

    def visible_messages(self, user: User, channel_id: int) -> list[Message]:
        """Return what `user` sees in a channel, oldest first (their ephemerals included)."""
        self._check_sees(user, channel_id)
        return [m for m in self.world.channel_messages(channel_id) if m.visible(user.id)]

    def threads(self, user: User, parent_id: int | None = None) -> list[Channel]:
        """Return the threads `user` can open (optionally under one parent channel)."""
        return [
            c
            for c in self.world.channels.values()
            if c.is_thread
            and (parent_id is None or c.parent_id == parent_id)
            and self.world.can_see_channel(user.id, c)
        ]


def _text_value(comp: Json, values: dict[str, str], label: str | None) -> Json:
    custom_id = comp["custom_id"]
    keys = [custom_id, label or "", comp.get("label") or ""]
    value = next((values[k] for k in keys if k and k in values), comp.get("value") or "")
    low, high = comp.get("min_length", 0), comp.get("max_length", 4000)
    if comp.get("required", True) and not value:
        raise UsageError(f"The field {label or comp.get('label') or custom_id!r} is required.")
    if value and not low <= len(value) <= high:
        raise UsageError(f"The field {custom_id!r} must be {low}-{high} characters long.")
    return {"type": 4, "custom_id": custom_id, "value": value}


def _submitted(comp: Json, values: dict[str, str], label: str | None = None) -> Json:
    if comp.get("type") == 1:
        return {"type": 1, "components": [_submitted(c, values) for c in comp["components"]]}
    if comp.get("type") == 18:
        inner = _submitted(comp["component"], values, comp.get("label"))
        return {"type": 18, "component": inner}
    if comp.get("type") == 4:
        return _text_value(comp, values, label)
    if comp.get("type") in _SELECTS:
        raw = values.get(comp["custom_id"]) or values.get(label or "") or ""
        return {
            "type": comp["type"],
            "custom_id": comp["custom_id"],
            "values": [v for v in str(raw).split(",") if v],
        }
    return {"type": comp.get("type"), "id": comp.get("id", 0)}
