import pytest

from engine.core.errors import GameOverError, StaleStateError
from engine.sessions.errors import (
    NotAllowedError,
    NotSeatedError,
    RequestNotFoundError,
    UndoRefusedError,
)
from engine.sessions.models import NoticeKind
from tests.engine.sessions.conftest import start_game

THREE = (1, 2, 3)


async def test_a_player_takes_back_their_own_moves_within_their_turn(manager):
    out = await start_game(manager, "secret", THREE)
    out = await manager.play(out.game_id, 1, out.version, "tap")
    out = await manager.play(out.game_id, 1, out.version, "tap")
    assert out.view["taps"] == 2
    out = await manager.undo(out.game_id, 1, out.version)
    assert out.view["taps"] == 1
    assert out.notices[0].kind is NoticeKind.UNDONE
    assert out.ping is None
    out = await manager.undo(out.game_id, 1, out.version)
    assert out.view["taps"] == 0
    assert out.version == 4  # two moves and two undos: the version never goes back
    with pytest.raises(UndoRefusedError, match="no move"):
        await manager.undo(out.game_id, 1, out.version)
    log = await manager.log(out.game_id, include_undone=True)
    assert [(line.notation, line.undone) for line in log] == [("tap", True), ("tap", True)]
    assert await manager.log(out.game_id) == ()
    assert (await manager.verify(out.game_id)).ok


async def test_undo_back_to_the_start_of_the_turn_in_one_call(manager):
    out = await start_game(manager, "secret", THREE)
    first = await manager.play(out.game_id, 1, out.version, "tap")
    out = await manager.play(out.game_id, 1, first.version, "tap")
    out = await manager.undo(out.game_id, 1, out.version, first=first.moves[0].version)
    assert out.view["taps"] == 0
    assert out.turn is not None
    assert out.turn.user_id == 1


async def test_an_old_button_is_stale_after_an_undo(manager):
    out = await start_game(manager, "secret", THREE)
    tapped = await manager.play(out.game_id, 1, out.version, "tap")
    undone = await manager.undo(out.game_id, 1, tapped.version)
    with pytest.raises(StaleStateError):
        await manager.play(out.game_id, 1, tapped.version, "pass")
    with pytest.raises(StaleStateError):
        await manager.undo(out.game_id, 1, tapped.version)
    await manager.play(out.game_id, 1, undone.version, "pass")


async def test_nothing_crosses_a_revealed_secret_not_even_with_consent(manager):
    out = await start_game(manager, "secret", THREE)
    revealed = await manager.play(out.game_id, 1, out.version, "reveal")
    assert revealed.moves[0].irreversible
    out = await manager.play(out.game_id, 2, revealed.version, "tap")
    out = await manager.undo(out.game_id, 2, out.version)  # player 2's own tap: fine
    with pytest.raises(UndoRefusedError, match="revealed"):
        await manager.undo(out.game_id, 2, out.version, first=revealed.moves[0].version)
    with pytest.raises(UndoRefusedError, match="revealed"):
        await manager.undo(out.game_id, 1, out.version)


async def test_undoing_a_finished_turn_needs_every_other_player(manager):
    out = await start_game(manager, "secret", THREE)
    out = await manager.play(out.game_id, 1, out.version, "pass")
    asked = await manager.undo(out.game_id, 1, out.version)
    notice = asked.notices[0]
    assert notice.kind is NoticeKind.UNDO_ASKED
    assert notice.waiting_on == (2, 3)
    assert asked.version == out.version  # nothing changed yet
    with pytest.raises(NotAllowedError):
        await manager.answer(out.game_id, 1, notice.request_id, True)
    with pytest.raises(NotSeatedError):
        await manager.answer(out.game_id, 9, notice.request_id, True)
    half = await manager.answer(out.game_id, 2, notice.request_id, True)
    assert half.notices[0].waiting_on == (3,)
    done = await manager.answer(out.game_id, 3, notice.request_id, True)
    assert done.notices[0].kind is NoticeKind.UNDONE
    assert done.turn is not None
    assert done.turn.user_id == 1
    assert done.ping == 1  # the decision came back to player 1 through player 3's answer
    with pytest.raises(RequestNotFoundError):
        await manager.answer(out.game_id, 2, notice.request_id, True)
    assert (await manager.verify(out.game_id)).ok


async def test_one_refusal_ends_an_undo_request(manager):
    out = await start_game(manager, "secret", THREE)
    out = await manager.play(out.game_id, 1, out.version, "pass")
    asked = await manager.undo(out.game_id, 1, out.version)
    refused = await manager.answer(out.game_id, 3, asked.notices[0].request_id, False)
    assert refused.notices[0].kind is NoticeKind.REFUSED
    assert refused.version == out.version
    with pytest.raises(RequestNotFoundError):
        await manager.answer(out.game_id, 2, asked.notices[0].request_id, True)


async def test_an_undo_request_goes_stale_when_the_game_moves_on(manager):
    out = await start_game(manager, "secret", THREE)
    out = await manager.play(out.game_id, 1, out.version, "pass")
    asked = await manager.undo(out.game_id, 1, out.version)
    await manager.play(out.game_id, 2, out.version, "tap")
    with pytest.raises(RequestNotFoundError):
        await manager.answer(out.game_id, 3, asked.notices[0].request_id, True)


async def test_against_ai_seats_no_consent_is_needed(manager):
    out = await start_game(manager, "secret", (1,), ("random",))
    before = out.view
    out = await manager.play(out.game_id, 1, out.version, "pass")
    assert len(out.moves) >= 2  # the AI answered at once
    assert not any(m.irreversible for m in out.moves)  # with this seed it tapped or passed
    out = await manager.undo(out.game_id, 1, out.version)
    assert out.notices[0].kind is NoticeKind.UNDONE
    assert out.view == before


async def test_no_undo_after_the_end(manager):
    out = await start_game(manager, "toy", (1,), ("greedy",))
    while out.turn is not None:
        out = await manager.play(out.game_id, 1, out.version, "add 2")
    with pytest.raises(GameOverError):
        await manager.undo(out.game_id, 1, out.version)
