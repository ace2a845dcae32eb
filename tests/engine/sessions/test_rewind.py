"""The public board at any move, rebuilt from the log (`board_at`, issue 17)."""

import pytest

from engine.games import GAMES as REGISTERED
from engine.sessions.errors import NotStartedError, RequestNotFoundError, UndoRefusedError
from engine.sessions.lobby import NewGame
from engine.sessions.manager import SessionManager
from engine.sessions.models import Status
from engine.sessions.rewind import Chapter, chapter_of, chapters, frame_moves
from tests.engine.sessions.conftest import start_game


async def test_each_move_of_a_running_game_up_to_now_and_no_further(manager):
    out = await start_game(manager, "toy", (1, 2))
    out = await manager.play(out.game_id, 1, out.version, "add 2")
    out = await manager.play(out.game_id, 2, out.version, "roll")
    out = await manager.play(out.game_id, 1, out.version, "add 1")
    start = await manager.board_at(out.game_id, 0)
    assert (start.move, start.last, start.view["total"], start.line, start.before) == (
        0, 3, 0, None, None,
    )  # fmt: skip
    one = await manager.board_at(out.game_id, 1)
    assert one.view["total"] == 2
    assert one.before == start.view
    assert one.line is not None
    assert one.line.notation == "add 2"
    now = await manager.board_at(out.game_id, 99)
    assert now.move == 3
    assert now.view == out.view  # the newest move is the board as it stands
    assert (await manager.board_at(out.game_id)).view == out.view


async def test_undone_moves_are_not_replayed(manager):
    out = await start_game(manager, "secret", (1, 2, 3))
    out = await manager.play(out.game_id, 1, out.version, "tap")
    out = await manager.undo(out.game_id, 1, out.version)
    frame = await manager.board_at(out.game_id)
    assert (frame.move, frame.last) == (0, 0)


async def test_only_public_views_leave(manager):
    out = await start_game(manager, "secret", (1, 2, 3))
    frame = await manager.board_at(out.game_id, 0)
    assert frame.view == (await manager.status(out.game_id)).view  # the public view


async def test_a_lobby_has_no_board(manager):
    info = await manager.create_lobby(1, NewGame("toy", seats=2))
    with pytest.raises(NotStartedError):
        await manager.board_at(info.game_id)


@pytest.mark.parametrize("name", sorted(REGISTERED))
async def test_a_finished_game_has_its_rounds_as_chapters(name, store, clock):
    manager = SessionManager(store, REGISTERED, clock, seeds=lambda: 5)
    out = await start_game(manager, name, (1,), ("greedy", "greedy"))
    done = await manager.play_out(out.game_id)
    assert done.status is Status.FINISHED
    frame = await manager.board_at(done.game_id)
    assert frame.move == frame.last > 20
    marks = frame.chapters
    assert len(marks) >= 4
    assert marks[0].move == 0
    assert [c.move for c in marks] == sorted({c.move for c in marks})
    assert frame.chapter == len(marks) - 1
    for chapter in marks[1:3]:
        at = await manager.board_at(done.game_id, chapter.move)
        assert chapter_of(at.view) == chapter.fields
        assert chapter_of(at.before) != chapter.fields  # the chapter starts right there


def test_chapters_fall_back_to_their_first_field_when_too_many():
    class View:
        def __init__(self, quarter: int, round_: int) -> None:
            self.quarter, self.round = quarter, round_

    views = [View(q, r) for q in range(1, 5) for r in range(1, 9)]  # 32 chapters
    marks = chapters(views)
    assert marks == tuple(Chapter((("quarter", q),), (q - 1) * 8) for q in range(1, 5))
    assert chapters([{"total": 1}]) == ()


def test_a_view_whose_round_goes_back_at_the_end_starts_no_chapter():
    class View:
        def __init__(self, quarter: int, round_: int) -> None:
            self.quarter, self.round = quarter, round_

    # The final scoring of Trajan leaves quarter 4 at round 1 (playtest item 30).
    views = [View(3, 4), View(4, 1), View(4, 4), View(4, 4), View(4, 1)]
    marks = chapters(views)
    assert [c.fields for c in marks] == [
        (("quarter", 3), ("round", 4)),
        (("quarter", 4), ("round", 1)),
        (("quarter", 4), ("round", 4)),
    ]


