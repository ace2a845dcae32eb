"""`/game hint`: the normal AI's suggestion for the caller's decision, ephemeral (issue 15).

The session service asks the normal player in the AI worker pool, from the caller's own
position (the players determinise what the seat cannot see: engine/thinking.py); here the
move is named with its button's label and, where the planner gives figures, one line says
why: the value its plan for the rest of the turn leads to (the game's estimate of the final
score), the value now, and the best plan starting with another move. Refused in league games,
in games whose creator turned hints off, and when the decision is not the caller's.
"""

from typing import Any

import discord

from cogs.common import text
from cogs.common.errors import reply
from cogs.common.i18n import t
from cogs.common.runtime import remember
from engine.thinking import Suggestion


def number(lang: str, value: float) -> str:
    """Return a figure with one decimal, written as the language writes decimals."""
    written = f"{value:.1f}"
    return written.replace(".", ",") if lang == "es" else written


def hint_text(suggestion: Suggestion, label: str, lang: str) -> str:
    """Return the hint: the move's label, then the one-line reason (if the AI gives one)."""
    lines = [t(lang, "hint.move", label=label)]
    if suggestion.choices == 1:
        lines.append(t(lang, "hint.only"))
    elif suggestion.value is None or suggestion.now is None:
        lines.append(t(lang, "hint.no_reason"))
    elif suggestion.runner_up is None or suggestion.runner_up > suggestion.value:
        # (No comparison unless the move is the best of the planner's plans: honest only so.)
        lines.append(t(lang, "hint.reason_alone", value=number(lang, suggestion.value),
                       now=number(lang, suggestion.now)))  # fmt: skip
    else:
        lines.append(t(lang, "hint.reason", value=number(lang, suggestion.value),
                       now=number(lang, suggestion.now),
                       other=number(lang, suggestion.runner_up)))  # fmt: skip
    return "\n".join(lines)


async def show(interaction: discord.Interaction[Any], game: int) -> None:
    """Answer `/game hint` ephemerally, in the game's language (as its buttons read)."""
    rt = remember(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    choices, suggestion = await rt.sessions.hint(game, interaction.user.id)
    meta = await rt.poster.meta(game)
    lang = meta.language
    named = text.named_choices(choices, meta.game, meta.names, lang)
    chosen = next(c for c in named.choices if c.index == suggestion.index)
    await reply(interaction, hint_text(suggestion, chosen.label, lang))
