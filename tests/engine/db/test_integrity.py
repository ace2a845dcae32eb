"""Start-up integrity and scheduled backups (issue 20): a damaged file is refused, and a
backup restored as README.md says ("Hosting", step 5) plays on."""

import importlib.util
import itertools
import shutil
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from engine.db import Database
from engine.db.integrity import (
    DamagedDatabaseError,
    backups,
    damage,
    latest_backup,
    refuse_damaged,
    take_backup,
)
from engine.sessions.manager import SessionManager
from engine.sessions.store import Store
from tests.engine.sessions.conftest import GAMES, FakeClock, start_game

BOT_FILE = Path(__file__).resolve().parents[3] / "bot.py"
T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def bot_module():
    spec = importlib.util.spec_from_file_location("denarius_bot_integrity", BOT_FILE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["denarius_bot_integrity"] = module
    spec.loader.exec_module(module)
    return module


async def _game_database(path: Path) -> tuple[int, int]:
    """Create a database holding one game with a few moves; return its id and version."""
    database = await Database.open(path)
    manager = SessionManager(Store(database), GAMES, FakeClock(), seeds=itertools.count(5).__next__)
    out = await start_game(manager)
    for user in itertools.islice(itertools.cycle((1, 2)), 4):
        out = await manager.play(out.game_id, user, out.version, 0)
    await database.close()
    return out.game_id, out.version


def _wreck(path: Path) -> None:
    """Overwrite every page after the first with noise, as a failing disk might."""
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big") or 65536
    noise = bytes(range(256)) * (len(data) // 256 + 1)
    data[page:] = noise[: len(data) - page]
    path.write_bytes(bytes(data))


async def test_a_sound_or_new_database_passes_the_quick_check(tmp_path):
    assert damage(tmp_path / "absent.db") == []
    await _game_database(tmp_path / "games.db")
    assert damage(tmp_path / "games.db") == []


async def test_a_damaged_database_is_refused_naming_the_latest_backup(tmp_path, bot_module):
    path, folder = tmp_path / "games.db", tmp_path / "backups"
    await _game_database(path)
    database = await Database.open(path)
    await take_backup(database, folder, 3, T0)
    newest = await take_backup(database, folder, 3, T0 + timedelta(hours=1))
    await database.close()
    _wreck(path)
    assert damage(path) != []
    with pytest.raises(DamagedDatabaseError) as refused:
        refuse_damaged(path, folder)
    assert refused.value.backup == newest
    env = {"DISCORD_TOKEN": "t", "DATABASE_PATH": str(path), "BACKUP_DIR": str(folder)}
    settings = bot_module.Settings.from_env(env)
    with pytest.raises(SystemExit) as stopped:
        await bot_module.check_database(settings)
    message = str(stopped.value)
    assert str(path) in message
    assert str(newest) in message
    assert "damaged" in message


async def test_a_file_that_is_not_a_database_is_refused(tmp_path):
    path = tmp_path / "games.db"
    path.write_bytes(b"this is not a database" * 300)
    with pytest.raises(DamagedDatabaseError) as refused:
        refuse_damaged(path, tmp_path / "none")
    assert refused.value.backup is None
    assert "no backup was found" in str(refused.value)


async def test_backups_keep_the_newest_and_a_restored_one_plays_on(tmp_path):
    path, folder = tmp_path / "var" / "games.db", tmp_path / "backups"
    database = await Database.open(path)
    clock = FakeClock()
    manager = SessionManager(Store(database), GAMES, clock, seeds=itertools.count(5).__next__)
    out = await start_game(manager)
    for hour in range(4):  # a move, then the scheduled backup, four times
        out = await manager.play(out.game_id, (1, 2)[hour % 2], out.version, 0)
        await take_backup(database, folder, 2, T0 + timedelta(hours=hour))
    at_backup = out.version
    out = await manager.play(out.game_id, 1, out.version, 0)  # after the last backup: lost
    await database.close()
    kept = backups(folder)
    assert [p.name for p in kept] == ["games-20260105T140000Z.db", "games-20260105T150000Z.db"]
    assert all(p.stat().st_mode & 0o077 == 0 for p in kept)

    _wreck(path)
    with pytest.raises(DamagedDatabaseError):
        refuse_damaged(path, folder)
    # README.md, Hosting step 5: stop, delete -wal and -shm, copy the backup over, start.
    for side in ("-wal", "-shm"):
        path.with_name(path.name + side).unlink(missing_ok=True)
    backup = latest_backup(folder)
    assert backup is not None
    shutil.copyfile(backup, path)
    refuse_damaged(path, folder)
    database = await Database.open(path)
    manager = SessionManager(Store(database), GAMES, clock, seeds=itertools.count(9).__next__)
    try:
        assert (await manager.status(out.game_id)).version == at_backup
        assert (await manager.verify(out.game_id)).ok
        again = await manager.play(out.game_id, 1, at_backup, 0)
        assert again.version == at_backup + 1
    finally:
        await database.close()


def test_backup_settings_come_from_the_environment(bot_module):
    env = {"DISCORD_TOKEN": "x", "DATABASE_PATH": "data1/g.db"}
    default = bot_module.Settings.from_env(env)
    assert default.backups == Path("data1/backups")
    assert (default.backup_every_hours, default.backup_keep) == (24.0, 7)
    env |= {"BACKUP_DIR": "/srv/b", "BACKUP_EVERY_HOURS": "6", "BACKUP_KEEP": "3"}
    chosen = bot_module.Settings.from_env(env)
    assert chosen.backups == Path("/srv/b")
    assert (chosen.backup_every_hours, chosen.backup_keep) == (6.0, 3)
