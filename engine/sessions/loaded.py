"""One game as a call sees it (`Loaded`), and the pure facts read from it.

A call loads its game once (`Repository.load`: the row and its seats together), works on that
object and writes through the repository, which keeps it up to date. Everything here reads a
`Loaded` and touches nothing else: who decides, the turn, log lines, seat checks, records.
"""

import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from engine.ai.players import Player
from engine.core.errors import GameError, IllegalMoveError, StaleStateError
from engine.core.play import Typed, parse_action
from engine.core.protocol import GameEngine, GameState
from engine.sessions.errors import NotSeatedError
from engine.sessions.models import (
    By,
    GameInfo,
    LogLine,
    Notice,
    Policy,
    Seat,
    SeatOrder,
    SeatState,
    Status,
    TimeControl,
    Turn,
)
from engine.sessions.replay import final_from_json
from engine.sessions.rows import GameAiRow, GameRow, MoveRow, SeatRow, from_text

log = logging.getLogger(__name__)


@dataclass(slots=True)
class Loaded:
    """A game read from the store for one call: its row, seats, engine and decoded state."""

    row: GameRow
    seats: list[SeatRow]
    engine: GameEngine[Any, Any]
    state: Any  # None while in the lobby
    turns: int = 0  # how many times the decision passed to another seat during this call
    ended: bool = False  # the game finished during this call
    closed: bool = False  # the game finished or was abandoned during this call
    # The end's notice, stored in the transaction that ended the game: owed to the thread
    # from that commit on, so a process killed before posting the end posts it at start-up.
    finished: Notice | None = None
    stalled: str = ""  # why an automated seat could not move during this call, if it could not
    initial: Any = None  # the state when read, before this call's moves (states are immutable)
    ai: GameAiRow | None = None  # its stand-in AI, hints, ranked (None: the service's defaults)

    @property
    def id(self) -> int:
        """Return the game id."""
        return self.row.id

    def seat_of(self, user_id: int) -> SeatRow | None:
        """Return the user's seat row, if seated."""
        return next((s for s in self.seats if s.user_id == user_id), None)

    def at(self, seat: int) -> SeatRow:
        """Return the row of an engine seat."""
        return next(s for s in self.seats if s.seat == seat)

    def humans(self) -> list[SeatRow]:
        """Return the seats of players still competing (not AI, not resigned)."""
        return [s for s in self.seats if s.user_id is not None and s.state == SeatState.PLAYING]

    def time_control(self) -> TimeControl | None:
        """Return the game's time control, if any."""
        if self.row.move_seconds is None:
            return None
        before = tuple(timedelta(seconds=s) for s in json.loads(self.row.reminders))
        return TimeControl(timedelta(seconds=self.row.move_seconds), before)


Kept = tuple[Any, list[Any], Any, int, bool, bool, Any]


def snapshot(g: Loaded) -> Kept:
    """Return what a commit changes in memory (it changes them before the transaction ends)."""
    return (g.row, list(g.seats), g.state, g.turns, g.ended, g.closed, g.finished)


def restore(g: Loaded, kept: Kept) -> None:
    """Undo in memory a commit whose transaction was rolled back (`snapshot`)."""
    g.row, seats, g.state, g.turns, g.ended, g.closed, g.finished = kept
    g.seats = list(seats)


@dataclass(frozen=True, slots=True)
class Controller:
    """Who decides for the pending seat: a human (player None) or an automated chooser."""

    by: By
    player: Player | None = None
    action: Any = None  # a standing answer's action


def controller(
    g: Loaded, state: GameState, players: Mapping[str, Player], stand_in: str
) -> Controller:
    """Return who decides the pending decision of `state`: the player, an AI or an answer."""
    pending = state.pending
    if pending is None:
        return Controller(By.PLAYER)
    row = g.at(pending.seat)
    if row.ai is not None:
        return Controller(By.AI, players[row.ai])
    if row.state != SeatState.PLAYING or row.stand_in:
        return Controller(By.STAND_IN, players[g.ai.stand_in if g.ai else stand_in])
    answer = json.loads(row.standing).get(pending.kind)
    if answer is not None:
        try:
            return Controller(By.STANDING, action=parse_action(g.engine, state, answer))
        except GameError:
            pass  # the standing answer is not legal this time: the player decides
    return Controller(By.PLAYER)


