"""The database's health at start-up and its scheduled online backups (issue 20).

`damage(path)` runs SQLite's `PRAGMA quick_check` on the file before anything opens it for
writing: a damaged file is refused (`DamagedDatabaseError`, naming the file and the latest
backup to restore), so the bot never plays on, or migrates, a database it cannot trust.
`take_backup(database, folder, keep, now)` writes one online backup (SQLite's backup API: a
consistent snapshot while games go on, 0600) named by its UTC time, and keeps the newest
`keep`. README.md ("Hosting", step 5) has the restore steps; tests/engine/db/test_integrity.py
follows them and plays on.
"""

import sqlite3
from datetime import datetime
from pathlib import Path

from engine.db.database import Database

PREFIX = "games-"
SUFFIX = ".db"
STAMP = "%Y%m%dT%H%M%SZ"


class DamagedDatabaseError(Exception):
    """The database file fails SQLite's quick check; the bot must not run on it."""

    def __init__(self, path: Path, problems: list[str], backup: Path | None) -> None:
        """Say which file, what SQLite found, and which backup to restore."""
        self.path, self.problems, self.backup = path, problems, backup
        found = "; ".join(problems[:3]) + (" ..." if len(problems) > 3 else "")
        latest = f"the latest backup is {backup}" if backup else "no backup was found"
        super().__init__(
            f"The database {path} is damaged (SQLite quick_check: {found}). The bot will not"
            f" run on it: stop, then restore a backup as README.md says ({latest})."
        )


def damage(path: Path) -> list[str]:
    """Return what SQLite's quick_check finds wrong with a database file (empty: sound).

    A file that does not exist yet is sound: the database layer creates it.
    """
    if not path.exists():
        return []
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as error:
        return [str(error)]
    try:
        rows = conn.execute("PRAGMA quick_check").fetchall()
    except sqlite3.DatabaseError as error:  # not a database at all, or its header is gone
        return [str(error)]
    finally:
        conn.close()
    found = [str(row[0]) for row in rows]
    return [] if found == ["ok"] else found


def backups(folder: Path) -> list[Path]:
    """Return the backups in a folder, oldest first."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob(f"{PREFIX}*{SUFFIX}") if p.is_file())


def latest_backup(folder: Path | None) -> Path | None:
    """Return the newest backup in a folder, if any."""
    found = backups(folder) if folder is not None else []
    return found[-1] if found else None


def refuse_damaged(path: Path, backup_dir: Path | None) -> None:
    """Raise DamagedDatabaseError if the database file fails its quick check."""
    problems = damage(path)
    if problems:
        raise DamagedDatabaseError(path, problems, latest_backup(backup_dir))


async def take_backup(database: Database, folder: Path, keep: int, now: datetime) -> Path:
    """Write an online backup named by `now` (UTC) into `folder`; keep only the newest `keep`."""
    target = folder / f"{PREFIX}{now.strftime(STAMP)}{SUFFIX}"
    await database.backup(target)
    for old in backups(folder)[: -max(keep, 1)]:
        old.unlink(missing_ok=True)
    return target
