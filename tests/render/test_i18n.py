"""Spanish images: the same labels in both languages, and every Spanish board fits its boxes."""

from dataclasses import replace

import pytest

from engine.core.i18n import problems
from engine.troyes.catalog import default_catalog as troyes_catalog
from render.base.canvas import check_texts
from render.base.score import compose_score
from render.i18n import language, localized, strings, tr
from render.trajan.scene import compose_private
from tests.render.games import GAMES, check_boards, option_variants, play, state_at

SEATS = (2, 3, 4)
LADIES = {
    "reveal_character": "on",
    "walls": "on",
    "purple_die": "on",
    "new_characters": "on",
    "new_events": "mixed",
    "new_activities": "mixed",
}


def test_both_languages_have_the_same_labels():
    assert set(strings("en")) == set(strings("es"))
    assert all(strings("es").values())
    assert problems() == []


def test_a_label_with_a_count_agrees_with_it():
    with language("en"):
        assert tr("common.rounds_left", count=1) == "1 more round after this one"
        assert tr("common.rounds_left", count=2) == "2 more rounds after this one"
        assert tr("troyes.supply", count=1) == "1 citizen in supply"
    with language("es"):
        assert tr("trajan.hand", count=1) == "Tu mano: 1 carta"
        assert tr("troyes.passed_pot", count=3) == "ha pasado: +3 denarios"


def test_unknown_language_falls_back_to_english():
    with language("fr"):
        assert tr("troyes.cathedral") == "Cathedral"
    with language("es"):
        assert tr("troyes.cathedral") == "Catedral"


def test_spanish_catalog_uses_name_es():
    cat = troyes_catalog()
    with language("es"):
        spanish = localized(cat)
    card = next(iter(cat.cards.values()))
    assert spanish.cards[card.id].name == card.name_es
    assert localized(cat) is cat  # English: the catalog itself


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("seats", SEATS)
def test_sampled_spanish_boards_have_no_text_problems(name, seats):
    options = LADIES if name == "troyes" else {}
    assert check_boards(name, seats, seed=11, stride=40, options=options, lang="es") >= 3


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("seats", SEATS)
def test_every_state_of_a_seeded_game_renders_in_spanish(name, seats):
    # Every third state (and the last) of each variant: the English test draws every state,
    # and this keeps `make test` within its ten-minute budget.
    for options in [{}, *option_variants(GAMES[name])[1:], LADIES if name == "troyes" else {}]:
        assert check_boards(name, seats, 7, stride=3, options=options, lang="es") > 15


def test_spanish_boards_use_spanish_words():
    words = {
        "trajan": {"Puerto", "Foro", "Militar", "Senado", "Construcción", "Tiempo"},
        "troyes": {"Palacio", "Obispado", "Ayuntamiento", "Plaza", "Catedral", "Murallas"},
    }
    for name, expected in words.items():
        game = GAMES[name]
        state = state_at(game, 3, 5, 40) if name == "trajan" else None
        if state is None:
            state = list(play(game, 3, 5, {"walls": "on"}))[40]
        canvas = game.render.compose_board(game.engine.view(state, None), lang="es")
        texts = {r.text for r in canvas.texts}
        assert expected <= texts, expected - texts
        assert not {"Seaport", "Cathedral", "Palace"} & texts


def test_spanish_troyes_board_names_cards_in_spanish():
    cat = troyes_catalog()
    game = GAMES["troyes"]
    state = list(play(game, 3, 5, {"reveal_character": "on"}))[40]
    view = game.engine.view(state, None)
    texts = " ".join(r.text for r in game.render.compose_board(view, lang="es").texts)
    shown = [c for c in view.activity if c is not None]
    assert shown
    assert all(cat.cards[c].name_es in texts for c in shown)
    assert f"Personaje revelado: {cat.characters[view.revealed[0]].name_es}" in texts


@pytest.mark.parametrize("name", sorted(GAMES))
def test_spanish_private_images_and_score_chart_fit(name):
    game = GAMES[name]
    state = state_at(game, 4, 5, 120)
    for seat in range(4):
        assert game.render.private_png(game.engine.view(state, seat), lang="es")
    if name == "trajan":
        with language("es"):
            panel = compose_private(
                game.render.scene_from_view(game.engine.view(state, 0)).players[0],
                game.render.scene_from_view(game.engine.view(state, 0)).header,
            )
        assert check_texts(panel) == []
    result = game.engine.result(state_at(game, 4, 3, None))
    canvas = compose_score(result, name.capitalize(), lang="es")
    assert check_texts(canvas) == []
    assert "Total" in {r.text for r in canvas.texts}
    assert any(r.text.endswith("puntuación final") for r in canvas.texts)


def test_every_engine_tie_break_is_shown_in_spanish():
    for name in ("trajan", "troyes"):
        game = GAMES[name]
        result = game.engine.result(state_at(game, 2, 3, None))
        tied = replace(result, scores=(5, 5))
        assert f"tie_break.{result.tie_break}" in strings("es")
        chart = compose_score(tied, name.capitalize(), ("Ana", "Bruno"), lang="es")
        texts = " ".join(record.text for record in chart.texts)
        assert "Empate: " in texts
        assert result.tie_break not in texts
