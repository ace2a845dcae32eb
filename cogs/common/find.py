"""Which game a command means: the `game` option, else the game of the thread it is typed in."""

import contextlib
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from cogs.common.errors import reply
from cogs.common.i18n import lang_for, t
from cogs.common.runtime import in_game, remember
from cogs.common.story import title
from engine.core.errors import GameError
from engine.sessions import Status

# The `game` option of every command that acts on one game (`@app_commands.describe(game=...)`).
GAME_OPTION = _("The game's number (default: the game of this thread)")


async def find_game(
    interaction: discord.Interaction[Any], game: int | None, which: str = "error.which_game"
) -> int | None:
    """Return the game id meant, or tell the user how to name one and return None.

    From here on the interaction speaks the game's language (`in_game`). `/move`, which has
    no `game` option, says to type it in the game's thread (`which`).
    """
    rt = remember(interaction)
    found = game
    if found is None:
        found = await rt.sessions.game_in_thread(interaction.channel_id or 0)
    if found is None:
        await reply(interaction, t(lang_for(interaction), which))
        return None
    with contextlib.suppress(GameError):  # no such game: the command's own call refuses it
        await in_game(interaction, found)
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
        lang = info.language  # the game's title and state read in its language everywhere
        state = t(lang, f"story.status_{info.status.value}")
        label = f"{title(info.game, info.game_id, lang)} ({state})"
        if current.strip("#") in str(info.game_id) or current.lower() in label.lower():
            out.append(app_commands.Choice(name=label, value=info.game_id))
    return out[:25]
