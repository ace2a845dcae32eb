"""The issue's acceptance run: 24 players, a 6-week season, through the local Discord.

The bot (a real process) runs the league loop and the session timers on a clock the test
moves by writing a file. Nobody moves in the games: each week's per-move timeouts hand
seats to AI stand-ins, and at the deadline the stand-ins play every game to its end (real,
full Trajan games). In week 3 the bot is killed mid-week and started again. The season is
then checked against an independent recomputation from the session games themselves.
"""

from __future__ import annotations

import asyncio
import re
from datetime import timedelta
from pathlib import Path

import pytest

from engine.leagues.service import LeagueService
from engine.leagues.standings import Rating
from engine.leagues.store import LeagueStore
from localdiscord.harness import BotHarness
from tests.cogs.league import season as sim
from tests.cogs.league.conftest import FileClock, make_bot, said, wait_for

PLAYERS, WEEKS, TABLES = 24, 6, 6
USERS = tuple(f"p{n:02d}" for n in range(1, PLAYERS + 1))
LINE = re.compile(r"<@(\d+)> · ([\d.]+) · (\d+)/(\d+)")


def _games_of_week(db: Path, week: int) -> list[sim.Game]:
    return [g for g in sim.read_games(db) if g.season == 1 and g.week == week]


def _threads(db: Path) -> dict[int, int | None]:
    import sqlite3  # noqa: PLC0415

    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return dict(con.execute("SELECT id, thread_id FROM games ORDER BY id").fetchall())
    finally:
        con.close()


def _snapshot(table: BotHarness, db: Path) -> tuple[object, ...]:
    channel = [m.id for m in said(table, table.channel, "")]
    threads = [t.id for t in table.users[USERS[0]].threads(table.channel)]
    return (sim.read_steps(db), sim.read_games(db), _threads(db), channel, threads)


def _play_week(table: BotHarness, clock: FileClock, db: Path, week: int) -> None:
    clock.set(sim.slot(week))
    wait_for(
        lambda: said(table, table.channel, f"season 1, week {week} is seated"),
        what=f"week {week} seated",
    )
    wait_for(
        lambda: (
            len(_games_of_week(db, week)) == TABLES
            and all(_threads(db)[g.game_id] for g in _games_of_week(db, week))
        ),
        what=f"the threads of week {week}",
    )
    if week == 3:  # a restart in the middle of the week changes nothing
        clock.set(sim.slot(week) + timedelta(days=2))
        table.ld.run(asyncio.sleep(2))  # a few passes of both loops at the new time
        before = _snapshot(table, db)
        table.restart(kill=True, timeout=60)
        table.ld.run(asyncio.sleep(3))
        assert _snapshot(table, db) == before
    clock.set(sim.slot(week + 1))
    wait_for(
        lambda: all(g.result_seq is not None for g in _games_of_week(db, week)),
        timeout=180,
        what=f"the results of week {week}",
    )


Rows = dict[int, tuple[float, int, int]]


async def _league_view(db: Path) -> tuple[Rows, dict[int, Rating], set[int]]:
    store = await LeagueStore.open(str(db))
    try:
        standings = await LeagueService(store).standings(1, 1)
    finally:
        await store.close()
    rows = {
        r.user: (float(r.points), r.games, r.wins) for _, div in standings.divisions for r in div
    }
    first = {r.user for _, div in standings.divisions[:1] for r in div if r.rank == 1}
    return rows, dict(standings.ratings), first


@pytest.mark.slow
@pytest.mark.timeout(900)  # a whole season: every board now carries its phone images too
def test_a_24_player_six_week_season_through_discord(tmp_path: Path, record_property):
    table, clock = make_bot(tmp_path / "bot", USERS, sim.MONDAY, tick=0.3)
    try:
        db = table.workdir / "games.db"
        host = table.users[USERS[0]]
        table.ld.wait_commands("league")
        options = {"name": "Spring", "game": "trajan", "weeks": WEEKS, "hour": 18}
        assert (
            "is open"
            in host.slash(table.channel, "admin league create", options).wait_reply().content
        )
        for name in USERS:
            assert table.users[name].slash(table.channel, "league join", {}).wait_reply().ephemeral
        for week in range(1, WEEKS + 1):
            _play_week(table, clock, db, week)
        end = wait_for(
            lambda: said(table, table.channel, "season 1 is over"), what="the season end"
        )[0]
        board = host.slash(table.channel, "league standings", {"season": 1}).wait_reply()
    finally:
        table.stop()

    games = [g for g in sim.read_games(db) if g.season == 1]
    steps = [s for s in sim.read_steps(db) if s.startswith("s1:")]
    # Every week seated once, announced once; every player at exactly one table a week.
    assert sorted(steps) == sorted(
        [f"s1:w{w}:{k}" for w in range(1, WEEKS + 1) for k in ("seat", "deadline")] + ["s1:close"]
    )
    for week in range(1, WEEKS + 1):
        week_games = [g for g in games if g.week == week]
        assert len(week_games) == TABLES
        assert sorted(u for g in week_games for u in g.players) == sorted(
            table.users[n].id for n in USERS
        )
    # Every game created at its week's start and finished, as a full game, at its deadline.
    for g in games:
        assert g.created_at == g.seated_at == sim.slot(g.week)
        assert g.status == "finished"
        assert g.finished_at == g.deadline == sim.slot(g.week + 1)
        assert g.scores is not None
    assert len({_threads(db)[g.game_id] for g in games}) == len(games)

    # Standings and ratings equal an independent recomputation from the game results.
    points, played, wins = sim.season_points(games)
    rows, ratings, first = asyncio.run(_league_view(db))
    assert rows == {u: (float(points[u]), played[u], wins[u]) for u in points}
    expected = sim.ratings(games)
    assert ratings.keys() == expected.keys()
    for user, (mu, sigma) in expected.items():
        assert (ratings[user].mu, ratings[user].sigma) == pytest.approx((mu, sigma), abs=1e-9)
    # What Discord shows: the final standings with the image, and the champion.
    shown = {
        int(u): (float(p), int(n), int(w))
        for f in board.embeds[0]["fields"]
        for u, p, n, w in LINE.findall(f["value"])
    }
    assert shown == rows
    assert [a.filename for a in end.attachments] == ["standings.png"]
    # The champion: first after the tie-breaks (equal points happen), so among the top scores.
    best = max(points.values())
    top = {u for u, p in points.items() if p == best}
    vp = sim.mean_vp_shares(games)
    leaders = {u for u in top if vp[u] == max(vp[v] for v in top)}
    assert {int(u) for u in re.findall(r"<@(\d+)>", end.content)} == first
    assert first <= leaders if len(leaders) > 1 else first == leaders

    repeats = sim.repeat_pairings(games)
    record_property("repeat_pairings", repeats)
    print(f"repeat pairings over the season: {repeats}")  # noqa: T201
