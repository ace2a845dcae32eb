"""What the cogs get from the bot: the session manager, the poster and a few settings.

`bot.py` builds one `Runtime` and hangs it on the bot; cogs read it with `runtime(...)`.
Nothing here reads the environment (STYLE.md §2.8).
"""

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from engine.sessions import SessionManager

if TYPE_CHECKING:
    from cogs.common.poster import Poster


@dataclass(slots=True)
class Runtime:
    """The injected resources of the Discord layer."""

    sessions: SessionManager
    poster: "Poster"
    admin_role_id: int | None = None
    names: dict[int, str] = field(default_factory=dict)  # display names seen in interactions


def runtime(client: discord.Client | Any) -> Runtime:
    """Return the runtime hung on the bot by `bot.py`."""
    found = getattr(client, "runtime", None)
    if not isinstance(found, Runtime):
        raise RuntimeError("the bot has no Runtime; build it in bot.py")
    return found


def remember(interaction: discord.Interaction[Any]) -> Runtime:
    """Return the runtime, noting the user's display name for board images."""
    rt = runtime(interaction.client)
    rt.names[interaction.user.id] = interaction.user.display_name
    return rt
