"""What the session manager hands to the cogs: frozen records of games, seats, moves, outcomes.

The cogs post these as they are (STYLE.md §2.4): an `Outcome` says what happened (moves with
their text, session notices), whose decision it is now, whom to ping, the public view and the
final standings. Nothing here is Discord-specific: users are plain integer ids.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from engine.core.protocol import Bundle, Layout, Result


class Status(StrEnum):
    """Where a game is in its life."""

    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"
    AI_FAILED = "ai_failed"  # an automated seat raised; the game waits (logged; resume retries)
    ABANDONED = "abandoned"


class Policy(StrEnum):
    """What happens when a player's deadline passes."""

    STAND_IN = "stand_in"  # an AI plays the seat's turns until the player returns
    FORFEIT = "forfeit"  # the player forfeits; an AI finishes the seat's game


class SeatOrder(StrEnum):
    """How lobby slots become engine seats at start."""

    RANDOM = "random"  # shuffled from the game's seed (recorded in the seats table)
    JOIN = "join"


class By(StrEnum):
    """Who chose a logged move."""

    PLAYER = "player"
    AI = "ai"  # an AI seat
    STAND_IN = "stand_in"  # an AI playing for a resigned, forfeited or timed-out player
    STANDING = "standing"  # the player's standing answer to an out-of-turn decision


class SeatState(StrEnum):
    """Whether a seated player is still competing."""

    PLAYING = "playing"
    RESIGNED = "resigned"
    FORFEITED = "forfeited"


class NoticeKind(StrEnum):
    """Session happenings the cogs announce besides moves."""

    STARTED = "started"
    REMINDER = "reminder"
    TIMED_OUT = "timed_out"  # the deadline passed; `detail` names the policy applied
    RESIGNED = "resigned"
    RETURNED = "returned"  # a player took their seat back from the AI stand-in
    UNDO_ASKED = "undo_asked"
    REFUSED = "refused"  # an undo or abandon request was refused; `detail` says which
    UNDONE = "undone"
    ABANDON_ASKED = "abandon_asked"
    ABANDONED = "abandoned"
    FINISHED = "finished"
    AI_FAILED = "ai_failed"  # an automated seat raised; the game waits (logged; resume retries)
    REPAIRED = "repaired"  # an admin rebuilt the game from its move log; `detail`: the moves
    EDITION = "edition"  # an admin moved the game to the newest rules edition; `detail`: which


@dataclass(frozen=True, slots=True)
class TimeControl:
    """Time allowed per turn, and reminders sent this long before the deadline."""

    per_move: timedelta
    reminders: tuple[timedelta, ...] = ()


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat: a user or an AI, with its session flags."""

    slot: int  # join order in the lobby
    seat: int | None  # engine seat, set at start
    user_id: int | None
    ai: str | None
    state: SeatState
    stand_in: bool
    muted: bool
    joined_at: datetime


@dataclass(frozen=True, slots=True)
class LogLine:
    """One applied move: what is stored of it, to be described again with the players' names.

    `text` and `events` are the label and event lines as stored (in the game's language then,
    seats as "Player N"); the edge re-describes the move from `notation` and `records` (the
    recorded events, rebuilt from their JSON) with the names it knows (`engine.relabel`,
    `engine.describe_event`), so old rows read like new ones.
    """

    version: int  # game version after the move
    seat: int
    user_id: int | None
    by: By
    notation: str
    text: str
    events: tuple[str, ...]
    irreversible: bool
    at: datetime
    undone: bool = False
    game: str = ""  # the game's name in the registry (engine/games.py)
    records: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Turn:
    """The decision the game waits for."""

    seat: int
    kind: str
    user_id: int | None  # None when an AI decides
    prompt: str
    since: datetime
    deadline: datetime | None


@dataclass(frozen=True, slots=True)
class Notice:
    """A session happening (start, reminder, timeout, resignation, undo, end)."""

    kind: NoticeKind
    seat: int | None = None
    user_id: int | None = None
    request_id: int | None = None
    waiting_on: tuple[int, ...] = ()  # users whose answer a request needs
    at: datetime | None = None  # e.g. the deadline of a reminder
    detail: str = ""
    id: int | None = None  # the stored notice, owed to the thread until posted (`notices`)


@dataclass(frozen=True, slots=True)
class Final:
    """How the game ended: per-seat ranks (1 = first; shared on ties) and the engine result."""

    reason: str  # "completed", "resigned" (too few competitors left) or "abandoned"
    ranks: tuple[int, ...]
    result: Result | None
    out: tuple[int, ...] = ()  # seats that resigned or forfeited


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal action of the current decision: its index (button id), notation and label."""

    index: int
    notation: str
    label: str
    detail: str = ""  # what it gets, from public facts ("top card: Wine"); "" if nothing


