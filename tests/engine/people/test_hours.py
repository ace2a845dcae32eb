"""A player's day: quiet hours and the start of the day in two zones, across DST changes."""

from datetime import UTC, datetime, timedelta

import pytest

from engine.core.errors import GameError
from engine.people.hours import (
    Day,
    day_start,
    is_quiet,
    parse_hours,
    quiet_end,
    waking_deadline,
    zone_named,
)

MADRID = Day("Europe/Madrid", 23 * 60, 8 * 60)
NEW_YORK = Day("America/New_York", 22 * 60, 7 * 60)


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


def test_quiet_hours_wrap_midnight_in_local_time():
    # 22:30 UTC in January is 23:30 in Madrid (UTC+1): quiet; 17:30 in New York: not.
    moment = utc(2026, 1, 14, 22, 30)
    assert is_quiet(moment, MADRID)
    assert not is_quiet(moment, NEW_YORK)
    assert not is_quiet(utc(2026, 1, 15, 7, 0), MADRID)  # 08:00 in Madrid: day has begun
    assert is_quiet(utc(2026, 1, 15, 6, 59), MADRID)
    assert not is_quiet(moment, Day("Europe/Madrid"))  # no quiet hours set


def test_the_day_starts_at_the_local_wall_time_across_a_dst_change():
    # Madrid leaves summer time on 25 October 2026 at 03:00 (UTC+2 -> UTC+1).
    night = utc(2026, 10, 24, 22, 0)  # 00:00 on the 25th in Madrid, summer time
    assert is_quiet(night, MADRID)
    assert quiet_end(night, MADRID) == utc(2026, 10, 25, 7, 0)  # 08:00 winter time
    # New York starts summer time on 8 March 2026 (UTC-5 -> UTC-4).
    late = utc(2026, 3, 8, 4, 0)  # 23:00 on the 7th, winter time
    assert quiet_end(late, NEW_YORK) == utc(2026, 3, 8, 11, 0)  # 07:00 summer time
    # Without quiet hours the day (the digest) starts at 08:00 local.
    assert day_start(utc(2026, 1, 14, 9, 0), Day("Asia/Tokyo")) == utc(2026, 1, 14, 23, 0)


def test_a_waking_deadline_skips_the_quiet_hours():
    start = utc(2026, 1, 14, 20, 0)  # 21:00 in Madrid; two waking hours before 23:00
    # 24 waking hours: 2 tonight, 15 tomorrow (08-23), 7 the day after (08-15).
    assert waking_deadline(start, timedelta(hours=24), MADRID) == utc(2026, 1, 16, 14, 0)
    # Asleep at the start: the clock starts when the day does.
    asleep = utc(2026, 1, 14, 23, 30)
    assert waking_deadline(asleep, timedelta(hours=1), MADRID) == utc(2026, 1, 15, 8, 0)
    assert waking_deadline(start, timedelta(hours=5), Day()) == start + timedelta(hours=5)


def test_a_waking_deadline_across_the_autumn_change_counts_real_hours():
    start = utc(2026, 10, 24, 20, 0)  # 22:00 summer time; one waking hour tonight
    # 1 hour tonight, then sleep until 08:00 winter time (07:00 UTC), then 2 more hours.
    assert waking_deadline(start, timedelta(hours=3), MADRID) == utc(2026, 10, 25, 9, 0)


@pytest.mark.parametrize("text", ["25:00-08:00", "23:00-08:60", "23-08", "08:00-08:00", ""])
def test_bad_quiet_hours_are_refused_by_key(text):
    with pytest.raises(GameError) as refused:
        parse_hours(text)
    assert refused.value.key == "error.people.hours"


def test_quiet_hours_and_zones_are_read_as_typed():
    assert parse_hours(" 23:00 - 8:00 ") == (23 * 60, 8 * 60)
    assert parse_hours("off") is None
    assert zone_named("europe/madrid") == "Europe/Madrid"
    with pytest.raises(GameError) as refused:
        zone_named("Mars/Olympus")
    assert refused.value.key == "error.people.zone"


async def test_the_tick_queries_use_their_indexes(tmp_path, monkeypatch):
    """Each tick reads tables that grow for ever: none of its queries may scan one."""
    from engine.people import People  # noqa: PLC0415
    from engine.sessions.manager import SessionManager  # noqa: PLC0415
    from engine.sessions.store import Store  # noqa: PLC0415

    store = await Store.open(tmp_path / "plans.db")
    reader = store.database.reader
    seen: list[tuple[str, tuple[object, ...]]] = []
    read = reader.fetch_all

    async def spy(sql, args=()):
        seen.append((sql, tuple(args)))
        return await read(sql, args)

    monkeypatch.setattr(reader, "fetch_all", spy)
    people = People(store.database, SessionManager(store, {}, clock=lambda: utc(2026, 6, 1)))
    try:
        await people.tick()
        await people.unsent()
        queries = list(seen)
        plans = [await read("EXPLAIN QUERY PLAN " + sql, args) for sql, args in queries]
    finally:
        await store.close()
    assert len(queries) >= 3
    for (sql, _), plan in zip(queries, plans, strict=True):
        steps = " ".join(str(row[-1]) for row in plan)
        assert "SCAN" not in steps, (sql, steps)
