"""`/game log`: the whole game's moves, in pages with buttons (issue 14).

The log is cut into pages that each fit one message, oldest first, always the same way for
the same moves, so a page number names the same moves until the game moves on (a page then
only grows at the end). The buttons are persistent controls (`cogs.common.items.Persistent`):
`dn:g:{game}:{page}:{step}` carries all a click needs, so they work after a restart. The log is the
game's own text, in the game's language, as its thread is.
"""

from collections.abc import Sequence
from typing import Any

import discord

from cogs import undo_here
from cogs.common import story
from cogs.common.errors import guarded, reply
from cogs.common.i18n import t
from cogs.common.items import Controls, Persistent, button
from cogs.common.runtime import Runtime, remember
from cogs.common.text import LIMIT, entries
from engine.sessions import LogLine

NEWEST = 10**6  # a page number past every log's end: the last page
ROOM = LIMIT - 120  # what a page's lines may take besides its header


def paginate(blocks: Sequence[str], room: int = ROOM) -> list[list[str]]:
    """Cut the log's entries into pages of at most `room` characters, oldest first.

    An entry longer than a page (it never is in practice) is cut to fit.
    """
    pages: list[list[str]] = [[]]
    used = 0
    for block in blocks:
        entry = block if len(block) <= room else block[: room - 1] + "\N{HORIZONTAL ELLIPSIS}"
        if pages[-1] and used + len(entry) + 1 > room:
            pages.append([])
            used = 0
        pages[-1].append(entry)
        used += len(entry) + 1
    return pages


async def page_message(
    rt: Runtime, game: int, page: int, user_id: int
) -> tuple[str, discord.ui.View | None]:
    """Return one page of a game's log (clamped to the pages there are) and its controls.

    Under the page buttons, a player gets "undo to here" (cogs/undo_here.py).
    """
    content, view = await _page(rt, game, page)
    undo = await undo_here.view_for(rt, game, user_id, (await rt.poster.meta(game)).language)
    if undo is not None:
        if view is None:
            return content, undo
        for item in undo.children:
            view.add_item(item)
    return content, view


async def _page(rt: Runtime, game: int, page: int) -> tuple[str, discord.ui.View | None]:
    meta = await rt.poster.meta(game)
    lines = await rt.sessions.log(game, limit=None)
    lang = meta.language
    title = story.title(meta.game, game, lang)
    if not lines:
        return f"**{title}**\n{t(lang, 'game.log_empty')}", None
    pages = paginate(entries(lines, meta.names, lang, meta.game))
    page = max(0, min(page, len(pages) - 1))
    head = t(lang, "story.log_head", title=title, count=len(lines), page=page + 1,
             pages=len(pages))  # fmt: skip
    content = "\n".join([head, *pages[page]])
    return content, controls(game, page, len(pages), lang)


def controls(game: int, page: int, pages: int, lang: str) -> discord.ui.View | None:
    """Build the page buttons: first, earlier, later, newest (those that lead somewhere)."""
    if pages <= 1:
        return None
    view = Controls()
    steps = (("f", "log_first", 0), ("p", "log_previous", page - 1),
             ("n", "log_next", page + 1), ("l", "log_last", NEWEST))  # fmt: skip
    for step, key, target in steps:
        item = LogPageButton(game, max(target, 0), step, t(lang, f"story.{key}"))
        item.item.disabled = min(target, pages - 1) == page or target < 0
        view.add_item(item)
    return view


def since_text(lines: Sequence[LogLine], names: Sequence[str], lang: str, game: str, title: str
               ) -> str:  # fmt: skip
    """Return the moves since the user's last turn, as one message (told briefer if long)."""
    if not lines:
        return t(lang, "game.log_empty")
    head = t(lang, "story.log_since", title=title, count=len(lines))
    return story.since(head, lines, names, lang, game)


async def show(interaction: discord.Interaction[Any], game: int, changes: str = "") -> None:
    """Answer `/game log` with the newest page, ephemerally (`changes`: seat changes first)."""
    content, view = await page_message(remember(interaction), game, NEWEST, interaction.user.id)
    if changes:
        content = f"{changes}\n{content}"
    await reply(interaction, content, **({} if view is None else {"view": view}))


class LogPageButton(
    Persistent[discord.ui.Button[Any]], custom_id="dn:g:{game:int}:{page:int}:{step:[fpnl]}"
):
    """Show another page of `/game log` in place (step: first, previous, next, last)."""

    game: int
    page: int
    step: str

    def __init__(self, game: int, page: int, step: str, label: str = "?") -> None:
        item = button(label, discord.ButtonStyle.secondary, row=0)
        super().__init__(item, game=game, page=page, step=step)

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Edit the log message to show the page this button names."""
        rt = remember(interaction)
        content, view = await page_message(rt, self.game, self.page, interaction.user.id)
        await interaction.response.edit_message(content=content, view=view)


ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (LogPageButton,)
