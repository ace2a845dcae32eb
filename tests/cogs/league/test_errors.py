"""League refusals in Spanish: every refusal a command can meet is a catalog key."""

import pytest

from cogs.common.errors import error_text
from engine.leagues.model import LeagueConfig, LeagueError, Scoring, WeekStart
from engine.leagues.service import LeagueService
from engine.leagues.store import LeagueStore


async def _refusals() -> list[LeagueError]:
    store = await LeagueStore.open(":memory:")
    service = LeagueService(store)
    found: list[LeagueError] = []
    try:
        league = await service.create_league(1, "Weekly", LeagueConfig("trajan", season_weeks=2))
        attempts = [
            service.create_league(1, "Weekly", LeagueConfig("trajan")),
            service.absent(league.id, 5, 1),
            service.standings(league.id),
        ]
        for attempt in attempts:
            with pytest.raises(LeagueError) as caught:
                await attempt
            found.append(caught.value)
        await service.join(league.id, 5)
        with pytest.raises(LeagueError) as caught:
            await service.absent(league.id, 5, 3)  # the season has two weeks
        found.append(caught.value)
        await service.end_league(league.id)
        with pytest.raises(LeagueError) as caught:
            await service.join(league.id, 6)
        found.append(caught.value)
    finally:
        await store.close()
    for build in (
        lambda: WeekStart(tz="Mars/Olympus"),
        lambda: Scoring((1, 3, 6, 10)),
        lambda: LeagueConfig("trajan", division_size=4),
    ):
        with pytest.raises(LeagueError) as caught:
            build()
        found.append(caught.value)
    return found


async def test_the_refusals_users_meet_are_translated_to_spanish():
    refusals = await _refusals()
    assert len(refusals) == 8
    for error in refusals:
        assert error.key is not None, str(error)
        spanish = error_text(error, "es")
        assert spanish != str(error), str(error)
        assert error_text(error, "en") == str(error)
    zone = next(e for e in refusals if "Mars/Olympus" in str(e))
    assert error_text(zone, "es") == (
        "Zona horaria desconocida 'Mars/Olympus'; usa un nombre como Europe/Madrid."
    )


def test_unknown_sentences_stay_in_english():
    error = LeagueError("Something new.")
    assert error.key is None
    assert error_text(error, "es") == "Something new."
