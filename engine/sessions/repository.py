"""The game row and its seats as one object: load it once per call, write it back in steps.

Every accepted move is one transaction (STYLE.md §2.4): the move-log row, the new state and
version (saved only `WHERE version = ?`), the turn and its timers. The writes here keep the
caller's `Loaded` up to date, so a call never reads its game twice.
"""

import json
import logging
from dataclasses import replace
from datetime import datetime
from typing import Any

from engine.core.errors import GameOverError, StaleStateError
from engine.core.protocol import Step
from engine.core.validation import InvalidStateError
from engine.sessions import editions
from engine.sessions.context import Context
from engine.sessions.errors import (
    GameNotFoundError,
    NotInLobbyError,
    NotStartedError,
    StateNeedsRepairError,
)
from engine.sessions.loaded import Loaded, controller, line, restore, snapshot
from engine.sessions.models import By, Final, LogLine, Notice, NoticeKind, SeatState, Status
from engine.sessions.replay import (
    early_ranks,
    events_json,
    final_ranks,
    final_to_json,
    next_reminder,
)
from engine.sessions.rows import MoveRow, NoticeRow, SeatRow, to_text
from engine.sessions.store import Tx

log = logging.getLogger(__name__)


class Repository:
    """Reads a game for a call and writes its changes, keeping the loaded object current."""

    def __init__(self, ctx: Context) -> None:
        """Share the service's context."""
        self.ctx = ctx

    # ---- notices owed to the thread ------------------------------------------------------

    async def keep_notices(self, tx: Tx, g: Loaded, notices: list[Notice]) -> list[Notice]:
        """Store, in `tx`, the notices not stored yet; return them all with their ids.

        A stored notice is owed to the game's thread until the poster marks it posted
        (`Turns.owed`, `Turns.posted`), so an outage or a restart does not lose it.
        """
        now = to_text(self.ctx.now())
        kept = []
        for n in notices:
            if n.id is not None:
                kept.append(n)
                continue
            row = NoticeRow(
                0, g.id, g.row.version, n.kind.value, n.seat, n.user_id, n.request_id,
                json.dumps(list(n.waiting_on)), None if n.at is None else to_text(n.at),
                n.detail, now, None,
            )  # fmt: skip
            kept.append(replace(n, id=await tx.insert_notice(row)))
        return kept

    # ---- reading -----------------------------------------------------------------------

    async def load(self, game_id: int, *, checked: bool = True) -> Loaded:
        """Read a game's row and seats, and decode its state.

        A stored state that fails its game's checks (engine/<game>/validate.py) is not
        played: the call is refused with `StateNeedsRepairError` until an admin rebuilds it
        from its move log (repair.py). With `checked=False` such a state is left undecoded
        (`state` None, the row as stored), for the verify and the repair.
        """
        row = await self.ctx.store.game(game_id)
        if row is None:
            raise GameNotFoundError("error.session.no_game_number", number=game_id)
        engine = await editions.engine_for(
            self.ctx.store, self.ctx.editions, row, self.ctx.engine(row.game)
        )
        try:
            state = None if row.state is None else engine.from_json(json.loads(row.state))
        except InvalidStateError as error:
            if not checked:
                state = None
            else:
                log.warning("game %s: stored state refused: %s", game_id, error)
                raise StateNeedsRepairError(
                    "repair.needed", number=game_id, check=error.check
                ) from error
        seats = await self.ctx.store.seats(game_id)
        ai = await self.ctx.store.game_ai(game_id)
        return Loaded(row, seats, engine, state, initial=state, ai=ai)

    async def lobby(self, game_id: int) -> Loaded:
        """Load a game that must still be in its lobby.

        A press on a stale lobby control says why the seats no longer change: the game was
        abandoned, or it is over, or (only then) it started (seventh playtest item 3).
        """
        g = await self.load(game_id)
        if g.row.status == Status.ABANDONED:
            raise NotInLobbyError("error.session.abandoned")
        if g.row.status == Status.FINISHED:
            raise NotInLobbyError("error.session.already_over")
        if g.row.status != Status.LOBBY:
            raise NotInLobbyError("error.not_in_lobby")
        return g

    async def active(self, game_id: int) -> Loaded:
        """Load a game that must be running."""
        g = await self.load(game_id)
        if g.row.status == Status.LOBBY:
            raise NotStartedError("error.not_started")
        if g.row.status != Status.ACTIVE:
            raise GameOverError("error.game_over")
        return g

    async def since_last_turn(self, g: Loaded, seat: int) -> tuple[LogLine, ...]:
        """Return the live moves made by others since `seat` last moved."""
        return since_last_turn(g, await self.ctx.store.moves(g.id), seat)

    # ---- writing -----------------------------------------------------------------------

    async def update_seat(self, tx: Tx, g: Loaded, slot: int, **fields: Any) -> None:
        """Set seat columns, in the store and in `g`."""
        await tx.update_seat(g.id, slot, **fields)
        g.seats = [replace(s, **fields) if s.slot == slot else s for s in g.seats]

    async def retarget(self, tx: Tx, g: Loaded, state: Any, now: datetime) -> dict[str, Any]:
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
                await self.update_seat(tx, g, row.slot, muted=0)
                row = g.at(pending.seat)
        decides = controller(g, state, self.ctx.players, self.ctx.stand_in)
        if control is None or decides.by is not By.PLAYER:
            return fields
        deadline: datetime | None = now + control.per_move
        if self.ctx.attendance is not None and row.user_id is not None:
            deadline = await self.ctx.attendance.deadline(
                tx, g.row, row.user_id, pending.seat, now, control.per_move
            )
        if deadline is None:
            return fields  # the player's clock is stopped (a vacation)
        fields["deadline"] = to_text(deadline)
        await tx.set_timer(g.id, pending.seat, "deadline", deadline)
        reminder = next_reminder(deadline, control.reminders, now)
        if reminder is not None and row.muted == 0:
            await tx.set_timer(g.id, pending.seat, "reminder", reminder)
        return fields

    async def save_state(self, tx: Tx, g: Loaded, state: Any, now: datetime, **extra: Any) -> None:
        """Save a new state at version + 1 (optimistically), with its turn or its end."""
        fields: dict[str, Any] = {
            "state": json.dumps(g.engine.to_json(state), sort_keys=True),
            "version": g.row.version + 1,
            "updated_at": to_text(now),
            **extra,
        }
        fields.update(await self.retarget(tx, g, state, now))
        result = g.engine.result(state)
        if result is not None or state.pending is None:
            out = [s.seat for s in g.seats if s.state != SeatState.PLAYING and s.seat is not None]
            ranks = (
                final_ranks(result, out) if result is not None else early_ranks(len(g.seats), out)
            )
            final = Final("completed", ranks, result, tuple(sorted(out)))
            fields.update(status=Status.FINISHED.value, result=final_to_json(final))
            g.ended = g.closed = True
        if not await tx.update_game(g.id, g.row.version, when="active", **fields):
            raise StaleStateError("error.session.moved_first")
        await tx.close_requests(g.id, "undo", "stale")
        g.row = replace(g.row, **fields)
        g.state = state
        if g.ended:
            await self.keep_end(tx, g)

    async def commit(
        self, g: Loaded, seat: int, action: Any, step: Step[Any], by: By, ai: str | None = None
    ) -> LogLine:
        """Store one applied move in one transaction and return its log line.

        `ai`: the AI player that made it, as it played (the ratings read it).
        """
        now = self.ctx.now()
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
            ai=ai,
        )
        before = snapshot(g)

        async def save(tx: Tx) -> None:
            restore(g, before)  # a deadlock undid the transaction: again from the game as read
            # The optimistic version check comes first, so a lost race is a StaleStateError.
            await self.save_state(tx, g, step.state, now)
            await tx.insert_move(move)

        await self.ctx.store.run(save)
        return line(g, move)

    async def end(
        self, tx: Tx, g: Loaded, now: datetime, final: Final | None, status: Status
    ) -> None:
        """End a game now (finished early or abandoned): drop its timers and requests."""
        fields: dict[str, Any] = {
            "status": status.value,
            "updated_at": to_text(now),
            "turn_seat": None,
            "turn_since": None,
            "deadline": None,
            "result": None if final is None else final_to_json(final),
        }
        await tx.delete_timers(g.id)
        for kind in ("undo", "abandon"):
            await tx.close_requests(g.id, kind, "stale")
        if not await tx.update_game(g.id, None, when=g.row.status, **fields):
            raise StaleStateError("error.session.changed_meanwhile")
        g.row = replace(g.row, **fields)
        g.ended = status is Status.FINISHED
        g.closed = True
        if g.ended:
            await self.keep_end(tx, g)

    async def keep_end(self, tx: Tx, g: Loaded) -> None:
        """Store the end's notice in the transaction that ends the game (the outbox).

        Stored later, in a transaction of its own, a kill between the two would leave a
        finished game that owes its thread nothing: its end never posted.
        """
        [g.finished] = await self.keep_notices(tx, g, [Notice(NoticeKind.FINISHED)])

    async def drop_out(
        self, tx: Tx, g: Loaded, row: SeatRow, state: SeatState, now: datetime
    ) -> None:
        """Take a player out of the competition; end the game if too few competitors remain."""
        await self.update_seat(tx, g, row.slot, state=state.value)
        out = [s.seat for s in g.seats if s.state != SeatState.PLAYING and s.seat is not None]
        competing = len(g.seats) - len(out)
        if competing < 2 or not g.humans():
            final = Final("resigned", early_ranks(len(g.seats), out), None, tuple(sorted(out)))
            await self.end(tx, g, now, final, Status.FINISHED)
        elif g.row.turn_seat == row.seat:
            await tx.delete_timers(g.id)  # the stand-in moves now; no deadline for it


def since_last_turn(g: Loaded, moves: list[MoveRow], seat: int) -> tuple[LogLine, ...]:
    """Return the log lines of `moves` made by others since `seat` last moved."""
    last = max((i for i, m in enumerate(moves) if m.seat == seat), default=-1)
    return tuple(line(g, m) for m in moves[last + 1 :] if m.seat != seat)
