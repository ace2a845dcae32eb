"""The Trajan board composed from a hand-built scene at the largest counts."""

import dataclasses

import pytest

from render import trajan
from render.base.canvas import Box, Canvas, check_texts
from render.base.layout import load_layout
from render.trajan import BOARD
from render.trajan.board import province_box
from render.trajan.mat import bowl_boxes, draw_player, panel_height
from render.trajan.scene import compose_private
from tests.render.games import GAMES, state_at
from tests.render.golden import REFRESH, assert_matches_golden
from tests.render.trajan_fixtures import scene


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_full_scene_has_no_text_problems(seats):
    canvas = BOARD.compose_scene(scene(seats))
    assert canvas.image.width == 1600
    assert check_texts(canvas) == []


def test_two_player_board_is_shorter():
    assert BOARD.compose_scene(scene(2)).image.height < BOARD.compose_scene(scene(4)).image.height


def test_only_changed_areas_are_named():
    assert BOARD.changed_areas(None, scene(4)) == set()
    assert BOARD.changed_areas(scene(4), scene(4)) == set()
    names = BOARD.changed_areas(scene(4, vp_shift=1), scene(4))
    assert names == {"vp", "player0", "player1", "player2", "player3"}


def test_highlight_changes_the_image():
    plain = BOARD.compose_scene(scene(3))
    marked = BOARD.compose_scene(scene(3), scene(3, vp_shift=2))
    assert plain.image.tobytes() != marked.image.tobytes()


def test_private_image_shows_the_hand():
    info = scene(4).players[2]
    canvas = compose_private(info, scene(4).header)
    assert check_texts(canvas) == []
    texts = {r.text for r in canvas.texts}
    assert set(info.hand_cards) <= texts


def test_trajan_scene_matches_golden():
    assert_matches_golden(
        "trajan_scene_4p", BOARD.compose_scene(scene(4), scene(4, vp_shift=1)).image
    )


@pytest.mark.skipif(REFRESH, reason="compares against the stored golden, never writes it")
def test_golden_comparison_sees_a_marker_move_one_space():
    moved = dataclasses.replace(scene(4), time=(8, 21, "space 8 of 21"))
    with pytest.raises(AssertionError, match=r"difference|pixels changed"):
        assert_matches_golden(
            "trajan_scene_4p", BOARD.compose_scene(moved, scene(4, vp_shift=1)).image
        )


def test_full_bowls_keep_their_markers_inside_the_bowl():
    info = dataclasses.replace(scene(2).players[0], bowls=(tuple("BYGOPWBY"),) * 6)
    canvas = Canvas(800, 700, (255, 255, 255))
    panel_box = Box(0, 0, 784, panel_height())
    draw_player(canvas, panel_box, info)
    bowls = bowl_boxes(panel_box)
    markers = [r for r in canvas.texts if r.text in set("BYGOPW") and r.ink.w == 32]
    assert len(markers) >= 6 * 8
    for record in markers:
        assert any(b.inset(2).contains(record.ink) for b in bowls), record


def test_players_box_holds_two_rows_of_panels():
    layout = load_layout("trajan")
    assert layout.box("players").h == 2 * panel_height() + layout.size("panel_gap")


def test_changed_parts_name_the_provinces_a_leader_left_and_reached():
    before = scene(4)
    provinces = list(before.military[0])
    camp = next(i for i, p in enumerate(provinces) if p.id == "camp")
    alpes = next(i for i, p in enumerate(provinces) if p.id == "alpes")
    provinces[camp] = dataclasses.replace(provinces[camp], leaders=(0, 1, 2))
    provinces[alpes] = dataclasses.replace(provinces[alpes], leaders=(3,))
    after = dataclasses.replace(before, military=(tuple(provinces), before.military[1]))
    layout = load_layout("trajan")
    parts = BOARD.changed_parts(before, after)
    node = (layout.size("province_w"), layout.size("province_h"))
    assert parts == [
        province_box(layout.point("camp"), node),
        province_box(layout.point("alpes"), node),
    ]


def test_player_panels_name_the_players_as_the_header_does():
    game = GAMES["trajan"]
    state = state_at(game, 3, 5, 30)
    names = ("Ana", "Bruno", "Carla")
    canvas = trajan.compose_board(game.engine.view(state, None), names=names)
    texts = [record.text for record in canvas.texts]
    for seat, name in enumerate(names):
        assert f"{name} ({seat + 1})" in texts
    assert "Player 1" not in texts
