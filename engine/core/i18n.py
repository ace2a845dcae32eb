"""Every player-facing word, by key: the one loader of the message catalogs.

Where the words live:
- `data/i18n/`: the shared catalogs, one per part and language: `en.toml`/`es.toml`, and
  `<part>.en.toml` or `<part>/en.toml` beside them (render, rules, league). A key is the
  dotted path of its tables (`error.stale`, `league.joined`); the file name adds nothing.
- `data/<game>/i18n/{en,es}.toml`: a game's own words, under the game's name (the file's
  `time = "Time"` is `trajan.time`), so adding a game touches only its own folders.

A value is a string with named `{fields}`, or a plural table `{ one = "...", other = "..." }`
whose form is chosen by the `count` argument (English and Spanish: `one` for exactly 1,
`other` for anything else). The `[commands]` tables are set apart: they translate command
names and descriptions for Discord, keyed by the English text. Both languages must have the
same keys, the same fields per key and valid plural tables (`problems()`, checked at start-up
and by the tests). Pure Python: the engine, render and cogs all read words through here.
"""

import logging
import string
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal, TypeAlias, get_args

log = logging.getLogger(__name__)

DATA = Path(__file__).resolve().parents[2] / "data"
SHARED = DATA / "i18n"
Lang: TypeAlias = Literal["en", "es"]
LANGUAGES: tuple[Lang, ...] = get_args(Lang)
DEFAULT: Lang = "en"
PLURAL_FORMS = frozenset({"zero", "one", "two", "few", "many", "other"})
COMMANDS = "commands"

Message = str | Mapping[str, str]


class CatalogError(Exception):
    """A data file is invalid; the message names the file, the entry and the field."""


def language(code: object) -> Lang | None:
    """Return the catalog language of a code ("es", "es-ES", "es_419", "EN"), or None."""
    if code is None:
        return None
    short = str(code).strip().lower().replace("_", "-").split("-")[0]
    return next((lang for lang in LANGUAGES if lang == short), None)


def lang_or_default(code: object) -> Lang:
    """Return the catalog language of a code, English when it names no catalog language."""
    return language(code) or DEFAULT


def resolve(*codes: object) -> Lang:
    """Return the first code's language that names one (an option, a setting, a locale).

    The lookups answer in the command's explicit option, else the server's setting, else the
    user's Discord locale ("es-ES", "es-419" are Spanish), else English (research brief B4).
    """
    return next((lang for lang in map(language, codes) if lang), DEFAULT)


def plural_form(lang: str, count: int | float) -> str:
    """Return the plural form of `count` in `lang`: "one" for exactly 1, else "other"."""
    del lang  # English and Spanish share the rule; a language with more forms adds a branch
    return "one" if count == 1 else "other"


def is_plural(value: object) -> bool:
    """Tell whether a catalog value is a plural table (forms as keys, "other" among them)."""
    return (
        isinstance(value, Mapping)
        and "other" in value
        and set(value) <= PLURAL_FORMS
        and all(isinstance(v, str) for v in value.values())
    )


def fields_of(message: Message) -> frozenset[str]:
    """Return the named fields a message takes (a plural table also takes `count`)."""
    forms = list(message.values()) if isinstance(message, Mapping) else [message]
    names = {name for form in forms for _, name, _, _ in string.Formatter().parse(form) if name}
    if isinstance(message, Mapping):
        names.add("count")
    return frozenset(name.split(".")[0].split("[")[0] for name in names)


@dataclass(frozen=True, slots=True)
class Catalog:
    """The messages of one language by dotted key, and its command-name translations."""

    lang: str
    messages: Mapping[str, Message]
    commands: Mapping[str, str]

    def get(self, key: str, /, **args: object) -> str | None:
        """Return message `key` with its fields filled in, or None if this catalog lacks it."""
        message = self.messages.get(key)
        if message is None:
            return None
        if not isinstance(message, str):  # a plural table
            count = args.get("count")
            if not isinstance(count, int | float):
                raise TypeError(f"message {key} is a plural: give it a number as `count`")
            # "zero", where a table has it, words a count of none ("no points left").
            form = "zero" if count == 0 and "zero" in message else plural_form(self.lang, count)
            message = message.get(form, message["other"])
        return message.format(**args) if args else message


