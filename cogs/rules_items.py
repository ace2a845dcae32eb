"""The persistent buttons and select of /rules and /card answers (DynamicItems).

Each custom_id carries what a click needs: the entry id (the select's options carry them),
the language and the mode, so the items work after a restart with nothing kept in memory
(STYLE.md §2.4). They hand the click to the loaded Rules cog's `show`.
"""

import logging
from typing import Any, Literal, Protocol, cast

import discord
from discord.ext import commands

from cogs.common.items import Controls, Persistent, button
from cogs.rules_present import (
    CUSTOM_ID_LIMIT,
    SELECT_OPTIONS_LIMIT,
    Messages,
    game_name,
    label,
    option_text,
)
from engine.lookup import Lang, LocalEntry, RulesIndex

log = logging.getLogger(__name__)

MAX_RELATED = 10  # two rows of buttons
# How a button or select shows its entry: "v" = only to the clicker (an ephemeral message is
# edited in place, a public one gets a new ephemeral reply); "p" = post it for everyone.
Mode = Literal["v", "p"]
COG_NAME = "Rules"


class _Shows(Protocol):
    msg: Messages

    async def show(
        self, interaction: discord.Interaction[Any], entry_id: str, lang: Lang, mode: Mode
    ) -> None: ...


async def _show(
    interaction: discord.Interaction[Any], entry_id: str, lang: Lang, mode: Mode
) -> None:
    """Hand a click to the cog; on failure, log it and tell the clicker.

    Slash commands have the tree's on_error; component errors would only reach a View.on_error.
    """
    cog = cast(commands.Bot, interaction.client).get_cog(COG_NAME)
    try:
        await cast(_Shows, cog).show(interaction, entry_id, lang, mode)
    except Exception:
        log.exception("rules: showing %s failed", entry_id)
        text = cast(_Shows, cog).msg(lang, "failed")
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)


def entry_custom_id(entry_id: str, lang: Lang, mode: Mode) -> str:
    """Return the custom_id of a button showing an entry."""
    return EntryButton.custom.write({"mode": mode, "lang": lang, "entry_id": entry_id})


class EntryButton(
    Persistent[discord.ui.Button[Any]],
    custom_id=r"rules:e:{mode:[vp]}:{lang:en|es}:{entry_id:[a-z0-9_.\-]+}",
):
    """A button that shows one entry (related entries, or suggestions when nothing matched)."""

    entry_id: str
    lang: Lang
    mode: Mode

    def __init__(self, entry_id: str, lang: Lang, mode: Mode, text: str = "") -> None:
        """Build the button; the custom_id carries everything needed after a restart."""
        super().__init__(button(label(text or entry_id)), mode=mode, lang=lang, entry_id=entry_id)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Show the entry."""
        await _show(interaction, self.entry_id, self.lang, self.mode)


class PickSelect(
    Persistent[discord.ui.Select[Any]], custom_id="rules:pick:{mode:[vp]}:{lang:en|es}"
):
    """The select offered when a query matches several entries (values are entry ids)."""

    lang: Lang
    mode: Mode

    def __init__(
        self, lang: Lang, mode: Mode, options: list[discord.SelectOption], placeholder: str = ""
    ) -> None:
        """Build the select; the chosen value is an entry id."""
        select: discord.ui.Select[Any] = discord.ui.Select(
            options=options[:SELECT_OPTIONS_LIMIT], placeholder=placeholder or None
        )
        super().__init__(select, mode=mode, lang=lang)

    @classmethod
    def rebuild(cls, item: discord.ui.Item[Any], fields: dict[str, Any]) -> "PickSelect":
        """Rebuild the select from its custom_id (the options come with the message)."""
        options = item.options if isinstance(item, discord.ui.Select) else []
        return cls(fields["lang"], fields["mode"], options)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Show the chosen entry."""
        await _show(interaction, self.item.values[0], self.lang, self.mode)


def entry_view(
    index: RulesIndex, ids: tuple[str, ...], lang: Lang, mode: Mode
) -> discord.ui.View | None:
    """Return buttons for entries by id (unknown ids are skipped), or None if there are none."""
    view = Controls()
    for entry_id in ids:
        found = index.get(entry_id, lang)
        if found is None or len(entry_custom_id(entry_id, lang, mode)) > CUSTOM_ID_LIMIT:
            continue
        view.add_item(EntryButton(entry_id, lang, mode, found.title))
        if len(view.children) == MAX_RELATED:
            break
    return view if view.children else None


def answer_view(index: RulesIndex, messages: Messages, entry: LocalEntry) -> discord.ui.View:
    """Return the buttons under an answer: its related entries, then the other language."""
    view = entry_view(index, entry.related, entry.lang, "v") or Controls()
    other: Lang = "es" if entry.lang == "en" else "en"
    switch = EntryButton(entry.id, other, "v", messages(entry.lang, "other_language"))
    switch.item.style = discord.ButtonStyle.primary
    view.add_item(switch)
    return view


def pick_view(
    messages: Messages, hits: tuple[LocalEntry, ...], lang: Lang, mode: Mode
) -> discord.ui.View:
    """Return a select of the best few entries (at most 25)."""
    options = [
        discord.SelectOption(
            label=option_text(e.title),
            value=e.id,
            description=option_text(f"{e.section} · {game_name(e)}"),
        )
        for e in hits[:SELECT_OPTIONS_LIMIT]
    ]
    view = Controls()
    view.add_item(PickSelect(lang, mode, options, messages(lang, "pick_placeholder")))
    return view
