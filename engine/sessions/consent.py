"""Undo, resignation and abandoning, with the consent rules between players.

Undo (notes/discord.md §5.2, after BGA's policy): a player may take back their own moves of
the turn they are still playing, back to its start; never across an irreversible step (a die
rolled, a card drawn, hidden information shown), not even with consent; anything further back
(another player's move, or a turn already handed on) needs every other competing player's yes.
An undo request goes stale as soon as the game moves on. Taking back marks the moves undone
(the log keeps them) and rebuilds the state by replaying the live moves from the seed.
"""

import json
from datetime import datetime, timedelta
from typing import Any

from engine.core.errors import GameOverError, StaleStateError
from engine.sessions.context import Context
from engine.sessions.errors import (
    NotAllowedError,
    RequestNotFoundError,
    UndoRefusedError,
)
from engine.sessions.forced import undo_start
from engine.sessions.loaded import Loaded, check_version, competing
from engine.sessions.models import By, Notice, NoticeKind, Outcome, SeatState, Status
from engine.sessions.replay import replay
from engine.sessions.repository import Repository
from engine.sessions.rows import RequestRow, from_text, to_text
from engine.sessions.store import Tx
from engine.sessions.turns import Turns

# How long the others have to answer an undo request (issue 17: "undo to here"); later
# answers find it stale. Async games move slowly: a day, like a typical turn.
UNDO_ANSWER_WITHIN = timedelta(hours=24)


