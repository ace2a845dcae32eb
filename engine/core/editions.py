"""Rules editions (issue 20): which rules and which data a game was started under.

An edition is the engine's rules version (a number its game module raises when a rule's code
changes) and the digest of the data files its catalog was read from (`data/<game>/*.toml`,
with an operator's corrections once they apply). Games record the edition they start with;
the session layer keeps each edition's files by digest in the database, so a running game
finishes under the figures it started with after an upgrade, and verifies under them too.

An engine takes part by having `rules_version`, `data_dir` (None: built from a catalog in
memory, e.g. by a test: no edition is recorded) and `data_files` (the files its catalog
reads), and `with_data(directory)`, the same engine reading the data from another folder.
"""

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from engine.core import overrides
from engine.core.i18n import CatalogError


@runtime_checkable
class Editioned(Protocol):
    """An engine whose data can be read from another folder (an older edition's files)."""

    @property
    def rules_version(self) -> int:
        """Return the version of the rules' code (raised when a rule's code changes)."""
        ...

    @property
    def data_dir(self) -> Path | None:
        """Return the folder the catalog was read from (None: built in memory)."""
        ...

    @property
    def data_files(self) -> tuple[str, ...]:
        """Return the names of the data files the catalog reads."""
        ...

    def with_data(self, directory: Path) -> Any:
        """Return the same engine with its catalog read from `directory`."""
        ...


@dataclass(frozen=True, slots=True)
class Edition:
    """One edition of a game's rules: rules version, data digest and the data files."""

    game: str
    rules: int
    digest: str
    files: Mapping[str, str]

    @property
    def label(self) -> str:
        """Return a short name for players and admins ("rules 1, data 3f2a9c1b")."""
        return f"rules {self.rules}, data {self.digest[:8]}"


def digest(files: Mapping[str, str]) -> str:
    """Return the sha256 of a set of data files (names and texts), independent of order."""
    blob = json.dumps(dict(files), sort_keys=True, ensure_ascii=False).encode("utf-8")
    return hashlib.sha256(blob).hexdigest()


def read_files(directory: Path, names: tuple[str, ...]) -> dict[str, str]:
    """Return the texts of the named data files of a folder, and of their corrections."""
    files = {name: (directory / name).read_text(encoding="utf-8") for name in names}
    for name in names:  # an operator's corrections are part of the edition (overrides.py)
        correction = directory / overrides.name_for(name)
        if correction.exists():
            files[correction.name] = correction.read_text(encoding="utf-8")
    return files


def current(engine: Editioned, game: str) -> Edition | None:
    """Return the edition an engine plays now, or None if its data is not from a folder."""
    if engine.data_dir is None:
        return None
    files = read_files(engine.data_dir, engine.data_files)
    return Edition(game, engine.rules_version, digest(files), files)


def write_files(files: Mapping[str, str], directory: Path) -> Path:
    """Write an edition's files into `directory` (created) and return it."""
    directory.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        if Path(name).name != name:  # a stored name is a bare file name, never a path
            raise ValueError(f"bad data file name {name!r}")
        (directory / name).write_text(text, encoding="utf-8")
    return directory


def with_corrections(engine: Editioned, corrections: Path, target: Path) -> Any:
    """Return the engine reading its data with an operator's corrections (DATA_OVERRIDES).

    `corrections` holds files named like the engine's data files; they are copied beside a
    copy of the data into `target` as `override.<file>` (overrides.py), and the engine's
    catalog is read from there: a bad correction raises CatalogError naming file, row, field.
    """
    if engine.data_dir is None:
        raise ValueError("this engine's data is not read from a folder")
    unknown = sorted(
        p.name for p in corrections.iterdir() if p.is_file() and p.name not in engine.data_files
    )
    if unknown:
        raise CatalogError(
            f"{corrections}: {unknown} correct no data file (known: {list(engine.data_files)})"
        )
    files = read_files(engine.data_dir, engine.data_files)
    for name in engine.data_files:
        if (corrections / name).is_file():
            files[overrides.name_for(name)] = (corrections / name).read_text(encoding="utf-8")
    return engine.with_data(write_files(files, target))
