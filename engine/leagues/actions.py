"""What the league service hands to its callers: actions to perform, the game port, views.

The cogs (or any driver) call `LeagueService.run_due(port)` on a timer. The service decides
what is due (schedule.py), records it, and asks the `GamePort` (the session manager) to
create and finish games; the returned actions are what happened, for the cogs to announce.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol, TypeAlias

from engine.leagues.model import ForfeitPolicy, TimeControl
from engine.leagues.standings import Rating, StandingRow, TableScore


@dataclass(frozen=True, slots=True)
class SeatedTable:
    """A table of a league week: `players[i]` plays game seat i (seat 0 starts)."""

    table_id: int
    number: int
    division: int
    players: tuple[int, ...]
    game_id: str | None = None


@dataclass(frozen=True, slots=True)
class GameRequest:
    """Everything the session manager needs to create one league game.

    `key` is unique per table and stable across restarts: the port must treat a second
    request with the same key as the same game (return the same id), because a crash
    between creating the game and storing its id makes the service ask again.
    """

    key: str
    league_id: int
    guild: int
    game: str
    options: Mapping[str, str]
    table: SeatedTable
    deadline: datetime
    time_control: TimeControl


@dataclass(frozen=True, slots=True)
class FinishRequest:
    """Finish a running game at its deadline by the league's policy, then report the result."""

    league_id: int
    table: SeatedTable
    game_id: str
    policy: ForfeitPolicy


class GamePort(Protocol):
    """The session manager, as the league service sees it."""

    async def create_game(self, request: GameRequest) -> str:
        """Create (or find, by `request.key`) the game and return its id."""
        ...

    async def finish_game(self, request: FinishRequest) -> None:
        """Start finishing the game; report its result later via record_game_result."""
        ...


@dataclass(frozen=True, slots=True)
class WeekSeated:
    """A week was seated: announce the tables; games follow as CreateGame actions."""

    league_id: int
    season: int
    week: int
    deadline: datetime
    tables: tuple[SeatedTable, ...]
    byes: tuple[int, ...]
    absent: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CreateGame:
    """A seated table has no game yet."""

    request: GameRequest


@dataclass(frozen=True, slots=True)
class DeadlineReached:
    """A week's deadline passed; `open_tables` are still running, `voided` never had a game."""

    league_id: int
    season: int
    week: int
    policy: ForfeitPolicy
    open_tables: tuple[SeatedTable, ...]
    voided: tuple[SeatedTable, ...]


@dataclass(frozen=True, slots=True)
class FinishGame:
    """A game past its deadline is to be finished by the league's policy."""

    request: FinishRequest


@dataclass(frozen=True, slots=True)
class SeasonClosed:
    """A season ended: final standings per division, champions, and division moves."""

    league_id: int
    season: int
    standings: tuple[tuple[int, tuple[StandingRow, ...]], ...]
    champions: tuple[int, ...]
    next_divisions: tuple[tuple[int, ...], ...]


Action: TypeAlias = WeekSeated | CreateGame | DeadlineReached | FinishGame | SeasonClosed


@dataclass(frozen=True, slots=True)
class Standings:
    """A season's standings: rows per division (1 = top) and current ratings."""

    league_id: int
    season: int
    closed: bool
    divisions: tuple[tuple[int, tuple[StandingRow, ...]], ...]
    ratings: Mapping[int, Rating] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class PlannedWeek:
    """One week of the schedule: seated (real times) or planned (assuming on-time seating)."""

    season: int
    week: int
    starts_at: datetime
    deadline: datetime
    seated: bool


@dataclass(frozen=True, slots=True)
class Schedule:
    """The league's status, its planned weeks, and the next thing due."""

    league_id: int
    status: str
    weeks: tuple[PlannedWeek, ...]
    next_due: str | None
    next_due_at: datetime | None


@dataclass(frozen=True, slots=True)
class TableRecord:
    """One played (or open) table in the history."""

    table: SeatedTable
    results: tuple[TableScore, ...]


@dataclass(frozen=True, slots=True)
class WeekRecord:
    """One week in the history."""

    season: int
    week: int
    seated_at: datetime
    deadline: datetime
    tables: tuple[TableRecord, ...]
    byes: tuple[int, ...]
    absent: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LeagueFigures:
    """A user's figures in one league."""

    league_id: int
    name: str
    game: str
    rating: Rating
    games: int
    placements: Mapping[int, int]
    forfeits: int
    mean_vp_share: float
    mean_score: float


@dataclass(frozen=True, slots=True)
class Profile:
    """A user's league profile in a guild: per league, and totals per game."""

    user: int
    leagues: tuple[LeagueFigures, ...]
    per_game: Mapping[str, tuple[int, int, float]]  # game -> (games, wins, mean VP share)
