"""Word fixes from the fifth playtest (docs/playtest-2026-12.md, "Fifth playtest")."""

from datetime import UTC, datetime

from cogs.common import errors, story, text
from cogs.common.i18n import t
from engine.sessions import By, Choice, Choices, LogLine, NotAllowedError, Outcome, Status, Turn
from tests.story_numbers import told_numbers

AT = datetime(2026, 1, 1, tzinfo=UTC)


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


def _move(version: int, seat: int, label: str) -> LogLine:
    return LogLine(version, seat, None, By.AI, f"m{version}", label, (), False, AT)


def test_the_note_of_moves_left_out_stands_where_they_were_and_names_them():
    # Item 101: "… 10 líneas omitidas aquí: mira `/game log`." stood under "En este turno:",
    # after alice's own moves, while the moves left out were the others' oldest.
    others = [_move(v, 1 + v % 2, f"jugada {v} " + "x" * 140) for v in range(2, 22)]
    own = [_move(v, 0, f"mía {v}") for v in range(22, 26)]
    history = [_move(1, 0, "primera"), *others, *own]
    turn = Turn(0, "bowl", 70, "choose a bowl.", AT, None)
    ended = Outcome(3, 25, Status.ACTIVE, (), (), turn, None, (), None, None, None, 99, None,
                    None, history=tuple(history))  # fmt: skip
    for lang, word in (("es", "jugadas"), ("en", "moves")):
        caption = story.caption(ended, ("alice", "bob", "IA normal"), lang, "trajan")
        assert len(caption) <= 2000
        lines = caption.split("\n")
        this_turn = lines.index(t(lang, "story.this_turn"))
        note = next(i for i, x in enumerate(lines) if x.startswith(f"… {word} "))
        assert note < this_turn  # in the others' part
        told = told_numbers(caption)
        gone = set(range(2, 22)) - told
        assert gone  # some of the others' moves went ...
        first, last = min(gone), max(gone)
        assert gone == set(range(first, last + 1))  # ... the oldest, side by side
        assert lines[note].startswith(f"… {word} {first}\N{EN DASH}{last} ")  # named
        assert lines[note + 1].startswith(f"`{last + 1:>3}`")  # where they were
        assert all(str(v) in caption for v in range(22, 26))  # the turn's own moves, whole
