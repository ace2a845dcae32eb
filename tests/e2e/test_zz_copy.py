"""The copy tool round-trips the databases the e2e suite made, every game verifying (issue 19).

Runs last in tests/e2e (its name): every table of the suite has kept its SQLite database by
then (`keep_database` in conftest.py). The richest `RICHEST` of them (the most moves: whole
games, restarts, undos, leagues; all of them would cost a minute) go SQLite -> PostgreSQL ->
SQLite with
`python -m engine.db copy`'s own code (which replays every game of the target and compares
every table row for row), and the three are compared once more here.
"""

from __future__ import annotations

import asyncio
import secrets
import sqlite3
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from engine.db import Database
from engine.db.__main__ import run_copy
from engine.db.copy import tables
from tests.engine.db.backends import _admin, with_database

pytestmark = pytest.mark.slow
RICHEST = 3


async def _rows(target: str) -> dict[str, list[tuple[object, ...]]]:
    async with await Database.open(target) as db:
        return {
            name: sorted((tuple(r) for r in await db.fetch_all(f"SELECT * FROM {name}")), key=repr)  # noqa: S608
            for name in await tables(db)
        }


async def _round_trip(source: Path, pg_database: str, back: Path) -> tuple[int, int]:
    schema = f"copy_{secrets.token_hex(5)}"
    await _admin(pg_database, f"CREATE SCHEMA {schema}")
    url = with_database(pg_database, urlsplit(pg_database).path[1:], search_path=schema)
    assert await run_copy(str(source), url) == 0, source.name
    assert await run_copy(url, str(back)) == 0, source.name
    before, there, again = await _rows(str(source)), await _rows(url), await _rows(str(back))
    assert before == there == again, source.name
    return len(before["games"]), len(before["moves"])


def _moves(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute("SELECT COUNT(*) FROM moves").fetchone()[0])


def test_the_richest_e2e_databases_round_trips_through_postgresql(
    e2e_databases: Path, pg_database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    found = sorted(e2e_databases.glob("*.db"), key=_moves)[-RICHEST:]
    if not found:
        pytest.skip("no e2e table has stopped yet: this runs after the other e2e tests")
    games = moves = 0
    for source in found:
        g, m = asyncio.run(_round_trip(source, pg_database, tmp_path / source.name))
        games, moves = games + g, moves + m
    out = capsys.readouterr().out
    assert out.count("games replay exactly") == 2 * len(found)
    assert games > 0
    assert moves > 0
