"""A forced move is played at once, even one that reveals (docs/playtest-2026-12.md item 23).

With one legal move left, "are you sure?" only adds a press: there is nothing else to choose.
"""

from typing import Any

from tests.engine.core.toy import Roll, ToyEngine
from tests.engine.sessions.conftest import start_game


def _only_roll(self: ToyEngine, state: Any) -> list[Any]:
    return [] if state.pending is None else [Roll()]


async def test_the_only_legal_move_is_played_without_asking(manager, monkeypatch):
    monkeypatch.setattr(ToyEngine, "legal_actions", _only_roll)
    out = await start_game(manager)
    played = await manager.play(out.game_id, 1, out.version, 0, confirmed=False)
    assert played.confirm is None
    assert played.version == out.version + 1
    assert [m.notation for m in played.moves][:1] == ["roll"]


async def test_a_reveal_among_other_moves_still_asks(manager):
    out = await start_game(manager)
    asked = await manager.play(out.game_id, 1, out.version, 2, confirmed=False)  # 2: roll
    assert asked.confirm is not None
    assert asked.version == out.version
