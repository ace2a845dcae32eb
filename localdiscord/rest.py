"""REST routes for login, the gateway URL, command sync, interaction callbacks and webhooks."""

from __future__ import annotations

import contextlib
import json
import logging
import math
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from localdiscord.commands import stored_command, validate_commands
from localdiscord.errors import (
    MISSING_ACCESS,
    UNKNOWN_APPLICATION_COMMAND,
    ApiError,
    FormErrors,
    not_found,
)
from localdiscord.interactions import Desk
from localdiscord.messages import PAYLOAD_KEY, read_body
from localdiscord.model import Json
from localdiscord.ratelimit import GlobalLimit, RouteLimits, template_of
from localdiscord.record import API_PREFIX, SINKS, Exchange, Sink
from localdiscord.world import World

log = logging.getLogger(__name__)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
_PUBLIC_PREFIXES = ("/api/v10/interactions/", "/api/v10/webhooks/", "/attachments/", "/gateway")


def json_response(data: Any, status: int = 200) -> web.Response:
    """Return JSON with exactly `Content-Type: application/json` (discord.py compares it)."""
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers={"Content-Type": "application/json"},
    )


def no_content() -> web.Response:
    """Return Discord's empty 204 answer."""
    return web.Response(status=204)


def _rate_limited(retry_after: float, scope: str, headers: dict[str, str]) -> web.Response:
    """Discord's 429: `Retry-After` in whole seconds, the exact wait in the body."""
    body = {
        "message": "You are being rate limited.",
        "retry_after": retry_after,
        "global": scope == "global",
        "code": 0,
    }
    response = json_response(body, 429)
    response.headers.update(headers)
    response.headers.update({
        "Retry-After": str(max(1, math.ceil(retry_after))), "X-RateLimit-Scope": scope,
        "Via": "1.1 google",
    })  # fmt: skip
    if scope == "global":
        response.headers["X-RateLimit-Global"] = "true"
    return response


async def _request_json(request: web.Request) -> Any:
    """Return the JSON a request carried (a multipart request's payload_json), or None."""
    if request.content_type.startswith("multipart/"):
        if PAYLOAD_KEY not in request:
            with contextlib.suppress(Exception):  # not read by the handler: read it now
                await read_body(request)
        return request.get(PAYLOAD_KEY)
    if not request.body_exists:
        return None
    try:
        raw = await request.read()
        return json.loads(raw) if raw else None
    except ValueError:
        return None


def _answer_json(response: web.StreamResponse) -> Any:
    body = getattr(response, "body", None)
    if not isinstance(body, bytes) or not body:
        return None
    if not response.headers.get("Content-Type", "").startswith("application/json"):
        return None
    return json.loads(body)


async def _record(request: web.Request, response: web.StreamResponse, sinks: list[Sink]) -> None:
    exchange = Exchange(
        request.method,
        request.path.removeprefix(API_PREFIX),
        dict(request.query),
        await _request_json(request),
        response.status,
        _answer_json(response),
        dict(response.headers),
    )
    for sink in (*sinks, *SINKS):
        sink(exchange)


def _bad_snowflakes(params: dict[str, str]) -> ApiError | None:
    """Discord's 400 / 50035 for a path id that is no 64-bit unsigned snowflake."""
    errs = FormErrors()
    for name, value in params.items():
        if name.endswith("_id") and not (value.isdigit() and int(value) < 1 << 64):
            errs.add((name,), "NUMBER_TYPE_COERCE", f'Value "{value[:50]}" is not snowflake.')
    try:
        errs.raise_if_any()
    except ApiError as exc:
        return exc
    return None


