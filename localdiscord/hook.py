"""The configuration hook that points discord.py at a Discord-compatible base URL.

This is the only place that knows how discord.py picks its endpoints: REST (and the
interaction webhooks, which reuse the same `Route`) goes through `discord.http.Route.BASE`,
and a non-sharded client connects straight to `DiscordWebSocket.DEFAULT_GATEWAY`.
"""

from __future__ import annotations

import discord.gateway
import discord.http
import yarl

API_VERSION = 10


def point_discord_py_at(base_url: str) -> None:
    """Send every REST call and the gateway connection of discord.py to `base_url`.

    Args:
        base_url: the emulator root, e.g. ``http://127.0.0.1:51234`` (no ``/api`` suffix).
    """
    root = yarl.URL(base_url.rstrip("/"))
    if root.scheme not in ("http", "https") or not root.host:
        msg = f"DISCORD_API_BASE must be an http(s) URL with a host, not {base_url!r}"
        raise ValueError(msg)
    discord.http.Route.BASE = f"{root}/api/v{API_VERSION}"
    ws_scheme = "wss" if root.scheme == "https" else "ws"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = root.with_scheme(ws_scheme).with_path(
        "/gateway/"
    )
