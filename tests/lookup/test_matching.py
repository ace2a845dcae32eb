"""Each matching stage, the result type, autocomplete and entry access."""

import pytest

from engine import lookup as api
from engine.lookup import RulesIndex
from engine.lookup.index import AUTOCOMPLETE_LIMIT, CHOICE_NAME_LIMIT
from engine.lookup.names import Name, NameTable


def test_exact_title_matches_folded_and_answers_in_the_asked_language(small_index: RulesIndex):
    result = small_index.lookup("PALACIO", "en")
    assert result.stage == "exact"
    assert result.best is not None
    assert result.best.id == "troyes.palace"
    assert result.best.title == "Palace"
    assert not result.ambiguous


def test_exact_match_ignores_question_words(small_index: RulesIndex):
    result = small_index.lookup("¿qué hace el monje?", "es")
    assert result.stage == "exact"
    assert result.ranked_ids() == ["troyes.activity.monk"]


def test_exact_match_on_an_entry_id(small_index: RulesIndex):
    assert small_index.lookup("trajan.senate_track", "es").ranked_ids() == ["trajan.senate_track"]


def test_a_name_shared_by_two_entries_is_ambiguous(small_index: RulesIndex):
    result = small_index.lookup("empate", "es")
    assert result.stage == "exact"
    assert set(result.ranked_ids()) == {"trajan.tie_break", "troyes.tie_break"}
    assert result.ambiguous


def test_the_thread_game_settles_a_shared_name(small_index: RulesIndex):
    result = small_index.lookup("tie", "en", game="trajan")
    assert result.ranked_ids() == ["trajan.tie_break"]
    assert not result.ambiguous


def test_a_game_named_in_the_query_narrows_the_search(small_index: RulesIndex):
    assert small_index.lookup("desempate en trajano", "es").ranked_ids()[0] == "trajan.tie_break"


def test_prefix_stage_prefers_the_closest_name(small_index: RulesIndex):
    result = small_index.lookup("sena", "en")  # ("senat" is now "senate" in another form)
    assert result.stage == "prefix"
    assert result.ranked_ids()[:2] == ["trajan.senate", "trajan.senate_track"]


def test_fulltext_stage_answers_a_question_from_the_body(small_index: RulesIndex):
    result = small_index.lookup("how many deniers for a bought die in a group", "en")
    assert result.stage == "fulltext"
    assert result.ranked_ids()[0] == "troyes.buy_dice"


def test_fulltext_stage_folds_accents_in_the_body(small_index: RulesIndex):
    result = small_index.lookup("cuantos dados amarillos da el dado blanco", "es")
    assert result.stage == "fulltext"
    assert result.ranked_ids()[0] == "troyes.activity.monk"


def test_fulltext_stage_corrects_a_typo_towards_a_name(small_index: RulesIndex):
    result = small_index.lookup("what does the palce cost", "en")
    assert result.stage == "fulltext"
    assert result.ranked_ids()[0] == "troyes.palace"


def test_fuzzy_stage_catches_a_typo_no_other_stage_finds(small_index: RulesIndex):
    result = small_index.lookup("senaet", "en")
    assert result.stage == "fuzzy"
    assert result.found
    assert result.ranked_ids()[0] == "trajan.senate"


def test_below_the_cut_off_nothing_is_found_but_suggestions_are_given(small_index: RulesIndex):
    result = small_index.lookup("mnok", "en")
    assert result.stage == "none"
    assert not result.found
    assert result.best is None
    assert "troyes.activity.monk" in [e.id for e in result.alternatives]


def test_an_empty_query_finds_nothing(small_index: RulesIndex):
    result = small_index.lookup(" ¿? ", "es")
    assert not result.found
    assert result.hits == ()


def test_nothing_in_the_thread_game_falls_back_to_every_game(small_index: RulesIndex):
    result = small_index.lookup("monje", "es", game="trajan")
    assert result.ranked_ids() == ["troyes.activity.monk"]


def test_alternatives_follow_the_best_entry(small_index: RulesIndex):
    result = small_index.lookup("senate points and votes", "en")
    assert result.found
    assert [e.id for e in result.alternatives] == result.ranked_ids()[1:]


def test_autocomplete_lists_prefix_matches_first_in_the_players_language(small_index):
    choices = small_index.autocomplete("sen", "es")
    assert choices[0] == ("Acción del Senado", "trajan.senate")
    assert ("Pista del Senado", "trajan.senate_track") in choices


def test_autocomplete_shows_which_other_language_name_matched(small_index: RulesIndex):
    assert small_index.autocomplete("monk", "es") == [("Monje (Monk)", "troyes.activity.monk")]


def test_autocomplete_tolerates_a_typo_in_the_prefix(small_index: RulesIndex):
    assert ("Monk", "troyes.activity.monk") in small_index.autocomplete("mobk", "en")


def test_autocomplete_filters_by_game(small_index: RulesIndex):
    ids = {value for _, value in small_index.autocomplete("", "en", game="trajan")}
    assert ids == {"trajan.senate", "trajan.senate_track", "trajan.tie_break"}


def test_autocomplete_respects_discord_limits(real_index: RulesIndex):
    for typed in ("", "a", "de", "card", "carta", "senado", "zzzz"):
        choices = real_index.autocomplete(typed, "es")
        assert len(choices) <= AUTOCOMPLETE_LIMIT
        for name, value in choices:
            assert 1 <= len(name) <= CHOICE_NAME_LIMIT
            assert real_index.get(value, "es") is not None


def test_entry_returns_the_text_in_each_language(small_index: RulesIndex):
    assert small_index.entry("trajan.senate", "es").title == "Acción del Senado"
    assert small_index.entry("trajan.senate", "en").title == "Senate action"
    assert small_index.get("trajan.nope", "en") is None
    with pytest.raises(KeyError):
        small_index.entry("trajan.nope", "en")


def test_card_searches_skip_rules_and_rule_searches_skip_cards(real_index: RulesIndex):
    cards = real_index.lookup("monje", "es", kind="card")
    assert cards.ranked_ids()[0] == "troyes.activity.monk"
    assert all(e.kind == "card" for e in (cards.best, *cards.alternatives) if e)
    rules = real_index.lookup("black dice", "en", kind="rule")
    assert rules.best is not None
    assert rules.best.kind == "rule"
    card_choices = real_index.autocomplete("m", "en", kind="card")
    assert card_choices
    assert all(real_index.entry(v, "en").kind == "card" for _, v in card_choices)


def test_module_functions_use_one_shared_index():
    assert api.shared_index() is api.shared_index()
    assert api.lookup("palacio", "en").ranked_ids()[0] == "troyes.palace"
    assert api.entry("troyes.palace", "es").title == "Palacio"
    assert ("Palace (Palacio)", "troyes.palace") in api.autocomplete("palacio", "en")


def test_name_table_finds_whole_names_and_later_words_by_prefix():
    table = NameTable(
        [
            Name("senate track", "Senate track", "a", "g", "en"),
            Name("pista del senado", "Pista del Senado", "a", "g", "es"),
            Name("seaport", "Seaport", "b", "g", "en"),
        ]
    )
    assert [n.original for n in table.starting_with("se")] == ["Seaport", "Senate track"]
    assert [n.original for n in table.with_word_starting("sen")] == ["Pista del Senado"]
    assert [n.original for n in table.with_word_starting("del sen")] == ["Pista del Senado"]
    assert table.near_starts("seap", 75, 5)[0][0].original == "Seaport"
