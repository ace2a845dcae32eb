"""The running bot keeps one database: two connections (writer, reader), private files."""

import os
import sqlite3
import stat
from pathlib import Path

import pytest

from engine.db import migration_files
from tests.e2e.conftest import open_game, play_until, start_game

PROC = Path("/proc")


def _handles(pid: int, target: Path) -> int:
    """Return how many open file descriptors of the process point at `target`."""
    count = 0
    for fd in (PROC / str(pid) / "fd").iterdir():
        try:
            if Path(os.readlink(fd)) == target:
                count += 1
        except FileNotFoundError:  # closed while we looked
            continue
    return count


@pytest.mark.skipif(not (PROC / "self" / "fd").exists(), reason="needs Linux /proc")
def test_sessions_and_leagues_share_one_writer_and_one_reader(table):
    alice, bob = table.users["alice"], table.users["bob"]
    number, lobby = open_game(table, alice, players=2)
    bob.click(lobby, f"dn:l:{number}:join").wait_reply()
    thread = start_game(table, alice, lobby, number)
    play_until(table, thread, lambda n: n >= 2)  # the league loop has ticked meanwhile
    path = (table.workdir / "games.db").resolve()
    process = table.bot._proc
    assert process is not None
    assert _handles(process.pid, path) == 2  # one Database; the league cog opens none of its own
    for name in ("games.db", "games.db-wal", "games.db-shm"):
        assert stat.S_IMODE((table.workdir / name).stat().st_mode) == 0o600, name
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        versions = [r[0] for r in db.execute("SELECT version FROM schema_migrations")]
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert versions == [m.number for m in migration_files()]
    assert "league_migration" not in tables
