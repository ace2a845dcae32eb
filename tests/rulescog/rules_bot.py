"""A small test entry that loads the real `cogs.rules` extension into a discord.py bot.

The real bot.py is written elsewhere; this stands in for it in the e2e tests. It adds a
stand-in `bot.sessions` with only the calls the cog asks (which game a thread belongs to, the
server's language) and two test-only commands that set them: /testthread opens a thread bound
to a game, /testlang sets the server language. Run by BotHarness (env from the emulator).
"""

from __future__ import annotations

import logging
import os
import tomllib
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from localdiscord import point_discord_py_at


class StandInSessions:
    """What the cog reads of the session manager: games of threads and guild settings."""

    def __init__(self) -> None:
        self.thread_games: dict[int, str] = {}
        self.settings: dict[int, dict[str, str]] = {}

    async def game_in_thread(self, thread_id: int) -> int | None:
        return thread_id if thread_id in self.thread_games else None

    async def status(self, game_id: int) -> SimpleNamespace:
        return SimpleNamespace(game=self.thread_games[game_id])

    async def guild_settings(self, guild_id: int) -> dict[str, str]:
        return dict(self.settings.get(guild_id, {}))


SPANISH = {discord.Locale.spain_spanish, discord.Locale.latin_american_spanish}
CATALOG = Path(__file__).resolve().parents[2] / "data" / "i18n" / "rules.es.toml"


class RulesTranslator(app_commands.Translator):
    """Spanish command names and descriptions from rules.es.toml [commands] (as bot.py's)."""

    def __init__(self) -> None:
        self.table: dict[str, str] = tomllib.loads(CATALOG.read_text(encoding="utf-8"))["commands"]

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        return self.table.get(string.message) if locale in SPANISH else None


class RulesBot(commands.Bot):
    def __init__(self, guild_id: int) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.guild_id = guild_id
        self.sessions = StandInSessions()

    async def setup_hook(self) -> None:
        await self.tree.set_translator(RulesTranslator())
        await self.load_extension("cogs.rules")
        add_test_commands(self)
        guild = discord.Object(self.guild_id)
        self.tree.copy_global_to(guild=guild)
        synced = await self.tree.sync(guild=guild)
        print(f"SYNCED {sorted(c.name for c in synced)}", flush=True)  # noqa: T201


def add_test_commands(bot: RulesBot) -> None:
    @bot.tree.command(name="testthread", description="Test only: open a thread of a game")
    async def testthread(interaction: discord.Interaction[Any], game: str) -> None:
        await interaction.response.send_message(f"Game of {game}")
        message = await interaction.original_response()
        thread = await message.create_thread(name=f"{game}-game")
        bot.sessions.thread_games[thread.id] = game
        await thread.send(f"This thread plays {game}")

    @bot.tree.command(name="testlang", description="Test only: set the server language")
    async def testlang(interaction: discord.Interaction[Any], language: str) -> None:
        settings = bot.sessions.settings.setdefault(interaction.guild_id or 0, {})
        if language == "none":
            settings.pop("language", None)
        else:
            settings["language"] = language
        await interaction.response.send_message(f"language {language}", ephemeral=True)


def main() -> None:
    logging.basicConfig(level=logging.INFO)
    point_discord_py_at(os.environ["DISCORD_API_BASE"])
    bot = RulesBot(int(os.environ["DEV_GUILD_ID"]))
    bot.run(os.environ["DISCORD_TOKEN"], log_handler=None)


if __name__ == "__main__":
    main()
