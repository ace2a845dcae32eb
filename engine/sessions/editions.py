"""Which edition of its rules each stored game plays under (issue 20).

A game records the edition it starts with (engine/core/editions.py: the engine's rules version
and the digest of its data files), and the files of every edition a game was started under are
kept in the database by digest (`editions`, migration 0005). Loading a game gives it the engine
of its own edition: the running engine when the digests match (every new game), else the same
engine reading the kept files (written once per process into a private temporary folder). So
after an upgrade that changes a figure, running games finish, and verify, under the figures
they started with, and new games take the newest. `migrate` (an admin's call) moves a running
game to the newest edition after checking that its log replays under it.

Games stored before editions were recorded play the running edition (nothing else is known).
"""

import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import editions
from engine.core.editions import Edition, Editioned
from engine.core.errors import GameError
from engine.core.protocol import GameEngine
from engine.sessions.rows import GameRow
from engine.sessions.store import Store, Tx


class EditionMissingError(GameError):
    """The data of the edition a game was started under is not kept: it cannot be played."""


@dataclass
class EditionCache:
    """What one process worked out about editions: the current ones and older engines."""

    current: dict[str, Edition | None] = field(default_factory=dict)
    engines: dict[tuple[str, str], GameEngine[Any, Any]] = field(default_factory=dict)
    folder: tempfile.TemporaryDirectory[str] | None = None

    def newest(self, game: str, engine: GameEngine[Any, Any]) -> Edition | None:
        """Return the edition the running engine plays (None: it records none)."""
        if game not in self.current:
            edition = editions.current(engine, game) if isinstance(engine, Editioned) else None
            self.current[game] = edition
        return self.current[game]

    def directory(self, game: str, digest: str) -> Path:
        """Return a private folder for one edition's files."""
        if self.folder is None:
            self.folder = tempfile.TemporaryDirectory(prefix="denarius-editions-")
        return Path(self.folder.name) / game / digest


async def record(
    tx: Tx, cache: EditionCache, game_id: int, game: str, engine: GameEngine[Any, Any], at: str
) -> Edition | None:
    """Record that a game plays the running edition, keeping that edition's files."""
    edition = cache.newest(game, engine)
    if edition is not None:
        await tx.keep_edition(game, edition.digest, edition.rules, edition.files, at)
        await tx.set_game_edition(game_id, edition.digest, edition.rules, at)
    return edition


async def engine_for(
    store: Store, cache: EditionCache, row: GameRow, base: GameEngine[Any, Any]
) -> GameEngine[Any, Any]:
    """Return the engine of the edition a stored game plays under."""
    newest = cache.newest(row.game, base)
    recorded = await store.game_edition(row.id)
    if newest is None or recorded is None or recorded[0] == newest.digest:
        return base
    digest = recorded[0]
    key = (row.game, digest)
    if key not in cache.engines:
        files = await store.edition_files(row.game, digest)
        if files is None:
            raise EditionMissingError(
                "error.session.edition_missing", number=row.id, digest=digest[:8]
            )
        assert isinstance(base, Editioned)  # noqa: S101 - `newest` is None otherwise
        folder = editions.write_files(files, cache.directory(row.game, digest))
        cache.engines[key] = base.with_data(folder)
    return cache.engines[key]


async def edition_of(store: Store, cache: EditionCache, row: GameRow, base: Any) -> str:
    """Return a game's edition in words ("rules 1, data 3f2a9c1b"), or "" if unrecorded."""
    recorded = await store.game_edition(row.id)
    if recorded is None:
        return ""
    newest = cache.newest(row.game, base)
    label = f"rules {recorded[1]}, data {recorded[0][:8]}"
    return label + (" (the newest)" if newest and newest.digest == recorded[0] else "")