async def test_the_summary_of_a_finished_game_and_not_of_a_running_one(manager):
    out = await start_game(manager, "secret", (1, 2, 3))
    with pytest.raises(Exception, match="is not over yet"):
        await manager.summary(out.game_id)
    done = await manager.play_out(out.game_id)
    summary = await manager.summary(done.game_id)
    moves = len(await manager.log(done.game_id))
    assert len(summary.frames) == min(moves + 1, 60)  # no rounds: its moves
    assert summary.frames[0][1] is None
    assert summary.frames[1][1] == summary.frames[0][0]  # each drawn against the one before
    assert summary.frames[-1][0] == done.view
    assert len(summary.private) == 3  # every seat's own view, secrets included
    assert summary.private[0] != done.view


def test_frame_moves_are_the_start_the_end_of_each_chapter_and_the_end():
    marks = (Chapter((("round", 1),), 0), Chapter((("round", 2),), 7))
    assert frame_moves(marks, 12) == [0, 7, 12]
    assert frame_moves((), 3) == [0, 1, 2, 3]
    assert frame_moves((), 0) == [0]
    many = frame_moves((), 500)
    assert many[0] == 0
    assert many[-1] == 500
    assert len(many) <= 60


async def test_undo_points_are_this_rounds_moves_since_the_last_reveal(manager):
    out = await start_game(manager, "toy", (1, 2))
    for user, move in ((1, "add 1"), (2, "roll"), (1, "add 1"), (2, "add 1")):
        out = await manager.play(out.game_id, user, out.version, move)
    points = await manager.undo_points(out.game_id)
    assert [(p.version, p.notation) for p in points] == [(3, "add 1"), (4, "add 1")]
    asked = await manager.undo(out.game_id, 1, out.version, first=points[0].version)
    request = asked.notices[0].request_id
    assert request is not None
    done = await manager.answer(out.game_id, 2, request, True)
    assert done.view["total"] == (await manager.board_at(out.game_id, 2)).view["total"]
    log = await manager.log(out.game_id, include_undone=True)
    assert [x.undone for x in log] == [False, False, True, True]  # still there, undone
    assert await manager.undo_points(out.game_id) == ()  # back at the reveal: nothing left


async def test_an_undo_request_expires_after_a_day(manager, clock):
    out = await start_game(manager, "toy", (1, 2))
    out = await manager.play(out.game_id, 1, out.version, "add 1")
    out = await manager.play(out.game_id, 2, out.version, "add 1")
    asked = await manager.undo(out.game_id, 2, out.version, first=1)
    request = asked.notices[0].request_id
    assert request is not None
    clock.advance(hours=25)
    with pytest.raises(UndoRefusedError, match="more than a day"):
        await manager.answer(out.game_id, 1, request, True)
    with pytest.raises(RequestNotFoundError):
        await manager.answer(out.game_id, 1, request, True)
    assert (await manager.status(out.game_id)).version == out.version


@pytest.mark.parametrize("name", sorted(REGISTERED))
async def test_undo_points_stay_inside_the_current_round(name, store, clock):
    manager = SessionManager(store, REGISTERED, clock, seeds=lambda: 11)
    out = await start_game(manager, name, (1, 2), ("greedy",))
    for _ in range(40):  # two people play their first legal move for a while
        assert out.turn is not None
        assert out.turn.user_id is not None
        out = await manager.play(out.game_id, out.turn.user_id, out.version, 0)
    frame = await manager.board_at(out.game_id)
    start = frame.chapters[frame.chapter].move
    log = await manager.log(out.game_id)
    points = await manager.undo_points(out.game_id)
    numbers = [line.version for line in log]
    for point in points:
        index = numbers.index(point.version)
        assert index >= start
        assert not any(line.irreversible for line in log[index:])
