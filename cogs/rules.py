"""/rules and /card: rule and card lookups in English and Spanish (issue 7).

A thin layer over engine.lookup (docs/lookup.md). An answer is an embed (cogs/rules_present.py)
with buttons for related entries; /card adds the card drawn by render.card. Answers are
ephemeral unless `public` is set (and public posts are rate-limited per user and channel); a
query that matches several entries gets a select, one that matches nothing gets the closest
entries as buttons, both shown only to the asker. Buttons and the select are DynamicItems whose
custom_id carries the entry id and language, so they keep working after a restart.

Language: the `language` option, else the user's /settings language, else the server's
setting, else the user's Discord locale.
Inside a game thread the game defaults to that game's (asked of `bot.sessions` when the bot has
a session manager).
"""

import asyncio
import io
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.i18n import OVERRIDES
from cogs.rules_items import (
    COG_NAME,
    EntryButton,
    Mode,
    PickSelect,
    answer_view,
    entry_view,
    pick_view,
)
from cogs.rules_present import (
    CARD_IMAGE,
    Messages,
    PublicLimiter,
    card_parts,
    distinct_names,
    entry_embed,
)
from engine import games
from engine.lookup import Game, Kind, Lang, LocalEntry, RulesIndex, game_ids, resolve_language
from engine.lookup import shared_index as lookup_index
from render.base.card import card_png

log = logging.getLogger(__name__)

PUBLIC_RATE, PUBLIC_PER = 3, 60.0  # public answers per user and channel, per seconds
GAME_CHOICES = [app_commands.Choice(name=t.title("en"), value=t.id) for t in games.topics()]
LANGUAGE_CHOICES = [
    app_commands.Choice(name="English", value="en"),
    app_commands.Choice(name="Español", value="es"),
]
Query = app_commands.Range[str, 1, 100]


def _as_game(name: str | None) -> Game | None:
    if not name:
        return None
    if name in game_ids():
        return name
    # A game's name with a suffix (an old variant's name) still means that game's topic.
    found = [s.name for s in games.specs() if s.topics and name.startswith(s.name)]
    return found[0] if found else None


async def thread_game(sessions: Any, thread_id: int) -> Game | None:
    """Return the game played in a thread, asking the session manager (None if not a game's)."""
    finder = getattr(sessions, "game_in_thread", None)
    if finder is not None:
        game_id = await finder(thread_id)
        return None if game_id is None else _as_game((await sessions.status(game_id)).game)
    for info in await sessions.list_games():
        if info.thread_id == thread_id:
            return _as_game(info.game)
    return None


def answer_language(interaction: Any, option: str | None, server: str | None) -> Lang:
    """Return the language of a lookup's answer: the option, the user's /settings, the server's.

    Then the user's Discord locale. A player who chose Spanish in /settings got English
    answers to `/rules query:senado` (playtest of issue 14): the override was not asked.
    """
    user = getattr(interaction, "user", None)
    override = None if user is None else OVERRIDES.get(user.id)
    return resolve_language(option, override, server, str(interaction.locale))


async def _context(interaction: discord.Interaction[Any]) -> tuple[Game | None, str | None]:
    """Return the thread's game and the server's language setting, when the bot knows them."""
    sessions = getattr(interaction.client, "sessions", None)
    if sessions is None:
        return None, None
    try:
        game = None
        if isinstance(interaction.channel, discord.Thread):
            game = await thread_game(sessions, interaction.channel.id)
        server = None
        if interaction.guild_id is not None:
            server = (await sessions.guild_settings(interaction.guild_id)).get("language")
    except Exception:
        log.exception("rules: could not read the thread's game or the server's language")
        return None, None
    return game, server


