"""A new game needs no edits outside its own folders and the registry: Pebbles proves it.

Pebbles (tests/games/pebbles: engine, data, renderer, spec) is registered like any game and
then created, played to the end and drawn through the real session manager, the controls
(its private decision offered privately, as its spec says) and the image workers.
"""

import itertools
from datetime import UTC, datetime
from typing import Any

import discord

from cogs.common import acting
from cogs.common.images import Renderer, draw_board
from engine import games
from engine.core.rng import Rng
from engine.sessions import NewGame, SeatOrder, SessionManager, Status, Store
from tests.games.pebbles.game import PebblesEngine, Pick, Take

PNG = b"\x89PNG\r\n\x1a\n"
HUMANS = (11, 22, 33)
NAMES = ("Ann", "Bo", "Cy")


def test_random_play_ends_and_round_trips() -> None:
    engine = PebblesEngine()
    for seed in range(20):
        state = engine.new_state({}, 2 + seed % 3, seed)
        while state.pending is not None:
            actions = engine.legal_actions(state)
            before = engine.to_json(state)
            step = engine.apply(state, Rng(seed, state.version).pick(actions))
            assert engine.to_json(state) == before  # apply never changes its input
            assert step.state.version == state.version + 1
            state = engine.from_json(engine.to_json(step.state))
        result = engine.result(state)
        assert result is not None
        assert min(result.ranks) == 1
        assert max(result.scores) >= 2


def test_the_public_view_keeps_the_lucky_numbers_secret() -> None:
    engine = PebblesEngine()
    state = engine.apply(engine.new_state({}, 2, 1), Pick(3)).state
    assert engine.view(state, None).lucky is None
    assert engine.view(state, 0).lucky == 3
    assert engine.view(state, 1).lucky is None


def test_registering_makes_it_known_to_shared_code(pebbles: Any) -> None:
    assert games.GAMES["pebbles"] is pebbles.engine
    assert games.title("pebbles") == "Pebbles"
    assert acting.PRIVATE_KINDS["pebbles"] == frozenset({"lucky"})
    assert "pebbles" not in [s.name for s in games.specs() if s.league]


def test_unregistered_it_is_gone() -> None:
    assert "pebbles" not in games.GAMES


def _buttons(view: discord.ui.View) -> list[Any]:
    return [c for c in view.children if isinstance(c, acting.MoveButton)]


async def _press(manager: SessionManager, game_id: int, private: bool) -> Any:
    """Press what the deciding player would: the public controls, or the private ones."""
    choices = await manager.choices(game_id)
    info = await manager.status(game_id)
    hidden = choices.turn.kind in acting.PRIVATE_KINDS[info.game]
    assert hidden == private
    public = acting.controls(choices, "en", hidden=hidden)
    if hidden:  # one "choose privately" button, no move on the public board
        assert _buttons(public) == []
        assert any(isinstance(c, acting.PageButton) for c in public.children)
        shown = acting.controls(choices, "en", tools=False)
    else:
        shown = public
    button = _buttons(shown)[-1]  # the largest take, or the highest lucky number
    # The click comes back as a custom_id: rebuild the button from it, as the bot does.
    match = type(button).__discord_ui_compiled_template__.fullmatch(button.custom_id)
    clicked = await acting.MoveButton.from_custom_id(None, button.item, match)  # type: ignore[arg-type]
    user = HUMANS[choices.turn.seat]
    return await manager.play(clicked.game, user, clicked.version, clicked.index)


async def test_create_play_to_the_end_and_draw(pebbles: Any, tmp_path: Any) -> None:
    store = await Store.open(tmp_path / "games.db")
    renderer = Renderer(processes=0)
    try:
        clock = lambda: datetime(2026, 1, 5, tzinfo=UTC)  # noqa: E731
        manager = SessionManager(store, games.GAMES, clock, seeds=itertools.count(5).__next__)
        spec = NewGame("pebbles", guild_id=7, channel_id=70, seats=3, seat_order=SeatOrder.JOIN)
        lobby = await manager.create_lobby(HUMANS[0], spec)
        for user in HUMANS[1:]:
            await manager.join(lobby.game_id, user)
        outcome = await manager.start(lobby.game_id, HUMANS[0])
        first = await renderer.board("pebbles", outcome.view, None, NAMES)
        for _ in HUMANS:  # everyone picks a lucky number, privately
            outcome = await _press(manager, lobby.game_id, private=True)
            assert outcome.view.lucky is None
        mine = await manager.private_view(lobby.game_id, HUMANS[0])
        private = await renderer.private("pebbles", mine.view, NAMES, "es", mine.prompt)
        assert mine.view.lucky == 3
        boards = set()
        while outcome.status is Status.ACTIVE:
            outcome = await _press(manager, lobby.game_id, private=False)
            boards.add(
                await renderer.board("pebbles", outcome.view, None, NAMES, "en", outcome.before)
            )
        assert outcome.final is not None
        assert outcome.final.result is not None
        score = await renderer.score("pebbles", outcome.final.result, NAMES)
        assert all(png.startswith(PNG) for png in (first, private, score, *boards))
        assert len(boards | {first}) == len(boards) + 1  # every board drawn differs
        assert (await manager.verify(lobby.game_id)).ok
        # 11 pebbles taken 3, 3, 3, 2 from seat 0 on: seat 0 takes the last; every luck is 3.
        assert outcome.final.result.scores == (2, 0, 0)
    finally:
        renderer.close()
        await store.close()


async def test_a_worker_process_draws_it_by_the_renderer_path(pebbles: Any) -> None:
    engine = pebbles.engine
    state = engine.apply(engine.new_state({}, 2, 3), Pick(1)).state
    state = engine.apply(engine.apply(state, Pick(2)).state, Take(3)).state
    renderer = Renderer(processes=1)
    try:
        png = await renderer.board("pebbles", engine.view(state, None), "Take.", ("A", "B"))
    finally:
        renderer.close()
    assert png == draw_board("pebbles", engine.view(state, None), "Take.", ("A", "B"))
