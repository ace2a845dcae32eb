"""The gateway over WebSocket: HELLO, IDENTIFY, READY, GUILD_CREATE, heartbeats, RESUME.

Sharding (issue 19): IDENTIFY may carry `shard: [shard_id, num_shards]`; the session gets
the guilds of its shard (`(guild_id >> 22) % num_shards`) in READY and GUILD_CREATE, and
every guild event (interactions, messages, channels) goes only to the sessions of that
guild's shard; events of no guild (DMs) go to shard 0.

Frames are JSON; with ``compress=zlib-stream`` in the query (what discord.py asks for), each
connection gets one zlib compressor and every payload is flushed with Z_SYNC_FLUSH, so the
client sees the 0x0000FFFF suffix it waits for (developer docs, "Gateway", "Transport
compression"). Dispatches go to sessions whose intents ask for them; events are buffered per
session so a RESUME replays what the client missed.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import zlib
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from localdiscord.model import DM, Json
from localdiscord.world import World

log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, RESUME = 0, 1, 2, 3, 6
RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 7, 8, 9, 10, 11
HEARTBEAT_INTERVAL_MS = 41250
ACK_LATENCY_S = 0.08  # a heartbeat's round trip to Discord
GUILDS, GUILD_MESSAGES, DIRECT_MESSAGES, MESSAGE_CONTENT = 1 << 0, 1 << 9, 1 << 12, 1 << 15
_BUFFER = 1000
_GUILD_EVENTS = ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE")  # the guild's id is "id"


def shard_of(guild_id: int, count: int) -> int:
    """Return the shard of a guild: `(guild_id >> 22) % num_shards` (developer docs)."""
    return (guild_id >> 22) % count


def _shard(raw: Any) -> tuple[int, int] | None:
    """Read IDENTIFY's `shard` ([shard_id, num_shards]; absent: [0, 1]); None if invalid."""
    if raw is None:
        return (0, 1)
    if not isinstance(raw, list) or len(raw) != 2 or not all(isinstance(n, int) for n in raw):
        return None
    shard_id, count = raw
    return (shard_id, count) if count >= 1 and 0 <= shard_id < count else None


@dataclass
class Session:
    """One identified gateway session (it outlives its socket, for RESUME)."""

    id: str
    intents: int
    shard: tuple[int, int] = (0, 1)  # [shard_id, num_shards] from IDENTIFY
    seq: int = 0
    buffer: list[tuple[int, str]] = field(default_factory=list)
    socket: Connection | None = None


class Connection:
    """One WebSocket connection, optionally zlib-stream compressed."""

    def __init__(self, ws: web.WebSocketResponse, compress: bool) -> None:
        self.ws = ws
        self._zlib = zlib.compressobj() if compress else None

    async def send(self, text: str) -> None:
        """Send one gateway payload."""
        if self.ws.closed:
            return
        if self._zlib is None:
            await self.ws.send_str(text)
        else:
            data = self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
            await self.ws.send_bytes(data)


