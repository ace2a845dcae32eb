"""The images' words in the game's language, from the message catalogs (engine/core/i18n.py).

A board is drawn inside `language(lang)`: the drawing functions ask `tr(key)` for their fixed
labels (shared ones in data/i18n/render.{en,es}.toml, a game's own in data/<game>/i18n/), and
`localized(cat)` gives a catalog whose entries carry their Spanish `name_es` as `name`. The
language is a context variable, so boards drawn in parallel worker threads each keep their own.
"""

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import fields, is_dataclass, replace
from typing import Any, TypeVar

from engine.core import i18n

LANGUAGES = i18n.LANGUAGES
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


def strings(lang: str) -> Mapping[str, i18n.Message]:
    """Return every message of `lang` by dotted key ("trajan.time"), plural tables as tables."""
    return i18n.catalog(lang).messages


def tr(key: str, **values: object) -> str:
    """Return the label `key` in the current language, with its {fields} filled in."""
    return i18n.text(current(), key, **values)


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
