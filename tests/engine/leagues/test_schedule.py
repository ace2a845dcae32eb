from datetime import UTC, datetime, timedelta

import pytest

from engine.leagues.model import LeagueError, LeagueStatus, WeekStart
from engine.leagues.schedule import (
    CloseDue,
    DeadlineDue,
    SeasonState,
    SeatDue,
    Timing,
    WeekState,
    deadline_for,
    next_step,
    planned_weeks,
    slot_at_or_after,
)


def utc(y: int, mo: int, d: int, h: int = 0, mi: int = 0) -> datetime:
    return datetime(y, mo, d, h, mi, tzinfo=UTC)


LONDON = WeekStart(0, 19, "Europe/London")  # Monday 19:00


def test_slots_keep_local_time_across_spring_and_autumn_changes_in_london():
    spring = slot_at_or_after(utc(2026, 3, 23, 12), LONDON)
    assert spring == utc(2026, 3, 23, 19)  # GMT
    after = slot_at_or_after(spring + timedelta(seconds=1), LONDON)
    assert after == utc(2026, 3, 30, 18)  # BST from 29 March
    assert after - spring == timedelta(hours=167)
    autumn = slot_at_or_after(utc(2026, 10, 19), LONDON)
    assert autumn == utc(2026, 10, 19, 18)
    assert slot_at_or_after(autumn + timedelta(seconds=1), LONDON) - autumn == timedelta(hours=169)


def test_southern_hemisphere_summer_time_ends_in_april():
    sydney = WeekStart(6, 10, "Australia/Sydney")  # Sunday 10:00
    first = slot_at_or_after(utc(2026, 3, 27), sydney)
    assert first == utc(2026, 3, 28, 23)  # AEDT, UTC+11
    assert slot_at_or_after(first + timedelta(minutes=1), sydney) == utc(2026, 4, 5, 0)  # AEST


def test_a_start_hour_inside_the_spring_gap_falls_one_gap_later():
    ny = WeekStart(6, 2, "America/New_York")  # Sunday 02:00; 8 March 2026 has no 02:00
    assert slot_at_or_after(utc(2026, 3, 7), ny) == utc(2026, 3, 8, 7)  # = 03:00 EDT
    assert slot_at_or_after(utc(2026, 3, 9), ny) == utc(2026, 3, 15, 6)  # 02:00 EDT


def test_a_repeated_hour_means_its_first_occurrence():
    ny = WeekStart(6, 1, "America/New_York")  # 1 November 2026: 01:00 happens twice
    assert slot_at_or_after(utc(2026, 10, 31), ny) == utc(2026, 11, 1, 5)  # 01:00 EDT


def test_odd_offsets_and_exact_slots():
    kathmandu = WeekStart(2, 20, "Asia/Kathmandu")  # Wednesday 20:00, UTC+5:45
    slot = slot_at_or_after(utc(2026, 6, 1), kathmandu)
    assert slot == utc(2026, 6, 3, 14, 15)
    assert slot_at_or_after(slot, kathmandu) == slot


def test_naive_times_and_unknown_zones_are_refused():
    with pytest.raises(ValueError, match="aware"):
        slot_at_or_after(datetime(2026, 1, 1), LONDON)  # noqa: DTZ001
    with pytest.raises(LeagueError, match="time zone"):
        WeekStart(0, 19, "Mars/Olympus")
    with pytest.raises(LeagueError, match="time zone"):  # with tzdata: "File name too long"
        WeekStart(0, 19, "x" * 2000)


def test_deadline_is_the_first_slot_at_least_three_days_after_seating():
    slot = utc(2026, 3, 23, 19)
    assert deadline_for(slot + timedelta(seconds=30), LONDON) == utc(2026, 3, 30, 18)
    assert deadline_for(slot + timedelta(days=3), LONDON) == utc(2026, 3, 30, 18)
    assert deadline_for(slot + timedelta(days=5), LONDON) == utc(2026, 4, 6, 18)


