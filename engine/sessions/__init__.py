"""The async game-session manager (issue 5): SQLite-backed games, seats, moves and timers.

The cogs need only what is exported here: build one `SessionService` (also called
`SessionManager`) at start-up, call `resume()` once, `tick()` on a schedule, and post the
`Outcome`s the calls return.
"""

from engine.sessions.errors import (
    AlreadySeatedError,
    GameNotFoundError,
    LobbyFullError,
    NotAllowedError,
    NotEnoughPlayersError,
    NotInLobbyError,
    NotSeatedError,
    NotStartedError,
    RequestNotFoundError,
    ThinkingError,
    UndoRefusedError,
    UnknownGameError,
)
from engine.sessions.lobby import NewGame, Settings
from engine.sessions.models import (
    By,
    Choice,
    Choices,
    Final,
    GameInfo,
    LogLine,
    Notice,
    NoticeKind,
    Outcome,
    Policy,
    PrivateView,
    Seat,
    SeatOrder,
    SeatState,
    Status,
    TimeControl,
    Turn,
    Verification,
    Waiting,
)
from engine.sessions.service import SessionManager, SessionService
from engine.sessions.store import Store

__all__ = [
    "AlreadySeatedError",
    "By",
    "Choice",
    "Choices",
    "Final",
    "GameInfo",
    "GameNotFoundError",
    "LobbyFullError",
    "LogLine",
    "NewGame",
    "NotAllowedError",
    "NotEnoughPlayersError",
    "NotInLobbyError",
    "NotSeatedError",
    "NotStartedError",
    "Notice",
    "NoticeKind",
    "Outcome",
    "Policy",
    "PrivateView",
    "RequestNotFoundError",
    "Seat",
    "SeatOrder",
    "SeatState",
    "SessionManager",
    "SessionService",
    "Settings",
    "Status",
    "Store",
    "ThinkingError",
    "TimeControl",
    "Turn",
    "UndoRefusedError",
    "UnknownGameError",
    "Verification",
    "Waiting",
]
