"""The rule files are checked at load: every problem names the file and the entry."""

import re

import pytest

from engine.lookup import LookupDataError, RulesIndex, build_index
from engine.lookup.loader import load_rules
from engine.lookup.model import LANGS, MAX_BODY

EN = """
[[entry]]
id = "troyes.palace"
game = "troyes"
section = "Components"
title = "Palace"
aliases = ["palacio"]
related = ["troyes.dice"]
body = "Red dice."

[[entry]]
id = "troyes.dice"
game = "troyes"
section = "Components"
title = "Dice"
body = "Three colours."
"""

DICE_ENTRY = '[[entry]]\nid = "troyes.dice"'

ES = """
[[entry]]
id = "troyes.palace"
game = "troyes"
section = "Componentes"
title = "Palacio"
aliases = ["palace"]
related = ["troyes.dice"]
body = "Dados rojos."

[[entry]]
id = "troyes.dice"
game = "troyes"
section = "Componentes"
title = "Dados"
body = "Tres colores."
"""


def test_valid_files_load_into_entries_with_both_languages(rules_dir):
    rules_dir("en", EN)
    entries = load_rules(rules_dir("es", ES))
    palace = next(e for e in entries if e.id == "troyes.palace")
    assert palace.en.title == "Palace"
    assert palace.es.title == "Palacio"
    assert palace.related == ("troyes.dice",)


def _raises(message: str) -> pytest.RaisesExc[LookupDataError]:
    return pytest.raises(LookupDataError, match=re.escape(message))


def test_entry_missing_in_one_language_names_file_and_entry(rules_dir):
    rules_dir("en", EN)
    root = rules_dir("es", ES.split(DICE_ENTRY, maxsplit=1)[0])
    with _raises("test.toml: entry 'troyes.dice': has no 'es' text"):
        load_rules(root)


def test_duplicate_id_in_a_language_is_rejected(rules_dir):
    rules_dir("en", EN + EN.split(DICE_ENTRY, maxsplit=1)[0])
    with _raises("entry 'troyes.palace': duplicate id"):
        load_rules(rules_dir("es", ES))


def test_related_link_to_a_missing_entry_is_rejected(rules_dir):
    rules_dir("en", EN.replace('related = ["troyes.dice"]', 'related = ["troyes.nope"]'))
    root = rules_dir("es", ES.replace('related = ["troyes.dice"]', 'related = ["troyes.nope"]'))
    with _raises("entry 'troyes.palace': related id 'troyes.nope' does not exist"):
        build_index(root)


def test_languages_must_agree_on_related_links(rules_dir):
    rules_dir("en", EN)
    root = rules_dir("es", ES.replace('related = ["troyes.dice"]', "related = []"))
    with _raises("test.toml: entry 'troyes.palace': related links differ"):
        load_rules(root)


def test_languages_must_agree_on_the_game(rules_dir):
    rules_dir("en", EN)
    root = rules_dir("es", ES.replace('game = "troyes"', 'game = "trajan"', 1))
    with _raises("entry 'troyes.palace': game 'trajan' differs"):
        load_rules(root)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('title = "Palace"', 'title = ""'), "missing or empty 'title'"),
        (('body = "Red dice."', 'body = "Red dice."\ncolour = "red"'), "unknown keys"),
        (('id = "troyes.palace"', 'id = "Palace"'), "id must be dotted"),
        (('game = "troyes"', 'game = "catan"'), "game must be one of"),
        (('aliases = ["palacio"]', "aliases = [1]"), "aliases must be a list"),
        (('related = ["troyes.dice"]', 'related = ["troyes.palace"]'), "related to itself"),
        (('body = "Red dice."', f'body = "{"x" * (MAX_BODY + 1)}"'), "body is"),
    ],
)
def test_a_bad_field_is_named_with_the_entry(rules_dir, change, message):
    old, new = change
    rules_dir("en", EN.replace(old, new, 1))
    with pytest.raises(LookupDataError, match=message) as caught:
        load_rules(rules_dir("es", ES))
    assert "troyes.palace" in str(caught.value) or "Palace" in str(caught.value)


def test_invalid_toml_names_the_file(rules_dir):
    rules_dir("en", EN + "\n[[entry]\n")
    with _raises("test.toml: not valid TOML"):
        load_rules(rules_dir("es", ES))


def test_a_missing_language_folder_is_reported(tmp_path):
    (tmp_path / "en").mkdir()
    with _raises("missing language folder"):
        load_rules(tmp_path)


def test_the_repository_rules_load_and_every_link_resolves(real_index: RulesIndex):
    ids = real_index.ids()
    assert len(ids) >= 100
    for entry_id in ids:
        for lang in LANGS:
            entry = real_index.entry(entry_id, lang)
            assert entry.title
            assert entry.body
            assert len(entry.body) <= MAX_BODY
            for link in entry.related:
                assert real_index.get(link, lang) is not None


def test_the_repository_rules_cover_all_three_games(real_index: RulesIndex):
    games = {real_index.entry(i, "en").game for i in real_index.ids()}
    assert games == {"trajan", "troyes", "ladies"}


def test_every_rule_is_really_written_in_both_languages(real_index: RulesIndex):
    for entry_id in real_index.ids():
        en, es = real_index.entry(entry_id, "en"), real_index.entry(entry_id, "es")
        assert en.body != es.body, entry_id
        if en.kind == "rule":
            assert en.title != es.title, entry_id
            assert en.section != es.section or en.section == "FAQ", entry_id
