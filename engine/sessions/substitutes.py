"""Substitutes: a seat passes to another person, who accepts it first (issue 16).

Three ways a seat changes holder, each an offer the new holder accepts (a button) before it
expires (`OFFER_LIFETIME`):

- `hand_over`: a competing player offers their own seat to someone not in the game;
- `replace`: the game's creator or an admin offers the seat of a player who timed out (an AI
  stands in) or left (resigned or forfeited); the new holder competes again from that seat;
- `take_over`: the creator or an admin offers an AI seat to a person.

Accepting takes the game's lock, so it happens between moves, never inside an automated turn.
The seat row keeps its engine seat and everything the engine knows; only the holder changes,
with fresh session flags (no stand-in, reminders on, no standing answers). Everything hidden
that the seat may see follows the seat: the old holder is no longer seated, so their
`/game private` is refused and the new holder's works; the seat's prompts and choices go to
the new holder. When it is that seat's turn, the new holder gets a fresh deadline and the ping.
Every change is logged (`seat_changes`), for the game log. League games refuse substitutes:
their seats are the league's members (engine/leagues).
"""

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from engine.sessions.context import Context
from engine.sessions.errors import (
    AlreadySeatedError,
    NotAllowedError,
    RequestNotFoundError,
)
from engine.sessions.loaded import Loaded, competing
from engine.sessions.models import Outcome, SeatState, Status
from engine.sessions.repository import Repository, since_last_turn
from engine.sessions.rows import SeatRow, from_text, to_text
from engine.sessions.seat_offers import ChangeRow, OfferRow, SeatSql
from engine.sessions.store import Tx
from engine.sessions.turns import Turns

OFFER_LIFETIME = timedelta(hours=24)  # an unanswered offer expires after a day


@dataclass(frozen=True, slots=True)
class Offer:
    """A seat offered to someone: who offers whose seat to whom, and until when."""

    offer_id: int
    game_id: int
    seat: int  # engine seat
    from_user: int | None  # None: an AI seat
    to_user: int
    by_user: int
    reason: str  # hand_over, replace, take_over
    status: str
    expires_at: datetime


@dataclass(frozen=True, slots=True)
class SeatChange:
    """A seat that passed to another holder, for the game log."""

    game_id: int
    version: int  # the game's version when it happened
    seat: int
    from_user: int | None
    from_ai: str | None
    to_user: int
    by_user: int
    reason: str
    at: datetime


@dataclass(frozen=True, slots=True)
class Substitution:
    """An accepted offer: the change, and the game as it stands now (to post its board)."""

    change: SeatChange
    outcome: Outcome


def _change(row: ChangeRow) -> SeatChange:
    return SeatChange(
        row.game_id, row.version, row.seat, row.from_user, row.from_ai, row.to_user,
        row.by_user, row.reason, from_text(row.at),
    )  # fmt: skip


