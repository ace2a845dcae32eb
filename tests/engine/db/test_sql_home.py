"""SQL lives in the repositories and engine/db only, and in the portable subset there."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
REPOSITORIES = {
    "engine/sessions/store.py",
    "engine/leagues/store.py",
    "engine/leagues/store_results.py",
    "engine/leagues/links.py",
    "engine/people/store.py",
    "engine/around/store.py",
    "engine/sessions/seat_offers.py",
}
# An in-memory full-text index of the rules (SQLite FTS5), not the bot's database.
NOT_THE_DATABASE = {"engine/lookup/fulltext.py"}
STATEMENT = re.compile(r"[\"'](SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP) ")
SQLITE_ONLY = re.compile(r"INSERT OR |REPLACE INTO|AUTOINCREMENT|sqlite_master|PRAGMA")


def _sources() -> list[Path]:
    files = [ROOT / "bot.py"]
    for folder in ("engine", "cogs", "render"):
        files += sorted((ROOT / folder).rglob("*.py"))
    return files


def test_no_module_outside_the_repositories_and_engine_db_writes_sql():
    found = set()
    for path in _sources():
        name = path.relative_to(ROOT).as_posix()
        if name.startswith("engine/db/") or name in REPOSITORIES | NOT_THE_DATABASE:
            continue
        if STATEMENT.search(path.read_text(encoding="utf-8")):
            found.add(name)
    assert found == set()


def test_repositories_leave_what_sqlite_says_differently_to_the_dialect():
    for name in sorted(REPOSITORIES):
        text = (ROOT / name).read_text(encoding="utf-8")
        assert not SQLITE_ONLY.search(text), name
        assert "sqlite3" not in text, name  # aiosqlite included: the backend is engine/db's
