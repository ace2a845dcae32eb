"""`/move` (typed notation with autocomplete of the legal moves) and `/games mine`.

Buttons and menus on the board are the main way to play (cogs/common/acting.py); `/move`
is for players who know the notation. Both end in the same `act`: the session manager
checks version, seat and legality, and the board is posted by the poster.
"""

import logging
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs.common.acting import act, jump_url
from cogs.common.errors import reply
from cogs.common.find import find_game
from cogs.common.i18n import lang_for, t
from cogs.common.runtime import remember
from cogs.common.text import when
from engine import games
from engine.core.errors import GameError

log = logging.getLogger(__name__)


class PlayCog(commands.Cog):
    """`/move`."""

    def __init__(self, bot: commands.Bot) -> None:
        """Keep the bot (the runtime hangs on it)."""
        self.bot = bot

    @app_commands.command(name=_("move"), description=_("Play a move by its notation"))
    @app_commands.describe(move=_("The move; start typing to see the legal ones"))
    @app_commands.guild_only()  # typed in a game's thread
    async def move(self, interaction: discord.Interaction[Any], move: str) -> None:
        """Play a move by its notation, in the game of this thread."""
        game = await find_game(interaction, None)
        if game is None:
            return
        rt = remember(interaction)
        version = (await rt.sessions.current(game)).version
        await act(interaction, game, version, move, sure=False)

    @move.autocomplete("move")
    async def _moves(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        rt = remember(interaction)
        game = await rt.sessions.game_in_thread(interaction.channel_id or 0)
        if game is None:
            return []
        try:
            choices = await rt.sessions.choices(game)
        except GameError:
            return []
        if choices.turn.user_id != interaction.user.id:
            return []  # the deciding player's choices may show their hand
        words = current.lower().split()
        found = [c for c in choices.choices
                 if all(w in f"{c.notation} {c.label.lower()}" for w in words)]  # fmt: skip
        return [
            app_commands.Choice(name=f"{c.label} [{c.notation}]"[:100], value=c.notation[:100])
            for c in found[:25]
        ]


class GamesCog(commands.GroupCog, group_name=_("games"), group_description=_("Your games")):
    """The `/games` command group."""

    def __init__(self, bot: commands.Bot) -> None:
        """Keep the bot (the runtime hangs on it)."""
        self.bot = bot

    @app_commands.command(name=_("mine"), description=_("Games waiting for your move"))
    async def mine(self, interaction: discord.Interaction[Any]) -> None:
        """List the games waiting for your move, longest-waiting first, with links."""
        rt, lang = remember(interaction), lang_for(interaction)
        waiting = await rt.sessions.waiting_on(interaction.user.id, interaction.guild_id)
        if not waiting:
            await reply(interaction, t(lang, "games.none"))
            return
        lines = [t(lang, "games.title", count=len(waiting))]
        for w in waiting[:20]:
            url = jump_url(w.guild_id, w.thread_id or w.channel_id, None)
            deadline = t(lang, "post.deadline", when=when(w.deadline)) if w.deadline else ""
            lines.append(
                f"\N{BULLET} {games.title(w.game)} #{w.game_id}: {url} {deadline}".rstrip()
            )
        await reply(interaction, "\n".join(lines))


async def setup(bot: commands.Bot) -> None:
    """Load the cogs."""
    await bot.add_cog(PlayCog(bot))
    await bot.add_cog(GamesCog(bot))
