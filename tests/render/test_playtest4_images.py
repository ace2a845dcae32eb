"""Images of the fourth playtest's items 92 and 95 (issue 14), in Spanish and English."""

import functools
from typing import Any

import pytest

from engine.troyes.catalog import default_catalog as troyes_catalog
from render.base.canvas import Box, Canvas, check_texts
from render.base.palette import BACKGROUND, EMPTY, PANEL, seat_style
from render.base.phone import BANNER_H
from render.i18n import language
from render.trajan.board import Senate, SenateLane, draw_senate
from render.troyes.areas import (
    WALL_CELL,
    WALL_HEAD,
    WALL_LANE,
    WALL_NUMBERS,
    Wall,
    draw_wall,
    wall_boxes,
)
from render.troyes.board import DIE_FACES, Building, draw_buildings
from tests.render.games import GAMES, play
from tests.render.samples import spanish_focus
from tests.render.test_phone import LADIES


@functools.cache
def _walls_game(seats: int, seed: int) -> tuple[Any, ...]:
    return tuple(play(GAMES["troyes"], seats, seed, LADIES))


def test_an_empty_building_space_is_hollow_and_a_taken_one_a_disc():
    # Playtest item 95: at the start every space of the three buildings was a solid disc in
    # the building's colour, as if taken.
    canvas = Canvas(1600, 240, BACKGROUND)
    box = Box(0, 0, 1568, 200)
    buildings = [
        Building("Palace", "red", 2, (0, None, None, None, None, None), ()),
        Building("Bishopric", "white", 1, (None,) * 6, ()),
        Building("City Hall", "yellow", 0, (None,) * 6, ()),
    ]
    draw_buildings(canvas, box, buildings)
    for building, column in zip(buildings, box.cols(3, gap=16), strict=True):
        spaces = Box(column.x + 14, column.y + 48, column.w - 28, 56)
        step = spaces.w // 6
        face = DIE_FACES[building.colour][0]
        for index, who in enumerate(building.spaces):
            centre = (spaces.x + step * index + step // 2, spaces.y + 28)
            # Half way out from the centre: the ring's inside on an empty space, the disc
            # beside the citizen on a taken one.
            beside = canvas.image.getpixel((centre[0] + 21, centre[1]))
            if who is None:
                assert canvas.image.getpixel((centre[0] + 12, centre[1])) == PANEL
                assert canvas.image.getpixel((centre[0] + 21, centre[1])) == face
            else:
                assert beside == face


def test_a_guard_is_a_pawn_not_the_token_that_heads_its_lane():
    # Playtest item 95: a lane's head token and its guard still on space 0 were the same
    # piece twice ("2" beside "2").
    canvas = Canvas(1600, 460, BACKGROUND)
    box = Box(0, 0, 1568, 420)
    wall = Wall(((0, 0), (1, 0), (2, 7)), 20, (5, 10, 15, 20))
    draw_wall(canvas, box, wall, ())
    letters = [r.text for r in canvas.texts if r.kind == "letter"]
    assert sorted(letters) == ["1", "2", "3"]  # the heads only
    track, _tiles = wall_boxes(box, wall, 0)
    for index, (seat, space) in enumerate(wall.guards):
        cell_x = track.x + WALL_HEAD + space * WALL_CELL
        top = track.y + WALL_NUMBERS + 4 + index * (WALL_LANE + 4)
        cx, cy = cell_x + (WALL_CELL - 2) // 2, top + WALL_LANE // 2
        # A pawn in its seat's colour, narrower than the token (which covered x - 12).
        assert canvas.image.getpixel((cx, cy + 3)) == seat_style(seat).colour
        assert canvas.image.getpixel((cx - 12, cy)) == EMPTY


@pytest.mark.parametrize("lang", ["es", "en"])
def test_each_outer_tile_says_what_it_does_in_the_games_language(lang):
    # Playtest item 95: the Murallas' outer tiles gave the activity's name only.
    states = _walls_game(3, 5)
    index = next(i for i, s in enumerate(states) if i and s.pending and s.pending.kind == "wall")
    game = GAMES["troyes"]
    state, before = states[index], states[index - 1]
    if lang == "es":
        canvas = spanish_focus(game, state, before)
    else:
        view = game.engine.view(state, None)
        pictures = game.render.compose_gallery(
            view, game.engine.view(before, None), prompt=game.engine.prompt(state)
        )
        canvas = dict(pictures)["focus"]
    faces = troyes_catalog().outer
    said = " ".join(r.text for r in canvas.texts if r.kind == "text" and r.ink.y > BANNER_H)
    for tile_id, _cubes in game.engine.view(state, None).outer:
        face = faces[tile_id]
        assert (face.text_es if lang == "es" else face.text) in said
    assert check_texts(canvas) == []


@functools.cache
def _trajan_with_senate_tile() -> tuple[Any, Any]:
    """Return the first state of a seeded 3-player game where someone holds a senate tile."""
    states = play(GAMES["trajan"], 3, 2026)
    before = next(states)
    for state in states:
        held = any(t.startswith("senate") for p in state.players for t in p.forum)
        if held and state.pending is not None:
            return state, before
        before = state
    raise AssertionError("no senate tile taken in the seeded game")


SENATE_WORDS = {
    "es": ("Senado: casilla {s} ({v} votos)", "+ ficha de senado {t} = {total} votos", "votos"),
    "en": ("Senate: space {s} ({v} votes)", "+ senate tile {t} = {total} votes", "votes"),
}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_mat_and_the_senate_count_the_senate_tiles_votes_alike(lang):
    # Playtest item 92: the mat said "Senado: casilla 4, 5 votos", the Senate image "votos =
    # casilla", and the senate tile taken at the Forum was drawn on neither.
    game = GAMES["trajan"]
    state, _before = _trajan_with_senate_tile()
    view = game.engine.view(state, None)
    with language(lang):
        scene = game.render.scene_from_view(view)
        canvas = Canvas(800, 420, BACKGROUND)
        draw_senate(canvas, Box(0, 0, 776, 400), scene.senate)
    said = [r.text for r in canvas.texts if r.kind == "text"]
    space_line, tile_line, votes = SENATE_WORDS[lang]
    table = (0, 2, 3, 4, 5, 6, 7, 8)  # the board's tally marks (data/trajan/board.toml)
    for player, panel in zip(view.players, scene.players, strict=True):
        tiles = [int(t.split("_")[1]) for t in player.forum if t.startswith("senate")]
        base = table[player.senate]
        assert player.votes == base + sum(tiles)
        assert space_line.format(s=player.senate, v=base) in panel.facts
        if tiles:
            line = tile_line.format(t="+".join(map(str, tiles)), total=player.votes)
            assert line in panel.facts
            assert f"{base} + {'+'.join(map(str, tiles))} = {player.votes} {votes}" in said
        else:
            assert f"{player.votes} {votes}" in said
    # The track's eight spaces (0-7, not 0-8) and the votes each gives, named.
    assert [t for t in said if t.isdigit()] == [str(n) for n in range(8)] + [str(n) for n in table]
    assert not any("= casilla" in t or "= space" in t for t in said)
    assert check_texts(canvas) == []


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_senates_demand_chips_are_explained(lang):
    # Playtest item 92: "Demanda: Religión", "Demanda: Juegos" beside the bonus tiles said
    # nothing of what they are.
    senate = Senate((SenateLane(0, 0),), (0, 2, 3, 4, 5, 6, 7, 8), ("Pan",), ("Religión", "Juegos"))
    with language(lang):
        canvas = Canvas(800, 420, BACKGROUND)
        draw_senate(canvas, Box(0, 0, 776, 400), senate)
    said = " ".join(r.text for r in canvas.texts if r.kind == "text")
    expected = {
        "es": ("al final del trimestre", "sin cubrir 1: -4 PV · 2: -9 · 3: -15"),
        "en": ("at the quarter's end", "unmet 1: -4 VP · 2: -9 · 3: -15"),
    }[lang]
    for words in expected:
        assert words in said
    assert check_texts(canvas) == []
