"""The one error handler: refusals in the user's language, anything else the apology."""

from types import SimpleNamespace
from typing import Any

import discord

from cogs.common import errors
from engine.core.errors import GameError, StaleStateError
from engine.sessions import NotSeatedError


class _Response:
    def __init__(self) -> None:
        self.sent: list[tuple[str, bool]] = []

    def is_done(self) -> bool:
        return False

    async def send_message(self, text: str, *, ephemeral: bool = False) -> None:
        self.sent.append((text, ephemeral))


def _interaction(locale: discord.Locale) -> Any:
    return SimpleNamespace(locale=locale, response=_Response(), data={"custom_id": "x"})


def test_a_keyed_refusal_is_precise_in_spanish():
    error = StaleStateError("error.stale_move", shown=3, current=5)
    assert errors.error_text(error, "en") == str(error)
    assert "jugada 3" in errors.error_text(error, "es")


def test_a_plain_sessions_refusal_keeps_its_class_sentence_in_spanish():
    error = NotSeatedError("You are not seated in game 7.")
    assert errors.error_text(error, "en") == "You are not seated in game 7."
    assert errors.error_text(error, "es") == "No juegas en esta partida."


async def test_the_handler_answers_a_refusal_ephemerally_in_the_users_language():
    interaction = _interaction(discord.Locale.spain_spanish)
    wrapped = discord.app_commands.CommandInvokeError.__new__(
        discord.app_commands.CommandInvokeError
    )
    wrapped.original = GameError("error.bad_options", part="x")
    await errors.handle(interaction, wrapped)
    assert interaction.response.sent == [("Escribe las opciones como nombre=valor, no 'x'.", True)]


async def test_a_guarded_callback_answers_a_crash_with_the_apology(caplog):
    class Item:
        @errors.guarded
        async def callback(self, interaction: Any) -> None:
            raise RuntimeError("boom")

    interaction = _interaction(discord.Locale.american_english)
    await Item().callback(interaction)
    assert interaction.response.sent == [("Something went wrong; the game was not changed.", True)]
    assert "boom" in caplog.text


def test_a_refusal_quotes_typed_input_clipped_and_fits_a_message():
    error = GameError("league.err_zone", zone="Z" * 5000)
    said = errors.error_text(error, "en")
    assert "Z" * 79 in said
    assert "Z" * 81 not in said
    assert len(said) < 200
    plain = GameError("x" * 5000)  # an unkeyed sentence (sessions today) is capped too
    assert len(errors.error_text(plain, "en")) == errors.MESSAGE


async def test_every_reply_fits_in_discords_2000_characters():
    interaction = _interaction(discord.Locale.american_english)
    await errors.reply(interaction, "y" * 2500)
    [(text, ephemeral)] = interaction.response.sent
    assert ephemeral
    assert len(text) == 2000
