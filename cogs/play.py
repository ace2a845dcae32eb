"""`/move` (typed notation with autocomplete of the legal moves) and `/games mine`.

Buttons and menus on the board are the main way to play (cogs/common/acting.py); `/move`
is for players who know the notation, or who type a move's label as its suggestions show it,
in the game's language (playtest item 62: the label is matched in engine/core/play.py). Both
end in the same `act`: the session manager checks version, seat and legality, and the board
is posted by the poster.
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
from cogs.common.story import title
from cogs.common.text import named_choices, when
from engine.core.errors import GameError
from engine.core.play import Typed

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
        game = await find_game(interaction, None, "story.which_game_move")
        if game is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)  # reading takes a while
        version, typed = await typed_move(interaction, game, move)
        await act(interaction, game, version, typed, sure=False)

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
        meta = await rt.poster.meta(game)  # a rival's die reads with its owner's name
        choices = named_choices(choices, meta.game, meta.names, meta.language)
        words = current.lower().split()
        found = [c for c in choices.choices
                 if all(w in f"{c.notation} {c.label.lower()}" for w in words)]  # fmt: skip
        return [
            app_commands.Choice(name=f"{c.label} [{c.notation}]"[:100], value=c.notation[:100])
            for c in found[:25]
        ]


async def typed_move(
    interaction: discord.Interaction[Any], game: int, text: str
) -> tuple[int, Typed]:
    """Return the game's version and the typed move with the labels its player was shown.

    The labels (a rival's die named as on the buttons) are the deciding player's only: to
    anyone else the move is refused as not their decision, and their choices stay unread.
    """
    rt = remember(interaction)
    try:
        choices = await rt.sessions.choices(game)
    except GameError:  # over, or not started: `act` says so
        return (await rt.sessions.current(game)).version, Typed(text)
    if choices.turn.user_id != interaction.user.id:
        return choices.version, Typed(text)
    meta = await rt.poster.meta(game)
    named = named_choices(choices, meta.game, meta.names, meta.language)
    return choices.version, Typed(text, tuple((c.index, c.label) for c in named.choices))


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
            named = t(lang, "story.mine", title=title(w.game, w.game_id, w.language), url=url)
            lines.append(f"\N{BULLET} {named} {deadline}".rstrip())
        await reply(interaction, "\n".join(lines))


async def setup(bot: commands.Bot) -> None:
    """Load the cogs."""
    await bot.add_cog(PlayCog(bot))
    await bot.add_cog(GamesCog(bot))
