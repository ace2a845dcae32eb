"""`/profile [user]` and `/leaderboard game:` (issue 16, part B), loaded by cogs/around.py.

`/profile` shows a player's rating per game and player count, games played, wins, average
placement, favourite game and last ten games with links (engine/around), then their league
figures if they play in leagues (the leagues' own ratings, engine/leagues). `/leaderboard`
answers with an image (render/people/leaderboard.py, drawn off the event loop) and the same
table as text, which stands alone when the image cannot be drawn.
"""

import asyncio
import io
import logging
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs.around import name_of, played_line
from cogs.common.errors import reply
from cogs.common.i18n import lang_for, t
from cogs.common.runtime import remember
from cogs.league.views import profile_embed as league_embed
from engine import games
from engine.around.service import Around, Leaderboard, Profile
from engine.db import Database
from engine.games import GAMES
from engine.leagues.service import LeagueService
from engine.leagues.store import LeagueStore
from render.people.leaderboard import Row, leaderboard_png

log = logging.getLogger(__name__)


def profile_embed(name: str, profile: Profile, lang: str) -> discord.Embed:
    """Return a player's figures in this server."""
    embed = discord.Embed(title=t(lang, "around.profile_title", name=name), colour=0x2E4660)
    if not profile.played and not profile.ratings:
        embed.description = t(lang, "around.profile_none", name=name)
        return embed
    average = (
        t(lang, "around.profile_no_average")
        if profile.average_place is None
        else f"{profile.average_place:.2f}"
    )
    embed.description = t(
        lang, "around.profile_summary", played=t(lang, "around.games_count", count=profile.played),
        wins=t(lang, "around.wins_count", count=profile.wins), average=average,
        favourite=games.title(profile.favourite) if profile.favourite else "-",
    )  # fmt: skip
    for r in profile.ratings[:10]:
        players = t(lang, "around.players", count=r.players)
        value = t(lang, "around.profile_rating", rating=r.shown,
                  rated=t(lang, "around.rated_count", count=r.games))  # fmt: skip
        embed.add_field(name=f"{games.title(r.game)}, {players}", value=value, inline=True)
    if profile.last:
        lines = "\n".join(played_line(p, lang) for p in profile.last)
        embed.add_field(name=t(lang, "around.profile_last", name=name), value=lines[:1024],
                        inline=False)  # fmt: skip
    return embed


def board_text(board: Leaderboard, names: dict[int, str], lang: str) -> str:
    """Return the leaderboard as text (the fallback, and what a screen reader reads)."""
    title = games.title(board.game)
    if board.players is None or not board.lines:
        return t(lang, "around.board_none", game=title)
    lines = [f"**{t(lang, 'around.board_title', game=title, count=board.players)}**"]
    lines += [
        t(
            lang,
            "around.board_line",
            rank=b.rank,
            name=names[b.user_id],
            rating=b.shown,
            games=t(lang, "around.games_count", count=b.games),
            wins=t(lang, "around.wins_count", count=b.wins),
        )
        for b in board.lines
    ]
    return "\n".join(lines)


def board_png(board: Leaderboard, names: dict[int, str], lang: str) -> bytes:
    """Draw the leaderboard image."""
    title = t(lang, "around.board_title", game=games.title(board.game), count=board.players or 0)
    heads = [t(lang, f"around.head_{k}") for k in ("rank", "player", "rating", "games", "wins")]
    rows = [
        Row(b.rank, names[b.user_id], str(b.shown), str(b.games), str(b.wins)) for b in board.lines
    ]
    return leaderboard_png(title, t(lang, "around.board_subtitle"), heads, rows)


class ProfileCog(commands.Cog):
    """`/profile` and `/leaderboard`."""

    def __init__(self, bot: commands.Bot, people: Around) -> None:
        """Keep the people service; read league figures over the bot's one database."""
        self.bot = bot
        self.people = people
        database: Database = getattr(bot, "database")  # noqa: B009 - opened by bot.py
        self.leagues = LeagueService(LeagueStore(database), people.sessions.clock)

    @app_commands.command(
        name=_("profile"), description=_("A player's ratings, figures and last games here")
    )
    @app_commands.describe(user=_("Whose games (default: yours)"))
    @app_commands.guild_only()  # ratings are per server
    async def profile(
        self, interaction: discord.Interaction[Any], user: discord.User | None = None
    ) -> None:
        """Show a player's ratings per game, figures and last games, then league figures."""
        who = user or interaction.user
        lang, guild = lang_for(interaction), interaction.guild_id or 0
        remember(interaction).names[who.id] = who.display_name
        found = await self.people.profile(guild, who.id)
        embeds = [profile_embed(who.display_name, found, lang)]
        league = await self.leagues.profile(guild, who.id)
        if league.leagues:
            embeds.append(league_embed(who.display_name, league, lang))
        await interaction.response.send_message(embeds=embeds, ephemeral=True)

    @app_commands.command(
        name=_("leaderboard"), description=_("The best ratings of a game in this server")
    )
    @app_commands.describe(
        game=_("Which game"), players=_("Player count (default: the most played)")
    )
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        players: app_commands.Range[int, 2, 4] | None = None,
    ) -> None:
        """Post the server's best ratings of a game: an image, with the table as text."""
        lang = lang_for(interaction)
        if game not in GAMES:
            await reply(interaction, t(lang, "game.unknown", known=", ".join(sorted(GAMES))))
            return
        await interaction.response.defer(thinking=True)
        rt = remember(interaction)
        board = await self.people.leaderboard(interaction.guild_id or 0, game, players)
        names = {b.user_id: await name_of(self.bot, rt, b.user_id) for b in board.lines}
        content = board_text(board, names, lang)
        files = []
        if board.lines:
            try:
                png = await asyncio.to_thread(board_png, board, names, lang)
                files.append(discord.File(io.BytesIO(png), filename="leaderboard.png"))
            except Exception:  # the text stands alone
                log.exception("the leaderboard image of %s could not be drawn", game)
        await interaction.followup.send(
            content, files=files, allowed_mentions=discord.AllowedMentions.none()
        )

    @leaderboard.autocomplete("game")
    async def _games(
        self, _i: discord.Interaction[Any], cur: str
    ) -> list[app_commands.Choice[str]]:
        found = [s for s in games.specs() if cur.lower() in s.name]
        return [app_commands.Choice(name=s.title, value=s.name) for s in found]