class Substitutes:
    """Offer, accept and decline seats; the log of seat changes."""

    def __init__(self, ctx: Context, repo: Repository, turns: Turns) -> None:
        """Share the service's context, repository and turns."""
        self.ctx = ctx
        self.repo = repo
        self.turns = turns

    def _reads(self) -> SeatSql:
        return SeatSql(self.ctx.store.database.reader)

    def _offer(self, row: OfferRow, g: Loaded) -> Offer:
        seat = next(s.seat for s in g.seats if s.slot == row.slot)
        return Offer(
            row.id, row.game_id, seat or 0, row.from_user, row.to_user, row.by_user,
            row.reason, row.status, from_text(row.expires_at),
        )  # fmt: skip

    async def offer(
        self, game_id: int, by_user: int, to_user: int, seat: int | None, *, admin: bool = False
    ) -> Offer:
        """Offer a seat to `to_user`: your own (seat None) or, as creator or admin, a free one."""
        async with self.ctx.lock(game_id):
            g = await self.repo.active(game_id)
            if await self._reads().in_league(game_id):
                raise NotAllowedError("error.around.league_seat")
            if g.seat_of(to_user) is not None:
                raise AlreadySeatedError("error.around.already_seated")
            row, reason = self._offered(g, by_user, seat, admin=admin)
            now = self.ctx.now()
            offer = OfferRow(
                0, game_id, row.slot, row.user_id, to_user, by_user, reason, "open",
                to_text(now), to_text(now + OFFER_LIFETIME),
            )  # fmt: skip
            async with self.ctx.store.database.transaction() as conn:
                offer_id = await SeatSql(conn).insert_offer(offer)
            return self._offer(replace(offer, id=offer_id), g)

    @staticmethod
    def _offered(g: Loaded, by_user: int, seat: int | None, *, admin: bool) -> tuple[SeatRow, str]:
        """Return the seat offered and why, or refuse."""
        if seat is None:
            return competing(g, by_user), "hand_over"
        row = next((s for s in g.seats if s.seat == seat), None)
        if row is None:
            raise NotAllowedError("error.around.no_such_seat", seat=seat + 1)
        if row.user_id == by_user and row.state == SeatState.PLAYING:
            return row, "hand_over"
        if by_user != g.row.creator_id and not admin:
            raise NotAllowedError("error.around.creator_only")
        if row.ai is not None:
            return row, "take_over"
        if row.stand_in or row.state != SeatState.PLAYING:
            return row, "replace"
        raise NotAllowedError("error.around.seat_taken", seat=seat + 1)

    async def accept(self, offer_id: int, user_id: int) -> Substitution:
        """Take the offered seat (only its addressee, before it expires)."""
        first = await self._reads().offer(offer_id)
        if first is None:
            raise RequestNotFoundError("error.around.offer_closed")
        if first.to_user != user_id:
            raise NotAllowedError("error.around.offer_not_yours")
        async with self.ctx.lock(first.game_id):
            found = await self._reads().offer(offer_id)
            if found is None or found.status != "open":
                raise RequestNotFoundError("error.around.offer_closed")
            now = self.ctx.now()
            if now >= from_text(found.expires_at):
                async with self.ctx.store.database.transaction() as conn:
                    await SeatSql(conn).close_offer(offer_id, "expired")
                raise RequestNotFoundError("error.around.offer_expired")
            g = await self.repo.active(found.game_id)
            row = next(s for s in g.seats if s.slot == found.slot)
            if not self._still(row, found):
                async with self.ctx.store.database.transaction() as conn:
                    await SeatSql(conn).close_offer(offer_id, "stale")
                raise RequestNotFoundError("error.around.offer_stale")
            if g.seat_of(user_id) is not None:
                raise AlreadySeatedError("error.around.already_seated")
            change = ChangeRow(
                0, g.id, g.row.version, row.slot, row.seat or 0, row.user_id, row.ai, user_id,
                found.by_user, found.reason, to_text(now),
            )  # fmt: skip
            async with self.ctx.store.database.transaction() as conn:
                sql = SeatSql(conn)
                if not await sql.close_offer(offer_id, "accepted"):
                    raise RequestNotFoundError("error.around.offer_closed")
                await sql.give_seat(g.id, row.slot, user_id)
                await sql.insert_change(change)
                await self._seat_in_memory(Tx(conn), g, row, user_id, now)
            return Substitution(_change(change), await self._outcome(g, row))

    @staticmethod
    def _still(row: SeatRow, offer: OfferRow) -> bool:
        """Whether the seat is still as it was offered (same holder; still free to replace)."""
        if row.user_id != offer.from_user:
            return False
        if offer.reason == "replace":
            return bool(row.stand_in) or row.state != SeatState.PLAYING
        if offer.reason == "hand_over":
            return row.state == SeatState.PLAYING
        return row.ai is not None

    async def _seat_in_memory(
        self, tx: Tx, g: Loaded, row: SeatRow, user_id: int, now: datetime
    ) -> None:
        """Keep `g` current; give the new holder a fresh deadline if the seat decides now."""
        fresh = replace(
            row, user_id=user_id, ai=None, state=SeatState.PLAYING.value, stand_in=0,
            timeouts=0, muted=0, standing="{}",
        )  # fmt: skip
        g.seats = [fresh if s.slot == row.slot else s for s in g.seats]
        pending = g.state.pending
        if g.row.status == Status.ACTIVE and pending is not None and pending.seat == row.seat:
            fields = await self.repo.retarget(tx, g, g.state, now)
            fields["updated_at"] = to_text(now)
            await tx.update_game(g.id, g.row.version, when="active", **fields)
            g.row = replace(g.row, **fields)

    async def _outcome(self, g: Loaded, row: SeatRow) -> Outcome:
        outcome = await self.turns.outcome(g, [], [], actor=None)
        turn = outcome.turn
        if turn is None or turn.seat != row.seat or turn.user_id is None:
            return outcome
        moves = await self.ctx.store.moves(g.id)
        return replace(outcome, ping=turn.user_id, catch_up=since_last_turn(g, moves, turn.seat))

    async def decline(self, offer_id: int, user_id: int) -> Offer:
        """Turn an offer down (its addressee) or withdraw it (whoever offered it)."""
        found = await self._reads().offer(offer_id)
        if found is None or found.status != "open":
            raise RequestNotFoundError("error.around.offer_closed")
        if user_id not in (found.to_user, found.by_user):
            raise NotAllowedError("error.around.offer_not_yours")
        async with self.ctx.store.database.transaction() as conn:
            if not await SeatSql(conn).close_offer(offer_id, "declined"):
                raise RequestNotFoundError("error.around.offer_closed")
        g = await self.repo.load(found.game_id, checked=False)
        return self._offer(replace(found, status="declined"), g)

    async def changes(self, game_id: int) -> list[SeatChange]:
        """Return the seat changes of a game, oldest first (for its log)."""
        return [_change(r) for r in await self._reads().changes(game_id)]
