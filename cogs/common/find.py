"""Which game a command means: the `game` option, else the game of the thread it is typed in."""

from typing import Any

import discord
from discord import app_commands

from cogs.common.errors import reply
from cogs.common.i18n import lang_for, t
from cogs.common.runtime import remember
from engine import games
from engine.sessions import Status


async def find_game(interaction: discord.Interaction[Any], game: int | None) -> int | None:
    """Return the game id meant, or tell the user how to name one and return None."""
    if game is not None:
        return game
    rt = remember(interaction)
    found = await rt.sessions.game_in_thread(interaction.channel_id or 0)
    if found is None:
        await reply(interaction, t(lang_for(interaction), "error.which_game"))
    return found


async def game_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[int]]:
    """Suggest the user's lobbies and active games in this server, newest first."""
    rt = remember(interaction)
    listed = await rt.sessions.list_games(interaction.guild_id, (Status.LOBBY, Status.ACTIVE))
    mine = [g for g in listed if any(s.user_id == interaction.user.id for s in g.seats)]
    out = []
    for info in reversed(mine):
        label = f"#{info.game_id} {games.title(info.game)} ({info.status.value})"
        if current.strip("#") in str(info.game_id) or current.lower() in label.lower():
            out.append(app_commands.Choice(name=label, value=info.game_id))
    return out[:25]
