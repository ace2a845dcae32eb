"""Folding, question words and stems."""

import pytest

from engine.core.folding import fold
from engine.lookup import language_of_locale, resolve_language
from engine.lookup.text import content_words, stem


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("¿Qué hace el Monje?", "que hace el monje"),
        ("ACCIÓN del Senado", "accion del senado"),
        ("Ermitaño", "ermitano"),
        ("Isabeau de Bavière", "isabeau de baviere"),
        ("people's  demands!!", "people s demands"),
        ("[+2] marker", "2 marker"),
        ("   ", ""),
    ],
)
def test_fold_removes_accents_case_and_punctuation(text, folded):
    assert fold(text) == folded


def test_content_words_drop_question_words_in_both_languages():
    assert content_words("how much does a die of another player cost?") == [
        "die",
        "another",
        "player",
        "cost",
    ]
    assert content_words("¿cuánto cuesta usar un dado de otro jugador?") == [
        "cuesta",
        "usar",
        "dado",
        "jugador",
    ]


def test_content_words_keep_everything_when_only_question_words():
    assert content_words("what is this") == ["what", "is", "this"]


def test_stem_is_a_shared_prefix_of_word_forms():
    assert "salaries".startswith(stem("salary"))
    assert "activar".startswith(stem("activa"))
    assert stem("dice") == "dice"
    assert stem("2026") == "2026"


@pytest.mark.parametrize(
    ("option", "server", "locale", "lang"),
    [
        ("es", "en", "en-US", "es"),
        (None, "es", "en-US", "es"),
        (None, None, "es-ES", "es"),
        (None, None, "es-419", "es"),
        (None, None, "fr", "en"),
        (None, None, None, "en"),
        ("EN", "es", "es-ES", "en"),
        ("de", None, "es-ES", "es"),
    ],
)
def test_language_is_option_then_server_then_user_locale(option, server, locale, lang):
    assert resolve_language(option, server, locale) == lang


def test_only_spanish_locales_answer_in_spanish():
    assert language_of_locale("es_ES") == "es"
    assert language_of_locale("pt-BR") == "en"
