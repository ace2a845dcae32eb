from datetime import UTC, datetime
from fractions import Fraction

import pytest

from engine.leagues.model import LeagueConfig, LeagueError
from engine.leagues.standings import Credit, Rating, TableScore
from engine.leagues.store import LeagueStore

NOW = datetime(2026, 3, 2, 18, tzinfo=UTC)


async def test_migrations_apply_once_in_the_one_numbering(tmp_path):
    path = str(tmp_path / "shared.db")
    store = await LeagueStore.open(path)
    try:
        assert await store.migrate() == []
        assert (await store._one("PRAGMA user_version"))[0] == 0
    finally:
        await store.close()
    again = await LeagueStore.open(path)
    try:
        rows = await again._all("SELECT version, name FROM schema_migrations ORDER BY version")
        assert [tuple(r) for r in rows][:3] == [  # later numbers: other migrations
            (1, "0001_sessions.sql"),
            (2, "0002_leagues.sql"),
            (3, "0003_league_games.sql"),
        ]
        tables = {r[0] for r in await again._all("SELECT name FROM sqlite_master")}
        assert "league_migration" not in tables  # no second bookkeeping
    finally:
        await again.close()


async def test_a_failed_transaction_leaves_nothing_behind(store):
    async def failing() -> None:
        async with store.transaction():
            await store.insert_league(1, "A", LeagueConfig("trajan"), 5, NOW)
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        await failing()
    assert await store.leagues(1) == []


async def test_rows_round_trip(store):
    async with store.transaction():
        league_id = await store.insert_league(1, "A", LeagueConfig("trajan"), 5, NOW)
        season_id = await store.insert_season(league_id, 1, NOW)
        week_id = await store.insert_week(season_id, 1, NOW, NOW)
        table_id = await store.insert_table(week_id, 1, 1, [30, 10, 20])
        scores = (
            TableScore(10, 1, Fraction(10), Fraction(1), False, 40),
            TableScore(20, 2, Fraction(9, 2), Fraction(3, 4), False, 30),
            TableScore(30, 3, Fraction(0), Fraction(0), True, None),
        )
        await store.insert_results(table_id, scores, 1)
        await store.insert_credits(week_id, [Credit(40, Fraction(5), "bye")])
        await store.save_rating(league_id, table_id, 10, (Rating(25, 8), Rating(27, 7.5)), NOW)
        assert await store.record_step(league_id, "s1:w1:seat", NOW)
        assert not await store.record_step(league_id, "s1:w1:seat", NOW)
    (table,) = await store.tables(week_id)
    assert table.players == (30, 10, 20)
    assert await store.table_scores(table_id) == scores
    assert await store.season_scores(season_id) == [scores]
    assert await store.season_credits(season_id) == [Credit(40, Fraction(5), "bye")]
    assert await store.ratings(league_id) == {10: (Rating(27, 7.5), 1)}
    assert (await store.league(league_id)).config == LeagueConfig("trajan")
    csv = await store.games_csv(league_id)
    assert csv.splitlines()[1] == "1,1,1,1,,0,30,,,1,3,0.0,0.0"
    with pytest.raises(LeagueError, match="no such league"):
        await store.league(999)


async def test_unknown_settings_are_refused(service):
    league = await service.create_league(1, "A", LeagueConfig("troyes"), seed=1)
    with pytest.raises(LeagueError, match="Unknown league setting"):
        await service.edit_league(league.id, colour="red")
    assert [lg.name for lg in await service.leagues(1)] == ["A"]
