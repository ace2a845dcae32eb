"""play_out: finishing a game at once with AI stand-ins (a league deadline)."""

import pytest

from engine.core.errors import GameOverError
from engine.sessions.models import By, SeatState, Status
from tests.engine.sessions.conftest import start_game


async def test_play_out_finishes_the_game_with_stand_ins_for_every_player(manager):
    out = await start_game(manager, humans=(1, 2, 3))
    done = await manager.play_out(out.game_id)
    assert done.status is Status.FINISHED
    assert done.final is not None
    assert done.final.result is not None
    assert done.final.out == ()
    assert done.moves
    assert all(m.by is By.STAND_IN for m in done.moves)
    info = await manager.status(out.game_id)
    assert all(s.state is SeatState.PLAYING and s.stand_in for s in info.seats)


async def test_play_out_forfeits_the_named_seats_first(manager):
    out = await start_game(manager, humans=(1, 2, 3))
    assert out.turn is not None
    waiting = out.turn.seat
    done = await manager.play_out(out.game_id, {waiting})
    assert done.status is Status.FINISHED
    assert done.final is not None
    assert done.final.out == (waiting,)
    assert done.final.ranks[waiting] == 3
    assert all(r < 3 for s, r in enumerate(done.final.ranks) if s != waiting)  # toy ties


async def test_play_out_of_a_finished_game_is_refused(manager):
    out = await start_game(manager, humans=(1, 2))
    await manager.play_out(out.game_id)
    with pytest.raises(GameOverError):
        await manager.play_out(out.game_id)