def make_middleware(
    world: World, limit: GlobalLimit, routes: RouteLimits, sinks: list[Sink] | None = None
) -> Any:
    """Build the middleware: bot token check, rate limits, Discord-shaped errors.

    Every exchange on the API routes is handed to `sinks` and to `conformance.SINKS`.
    """
    own_sinks = sinks if sinks is not None else []

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        edit = request.method == "PATCH" and request.path.startswith("/api/v10/webhooks/")
        if world.rest_down and (edit or not request.path.startswith(_PUBLIC_PREFIXES)):
            # An outage (the interaction routes stay up, but not a message's edit
            # through one: a board edited through the press fails as by channel);
            # never recorded, so never held to the spec: Discord's own 503 during an
            # outage is not a documented answer.
            return json_response({"message": "503: Service Unavailable", "code": 0}, 503)
        response = await _answer(request, handler)
        if request.path.startswith(API_PREFIX + "/") and (own_sinks or SINKS):
            await _record(request, response, own_sinks)
        return response

    async def _answer(request: web.Request, handler: Handler) -> web.StreamResponse:
        public = request.path.startswith(_PUBLIC_PREFIXES)
        if not request.path.startswith(API_PREFIX + "/"):
            return await _handle(request, handler)  # the gateway, the attachment CDN
        authorized = request.headers.get("Authorization") == f"Bot {world.token}"
        response: web.StreamResponse
        if not public and not authorized:
            response = json_response({"message": "401: Unauthorized", "code": 0}, 401)
        elif wait := (0.0 if public else limit.retry_after()):
            return _rate_limited(wait, "global", {})
        else:
            template, params = template_of(request.path.removeprefix(API_PREFIX))
            if bad := _bad_snowflakes(params):
                response = json_response(bad.body(), bad.status)
                response.headers.update(routes.headers(request.method, template, params))
                return response
            verdict = routes.check(request.method, template, params)
            if verdict.refused:
                return _rate_limited(verdict.retry_after, verdict.scope, verdict.headers)
            response = await _handle(request, handler)
            response.headers.update(verdict.headers)
            return response
        template, params = template_of(request.path.removeprefix(API_PREFIX))
        response.headers.update(routes.headers(request.method, template, params))
        return response

    async def _handle(request: web.Request, handler: Handler) -> web.StreamResponse:
        try:
            return await handler(request)
        except ApiError as exc:
            world.rejections.append((request.method, request.path, exc.status, exc.body()))
            return json_response(exc.body(), exc.status)
        except web.HTTPNotFound:
            log.warning("emulator: no route for %s %s", request.method, request.path)
            return json_response({"message": "404: Not Found", "code": 0}, 404)

    return middleware


