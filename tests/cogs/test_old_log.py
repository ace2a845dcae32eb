"""Moves stored by an older main, as "Player N" prose, read with the players' names.

tests/engine/db/legacy/main-0678cef.sql is a database written by that main: its moves' labels
and lines say "Player 1 places a citizen ...". The log shown to players is described again
from each move's notation and recorded events, so the names are the players' and no stored
prose (nor a hidden VP figure in it) reaches them.
"""

import re
import sqlite3
from datetime import timedelta
from pathlib import Path

from cogs.common import text
from engine.db import Database
from engine.games import GAMES
from engine.sessions import SessionManager, Store
from tests.engine.db.test_legacy import DUMP, WRITTEN
from tests.engine.leagues.conftest import FakeClock

SEAT = re.compile(r"\b(?:[Pp]layer|[Jj]ugador) \d")
FIGURE = re.compile(r"\d+ (?:VP|PV)\b")


async def test_an_old_games_log_reads_with_the_players_names(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    with sqlite3.connect(path) as raw:
        raw.executescript(DUMP.read_text(encoding="utf-8"))
        ids = [r[0] for r in raw.execute("SELECT DISTINCT game_id FROM moves ORDER BY game_id")]
        prose = [r[0] for r in raw.execute("SELECT lines FROM moves")]
    assert ids
    assert any(SEAT.search(p) for p in prose)  # the fixture really stores "Player N" prose
    async with await Database.open(path) as db:
        sessions = SessionManager(Store(db), GAMES, FakeClock(WRITTEN + timedelta(hours=1)))
        for game_id in ids:
            lines = await sessions.log(game_id)
            assert lines
            assert all(line.records for line in lines if line.events)
            names = [f"name{seat}" for seat in range(4)]
            for lang in ("en", "es"):
                shown = text.log_lines(lines, names, lang)
                assert not SEAT.search(shown), shown
                assert not FIGURE.search(shown), shown
                assert "name0 (1)" in shown or "name1 (2)" in shown