def turn_of(g: Loaded) -> Turn | None:
    """Return the decision the game waits for, or None (lobby, over, nothing pending)."""
    if g.row.status != Status.ACTIVE or g.state is None or g.state.pending is None:
        return None
    pending = g.state.pending
    since = from_text(g.row.turn_since) if g.row.turn_since else from_text(g.row.updated_at)
    return Turn(
        seat=pending.seat,
        kind=pending.kind,
        user_id=g.at(pending.seat).user_id,
        prompt=g.engine.prompt(g.state, g.row.language),
        since=since,
        deadline=from_text(g.row.deadline) if g.row.deadline else None,
    )


def records(g: Loaded, move: MoveRow) -> tuple[Any, ...]:
    """Return a stored move's recorded events, rebuilt ((): stored in a shape no longer known)."""
    try:
        return tuple(g.engine.event_from_json(e) for e in json.loads(move.events))
    except (ValueError, TypeError, KeyError):
        log.warning("game %s move %s: its events cannot be rebuilt", g.id, move.version)
        return ()


def line(g: Loaded, move: MoveRow) -> LogLine:
    """Return the log line of a stored move."""
    return LogLine(
        version=move.version,
        seat=move.seat,
        user_id=g.at(move.seat).user_id,
        by=By(move.by),
        notation=move.action,
        text=move.label,
        events=tuple(json.loads(move.lines)),
        irreversible=bool(move.irreversible),
        at=from_text(move.created_at),
        undone=move.undone_at is not None,
        game=g.row.game,
        records=records(g, move),
    )


def seated(g: Loaded, user_id: int) -> SeatRow:
    """Return the user's seat, or refuse a user who is not seated."""
    seat = g.seat_of(user_id)
    if seat is None:
        raise NotSeatedError("error.not_seated")
    return seat


def competing(g: Loaded, user_id: int) -> SeatRow:
    """Return the user's seat, or refuse a user who is not seated or no longer competes."""
    row = seated(g, user_id)
    if row.state != SeatState.PLAYING:
        raise NotSeatedError("error.session.left_game")
    return row


def check_version(g: Loaded, version: int) -> None:
    """Refuse a click made on an older board."""
    if version != g.row.version:
        raise StaleStateError("error.stale_move", shown=version, current=g.row.version)


def resolve(engine: GameEngine[Any, Any], state: Any, move: object) -> Any:
    """Turn a button index, a typed notation, picked values or an action into an action.

    Picked values (a tuple of strings) answer a decision in one go (`Choices.bundle`). The
    action is not yet checked: the engine's `apply` does that.
    """
    if isinstance(move, tuple) and all(isinstance(v, str) for v in move):
        return engine.bundle_action(state, move)
    if isinstance(move, str):
        return parse_action(engine, state, move)
    if isinstance(move, Typed):  # /move: a notation, or a label as the player was shown it
        return parse_action(engine, state, move.text, move.labels)
    if isinstance(move, int) and not isinstance(move, bool):
        actions = engine.legal_actions(state)
        if not 0 <= move < len(actions):
            raise IllegalMoveError("error.session.not_on_offer")
        return actions[move]
    return move


def seat_record(row: SeatRow) -> Seat:
    """Return the public record of a seat row."""
    return Seat(
        slot=row.slot,
        seat=row.seat,
        user_id=row.user_id,
        ai=row.ai,
        state=SeatState(row.state),
        stand_in=bool(row.stand_in),
        muted=row.muted != 0,
        joined_at=from_text(row.joined_at),
    )


def info(g: Loaded) -> GameInfo:
    """Return the public record of a game (`status`, lobbies, lists)."""
    row = g.row
    return GameInfo(
        game_id=row.id,
        game=row.game,
        status=Status(row.status),
        version=row.version,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        thread_id=row.thread_id,
        creator_id=row.creator_id,
        max_seats=row.max_seats,
        options=json.loads(row.options),
        language=row.language,
        policy=Policy(row.policy),
        seat_order=SeatOrder(row.seat_order),
        time_control=g.time_control(),
        seats=tuple(seat_record(s) for s in g.seats),
        turn=turn_of(g),
        view=None if g.state is None else g.engine.view(g.state, None),
        final=final_from_json(row.result),
        created_at=from_text(row.created_at),
        updated_at=from_text(row.updated_at),
        ai_level=g.ai.stand_in if g.ai else None,
        hints=bool(g.ai.hints) if g.ai else True,
        ranked=bool(g.ai.ranked) if g.ai else False,
        lobby_message_id=row.lobby_message_id,
    )
