"""Game controls: persistent DynamicItems built only from the legal actions (STYLE.md §2.4).

Every custom_id carries what the click needs: `dn:m:{game}:{version}:{index}` plays the
`index`-th legal action of version `version`. Nothing is kept in memory, so a control works
after a restart, and a control of an older version is refused by the session manager
(`StaleStateError`): the player then gets an ephemeral "out of date" with fresh controls.
Up to 20 choices are buttons; more become a select menu of 25 per page with page buttons.
A move that reveals a die, card or secret (undo cannot cross it) asks for a confirmation.
"""

import logging
import re
from typing import Any

import discord

from cogs.common.errors import guarded, reply
from cogs.common.i18n import lang_of, t
from cogs.common.runtime import remember
from engine.core.errors import StaleStateError
from engine.sessions import Choices

log = logging.getLogger(__name__)

# Decisions whose choices show the decider's hand (notes in engine/sessions/README.md):
# the public board offers one "choose privately" button; the choices go out ephemerally.
PRIVATE_KINDS = {"trajan": frozenset({"discard", "display", "ship", "seaport"})}
MAX_BUTTONS = 20  # four rows of five; the fifth row holds the tools
PAGE = 25  # a select menu's limit
LABEL = 80


def jump_url(guild_id: int | None, channel_id: int | None, message_id: int | None) -> str:
    """Return a link to a message (or its channel) as Discord builds it."""
    parts = [str(guild_id or "@me"), str(channel_id or 0)]
    if message_id:
        parts.append(str(message_id))
    return "https://discord.com/channels/" + "/".join(parts)


def _ids(match: re.Match[str]) -> tuple[int, int]:
    return int(match["g"]), int(match["v"])


def _clip(text: str, size: int = LABEL) -> str:
    return text if len(text) <= size else text[: size - 1] + "\N{HORIZONTAL ELLIPSIS}"


