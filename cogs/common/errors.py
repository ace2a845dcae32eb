"""Turn refusals into short ephemeral replies, in the user's language (STYLE.md §2.5).

A `GameError` means nothing changed: the player gets one sentence. Anything else is logged
and answered with "Something went wrong; the game was not changed." (saving is the last step).
"""

import logging
from typing import Any

import discord

from cogs.common.i18n import lang_of, t
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

# Spanish players get the catalog sentence for the error's kind; English players get the
# engine's own sentence, which is more precise ("move 12, the game is at move 14").
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


def error_text(error: GameError, lang: str) -> str:
    """Return the sentence a player reads for a refusal."""
    if lang == "en":
        return str(error)
    for kind, key in _KEYS:
        if isinstance(error, kind):
            return t(lang, key)
    return str(error)


async def reply(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """Answer ephemerally, whether or not the interaction was acknowledged already."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


async def refuse(interaction: discord.Interaction[Any], error: GameError) -> None:
    """Answer a refused action with one ephemeral sentence."""
    await reply(interaction, error_text(error, lang_of(interaction.locale)))


async def report_failure(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Log an unexpected error and tell the user the game was not changed."""
    log.error("unexpected error in %s", interaction.data, exc_info=error)
    try:
        await reply(interaction, t(lang_of(interaction.locale), "error.unexpected"))
    except discord.HTTPException:
        log.warning("could not tell the user about the failure")


def missing_permissions(perms: discord.Permissions, needed: tuple[str, ...]) -> list[str]:
    """Return the names of the needed permissions the bot lacks (e.g. `create_public_threads`)."""
    return [name for name in needed if not getattr(perms, name)]


def permission_names(names: list[str]) -> str:
    """Return permission attribute names as Discord shows them ("Create Public Threads")."""
    return ", ".join(name.replace("_", " ").title() for name in names)