class Consent:
    """Undo, resign, abandon, and answers to requests."""

    def __init__(self, ctx: Context, repo: Repository, turns: Turns) -> None:
        """Share the service's context, repository and turns."""
        self.ctx = ctx
        self.repo = repo
        self.turns = turns

    async def undo(
        self, game_id: int, user_id: int, version: int, *, first: int | None = None
    ) -> Outcome:
        """Take back moves from the move numbered `first` (default: your own last move).

        Within your own current turn it happens at once; otherwise it asks the others first
        and the outcome carries an UNDO_ASKED notice with the request id and whom it waits on.
        """
        async with self.ctx.lock(game_id):
            g = await self.repo.active(game_id)
            row = competing(g, user_id)
            check_version(g, version)
            moves = await self.ctx.store.moves(game_id)
            if first is None:
                mine = [m for m in moves if m.seat == row.seat and m.by == By.PLAYER]
                if not mine:
                    raise UndoRefusedError("error.session.no_own_move")
                first = self._own_undo_start(g, moves, mine[-1])
            taken = [m for m in moves if m.version >= first]
            if not taken or taken[0].version != first:
                raise UndoRefusedError("error.session.no_such_move", number=first)
            if any(m.irreversible for m in taken):
                raise UndoRefusedError("error.session.revealed")
            own = all(m.seat == row.seat and m.by == By.PLAYER for m in taken)
            own = own and g.state.pending.seat == row.seat
            others = tuple(s.user_id for s in g.humans() if s.user_id not in (None, user_id))
            now = self.ctx.now()
            if own or not others:
                async with self.ctx.store.transaction() as tx:
                    await self._take_back(tx, g, first, now)
                lines = await self.turns.advance(g)
                notice = Notice(NoticeKind.UNDONE, row.seat, user_id, detail=str(first))
                return await self.turns.outcome(g, lines, [notice], actor=user_id)
            request_id = await self._ask(g, "undo", user_id, first, now)
            notice = Notice(NoticeKind.UNDO_ASKED, row.seat, user_id, request_id, others,
                            at=now + UNDO_ANSWER_WITHIN)  # fmt: skip
            return await self.turns.outcome(g, [], [notice], actor=user_id)

    @staticmethod
    def _own_undo_start(g: Loaded, moves: list[Any], last: Any) -> int:
        """Return the first move an undo of `last` takes back (its version).

        With the steps that played themselves before it, so the undo lands on a real decision
        (playtest item 44).
        """
        assert g.row.seed is not None  # noqa: S101 - active games have a seed
        setup = (json.loads(g.row.options), len(g.seats), g.row.seed)
        return int(moves[undo_start(g.engine, setup, moves, moves.index(last))].version)

    async def _take_back(self, tx: Tx, g: Loaded, first: int, now: datetime) -> None:
        undone_at = g.row.version + 1
        live = [m for m in await tx.moves(g.id) if m.version < first]
        await tx.mark_undone(g.id, first, undone_at)
        options = json.loads(g.row.options)
        assert g.row.seed is not None  # noqa: S101 - active games have a seed
        state, _ = replay(
            g.engine, options, len(g.seats), g.row.seed, [(m.action, None) for m in live]
        )
        await self.repo.save_state(tx, g, state, now)

    async def _ask(
        self, g: Loaded, kind: str, user_id: int, target: int | None, now: datetime
    ) -> int:
        async with self.ctx.store.transaction() as tx:
            await tx.close_requests(g.id, kind, "stale")
            request_id = await tx.insert_request(
                RequestRow(0, g.id, kind, user_id, g.row.version, target, "open", to_text(now))
            )
            await tx.add_consent(request_id, user_id, True, to_text(now))
        return request_id

    async def answer(self, game_id: int, user_id: int, request_id: int, agree: bool) -> Outcome:
        """Answer an undo or abandon request; the last yes carries it out, any no refuses it."""
        async with self.ctx.lock(game_id):
            g = await self.repo.active(game_id)
            row = competing(g, user_id)
            req = await self.ctx.store.request(request_id)
            if req is None or req.game_id != game_id or req.status != "open":
                raise RequestNotFoundError("error.session.request_closed")
            needed = {s.user_id for s in g.humans()} - {req.user_id}
            if user_id not in needed:
                raise NotAllowedError("error.session.request_not_yours")
            now = self.ctx.now()
            if req.kind == "undo" and req.version != g.row.version:
                async with self.ctx.store.transaction() as tx:
                    await tx.set_request_status(request_id, "stale")
                raise StaleStateError("error.session.undo_outdated")
            if req.kind == "undo" and now > from_text(req.created_at) + UNDO_ANSWER_WITHIN:
                async with self.ctx.store.transaction() as tx:
                    await tx.set_request_status(request_id, "stale")
                raise UndoRefusedError("replay.undo_expired")
            agreed = {u for u, yes in (await self.ctx.store.consents(request_id)).items() if yes}
            waiting = tuple(sorted(u for u in needed - agreed - {user_id} if u is not None))
            kind = NoticeKind.UNDO_ASKED if req.kind == "undo" else NoticeKind.ABANDON_ASKED
            due = from_text(req.created_at) + UNDO_ANSWER_WITHIN if req.kind == "undo" else None
            notice = Notice(kind, row.seat, req.user_id, request_id, waiting, at=due)
            async with self.ctx.store.transaction() as tx:
                await tx.add_consent(request_id, user_id, agree, to_text(now))
                if not agree:
                    await tx.set_request_status(request_id, "refused")
                    notice = Notice(
                        NoticeKind.REFUSED, row.seat, user_id, request_id, detail=req.kind
                    )
                elif not waiting:
                    await tx.set_request_status(request_id, "granted")
                    notice = await self._grant(tx, g, req, now)
            lines = await self.turns.advance(g) if agree and not waiting else []
            return await self.turns.outcome(g, lines, [notice], actor=user_id)

    async def _grant(self, tx: Tx, g: Loaded, req: RequestRow, now: datetime) -> Notice:
        if req.kind == "undo":
            assert req.target is not None  # noqa: S101 - undo requests name their first move
            await self._take_back(tx, g, req.target, now)
            return Notice(NoticeKind.UNDONE, None, req.user_id, req.id, detail=str(req.target))
        await self.repo.end(tx, g, now, None, Status.ABANDONED)
        return Notice(NoticeKind.ABANDONED, None, req.user_id, req.id)

    async def resign(self, game_id: int, user_id: int) -> Outcome:
        """Resign: an AI finishes your seat's game, and you rank below every competitor."""
        async with self.ctx.lock(game_id):
            g = await self.repo.active(game_id)
            row = competing(g, user_id)
            now = self.ctx.now()
            async with self.ctx.store.transaction() as tx:
                await self.repo.drop_out(tx, g, row, SeatState.RESIGNED, now)
            lines = await self.turns.advance(g)
            notice = Notice(NoticeKind.RESIGNED, row.seat, user_id)
            return await self.turns.outcome(g, lines, [notice], actor=user_id)

    async def abandon(self, game_id: int, user_id: int, *, admin: bool = False) -> Outcome:
        """Abandon a game, or ask the other players to (ABANDON_ASKED).

        It happens at once for an admin, for the lobby's creator, and for the last player left.
        """
        async with self.ctx.lock(game_id):
            g = await self.repo.load(game_id)
            if g.row.status in (Status.FINISHED, Status.ABANDONED):
                raise GameOverError("error.session.already_over")
            lobby = g.row.status == Status.LOBBY
            if not admin and not (lobby and user_id == g.row.creator_id):
                if lobby:
                    raise NotAllowedError("error.session.creator_closes")
                row = competing(g, user_id)
                others = tuple(s.user_id for s in g.humans() if s.user_id not in (None, user_id))
                if others:
                    request_id = await self._ask(g, "abandon", user_id, None, self.ctx.now())
                    notice = Notice(NoticeKind.ABANDON_ASKED, row.seat, user_id, request_id, others)
                    return await self.turns.outcome(g, [], [notice], actor=user_id)
            async with self.ctx.store.transaction() as tx:
                await self.repo.end(tx, g, self.ctx.now(), None, Status.ABANDONED)
            notice = Notice(NoticeKind.ABANDONED, None, user_id)
            return await self.turns.outcome(g, [], [notice], actor=user_id)

    async def return_to_seat(self, game_id: int, user_id: int) -> Outcome:
        """Take your seat back from the AI that stood in for you after a timeout."""
        async with self.ctx.lock(game_id):
            g = await self.repo.active(game_id)
            row = competing(g, user_id)
            if not row.stand_in:
                raise NotAllowedError("error.session.no_stand_in")
            async with self.ctx.store.transaction() as tx:
                await self.repo.update_seat(tx, g, row.slot, stand_in=0)
            notice = Notice(NoticeKind.RETURNED, row.seat, user_id)
            return await self.turns.outcome(g, [], [notice], actor=user_id)