def _flat(table: Mapping[str, Any], prefix: str, path: Path) -> Iterator[tuple[str, Message]]:
    for key, value in table.items():
        name = f"{prefix}{key}"
        if is_plural(value):
            yield name, dict(value)
        elif isinstance(value, Mapping):
            yield from _flat(value, f"{name}.", path)
        elif isinstance(value, str):
            yield name, value
        else:
            raise CatalogError(f"{path}: {name} is neither text nor a plural table")


def catalog_files(lang: str) -> list[tuple[Path, str]]:
    """Return the catalog files of a language with the key prefix of each, in load order."""
    shared = [SHARED / f"{lang}.toml", *sorted(SHARED.glob(f"*.{lang}.toml"))]
    shared += sorted(SHARED.glob(f"*/{lang}.toml"))
    games = sorted(p for p in DATA.glob(f"*/i18n/{lang}.toml") if p.parent != SHARED)
    return [(p, "") for p in shared] + [(p, f"{p.parent.parent.name}.") for p in games]


@cache
def catalog(lang: str) -> Catalog:
    """Return the catalog of a language, read once; raise CatalogError on a broken file."""
    messages: dict[str, Message] = {}
    commands: dict[str, str] = {}
    for path, prefix in catalog_files(lang):
        try:
            with path.open("rb") as handle:
                data = tomllib.load(handle)
        except (OSError, tomllib.TOMLDecodeError) as error:
            raise CatalogError(f"{path}: {error}") from error
        commands.update({str(k): str(v) for k, v in data.pop(COMMANDS, {}).items()})
        for key, message in _flat(data, prefix, path):
            if key in messages:
                raise CatalogError(f"{path}: {key} is already defined by another catalog file")
            messages[key] = message
    return Catalog(lang, messages, commands)


def text(lang: str, key: str, /, **args: object) -> str:
    """Return message `key` in `lang` (English if missing there) with its fields filled in.

    A key missing from English too is logged and returned as it is, so a player sees
    something rather than an error.
    """
    found = catalog(lang if lang in LANGUAGES else lang_or_default(lang)).get(key, **args)
    if found is None:
        found = catalog(DEFAULT).get(key, **args)
    if found is None:
        log.error("missing message %s", key)
        return key
    return found


def table(lang: str, prefix: str) -> dict[str, str]:
    """Return the plain messages under `prefix.` in `lang`, keyed by the rest of their key.

    For modules that fill in their own forms (the engines' log lines and labels): they pick
    a message by a computed key and call `str.format` themselves.
    """
    start = f"{prefix}."
    messages = catalog(lang_or_default(lang)).messages
    return {
        k.removeprefix(start): v
        for k, v in messages.items()
        if k.startswith(start) and isinstance(v, str)
    }


def tables(prefix: str) -> dict[str, dict[str, str]]:
    """Return `table(lang, prefix)` for every language, by language."""
    return {lang: table(lang, prefix) for lang in LANGUAGES}


def pairs(prefix: str) -> dict[str, tuple[str, str]]:
    """Return the plain messages under `prefix.` as (English, Spanish) pairs, by key."""
    english, spanish = table("en", prefix), table("es", prefix)
    return {key: (text, spanish.get(key, text)) for key, text in english.items()}


def has(key: str) -> bool:
    """Tell whether the English catalog has message `key`."""
    return key in catalog(DEFAULT).messages


def problems() -> list[str]:
    """Return what is wrong between the languages: keys, fields or plural tables that differ."""
    found: list[str] = []
    english = catalog(DEFAULT).messages
    for lang in LANGUAGES:
        other = catalog(lang).messages
        found += [f"{lang} lacks {key}" for key in sorted(set(english) - set(other))]
        found += [f"{lang} has extra {key}" for key in sorted(set(other) - set(english))]
        for key in sorted(set(english) & set(other)):
            theirs, ours = other[key], english[key]
            if isinstance(theirs, Mapping) != isinstance(ours, Mapping):
                found.append(f"{lang} {key}: plural in one language only")
            elif fields_of(theirs) != fields_of(ours):
                found.append(f"{lang} {key}: fields {sorted(fields_of(theirs))}")
            elif isinstance(theirs, Mapping) and not {"one", "other"} <= set(theirs):
                found.append(f"{lang} {key}: a plural needs `one` and `other`")
    return found


def check_catalogs() -> None:
    """Fail fast at start-up when the catalogs are broken or the languages disagree."""
    found = problems()
    if found:
        raise CatalogError("message catalogs: " + "; ".join(found[:20]))
