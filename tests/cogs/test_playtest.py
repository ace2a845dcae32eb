"""What playing whole Spanish games at the local table found, fixed (docs/playtest-2026-12.md).

Each test is one confusion a new player met: `/game status` of a finished game showing the
scores before final scoring, the end-of-game summary naming two AI seats alike and calling
their views "hidden until the end", a quarter's scoring reading "-0 PV", and a Spanish
game's final board titled "Trajan".
"""

from datetime import UTC, datetime
from types import SimpleNamespace

from cogs.common.i18n import OVERRIDES
from cogs.common.summary import seat_lines
from cogs.game import status_text
from cogs.rules import answer_language
from engine.core.protocol import Result
from engine.sessions import Final, GameInfo, Policy, Seat, SeatOrder, SeatState, Status
from engine.trajan import events as ev
from engine.trajan.game import TrajanEngine
from engine.troyes.ladies_actions import Boost
from render.i18n import language
from render.trajan import scene_from_view
from tests.render.games import GAMES, state_at

NAMES = ("IA (normal)", "IA (normal)", "alice")
AT = datetime(2026, 12, 1, tzinfo=UTC)


def _finished(state: object, scores: tuple[int, ...]) -> GameInfo:
    engine = GAMES["trajan"].engine
    seats = tuple(
        Seat(i, i, 100 + i, None, SeatState.PLAYING, False, False, AT) for i in range(len(scores))
    )
    final = Final("completed", (2, 1, 3), Result(scores, (2, 1, 3), ({}, {}, {})))
    return GameInfo(1, "trajan", Status.FINISHED, 338, 1, 2, 3, 100, len(scores), {}, "es",
                    Policy.STAND_IN, SeatOrder.RANDOM, None, seats, None,
                    engine.view(state, None), final, AT, AT)  # fmt: skip


def test_status_of_a_finished_game_shows_the_final_scores_not_the_track() -> None:
    state = state_at(GAMES["trajan"], 3, 5, None)
    track = tuple(p.vp for p in GAMES["trajan"].engine.view(state, None).players)
    final = tuple(vp + 14 for vp in track)  # final scoring adds to the track
    shown = status_text(_finished(state, final), NAMES)
    for seat, vp in enumerate(final):
        assert f"({seat + 1}): {vp} PV" in shown
    assert f"({1}): {track[0]} PV" not in shown


def test_the_summary_names_each_seat_with_its_mark_and_its_image() -> None:
    lines = seat_lines(NAMES, "es")
    assert lines[0].startswith("IA (normal) (1):")
    assert lines[1].startswith("IA (normal) (2):")
    assert "(imagen 2)" in lines[0]
    assert "(imagen 4)" in lines[2]
    assert not any("oculto hasta el final" in line for line in lines)
    assert seat_lines(("alice", "bob"), "en")[1].startswith("bob (2): their own view")


def test_demands_all_met_read_no_penalty_instead_of_minus_zero() -> None:
    engine = TrajanEngine()
    met = engine.describe_event(ev.DemandsMet(0, ("bread", "games", "religion"), 0, 0), "es")
    assert met == "Jugador 1: 3/3 demandas satisfechas, sin penalización"
    missed = engine.describe_event(ev.DemandsMet(0, ("bread", "games", "religion"), 2, 9), "es")
    assert missed == "Jugador 1: 1/3 demandas satisfechas, -9 PV"
    assert "-0" not in engine.describe_event(ev.DemandsMet(0, ("bread",), 0, 0), "en")


def test_a_spanish_final_trajan_board_is_titled_trajano() -> None:
    state = state_at(GAMES["trajan"], 2, 5, None)
    view = GAMES["trajan"].engine.view(state, None)
    with language("es"):
        assert scene_from_view(view).header.title == "Trajano"
    with language("en"):
        assert scene_from_view(view).header.title == "Trajan"


def test_raising_the_wall_die_says_pips_and_cost_and_zero_raises_nothing() -> None:
    engine = GAMES["troyes"].engine
    assert engine.describe(Boost(4), "es") == "Subir el dado 4 puntos por 4 denarios"
    assert engine.describe(Boost(1), "es") == "Subir el dado 1 punto por 1 denario"
    assert engine.describe(Boost(0), "es") == "No subir el dado (0 denarios)"
    assert engine.describe(Boost(2), "en") == "Raise the die by 2 pips for 2 deniers"


def test_a_lookup_answers_in_the_language_the_user_chose_in_settings() -> None:
    asker = SimpleNamespace(user=SimpleNamespace(id=4242), locale="en-US")
    OVERRIDES[4242] = "es"
    try:
        assert answer_language(asker, None, None) == "es"
        assert answer_language(asker, None, "en") == "es"  # theirs before the server's
        assert answer_language(asker, "en", None) == "en"  # the option first
    finally:
        del OVERRIDES[4242]
    assert answer_language(asker, None, None) == "en"
    assert answer_language(asker, None, "es") == "es"


def test_the_trajan_end_line_names_whose_score_is_whose() -> None:
    seats = ("IA (normal) (1)", "IA (normal) (2)", "alice (3)")  # as the thread names them
    line = TrajanEngine().describe_event(ev.GameEnded((89, 94, -2)), "es", seats)
    assert line == (
        "Fin de la partida. Puntuación final: IA (normal) (1) 89, IA (normal) (2) 94, alice (3) -2"
    )
