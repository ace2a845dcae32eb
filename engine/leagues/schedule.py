"""The weekly cycle as a pure state machine: given what the store says is done, what is due now.

Nothing here reads a clock: `now` is always an argument (the service's injectable clock).

Slots. A league's week starts at a local weekday and hour in an IANA time zone, so the UTC
time moves with daylight saving (a week across a DST change lasts 167 or 169 hours). A
start hour that does not exist that day (spring-forward gap) falls at the same wall time
read with the offset from before the gap, which is one gap-length later (02:30 becomes
03:30). An hour that happens twice (fall-back) means its first occurrence.

Steps, in order, each recorded by the store under a unique key in one transaction, so a
restart never skips a step and never repeats one:

1. Seat week k (`SeatDue`), due at the first slot at or after the previous week's deadline
   (week 1: the previous season's last deadline, or the league's creation), and at or after
   the moment the league was last resumed. Week k waits until every table of week k-1 has
   a result (the deadline step asks for unfinished games to be finished first) and, for a
   new season, until the last season is closed. A late start (the bot was down) seats at
   once: weeks are never skipped.
2. Deadline of week k (`DeadlineDue`): at the deadline stored when the week was seated,
   namely the first slot at least MIN_WEEK after the seating. On time, that is a week later;
   a week seated late is shorter, never shorter than MIN_WEEK.
3. Close the season (`CloseDue`) once its last week's deadline step is done and all its
   tables have results.

The service adds one condition the state machine does not see: a season opens only at a week
start when the league had at least 3 members (service.MIN_PLAYERS).

A paused league seats nothing and closes nothing; deadlines of weeks already seated still
fall due, because their games are running. An ended league has nothing due.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import TypeAlias

from engine.leagues.model import LeagueStatus, WeekStart

MIN_WEEK = timedelta(days=3)


@dataclass(frozen=True, slots=True)
class WeekState:
    """What the store knows of one week."""

    number: int
    seated_at: datetime
    deadline: datetime
    deadline_done: bool
    open_tables: int


@dataclass(frozen=True, slots=True)
class SeasonState:
    """What the store knows of one season."""

    number: int
    weeks: tuple[WeekState, ...]
    closed: bool


@dataclass(frozen=True, slots=True)
class Timing:
    """The league settings the schedule needs."""

    week_start: WeekStart
    season_weeks: int
    status: LeagueStatus
    created_at: datetime
    resumed_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class SeatDue:
    """Week `week` of season `season` is to be seated (week 1 opens the season)."""

    season: int
    week: int
    due_at: datetime

    @property
    def key(self) -> str:
        """Return the step's unique key."""
        return f"s{self.season}:w{self.week}:seat"


@dataclass(frozen=True, slots=True)
class DeadlineDue:
    """Week `week` of season `season` has reached its deadline."""

    season: int
    week: int
    due_at: datetime

    @property
    def key(self) -> str:
        """Return the step's unique key."""
        return f"s{self.season}:w{self.week}:deadline"


@dataclass(frozen=True, slots=True)
class CloseDue:
    """Season `season` is over and all its results are in."""

    season: int
    due_at: datetime

    @property
    def key(self) -> str:
        """Return the step's unique key."""
        return f"s{self.season}:close"


Due: TypeAlias = SeatDue | DeadlineDue | CloseDue


def slot_at_or_after(t: datetime, start: WeekStart) -> datetime:
    """Return the first week start at or after `t` (aware), in UTC."""
    if t.tzinfo is None:
        raise ValueError("times must be timezone-aware")
    local = t.astimezone(start.zone)
    day = local.date() + timedelta(days=(start.weekday - local.weekday()) % 7)
    for extra in (0, 7, 14):
        candidate = _at(day + timedelta(days=extra), start)
        if candidate >= t:
            return candidate
    raise AssertionError("unreachable: a slot falls within two weeks")


def _at(day: date, start: WeekStart) -> datetime:
    # Wall-clock time in the zone; fold=0 chooses the first of a repeated hour.
    wall = datetime(day.year, day.month, day.day, start.hour, tzinfo=start.zone)
    return wall.astimezone(UTC)


def deadline_for(seated_at: datetime, start: WeekStart) -> datetime:
    """Return the deadline of a week seated at `seated_at`: first slot MIN_WEEK later."""
    return slot_at_or_after(seated_at + MIN_WEEK, start)


def next_step(timing: Timing, seasons: Sequence[SeasonState], now: datetime) -> Due | None:
    """Return the one step due at `now`, or None; the caller performs it and asks again."""
    if timing.status is LeagueStatus.ENDED:
        return None
    current = seasons[-1] if seasons and not seasons[-1].closed else None
    if current is not None and current.weeks:
        decided, step = _week_step(timing, current, now)
        if decided:
            return step
    if timing.status is LeagueStatus.PAUSED:
        return None
    due_at = next_seat_time(timing, _last_week(seasons))
    if now < due_at:
        return None
    if current is None:
        return SeatDue(seasons[-1].number + 1 if seasons else 1, 1, due_at)
    return SeatDue(current.number, len(current.weeks) + 1, due_at)


def _week_step(timing: Timing, current: SeasonState, now: datetime) -> tuple[bool, Due | None]:
    """Decide from the current week alone; (False, None) means "seat the next week"."""
    week = current.weeks[-1]
    if not week.deadline_done:
        due = DeadlineDue(current.number, week.number, week.deadline)
        return True, due if now >= week.deadline else None
    if week.open_tables > 0 or timing.status is LeagueStatus.PAUSED:
        return True, None
    if week.number >= timing.season_weeks:
        return True, CloseDue(current.number, week.deadline)
    return False, None


def _last_week(seasons: Sequence[SeasonState]) -> WeekState | None:
    for season in reversed(seasons):
        if season.weeks:
            return season.weeks[-1]
    return None


def next_seat_time(timing: Timing, last_week: WeekState | None) -> datetime:
    """Return when the next week is due to be seated, given the last seated week."""
    after = timing.created_at if last_week is None else last_week.deadline
    if timing.resumed_at is not None and timing.resumed_at > after:
        after = timing.resumed_at
    return slot_at_or_after(after, timing.week_start)


def planned_weeks(
    timing: Timing, seasons: Sequence[SeasonState], now: datetime
) -> list[tuple[int, int, datetime, datetime]]:
    """Return (season, week, start, deadline) for the current season's weeks, planned on time.

    Weeks already seated show their real times; later weeks assume on-time seating.
    """
    current = seasons[-1] if seasons and not seasons[-1].closed else None
    out = (
        [(current.number, w.number, w.seated_at, w.deadline) for w in current.weeks]
        if (current)
        else []
    )
    season_no = current.number if current else (seasons[-1].number + 1 if seasons else 1)
    start = next_seat_time(timing, _last_week(seasons))
    if start < now and timing.status is LeagueStatus.ACTIVE:
        start = max(start, now)
    for week in range(len(out) + 1, timing.season_weeks + 1):
        deadline = deadline_for(start, timing.week_start)
        out.append((season_no, week, start, deadline))
        start = deadline
    return out
