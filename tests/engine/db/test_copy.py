"""`python -m engine.db copy`: a whole database moves to an empty one, and every game verifies."""

import itertools
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from engine.db import Database
from engine.db.__main__ import main, run_copy
from engine.db.copy import tables
from engine.games import GAMES
from engine.leagues.model import LeagueConfig
from engine.leagues.service import LeagueService
from engine.leagues.store import LeagueStore
from engine.sessions import NewGame, SeatOrder, SessionManager, Store

NOW = datetime(2026, 1, 5, 12, tzinfo=UTC)
LEGACY = Path(__file__).with_name("legacy") / "main-0678cef.sql"


async def _fill(path) -> None:
    """Finished Trajan and Troyes games, a started one, a lobby and a league with members."""
    async with await Database.open(path) as db:
        sessions = SessionManager(Store(db), GAMES, lambda: NOW, seeds=itertools.count(5).__next__)
        for game in ("trajan", "troyes", "troyes"):
            spec = NewGame(game, guild_id=7, channel_id=70, seats=2, seat_order=SeatOrder.JOIN)
            info = await sessions.create_lobby(1, spec)
            await sessions.join(info.game_id, 2)
            out = await sessions.start(info.game_id, 1)
            if game == "trajan" or info.game_id == 2:
                await sessions.play_out(out.game_id)
        await sessions.create_lobby(3, NewGame("trajan", guild_id=7, channel_id=70, seats=3))
        leagues = LeagueService(LeagueStore(db), lambda: NOW)
        league = await leagues.create_league(7, "Spring", LeagueConfig("trajan"), seed=1)
        for user in (1, 2, 3, 1_234_567_890_123_456_789):
            await leagues.join(league.id, user)


async def _rows(url: str) -> dict[str, list[tuple[object, ...]]]:
    async with await Database.open(url) as db:
        return {
            name: sorted((tuple(r) for r in await db.fetch_all(f"SELECT * FROM {name}")), key=repr)  # noqa: S608
            for name in await tables(db)
        }


async def test_a_database_round_trips_through_postgresql_with_every_game_verifying(
    tmp_path, pg_url, capsys
):
    source = tmp_path / "games.db"
    await _fill(source)
    assert await run_copy(str(source), pg_url) == 0
    out = capsys.readouterr().out
    assert "all 4 games replay exactly" in out
    assert "moves: " in out
    back = tmp_path / "back.db"
    assert await run_copy(pg_url, str(back)) == 0
    before, there, again = await _rows(str(source)), await _rows(pg_url), await _rows(str(back))
    assert before == there == again
    assert len(before["moves"]) > 300
    async with await Database.open(pg_url) as db:  # new ids carry on after the copied ones
        league = await db.insert(
            "INSERT INTO league (guild_id, name, config, seed, created_at) VALUES (?, ?, ?, ?, ?)",
            (7, "Autumn", "{}", 1, "t"),
        )
        assert league == 2


async def test_a_target_with_rows_is_refused_and_left_as_it_was(tmp_path, pg_url, capsys):
    source = tmp_path / "games.db"
    await _fill(source)
    assert await run_copy(str(source), pg_url) == 0
    before = await _rows(pg_url)
    assert await run_copy(str(source), pg_url) == 1
    assert "the target is not empty" in capsys.readouterr().err
    assert await _rows(pg_url) == before


async def test_a_game_that_does_not_replay_is_reported_and_fails_the_copy(
    tmp_path, database_url, capsys
):
    source = tmp_path / "games.db"
    await _fill(source)
    with sqlite3.connect(source) as raw:  # someone edited a stored move by hand
        raw.execute("UPDATE moves SET events = '[]' WHERE game_id = 2 AND version = 3")
    copy_to = database_url if database_url.startswith("postgresql") else str(tmp_path / "to.db")
    assert await run_copy(str(source), copy_to) == 1
    err = capsys.readouterr().err
    assert "game 2: Move 3 replays with different events." in err
    assert "1 of 4 games do not verify" in err


def test_a_missing_source_is_refused_without_making_one(tmp_path, capsys):
    missing = tmp_path / "nothing.db"
    assert main(["copy", "--from", f"sqlite:{missing}", "--to", str(tmp_path / "to.db")]) == 2
    assert "no database at" in capsys.readouterr().err
    assert not missing.exists()
    assert not (tmp_path / "to.db").exists()


async def test_a_database_of_older_code_copies_whatever_order_its_tables_were_made_in(
    tmp_path, pg_url, capsys
):
    source = tmp_path / "old.db"
    with sqlite3.connect(source) as raw:  # made by main at 0678cef: two runners, other order
        raw.executescript(LEGACY.read_text(encoding="utf-8"))
    assert await run_copy(str(source), pg_url) == 0
    assert "all 6 games replay exactly" in capsys.readouterr().out
    assert await _rows(str(source)) == await _rows(pg_url)
