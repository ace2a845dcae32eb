"""The AI levels' words in the Discord layer: seat names with their level, the level choices.

An AI seat stores its player's name (`Seat.ai`): a level (`easy`, `normal`, `hard`) or, for
games stored before levels existed, `greedy` (or `random`), shown as plain "AI".
"""

from typing import Any

from discord import app_commands
from discord.app_commands import locale_str as _

from cogs.common.i18n import t
from engine.ai import LEVELS
from engine.core.errors import GameError
from engine.sessions import SessionManager

# `/game new ai_level:`, `/game settings ai_level:`, `/admin league create ai_level:`: the
# names are translated by the catalog's [commands] table (fácil, normal, difícil).
DEFAULT = "normal"  # /game new, /admin league create: the level when none is chosen
LEVEL_CHOICES = [app_commands.Choice(name=_(level), value=level) for level in LEVELS]


def offer_levels(tree: app_commands.CommandTree[Any], allowed: tuple[str, ...]) -> None:
    """Offer only the allowed levels (AI_MAX_LEVEL) at every command's `ai_level` choices.

    The choices are fixed when the commands are declared (`LEVEL_CHOICES`); this trims them
    before the tree is synced, so Discord never offers a level the bot refuses (item 99b).
    """
    for command in tree.walk_commands():
        if not isinstance(command, app_commands.Command):
            continue
        parameter = command._params.get("ai_level")
        if parameter is not None and parameter.choices:
            parameter.choices = [c for c in parameter.choices if c.value in allowed]


def level_word(lang: str, level: str) -> str:
    """Return a level's name in a language ("hard", "difícil"); another player's name as is."""
    return t(lang, f"ai.{level}") if level in LEVELS else level


def ai_name(lang: str, ai: str | None) -> str:
    """Return an AI seat's name: "Hard AI" / "IA difícil", or "AI" for older players.

    The seat's number is added after it ("IA difícil (2)"): one pair of parentheses.
    """
    if ai in LEVELS:
        return t(lang, f"thread.ai_seat.{ai}")
    return t(lang, "post.ai")


def hints_word(lang: str, hints: bool, ranked: bool) -> str:
    """Return whether a game allows hints, in words."""
    if ranked:
        return t(lang, "ai.hints_ranked")
    return t(lang, "ai.hints_on" if hints else "ai.hints_off")


def check_level(sessions: SessionManager, level: str) -> None:
    """Refuse a level the bot's operator does not allow (AI_MAX_LEVEL), or no level at all."""
    if level not in sessions.ai_levels:
        raise GameError("error.ai.level_not_allowed", levels=", ".join(sessions.ai_levels))


def default_level(sessions: SessionManager) -> str:
    """Return the level used when none is chosen: normal, or the strongest allowed below it."""
    allowed = sessions.ai_levels
    return DEFAULT if DEFAULT in allowed else allowed[-1]
