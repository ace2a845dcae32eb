"""The one handler of errors: short ephemeral replies in the game's or user's language (§2.5).

Cogs raise; `handle` answers. A `GameError` means nothing changed: the player gets its one
sentence, put into words from its catalog key and arguments in the game's language when the
interaction acts on a game (`cogs.common.i18n.lang_for`), else in their own. Anything
else is logged and answered with "Something went wrong; the game was not changed." (saving is
the last step). Slash commands reach `handle` through the tree's `on_error` (bot.py);
components through `@guarded` on their callbacks, because discord.py hands a DynamicItem's
errors to no `on_error` hook (it only logs them). `acting.py`, the wrapper around
`sessions.play`, answers a stale board itself (fresh controls or a link).
"""

import asyncio
import functools
import logging
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import discord

from cogs.common.i18n import lang_for, t
from engine.ai import LEVELS
from engine.core.errors import (
    GameError,
    GameOverError,
    IllegalMoveError,
    NotYourTurnError,
    StaleStateError,
)
from engine.sessions import (
    AlreadySeatedError,
    GameNotFoundError,
    LobbyFullError,
    NotAllowedError,
    NotEnoughPlayersError,
    NotInLobbyError,
    NotSeatedError,
    NotStartedError,
    UndoRefusedError,
)

log = logging.getLogger(__name__)

# An error raised with a plain sentence has no key (the engines and sessions raise by key; a
# new plain one would land here): Spanish players get the catalog sentence for its kind.
_KEYS: tuple[tuple[type[GameError], str], ...] = (
    (StaleStateError, "error.stale"),
    (NotYourTurnError, "error.not_your_turn"),
    (IllegalMoveError, "error.illegal"),
    (GameOverError, "error.game_over"),
    (NotSeatedError, "error.not_seated"),
    (AlreadySeatedError, "error.already_seated"),
    (LobbyFullError, "error.lobby_full"),
    (NotInLobbyError, "error.not_in_lobby"),
    (NotEnoughPlayersError, "error.not_enough_players"),
    (NotStartedError, "error.not_started"),
    (GameNotFoundError, "error.not_found"),
    (UndoRefusedError, "error.undo_refused"),
    (NotAllowedError, "error.not_allowed"),
)


QUOTED = 80  # characters of typed input a refusal quotes back (issue 18: odd input)
MESSAGE = 2000  # Discord's limit on a message's content
# Fields a refusal fills with the bot's own words, not typed input: "moves" lists the legal
# moves an ambiguous `/move` could mean (three labels at most, engine.core.play).
OWN_WORDS = frozenset({"moves"})
# A refusal's list of AI levels ("easy, normal", as the engine names them) is said in the
# reader's words ("fácil, normal"): a Spanish refusal listed the English values.
LEVEL_LISTS = frozenset({"levels"})


def clip(text: str, size: int = QUOTED) -> str:
    """Return `text` cut to `size` characters (an ellipsis marks the cut)."""
    return text if len(text) <= size else text[: size - 1] + "\N{HORIZONTAL ELLIPSIS}"


def error_text(error: GameError, lang: str) -> str:
    """Return the sentence a player reads for a refusal; typed input it quotes is clipped."""
    if error.key is not None:
        params = {
            k: clip(v) if isinstance(v, str) and k not in OWN_WORDS else v
            for k, v in error.params.items()
        }
        for k in LEVEL_LISTS & params.keys():
            params[k] = _levels(str(error.params[k]), lang)
        return t(lang, error.key, **params)
    if lang == "en":
        return clip(str(error), MESSAGE)
    for kind, key in _KEYS:
        if isinstance(error, kind):
            return t(lang, key)
    return clip(str(error), MESSAGE)


def _levels(listed: str, lang: str) -> str:
    """Return "easy, normal" as the reader's level words ("fácil, normal")."""
    names = [x.strip() for x in listed.split(",")]
    return ", ".join(t(lang, f"ai.{x}") if x in LEVELS else x for x in names)


async def reply(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """Answer ephemerally, whether or not the interaction was acknowledged already."""
    text = clip(text, MESSAGE)  # a longer answer would be refused, leaving no answer at all
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


async def refuse(interaction: discord.Interaction[Any], error: GameError) -> None:
    """Answer a refused action with one ephemeral sentence."""
    await reply(interaction, error_text(error, lang_for(interaction)))


async def report_failure(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Log an unexpected error and tell the user the game was not changed."""
    log.error("unexpected error in %s", interaction.data, exc_info=error)
    try:
        await reply(interaction, t(lang_for(interaction), "error.unexpected"))
    except discord.HTTPException:
        log.warning("could not tell the user about the failure")


async def handle(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Answer any error of a command or component: a refusal, or the standard apology."""
    if isinstance(error, discord.app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, GameError):
        await refuse(interaction, error)
    else:
        await report_failure(interaction, error)


Item = TypeVar("Item")
Callback = Callable[[Item, discord.Interaction[Any]], Coroutine[Any, Any, None]]


def guarded(callback: Callback[Item]) -> Callback[Item]:
    """Hand a component callback's errors to `handle` (DynamicItem errors reach no on_error)."""

    @functools.wraps(callback)
    async def wrapper(item: Item, interaction: discord.Interaction[Any]) -> None:
        try:
            await callback(item, interaction)
        except Exception as error:
            await handle(interaction, error)

    return wrapper


async def answer_unknown_control(
    interaction: discord.Interaction[Any],
    items: tuple[type[discord.ui.DynamicItem[Any]], ...],
    wait: float = 1.0,
) -> None:
    """Answer a component whose custom_id no control of ours matches (tampered or foreign).

    discord.py dispatches such a click to nobody, and Discord would show "This interaction
    failed". In-memory views answer at once, so after `wait` an unanswered one gets a refusal.
    """
    if interaction.type is not discord.InteractionType.component:
        return
    data: Any = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    if any(i.__discord_ui_compiled_template__.fullmatch(custom_id) for i in items):
        return
    await asyncio.sleep(wait)
    if interaction.response.is_done():
        return
    log.info("answering an unknown control %r", clip(custom_id))
    try:
        await reply(interaction, t(lang_for(interaction), "error.unknown_control"))
    except discord.HTTPException:
        log.info("could not answer the unknown control")


def missing_permissions(perms: discord.Permissions, needed: tuple[str, ...]) -> list[str]:
    """Return the names of the needed permissions the bot lacks (e.g. `create_public_threads`)."""
    return [name for name in needed if not getattr(perms, name)]


def permission_names(names: list[str]) -> str:
    """Return permission attribute names as Discord shows them ("Create Public Threads")."""
    return ", ".join(name.replace("_", " ").title() for name in names)
