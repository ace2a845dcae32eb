"""The heart of the session manager: load a game, commit one move, let automated seats move.

Every accepted move is one transaction (STYLE.md §2.4): the move-log row, the new state and
version (saved only `WHERE version = ?`), the turn and its timers. A per-game asyncio lock
serialises moves; nothing about a game lives in memory between calls except that lock.
"""

import asyncio
import json
import logging
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from engine.ai.players import PLAYERS, Player
from engine.core.errors import GameError, IllegalMoveError, StaleStateError
from engine.core.play import parse_action
from engine.core.protocol import GameEngine, GameState, Step
from engine.sessions.errors import GameNotFoundError, NotSeatedError, UnknownGameError
from engine.sessions.models import (
    By,
    Final,
    LogLine,
    Notice,
    NoticeKind,
    Outcome,
    SeatState,
    Status,
    TimeControl,
    Turn,
)
from engine.sessions.replay import (
    early_ranks,
    events_json,
    final_from_json,
    final_ranks,
    final_to_json,
    next_reminder,
)
from engine.sessions.rows import GameRow, MoveRow, SeatRow, from_text, to_text
from engine.sessions.store import Store, Tx

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
MAX_AUTO_MOVES = 5000  # a safety stop for automated seats that never hand back


@dataclass(slots=True)
class Loaded:
    """A game read from the store for one call: its row, seats, engine and decoded state."""

    row: GameRow
    seats: list[SeatRow]
    engine: GameEngine[Any, Any]
    state: Any  # None while in the lobby
    turns: int = 0  # how many times the decision passed to another seat during this call
    ended: bool = False  # the game finished during this call
    stalled: str = ""  # why an automated seat could not move during this call, if it could not
    initial: Any = None  # the state when read, before this call's moves (states are immutable)

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


@dataclass(frozen=True, slots=True)
class Controller:
    """Who decides for the pending seat: a human (player None) or an automated chooser."""

    by: By
    player: Player | None = None
    action: Any = None  # a standing answer's action


