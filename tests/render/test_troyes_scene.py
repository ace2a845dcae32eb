"""The Troyes board composed from a hand-built scene, with and without The Ladies of Troyes."""

import dataclasses

import pytest

from render.base.canvas import check_texts
from render.base.layout import load_layout
from render.i18n import language, tr
from render.troyes import BOARD
from render.troyes.board import district_boxes
from render.troyes.scene import compose_private
from tests.render.games import GAMES, board, play
from tests.render.golden import assert_matches_golden
from tests.render.troyes_fixtures import scene


@pytest.mark.parametrize("ladies", [False, True])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_full_scene_has_no_text_problems(seats, ladies):
    canvas = BOARD.compose_scene(scene(seats, ladies=ladies))
    assert canvas.image.width == 1600
    assert check_texts(canvas) == []


def test_wall_is_drawn_only_with_the_expansion():
    base = BOARD.compose_scene(scene(4, ladies=False))
    ladies = BOARD.compose_scene(scene(4, ladies=True))
    assert ladies.image.height > base.image.height
    assert not any(r.text.startswith("Gate") for r in base.texts)
    assert sum(r.text.startswith("Gate") for r in ladies.texts) == 4


def test_purple_dice_are_labelled_by_colour_word():
    canvas = BOARD.compose_scene(scene(3, ladies=True))
    assert any(r.text == "purple" for r in canvas.texts)


def test_only_changed_areas_are_named():
    assert BOARD.changed_areas(scene(4), scene(4)) == set()
    assert BOARD.changed_areas(scene(4, shift=1), scene(4)) == {"players", "influence"}


def test_private_image_shows_vp_and_characters():
    canvas = compose_private(scene(2), 1, 17, (("Hugues de Payns", "Scores influence."),))
    texts = {r.text for r in canvas.texts}
    assert "Your VP so far: 17" in texts
    assert "Character: Hugues de Payns" in texts
    assert check_texts(canvas) == []


def test_troyes_scene_matches_golden():
    assert_matches_golden(
        "troyes_scene_4p_ladies", BOARD.compose_scene(scene(4), scene(4, shift=1)).image
    )


def test_changed_parts_name_the_district_whose_dice_changed():
    before = scene(3)
    square = list(before.square)
    square[1] = (square[1][0], square[1][1][:-1])
    after = dataclasses.replace(before, square=tuple(square))
    layout = load_layout("troyes")
    parts = BOARD.changed_parts(before, after)
    assert parts == [district_boxes(layout.box("square"), len(square))[1].inset(4)]


def test_the_events_panel_says_truthfully_why_no_black_die_shows():
    # Playtest item 46: "Negros: ninguno tirado" after the round's black dice were rolled and
    # countered. Before the roll the panel says they are still to roll; after it, none is left.
    game = GAMES["troyes"]
    states = play(game, 2, 3)
    first = next(states)
    assert "por tirar esta ronda" in {r.text for r in board(game, first, lang="es").texts}
    rolled = next(s for s in states if s.phase == "events" and s.kind == "counter" and s.black)
    after = next(s for s in states if s.phase == "actions")
    assert after.round == rolled.round
    assert not after.black
    texts = {r.text for r in board(game, after, lang="es").texts}
    assert "ninguno por contrarrestar" in texts
    assert not any("tirado" in text for text in texts)


def test_the_square_names_what_its_framed_dice_are_for_in_the_images_language():
    # Playtest (2 December, afternoon): a Spanish square read "enmarcados: elegidos para
    # cathedral" (and "para walls"): the engine's word for the action, not the game's language.
    game = GAMES["troyes"]
    seen = set()
    for seed in range(1, 40):
        for state in play(game, 3, seed, {"walls": "on"}):
            action = state.plan.action
            if action in ("cathedral", "walls", "agriculture") and state.plan.dice:
                if action in seen:
                    continue
                seen.add(action)
                es = {r.text for r in board(game, state, lang="es").texts}
                en = {r.text for r in board(game, state, lang="en").texts}
                word = {"cathedral": "la Catedral", "walls": "las murallas"}.get(action)
                assert f"enmarcados: elegidos para {word or 'la agricultura'}" in es
                assert not any(action in text for text in es)
                assert any(text.startswith("framed: chosen for ") for text in en)
        if len(seen) == 3:
            break
    assert seen >= {"cathedral", "walls"}


def test_the_private_view_at_the_end_says_its_vp_are_those_won_during_play():
    # Playtest (2 December, afternoon): the end-of-game own view read "Tus PV hasta ahora: 18"
    # while the final score was 31 (the 18 are the score chart's "Durante la partida").
    game = GAMES["troyes"]
    states = list(play(game, 2, 5))
    last, middle = states[-1], states[len(states) // 2]
    assert last.phase == "over"
    vp = game.engine.view(last, 0).players[0].vp
    texts = {r.text for r in BOARD.compose_private(game.engine.view(last, 0), lang="es").texts}
    assert f"PV ganados durante la partida: {vp}" in texts
    assert not any("hasta ahora" in text for text in texts)
    texts = {r.text for r in BOARD.compose_private(game.engine.view(middle, 0), lang="es").texts}
    assert any(text.startswith("Tus PV hasta ahora: ") for text in texts)


def test_the_private_view_at_the_end_no_longer_says_to_keep_it_secret():
    # Playtest item 65: the own final view said "mantenlo en secreto" under a summary that
    # says nothing is hidden any more.
    game = GAMES["troyes"]
    states = list(play(game, 2, 5))
    last, middle = states[-1], states[len(states) // 2]
    for lang in ("es", "en"):
        with language(lang):
            secret, shown = tr("common.keep_secret"), tr("common.game_over_shown")
        texts = {r.text for r in BOARD.compose_private(game.engine.view(last, 0), lang=lang).texts}
        assert secret not in texts
        assert shown in texts
        during = BOARD.compose_private(game.engine.view(middle, 0), lang=lang).texts
        assert secret in {r.text for r in during}


def test_a_players_column_tells_the_pass_deniers_once_the_player_has_passed():
    # Playtest (2 December, afternoon): "bolsa 0 denarios" on every column all game: the pot
    # only grows once a seat has passed, and a passed seat showed "ha pasado" instead.
    with language("es"):
        canvas = BOARD.compose_scene(scene(4))
    texts = [r.text for r in canvas.texts]
    assert "ha pasado: +4 denarios · jugador inicial" in texts  # seat 2 passed, pot 4
    assert not any("bolsa" in text for text in texts)
    assert check_texts(canvas) == []
