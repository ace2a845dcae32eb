"""A player's day: time zones, quiet hours, the start of their day and waking-hours deadlines.

Pure functions of UTC instants and a `Day` (a time zone and quiet hours as minutes after local
midnight). Local wall times are turned into instants with `zoneinfo`, so a daylight-saving
change moves the UTC instant of "08:00" and nothing else: 08:00 stays 08:00 on the wall.
Durations are real elapsed time (UTC differences), so a waking-hours deadline across a
change still gives the player exactly the waking time allowed.
"""

import re
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo, available_timezones

from engine.core.errors import GameError

DAY_START = 8 * 60  # a player without quiet hours starts their day (the digest) at 08:00
_HOURS = re.compile(r"^\s*(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})\s*$")
_MAX_STEPS = 2000  # quiet periods a waking deadline may cross (years of them)


@dataclass(frozen=True, slots=True)
class Day:
    """A player's time zone and quiet hours (minutes after local midnight; None: no quiet)."""

    zone: str = "UTC"
    quiet_start: int | None = None
    quiet_end: int | None = None

    @property
    def tz(self) -> ZoneInfo:
        """Return the time zone."""
        return ZoneInfo(self.zone)

    @property
    def has_quiet(self) -> bool:
        """Return whether quiet hours are set."""
        return self.quiet_start is not None and self.quiet_end is not None


@lru_cache(maxsize=1)
def zones() -> dict[str, str]:
    """Return every IANA time zone name, by its lower-case spelling."""
    return {name.lower(): name for name in sorted(available_timezones())}


def zone_named(text: str) -> str:
    """Return the IANA name a player typed (any case), or refuse it."""
    found = zones().get(text.strip().lower())
    if found is None:
        raise GameError("error.people.zone", zone=text.strip())
    return found


def parse_hours(text: str) -> tuple[int, int] | None:
    """Return quiet hours "HH:MM-HH:MM" as minutes after midnight; "off" means none."""
    if text.strip().lower() in {"off", "none", "no", "-"}:
        return None
    found = _HOURS.match(text)
    if found is None:
        raise GameError("error.people.hours", hours=text.strip())
    h1, m1, h2, m2 = (int(x) for x in found.groups())
    if h1 > 23 or h2 > 23 or m1 > 59 or m2 > 59 or (h1, m1) == (h2, m2):
        raise GameError("error.people.hours", hours=text.strip())
    return h1 * 60 + m1, h2 * 60 + m2


def hours_text(start: int | None, end: int | None) -> str:
    """Return quiet hours as "HH:MM-HH:MM" (or "-")."""
    if start is None or end is None:
        return "-"
    return f"{start // 60:02}:{start % 60:02}-{end // 60:02}:{end % 60:02}"


def _minute(moment: datetime, day: Day) -> int:
    local = moment.astimezone(day.tz)
    return local.hour * 60 + local.minute


def is_quiet(moment: datetime, day: Day) -> bool:
    """Return whether `moment` falls in the player's quiet hours."""
    if day.quiet_start is None or day.quiet_end is None:
        return False
    m, start, end = _minute(moment, day), day.quiet_start, day.quiet_end
    return start <= m < end if start < end else m >= start or m < end


def next_wall(moment: datetime, minute: int, day: Day) -> datetime:
    """Return the first instant strictly after `moment` whose local wall time is `minute`."""
    tz = day.tz
    local = moment.astimezone(tz)
    wall = time(minute // 60, minute % 60)
    for offset in range(3):
        date = local.date() + timedelta(days=offset)
        candidate = datetime.combine(date, wall, tzinfo=tz)
        # A wall time inside a spring-forward gap is taken as the instant after the gap.
        candidate = candidate.astimezone(UTC).astimezone(tz)
        if candidate > local:
            return candidate.astimezone(UTC)
    raise AssertionError("a wall time recurs within two days")  # pragma: no cover


def quiet_end(moment: datetime, day: Day) -> datetime:
    """Return when the quiet period `moment` falls in ends (the start of the player's day)."""
    return next_wall(moment, day.quiet_end if day.quiet_end is not None else DAY_START, day)


def day_start(moment: datetime, day: Day) -> datetime:
    """Return the next start of the player's day: their quiet hours' end, or 08:00."""
    return quiet_end(moment, day)


def waking_deadline(start: datetime, allowed: timedelta, day: Day) -> datetime:
    """Return when `allowed` waking time has passed from `start` (quiet hours do not count)."""
    moment = start.astimezone(UTC)
    if not day.has_quiet:
        return moment + allowed
    left = allowed
    for _ in range(_MAX_STEPS):
        if is_quiet(moment, day):
            moment = quiet_end(moment, day)
            continue
        sleep = next_wall(moment, day.quiet_start or 0, day)
        if sleep - moment >= left:
            return moment + left
        left -= sleep - moment
        moment = sleep
    return moment + left
