"""Which Discord servers a process serves: its shards, and the SQL that picks their games.

Discord splits a bot's servers into shards: server `g` belongs to shard `(g >> 22) % count`
(developer docs, "Gateway", "Sharding"). With `SHARD_COUNT` and `SHARD_IDS` (bot.py) each
process owns some shards and handles only the games of their servers: the timers it fires,
the AI turns it resumes, the boards it posts again and the leagues it runs. A game with no
server (tests) belongs to shard 0.

`Shards.where(column)` is the one SQL spelling of "a guild of these shards"; SQLite and
PostgreSQL both shift and take remainders of 64-bit integers alike.
"""

from __future__ import annotations

import os
import secrets
import socket
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

SNOWFLAKE_SHIFT = 22  # a snowflake's low 22 bits are worker, process and increment


def shard_of(guild_id: int | None, count: int) -> int:
    """Return the shard a server belongs to among `count` shards (no server: shard 0)."""
    return 0 if guild_id is None else (guild_id >> SNOWFLAKE_SHIFT) % count


@dataclass(frozen=True, slots=True)
class Shards:
    """The shards one process owns, out of `count` (the default: the only shard of one)."""

    ids: frozenset[int] = frozenset({0})
    count: int = 1

    def __post_init__(self) -> None:
        """Refuse shard ids outside 0..count-1, and an empty set."""
        if self.count < 1 or not self.ids or not all(0 <= i < self.count for i in self.ids):
            raise ValueError(
                f"shard ids {sorted(self.ids)} do not fit a shard count of {self.count}"
            )

    @classmethod
    def of(cls, count: int | None, ids: list[int] | None) -> Shards:
        """Build from SHARD_COUNT and SHARD_IDS (no ids: every shard of the count)."""
        total = count or 1
        return cls(frozenset(range(total) if ids is None else ids), total)

    @property
    def everything(self) -> bool:
        """Whether this process owns every shard (one process, or SQLite)."""
        return len(self.ids) == self.count

    def owns(self, guild_id: int | None) -> bool:
        """Whether the games of this server are this process's."""
        return shard_of(guild_id, self.count) in self.ids

    def where(self, column: str) -> tuple[str, list[Any]]:
        """Return an SQL condition (with `?` arguments) true for rows of this process's servers."""
        if self.everything:
            return "1 = 1", []
        marks = ", ".join("?" * len(self.ids))
        condition = f"((COALESCE({column}, 0) >> {SNOWFLAKE_SHIFT}) % ?) IN ({marks})"
        return condition, [self.count, *sorted(self.ids)]

    def __str__(self) -> str:
        """Name the shards as logs show them: `0,2/4`."""
        return f"{','.join(map(str, sorted(self.ids)))}/{self.count}"


ALL = Shards()


def process_name() -> str:
    """Return a name for this process, unique among the bot's processes (host, pid, token)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


def gone(owner: str, me: str) -> bool:
    """Whether `owner` (a `process_name`) is a process of this host that no longer runs.

    A restarted process takes back at once what such a predecessor claimed, instead of
    waiting its lease out. It must never make two holders: so only a name of this host
    counts (another host's process cannot be seen from here), with a pid that runs no
    process now, or this process's own pid under another token (one pid is one live
    process at a time: the holder before this one is dead). Anything else, an unreadable
    name included, is treated as alive and waited out. One host name is taken to name one
    process namespace (as with one machine, or one container with its own host name).
    """
    host, pid, token = _parts(owner)
    mine = _parts(me)
    if pid is None or host != mine[0] or owner == me:
        return False
    if pid == mine[1]:
        return token != mine[2]
    try:
        os.kill(pid, 0)  # signal 0: only asks whether the process exists
    except ProcessLookupError:
        return True
    except PermissionError:  # it runs, as another user
        return False
    return False


def _parts(owner: str) -> tuple[str, int | None, str]:
    """Split a process name into host, pid and token (pid None: not a process name)."""
    pieces = owner.rsplit(":", 2)
    if len(pieces) != 3 or not pieces[1].isdigit():
        return owner, None, ""
    return pieces[0], int(pieces[1]), pieces[2]


@dataclass(frozen=True, slots=True)
class Serving:
    """What one process serves and how it claims work: its shards, its name, the lease.

    `owner` names the process on what it claims (host, pid, token);
    `lease` is how long a claim holds before another process may take the work over.
    """

    shards: Shards = ALL
    owner: str = field(default_factory=process_name)
    lease: timedelta = timedelta(minutes=2)