class Core:
    """Loading, committing and advancing games; the public API builds on these."""

    def __init__(
        self,
        store: Store,
        games: Mapping[str, GameEngine[Any, Any]],
        clock: Clock,
        players: Mapping[str, Player] = PLAYERS,
        *,
        stand_in: str = "greedy",
        seeds: Callable[[], int] | None = None,
    ) -> None:
        """Wire the manager to its store, game registry, clock and AI players."""
        if stand_in not in players:
            raise ValueError(f"unknown stand-in AI {stand_in!r}")
        self.store = store
        self.games = dict(games)
        self.clock = clock
        self.players = dict(players)
        self.stand_in = stand_in
        self._seeds = seeds or (lambda: secrets.randbits(63))
        self._locks: dict[int, asyncio.Lock] = {}

    def _now(self) -> datetime:
        now = self.clock()
        if now.tzinfo is None:
            raise ValueError("the clock must return timezone-aware datetimes")
        return now.astimezone(UTC)

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    def _engine(self, name: str) -> GameEngine[Any, Any]:
        try:
            return self.games[name]
        except KeyError:
            raise UnknownGameError(f"There is no game called '{name}' here.") from None

    async def _load(self, game_id: int) -> Loaded:
        row = await self.store.game(game_id)
        if row is None:
            raise GameNotFoundError(f"There is no game number {game_id}.")
        engine = self._engine(row.game)
        state = None if row.state is None else engine.from_json(json.loads(row.state))
        return Loaded(row, await self.store.seats(game_id), engine, state, initial=state)

    @staticmethod
    def _seated(g: Loaded, user_id: int) -> SeatRow:
        seat = g.seat_of(user_id)
        if seat is None:
            raise NotSeatedError("You are not seated in this game.")
        return seat

    @staticmethod
    def _check_version(g: Loaded, version: int) -> None:
        if version != g.row.version:
            raise StaleStateError(
                f"This board is out of date (move {version}, the game is at move {g.row.version})."
            )

    # ---- who decides -------------------------------------------------------------------

    def _controller(self, g: Loaded, state: GameState) -> Controller:
        pending = state.pending
        if pending is None:
            return Controller(By.PLAYER)
        row = g.at(pending.seat)
        if row.ai is not None:
            return Controller(By.AI, self.players[row.ai])
        if row.state != SeatState.PLAYING or row.stand_in:
            return Controller(By.STAND_IN, self.players[self.stand_in])
        answer = json.loads(row.standing).get(pending.kind)
        if answer is not None:
            try:
                return Controller(By.STANDING, action=parse_action(g.engine, state, answer))
            except GameError:
                pass  # the standing answer is not legal this time: the player decides
        return Controller(By.PLAYER)

    def _turn(self, g: Loaded) -> Turn | None:
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

    # ---- writing -----------------------------------------------------------------------

    async def _update_seat(self, tx: Tx, g: Loaded, slot: int, **fields: Any) -> None:
        await tx.update_seat(g.id, slot, **fields)
        g.seats = [replace(s, **fields) if s.slot == slot else s for s in g.seats]

    async def _retarget(self, tx: Tx, g: Loaded, state: Any, now: datetime) -> dict[str, Any]:
        """Return the turn columns for `state` and restart its timers.

        The deadline is per move: every move restarts it. The turn (who is pinged, and
        since when a game waits on them) changes only when the deciding seat changes.
        """
        control = g.time_control()
        if control is not None:  # without a time control a game has no timers to drop
            await tx.delete_timers(g.id)
        pending = state.pending
        if pending is None:
            return {"turn_seat": None, "turn_since": None, "deadline": None}
        row = g.at(pending.seat)
        fields: dict[str, Any] = {"deadline": None}
        if pending.seat != g.row.turn_seat or g.row.turn_since is None:
            g.turns += 1
            fields.update(turn_seat=pending.seat, turn_since=to_text(now))
            if row.muted == 1:  # muted for one turn only
                await self._update_seat(tx, g, row.slot, muted=0)
                row = g.at(pending.seat)
        if control is None or self._controller(g, state).by is not By.PLAYER:
            return fields
        deadline = now + control.per_move
        fields["deadline"] = to_text(deadline)
        await tx.set_timer(g.id, pending.seat, "deadline", deadline)
        reminder = next_reminder(deadline, control.reminders, now)
        if reminder is not None and row.muted == 0:
            await tx.set_timer(g.id, pending.seat, "reminder", reminder)
        return fields

    async def _save_state(self, tx: Tx, g: Loaded, state: Any, now: datetime, **extra: Any) -> None:
        """Save a new state at version + 1 (optimistically), with its turn or its end."""
        fields: dict[str, Any] = {
            "state": json.dumps(g.engine.to_json(state), sort_keys=True),
            "version": g.row.version + 1,
            "updated_at": to_text(now),
            **extra,
        }
        fields.update(await self._retarget(tx, g, state, now))
        result = g.engine.result(state)
        if result is not None or state.pending is None:
            out = [s.seat for s in g.seats if s.state != SeatState.PLAYING and s.seat is not None]
            ranks = (
                final_ranks(result, out) if result is not None else early_ranks(len(g.seats), out)
            )
            final = Final("completed", ranks, result, tuple(sorted(out)))
            fields.update(status=Status.FINISHED.value, result=final_to_json(final))
            g.ended = True
        if not await tx.update_game(g.id, g.row.version, when="active", **fields):
            raise StaleStateError("Someone else moved first; the board has been refreshed.")
        await tx.close_requests(g.id, "undo", "stale")
        g.row = replace(g.row, **fields)
        g.state = state

    async def _commit(self, g: Loaded, seat: int, action: Any, step: Step[Any], by: By) -> LogLine:
        """Store one applied move in one transaction and return its log line."""
        now = self._now()
        lang = g.row.language
        lines = tuple(g.engine.describe_event(e, lang) for e in step.events)
        move = MoveRow(
            id=0,
            game_id=g.id,
            version=g.row.version + 1,
            ply=g.state.version,
            seat=seat,
            action=g.engine.action_text(action),
            label=g.engine.describe(action, lang),
            events=events_json(step.events),
            lines=json.dumps(lines),
            irreversible=int(step.irreversible),
            by=by.value,
            undone_at=None,
            created_at=to_text(now),
        )
        async with self.store.transaction() as tx:
            # The optimistic version check comes first, so a lost race is a StaleStateError.
            await self._save_state(tx, g, step.state, now)
            await tx.insert_move(move)
        return self._line(g, move)

    async def _advance(self, g: Loaded) -> list[LogLine]:
        """Let AI seats, stand-ins and standing answers move until a human must decide.

        A failing AI (a bug) must not turn a saved human move into an error: it is logged,
        the game waits at the AI's decision (`resume()` retries), and the outcome says so.
        """
        lines: list[LogLine] = []
        for _ in range(MAX_AUTO_MOVES):
            if g.row.status != Status.ACTIVE or g.state.pending is None:
                return lines
            ctl = self._controller(g, g.state)
            if ctl.by is By.PLAYER:
                return lines
            seat = g.state.pending.seat
            try:
                action = ctl.action
                if ctl.player is not None:
                    # Off the event loop: a search AI may think for a while.
                    action = await asyncio.to_thread(ctl.player.choose, g.engine, g.state)
                step = g.engine.apply(g.state, action)
            except Exception as error:
                log.exception("game %s: the automated seat %s failed to move", g.id, seat)
                g.stalled = f"{type(error).__name__}: {error}"
                return lines
            lines.append(await self._commit(g, seat, action, step, ctl.by))
        raise RuntimeError(f"game {g.id}: automated seats made {MAX_AUTO_MOVES} moves in a row")

    # ---- reading back ------------------------------------------------------------------

    @staticmethod
    def _line(g: Loaded, move: MoveRow) -> LogLine:
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
        )

    async def _since_last_turn(self, g: Loaded, seat: int) -> tuple[LogLine, ...]:
        moves = await self.store.moves(g.id)
        last = max((i for i, m in enumerate(moves) if m.seat == seat), default=-1)
        return tuple(self._line(g, m) for m in moves[last + 1 :] if m.seat != seat)

    async def _outcome(
        self,
        g: Loaded,
        lines: list[LogLine],
        notices: list[Notice],
        *,
        actor: int | None,
    ) -> Outcome:
        """Describe a call's effects; ping the decider if the decision passed to them."""
        turn = self._turn(g)
        ping = None
        catch_up: tuple[LogLine, ...] = ()
        if g.turns and turn is not None and turn.user_id not in (None, actor):
            ping = turn.user_id
            catch_up = await self._since_last_turn(g, turn.seat)
        final = final_from_json(g.row.result)
        if g.stalled:
            notices = [*notices, Notice(NoticeKind.AI_FAILED, detail=g.stalled)]
        if g.ended:
            notices = [*notices, Notice(NoticeKind.FINISHED)]
        view = None if g.state is None else g.engine.view(g.state, None)
        moved = lines and g.initial is not None and g.state is not None
        before = g.engine.view(g.initial, None) if moved else None
        return Outcome(
            game_id=g.id,
            version=g.row.version,
            status=Status(g.row.status),
            moves=tuple(lines),
            notices=tuple(notices),
            turn=turn,
            ping=ping,
            catch_up=catch_up,
            view=view,
            before=before,
            final=final,
            thread_id=g.row.thread_id,
            board_message_id=g.row.board_message_id,
            ping_message_id=g.row.ping_message_id,
        )


def resolve(engine: GameEngine[Any, Any], state: Any, move: object) -> Any:
    """Turn a button index, a typed notation or an action into an action (not yet checked)."""
    if isinstance(move, str):
        return parse_action(engine, state, move)
    if isinstance(move, int) and not isinstance(move, bool):
        actions = engine.legal_actions(state)
        if not 0 <= move < len(actions):
            raise IllegalMoveError("That choice is not on offer now; pick one from the board.")
        return actions[move]
    return move