class Gateway:
    """The gateway endpoint and the dispatcher for every event the emulator emits."""

    def __init__(self, world: World, on_change: Callable[[], None]) -> None:
        self.world = world
        self.sessions: dict[str, Session] = {}
        self.identified = 0  # IDENTIFYs accepted so far; tests wait on it
        self.resumed = 0  # successful RESUMEs so far
        self.heartbeats = 0  # op 1 heartbeats received so far
        self.heartbeat_interval_ms = HEARTBEAT_INTERVAL_MS
        self.ack_latency = ACK_LATENCY_S
        self._tasks: set[asyncio.Task[None]] = set()
        self.sent: list[tuple[str, Json]] = []  # every dispatch (event, data), for shape tests
        self._on_change = on_change

    @property
    def connected(self) -> bool:
        """Whether a bot session is connected right now."""
        return any(s.socket is not None and not s.socket.ws.closed for s in self.sessions.values())

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """Serve one gateway connection until it closes."""
        ws = web.WebSocketResponse(heartbeat=None, max_msg_size=0)
        await ws.prepare(request)
        conn = Connection(ws, request.query.get("compress") == "zlib-stream")
        await self._send(
            conn, {"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}}
        )
        session: Session | None = None
        async for frame in ws:
            if frame.type != WSMsgType.TEXT:
                break
            session = await self._on_frame(conn, session, json.loads(frame.data))
        if session is not None and session.socket is conn:
            session.socket = None
        self._on_change()
        return ws

    async def _on_frame(
        self, conn: Connection, session: Session | None, msg: Json
    ) -> Session | None:
        op, data = msg.get("op"), msg.get("d")
        if op == HEARTBEAT:
            self.heartbeats += 1
            self._later(self._ack(conn))
        elif op == IDENTIFY:
            return await self._identify(conn, data or {})
        elif op == RESUME:
            return await self._resume(conn, data or {})
        elif op == REQUEST_MEMBERS and session is not None:
            await self._members_chunk(session, data or {})
        elif op not in (PRESENCE, 4):
            await conn.ws.close(code=4001, message=b"Unknown opcode")
        return session

    async def _identify(self, conn: Connection, data: Json) -> Session | None:
        if data.get("token") != self.world.token:
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return None
        shard = _shard(data.get("shard"))
        if shard is None:
            await conn.ws.close(code=4010, message=b"Invalid shard.")
            return None
        session = Session(
            secrets.token_hex(16), int(data.get("intents", 0)), shard=shard, socket=conn
        )
        self.sessions[session.id] = session
        guilds = [g for g in self.world.guild_ids if shard_of(g, shard[1]) == shard[0]]
        ready = {
            "v": 10,
            "user": {**self.world.bot.payload(), "verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "resume_gateway_url": self.world.base_url.replace("http", "ws", 1) + "/gateway/",
            "shard": list(shard),
            "application": {"id": str(self.world.bot.id), "flags": 0},
        }
        await self._dispatch_to(session, "READY", ready)
        for guild in guilds:
            await self._dispatch_to(session, "GUILD_CREATE", self.world.guild_payload(guild))
        self.identified += 1
        self._on_change()
        return session

    async def _resume(self, conn: Connection, data: Json) -> Session | None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self.world.token:
            await self._send(conn, {"op": INVALID_SESSION, "d": False})
            return None
        session.socket = conn
        since = int(data.get("seq") or 0)
        for seq, text in session.buffer:
            if seq > since:
                await conn.send(text)
        await self._dispatch_to(session, "RESUMED", {})
        self.resumed += 1
        self._on_change()
        return session

    async def _members_chunk(self, session: Session, data: Json) -> None:
        chunk = {
            "guild_id": str(data.get("guild_id") or self.world.guild.id),
            "members": [self.world.member_payload(u) for u in self.world.guild.members],
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if "nonce" in data:
            chunk["nonce"] = data["nonce"]
        await self._dispatch_to(session, "GUILD_MEMBERS_CHUNK", chunk)

    async def _send(self, conn: Connection, payload: Json) -> None:
        await conn.send(json.dumps(payload))

    async def _ack(self, conn: Connection) -> None:
        # Acknowledged after a network's round trip, as Discord's is. An ack sent at once can
        # beat discord.py's heartbeat thread to recording its send time: the bot then measures
        # the whole interval since the previous beat and logs "Can't keep up, ... 41.3s behind".
        await asyncio.sleep(self.ack_latency)
        if not conn.ws.closed:
            await self._send(conn, {"op": HEARTBEAT_ACK, "d": None})

    def _later(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _dispatch_to(self, session: Session, event: str, data: Any) -> None:
        session.seq += 1
        text = json.dumps({"op": DISPATCH, "t": event, "s": session.seq, "d": data})
        session.buffer = [*session.buffer[-_BUFFER:], (session.seq, text)]
        self.sent.append((event, data))
        if session.socket is not None:
            await session.socket.send(text)

    async def dispatch(self, event: str, data: Json, intent: int | None = GUILDS) -> None:
        """Send an event to every session of its guild's shard whose intents include `intent`.

        `intent` None: whatever the intents. An event of no guild goes to shard 0, as
        Discord sends DMs.
        """
        for session in self._of_shard(data, event):
            if intent is None or session.intents & intent:
                await self._dispatch_to(session, event, data)

    def _of_shard(self, data: Json, event: str = "") -> list[Session]:
        """The sessions that receive an event: those of the shard of its guild."""
        raw = data.get("id") if event in _GUILD_EVENTS else data.get("guild_id")
        guild = int(raw) if raw else None
        return [
            s for s in self.sessions.values()
            if (shard_of(guild, s.shard[1]) if guild is not None else 0) == s.shard[0]
        ]  # fmt: skip

    async def dispatch_message(self, event: str, payload: Json, channel_type: int) -> None:
        """Send MESSAGE_CREATE/UPDATE, honouring the message-content intent like Discord."""
        intent = DIRECT_MESSAGES if channel_type == DM else GUILD_MESSAGES
        bot_id = str(self.world.bot.id)
        mentioned = any(u["id"] == bot_id for u in payload.get("mentions", []))
        exempt = payload["author"]["id"] == bot_id or mentioned or channel_type == DM
        for session in self._of_shard(payload):
            if not session.intents & intent:
                continue
            data = payload
            if not exempt and not session.intents & MESSAGE_CONTENT:
                data = {**payload, "content": "", "embeds": [], "attachments": [], "components": []}
            await self._dispatch_to(session, event, data)

    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT to every live session (the client should RESUME)."""
        for session in self.sessions.values():
            if session.socket is not None:
                await self._send(session.socket, {"op": RECONNECT, "d": None})

    async def disconnect_all(self) -> None:
        """Close every live socket (the emulator is shutting down)."""
        for session in self.sessions.values():
            if session.socket is not None:
                await session.socket.ws.close(code=1001)
