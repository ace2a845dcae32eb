"""`/game replay`: the public board at any move, with ⏮ ◀ ▶ ⏭ and a select of rounds (issue 17).

The command is declared in cogs/game.py; this module draws the frames and holds the controls.
The board at move N is rebuilt from the log every time (`SessionService.board_at`), never
kept as an image, and only the public view is drawn, so a running game shows what everyone
could see, up to its current move. The controls are `Persistent` items: the move they go to
is in their custom_id, so they work after a restart like every other control. The replay
is ephemeral; each press edits it in place.
"""

import io
from typing import Any, Protocol, cast

import discord

from cogs.common import text
from cogs.common.errors import guarded
from cogs.common.i18n import lang_for, t
from cogs.common.images import Renderer
from cogs.common.items import Controls, Persistent, button
from cogs.common.runtime import Runtime, remember
from engine.sessions.rewind import Chapter, Frame

STEPS = {"f": "⏮", "p": "◀", "n": "▶", "l": "⏭"}


class _Drawing(Protocol):
    render: Renderer  # the poster's renderer (cogs/common/poster.py)


def chapter_label(chapter: Chapter, lang: str) -> str:
    """Return "Quarter 2, round 1" or "Round 3" for a chapter."""
    fields = dict(chapter.fields)
    key = "replay.quarter_round" if "quarter" in fields else "replay.round"
    return t(lang, key, **fields, move=chapter.move)


def caption(frame: Frame, names: tuple[str, ...], lang: str) -> str:
    """Return the text over a replayed board: which move of how many, and that move."""
    head = t(lang, "replay.header", number=frame.game_id, move=frame.move, last=frame.last)
    if frame.line is None:
        return f"{head}\n{t(lang, 'replay.start')}"
    return f"{head}\n{text.log_lines([frame.line], names, lang)}"[:2000]


def controls(frame: Frame, lang: str) -> discord.ui.View:
    """Return ⏮ ◀ ▶ ⏭ (each going to a move) and the select of chapters."""
    view = Controls()
    targets = {"f": 0, "p": frame.move - 1, "n": frame.move + 1, "l": frame.last}
    for step, target in targets.items():
        item = StepButton(frame.game_id, max(0, min(target, frame.last)), step)
        item.item.disabled = target == frame.move or not 0 <= target <= frame.last
        view.add_item(item)
    if frame.chapters:
        options = [
            discord.SelectOption(
                label=chapter_label(c, lang)[:100], value=str(c.move), default=i == frame.chapter
            )
            for i, c in enumerate(frame.chapters)
        ]
        view.add_item(ChapterSelect(frame.game_id, options, t(lang, "replay.chapters")))
    return view


async def _frame_message(
    rt: Runtime, frame: Frame, lang: str
) -> tuple[str, list[discord.File], discord.ui.View]:
    """Return the caption, the images and the controls of a frame.

    A finished game's newest move shows what the live end showed (playtest item 30): the
    board with the final scores on its track and their breakdown, and the score chart.
    """
    meta = await rt.poster.meta(frame.game_id)
    render = cast(_Drawing, rt.poster).render
    name = f"replay-{frame.game_id}-{frame.move}.png"
    if frame.result is None:
        png = await render.board(
            frame.game, frame.view, frame.prompt, meta.names, frame.language, frame.before
        )
        files = [discord.File(io.BytesIO(png), filename=name)]
    else:
        pictures = dict(
            await render.gallery(
                frame.game, frame.view, None, meta.names, frame.language, result=frame.result
            )
        )
        score = await render.score(frame.game, frame.result, meta.names, frame.language)
        files = [
            discord.File(io.BytesIO(pictures["board"]), filename=name),
            discord.File(io.BytesIO(score), filename="score.png"),
        ]
    return caption(frame, meta.names, lang), files, controls(frame, lang)


async def show(interaction: discord.Interaction[Any], game: int, move: int | None) -> None:
    """Answer `/game replay` with the board at `move` (None: the newest), ephemerally."""
    rt, lang = remember(interaction), lang_for(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    frame = await rt.sessions.board_at(game, move)
    content, files, view = await _frame_message(rt, frame, lang)
    await interaction.followup.send(content, files=files, view=view, ephemeral=True)


async def _go(interaction: discord.Interaction[Any], game: int, move: int | None) -> None:
    """Edit the replay in place to show another move."""
    rt, lang = remember(interaction), lang_for(interaction)
    await interaction.response.defer()
    frame = await rt.sessions.board_at(game, move)
    content, files, view = await _frame_message(rt, frame, lang)
    await interaction.edit_original_response(content=content, attachments=files, view=view)


class StepButton(
    Persistent[discord.ui.Button[Any]], custom_id="dn:v:{game:int}:{move:int}:{step:[fpnl]}"
):
    """⏮ ◀ ▶ ⏭: go to the move in the custom_id (⏭: the newest move, which may have grown)."""

    game: int
    move: int
    step: str

    def __init__(self, game: int, move: int, step: str) -> None:
        super().__init__(button(STEPS[step]), game=game, move=move, step=step)

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Show the move this button goes to."""
        await _go(interaction, self.game, None if self.step == "l" else self.move)


class ChapterSelect(Persistent[discord.ui.Select[Any]], custom_id="dn:w:{game:int}"):
    """The rounds (or quarters and rounds) of a game: each option's value is its first move."""

    game: int

    def __init__(
        self, game: int, options: list[discord.SelectOption] | None = None, placeholder: str = ""
    ) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            options=options or [discord.SelectOption(label="-", value="0")],
            placeholder=placeholder or None,
        )
        super().__init__(select, game=game)

    @classmethod
    def rebuild(cls, item: discord.ui.Item[Any], fields: dict[str, Any]) -> "ChapterSelect":
        """Rebuild the select from its custom_id (the options come with the message)."""
        options = item.options if isinstance(item, discord.ui.Select) else []
        return cls(fields["game"], options)

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Show the first move of the chosen chapter."""
        await _go(interaction, self.game, int(self.item.values[0]))


ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (StepButton, ChapterSelect)
