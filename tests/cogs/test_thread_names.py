"""One clean name per seat and option words (playtest 2026-12 items 27 and 17).

"IA (normal) (1)" had two pairs of parentheses in every line, button and heading; the level
now comes before the seat's mark: "IA normal (1)", "Hard AI (2)".
"""

from cogs.common.levels import ai_name
from cogs.common.text import seat_name
from cogs.lobby import option_words
from engine.ai import LEVELS
from engine.games import GAMES
from engine.trajan.events import RoundEnded


def test_an_ai_seat_reads_with_its_level_and_one_pair_of_parentheses_in_both_languages():
    assert ai_name("es", "normal") == "IA normal"
    assert ai_name("en", "hard") == "Hard AI"
    names = (ai_name("es", "normal"), "alice", ai_name("es", "hard"))
    assert [seat_name(s, names) for s in range(3)] == [
        "IA normal (1)",
        "alice (2)",
        "IA difícil (3)",
    ]
    for lang in ("en", "es"):
        for level in LEVELS:
            named = seat_name(0, (ai_name(lang, level),))
            assert named.count("(") == 1
            assert named.count(")") == 1


def test_an_older_ai_player_keeps_the_plain_name():
    assert ai_name("es", "greedy") == "IA"
    assert ai_name("en", None) == "AI"


def test_the_lobby_names_every_game_option_and_value_in_words_in_both_languages():
    assert option_words("bowl_colours", "distinct", "es") == (
        "Bandejas iniciales: dos colores distintos"
    )
    assert option_words("new_events", "mixed", "en") == "Ladies' events: mixed with the base game"
    for game in GAMES.values():
        for spec in game.options():
            for value in spec.choices:
                for lang in ("en", "es"):
                    words = option_words(spec.name, value, lang)
                    assert spec.name not in words  # no code reaches a player
                    assert "=" not in words
    assert option_words("later_option", "x", "es") == "later_option: x"  # no words: the code


def test_a_spanish_option_value_agrees_with_its_option_noun():
    # Playtest item 45: "Eventos de Las Damas: mezcladas" (feminine, the activities' word).
    assert option_words("new_events", "mixed", "es") == (
        "Eventos de Las Damas: mezclados con el juego base"
    )
    assert option_words("new_activities", "mixed", "es") == (
        "Actividades de Las Damas: mezcladas con el juego base"
    )


def test_a_trajan_demand_says_what_it_costs_unmet_when_it_comes():
    engine = GAMES["trajan"]
    es = engine.describe_event(RoundEnded(0, "bread"), "es", ("alice (1)", "bob (2)"))
    assert "el pueblo pide" in es
    assert "1/2/3 demandas sin satisfacer cuestan -4/-9/-15 PV" in es
    en = engine.describe_event(RoundEnded(0, "bread"), "en", ("alice (1)", "bob (2)"))
    assert "1/2/3 unmet demands cost -4/-9/-15 VP" in en
