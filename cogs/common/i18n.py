"""The message catalog (data/i18n/{en,es}.toml) and the translator for command names.

Every player-facing sentence of the Discord layer lives in the catalog, keyed by a dotted
name (`play.stale`). Ephemeral replies use the clicking user's locale; messages in a game
thread use the game's language (`/game new language:` or the server's choice). Command
names and descriptions reach Discord through `CatalogTranslator` (en-US is the default
text in code; es-ES and es-419 come from the `[commands]` table of es.toml, keyed by the
English text).
"""

import logging
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

log = logging.getLogger(__name__)

I18N_DIR = Path(__file__).resolve().parents[2] / "data" / "i18n"
LANGUAGES = ("en", "es")
DEFAULT = "en"
_SPANISH = frozenset({discord.Locale.spain_spanish, discord.Locale.latin_american_spanish})


@cache
def _catalog(lang: str) -> dict[str, Any]:
    with (I18N_DIR / f"{lang}.toml").open("rb") as fh:
        return tomllib.load(fh)


def _flat(table: dict[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(_flat(value, f"{name}."))
        else:
            out[name] = str(value)
    return out


@cache
def messages(lang: str) -> dict[str, str]:
    """Return the flat message table of a language (keys like `play.stale`)."""
    data = dict(_catalog(lang))
    data.pop("commands", None)
    return _flat(data)


def lang_of(locale: discord.Locale | str | None) -> str:
    """Return the catalog language for a Discord locale or a stored language code."""
    if isinstance(locale, discord.Locale):
        return "es" if locale in _SPANISH else DEFAULT
    if locale and str(locale).split("-")[0] in LANGUAGES:
        return str(locale).split("-")[0]
    return DEFAULT


def t(lang: str, key: str, **fields: object) -> str:
    """Return the message `key` in `lang` (English if missing there), with fields filled in."""
    text = messages(lang_of(lang)).get(key) or messages(DEFAULT).get(key)
    if text is None:
        log.error("missing message %s", key)
        return key
    return text.format(**fields) if fields else text


def check_catalogs() -> None:
    """Fail fast at start-up if a language lacks a key that English has (or has extra ones)."""
    english = set(messages(DEFAULT))
    for lang in LANGUAGES:
        keys = set(messages(lang))
        if keys != english:
            diff = sorted(keys ^ english)
            raise ValueError(f"data/i18n/{lang}.toml differs from en.toml in: {diff}")


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


@cache
def spanish_commands() -> dict[str, str]:
    """Return the [commands] tables of es.toml and every other Spanish catalog (rules, league)."""
    table: dict[str, str] = {}
    for path in sorted(I18N_DIR.rglob("*es.toml")):
        with path.open("rb") as fh:
            table.update(tomllib.load(fh).get("commands", {}))
    return table
