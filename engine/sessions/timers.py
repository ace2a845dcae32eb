"""Turn timers, reminders, standing answers and resuming after a restart.

Time control (notes/discord.md §5.1, §5.3): each move has a deadline; reminders go out
before it unless the player muted them (for this turn or the whole game); at the deadline
the game's policy applies: an AI stands in for the player until they return, or they
forfeit; once every player has timed out, the game is abandoned (a stalled game ends).
Timers are rows in the database, so `tick(now)`, called by the cog's scheduler, fires
whatever is due, including what fell due while the bot was down. With several processes
(issue 19) each claims the timers it fires (`Store.claim_due_timers`: its own shards'
games, rows nobody holds, `FOR UPDATE SKIP LOCKED` on PostgreSQL) until a lease expires, and
the transaction that fires a timer first deletes the claimed row (`Store.take_timer`), so
each timer fires once; a process that dies holding claims loses them when the lease ends
(at once when it restarts on the same host: `release_gone`). AI seats have no timers: a turn
a dead process left to an AI is taken up by the tick once it waited a lease
(`take_up_stalled`), as start-up's `resume` does for every such turn.

Due reminders fire together, in one transaction per batch (`_remind_all`). When a tick finds
only reminders due, they need no claim: the transaction that deletes a timer nobody holds
(`Store.take_free_timer`) is the one that fires it, so a tick that reminds five players
commits once, not six times. A deadline runs the game's stand-in or ends it over several
transactions, so a tick with one due claims first and fires each deadline alone.
"""

import json
import logging
from collections.abc import Collection
from contextlib import AsyncExitStack
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Literal

from engine.db.shards import gone
from engine.sessions.context import Context
from engine.sessions.errors import NotAllowedError, StateNeedsRepairError
from engine.sessions.loaded import Loaded, competing, controller, seated
from engine.sessions.models import By, Notice, NoticeKind, Outcome, Policy, SeatState, Status
from engine.sessions.replay import next_reminder
from engine.sessions.repository import Repository
from engine.sessions.rows import SeatRow, TimerRow, from_text
from engine.sessions.store import Tx
from engine.sessions.turns import Turns

log = logging.getLogger(__name__)

MUTES = {"off": 0, "turn": 1, "game": 2}
CLAIM_BATCH = 50  # timers claimed per statement: a process fires them before claiming more


