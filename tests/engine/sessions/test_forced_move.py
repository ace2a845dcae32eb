"""A forced move is played at once, even one that reveals (docs/playtest-2026-12.md item 23).

With one legal move left, "are you sure?" only adds a press: there is nothing else to choose.
"""

import itertools
from dataclasses import replace
from typing import Any

from engine.sessions.manager import SessionManager
from tests.engine.core.toy import Add, Roll, ToyEngine
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


class Asking(ToyEngine):
    """Toy whose "add 2" asks first, as a Troyes pass that leaves dice unused does."""

    def apply(self, state: Any, action: Any) -> Any:
        step = super().apply(state, action)
        if action == Add(2):
            return replace(step, meta={"ask": ("choices.troyes.pass_dice", {"count": 2})})
        return step


async def test_a_move_the_engine_asks_about_is_confirmed_first(store, clock):
    games: dict[str, Any] = {"toy": Asking()}
    manager = SessionManager(store, games, clock, seeds=itertools.count(101).__next__)
    out = await start_game(manager)
    asked = await manager.play(out.game_id, 1, out.version, "add 2", confirmed=False)
    assert asked.version == out.version  # nothing played yet
    assert asked.confirm is not None
    assert asked.confirm.detail == ""  # it reveals nothing
    assert asked.ask == "Pass with 2 dice unused? You cannot use them this round."
    played = await manager.play(out.game_id, 1, out.version, "add 2", confirmed=True)
    assert [m.notation for m in played.moves] == ["add 2"]
    assert played.ask == ""
