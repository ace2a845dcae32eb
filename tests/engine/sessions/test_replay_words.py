"""A Spanish game's end-of-game replay reads Spanish (seventh playtest item 1).

The animation's frames were drawn with no prompt, and the board then fell back to the raw
decision kind: "Setup bowl." and "Bowl." under "Turno de IA difícil (1)" in a Spanish game.
Each frame now carries the engine's sentence for what was being decided then, in the game's
language, and a board drawn without one shows no raw kind.
"""

import importlib
import itertools
import json
from typing import Any

import pytest

from cogs.common import images
from engine.games import GAMES, spec
from engine.sessions.lobby import NewGame
from engine.sessions.manager import SessionManager
from engine.sessions.models import SeatOrder
from engine.sessions.rewind import states_after
from tests.engine.sessions.conftest import FakeClock

NAMES = ("IA difícil (1)", "IA fácil (2)", "alice (3)")


def _kind(state: Any) -> str:
    pending = getattr(state, "pending", None)
    return str(getattr(pending, "kind", None) or getattr(state, "kind", "") or "")


def _fallbacks(kinds: set[str]) -> set[str]:
    """Return the English sentences the board made of raw kinds ("Setup bowl.")."""
    return {k.replace("_", " ").capitalize() + "." for k in kinds if k}


async def _finished_spanish_game(store: Any, game: str) -> tuple[SessionManager, int]:
    manager = SessionManager(store, GAMES, FakeClock(), seeds=itertools.count(7).__next__)
    new = NewGame(
        game, guild_id=7, channel_id=70, seats=3, seat_order=SeatOrder.JOIN, language="es"
    )
    info = await manager.create_lobby(1, new)
    for user in (2, 3):
        await manager.join(info.game_id, user)
    await manager.start(info.game_id, 1)
    done = await manager.play_out(info.game_id)
    return manager, done.game_id


@pytest.mark.parametrize("game", ["trajan", "troyes"])
async def test_the_replay_frames_of_a_spanish_game_show_no_english_decision_kind(
    store, game, monkeypatch
):
    manager, game_id = await _finished_spanish_game(store, game)
    summary = await manager.summary(game_id)
    assert summary.language == "es"
    engine = GAMES[game]
    row = await store.game(game_id)
    assert row is not None
    assert row.seed is not None
    moves = [m.action for m in await store.moves(game_id)]
    states = states_after(engine, json.loads(row.options), 3, row.seed, moves)
    kinds = {_kind(s) for s in states}
    english = _fallbacks(kinds)
    assert len(english) >= 3  # the kinds really are collected

    renderer = importlib.import_module(spec(game).renderer)
    drawn: list[set[str]] = []
    board_png = renderer.board_png

    def recording(view: Any, before: Any, **kw: Any) -> bytes:
        canvas = renderer.compose_board(view, before, **kw)
        drawn.append({r.text for r in canvas.texts})
        return bytes(board_png(view, before, **kw))

    monkeypatch.setattr(renderer, "board_png", recording)
    png = images._animation(spec(game).renderer, summary.frames, NAMES, "es")
    assert png.startswith(b"\x89PNG")
    assert len(drawn) == len(summary.frames) >= 3
    for i, (texts, (_view, _before, prompt)) in enumerate(zip(drawn, summary.frames, strict=True)):
        assert not english & texts, (i, english & texts)
        if i < len(drawn) - 1:  # what was being decided, in Spanish (the last frame: the end)
            assert prompt, i
            assert prompt not in english
            # drawn in the header (its first words: a long prompt is cut to its question)
            assert any(prompt[:20].lower() in t.lower() for t in texts), (i, prompt)
    spanish = {p for _v, _b, p in summary.frames if p}
    assert spanish - {engine.prompt(s, "en") for s in states}  # the game's language
    # `/game replay` draws its boards with the same sentence (cogs/replay.py)
    assert (await manager.board_at(game_id, 1)).prompt == engine.prompt(states[1], "es")
    assert (await manager.board_at(game_id)).prompt is None  # the end: no decision


@pytest.mark.parametrize("game", ["trajan", "troyes"])
def test_a_board_drawn_without_a_prompt_shows_no_raw_kind(game):
    engine = GAMES[game]
    renderer = importlib.import_module(spec(game).renderer)
    state = engine.new_state({}, 3, 5)
    texts = {r.text for r in renderer.compose_board(engine.view(state, None), lang="es").texts}
    assert not _fallbacks({_kind(state)}) & texts
