"""Word fixes from the fifth playtest (docs/playtest-2026-12.md, "Fifth playtest")."""

from datetime import UTC, datetime

from cogs.common import errors, text
from engine.sessions import Choice, Choices, NotAllowedError, Turn


def test_a_refused_ai_level_lists_the_allowed_levels_in_the_readers_words():
    # `/game new ai_level:hard` on a bot whose operator allows up to normal: the Spanish
    # reply listed the engine's values, "Este bot solo ofrece estos niveles de IA: easy, normal."
    error = NotAllowedError("error.ai.level_not_allowed", levels="easy, normal")
    # Item 99: nothing said how to allow hard; the reply names the operator's setting.
    es = (
        "Este bot solo ofrece estos niveles de IA: fácil, normal. Quien administra el bot "
        "puede permitir más con AI_MAX_LEVEL."
    )
    assert errors.error_text(error, "es") == es
    en = (
        "This bot offers only these AI levels: easy, normal. Its operator can allow more "
        "with AI_MAX_LEVEL."
    )
    assert errors.error_text(error, "en") == en


def test_a_choices_line_names_the_seat_it_speaks_of_as_its_label_does():
    # Fifth playtest: "Tomar el dado rojo 1 de IA normal (1) — va al espacio 1 del Palacio y
    # expulsa a un ciudadano de Jugador 1; cuesta 2 denarios" (the engine's seat word).
    turn = Turn(2, "dice", 7, "choose dice.", datetime(2026, 1, 1, tzinfo=UTC), None)
    names = ("IA normal", "alice", "IA normal")
    lines = {
        "es": "va al espacio 1 del Palacio y expulsa a un ciudadano de Jugador 1; cuesta 2 "
        "denarios",
        "en": "goes to space 1 of the Palace and expels a citizen of Player 1; costs 2 deniers",
    }
    for lang, line in lines.items():
        offered = (Choice(0, "die 0 red 1", "Take red 1 from Player 1", line),)
        named = text.named_choices(Choices(1, 30, turn, offered), "troyes", names, lang)
        assert "IA normal (1)" in named.choices[0].detail
        assert "Jugador" not in named.choices[0].detail
        assert "Player" not in named.choices[0].detail
