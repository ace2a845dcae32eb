"""bot.py with a fault the e2e tests inject (`DENARIUS_FAULT`); without it, bot.py unchanged.

- `after_play`: each `play` that applied a move saves it and then hangs for an hour before
  the outcome reaches the poster, so a test can kill the bot between saving and posting.
- `slow_answers`: while the file `DENARIUS_SLOW_FILE` exists, `create_lobby`, `status` and
  `join` take 3.5 s longer, as with a slow database or a game's lock held elsewhere: past
  Discord's 3 s to answer.
- `disk_full`: while the file `DENARIUS_DISK_FULL_FILE` exists, every write transaction of
  the database fails as SQLite's does on a full disk ("database or disk is full").
- `hold_ai`: while the file `DENARIUS_HOLD_AI_FILE` holds a game's number, an AI decision of
  that game (forced or not) logs "holding the AI decision of game N" and then hangs for an
  hour, or until the file no longer names the game, so a test can kill the bot while an AI
  seat is certainly deciding, or look at the thread meanwhile and then let it decide.

Faults combine: `DENARIUS_FAULT=slow_answers,disk_full`. Production code has no such branch.
"""

import asyncio
import contextlib
import contextvars
import logging
import os
import sqlite3
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import bot
from engine.db import Database
from engine.sessions import Outcome, SessionManager
from engine.sessions.loaded import Loaded
from engine.sessions.turns import Turns
from engine.thinking import Played, Thinker

ADVANCING: contextvars.ContextVar[int | None] = contextvars.ContextVar("advancing", default=None)


def hang_after_play() -> None:
    """Make `SessionManager.play` hang once a move is saved (the process gets killed there)."""
    play = SessionManager.play

    async def saved_then_hung(self: SessionManager, *args: Any, **kwargs: Any) -> Outcome:
        outcome = await play(self, *args, **kwargs)
        if outcome.moves:
            await asyncio.sleep(3600)
        return outcome

    SessionManager.play = saved_then_hung  # type: ignore[method-assign]


def slow_answers(switch: Path, seconds: float = 3.5) -> None:
    """While `switch` exists, make `create_lobby`, `status` and `join` take `seconds` longer."""
    for name in ("create_lobby", "status", "join"):
        call = getattr(SessionManager, name)

        async def slow(self: SessionManager, *args: Any, _call: Any = call, **kwargs: Any) -> Any:
            if os.path.exists(switch):  # noqa: ASYNC240 - a test switch, read once
                await asyncio.sleep(seconds)
            return await _call(self, *args, **kwargs)

        setattr(SessionManager, name, slow)


def disk_full(switch: Path) -> None:
    """While `switch` exists, make every write transaction fail as on a full disk."""
    transaction = Database.transaction

    @contextlib.asynccontextmanager
    async def full(self: Database, *, turns: int | None = None) -> AsyncIterator[Any]:
        if os.path.exists(switch):  # noqa: ASYNC240 - a test switch, read once
            raise sqlite3.OperationalError("database or disk is full")
        async with transaction(self, turns=turns) as conn:
            yield conn

    Database.transaction = full  # type: ignore[method-assign]


def hold_ai(switch: Path) -> None:
    """While `switch` names a game, hang its AI decisions (the process gets killed there)."""
    advance, decide = Turns.advance, Thinker.decide

    async def advancing(self: Turns, g: Loaded, after: int | None = None, **kwargs: Any) -> Any:
        token = ADVANCING.set(g.id)  # which game the AI decisions below are for
        try:
            return await advance(self, g, after, **kwargs)
        finally:
            ADVANCING.reset(token)

    async def held(self: Thinker, *args: Any, **kwargs: Any) -> Played:
        game = ADVANCING.get()
        named = switch.read_text(encoding="utf-8").strip() if switch.exists() else ""  # noqa: ASYNC240
        if named == str(game):
            logging.getLogger("denarius.fault").warning("holding the AI decision of game %s", game)
            for _ in range(36_000):  # an hour, or until the switch no longer names the game
                await asyncio.sleep(0.1)
                if not switch.exists() or switch.read_text(encoding="utf-8").strip() != named:  # noqa: ASYNC240
                    break
        return await decide(self, *args, **kwargs)

    Turns.advance = advancing  # type: ignore[method-assign]
    Thinker.decide = held  # type: ignore[method-assign]


if __name__ == "__main__":
    faults = set(os.environ.get("DENARIUS_FAULT", "").split(","))
    if "after_play" in faults:
        hang_after_play()
    if "slow_answers" in faults:
        slow_answers(Path(os.environ["DENARIUS_SLOW_FILE"]))
    if "disk_full" in faults:
        disk_full(Path(os.environ["DENARIUS_DISK_FULL_FILE"]))
    if "hold_ai" in faults:
        hold_ai(Path(os.environ["DENARIUS_HOLD_AI_FILE"]))
    sys.exit(bot.main())