def controls(
    choices: Choices, lang: str, page: int = 0, *, tools: bool = True, hidden: bool = False
) -> discord.ui.View:
    """Build the controls of the current decision (buttons, or a paged select) plus tools.

    With `hidden` (a public board whose choices would show the decider's hand), one button
    asks for the choices privately instead.
    """
    view = discord.ui.View(timeout=None)
    game, version = choices.game_id, choices.version
    items = choices.choices
    if hidden:
        view.add_item(PageButton(game, version, 0, t(lang, "play.choose_privately"), row=0))
    elif len(items) <= MAX_BUTTONS:
        for c in items:
            view.add_item(MoveButton(game, version, c.index, _clip(c.label), row=c.index // 5))
    else:
        pages = (len(items) + PAGE - 1) // PAGE
        page = max(0, min(page, pages - 1))
        view.add_item(MoveSelect(game, version, page, choices, lang))
        if page > 0:
            view.add_item(PageButton(game, version, page - 1, t(lang, "play.previous")))
        if page < pages - 1:
            view.add_item(PageButton(game, version, page + 1, t(lang, "play.next")))
    if tools:
        view.add_item(PrivateButton(game, t(lang, "play.private")))
        view.add_item(UndoButton(game, version, t(lang, "play.undo")))
    return view


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"dn:m:(?P<g>\d+):(?P<v>\d+):(?P<i>\d+)",
):
    """Play one legal action."""

    def __init__(self, game: int, version: int, index: int, label: str = "?", row: int = 0) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, style=discord.ButtonStyle.primary, row=min(row, 3),
            custom_id=f"dn:m:{game}:{version}:{index}",
        )  # fmt: skip
        super().__init__(button)
        self.game, self.version, self.index = game, version, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> "MoveButton":
        """Rebuild the button from its custom_id."""
        return cls(*_ids(match), int(match["i"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Play the move (after a confirmation if it reveals something)."""
        from cogs.common.acting import act  # noqa: PLC0415 - acting.py imports this module

        await act(interaction, self.game, self.version, self.index, sure=False)


class ConfirmButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"dn:k:(?P<g>\d+):(?P<v>\d+):(?P<i>\d+)",
):
    """Play a move that cannot be taken back, once the player confirmed it."""

    def __init__(self, game: int, version: int, index: int) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label="\N{WHITE HEAVY CHECK MARK}", style=discord.ButtonStyle.danger,
            custom_id=f"dn:k:{game}:{version}:{index}",
        )  # fmt: skip
        super().__init__(button)
        self.game, self.version, self.index = game, version, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> "ConfirmButton":
        """Rebuild the button from its custom_id."""
        return cls(*_ids(match), int(match["i"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Play the confirmed move."""
        from cogs.common.acting import act  # noqa: PLC0415 - acting.py imports this module

        await act(interaction, self.game, self.version, self.index, sure=True)


class MoveSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"dn:s:(?P<g>\d+):(?P<v>\d+):(?P<p>\d+)",
):
    """Pick one of up to 25 legal actions (one page of a long list)."""

    def __init__(
        self, game: int, version: int, page: int, choices: Choices | None = None, lang: str = "en"
    ) -> None:
        options = [discord.SelectOption(label="?", value="0")]
        placeholder = None
        if choices is not None:
            part = choices.choices[page * PAGE : (page + 1) * PAGE]
            options = [discord.SelectOption(label=_clip(c.label, 100), value=str(c.index))
                       for c in part]  # fmt: skip
            pages = (len(choices.choices) + PAGE - 1) // PAGE
            placeholder = t(lang, "play.pick", page=page + 1, pages=pages)
            if pages == 1:
                placeholder = t(lang, "play.pick_one")
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"dn:s:{game}:{version}:{page}", options=options, placeholder=placeholder
        )
        super().__init__(select)
        self.game, self.version, self.page = game, version, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> "MoveSelect":
        """Rebuild the menu from its custom_id (the options come back in the interaction)."""
        return cls(*_ids(match), int(match["p"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Play the picked move."""
        data: Any = interaction.data or {}
        values = data.get("values") or ["-1"]
        from cogs.common.acting import act  # noqa: PLC0415 - acting.py imports this module

        await act(interaction, self.game, self.version, int(values[0]), sure=False)


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"dn:p:(?P<g>\d+):(?P<v>\d+):(?P<p>\d+)",
):
    """Show another page of a long list of moves, ephemerally, to the deciding player."""

    def __init__(self, game: int, version: int, page: int, label: str = "?", row: int = 1) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary, row=row,
            custom_id=f"dn:p:{game}:{version}:{page}",
        )  # fmt: skip
        super().__init__(button)
        self.game, self.version, self.page = game, version, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> "PageButton":
        """Rebuild the button from its custom_id."""
        return cls(*_ids(match), int(match["p"]))

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Send that page of the current decision's moves (or say the board is stale)."""
        rt = remember(interaction)
        lang = lang_of(interaction.locale)
        await interaction.response.defer(ephemeral=True, thinking=True)
        choices = await rt.sessions.choices(self.game)
        if choices.version != self.version:
            from cogs.common.acting import stale  # noqa: PLC0415 - acting.py imports this module

            await stale(interaction, self.game, StaleStateError(t(lang, "error.stale")))
            return
        if choices.turn.user_id != interaction.user.id:
            await reply(interaction, t(lang, "error.not_your_turn"))
            return
        view = controls(choices, lang, self.page, tools=False)
        await reply(interaction, choices.turn.prompt, view=view)


class PrivateButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"dn:h:(?P<g>\d+)"):
    """Show the clicking player, ephemerally, what only they may see."""

    def __init__(self, game: int, label: str = "?") -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary, row=4, custom_id=f"dn:h:{game}"
        )
        super().__init__(button)
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> "PrivateButton":
        """Rebuild the button from its custom_id."""
        return cls(int(match["g"]))

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Send the private view and image."""
        await remember(interaction).poster.send_private(interaction, self.game)


class UndoButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"dn:u:(?P<g>\d+):(?P<v>\d+)"
):
    """Take back your last move (at once within your turn, else with the others' consent)."""

    def __init__(self, game: int, version: int, label: str = "?") -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary, row=4,
            custom_id=f"dn:u:{game}:{version}",
        )  # fmt: skip
        super().__init__(button)
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> "UndoButton":
        """Rebuild the button from its custom_id."""
        return cls(*_ids(match))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Ask the session manager to undo, and post what it did."""
        from cogs.common.acting import undo  # noqa: PLC0415 - acting.py imports this module

        await undo(interaction, self.game, self.version)


ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    MoveButton,
    ConfirmButton,
    MoveSelect,
    PageButton,
    PrivateButton,
    UndoButton,
)
