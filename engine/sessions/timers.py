"""Turn timers, reminders, standing answers and resuming after a restart.

Time control (notes/discord.md §5.1, §5.3): each move has a deadline; reminders go out
before it unless the player muted them (for this turn or the whole game); at the deadline
the game's policy applies: an AI stands in for the player until they return, or they
forfeit; once every player has timed out, the game is abandoned (a stalled game ends).
Timers are rows in SQLite, so `tick(now)`, called by the cog's scheduler, fires whatever
is due, including what fell due while the bot was down.
"""

import json
from collections.abc import Collection
from dataclasses import replace
from datetime import datetime
from typing import Any, Literal

from engine.sessions.context import Context
from engine.sessions.errors import NotAllowedError, StateNeedsRepairError
from engine.sessions.loaded import Loaded, competing, controller, seated
from engine.sessions.models import By, Notice, NoticeKind, Outcome, Policy, SeatState, Status
from engine.sessions.replay import next_reminder
from engine.sessions.repository import Repository
from engine.sessions.rows import SeatRow, TimerRow, from_text
from engine.sessions.turns import Turns

MUTES = {"off": 0, "turn": 1, "game": 2}


class Timers:
    """Timers, reminders, mutes, standing answers and start-up resumption."""

    def __init__(self, ctx: Context, repo: Repository, turns: Turns) -> None:
        """Share the service's context, repository and turns."""
        self.ctx = ctx
        self.repo = repo
        self.turns = turns

    async def tick(self, now: datetime | None = None) -> list[Outcome]:
        """Fire every timer due at `now` (default: the clock) and return what happened."""
        moment = self.ctx.now() if now is None else now
        outcomes = []
        for timer in await self.ctx.store.due_timers(moment):
            async with self.ctx.lock(timer.game_id):
                outcome = await self._fire(timer, moment)
            if outcome is not None:
                outcomes.append(outcome)
        return outcomes

    async def _fire(self, timer: TimerRow, now: datetime) -> Outcome | None:
        current = {(t.seat, t.kind): t for t in await self.ctx.store.timers(timer.game_id)}
        live = current.get((timer.seat, timer.kind))
        if live is None or from_text(live.due_at) > now:
            return None  # moved or dropped since it was read
        try:
            g = await self.repo.load(timer.game_id)
        except StateNeedsRepairError:  # paused until repaired; the repair sets its timers again
            async with self.ctx.store.transaction() as tx:
                await tx.delete_timers(timer.game_id)
            return None
        if g.row.status != Status.ACTIVE or g.row.turn_seat != timer.seat:
            async with self.ctx.store.transaction() as tx:
                await tx.delete_timers(g.id, timer.kind)
            return None
        if timer.kind == "reminder":
            return await self._remind(g, now)
        return await self._expire(g, now)

    async def _remind(self, g: Loaded, now: datetime) -> Outcome | None:
        control = g.time_control()
        row = g.at(g.row.turn_seat or 0)
        deadline = from_text(g.row.deadline) if g.row.deadline else None
        later = None
        if control is not None and deadline is not None:
            later = next_reminder(deadline, control.reminders, now)
        async with self.ctx.store.transaction() as tx:
            if later is None:
                await tx.delete_timers(g.id, "reminder")
            else:
                await tx.set_timer(g.id, row.seat or 0, "reminder", later)
        if row.muted or row.user_id is None or (deadline is not None and deadline <= now):
            return None  # muted, or the deadline itself is due: no late reminder
        attendance = self.ctx.attendance
        if attendance is not None and not await attendance.wants_reminder(
            row.user_id, last=later is None
        ):
            return None  # the player's reminder cadence (/settings) leaves this one out
        notice = Notice(NoticeKind.REMINDER, row.seat, row.user_id, at=deadline)
        outcome = await self.turns.outcome(g, [], [notice], actor=None)
        return replace(outcome, ping=row.user_id)

    async def _expire(self, g: Loaded, now: datetime) -> Outcome:
        row = g.at(g.row.turn_seat or 0)
        default = g.engine.default_action(g.state)
        if default is not None:
            return await self._answer_by_default(g, row, default)
        policy = Policy(g.row.policy)
        notices = [Notice(NoticeKind.TIMED_OUT, row.seat, row.user_id, detail=policy.value)]
        async with self.ctx.store.transaction() as tx:
            await tx.delete_timers(g.id)
            await self.repo.update_seat(tx, g, row.slot, timeouts=row.timeouts + 1)
            if policy is Policy.FORFEIT:
                await self.repo.drop_out(tx, g, g.at(row.seat or 0), SeatState.FORFEITED, now)
            elif not [s for s in g.humans() if not s.stand_in and s.slot != row.slot]:
                # Nobody is left to play: AIs finishing the game alone would be no result.
                await self.repo.end(tx, g, now, None, Status.ABANDONED)
                notices.append(Notice(NoticeKind.ABANDONED, detail="every player timed out"))
            else:
                await self.repo.update_seat(tx, g, row.slot, stand_in=1)
        lines = await self.turns.advance(g)
        return await self.turns.outcome(g, lines, notices, actor=None)

    async def _answer_by_default(self, g: Loaded, row: SeatRow, default: Any) -> Outcome:
        """Apply the default answer of a timed-out out-of-turn question; the seat stays theirs.

        A reaction (e.g. a Ladies of Troyes outer activity usable in a rival's turn) must not
        stall the table, nor cost the player their seat: its default (decline) is logged as
        their standing answer, and the game goes on.
        """
        notices = [Notice(NoticeKind.TIMED_OUT, row.seat, row.user_id, detail="default")]
        step = g.engine.apply(g.state, default)
        lines = [await self.repo.commit(g, row.seat or 0, default, step, By.STANDING)]
        lines += await self.turns.advance(g)
        return await self.turns.outcome(g, lines, notices, actor=None)

    async def play_out(self, game_id: int, forfeit: Collection[int] = ()) -> Outcome:
        """Finish a game now: the `forfeit` seats forfeit, then AI stand-ins play every move left.

        For a league deadline (the week is over, engine/leagues): every competing player's
        seat gets a stand-in and keeps competing (ranked by the finished game), and a seat in
        `forfeit` is ranked below them. Unlike a timeout, the AIs finish the game even though
        no human is left to move. A game already over raises GameOverError.
        """
        async with self.ctx.lock(game_id):
            g = await self.repo.active(game_id)
            now = self.ctx.now()
            notices = []
            async with self.ctx.store.transaction() as tx:
                await tx.delete_timers(g.id)
                for row in g.humans():
                    if row.seat in forfeit and g.row.status == Status.ACTIVE:
                        await self.repo.drop_out(tx, g, row, SeatState.FORFEITED, now)
                        notices.append(
                            Notice(NoticeKind.TIMED_OUT, row.seat, row.user_id, detail="forfeit")
                        )
                for row in g.humans():
                    await self.repo.update_seat(tx, g, row.slot, stand_in=1)
            lines = await self.turns.advance(g)
            return await self.turns.outcome(g, lines, notices, actor=None)

    async def mute_reminders(
        self, game_id: int, user_id: int, mode: Literal["turn", "game", "off"] = "turn"
    ) -> None:
        """Mute your reminders for this turn or the whole game, or turn them back on."""
        async with self.ctx.lock(game_id):
            g = await self.repo.load(game_id)
            row = seated(g, user_id)
            now = self.ctx.now()
            mine = g.row.status == Status.ACTIVE and g.row.turn_seat == row.seat
            control = g.time_control()
            async with self.ctx.store.transaction() as tx:
                await self.repo.update_seat(tx, g, row.slot, muted=MUTES[mode])
                if not mine or control is None or g.row.deadline is None:
                    return
                await tx.delete_timers(g.id, "reminder")
                later = next_reminder(from_text(g.row.deadline), control.reminders, now)
                if mode == "off" and later is not None:
                    await tx.set_timer(g.id, row.seat or 0, "reminder", later)

    async def set_standing_answer(
        self, game_id: int, user_id: int, kind: str, notation: str | None
    ) -> Outcome:
        """Answer a kind of decision in advance (None clears it); it plays when legal."""
        if notation is not None and not 0 < len(notation) <= 100:
            raise NotAllowedError("error.session.standing_answer")
        async with self.ctx.lock(game_id):
            g = await self.repo.active(game_id)
            row = competing(g, user_id)
            standing = json.loads(row.standing)
            if notation is None:
                standing.pop(kind, None)
            else:
                standing[kind] = notation
            async with self.ctx.store.transaction() as tx:
                text = json.dumps(standing, sort_keys=True)
                await self.repo.update_seat(tx, g, row.slot, standing=text)
                if controller(g, g.state, self.ctx.players, self.ctx.stand_in).by is not By.PLAYER:
                    await tx.delete_timers(g.id)
            lines = await self.turns.advance(g)
            return await self.turns.outcome(g, lines, [], actor=user_id)

    async def resume(self) -> list[Outcome]:
        """After a restart: let automated seats finish interrupted turns, then fire due timers."""
        outcomes = []
        for row in await self.ctx.store.games([Status.ACTIVE.value]):
            async with self.ctx.lock(row.id):
                try:
                    g = await self.repo.load(row.id)
                except StateNeedsRepairError:  # logged by the load; paused until repaired
                    continue
                if g.row.status != Status.ACTIVE or g.state.pending is None:
                    continue
                if controller(g, g.state, self.ctx.players, self.ctx.stand_in).by is By.PLAYER:
                    continue
                lines = await self.turns.advance(g)
                outcomes.append(await self.turns.outcome(g, lines, [], actor=None))
        return outcomes + await self.tick()
