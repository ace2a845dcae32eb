"""Leases: a named piece of work held by one process until a time, then free to take over.

A lease is a row of `leases` (migration 0006): its name, the process that holds it and the
time it expires. `acquire` takes it when it is free, expired, or already this owner's (a
renewal), in one statement that both backends run atomically (an upsert whose update is
guarded), so two processes asking at once get one yes. A process that dies holding a lease
simply stops renewing it: once it expires, any process may take the work over. Times are
the injected clock's, as UTC text (they compare as text), like every time in the database.

The league scheduler holds one lease per shard it runs (cogs/league/runner.py); the
sessions lease the resumption of a game's AI turns (engine/sessions/timers.py). Timers are
claimed row by row instead (`Store.claim_due_timers`), with the same expiry rule.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from engine.db.database import Database
from engine.db.shards import process_name

__all__ = ["Leases", "process_name", "stamp"]

_ACQUIRE = (
    "INSERT INTO leases (name, owner, until) VALUES (?, ?, ?)"
    " ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, until = excluded.until"
    " WHERE leases.until <= ? OR leases.owner = excluded.owner"
)


def stamp(moment: datetime) -> str:
    """Return an aware time as the database's UTC text (engine/sessions/rows.py's format)."""
    if moment.tzinfo is None:
        raise ValueError("times must be timezone-aware")
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


class Leases:
    """The leases of one database."""

    def __init__(self, database: Database) -> None:
        """Work over the bot's one database."""
        self.database = database

    async def acquire(self, name: str, owner: str, now: datetime, until: datetime) -> bool:
        """Take (or renew) the lease `name` until `until`; False if another holds it still."""
        args = (name, owner, stamp(until), stamp(now))
        return await self.database.execute(_ACQUIRE, args) == 1

    async def hold(self, name: str, owner: str, now: datetime, lease: timedelta) -> bool:
        """Keep the lease `name` for `lease` from `now`: renewed (a write) only past its half.

        A loop that holds a lease and asks on every pass writes once per half lease, not
        once per pass.
        """
        held = await self.holder(name)
        if held is not None and held[0] == owner and held[1] > stamp(now + lease / 2):
            return True
        return await self.acquire(name, owner, now, now + lease)

    async def release(self, name: str, owner: str) -> None:
        """Give the lease up now (only if this owner holds it)."""
        await self.database.execute(
            "DELETE FROM leases WHERE name = ? AND owner = ?", (name, owner)
        )

    async def owners(self) -> list[str]:
        """Return the names of the processes holding leases (lapsed or not)."""
        rows = await self.database.fetch_all("SELECT DISTINCT owner FROM leases", ())
        return [str(r[0]) for r in rows]

    async def release_all(self, owner: str) -> None:
        """Give up every lease of `owner` (this process shutting down, or a dead predecessor)."""
        await self.database.execute("DELETE FROM leases WHERE owner = ?", (owner,))

    async def clear(self) -> None:
        """Drop every lease (SQLite at start-up: the process that held them is gone)."""
        await self.database.execute("DELETE FROM leases")

    async def holder(self, name: str) -> tuple[str, str] | None:
        """Return (owner, until) of a lease, or None."""
        row = await self.database.fetch_one(
            "SELECT owner, until FROM leases WHERE name = ?", (name,)
        )
        return None if row is None else (str(row[0]), str(row[1]))
