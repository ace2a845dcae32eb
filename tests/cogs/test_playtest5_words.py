"""Word fixes from the fifth playtest (docs/playtest-2026-12.md, "Fifth playtest")."""

from datetime import UTC, datetime
from typing import Any

from cogs.common import acting, errors, story, text
from cogs.common.i18n import t
from engine.core.protocol import Layout
from engine.sessions import By, Choice, Choices, LogLine, NotAllowedError, Outcome, Status, Turn
from engine.troyes.events import Passed
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


def test_a_done_heading_keeps_what_explains_its_figure_on_two_buttons():
    # Item 103: "Hecho: sube a las murallas con rojo 1…: 2 puntos de acción" (", subido 1 por
    # 1 denario" gone), "Hecho: contrarresta el dado negro de 5 con amarillo 1…: +1 de
    # influencia" (", amarillo 4" gone).
    said = {
        ("es", "alice (1) sube a las murallas con rojo 1, subido 1 por 1 denario: 2 puntos de "
         "acción"): ("Hecho: sube a las murallas",
                     "con rojo 1, subido 1 por 1 denario: 2 puntos de acción"),
        ("es", "alice (1) contrarresta el dado negro de 5 con amarillo 1, amarillo 4: +1 de "
         "influencia"): ("Hecho: contrarresta el dado negro de 5",
                         "con amarillo 1, amarillo 4: +1 de influencia"),
        ("en", "alice (1) counters the black 3 with 3 pips left over from the previous group: "
         "+1 influence"): ("Done: counters the black 3",
                           "with 3 pips left over from the previous group: +1 influence"),
    }  # fmt: skip
    turn = Turn(0, "counter", 7, "counter.", AT, None)
    offered = (Choice(0, "pass", "Pass", ""),)
    for (lang, line), parts in said.items():
        heading = text.done_line(line, "alice (1)", lang)
        assert heading.split("\n") == list(parts)
        choices = Choices(1, 30, turn, offered, layout=Layout(heading=heading))
        view = acting.controls(choices, lang)
        items: list[Any] = [getattr(x, "item", x) for x in view.children]
        labels = [x.label for x in items if getattr(x, "disabled", False)]
        assert labels[:2] == list(parts)  # side by side, each whole
        assert all(len(x) <= text.LABEL for x in parts)


def test_moves_that_only_explored_a_menu_are_one_line_so_the_numbers_do_not_jump():
    # Item 102: the end message and `/game log` went from "`258` IA normal (1): Contratar
    # ciudadano (influencia)" to "`262` IA normal (1): Pasar"; 259-261 were "Volver", "Usar
    # influencia", "Volver" (no events): an AI opening and closing the influence menu.
    hire = Passed(1)  # any event: the hire's own are beside the point here
    lines = [
        LogLine(258, 0, None, By.AI, "hire", "Hire", (), False, AT, game="troyes",
                records=(hire,)),
        LogLine(259, 0, None, By.AI, "back", "Back", (), False, AT, game="troyes"),
        LogLine(260, 0, None, By.AI, "influence", "Use influence", (), False, AT, game="troyes"),
        LogLine(261, 0, None, By.AI, "back", "Back", (), False, AT, game="troyes"),
        LogLine(262, 0, None, By.AI, "pass", "Pass", (), False, AT, game="troyes",
                records=(Passed(0),)),
    ]  # fmt: skip
    names = ("IA normal", "alice")
    said = {"es": "abrió un menú y volvió: no jugó nada",
            "en": "opened a menu and went back: nothing played"}  # fmt: skip
    for lang, explored in said.items():
        heads = [x.split("\n")[0] for x in text.entries(lines, names, lang, "troyes")]
        assert len(heads) == 3
        assert heads[0].startswith("`258` **IA normal (1)**: ")
        assert heads[1] == f"`259`\N{EN DASH}`261` **IA normal (1)**: {explored}"
        assert heads[2].startswith("`262` **IA normal (1)**: ")
        assert len(text.plain_log(lines, names, lang, "troyes")) == 3
        # The story of the game's end tells it the same way, no number left unexplained.
        assert told_numbers(story.since("", lines, names, lang, "troyes")) == set(range(258, 263))
