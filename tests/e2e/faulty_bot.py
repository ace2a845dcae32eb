"""bot.py with a fault the e2e tests inject (`DENARIUS_FAULT`); without it, bot.py unchanged.

- `after_play`: each `play` that applied a move saves it and then hangs for an hour before
  the outcome reaches the poster, so a test can kill the bot between saving and posting.
- `slow_answers`: while the file `DENARIUS_SLOW_FILE` exists, `create_lobby`, `status` and
  `join` take 3.5 s longer, as with a slow database or a game's lock held elsewhere: past
  Discord's 3 s to answer.

Production code has no such branch.
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


def slow_answers(switch: Path, seconds: float = 3.5) -> None:
    """While `switch` exists, make `create_lobby`, `status` and `join` take `seconds` longer."""
    for name in ("create_lobby", "status", "join"):
        call = getattr(SessionManager, name)

        async def slow(self: SessionManager, *args: Any, _call: Any = call, **kwargs: Any) -> Any:
            if os.path.exists(switch):  # noqa: ASYNC240 - a test switch, read once
                await asyncio.sleep(seconds)
            return await _call(self, *args, **kwargs)

        setattr(SessionManager, name, slow)


if __name__ == "__main__":
    fault = os.environ.get("DENARIUS_FAULT")
    if fault == "after_play":
        hang_after_play()
    elif fault == "slow_answers":
        slow_answers(Path(os.environ["DENARIUS_SLOW_FILE"]))
    sys.exit(bot.main())
