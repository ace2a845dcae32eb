"""The stored rows of the session tables, and the one text format for times in them.

Times are UTC ISO-8601 text of one fixed shape, so SQLite compares them as text.
"""

from dataclasses import dataclass
from datetime import UTC, datetime


def to_text(moment: datetime) -> str:
    """Return an aware datetime as UTC text that sorts like the time it names."""
    if moment.tzinfo is None:
        raise ValueError("times must be timezone-aware")
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def from_text(text: str) -> datetime:
    """Parse a time written by `to_text`."""
    return datetime.fromisoformat(text)


@dataclass(frozen=True, slots=True)
class GameRow:
    """One row of `games`, as stored."""

    id: int
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    lobby_message_id: int | None
    board_message_id: int | None
    ping_message_id: int | None
    game: str
    options: str
    max_seats: int
    creator_id: int
    seed: int | None
    seat_order: str
    status: str
    state: str | None
    version: int
    move_seconds: int | None
    reminders: str
    policy: str
    language: str
    turn_seat: int | None
    turn_since: str | None
    deadline: str | None
    result: str | None
    created_at: str
    updated_at: str


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One row of `seats`."""

    game_id: int
    slot: int
    seat: int | None
    user_id: int | None
    ai: str | None
    joined_at: str
    state: str
    stand_in: int
    timeouts: int
    muted: int
    standing: str


@dataclass(frozen=True, slots=True)
class GameAiRow:
    """One row of `game_ai` (migration 0009): a game's stand-in AI, hints, and whether ranked."""

    game_id: int
    stand_in: str  # the AI player that plays for a seat whose player is out or timed out
    hints: int  # 1: its players may ask for a hint (/game hint)
    ranked: int  # 1: a league game (never hints)


@dataclass(frozen=True, slots=True)
class MoveRow:
    """One row of `moves`: an applied move (live unless `undone_at` is set)."""

    id: int
    game_id: int
    version: int
    ply: int
    seat: int
    action: str
    label: str
    events: str
    lines: str
    irreversible: int
    by: str
    undone_at: int | None
    created_at: str
    ai: str | None = None  # the AI player that made the move, as it played (migration 0013)


@dataclass(frozen=True, slots=True)
class TimerRow:
    """One row of `timers`."""

    game_id: int
    seat: int
    kind: str
    due_at: str
    claimed_by: str | None = None  # the process firing it (migration 0006)
    claimed_until: str | None = None  # when that claim lapses and another may take it


@dataclass(frozen=True, slots=True)
class RequestRow:
    """One row of `requests` (an undo or abandon that needs other players' consent)."""

    id: int
    game_id: int
    kind: str
    user_id: int
    version: int
    target: int | None
    status: str
    created_at: str


@dataclass(frozen=True, slots=True)
class NoticeRow:
    """One row of `notices` (a session notice owed to the game's thread until posted)."""

    id: int
    game_id: int
    version: int
    kind: str
    seat: int | None
    user_id: int | None
    request_id: int | None
    waiting_on: str  # JSON list of user ids
    at: str | None
    detail: str
    created_at: str
    posted_at: str | None
