"""Who may run organiser commands, and which league a command means."""

from __future__ import annotations

from typing import Any

import discord
from discord.app_commands import locale_str as _

from engine.core.errors import GameError
from engine.leagues.model import League, LeagueStatus
from engine.leagues.service import LeagueService
from engine.sessions import SessionManager

# The `league` option of every command that acts on one league (`app_commands.describe`).
LEAGUE_OPTION = _("The league (default: the server's only running league)")

LEAGUE_ROLE = "league_role"  # guild setting (SessionManager.set_guild_setting): a role id


async def find_league(
    leagues: LeagueService, interaction: discord.Interaction[Any], name: str | None
) -> League:
    """Return the league named (by id or name); without a name, the server's only live one."""
    found = await leagues.leagues(interaction.guild_id or 0)
    if not found:
        raise GameError("league.none")
    if name is None:
        live = [lg for lg in found if lg.status is not LeagueStatus.ENDED]
        if len(live) == 1:
            return live[0]
        raise GameError("league.which")
    match = [lg for lg in found if str(lg.id) == name or lg.name.lower() == name.lower()]
    if not match:
        raise GameError("league.unknown", name=name)
    return match[0]


async def check_organiser(
    bot: Any, sessions: SessionManager, interaction: discord.Interaction[Any]
) -> None:
    """Refuse unless the user has Manage Server, the league role or the bot's admin role."""
    if interaction.permissions.manage_guild:
        return
    settings = await sessions.guild_settings(interaction.guild_id or 0)
    roles = {getattr(r, "id", 0) for r in getattr(interaction.user, "roles", [])}
    runtime = getattr(bot, "runtime", None)
    allowed = {settings.get(LEAGUE_ROLE), getattr(runtime, "admin_role_id", None)}
    if any(role is not None and int(role) in roles for role in allowed):
        return
    raise GameError("league.not_admin")