class CoreRoutes:
    """Users, gateway discovery, application commands, interactions and webhooks."""

    def __init__(self, world: World, desk: Desk, on_change: Callable[[], None]) -> None:
        self.world = world
        self.desk = desk
        self._on_change = on_change

    def register(self, app: web.Application) -> None:
        """Add these routes to the app."""
        api = "/api/v10"
        cmds = api + "/applications/{app}{guild:(/guilds/[0-9]+)?}/commands"
        hook = api + "/webhooks/{app}/{token}"
        app.router.add_get(api + "/users/@me", self.me)
        app.router.add_get(api + "/users/{user}", self.get_user)
        app.router.add_get(api + "/gateway", self.gateway)
        app.router.add_get(api + "/gateway/bot", self.gateway)
        app.router.add_get(api + "/oauth2/applications/@me", self.application)
        app.router.add_get(api + "/applications/@me", self.application)
        app.router.add_get(cmds, self.get_commands)
        app.router.add_put(cmds, self.put_commands)
        app.router.add_post(cmds, self.post_command)
        app.router.add_get(cmds + "/{cmd}", self.get_command)
        app.router.add_delete(cmds + "/{cmd}", self.delete_command)
        app.router.add_post(api + "/interactions/{ix}/{token}/callback", self.callback)
        app.router.add_post(hook, self.followup)
        app.router.add_get(hook + "/messages/{msg}", self.get_hook_message)
        app.router.add_patch(hook + "/messages/{msg}", self.edit_hook_message)
        app.router.add_delete(hook + "/messages/{msg}", self.delete_hook_message)

    async def me(self, _: web.Request) -> web.Response:
        """GET /users/@me: the bot user (discord.py's login)."""
        bot = self.world.bot
        pii = {"verified": True, "mfa_enabled": False, "locale": bot.locale}
        return json_response({**bot.payload(), **pii})

    async def get_user(self, request: web.Request) -> web.Response:
        """GET /users/{id}."""
        return json_response(self.world.user(int(request.match_info["user"])).payload())

    async def gateway(self, _: web.Request) -> web.Response:
        """GET /gateway[/bot]: where to connect."""
        url = self.world.base_url.replace("http", "ws", 1) + "/gateway"
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        shards = self.world.recommended_shards  # configurable: tests of sharded bots
        return json_response({"url": url, "shards": shards, "session_start_limit": limit})

    async def application(self, _: web.Request) -> web.Response:
        """GET /oauth2/applications/@me: the application, owned by the guild owner."""
        bot = self.world.bot.payload()
        owner = self.world.user(self.world.guild.owner_id).payload()
        return json_response(
            {
                "id": bot["id"],
                "name": bot["username"],
                "icon": None,
                "description": "",
                "type": None,
                "rpc_origins": [],
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": owner,
                "summary": "",
                "verify_key": "0" * 64,
                "team": None,
                "flags": 0,
                "flags_new": "0",
                "redirect_uris": [],
                "interactions_endpoint_url": None,
                "role_connections_verification_url": None,
                "bot": bot,
                "approximate_guild_count": 1,
                "approximate_user_install_count": 0,
                "approximate_user_authorization_count": 0,
                "explicit_content_filter": 0,
                "eligible_oauth2_scopes": ["applications.commands", "bot"],
            }
        )

    def _scope(self, request: web.Request) -> tuple[int | None, list[Json]]:
        if int(request.match_info["app"]) != self.world.bot.id:
            raise ApiError(403, MISSING_ACCESS, "Missing Access")
        guild = request.match_info.get("guild") or ""
        if not guild:
            return None, self.world.global_commands
        guild_id = int(guild.rsplit("/", 1)[1])
        if not self.world.is_guild(guild_id):
            raise ApiError(403, MISSING_ACCESS, "Missing Access")
        return guild_id, self.world.guild_commands.setdefault(guild_id, [])

    def _store(self, guild_id: int | None, cmd: Json, old: list[Json]) -> Json:
        kind = cmd.get("type", 1)
        same = [c for c in old if c["name"] == cmd.get("name") and c["type"] == kind]
        cmd_id = int(same[0]["id"]) if same else self.world.snowflake()
        return stored_command(cmd, cmd_id=cmd_id, app_id=self.world.bot.id, guild_id=guild_id)

    async def get_commands(self, request: web.Request) -> web.Response:
        """GET the commands of a scope."""
        return json_response(self._scope(request)[1])

    async def put_commands(self, request: web.Request) -> web.Response:
        """PUT (bulk overwrite) the commands of a scope, after Discord's validation."""
        guild_id, old = self._scope(request)
        body = await request.json()
        validate_commands(body)
        new = [self._store(guild_id, cmd, old) for cmd in body]
        old[:] = new
        self._on_change()
        return json_response(new)

    async def post_command(self, request: web.Request) -> web.Response:
        """POST (upsert) one command."""
        guild_id, old = self._scope(request)
        body = await request.json()
        validate_commands([body])
        cmd = self._store(guild_id, body, old)
        old[:] = [c for c in old if c["id"] != cmd["id"]] + [cmd]
        self._on_change()
        return json_response(cmd, 201)

    def _find(self, request: web.Request) -> tuple[list[Json], Json]:
        _, cmds = self._scope(request)
        for cmd in cmds:
            if cmd["id"] == request.match_info["cmd"]:
                return cmds, cmd
        raise not_found(UNKNOWN_APPLICATION_COMMAND, "application command")

    async def get_command(self, request: web.Request) -> web.Response:
        """GET one command."""
        return json_response(self._find(request)[1])

    async def delete_command(self, request: web.Request) -> web.Response:
        """DELETE one command."""
        cmds, cmd = self._find(request)
        cmds.remove(cmd)
        return no_content()

    async def callback(self, request: web.Request) -> web.Response:
        """POST /interactions/{id}/{token}/callback: the initial response."""
        body, uploads = await read_body(request)
        ix_id, token = int(request.match_info["ix"]), request.match_info["token"]
        result = await self.desk.callback(ix_id, token, body, uploads)
        if request.query.get("with_response") in ("1", "true", "True"):
            return json_response(result)
        return no_content()

    async def followup(self, request: web.Request) -> web.Response:
        """POST /webhooks/{app}/{token}: a followup message."""
        ix = self.desk.by_webhook(int(request.match_info["app"]), request.match_info["token"])
        body, uploads = await read_body(request)
        msg = await self.desk.followup(ix, body, uploads)
        self._on_change()
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(self.world.message_payload(msg))
        return no_content()

    async def get_hook_message(self, request: web.Request) -> web.Response:
        """GET @original or a followup."""
        ix = self.desk.by_webhook(int(request.match_info["app"]), request.match_info["token"])
        msg = self.desk.webhook_message(ix, request.match_info["msg"])
        return json_response(self.world.message_payload(msg))

    async def edit_hook_message(self, request: web.Request) -> web.Response:
        """PATCH @original or a followup."""
        ix = self.desk.by_webhook(int(request.match_info["app"]), request.match_info["token"])
        msg = self.desk.webhook_message(ix, request.match_info["msg"])
        chan = self.world.channels.get(msg.channel_id)
        if not msg.ephemeral and chan is not None and chan.is_thread and chan.archived:
            raise ApiError(400, 50083, "Thread is archived")  # as a channel edit is refused
        body, uploads = await read_body(request)
        await self.desk.m.edit(msg, body, uploads)
        self._on_change()
        return json_response(self.world.message_payload(msg))

    async def delete_hook_message(self, request: web.Request) -> web.Response:
        """DELETE @original or a followup."""
        ix = self.desk.by_webhook(int(request.match_info["app"]), request.match_info["token"])
        msg = self.desk.webhook_message(ix, request.match_info["msg"])
        await self.desk.m.delete(msg)
        self._on_change()
        return no_content()
