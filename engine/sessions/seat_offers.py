"""The SQL of substitutes (migration 0008): seat offers, seat changes, a holder's seat row.

Kept apart from store.py so the substitutes' part (substitutes.py) adds no line to the
sessions' shared store; it works on the same connections: reads on the store's reader, writes
on the one writer inside a transaction (`SeatSql(conn)` over the transaction's connection).
"""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.db import Connection, Row

__all__ = ["ChangeRow", "OfferRow", "SeatSql"]


@dataclass(frozen=True, slots=True)
class OfferRow:
    """One row of `seat_offers`."""

    id: int
    game_id: int
    slot: int
    from_user: int | None
    to_user: int
    by_user: int
    reason: str  # hand_over, replace, take_over
    status: str  # open, accepted, declined, expired, stale
    created_at: str
    expires_at: str


@dataclass(frozen=True, slots=True)
class ChangeRow:
    """One row of `seat_changes`: a seat that passed to another holder."""

    id: int
    game_id: int
    version: int
    slot: int
    seat: int
    from_user: int | None
    from_ai: str | None
    to_user: int
    by_user: int
    reason: str
    at: str


class SeatSql:
    """Offers and changes of seat holders, over one connection (the reader or a writer)."""

    def __init__(self, conn: Connection) -> None:
        """Work over `conn`."""
        self._conn = conn

    async def _all(self, sql: str, args: Iterable[Any] = ()) -> list[Row]:
        return await self._conn.fetch_all(sql, args)

    async def offer(self, offer_id: int) -> OfferRow | None:
        """Return an offer, or None."""
        rows = await self._all("SELECT * FROM seat_offers WHERE id = ?", (offer_id,))
        return OfferRow(*rows[0]) if rows else None

    async def changes(self, game_id: int) -> list[ChangeRow]:
        """Return a game's seat changes, oldest first."""
        sql = "SELECT * FROM seat_changes WHERE game_id = ? ORDER BY id"
        return [ChangeRow(*r) for r in await self._all(sql, (game_id,))]

    async def in_league(self, game_id: int) -> bool:
        """Return whether the game is a league table's (its seats belong to the league)."""
        rows = await self._all("SELECT 1 FROM league_game WHERE game_id = ?", (game_id,))
        return bool(rows)

    async def insert_offer(self, row: OfferRow) -> int:
        """Store an open offer, after closing the slot's older open offers; return its id."""
        await self._conn.execute(
            "UPDATE seat_offers SET status = 'stale' WHERE game_id = ? AND slot = ?"
            " AND status = 'open'",
            (row.game_id, row.slot),
        )
        return await self._conn.insert(
            "INSERT INTO seat_offers (game_id, slot, from_user, to_user, by_user, reason,"
            " status, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, 'open', ?, ?)",
            (row.game_id, row.slot, row.from_user, row.to_user, row.by_user, row.reason,
             row.created_at, row.expires_at),
        )  # fmt: skip

    async def close_offer(self, offer_id: int, status: str) -> bool:
        """Close an open offer; return whether it was still open."""
        sql = "UPDATE seat_offers SET status = ? WHERE id = ? AND status = 'open'"
        return await self._conn.execute(sql, (status, offer_id)) == 1

    async def close_game_offers(self, game_id: int) -> None:
        """Close every open offer of a game (a seat changed holder)."""
        await self._conn.execute(
            "UPDATE seat_offers SET status = 'stale' WHERE game_id = ? AND status = 'open'",
            (game_id,),
        )

    async def give_seat(self, game_id: int, slot: int, user_id: int) -> None:
        """Make `user_id` the seat's holder: a competing human seat, with fresh session flags."""
        await self._conn.execute(
            "UPDATE seats SET user_id = ?, ai = NULL, state = 'playing', stand_in = 0,"
            " timeouts = 0, muted = 0, standing = '{}' WHERE game_id = ? AND slot = ?",
            (user_id, game_id, slot),
        )

    async def insert_change(self, row: ChangeRow) -> None:
        """Log a change of holder."""
        await self._conn.execute(
            "INSERT INTO seat_changes (game_id, version, slot, seat, from_user, from_ai,"
            " to_user, by_user, reason, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (row.game_id, row.version, row.slot, row.seat, row.from_user, row.from_ai,
             row.to_user, row.by_user, row.reason, row.at),
        )  # fmt: skip
