"""League configuration and the records a league keeps: seasons, weeks, tables, results.

Everything here is a frozen value. The store turns rows into these records and the service
hands them to the cogs. A league knows Discord users only as integer ids (`user`); the game
seats (0..n-1) of each table are the positions in `Table.players`.

Scoring defaults follow the research brief (../shared/notes/leagues-and-lookups.md §A3):
placement points 10/6/3/1 at a four-player table (Meeple League). A three-player table keeps
first and last place and gives second place the mean of the four-player second and third
places: 10/4.5/1 by default. So a three-player table's mean (5.17) stays close to a
four-player table's mean (5.00); the brief's alternative 10/5/2 (mean 5.67) would favour the
three-player tables. An organiser may set the three-player points explicitly instead.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from enum import StrEnum
from fractions import Fraction
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from engine import games
from engine.core.errors import GameError

CONFIG_SCHEMA = 1


class LeagueError(GameError):
    """A league request that cannot be done; the message is one sentence a user can act on."""


class ForfeitPolicy(StrEnum):
    """What happens at the deadline to a game that is still running."""

    AI_STANDIN = "ai_standin"  # AI players finish the moves of players who ran out of time
    FORFEIT = "forfeit"  # players who ran out of time forfeit; the rest are ranked as they stand


class LeagueStatus(StrEnum):
    """Whether the weekly cycle runs."""

    ACTIVE = "active"
    PAUSED = "paused"
    ENDED = "ended"


@dataclass(frozen=True, slots=True)
class Scoring:
    """Placement points per table size, and what a bye or a declared absence is worth.

    `three=None` derives the three-player points from `four` (module docstring). A bye (a
    player the seating could not place: only with 5 or fewer active players) scores the mean
    of the four-player points (5 by default), a mid-table result. A declared absence scores
    `absence_points` (0 by default). A forfeit scores 0 (standings.py).
    """

    four: tuple[int, ...] = (10, 6, 3, 1)
    three: tuple[Fraction, ...] | None = None
    absence_points: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        for name, points in (("four", self.four), ("three", self.three)):
            if points is None:
                continue
            if len(points) != (4 if name == "four" else 3):
                raise LeagueError("league.err_points_count", size=name)
            if any(p < 0 for p in points) or list(points) != sorted(points, reverse=True):
                raise LeagueError("league.err_points_order")

    def points(self, size: int) -> tuple[Fraction, ...]:
        """Return the points for places 1..size at a table of `size` players."""
        if size == 4:
            return tuple(Fraction(p) for p in self.four)
        if size == 3:
            if self.three is not None:
                return tuple(Fraction(p) for p in self.three)
            first, second, third, last = self.four
            return (Fraction(first), Fraction(second + third, 2), Fraction(last))
        raise LeagueError("league.err_table_seats")

    @property
    def bye_points(self) -> Fraction:
        """Return what a bye is worth: the mean of the four-player placement points."""
        return Fraction(sum(self.four), len(self.four))


@dataclass(frozen=True, slots=True)
class WeekStart:
    """When each league week starts: a weekday (0 = Monday), an hour, an IANA time zone."""

    weekday: int = 0
    hour: int = 19
    tz: str = "UTC"

    def __post_init__(self) -> None:
        if not 0 <= self.weekday <= 6:
            raise LeagueError("league.err_weekday")
        if not 0 <= self.hour <= 23:
            raise LeagueError("league.err_hour")
        try:
            ZoneInfo(self.tz)
        except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: a name too long for a path
            raise LeagueError("league.err_zone", zone=self.tz) from None

    @property
    def zone(self) -> ZoneInfo:
        """Return the time zone."""
        return ZoneInfo(self.tz)


@dataclass(frozen=True, slots=True)
class TimeControl:
    """The clock the session manager gives each player: a bank plus an increment per move."""

    bank_hours: int = 72
    per_move_hours: int = 0

    def __post_init__(self) -> None:
        if self.bank_hours <= 0 or self.per_move_hours < 0:
            raise LeagueError("league.err_bank")


@dataclass(frozen=True, slots=True)
class LeagueConfig:
    """What an organiser sets with /admin league create or /admin league edit."""

    game: str
    game_options: Mapping[str, str] = field(default_factory=dict)
    table_size: int = 4
    season_weeks: int = 8
    week_start: WeekStart = WeekStart()
    time_control: TimeControl = TimeControl()
    forfeit_policy: ForfeitPolicy = ForfeitPolicy.AI_STANDIN
    scoring: Scoring = Scoring()
    division_size: int | None = None
    promotion: int = 2
    repeat_weight: int = 3

    def __post_init__(self) -> None:
        playable = [spec.name for spec in games.specs() if spec.league]
        if self.game not in playable:
            raise LeagueError("league.err_game", games=", ".join(playable))
        if self.table_size not in (3, 4):
            raise LeagueError("league.err_table_size")
        if not 1 <= self.season_weeks <= 52:
            raise LeagueError("league.err_weeks")
        if self.division_size is not None and self.division_size < 6:
            raise LeagueError("league.err_division")
        if not 0 <= self.promotion <= 4 or self.repeat_weight < 0:
            raise LeagueError("league.err_promotion")

    def to_json(self) -> str:
        """Return the config as JSON with a schema number, for the store."""
        s = self.scoring
        data: dict[str, Any] = {
            "schema": CONFIG_SCHEMA,
            "game": self.game,
            "game_options": dict(self.game_options),
            "table_size": self.table_size,
            "season_weeks": self.season_weeks,
            "week_start": [self.week_start.weekday, self.week_start.hour, self.week_start.tz],
            "time_control": [self.time_control.bank_hours, self.time_control.per_move_hours],
            "forfeit_policy": self.forfeit_policy.value,
            "scoring": {
                "four": list(s.four),
                "three": None if s.three is None else [str(p) for p in s.three],
                "absence_points": str(s.absence_points),
            },
            "division_size": self.division_size,
            "promotion": self.promotion,
            "repeat_weight": self.repeat_weight,
        }
        return json.dumps(data, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> LeagueConfig:
        """Rebuild a config saved by `to_json`; an unknown schema raises ValueError."""
        d = json.loads(text)
        if d.get("schema") != CONFIG_SCHEMA:
            raise ValueError(f"league config schema {d.get('schema')!r} is not {CONFIG_SCHEMA}")
        sc = d["scoring"]
        three = None if sc["three"] is None else tuple(Fraction(p) for p in sc["three"])
        return cls(
            game=d["game"],
            game_options=dict(d["game_options"]),
            table_size=d["table_size"],
            season_weeks=d["season_weeks"],
            week_start=WeekStart(*d["week_start"]),
            time_control=TimeControl(*d["time_control"]),
            forfeit_policy=ForfeitPolicy(d["forfeit_policy"]),
            scoring=Scoring(tuple(sc["four"]), three, Fraction(sc["absence_points"])),
            division_size=d["division_size"],
            promotion=d["promotion"],
            repeat_weight=d["repeat_weight"],
        )

    def edited(self, **changes: Any) -> LeagueConfig:
        """Return a copy with `changes` applied (validated again)."""
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class League:
    """One league of one guild."""

    id: int
    guild: int
    name: str
    config: LeagueConfig
    status: LeagueStatus
    created_at: datetime
    resumed_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Membership:
    """A user's place in a league: active unless they left; absent weeks as (season, week)."""

    league_id: int
    user: int
    joined_at: datetime
    left_at: datetime | None = None
    absent: frozenset[tuple[int, int]] = frozenset()

    @property
    def active(self) -> bool:
        """Return whether the user takes part (has not left)."""
        return self.left_at is None


@dataclass(frozen=True, slots=True)
class Season:
    """A run of weekly rounds; closed once its last week's results are in."""

    id: int
    league_id: int
    number: int
    started_at: datetime
    closed_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Week:
    """One round: seated at `seated_at`, games due by `deadline`."""

    id: int
    season_id: int
    number: int
    seated_at: datetime
    deadline: datetime
    deadline_done: bool = False


@dataclass(frozen=True, slots=True)
class Table:
    """One game of one week: `players` in seat order (index = game seat)."""

    id: int
    week_id: int
    number: int
    division: int
    players: tuple[int, ...]
    game_id: str | None = None
    finished: bool = False
    finish_requested: bool = False


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One player's recorded result at one table."""

    table_id: int
    user: int
    placement: int | None
    score: int | None
    forfeited: bool
    points: Fraction
