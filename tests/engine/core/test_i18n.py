"""The one message loader: both languages agree, plurals pick their form, games own their words."""

import tomllib

import pytest

from engine.core import i18n
from engine.core.i18n import CatalogError


def test_both_languages_have_the_same_keys_fields_and_plural_tables():
    assert i18n.problems() == []
    english, spanish = i18n.catalog("en").messages, i18n.catalog("es").messages
    assert set(english) == set(spanish)
    for key, message in english.items():
        assert i18n.fields_of(message) == i18n.fields_of(spanish[key]), key
        if isinstance(message, dict):
            assert {"one", "other"} <= set(message), key
            assert {"one", "other"} <= set(spanish[key]), key
    assert all(spanish.values())


def test_the_check_reports_a_missing_key_and_a_field_that_differs(monkeypatch):
    english = i18n.catalog("en")
    spanish = i18n.catalog("es")
    broken = dict(spanish.messages)
    broken.pop("error.stale")
    broken["post.header"] = "Partida {numero}"
    broken["games.title"] = "{count} partidas"
    fake = i18n.Catalog("es", broken, spanish.commands)
    monkeypatch.setattr(i18n, "catalog", lambda lang: english if lang == "en" else fake)
    found = i18n.problems()
    assert "es lacks error.stale" in found
    assert any(p.startswith("es post.header: fields") for p in found)
    assert "es games.title: plural in one language only" in found
    with pytest.raises(CatalogError):
        i18n.check_catalogs()


@pytest.mark.parametrize(
    ("lang", "count", "expected"),
    [
        ("en", 1, "1 game waits for your move:"),
        ("en", 3, "3 games wait for your move (longest-waiting first):"),
        ("en", 0, "0 games wait for your move (longest-waiting first):"),
        ("es", 1, "1 partida espera tu jugada:"),
        ("es", 2, "2 partidas esperan tu jugada (la más antigua primero):"),
    ],
)
def test_a_plural_message_takes_its_form_from_count(lang, count, expected):
    assert i18n.text(lang, "games.title", count=count) == expected


def test_a_plural_message_without_a_count_is_a_mistake():
    with pytest.raises(TypeError):
        i18n.text("en", "games.title")


def test_plural_forms_of_english_and_spanish():
    assert [i18n.plural_form("es", n) for n in (0, 1, 2, 1.5)] == ["other", "one", "other", "other"]
    assert i18n.plural_form("en", 1) == "one"


def test_a_zero_form_words_a_count_of_none_and_others_fall_back():
    zero = {"zero": "no pips", "one": "{count} pip", "other": "{count} pips"}
    words = i18n.Catalog("en", {"pips": zero, "games": {"one": "1", "other": "{count}"}}, {})
    assert [words.get("pips", count=n) for n in (0, 1, 2)] == ["no pips", "1 pip", "2 pips"]
    assert words.get("games", count=0) == "0"  # no zero form: "other", as before


def test_a_games_words_live_in_its_own_folder_under_its_name():
    files = dict(i18n.catalog_files("en"))
    games = {path.parent.parent.name for path, prefix in files.items() if prefix}
    assert {"trajan", "troyes"} <= games
    messages = i18n.catalog("en").messages
    for path, prefix in files.items():
        if prefix:
            assert prefix == f"{path.parent.parent.name}."
            with path.open("rb") as handle:
                keys = list(tomllib.load(handle))
            assert keys
            for key in keys:
                name = f"{prefix}{key}"
                assert name in messages or any(m.startswith(f"{name}.") for m in messages)
    assert i18n.text("es", "trajan.time") == "Tiempo"
    assert i18n.text("en", "troyes.cathedral") == "Cathedral"


def test_missing_words_fall_back_to_english_then_to_the_key():
    assert i18n.text("fr", "error.stale") == i18n.text("en", "error.stale")
    assert i18n.text("es", "no.such.key") == "no.such.key"


def test_language_codes_and_the_lookup_order():
    assert i18n.language("es-419") == "es"
    assert i18n.language("ES_es") == "es"
    assert i18n.language("pt-BR") is None
    assert i18n.lang_or_default(None) == "en"
    assert i18n.resolve(None, "de", "es-ES") == "es"
    assert i18n.resolve("en", "es", "es-ES") == "en"
    assert i18n.resolve() == "en"


def test_commands_tables_are_kept_apart_from_messages():
    spanish = i18n.catalog("es")
    assert spanish.commands["league"] == "liga"
    assert not any(key.startswith(f"{i18n.COMMANDS}.") for key in spanish.messages)
    assert i18n.catalog("en").commands == {}
