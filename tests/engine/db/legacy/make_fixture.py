"""Write the legacy database fixture with the code of main before the single numbering.

The fixture (`main-0678cef.sql`, a `.dump` of the database) is what a bot running main at
commit 0678cef leaves behind: the sessions' migration recorded in `schema_migrations` as
0001_initial.sql, the leagues' two in `league_migration`, and rows in every table: games in
the lobby, playing (with timers, an open undo request and a consent) and abandoned, guild
settings and a user language, and a league whose first week is seated with its games.
It must be run with that commit's code, not today's:

    git archive 0678cef | tar -x -C /tmp/old
    cd /tmp/old && PYTHONPATH=. python /path/to/make_fixture.py OUT.sql
"""

import asyncio
import itertools
import sqlite3
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from engine.games import GAMES
from engine.leagues.model import LeagueConfig, WeekStart
from engine.leagues.port import SessionPort
from engine.leagues.service import LeagueService
from engine.leagues.store import LeagueStore
from engine.sessions import NewGame, SeatOrder, SessionManager, Store, TimeControl

MONDAY = datetime(2026, 3, 2, 12, tzinfo=UTC)  # league weeks start Monday 18:00 UTC
SLOT1 = datetime(2026, 3, 2, 18, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = MONDAY

    def __call__(self) -> datetime:
        return self.now


async def _sessions(manager: SessionManager, clock: Clock) -> None:
    control = TimeControl(timedelta(hours=24), (timedelta(hours=6),))
    for game, seats in (("troyes", 3), ("trajan", 2)):
        spec = NewGame(game, guild_id=5, channel_id=50, seats=seats, time_control=control,
                       seat_order=SeatOrder.JOIN)  # fmt: skip
        info = await manager.create_lobby(11, spec)
        await manager.join(info.game_id, 12)
        if seats == 3:
            await manager.add_ai(info.game_id, 11, "random")
        out = await manager.start(info.game_id, 11)
        for _ in range(6):  # the humans play their first moves, AI seats answer
            if out.turn is None or out.turn.user_id is None:
                break
            clock.now += timedelta(minutes=5)
            out = await manager.play(info.game_id, out.turn.user_id, out.version, 0)
        await manager.undo(info.game_id, 11, out.version, first=1)  # asks the others
    await manager.create_lobby(13, NewGame("trajan", guild_id=5, channel_id=50, seats=4))
    gone = await manager.create_lobby(14, NewGame("troyes", guild_id=5, channel_id=50))
    await manager.abandon(gone.game_id, 14)
    await manager.set_guild_setting(5, "league_role", "555")
    await manager.set_user_language(12, "es")


async def _league(manager: SessionManager, store: LeagueStore, clock: Clock) -> None:
    leagues = LeagueService(store, clock)
    config = LeagueConfig("trajan", season_weeks=2, week_start=WeekStart(0, 19, "Europe/Madrid"))
    league = await leagues.create_league(7, "Trajan Mondays", config, seed=3)
    port = SessionPort(manager, leagues)
    await port.links.set_channel(league.id, 700)
    for user in range(21, 28):
        await leagues.join(league.id, user)
    await leagues.absent(league.id, 27, 2)
    clock.now = SLOT1 + timedelta(minutes=1)
    await leagues.run_due(port)
    await port.settle()


async def dump() -> str:
    """Return the `.dump` of a database made by this code."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "games.db"
        clock = Clock()
        store = await Store.open(path)
        league_store = await LeagueStore.open(str(path))
        manager = SessionManager(store, GAMES, clock, seeds=itertools.count(41).__next__)
        await _sessions(manager, clock)
        await _league(manager, league_store, clock)
        await league_store.close()
        await store.close()
        with sqlite3.connect(path) as raw:
            return "\n".join(raw.iterdump()) + "\n"


if __name__ == "__main__":
    Path(sys.argv[1]).write_text(asyncio.run(dump()), encoding="utf-8")
