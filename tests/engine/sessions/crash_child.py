"""Run in a child process by test_crash.py: play one move, and die hard at a chosen point.

Usage: python -m tests.engine.sessions.crash_child DB GAME_ID USER VERSION MODE
MODE "in_tx": the process is killed inside the move's transaction, after the new state
was written and before the commit. MODE "after_commit": killed right after the commit,
before the outcome is built (so the click was never acknowledged).
"""

import asyncio
import os
import sys
from typing import Any

from engine.sessions.store import Store, Tx
from engine.sessions.turns import Turns
from tests.engine.sessions.conftest import FakeClock, make_manager


def _die(*_: Any, **__: Any) -> Any:
    os._exit(9)


async def main(db: str, game_id: int, user: int, version: int, mode: str) -> None:
    if mode == "in_tx":
        Tx.insert_move = _die  # type: ignore[method-assign]
    elif mode == "after_commit":
        Turns.advance = _die  # type: ignore[method-assign]
    async with await Store.open(db) as store:
        await make_manager(store, FakeClock()).play(game_id, user, version, "add 1")


if __name__ == "__main__":
    db, game_id, user, version, mode = sys.argv[1:]
    asyncio.run(main(db, int(game_id), int(user), int(version), mode))
