"""A stand-in for bot.py (not on main yet) that runs the league extension against the emulator.

It builds what the league cog needs from the bot and nothing more: `bot.sessions` (the real
SessionManager over the real games), `bot.settings.database_path` and `tick_seconds`. Its
clock can be driven from outside: with DENARIUS_CLOCK_FILE set, "now" is the ISO time written
in that file (re-read on every call), which is how the e2e season moves through six weeks.
Like bot.py it fires the session timers on every tick (reminders, per-move timeouts).
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands, tasks

from engine.games import GAMES
from engine.sessions import SessionManager, Store
from localdiscord import point_discord_py_at

log = logging.getLogger("league_bot")


@dataclass(frozen=True, slots=True)
class Settings:
    """What the league extension reads from the bot."""

    database_path: Path
    tick_seconds: float


def file_clock(path: str | None) -> Any:
    """Return a clock reading an ISO time from `path` on every call (or the real clock)."""
    if not path:
        return lambda: datetime.now(UTC)
    file = Path(path)
    return lambda: datetime.fromisoformat(file.read_text().strip())


class LeagueBot(commands.Bot):
    """A bot with the session manager and the league extension."""

    def __init__(self, settings: Settings, sessions: SessionManager, guild: int) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.settings = settings
        self.sessions = sessions
        self.guild_id = guild
        self.timers = tasks.loop(seconds=settings.tick_seconds)(self._tick)

    async def setup_hook(self) -> None:
        await self.load_extension("cogs.league")
        guild = discord.Object(self.guild_id)
        self.tree.copy_global_to(guild=guild)
        await self.tree.sync(guild=guild)
        await self.sessions.resume()
        self.timers.start()

    async def _tick(self) -> None:
        try:
            await self.sessions.tick()
        except Exception:
            log.exception("timer tick failed")


async def run() -> None:
    env = os.environ
    settings = Settings(Path(env["DATABASE_PATH"]), float(env.get("TICK_SECONDS") or 1))
    settings.database_path.parent.mkdir(parents=True, exist_ok=True)
    async with await Store.open(settings.database_path) as store:
        sessions = SessionManager(store, GAMES, clock=file_clock(env.get("DENARIUS_CLOCK_FILE")))
        async with LeagueBot(settings, sessions, int(env["DEV_GUILD_ID"])) as bot:
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGTERM, signal.SIGINT):
                loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
            await bot.start(env["DISCORD_TOKEN"])


if __name__ == "__main__":
    logging.basicConfig(level="INFO", format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    point_discord_py_at(os.environ["DISCORD_API_BASE"])
    asyncio.run(run())
