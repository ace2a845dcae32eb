import asyncio

import pytest

from engine.ai.players import PLAYERS
from engine.core.errors import (
    GameOverError,
    IllegalMoveError,
    NotYourTurnError,
    StaleStateError,
)
from engine.sessions.errors import NotSeatedError
from engine.sessions.manager import SessionManager
from engine.sessions.models import By, NoticeKind, Status
from tests.engine.core.toy import Add
from tests.engine.sessions.conftest import GAMES, start_game


async def test_a_move_can_be_a_button_index_a_notation_or_an_action(manager):
    out = await start_game(manager)
    out = await manager.play(out.game_id, 1, out.version, 1)  # index 1: add 2
    out = await manager.play(out.game_id, 2, out.version, " ADD 1 ")
    out = await manager.play(out.game_id, 1, out.version, Add(2))
    assert out.view == {"total": 5, "turn": 1}
    assert [line.notation for line in await manager.log(out.game_id)] == ["add 2", "add 1", "add 2"]


async def test_the_checks_come_in_order(manager):
    out = await start_game(manager)
    with pytest.raises(NotSeatedError):
        await manager.play(out.game_id, 99, out.version, "add 1")
    with pytest.raises(StaleStateError):
        await manager.play(out.game_id, 2, out.version + 3, "add 1")
    with pytest.raises(NotYourTurnError):
        await manager.play(out.game_id, 2, out.version, "add 1")
    with pytest.raises(IllegalMoveError):
        await manager.play(out.game_id, 1, out.version, "add 7")
    with pytest.raises(IllegalMoveError, match="not on offer"):
        await manager.play(out.game_id, 1, out.version, 3)
    assert (await manager.status(out.game_id)).version == out.version


async def test_two_plays_of_the_same_version_at_once_apply_once(manager):
    out = await start_game(manager, humans=(1, 2))
    results = await asyncio.gather(
        manager.play(out.game_id, 1, out.version, "add 1"),
        manager.play(out.game_id, 1, out.version, "add 2"),
        return_exceptions=True,
    )
    applied = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(applied) == 1
    assert len(refused) == 1
    assert isinstance(refused[0], StaleStateError)
    assert len(await manager.log(out.game_id)) == 1
    assert (await manager.verify(out.game_id)).ok


async def test_many_concurrent_clicks_across_games_keep_every_game_exact(manager):
    games = [await start_game(manager, humans=(10 * i + 1, 10 * i + 2)) for i in range(6)]

    async def click(game_id: int, user: int, version: int) -> object:
        try:
            return await manager.play(game_id, user, version, "add 1")
        except StaleStateError as error:
            return error

    for _round in range(4):
        tasks = []
        for g in games:
            status = await manager.status(g.game_id)
            user = status.seats[status.turn.seat].user_id
            tasks += [click(g.game_id, user, status.version) for _ in range(3)]
        results = await asyncio.gather(*tasks)
        assert sum(1 for r in results if not isinstance(r, StaleStateError)) == len(games)
    for g in games:
        assert len(await manager.log(g.game_id)) == 4
        assert (await manager.verify(g.game_id)).ok


async def test_ai_seats_move_until_a_human_must_decide(manager):
    out = await start_game(manager, humans=(1,), ais=("random", "greedy"))
    out = await manager.play(out.game_id, 1, out.version, "add 1")
    assert [line.by for line in out.moves] == [By.PLAYER, By.AI, By.AI]
    assert out.turn is not None
    assert out.turn.user_id == 1
    assert out.ping is None  # the player is the one acting: no ping for their own reply


async def test_ai_seats_complete_a_game(manager):
    out = await start_game(manager, humans=(1,), ais=("greedy",))
    while out.status is Status.ACTIVE:
        out = await manager.play(out.game_id, 1, out.version, "add 1")
    assert out.status is Status.FINISHED
    assert [n.kind for n in out.notices] == [NoticeKind.FINISHED]
    assert out.final is not None
    assert out.final.reason == "completed"
    assert sorted(out.final.ranks) == [1, 2]
    assert out.turn is None
    with pytest.raises(GameOverError):
        await manager.play(out.game_id, 1, out.version, "add 1")
    assert (await manager.verify(out.game_id)).ok