@dataclass(frozen=True, slots=True)
class Choices:
    """The current decision and its legal actions, for buttons and autocomplete."""

    game_id: int
    version: int
    turn: Turn
    choices: tuple[Choice, ...]
    bundle: Bundle | None = None  # the decision answered in one go (a multi-select), if any
    layout: Layout | None = None  # where the options stay within a compound decision, if set
    game: str = ""  # the game's name in the registry (engine/games.py): its menu kinds


@dataclass(frozen=True, slots=True)
class Outcome:
    """Everything one call changed, ready for the cogs to post."""

    game_id: int
    version: int
    status: Status
    moves: tuple[LogLine, ...]
    notices: tuple[Notice, ...]
    turn: Turn | None
    ping: int | None  # the user to ping (only when the decision passed to them)
    catch_up: tuple[LogLine, ...]  # for the pinged user: moves since their last turn
    view: Any  # the public view (None while in the lobby)
    before: Any  # the public view before this call's moves (None when none were made)
    final: Final | None
    thread_id: int | None
    board_message_id: int | None
    ping_message_id: int | None
    choices: Choices | None = None  # the next decision's legal actions, when a person decides
    recent: tuple[LogLine, ...] = ()  # the last live moves (RECENT), for a board edited in place
    confirm: Choice | None = None  # a move that would reveal something, not played: ask first
    ask: str = ""  # the question to put instead of "cannot be taken back" (a pass leaving dice)
    # The live moves the thread's story needs (turns.story_window, at most HISTORY), oldest
    # first: the decider's turn and the others' moves since its last; the turn this call ended.
    history: tuple[LogLine, ...] = ()
    # Whether a person has a move of their own that Undo could take back (nothing revealed
    # since it): else the board offers no Undo (playtest items 43, 60: only AIs had moved).
    undoable: bool = False
    # An automated seat decides now and the call goes on (playtest item 100): the board says
    # who is thinking, offers no choices, and is edited in place when the next move is made.
    thinking: bool = False


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game's status for `/game status`, lobbies and lists."""

    game_id: int
    game: str
    status: Status
    version: int
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    creator_id: int
    max_seats: int
    options: dict[str, str]
    language: str
    policy: Policy
    seat_order: SeatOrder
    time_control: TimeControl | None
    seats: tuple[Seat, ...]
    turn: Turn | None
    view: Any
    final: Final | None
    created_at: datetime
    updated_at: datetime
    ai_level: str | None = None  # the game's stand-in AI (None: the service's default)
    hints: bool = True  # whether its players may ask for a hint
    ranked: bool = False  # a league game
    lobby_message_id: int | None = None  # the lobby's message (`/game new`), once posted


@dataclass(frozen=True, slots=True)
class PrivateView:
    """What only one seat may see."""

    game_id: int
    version: int
    seat: int
    view: Any
    prompt: str | None = None  # the public sentence for the pending decision, if any


@dataclass(frozen=True, slots=True)
class Waiting:
    """A game waiting on a user, for `/games mine` (longest-waiting first)."""

    game_id: int
    game: str
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    since: datetime
    deadline: datetime | None
    language: str = "en"  # the game's language (its title reads in it)


@dataclass(frozen=True, slots=True)
class Verification:
    """The result of replaying a game's move log from its seed."""

    game_id: int
    ok: bool
    moves: int
    detail: str
