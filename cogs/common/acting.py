"""Acting on a game from a control or a command: play, confirm, undo, "out of date".

Every path has the same shape (STYLE.md §2.4): acknowledge at once, ask the session manager,
answer a refusal with one ephemeral sentence, post the outcome with the poster. The controls
themselves are in controls.py.
"""

from typing import Any

import discord

from cogs.common.controls import ConfirmButton, controls, jump_url
from cogs.common.errors import refuse, reply, report_failure
from cogs.common.i18n import lang_of, t
from cogs.common.runtime import remember
from engine.core.errors import GameError, StaleStateError


async def act(
    interaction: discord.Interaction[Any], game: int, version: int, move: int | str, *, sure: bool
) -> None:
    """Play a move for the clicking user: confirm first if it reveals, then post the outcome.

    `move` is a button index, or a typed notation from `/move`. Unless `sure`, a move that
    would reveal something comes back unplayed (`outcome.confirm`): the user gets a confirm
    button, which plays it `sure`. The move is applied once per press, the game read once.
    """
    rt = remember(interaction)
    lang = lang_of(interaction.locale)
    typed = interaction.type is discord.InteractionType.application_command
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=typed, thinking=typed)
    try:
        outcome = await rt.sessions.play(game, interaction.user.id, version, move, confirmed=sure)
    except StaleStateError as error:
        await stale(interaction, game, error)
        return
    except GameError as error:
        await refuse(interaction, error)
        return
    except Exception as error:
        await report_failure(interaction, error)
        raise
    if outcome.confirm is not None:  # it would reveal something: nothing was played yet
        view = discord.ui.View(timeout=None)
        view.add_item(ConfirmButton(game, outcome.version, outcome.confirm.index))
        await reply(interaction, t(lang, "play.confirm", move=outcome.confirm.label), view=view)
        return
    await rt.poster.post(outcome)
    if typed:
        await reply(interaction, t(lang, "play.undo_done"))


async def stale(interaction: discord.Interaction[Any], game: int, error: GameError) -> None:
    """Say the board is out of date; give fresh controls to the decider, a link to others."""
    rt = remember(interaction)
    lang = lang_of(interaction.locale)
    now = await rt.sessions.current(game)
    if now.turn is None:
        await refuse(interaction, error)
        return
    if now.turn.user_id == interaction.user.id and now.choices is not None:
        view = controls(now.choices, lang)
        await reply(interaction, t(lang, "play.stale_mine", prompt=now.turn.prompt), view=view)
        return
    guild = interaction.guild_id
    url = jump_url(guild, now.thread_id, now.board_message_id)
    await reply(interaction, t(lang, "play.stale", url=url))


async def undo(interaction: discord.Interaction[Any], game: int, version: int | None) -> None:
    """Undo the user's last move in `game` (at `version`, or the current one) and post it."""
    rt = remember(interaction)
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        if version is None:
            version = (await rt.sessions.current(game)).version
        outcome = await rt.sessions.undo(game, interaction.user.id, version)
    except StaleStateError as error:
        await stale(interaction, game, error)
        return
    except GameError as error:
        await refuse(interaction, error)
        return
    except Exception as error:
        await report_failure(interaction, error)
        raise
    await rt.poster.post(outcome)
    await reply(interaction, t(lang_of(interaction.locale), "play.undo_done"))
