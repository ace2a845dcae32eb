"""A local, loopback-only emulator of the parts of Discord the bot uses (issue 4).

The real, unmodified discord.py client connects to it over HTTP and a zlib-stream WebSocket
gateway. `point_discord_py_at` is the one hook the bot calls (from `bot.py`, when the
`DISCORD_API_BASE` setting is present); tests and the local table drive scripted users through
`LocalDiscord`.
"""

from localdiscord.hook import point_discord_py_at

__all__ = ["point_discord_py_at"]
