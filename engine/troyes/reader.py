"""Reading one Troyes data file: figures with their verified flag, effect references, errors.

Every figure in the data is a table `{ value, verified, source | why }` (issue 9): the value
is used, the flag and note are kept so docs and tests can list what is still an estimate.
Unknown keys, missing fields, bad values and unknown effect names raise CatalogError naming
the file, the entry and the field (STYLE.md §2.3). Shared by catalog.py (the base game) and
ladies_data.py (The Ladies of Troyes).
"""

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core import overrides
from engine.core.errors import CatalogError
from engine.troyes import primitives

BOXES = ("base", "ladies")


@dataclass(frozen=True, slots=True)
class Ref:
    """A reference to a named effect primitive with its (validated) parameters."""

    name: str
    params: Mapping[str, Any]


class Reader:
    """Read figures of one entry, remembering which ones are unverified."""

    def __init__(self, file: str, entry: Mapping[str, Any], label: str) -> None:
        self.file, self.entry, self.label = file, entry, label
        self.used: set[str] = set()
        self.unverified: list[str] = []

    def where(self, key: str) -> str:
        """Return where a field is, for error messages."""
        return f"{self.file}: {self.label}: field {key!r}"

    def plain(self, key: str, kind: type, default: Any = None) -> Any:
        """Return a plain (unannotated) value of type `kind`."""
        self.used.add(key)
        if key not in self.entry:
            if default is not None:
                return default
            raise CatalogError(f"{self.where(key)}: missing")
        value = self.entry[key]
        if not isinstance(value, kind) or isinstance(value, bool) is not (kind is bool):
            raise CatalogError(f"{self.where(key)}: expected {kind.__name__}, got {value!r}")
        return value

    def figure(self, key: str, default: Any = None) -> Any:
        """Return a figure's value (or a whole effect table), noting if unverified."""
        self.used.add(key)
        if key not in self.entry:
            if default is not None:
                return default
            raise CatalogError(f"{self.where(key)}: missing")
        fig = self.entry[key]
        if not isinstance(fig, Mapping) or "verified" not in fig:
            raise CatalogError(f"{self.where(key)}: expected {{ value, verified, source|why }}")
        extra = set(fig) - {"value", "verified", "source", "why", "name", "params"}
        if extra:
            raise CatalogError(f"{self.where(key)}: unknown keys {sorted(extra)}")
        if fig["verified"] is True and not fig.get("source"):
            raise CatalogError(f"{self.where(key)}: verified figures need a `source`")
        if fig["verified"] is not True and not fig.get("why"):
            raise CatalogError(f"{self.where(key)}: unverified figures need a `why`")
        if fig["verified"] is not True:
            self.unverified.append(key)
        if "name" in fig:
            return fig
        if "value" not in fig:
            raise CatalogError(f"{self.where(key)}: missing `value`")
        return fig["value"]

    def ref(self, key: str, family: str) -> Ref | None:
        """Return the checked effect reference of a field of this family, if any."""
        if key not in self.entry:
            self.used.add(key)
            return None
        name, params = primitives.validate(family, self.figure(key), self.where(key))
        return Ref(name, params)

    def done(self) -> tuple[str, ...]:
        """Refuse unknown fields; return the fields whose figures are unverified."""
        extra = set(self.entry) - self.used
        if extra:
            raise CatalogError(f"{self.file}: {self.label}: unknown fields {sorted(extra)}")
        return tuple(self.unverified)


def integer(r: Reader, key: str, low: int = 0) -> int:
    """Return a whole-number figure of at least `low`."""
    value = r.figure(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise CatalogError(f"{r.where(key)}: expected an integer >= {low}, got {value!r}")
    return value


def choice(r: Reader, key: str, choices: tuple[str, ...], figure: bool = False) -> str:
    """Return a value (a figure if `figure`) that must be one of `choices`."""
    value = r.figure(key) if figure else r.plain(key, str)
    if value not in choices:
        raise CatalogError(f"{r.where(key)}: {value!r} is not one of {list(choices)}")
    return str(value)


def texts(r: Reader) -> tuple[str, str, str, str]:
    """Return the English and Spanish name and text of an entry."""
    return (
        r.plain("name", str),
        r.plain("name_es", str),
        r.plain("text", str),
        r.plain("text_es", str),
    )


def read(directory: Path, name: str) -> dict[str, Any]:
    """Parse one TOML file of the data directory, with an operator's corrections over it."""
    data = _parse(directory, name)
    if (directory / overrides.name_for(name)).exists():
        data = overrides.overlay(data, name, _parse(directory, overrides.name_for(name)))
    return data


def _parse(directory: Path, name: str) -> dict[str, Any]:
    path = directory / name
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise CatalogError(f"{name}: cannot be read: {exc}") from exc
