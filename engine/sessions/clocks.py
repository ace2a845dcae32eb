"""Stopping and restarting one player's clock (a vacation), keeping the time it had left.

`restart(game_id)` sets the deciding player's deadline again, as the attendance hook says now
(`Context.attendance`, engine/people/): a player who went on vacation gets no deadline (the
hook keeps the time left), a player back from one gets the time their clock had left, not a
fresh full move. It takes the game's lock, as every call changing a game does.
"""

from datetime import timedelta

from engine.sessions.context import Context
from engine.sessions.errors import StateNeedsRepairError
from engine.sessions.loaded import controller
from engine.sessions.models import By, Status
from engine.sessions.replay import next_reminder
from engine.sessions.repository import Repository
from engine.sessions.rows import from_text, to_text

LEAST = timedelta(minutes=1)  # a clock restarted with less left gets this much


class Clocks:
    """Stop and restart the deciding player's clock."""

    def __init__(self, ctx: Context, repo: Repository) -> None:
        """Share the service's context and repository."""
        self.ctx = ctx
        self.repo = repo

    async def restart(self, game_id: int, user_id: int | None = None) -> bool:
        """Set the deciding player's deadline again from what it had left; return if it did.

        With `user_id`, only if that user decides (their vacation touches no one else's clock).
        """
        async with self.ctx.lock(game_id):
            try:
                g = await self.repo.load(game_id)
            except StateNeedsRepairError:
                return False
            control = g.time_control()
            pending = None if g.state is None else g.state.pending
            if g.row.status != Status.ACTIVE or pending is None or control is None:
                return False
            if controller(g, g.state, self.ctx.players, self.ctx.stand_in).by is not By.PLAYER:
                return False
            row = g.at(pending.seat)
            if user_id is not None and row.user_id != user_id:
                return False
            now = self.ctx.now()
            attendance = self.ctx.attendance
            async with self.ctx.store.transaction() as tx:
                left = None
                if attendance is not None:
                    left = await attendance.paused(tx, g.id, pending.seat)
                if left is None:
                    left = control.per_move
                    if g.row.deadline is not None:
                        left = from_text(g.row.deadline) - now
                left = max(left, LEAST)
                await tx.delete_timers(g.id)
                deadline = now + left
                if attendance is not None and row.user_id is not None:
                    found = await attendance.deadline(
                        tx, g.row, row.user_id, pending.seat, now, left
                    )
                    deadline = found if found is not None else deadline
                    if found is None:
                        await tx.update_game(g.id, None, deadline=None)
                        return True
                await tx.set_timer(g.id, pending.seat, "deadline", deadline)
                reminder = next_reminder(deadline, control.reminders, now)
                if reminder is not None and row.muted == 0:
                    await tx.set_timer(g.id, pending.seat, "reminder", reminder)
                await tx.update_game(g.id, None, deadline=to_text(deadline))
            return True
