import json

import pytest

from engine.sessions.errors import NotSeatedError
from engine.sessions.models import Outcome
from tests.engine.sessions.conftest import start_game


def _public(outcome: Outcome) -> None:
    """The public parts of an outcome carry no unrevealed secret."""
    assert "mine" not in outcome.view
    for line in (*outcome.moves, *outcome.catch_up):
        for text in line.events:
            assert "revealed" in text


async def test_secrets_leave_only_through_the_private_view(manager):
    out = await start_game(manager, "secret", (1, 2))
    _public(out)
    row = await manager.store.game(out.game_id)
    state = manager.games["secret"].from_json(json.loads(row.state))
    mine = await manager.private_view(out.game_id, 1)
    theirs = await manager.private_view(out.game_id, 2)
    assert mine.view["mine"] == state.secrets[0]
    assert theirs.view["mine"] == state.secrets[1]
    assert (mine.seat, theirs.seat) == (0, 1)
    with pytest.raises(NotSeatedError):
        await manager.private_view(out.game_id, 3)
    assert "mine" not in (await manager.status(out.game_id)).view
    out = await manager.play(out.game_id, 1, out.version, "reveal")
    _public(out)
    assert out.view["revealed"] == {0: state.secrets[0]}
    assert out.moves[0].events == (f"Seat 0 revealed {state.secrets[0]}.",)
    out = await manager.play(out.game_id, 2, out.version, "tap")
    _public(out)
    assert 1 not in out.view["revealed"]