class Timers:
    """Timers, reminders, mutes, standing answers and start-up resumption."""

    def __init__(self, ctx: Context, repo: Repository, turns: Turns) -> None:
        """Share the service's context, repository and turns."""
        self.ctx = ctx
        self.repo = repo
        self.turns = turns
        # Games whose automated seat failed to move when taken up, at the version it failed
        # at: the tick leaves them until they change (a restart's `resume` tries again).
        self.failed: dict[int, int] = {}

    async def tick(self, now: datetime | None = None) -> list[Outcome]:
        """Fire every timer due at `now` (default: the clock) and return what happened.

        First one read: the due timers nobody holds. When they are all reminders (the usual
        busy tick), they fire together in one transaction (`_remind_all`), with no claim:
        the transaction that deletes a timer is the one that fires it. Otherwise (a deadline
        runs stand-ins over several transactions; or more are due than one batch) the due
        timers are claimed in the database first, a batch at a time (`claim`), so with
        several processes each is fired by one of them, once. A process fires only the
        timers of its own shards' games.
        """
        moment = self.ctx.now() if now is None else now
        free = await self.ctx.store.free_due_timers(moment, self.ctx.shards, CLAIM_BATCH)
        if not free:
            return []  # the usual tick: one read, no write transaction
        if len(free) < CLAIM_BATCH and all(t.kind == "reminder" for t in free):
            return await self._remind_all(free, moment, claimed=False)
        return await self._fire_claimed(moment)

    async def _fire_claimed(self, moment: datetime) -> list[Outcome]:
        """Claim due timers a batch at a time and fire them: reminders together, deadlines alone."""
        outcomes: list[Outcome] = []
        seen: set[tuple[int, int, str, str]] = set()
        while True:
            claimed = await self.claim(moment)
            fresh = [t for t in claimed if (t.game_id, t.seat, t.kind, t.due_at) not in seen]
            seen.update((t.game_id, t.seat, t.kind, t.due_at) for t in fresh)
            # A game's reminders are due before its deadline: firing the batch's reminders
            # first keeps each game's timers in their order.
            reminders = [t for t in fresh if t.kind == "reminder"]
            outcomes += await self._remind_all(reminders, moment, claimed=True)
            for timer in fresh:
                if timer.kind == "reminder":
                    continue
                async with self.ctx.lock(timer.game_id):
                    outcome = await self._fire(timer, moment)
                if outcome is not None:
                    outcomes.append(outcome)
            if len(claimed) < CLAIM_BATCH or not fresh:
                return outcomes

    async def claim(self, now: datetime) -> list[TimerRow]:
        """Claim for this process a batch of the timers due at `now`, for `ctx.lease`."""
        until = max(self.ctx.now(), now) + self.ctx.lease
        async with self.ctx.store.transaction() as tx:
            return await tx.claim_due_timers(
                now, self.ctx.owner, until, self.ctx.shards, CLAIM_BATCH
            )

    async def _fire(self, timer: TimerRow, now: datetime) -> Outcome | None:
        """Fire one claimed timer in transactions of its own (the caller holds its game's lock)."""
        g = await self._live(timer, claimed=True)
        if g is None:
            return None
        try:
            if timer.kind == "reminder":
                return await self._remind(g, timer, now)
            return await self._expire(g, timer, now)
        except _TakenOverError:
            return None

    async def _live(self, timer: TimerRow, *, claimed: bool) -> Loaded | None:
        """Load the game of a timer that is still ours to fire; else None.

        `claimed`: this process claimed it, perhaps a while ago, so it is read again (a
        claimed timer can wait behind the deadlines of its batch). Else nobody held it when
        this tick read it, a moment ago: its take (`Store.take_free_timer`) checks again, in
        the firing transaction, that it is unmoved and nobody's. A timer left behind by a
        game that ended, or whose turn passed, is dropped here.
        """
        if claimed:
            current = {(t.seat, t.kind): t for t in await self.ctx.store.timers(timer.game_id)}
            live = current.get((timer.seat, timer.kind))
            if live is None or live.due_at != timer.due_at or live.claimed_by != self.ctx.owner:
                return None  # moved or dropped since it was claimed, or taken over meanwhile
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
        return g

    async def _take(self, tx: Tx, timer: TimerRow) -> None:
        """Delete the claimed timer as the firing transaction's first write, or roll it back."""
        if not await tx.take_timer(timer, self.ctx.owner):
            raise _TakenOverError

    async def _remind_all(
        self, timers: list[TimerRow], now: datetime, *, claimed: bool
    ) -> list[Outcome]:
        """Fire a batch of due reminders in one transaction; return the reminders sent.

        The batch's games are locked first (in id order, so two batches cannot deadlock),
        each reminder is checked as `_fire` would, then one transaction takes every
        timer (in key order) and stores every notice: a crash commits all of them or none,
        and a timer fires in the one transaction that deleted it. A timer another process
        took meanwhile is skipped: its take is the first write of its part and deleted
        nothing. `claimed`: the timers are this process's claims (else nobody's, as read).
        If the transaction fails, nothing of it was saved and the reminders fire one by
        one, as `_fire` does, so one that cannot be written does not hold back the others.
        """
        if not timers:
            return []
        async with AsyncExitStack() as locks:
            for game_id in sorted({t.game_id for t in timers}):
                await locks.enter_async_context(self.ctx.lock(game_id))
            due = []
            for timer in sorted(timers, key=lambda t: (t.game_id, t.seat, t.kind)):
                g = await self._live(timer, claimed=claimed)
                if g is not None:
                    due.append(await self._reminder(g, timer, now, claimed=claimed))
            try:
                async with self.ctx.store.transaction() as tx:
                    sent = [(r, n) for r in due if (n := await self._write(tx, r)) is not None]
            except Exception:
                log.exception("the batch of %d reminders failed: firing them one by one", len(due))
                sent = [(r, n) for r in due if (n := await self._write_alone(r)) is not None]
            return [await self._reminded(r, n) for r, n in sent if not r.quiet]

    async def _remind(self, g: Loaded, timer: TimerRow, now: datetime) -> Outcome | None:
        """Fire one reminder in a transaction of its own."""
        reminder = await self._reminder(g, timer, now, claimed=True)
        notices = await self._write_alone(reminder)
        if notices is None or reminder.quiet:
            return None
        return await self._reminded(reminder, notices)

    async def _reminder(
        self, g: Loaded, timer: TimerRow, now: datetime, *, claimed: bool
    ) -> "_Reminder":
        """Decide what a due reminder does: whether it is sent, and when the next one is due."""
        control = g.time_control()
        row = g.at(g.row.turn_seat or 0)
        deadline = from_text(g.row.deadline) if g.row.deadline else None
        later = None
        if control is not None and deadline is not None:
            later = next_reminder(deadline, control.reminders, now)
        quiet = row.muted or row.user_id is None or (deadline is not None and deadline <= now)
        attendance = self.ctx.attendance
        if not quiet and attendance is not None and row.user_id is not None:
            # the player's reminder cadence (/settings) may leave this one out
            quiet = not await attendance.wants_reminder(row.user_id, last=later is None)
        return _Reminder(g, timer, claimed, now, row, deadline, later, bool(quiet))

    async def _write(self, tx: Tx, r: "_Reminder") -> list[Notice] | None:
        """Take a reminder's timer, set the next one, store its notice; None if not ours.

        Returns the reminder's notice, with its id once stored (a quiet one is not stored).
        """
        if r.claimed:
            taken = await tx.take_timer(r.timer, self.ctx.owner)
        else:
            taken = await tx.take_free_timer(r.timer, r.now)
        if not taken:
            return None  # another process took it: this first write changed nothing
        if r.later is not None:
            await tx.set_timer(r.g.id, r.row.seat or 0, "reminder", r.later)
        notices = [Notice(NoticeKind.REMINDER, r.row.seat, r.row.user_id, at=r.deadline)]
        if r.quiet:
            return notices
        # owed to the thread from the commit that fired it (outages, kills)
        return await self.repo.keep_notices(tx, r.g, notices)

    async def _write_alone(self, r: "_Reminder") -> list[Notice] | None:
        """`_write` in a transaction of its own (under the reminder's game lock)."""
        try:
            async with self.ctx.store.transaction() as tx:
                notices = await self._write(tx, r)
                if notices is None:
                    raise _TakenOverError  # nothing was written: roll back the empty transaction
        except _TakenOverError:
            return None
        return notices

    async def _reminded(self, r: "_Reminder", notices: list[Notice]) -> Outcome:
        """The outcome of a reminder sent: its notice, and the player to ping."""
        outcome = await self.turns.outcome(r.g, [], notices, actor=None)
        return replace(outcome, ping=r.row.user_id)

    async def _expire(self, g: Loaded, timer: TimerRow, now: datetime) -> Outcome:
        row = g.at(g.row.turn_seat or 0)
        default = g.engine.default_action(g.state)
        if default is not None:
            # Saved with the version check: a process that took the timer over meanwhile
            # and answered first makes this a StaleStateError, so it is answered once.
            return await self._answer_by_default(g, row, default)
        policy = Policy(g.row.policy)
        notices = [Notice(NoticeKind.TIMED_OUT, row.seat, row.user_id, detail=policy.value)]
        async with self.ctx.store.transaction() as tx:
            await self._take(tx, timer)
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
            notices = await self.repo.keep_notices(tx, g, notices)  # before the AI moves
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
        """After a restart: let automated seats finish interrupted turns, then fire due timers.

        Only the games of this process's shards; each game's resumption is leased in the
        database (`ai:<game>`), so two processes starting at once with a shard in common do
        not both move its AI seats. What a predecessor of this process claimed (killed, on
        this host: `engine.db.shards.gone`) is taken back at once, not after its lease.
        """
        if self.ctx.store.database.dialect.one_process:
            # An SQLite file has one process: what a killed predecessor claimed is free now,
            # not after its lease (PostgreSQL: another process may still be at work on it).
            async with self.ctx.store.transaction() as tx:
                await tx.release_claims()
            await self.ctx.leases.clear()
        else:
            await self.release_gone()
        outcomes = []
        for row in await self.ctx.store.games([Status.ACTIVE.value], shards=self.ctx.shards):
            outcome = await self._resume_one(row.id)
            if outcome is not None:
                outcomes.append(outcome)
        return outcomes + await self.tick()

    async def release_gone(self) -> list[str]:
        """Free the timer claims and leases of processes of this host that are gone.

        Returns their names. A process that restarts (a crash, a SIGKILL, a deploy) gets a
        new name, so what its predecessor held would otherwise wait out `LEASE_SECONDS`.
        """
        owners = {*await self.ctx.store.claim_owners(), *await self.ctx.leases.owners()}
        dead = sorted(o for o in owners if gone(o, self.ctx.owner))
        if dead:
            async with self.ctx.store.transaction() as tx:
                await tx.release_claims(dead)
            for owner in dead:
                await self.ctx.leases.release_all(owner)
            log.info("took back the claims and leases of %s (gone)", ", ".join(dead))
        return dead

    async def release_own(self) -> None:
        """On a clean shutdown: give up this process's timer claims and leases at once."""
        async with self.ctx.store.transaction() as tx:
            await tx.release_claims([self.ctx.owner])
        await self.ctx.leases.release_all(self.ctx.owner)

    async def take_up_stalled(self) -> list[Outcome]:
        """Finish the automated turns nothing has moved for a whole lease (on every tick).

        A process that dies (or whose AI failed) between a saved move and its AI seats'
        moves leaves the game waiting on an AI: no timer runs for an AI seat, and `resume`
        runs only at start-up. A game of this process's shards saved nothing for `lease`
        (longer than any AI thinks; a live process moves its AI seats at once) is taken up
        here, under the game's `ai:<game>` lease, so one process moves it, once.
        """
        before = self.ctx.now() - self.ctx.lease
        outcomes = []
        for game_id, version in await self.ctx.store.stalled_ai_games(before, self.ctx.shards):
            if self.failed.get(game_id) == version:
                continue  # its AI failed here at this very version: said once, not every tick
            outcome = await self._resume_one(game_id)
            if outcome is not None:
                if any(n.kind is NoticeKind.AI_FAILED for n in outcome.notices):
                    self.failed[game_id] = outcome.version
                outcomes.append(outcome)
        return outcomes

    async def _resume_one(self, game_id: int) -> Outcome | None:
        """Move the automated seats of one game if it waits on them, under its lease.

        Read once without the lease (most games wait on a person: no write), then again
        holding it: a process that took the turn up meanwhile has released the lease by
        then, and its moves are in what this one reads.
        """
        async with self.ctx.lock(game_id):
            if await self._automated(game_id) is None:
                return None
        name, now = f"ai:{game_id}", self.ctx.now()
        if not await self.ctx.leases.acquire(name, self.ctx.owner, now, now + self.ctx.lease):
            return None  # another process is finishing this turn
        try:
            async with self.ctx.lock(game_id):
                g = await self._automated(game_id)
                if g is None:
                    return None
                lines = await self.turns.advance(g)
                return await self.turns.outcome(g, lines, [], actor=None)
        finally:
            await self.ctx.leases.release(name, self.ctx.owner)

    async def _automated(self, game_id: int) -> Loaded | None:
        """Load a game if it is active and waits on an automated seat; else None."""
        try:
            g = await self.repo.load(game_id)
        except StateNeedsRepairError:  # logged by the load; paused until repaired
            return None
        if g.row.status != Status.ACTIVE or g.state.pending is None:
            return None
        if controller(g, g.state, self.ctx.players, self.ctx.stand_in).by is By.PLAYER:
            return None
        return g


class _TakenOverError(Exception):
    """The claimed timer moved, or another process took it over: this firing is not ours."""


@dataclass(frozen=True, slots=True)
class _Reminder:
    """A due reminder, checked: its game and seat, the deadline, the next reminder, if sent.

    `quiet`: muted, left out by the player's cadence, or its deadline is due too (then no
    late reminder: the deadline says it all). The timer is taken either way.
    """

    g: Loaded
    timer: TimerRow
    claimed: bool  # this process's claim (else a timer nobody held, as of `now`)
    now: datetime
    row: SeatRow
    deadline: datetime | None
    later: datetime | None
    quiet: bool
