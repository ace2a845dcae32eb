"""`play(saved=...)`: the person's saved move is told before an AI seat decides (item 115).

The bot answers a typed move ("Done.") or settles a confirmation then, not after every AI
seat has moved.
"""

from engine.ai.players import PLAYERS
from engine.sessions.manager import SessionManager
from engine.sessions.models import By, LogLine
from tests.engine.sessions.conftest import GAMES, start_game


async def test_the_saved_move_is_told_before_the_ai_seat_moves(store, clock):
    manager = SessionManager(store, GAMES, clock, {"greedy": PLAYERS["greedy"]})
    out = await start_game(manager, humans=(1,), ais=("greedy",))
    told: list[tuple[list[LogLine], int]] = []

    async def saved(lines: list[LogLine]) -> None:
        told.append((lines, (await manager.status(out.game_id)).version))

    after = await manager.play(out.game_id, 1, out.version, "add 1", saved=saved)

    [(lines, version)] = told  # once
    assert [(m.by, m.seat) for m in lines] == [(By.PLAYER, 0)]  # the person's move only
    assert version == out.version + 1  # stored, and no AI seat has moved yet
    assert [m.by for m in after.moves][:1] == [By.PLAYER]
    assert len(after.moves) > 1  # the AI moved after it was told
