"""A database written by main before the single numbering opens, upgrades and plays on.

`legacy/main-0678cef.sql` is the dump of a database made by that commit's code
(`legacy/make_fixture.py`): sessions and leagues migrated by their two runners, games in
every status with moves, seats, timers, an open undo request, and a seated league week.
"""

import sqlite3
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from engine.db import Database, migration_files
from engine.games import GAMES
from engine.leagues.actions import FinishGame
from engine.leagues.port import SessionPort
from engine.leagues.service import LeagueService
from engine.leagues.store import LeagueStore
from engine.sessions import SessionManager, Status, Store
from tests.engine.leagues.conftest import FakeClock

DUMP = Path(__file__).with_name("legacy") / "main-0678cef.sql"
WRITTEN = datetime.fromisoformat("2026-03-02T18:01:00+00:00")  # the fixture's clock at the end
WEEK1_DEADLINE = datetime.fromisoformat("2026-03-09T18:00:00+00:00")


def _load(path: Path) -> None:
    with sqlite3.connect(path) as raw:
        raw.executescript(DUMP.read_text(encoding="utf-8"))


def _contents(path: Path) -> dict[str, list[tuple[object, ...]]]:
    with sqlite3.connect(path) as raw:
        names = [r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        skip = {"schema_migrations", "league_migration"}
        return {
            n: sorted(raw.execute(f"SELECT * FROM {n}").fetchall(), key=repr)  # noqa: S608
            for n in names
            if n not in skip
        }


def _schema(path: Path) -> dict[str, str]:
    with sqlite3.connect(path) as raw:
        rows = raw.execute("SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL")
        return {name: sql for name, sql in rows if name != "schema_migrations"}


@pytest.fixture
def old_db(tmp_path: Path) -> Path:
    path = tmp_path / "games.db"
    _load(path)
    return path


async def test_the_old_database_is_upgraded_with_every_row_intact(old_db, tmp_path):
    before = _contents(old_db)
    assert sum(map(len, before.values())) > 80  # the fixture really holds data
    async with await Database.open(old_db) as db:
        assert await db.schema_versions() == [m.number for m in migration_files()]
    after = _contents(old_db)  # later migrations' tables start empty
    # Columns added later (0006: a timer's claim) come last and start empty on old rows.
    width = {name: len(rows[0]) for name, rows in before.items() if rows}
    kept = {n: sorted((r[: width.get(n, len(r))] for r in after[n]), key=repr) for n in before}
    assert kept == before
    assert all(v is None for n in before for r in after[n] for v in r[width.get(n, len(r)) :])
    assert not any(after[name] for name in set(after) - set(before))
    async with await Database.open(tmp_path / "fresh.db"):
        pass
    assert _schema(old_db) == _schema(tmp_path / "fresh.db")  # as if it had been made new


async def test_the_upgraded_database_plays_on(old_db):
    clock = FakeClock(WRITTEN + timedelta(hours=1))
    async with await Database.open(old_db) as db:
        sessions = SessionManager(Store(db), GAMES, clock)
        active = await sessions.list_games(5, (Status.ACTIVE,))
        assert {g.game for g in active} == {"troyes", "trajan"}
        for game in active:
            assert (await sessions.verify(game.game_id)).ok, game.game
        game = next(g for g in active if g.turn is not None and g.turn.user_id is not None)
        assert game.turn is not None
        assert game.turn.user_id is not None
        choices = await sessions.choices(game.game_id)
        played = await sessions.play(game.game_id, game.turn.user_id, choices.version, 0)
        assert played.version == game.version + 1
        assert (await sessions.verify(game.game_id)).ok
        assert await Store(db).timers(game.game_id)  # its clock still runs


async def test_the_upgraded_league_reaches_its_deadline_and_records_results(old_db):
    clock = FakeClock(WEEK1_DEADLINE + timedelta(minutes=1))
    async with await Database.open(old_db) as db:
        sessions = SessionManager(Store(db), GAMES, clock)
        leagues = LeagueService(LeagueStore(db), clock)
        port = SessionPort(sessions, leagues)
        (league,) = await leagues.leagues(7)
        done = await leagues.run_due(port)
        assert len([a for a in done if isinstance(a, FinishGame)]) == 2
        await port.settle()
        standings = await leagues.standings(league.id)
        assert sum(r.games for _, division in standings.divisions for r in division) == 7  # 4 + 3
        assert set(standings.ratings) == set(range(21, 28))