def _timing(
    status: LeagueStatus = LeagueStatus.ACTIVE, resumed: datetime | None = None, weeks: int = 2
) -> Timing:
    return Timing(LONDON, weeks, status, utc(2026, 3, 20), resumed)


def _week(n: int, seated: datetime, done: bool = True, open_tables: int = 0) -> WeekState:
    return WeekState(n, seated, deadline_for(seated, LONDON), done, open_tables)


def test_the_first_season_opens_at_the_first_slot_after_creation():
    assert next_step(_timing(), [], utc(2026, 3, 23, 18, 59)) is None
    assert next_step(_timing(), [], utc(2026, 3, 23, 19)) == SeatDue(1, 1, utc(2026, 3, 23, 19))


def test_a_week_runs_to_its_deadline_then_waits_for_open_games():
    seated = utc(2026, 3, 23, 19)
    state = [SeasonState(1, (_week(1, seated, done=False, open_tables=2),), False)]
    assert next_step(_timing(), state, utc(2026, 3, 30, 17)) is None
    assert next_step(_timing(), state, utc(2026, 3, 30, 18)) == DeadlineDue(
        1, 1, utc(2026, 3, 30, 18)
    )
    waiting = [SeasonState(1, (_week(1, seated, open_tables=1),), False)]
    assert next_step(_timing(), waiting, utc(2026, 3, 30, 18)) is None
    done = [SeasonState(1, (_week(1, seated),), False)]
    assert next_step(_timing(), done, utc(2026, 3, 30, 18, 5)) == SeatDue(
        1, 2, utc(2026, 3, 30, 18)
    )


def test_the_season_closes_after_its_last_week_and_the_next_one_opens():
    w1, w2 = _week(1, utc(2026, 3, 23, 19)), _week(2, utc(2026, 3, 30, 18))
    state = [SeasonState(1, (w1, w2), False)]
    assert next_step(_timing(), state, utc(2026, 4, 6, 18)) == CloseDue(1, w2.deadline)
    closed = [SeasonState(1, (w1, w2), True)]
    assert next_step(_timing(), closed, utc(2026, 4, 6, 18)) == SeatDue(2, 1, utc(2026, 4, 6, 18))


def test_a_late_start_seats_the_next_week_never_skips_it():
    w1 = _week(1, utc(2026, 3, 23, 19))
    state = [SeasonState(1, (w1,), False)]
    late = utc(2026, 4, 15)  # the bot was down for two week starts
    assert next_step(_timing(weeks=4), state, late) == SeatDue(1, 2, utc(2026, 3, 30, 18))


def test_pause_stops_seating_but_not_deadlines_and_resume_waits_for_a_slot():
    seated = utc(2026, 3, 23, 19)
    running = [SeasonState(1, (_week(1, seated, done=False),), False)]
    paused = _timing(LeagueStatus.PAUSED)
    assert isinstance(next_step(paused, running, utc(2026, 3, 30, 18)), DeadlineDue)
    done = [SeasonState(1, (_week(1, seated),), False)]
    assert next_step(paused, done, utc(2026, 4, 20)) is None
    assert next_step(paused, [], utc(2026, 4, 20)) is None
    resumed = _timing(resumed=utc(2026, 4, 21, 9))
    assert next_step(resumed, done, utc(2026, 4, 21, 10)) is None
    assert next_step(resumed, done, utc(2026, 4, 27, 18)) == SeatDue(1, 2, utc(2026, 4, 27, 18))
    assert next_step(_timing(LeagueStatus.ENDED), done, utc(2026, 5, 1)) is None


def test_planned_weeks_chain_deadlines_in_local_time():
    plan = planned_weeks(_timing(weeks=3), [], utc(2026, 3, 21))
    assert [(s, w) for s, w, _, _ in plan] == [(1, 1), (1, 2), (1, 3)]
    assert [start for _, _, start, _ in plan] == [
        utc(2026, 3, 23, 19),
        utc(2026, 3, 30, 18),
        utc(2026, 4, 6, 18),
    ]
    assert plan[-1][3] == utc(2026, 4, 13, 18)
