"""What every part of the session service shares: store, engines, AI players, clock, locks.

The AI players think through `thinker` (engine/thinking.py: worker processes, or threads).

The parts (`repository.py`, `lobby.py`, `turns.py`, `consent.py`, `timers.py`, `queries.py`)
each get this one `Context` instead of inheriting from each other. Nothing about a game lives
here between calls except its asyncio lock and which AI seat of it is thinking now; the
listeners are told when a game ends, the watchers what a call did before an AI thinks.
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from engine.ai.players import Player
from engine.core.protocol import GameEngine
from engine.db.leases import Leases
from engine.db.shards import Serving, Shards
from engine.sessions.editions import EditionCache
from engine.sessions.errors import UnknownGameError
from engine.sessions.models import GameInfo, Outcome
from engine.sessions.rows import GameRow
from engine.sessions.store import Store, Tx
from engine.thinking import Thinker

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
GameEnded = Callable[[GameInfo], Awaitable[None]]  # told once a game is finished or abandoned
# Told of a call's moves so far while an automated seat thinks (an Outcome with `thinking`).
Watcher = Callable[[Outcome], Awaitable[None]]


class Attendance(Protocol):
    """Players' time, as the clocks ask it (engine/people/ implements it; docs/people.md).

    Without one (`Context.attendance` None), a deadline is the move's start plus the time
    allowed and every reminder goes out.
    """

    async def deadline(
        self, tx: Tx, game: GameRow, user_id: int, seat: int, now: datetime, allowed: timedelta
    ) -> datetime | None:
        """Return when the deciding player's time runs out; None: their clock is stopped."""
        ...

    async def paused(self, tx: Tx, game_id: int, seat: int) -> timedelta | None:
        """Return (and forget) the time a stopped clock had left, if it was stopped."""
        ...

    async def wants_reminder(self, user_id: int, *, last: bool) -> bool:
        """Return whether the player takes this reminder (`last`: none follows it)."""
        ...


@dataclass(slots=True)
class Context:
    """The resources of one session service, shared by its parts."""

    store: Store
    games: dict[str, GameEngine[Any, Any]]
    clock: Clock
    players: dict[str, Player]
    stand_in: str  # the AI that plays for a resigned, forfeited or timed-out player
    seeds: Callable[[], int]
    locks: dict[int, asyncio.Lock] = field(default_factory=dict)
    listeners: list[GameEnded] = field(default_factory=list)
    watchers: list[Watcher] = field(default_factory=list)  # shown what is done while AIs think
    thinking: dict[int, int] = field(default_factory=dict)  # game -> the AI seat deciding now
    editions: EditionCache = field(default_factory=EditionCache)
    thinker: Thinker = field(default_factory=Thinker)  # where AI decisions run (engine/thinking.py)
    attendance: Attendance | None = None  # players' time zones, quiet hours and vacations
    # Several processes (issue 19): the shards whose servers' games this process handles,
    # its name on what it claims, and how long a claim holds before another may take over.
    serving: Serving = field(default_factory=Serving)

    @property
    def shards(self) -> Shards:
        """The shards whose servers' games this process handles."""
        return self.serving.shards

    @property
    def owner(self) -> str:
        """This process's name on the work it claims."""
        return self.serving.owner

    @property
    def lease(self) -> timedelta:
        """How long a claim holds before another process may take the work over."""
        return self.serving.lease

    @property
    def leases(self) -> Leases:
        """The leases of the store's database."""
        return Leases(self.store.database)

    def now(self) -> datetime:
        """Return the clock's time in UTC (the clock must be timezone-aware)."""
        now = self.clock()
        if now.tzinfo is None:
            raise ValueError("the clock must return timezone-aware datetimes")
        return now.astimezone(UTC)

    def lock(self, game_id: int) -> asyncio.Lock:
        """Return the lock that serialises the calls changing one game."""
        return self.locks.setdefault(game_id, asyncio.Lock())

    def engine(self, name: str) -> GameEngine[Any, Any]:
        """Return the engine of a game name."""
        try:
            return self.games[name]
        except KeyError:
            raise UnknownGameError("error.session.no_game_called", name=name) from None

    async def ended(self, info: GameInfo) -> None:
        """Tell every listener that a game ended; a failing listener is logged, not raised.

        Called right after the transaction that ended the game committed: the end is saved
        whatever a listener does, and a restart before a listener finished is caught up by
        the listener's owner (the league runner settles every open game once at start-up).
        """
        for listener in self.listeners:
            try:
                await listener(info)
            except Exception:
                log.exception("game %s: a game-end listener failed", info.game_id)
