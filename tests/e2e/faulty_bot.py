"""bot.py with a fault the e2e tests inject: `DENARIUS_FAULT=after_play` hangs every move.

With that variable set, each `play` that applied a move saves it and then hangs for an hour
before the outcome reaches the poster, so a test can kill the bot between saving a move and
posting it. Without it, this is bot.py unchanged. Production code has no such branch.
"""

import asyncio
import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import bot
from engine.sessions import Outcome, SessionManager


def hang_after_play() -> None:
    """Make `SessionManager.play` hang once a move is saved (the process gets killed there)."""
    play = SessionManager.play

    async def saved_then_hung(self: SessionManager, *args: Any, **kwargs: Any) -> Outcome:
        outcome = await play(self, *args, **kwargs)
        if outcome.moves:
            await asyncio.sleep(3600)
        return outcome

    SessionManager.play = saved_then_hung  # type: ignore[method-assign]


if __name__ == "__main__":
    if os.environ.get("DENARIUS_FAULT") == "after_play":
        hang_after_play()
    sys.exit(bot.main())
