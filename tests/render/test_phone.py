"""Phone images, what really changed, and the final board's scores (issue 14)."""

import functools
from typing import Any

import pytest

from render.base.board import pieces
from render.base.canvas import Box, check_texts
from render.base.legibility import smallest
from render.base.phone import PHONE_WIDTH, squeezed, strips
from tests.render.games import GAMES, Game, play
from tests.render.trajan_fixtures import scene as trajan_scene


@functools.cache
def _game(name: str, seats: int, seed: int) -> tuple[Any, ...]:
    return tuple(play(GAMES[name], seats, seed))


def _texts_in(canvas: Any, box: Box) -> list[str]:
    return [r.text for r in canvas.texts if box.contains(r.ink) and r.kind == "text"]


@pytest.mark.parametrize("name", ["trajan", "troyes"])
def test_the_final_board_shows_the_engines_final_scores_and_breakdown(name):
    game = GAMES[name]
    final = _game(name, 3, 11)[-1]
    result = game.engine.result(final)
    pictures = dict(game.render.compose_gallery(game.engine.view(final, None), result=result))
    board = pictures["board"]
    assert check_texts(board) == []
    area = next(
        a
        for a in game.render.BOARD._composed(  # the plan the board was drawn from
            game.engine.view(final, None), None, None, None, ("", ""), result
        )[1].areas
        if a.name == "final"
    )
    texts = _texts_in(board, area.box)
    for seat, score in enumerate(result.scores):  # each player's total, by rank
        assert f"{score} VP" in texts
        for key, points in result.breakdown[seat].items():
            assert (f"{points:+d}" if points < 0 else str(points)) in texts, key
    # The total row of the breakdown: one figure per seat, in seat order.
    inside = [r for r in board.texts if area.box.contains(r.ink) and r.kind == "text"]
    label = next(r for r in inside if r.text == "Total")
    row = [r for r in inside if abs(r.box.y - label.box.y) <= 4 and r.ink.x > label.ink.right]
    figures = [int(r.text) for r in sorted(row, key=lambda r: r.ink.x)]
    assert figures == list(result.scores)
    # The board's own tracks show the scores after final scoring, not before.
    shown = {r.text for r in board.texts}
    assert {str(score) for score in result.scores} <= shown
    phone = pictures["final"]
    assert phone.image.width <= PHONE_WIDTH
    assert check_texts(phone) == []
    assert {f"{score} VP" for score in result.scores} <= {r.text for r in phone.texts}


def test_the_trajan_vp_track_after_final_scoring():
    game = GAMES["trajan"]
    final = _game("trajan", 3, 11)[-1]
    result = game.engine.result(final)
    view = game.engine.view(final, None)
    before = [p.vp for p in view.players]
    assert before != list(result.scores)  # the track before final scoring differs
    board = game.render.compose_board(view, result=result)
    track = game.render.BOARD.layout().box("vp")
    lanes = sorted(
        (r for r in board.texts if track.contains(r.ink) and r.kind == "text"),
        key=lambda r: r.ink.y,
    )
    numbers = [r.text for r in lanes if r.text.lstrip("-").isdigit()]
    assert numbers == [str(s) for s in result.scores]  # one lane per seat, top to bottom


def _phones(game: Game, seats: int, seed: int, every: int) -> list[tuple[str, Any]]:
    states = _game(game.name, seats, seed)
    out = []
    previous = None
    for state in states[1:-1:every]:
        view = game.engine.view(state, None)
        pictures = game.render.compose_gallery(view, previous, prompt=game.engine.prompt(state))
        out += [(kind, canvas) for kind, canvas in pictures if kind != "board"]
        previous = view
    return out


@pytest.mark.parametrize(("name", "seats"), [("trajan", 4), ("troyes", 4), ("troyes", 2)])
def test_phone_images_read_at_nine_css_px_or_more_and_have_no_text_problems(name, seats):
    game = GAMES[name]
    phones = _phones(game, seats, 3, 45 if name == "trajan" else 29)
    kinds = {kind for kind, _ in phones}
    assert {"focus", "player"} <= kinds
    for kind, canvas in phones:
        assert canvas.image.width <= PHONE_WIDTH, kind
        assert check_texts(canvas) == [], kind
        least = smallest(canvas)
        assert least.text is not None, kind
        assert least.text >= 9, (kind, least)
        if least.letter is not None:
            assert least.letter >= 9, (kind, least)


def test_the_focus_image_is_the_area_of_the_decision():
    game = GAMES["trajan"]
    for state in _game("trajan", 4, 3):
        if state.pending is not None and state.pending.kind == "forum":
            break
    view = game.engine.view(state, None)
    pictures = dict(game.render.compose_gallery(view, prompt=game.engine.prompt(state)))
    texts = {r.text for r in pictures["focus"].texts}
    assert any(t.endswith("· Forum") for t in texts)
    board_forum = game.render.BOARD.layout().box("forum")
    assert set(_texts_in(pictures["board"], board_forum)) <= texts


def test_a_wide_area_is_cut_between_pieces_and_its_empty_stretch_narrowed():
    box = Box(0, 0, 1568, 100)
    cards = [Box(10 + 300 * i, 10, 280, 80) for i in range(5)]  # 5 cards with 20 px gaps
    cut = strips(box, cards, widest=784)
    assert len(cut) == 3
    assert sum(s.w for s in cut) == box.w
    for strip in cut:
        assert strip.w <= 784
        assert not any(c.x < strip.x < c.right for c in cards)
    # A row with its pieces at the left and a note at the far right: narrowed to fit.
    row = [Box(10, 10, 300, 30), Box(1400, 10, 150, 30)]
    kept = squeezed(box, row, widest=784)
    assert sum(b - a for a, b in kept) == 784
    assert all(a <= r.x and r.right <= b for r in row for a, b in [_span_of(kept, r)])


def _span_of(spans: list[tuple[int, int]], box: Box) -> tuple[int, int]:
    return next((a, b) for a, b in spans if a <= box.x < b)


def test_a_move_marks_the_pieces_that_changed_not_the_panels():
    board = GAMES["trajan"].render.BOARD
    before, after = trajan_scene(4), trajan_scene(4, vp_shift=1)
    marks = board.marked(before, after)
    assert marks
    layout = board.layout()
    panels = [layout.box("vp"), *(layout.box("players").rows(2)[0].cols(2))]
    for box in marks:
        assert not any(box == panel for panel in panels)
        assert box.w * box.h < layout.box("vp").w * layout.box("vp").h // 4
    assert board.marked(before, before) == []
    assert pieces(None, board._plans(None, after)[1], (1600, 3638)) == []
