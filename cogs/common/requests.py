"""Buttons for requests and reminders: agree or refuse an undo/abandon, mute reminders.

`dn:a:{game}:{request}:{yes}` answers a request; `dn:r:{game}:{mode}` mutes reminders for
this turn or the game; `dn:b:{game}` takes your seat back from the AI stand-in.
"""

from typing import Any, Literal, cast

import discord

from cogs.common.errors import guarded, reply
from cogs.common.i18n import lang_for, t
from cogs.common.items import Controls, Persistent, button
from cogs.common.runtime import in_game, remember


def request_view(game: int, request_id: int | None, lang: str) -> discord.ui.View:
    """Build Agree/Refuse buttons for a request, or the reminder buttons (request None)."""
    view = Controls()
    if request_id is not None:
        view.add_item(AnswerButton(game, request_id, True, t(lang, "request.agree")))
        view.add_item(AnswerButton(game, request_id, False, t(lang, "request.refuse")))
    else:
        view.add_item(MuteButton(game, "turn", t(lang, "request.mute_turn")))
        view.add_item(MuteButton(game, "game", t(lang, "request.mute_game")))
    return view


class AnswerButton(
    Persistent[discord.ui.Button[Any]], custom_id="dn:a:{game:int}:{request_id:int}:{agree:flag}"
):
    """Agree to or refuse an undo or abandon request."""

    game: int
    request_id: int
    agree: bool

    def __init__(self, game: int, request_id: int, agree: bool, label: str = "?") -> None:
        style = discord.ButtonStyle.success if agree else discord.ButtonStyle.danger
        super().__init__(button(label, style), game=game, request_id=request_id, agree=agree)

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Record the answer and post what it changed."""
        rt = remember(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await in_game(interaction, self.game)
        outcome = await rt.sessions.answer(
            self.game, interaction.user.id, self.request_id, self.agree
        )
        await rt.poster.post(outcome)
        await reply(interaction, t(lang_for(interaction), "request.noted"))


class MuteButton(Persistent[discord.ui.Button[Any]], custom_id="dn:r:{game:int}:{mode:turn|game}"):
    """Mute your reminders for this turn or for the whole game."""

    game: int
    mode: str

    def __init__(self, game: int, mode: str, label: str = "?") -> None:
        super().__init__(button(label), game=game, mode=mode)

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Mute the clicking player's reminders."""
        rt = remember(interaction)
        mode = cast(Literal["turn", "game"], self.mode)
        await in_game(interaction, self.game)
        await rt.sessions.mute_reminders(self.game, interaction.user.id, mode)
        await reply(interaction, t(lang_for(interaction), f"request.muted_{self.mode}"))


ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (AnswerButton, MuteButton)
