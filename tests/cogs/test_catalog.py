"""The message catalog and the command translations: complete, valid for Discord, used."""

import re
from pathlib import Path
from typing import Any

import discord
import pytest

from cogs.common import i18n

COGS = Path(__file__).resolve().parents[2] / "cogs"
COMMAND_FILES = ("game.py", "play.py")


def test_english_and_spanish_have_the_same_messages():
    i18n.check_catalogs()
    assert set(i18n.messages("en")) == set(i18n.messages("es"))


def test_every_message_the_code_names_is_in_the_catalog():
    code = "\n".join(p.read_text() for p in COGS.rglob("*.py"))
    keys = set(
        re.findall(r'"((?:error|play|post|notice|lobby|request|game|games)\.[a-z_]+)"', code)
    )
    keys |= {f"lobby.{a}" for a in ("join", "leave", "ai", "start")}
    keys |= {f"notice.timed_out_{p}" for p in ("stand_in", "forfeit")}
    keys |= {f"request.muted_{m}" for m in ("turn", "game")}
    keys |= {f"lobby.policy_{p}" for p in ("stand_in", "forfeit")}
    missing = keys - set(i18n.messages("en"))
    assert not missing


def test_every_command_text_has_a_spanish_translation_discord_accepts():
    table = i18n.spanish_commands()
    code = "\n".join((COGS / name).read_text() for name in COMMAND_FILES)
    texts = set(re.findall(r'_\("([^"]+)"\)', code))
    assert texts
    assert not texts - set(table)
    for english, spanish in table.items():
        if re.fullmatch(r"[a-z_]+", english):  # a command or option name
            assert re.fullmatch(r"[\w-]{1,32}", spanish), spanish
            assert spanish == spanish.lower()
        else:
            assert 1 <= len(spanish) <= 100, spanish


@pytest.mark.parametrize(
    ("locale", "lang"),
    [
        (discord.Locale.spain_spanish, "es"),
        (discord.Locale.latin_american_spanish, "es"),
        (discord.Locale.american_english, "en"),
        (discord.Locale.french, "en"),
        ("es", "es"),
        (None, "en"),
    ],
)
def test_locales_map_to_catalog_languages(locale, lang):
    assert i18n.lang_of(locale) == lang


async def test_the_translator_answers_only_for_spanish_locales():
    translator = i18n.CatalogTranslator()
    text = discord.app_commands.locale_str("Open a lobby for a new game")
    location: Any = discord.app_commands.TranslationContextLocation.other
    context: Any = discord.app_commands.TranslationContext(location, None)
    spanish = await translator.translate(text, discord.Locale.latin_american_spanish, context)
    assert spanish == "Abrir una sala para una partida nueva"
    assert await translator.translate(text, discord.Locale.american_english, context) is None
