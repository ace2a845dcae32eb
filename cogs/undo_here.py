"""Undo to here: from `/game log`, ask to go back to one of this round's moves (issue 17).

`/game log` (cogs/game.py) offers, to a player still competing in a running game, a select
of the current round's moves since the last die, card or hidden reveal
(`SessionService.undo_points`). Choosing one calls `undo(first=that move)`: within your own
turn it happens at once; otherwise every other player is asked (the Agree / Refuse buttons
of cogs/common/requests.py) and has `UNDO_ANSWER_WITHIN` to answer. The moves taken back stay
in the log, marked undone. The select is a `Persistent` item: it works after a restart, and
the game version in it makes it stale once the game moves on.
"""

from typing import Any

import discord

from cogs.common.errors import guarded, reply
from cogs.common.i18n import t
from cogs.common.items import Controls, Persistent
from cogs.common.runtime import Runtime, in_game, remember
from cogs.common.text import when, words
from engine.sessions import NoticeKind, SeatState, Status
from engine.sessions.consent import UNDO_ANSWER_WITHIN


async def view_for(rt: Runtime, game: int, user_id: int, lang: str) -> discord.ui.View | None:
    """Return the select of moves to go back to, or None (not a player, nothing to offer)."""
    info = await rt.sessions.status(game)
    seat = next((s for s in info.seats if s.user_id == user_id), None)
    if info.status is not Status.ACTIVE or seat is None or seat.state is not SeatState.PLAYING:
        return None
    points = await rt.sessions.undo_points(game)
    if not points:
        return None
    names = (await rt.poster.meta(game)).names  # a label naming a seat reads its name
    options = [
        discord.SelectOption(
            label=t(lang, "undo_here.option", move=p.version, text=words(p, names, lang)[0])[:100],
            value=str(p.version),
        )
        for p in reversed(points)  # the newest first
    ]
    view = Controls()
    view.add_item(UndoHereSelect(game, info.version, options, t(lang, "undo_here.placeholder")))
    return view


class UndoHereSelect(Persistent[discord.ui.Select[Any]], custom_id="dn:h:{game:int}:{version:int}"):
    """The moves one may ask to go back to; a value is the first move to take back."""

    game: int
    version: int

    def __init__(
        self,
        game: int,
        version: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            options=options or [discord.SelectOption(label="-", value="0")],
            placeholder=placeholder or None,
        )
        super().__init__(select, game=game, version=version)

    @classmethod
    def rebuild(cls, item: discord.ui.Item[Any], fields: dict[str, Any]) -> "UndoHereSelect":
        """Rebuild the select from its custom_id (the options come with the message)."""
        options = item.options if isinstance(item, discord.ui.Select) else []
        return cls(fields["game"], fields["version"], options)

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Ask to go back to the chosen move (or do it, within your own turn)."""
        rt = remember(interaction)
        first = int(self.item.values[0])
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = await in_game(interaction, self.game)
        outcome = await rt.sessions.undo(self.game, interaction.user.id, self.version, first=first)
        await rt.poster.post(outcome)
        asked = any(n.kind is NoticeKind.UNDO_ASKED for n in outcome.notices)
        if asked:
            deadline = rt.sessions.clock() + UNDO_ANSWER_WITHIN
            text = t(lang, "undo_here.asked", when=when(deadline), move=first)
        else:
            text = t(lang, "undo_here.done", move=first)
        await reply(interaction, text)


ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (UndoHereSelect,)
