"""`/league ...`: weekly community leagues (issue 8), and the loop that runs them.

The organiser commands are `/admin league ...` (cogs/admin.py), which use this cog's service.

Thin: every command resolves the league, calls `LeagueService` (engine/leagues) and replies;
refusals are raised as `GameError` keys and answered by the one handler (cogs/common/errors.py)
in the user's language. The weekly cycle runs in `runner.py`.
The extension needs from the bot only `bot.sessions` (the SessionManager) and
`bot.database`; the league store is a repository over that one database, and the clock is
the session manager's, so one injected clock drives games and leagues alike.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands, tasks

from cogs.common.deadline import PUBLIC
from cogs.common.errors import reply
from cogs.common.i18n import lang_for
from cogs.league import text
from cogs.league.access import LEAGUE_OPTION, check_organiser, find_league
from cogs.league.runner import LeagueRunner
from cogs.league.text import t
from cogs.league.views import history_text, schedule_text
from engine.db import Database
from engine.leagues.model import League
from engine.leagues.service import LeagueService
from engine.leagues.store import LeagueStore
from engine.sessions import SessionManager

log = logging.getLogger(__name__)

LOOP_SECONDS = 60.0


def _lang(interaction: discord.Interaction[Any]) -> str:
    return lang_for(interaction)


@app_commands.guild_only()  # a league belongs to a server (issue 18)
class LeagueCog(
    commands.GroupCog, group_name=_("league"), group_description=_("Weekly community leagues")
):
    """The `/league` command group and the league loop."""

    def __init__(self, bot: commands.Bot, leagues: LeagueService, sessions: SessionManager) -> None:
        """Keep the services; build the runner and its loop."""
        self.bot = bot
        self.leagues = leagues
        self.sessions = sessions
        runtime = getattr(bot, "runtime", None)
        poster = getattr(runtime, "poster", None)
        self.runner = LeagueRunner(bot, leagues, sessions, getattr(poster, "post", None))
        seconds = float(getattr(getattr(bot, "settings", None), "tick_seconds", LOOP_SECONDS))
        self.loop = tasks.loop(seconds=seconds)(self._tick)

    async def cog_load(self) -> None:
        """Start the league loop."""
        self.loop.start()

    async def cog_unload(self) -> None:
        """Stop the loop, wait for a pass in progress to end, and close the league store."""
        self.loop.cancel()
        task = self.loop.get_task()
        if task is not None and not task.done():
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self.leagues.store.close()

    async def _tick(self) -> None:
        try:
            await self.runner.run_once()
        except Exception:
            log.exception("league loop failed; it runs again at the next tick")

    async def find(self, interaction: discord.Interaction[Any], name: str | None) -> League:
        """Return the league a command names (or the server's only live one)."""
        self.runner.names[interaction.user.id] = interaction.user.display_name
        return await find_league(self.leagues, interaction, name)

    async def check_organiser(self, interaction: discord.Interaction[Any]) -> None:
        """Refuse unless the user may run leagues here (`/admin league ...`)."""
        await check_organiser(self.bot, self.sessions, interaction)

    async def league_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """Offer the server's leagues by name."""
        found = await self.leagues.leagues(interaction.guild_id or 0)
        return [
            app_commands.Choice(name=lg.name, value=str(lg.id))
            for lg in found
            if current.lower() in lg.name.lower()
        ][:25]

    # ---- player commands ---------------------------------------------------------------

    @app_commands.command(
        name=_("join"), description=_("Join a league; you are seated from the next week")
    )
    @app_commands.describe(league=LEAGUE_OPTION)
    @app_commands.autocomplete(league=league_autocomplete)
    async def join(self, interaction: discord.Interaction[Any], league: str | None = None) -> None:
        """Join a league; you are seated from the next week."""
        found = await self.find(interaction, league)
        await self.leagues.join(found.id, interaction.user.id)
        await reply(interaction, t(_lang(interaction), "joined", name=found.name))

    @app_commands.command(name=_("leave"), description=_("Leave a league"))
    @app_commands.describe(league=LEAGUE_OPTION)
    @app_commands.autocomplete(league=league_autocomplete)
    async def leave(self, interaction: discord.Interaction[Any], league: str | None = None) -> None:
        """Leave a league."""
        found = await self.find(interaction, league)
        await self.leagues.leave(found.id, interaction.user.id)
        await reply(interaction, t(_lang(interaction), "left", name=found.name))

    @app_commands.command(name=_("absent"), description=_("Declare that you are away for a week"))
    @app_commands.describe(week=_("A week of the season, by its number"), league=LEAGUE_OPTION)
    @app_commands.autocomplete(league=league_autocomplete)
    async def absent(
        self,
        interaction: discord.Interaction[Any],
        week: app_commands.Range[int, 1, 52],
        league: str | None = None,
    ) -> None:
        """Declare that you are away for a week."""
        found = await self.find(interaction, league)
        # An absence counts against the vacation allowance (engine/people, docs/people.md).
        people = getattr(self.bot, "people", None)
        if people is not None:
            await people.check_absence(interaction.guild_id, interaction.user.id)
        season, number = await self.leagues.absent(found.id, interaction.user.id, week)
        if people is not None:
            await people.charge_absence(
                interaction.guild_id, interaction.user.id, found.id, season, number
            )
        content = t(_lang(interaction), "absent", week=number, season=season, name=found.name)
        await reply(interaction, content)

    @app_commands.command(name=_("standings"), description=_("Show the standings"), extras=PUBLIC)
    @app_commands.describe(league=LEAGUE_OPTION, season=_("Which season (default: the latest)"))
    @app_commands.autocomplete(league=league_autocomplete)
    async def standings(
        self,
        interaction: discord.Interaction[Any],
        league: str | None = None,
        season: app_commands.Range[int, 1, 1000] | None = None,
    ) -> None:
        """Show the standings."""
        found = await self.find(interaction, league)
        table = await self.leagues.standings(found.id, season)
        await interaction.response.defer()
        lang = _lang(interaction)
        embed = text.standings_embed(found.name, table, lang)
        file = await text.standings_file(found.name, table, lang, self.runner.display_name)
        await interaction.followup.send(embed=embed, file=file)

    @app_commands.command(
        name=_("schedule"), description=_("Show the league's weeks and what comes next")
    )
    @app_commands.describe(league=LEAGUE_OPTION)
    @app_commands.autocomplete(league=league_autocomplete)
    async def schedule(
        self, interaction: discord.Interaction[Any], league: str | None = None
    ) -> None:
        """Show the league's weeks and what comes next."""
        found = await self.find(interaction, league)
        plan = await self.leagues.schedule(found.id)
        await reply(interaction, schedule_text(found, plan, _lang(interaction)))

    @app_commands.command(name=_("history"), description=_("Show every week's tables and results"))
    @app_commands.describe(league=LEAGUE_OPTION)
    @app_commands.autocomplete(league=league_autocomplete)
    async def history(
        self, interaction: discord.Interaction[Any], league: str | None = None
    ) -> None:
        """Show every week's tables and results."""
        found = await self.find(interaction, league)
        weeks = await self.leagues.history(found.id)
        await reply(interaction, history_text(found, weeks, _lang(interaction)))

    @app_commands.command(
        name=_("export"), description=_("Download the games and standings as CSV")
    )
    @app_commands.describe(league=LEAGUE_OPTION)
    @app_commands.autocomplete(league=league_autocomplete)
    async def export(
        self, interaction: discord.Interaction[Any], league: str | None = None
    ) -> None:
        """Download the games and standings as CSV."""
        found = await self.find(interaction, league)
        tables = await self.leagues.export_csv(found.id)
        files = [
            discord.File(io.BytesIO(body.encode("utf-8")), filename=name)
            for name, body in tables.items()
        ]
        await reply(interaction, t(_lang(interaction), "export", name=found.name), files=files)


async def setup(bot: commands.Bot) -> None:
    """Put the league store on the bot's one database and add the league cogs."""
    sessions: SessionManager = getattr(bot, "sessions")  # noqa: B009 - set by bot.py
    database: Database = getattr(bot, "database")  # noqa: B009 - opened by bot.py
    leagues = LeagueService(LeagueStore(database), sessions.clock)
    await bot.add_cog(LeagueCog(bot, leagues, sessions))
    # `/profile` is cogs/profile.py's (issue 16): it shows these league figures too.