async def test_a_game_of_ai_seats_only_after_start_plays_itself_out(manager):
    # The single human resigns at once: the AI seats carry the game to its end.
    out = await start_game(manager, humans=(1,), ais=("random", "random"))
    out = await manager.resign(out.game_id, 1)
    assert out.status is Status.FINISHED
    assert out.final is not None
    assert out.final.out == (0,)


async def test_the_next_player_is_pinged_once_per_turn_with_a_catch_up(manager):
    out = await start_game(manager, "secret", humans=(1, 2, 3))
    out = await manager.play(out.game_id, 1, out.version, "tap")
    assert out.ping is None  # still player 1's turn (a compound turn): no ping
    out = await manager.play(out.game_id, 1, out.version, "pass")
    assert out.ping == 2
    out = await manager.play(out.game_id, 2, out.version, "pass")
    assert out.ping == 3
    assert [line.notation for line in out.catch_up] == ["tap", "pass", "pass"]
    out = await manager.play(out.game_id, 3, out.version, "pass")
    assert out.ping == 1
    assert [(line.seat, line.notation) for line in out.catch_up] == [(1, "pass"), (2, "pass")]
    since = await manager.log(out.game_id, user_id=2)
    assert [line.seat for line in since] == [2]


async def test_choices_list_the_legal_actions_with_their_button_index(manager):
    out = await start_game(manager, "secret")
    choices = await manager.choices(out.game_id)
    assert [(c.index, c.notation, c.label) for c in choices.choices] == [
        (0, "tap", "Tap"),
        (1, "pass", "Pass"),
        (2, "reveal", "Reveal"),
    ]
    assert choices.version == out.version
    assert choices.turn.user_id == 1


async def test_games_waiting_on_a_user_come_longest_waiting_first(manager, clock):
    first = await start_game(manager, humans=(1, 2))
    clock.advance(hours=1)
    second = await start_game(manager, humans=(2, 1))
    clock.advance(hours=1)
    third = await start_game(manager, humans=(1, 3))
    waiting = await manager.waiting_on(1)
    assert [w.game_id for w in waiting] == [first.game_id, third.game_id]
    await manager.play(first.game_id, 1, first.version, "add 1")
    assert [w.game_id for w in await manager.waiting_on(2)] == [second.game_id, first.game_id]
    assert await manager.waiting_on(2, guild_id=999) == []


class _BrokenAI:
    name = "broken"

    def choose(self, engine, state):
        raise ValueError("no idea")


async def test_a_failing_ai_keeps_the_human_move_and_the_game_waits(store, clock):
    players = {"broken": _BrokenAI(), "greedy": PLAYERS["greedy"]}
    manager = SessionManager(store, GAMES, clock, players)
    out = await start_game(manager, humans=(1,), ais=("broken",))
    out = await manager.play(out.game_id, 1, out.version, "add 1")
    assert [m.by for m in out.moves] == [By.PLAYER]
    assert out.notices[0].kind is NoticeKind.AI_FAILED
    assert "no idea" in out.notices[0].detail
    assert out.turn is not None
    assert out.turn.seat == 1
    assert (await manager.verify(out.game_id)).ok


async def test_an_outcome_carries_the_public_view_before_its_moves(manager):
    out = await start_game(manager)
    assert out.before is None  # the game starts: no board was shown before
    out = await manager.play(out.game_id, 1, out.version, "add 2")
    assert out.before == {"total": 0, "turn": 0}
    assert out.view == {"total": 2, "turn": 1}
    again = await manager.current(out.game_id)
    assert again.before is None  # nothing moved in that call


async def test_a_private_view_carries_the_public_prompt_of_the_decision(manager):
    out = await start_game(manager)
    private = await manager.private_view(out.game_id, 2)
    assert out.turn is not None
    assert private.prompt == out.turn.prompt
    assert private.seat == 1
