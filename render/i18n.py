"""The images' fixed words in the game's language (data/i18n/render.{en,es}.toml).

A board is drawn inside `language(lang)`: the drawing functions ask `tr(key)` for their fixed
labels, and `localized(cat)` gives a catalog whose entries carry their Spanish `name_es` as
`name`. The language is a context variable, so boards drawn in parallel worker threads each
keep their own.
"""

import tomllib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import fields, is_dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

LANGUAGES = ("en", "es")
_DATA = Path(__file__).resolve().parent.parent / "data" / "i18n"
_CURRENT: ContextVar[str] = ContextVar("render_language", default="en")
T = TypeVar("T")


@contextmanager
def language(lang: str) -> Iterator[None]:
    """Draw in `lang` ("en" or "es"; anything else falls back to English) inside the block."""
    token = _CURRENT.set(lang if lang in LANGUAGES else "en")
    try:
        yield
    finally:
        _CURRENT.reset(token)


def current() -> str:
    """Return the language the images are being drawn in."""
    return _CURRENT.get()


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in table.items():
        if isinstance(value, Mapping):
            out.update(_flatten(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = str(value)
    return out


@cache
def strings(lang: str) -> Mapping[str, str]:
    """Return every fixed label of the images in `lang`, by dotted key ("area.time")."""
    with (_DATA / f"render.{lang}.toml").open("rb") as handle:
        return _flatten(tomllib.load(handle))


def tr(key: str, **values: object) -> str:
    """Return the label `key` in the current language, with its {fields} filled in."""
    text = strings(current())[key]
    return text.format(**values) if values else text


def _spanish(item: Any) -> Any:
    if is_dataclass(item) and not isinstance(item, type):
        changes = {f.name: _spanish(getattr(item, f.name)) for f in fields(item) if f.init}
        if changes.get("name_es"):
            changes["name"] = changes["name_es"]
        return replace(item, **changes)
    if isinstance(item, tuple):
        return tuple(_spanish(x) for x in item)
    if isinstance(item, Mapping):
        return {k: _spanish(v) for k, v in item.items()}
    return item


_LOCALIZED: dict[int, tuple[Any, Any]] = {}


def localized(cat: T) -> T:
    """Return `cat` in the current language: in Spanish every entry's `name` is its `name_es`."""
    if current() == "en":
        return cat
    found = _LOCALIZED.get(id(cat))
    if found is None or found[0] is not cat:
        found = _LOCALIZED[id(cat)] = (cat, _spanish(cat))
    localized_cat: T = found[1]
    return localized_cat
