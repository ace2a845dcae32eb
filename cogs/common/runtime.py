"""What the cogs get from the bot: the session manager, the poster and a few settings.

`bot.py` builds one `Runtime` and hangs it on the bot; cogs read it with `runtime(...)`.
Nothing here reads the environment (STYLE.md §2.8).
"""

from dataclasses import dataclass, field
from typing import Any, Protocol

import discord

from engine.sessions import GameInfo, Outcome, SessionManager


class GameFacts(Protocol):
    """What the cogs read of a game's posting facts (poster.py `Meta`)."""

    @property
    def game(self) -> str:
        """The game's name."""
        ...

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, by engine seat."""
        ...

    @property
    def language(self) -> str:
        """The game's language."""
        ...

    @property
    def users(self) -> tuple[int | None, ...]:
        """The seated users, by engine seat (None: an AI)."""
        ...


class Posting(Protocol):
    """What the cogs ask of the poster (cogs/common/poster.py `Poster`).

    Declared here, not imported, so the runtime sits below every module that uses it.
    """

    async def post(
        self,
        outcome: Outcome,
        *,
        fresh: bool = False,
        click: discord.Interaction[Any] | None = None,
    ) -> None:
        """Post one outcome in its game's thread (fresh: always as a new turn message).

        `click`: the press that played it; the pressed board may be edited through it.
        """
        ...

    async def send_private(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """Send the user, ephemerally, their hidden information and private image."""
        ...

    async def meta(self, game_id: int, info: GameInfo | None = None) -> GameFacts:
        """Return the game's kind, language and players by seat."""
        ...

    def forget(self, game_id: int) -> None:
        """Drop cached facts of a game."""
        ...

    async def retry_unsent(self) -> int:
        """Post what was saved but not shown (after an outage); return how many boards."""
        ...

    def close(self) -> None:
        """Stop retrying."""
        ...

    async def refresh(self) -> int:
        """Post again every active board whose controls are out of date."""
        ...


@dataclass(slots=True)
class Runtime:
    """The injected resources of the Discord layer."""

    sessions: SessionManager
    poster: Posting
    admin_role_id: int | None = None
    names: dict[int, str] = field(default_factory=dict)  # display names seen in interactions


def runtime(client: discord.Client | Any) -> Runtime:
    """Return the runtime hung on the bot by `bot.py`."""
    found = getattr(client, "runtime", None)
    if not isinstance(found, Runtime):
        raise RuntimeError("the bot has no Runtime; build it in bot.py")
    return found


async def in_game(interaction: discord.Interaction[Any], game_id: int) -> str:
    """Note that the interaction acts on a game; return the game's language.

    For a player seated in the game, whatever answers it from now on (a refusal included,
    `cogs.common.i18n.lang_for`) speaks the game's language: a Spanish game reads Spanish
    throughout, for every player (issue 14). Anyone else is answered in their own locale.
    """
    meta = await runtime(interaction.client).poster.meta(game_id)
    extras = getattr(interaction, "extras", None)
    if isinstance(extras, dict) and interaction.user.id in meta.users:
        extras["lang"] = meta.language
    return meta.language


def remember(interaction: discord.Interaction[Any]) -> Runtime:
    """Return the runtime, noting the user's display name for board images."""
    rt = runtime(interaction.client)
    rt.names[interaction.user.id] = interaction.user.display_name
    return rt