class Rules(commands.Cog, name=COG_NAME):
    """Look up rules and cards of Trajan, Troyes and The Ladies of Troyes."""

    def __init__(self, bot: commands.Bot, index: RulesIndex, messages: Messages) -> None:
        """Keep the shared lookup index and the message catalog."""
        self.bot, self.index, self.msg = bot, index, messages
        self.limiter = PublicLimiter(PUBLIC_RATE, PUBLIC_PER)

    # -- answering --------------------------------------------------------------------------

    def may_post(self, interaction: discord.Interaction[Any]) -> bool:
        """Return whether the user may post one more public answer in this channel now."""
        return self.limiter.allow((interaction.channel_id, interaction.user.id))

    async def answer(
        self,
        interaction: discord.Interaction[Any],
        entry: LocalEntry,
        *,
        public: bool,
        edit: bool,
        note: str | None = None,
    ) -> None:
        """Send (or, with `edit`, put in place of the clicked message) one entry's answer."""
        files: list[discord.File] = []
        if entry.kind == "card":
            if not interaction.response.is_done():  # drawing may take longer than Discord waits
                await (
                    interaction.response.defer()
                    if edit
                    else interaction.response.defer(ephemeral=not public, thinking=True)
                )
            png = await asyncio.to_thread(_draw, entry)
            files.append(discord.File(io.BytesIO(png), filename=CARD_IMAGE))
        embed = entry_embed(self.msg, entry, CARD_IMAGE if files else None)
        view = answer_view(self.index, self.msg, entry)
        if edit and interaction.response.is_done():
            await interaction.edit_original_response(
                content=note, embed=embed, attachments=files, view=view
            )
        elif edit:
            await interaction.response.edit_message(
                content=note, embed=embed, attachments=files, view=view
            )
        elif interaction.response.is_done():
            await interaction.followup.send(
                note or "", embed=embed, files=files, view=view, ephemeral=not public
            )
        else:
            await interaction.response.send_message(
                note, embed=embed, files=files, view=view, ephemeral=not public
            )

    async def respond(
        self,
        interaction: discord.Interaction[Any],
        query: str,
        options: tuple[str | None, str | None, bool],
        kind: Kind | None,
    ) -> None:
        """Answer /rules or /card: the entry, a select when ambiguous, suggestions when none."""
        game_option, language, public = options
        thread, server = await _context(interaction)
        lang = answer_language(interaction, language, server)
        result = self.index.lookup(query, lang, _as_game(game_option) or thread, kind)
        mode: Mode = "p" if public else "v"
        if result.found and not result.ambiguous and result.best is not None:
            note = None
            if public and not self.may_post(interaction):
                public, note = False, self.msg(lang, "throttled")
            await self.answer(interaction, result.best, public=public, edit=False, note=note)
        elif result.found:
            hits = tuple(hit.entry for hit in result.hits)
            await interaction.response.send_message(
                self.msg(lang, "ambiguous", query=query),
                view=pick_view(self.msg, hits, lang, mode),
                ephemeral=True,
            )
        else:
            ids = tuple(entry.id for entry in result.alternatives)
            view = entry_view(self.index, ids, lang, mode)
            hint = self.msg(lang, "suggestions" if view else "no_suggestions")
            text = f"{self.msg(lang, 'nothing_found', query=query)}\n{hint}"
            extra: dict[str, Any] = {} if view is None else {"view": view}
            await interaction.response.send_message(text, ephemeral=True, **extra)

    async def show(
        self, interaction: discord.Interaction[Any], entry_id: str, lang: Lang, mode: Mode
    ) -> None:
        """Show an entry from a button or the select (see `Mode`)."""
        entry = self.index.get(entry_id, lang)
        if entry is None:
            await interaction.response.send_message(self.msg(lang, "gone"), ephemeral=True)
            return
        message = interaction.message
        in_ephemeral = message is not None and message.flags.ephemeral
        if mode == "p" and self.may_post(interaction):
            await interaction.response.edit_message(
                content=self.msg(lang, "posted"), embed=None, view=None, attachments=[]
            )
            await self.answer(interaction, entry, public=True, edit=False)
        else:
            note = self.msg(lang, "throttled") if mode == "p" else None
            await self.answer(interaction, entry, public=False, edit=in_ephemeral, note=note)

    async def _choices(
        self, interaction: discord.Interaction[Any], current: str, kind: Kind | None
    ) -> list[app_commands.Choice[str]]:
        thread, server = await _context(interaction)
        namespace = interaction.namespace
        lang = answer_language(interaction, namespace.language, server)
        game = _as_game(namespace.game) or thread
        found = self.index.autocomplete(current, lang, game, kind)[:25]
        entries = [self.index.entry(entry_id, lang) for _, entry_id in found]
        names = distinct_names(self.msg, [name for name, _ in found], entries)
        return [
            app_commands.Choice(name=name, value=entry.id)
            for name, entry in zip(names, entries, strict=True)
        ]

    # -- commands ---------------------------------------------------------------------------

    @app_commands.command(name="rules", description="Look up a rule of Trajan or Troyes")
    @app_commands.describe(
        query="What to look up (a rule, action, term or question)",
        game="Which game (default: this thread's game, or all)",
        language="Answer language (default: the server's, or yours)",
        public="Post the answer for everyone (default: only you see it)",
    )
    @app_commands.choices(game=GAME_CHOICES, language=LANGUAGE_CHOICES)
    async def rules(
        self,
        interaction: discord.Interaction[Any],
        query: Query,
        game: str | None = None,
        language: str | None = None,
        public: bool = False,
    ) -> None:
        """Look up a rule of Trajan or Troyes."""
        await self.respond(interaction, query, (game, language, public), None)

    @app_commands.command(name="card", description="Show a card or tile of Trajan or Troyes")
    @app_commands.describe(
        name="The card or tile (in English or Spanish)",
        game="Which game (default: this thread's game, or all)",
        language="Answer language (default: the server's, or yours)",
        public="Post the answer for everyone (default: only you see it)",
    )
    @app_commands.choices(game=GAME_CHOICES, language=LANGUAGE_CHOICES)
    async def card(
        self,
        interaction: discord.Interaction[Any],
        name: Query,
        game: str | None = None,
        language: str | None = None,
        public: bool = False,
    ) -> None:
        """Show a card or tile of Trajan or Troyes."""
        await self.respond(interaction, name, (game, language, public), "card")

    @rules.autocomplete("query")
    async def rules_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """Suggest rule and card entries (at most 25, answered at once)."""
        return await self._choices(interaction, current, None)

    @card.autocomplete("name")
    async def card_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """Suggest cards and tiles (at most 25, answered at once)."""
        return await self._choices(interaction, current, "card")


def _draw(entry: LocalEntry) -> bytes:
    parts = card_parts(entry)
    # No warning strip: the embed's footer, just under the image, is the one warning (item 64).
    return card_png(entry.title, parts.text, parts.figures, lang=entry.lang)


async def setup(bot: commands.Bot) -> None:
    """Load the cog: build the lookup index (fails fast on bad data) and the persistent items."""
    index = await asyncio.to_thread(lookup_index)
    await bot.add_cog(Rules(bot, index, Messages.load()))
    bot.add_dynamic_items(EntryButton, PickSelect)


async def teardown(bot: commands.Bot) -> None:
    """Unregister the persistent items."""
    bot.remove_dynamic_items(EntryButton, PickSelect)
