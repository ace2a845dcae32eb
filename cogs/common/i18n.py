"""The Discord side of the message catalogs: locales, replies by key, command translations.

Every player-facing sentence lives in the catalogs (engine/core/i18n.py reads them), keyed by
a dotted name (`play.stale`). Ephemeral replies use the clicking user's locale; messages in a
game thread use the game's language (`/game new language:` or the server's choice). Command
names and descriptions reach Discord through `CatalogTranslator` (en-US is the default text
in code; es-ES and es-419 come from the `[commands]` tables of the Spanish catalogs, keyed by
the English text).
"""

from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from engine.core import i18n

LANGUAGES = i18n.LANGUAGES
DEFAULT = i18n.DEFAULT
_SPANISH = frozenset({discord.Locale.spain_spanish, discord.Locale.latin_american_spanish})


def messages(lang: str) -> Mapping[str, i18n.Message]:
    """Return every message of a language by dotted key (`play.stale`)."""
    return i18n.catalog(lang).messages


def lang_of(locale: discord.Locale | str | None) -> str:
    """Return the catalog language for a Discord locale or a stored language code."""
    if isinstance(locale, discord.Locale):
        return "es" if locale in _SPANISH else DEFAULT
    return i18n.lang_or_default(locale)


# Players' language overrides (/settings language:), user id -> language; the settings cog
# fills it at start-up and on every change, so answers need no database read.
OVERRIDES: dict[int, str] = {}


def lang_for(interaction: discord.Interaction[Any]) -> str:
    """Return the language to answer a user in: their /settings override, else their locale."""
    user = getattr(interaction, "user", None)
    found = None if user is None else OVERRIDES.get(user.id)
    return found if found is not None else lang_of(interaction.locale)


def t(lang: str, key: str, /, **fields: object) -> str:
    """Return the message `key` in `lang` (English if missing there), with fields filled in."""
    return i18n.text(lang, key, **fields)


check_catalogs = i18n.check_catalogs


class CatalogTranslator(app_commands.Translator):
    """Translate command names, descriptions and choices from the catalog's [commands] table."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """Return the Spanish text for es-ES and es-419, else None (the English default)."""
        if locale not in _SPANISH:
            return None
        return spanish_commands().get(string.message)


def spanish_commands() -> Mapping[str, str]:
    """Return the Spanish command names and descriptions of every catalog, by English text."""
    return i18n.catalog("es").commands
