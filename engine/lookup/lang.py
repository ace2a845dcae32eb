"""Which language a lookup answers in.

Order (research brief B4): the command's explicit option, else the server's setting, else the
user's Discord locale ("es-ES", "es-419" -> Spanish), else English.
"""

from engine.lookup.model import LANGS, Lang


def language_of_locale(locale: str | None) -> Lang:
    """Return "es" for any Spanish Discord locale ("es-ES", "es-419"), else "en"."""
    if locale and locale.lower().replace("_", "-").split("-")[0] == "es":
        return "es"
    return "en"


def _as_lang(value: str | None) -> Lang | None:
    if value is None:
        return None
    short = value.strip().lower().replace("_", "-").split("-")[0]
    for lang in LANGS:
        if short == lang:
            return lang
    return None


def resolve_language(
    option: str | None, server_setting: str | None, user_locale: str | None
) -> Lang:
    """Return the answer language: the option, else the server setting, else the user's locale."""
    return _as_lang(option) or _as_lang(server_setting) or language_of_locale(user_locale)
