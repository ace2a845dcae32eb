"""`/profile [user]`: a player's league ratings and figures in this server."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs.league.text import lang_of
from cogs.league.views import profile_embed
from engine.leagues.service import LeagueService


class ProfileCog(commands.Cog):
    """`/profile [user]`: a player's league ratings and figures in this server."""

    def __init__(self, leagues: LeagueService) -> None:
        """Keep the league service."""
        self.leagues = leagues

    @app_commands.command(
        name=_("profile"), description=_("Show a player's league rating and figures")
    )
    @app_commands.guild_only()  # ratings are per server
    async def profile(
        self, interaction: discord.Interaction[Any], user: discord.User | None = None
    ) -> None:
        """Show a player's league rating and figures."""
        who = user or interaction.user
        found = await self.leagues.profile(interaction.guild_id or 0, who.id)
        embed = profile_embed(who.display_name, found, lang_of(interaction.locale))
        await interaction.response.send_message(embed=embed, ephemeral=True)
