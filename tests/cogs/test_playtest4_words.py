"""Words of the fourth Spanish playtest (issue 14) in the Discord layer."""

from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import discord

from cogs.common import acting
from cogs.common.runtime import Runtime
from engine.sessions.models import Choice, Choices, Turn

AT = datetime(2026, 12, 3, tzinfo=UTC)


class Response:
    def __init__(self) -> None:
        self.deferred = False

    def is_done(self) -> bool:
        return self.deferred

    async def defer(self, **kwargs: Any) -> None:
        self.deferred = True


class Followup:
    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send(self, text: str, **kwargs: Any) -> None:
        self.sent.append(text)


async def test_the_private_choices_reply_starts_its_prompt_with_a_capital():
    # Playtest 4: "Elegir (solo tú ves las opciones)" on a Trajan Seaport answered
    # "haz la acción Puerto, o pasa." in lower case, where the board reads "Haz la acción
    # Puerto, o pasa." after "Ahora: @alice:" (item 28's capital).
    turn = Turn(2, "seaport", 1, "haz la acción Puerto, o pasa.", AT, None)
    choices = Choices(5, 9, turn, (Choice(0, "pass", "Pasar"),))

    async def current(game: int) -> Choices:
        return choices

    async def meta(game: int) -> Any:
        return SimpleNamespace(users={1}, language="es", game="", names=("a", "b", "alice"))

    sessions = SimpleNamespace(choices=current)
    runtime = Runtime(sessions=sessions, poster=SimpleNamespace(meta=meta))  # type: ignore[arg-type]
    followup = Followup()
    interaction: Any = SimpleNamespace(
        client=SimpleNamespace(runtime=runtime),
        user=SimpleNamespace(id=1, display_name="alice"),
        locale=discord.Locale.spain_spanish,
        response=Response(),
        followup=followup,
        extras={},
    )
    await acting.PageButton(5, 9, 0).callback(interaction)
    assert followup.sent == ["Haz la acción Puerto, o pasa."]
