"""The Trajan data files: counts, strict checking, effects and documented gaps."""

import shutil
from pathlib import Path

import pytest

from engine.core.errors import CatalogError
from engine.trajan.catalog import DATA_DIR, load_catalog
from engine.trajan.rules.turn import EFFECTS
from engine.trajan.state import TOKENS
from tests.engine.trajan.helpers import CAT

ROOT = Path(__file__).resolve().parents[3]


def test_component_counts_match_the_box():
    assert len(CAT.trajan_tiles) == 54
    assert sum(f.count for f in CAT.forum_tiles if f.back == "forum") == 70
    assert sum(f.count for f in CAT.forum_tiles if f.back == "extra") == 12
    assert len(CAT.construction_tiles) == 20
    assert len(CAT.bonus_tiles) == 12
    assert sum(d.count for d in CAT.demand_tiles) == 15
    assert sum(c.count for c in CAT.commodities) == 60
    assert len(CAT.provinces) == 11
    assert {
        c.id: sum(1 for t in CAT.trajan_tiles if t.category == c.id) for c in CAT.categories
    } == dict.fromkeys(("cards", "plus2", "vp9", "workers", "legion", "demand"), 9)


def test_the_state_token_count_matches_the_data():
    assert CAT.figures.tokens_per_player == TOKENS


def test_the_plus2_supply_covers_one_marker_per_action_for_four_players():
    # The engine allows at most one [+2] marker per action, so the supply never runs out.
    assert CAT.figures.plus2_markers == 4 * len(CAT.actions)


def test_every_effect_in_data_is_registered_and_every_registered_effect_is_used():
    used = {t.effect for t in CAT.trajan_tiles}
    assert used == set(EFFECTS)


def test_every_card_and_tile_has_names_and_texts_in_both_languages():
    for group in (
        CAT.trajan_tiles,
        CAT.forum_tiles,
        CAT.construction_tiles,
        CAT.bonus_tiles,
        CAT.commodities,
        CAT.demand_tiles,
    ):
        for entry in group:
            assert all((entry.name, entry.name_es, entry.text, entry.text_es)), entry.id


def test_every_unverified_entry_is_listed_in_the_rules_gaps():
    gaps = (ROOT / "docs" / "rules-gaps.md").read_text(encoding="utf-8")
    section = gaps.split("## Trajan", 1)[1]
    for item in CAT.unverified:
        file, _kind, ident = item.split(":")
        stem = ident.split("_")[0]
        assert file in section, item
        assert f"`{ident}`" in section or f"`{stem}_*`" in section, item


@pytest.fixture
def data_copy(tmp_path):
    target = tmp_path / "trajan"
    shutil.copytree(DATA_DIR, target)
    return target


def test_an_unknown_key_is_rejected_with_file_entry_and_field(data_copy):
    path = data_copy / "cards.toml"
    path.write_text(path.read_text().replace('id = "wine"', 'id = "wine"\ncolour = "red"'))
    with pytest.raises(CatalogError, match=r"cards.toml: \[\[commodity\]\] wine: field 'colour'"):
        load_catalog(data_copy)


def test_a_duplicate_id_is_rejected(data_copy):
    path = data_copy / "construction.toml"
    path.write_text(path.read_text().replace('id = "door_3"', 'id = "door_2"'))
    with pytest.raises(CatalogError, match="door_2: field 'id': duplicate"):
        load_catalog(data_copy)


def test_a_missing_source_or_note_is_rejected(data_copy):
    path = data_copy / "board.toml"
    text = path.read_text().replace(
        'verified = false\nnote = "Single source', 'verified = false\nsource = "Single source', 1
    )
    path.write_text(text)
    with pytest.raises(CatalogError, match="field 'note'"):
        load_catalog(data_copy)


def test_a_wrong_type_is_rejected(data_copy):
    path = data_copy / "bonus_tiles.toml"
    path.write_text(path.read_text().replace("yellow = 3", 'yellow = "3"', 1))
    with pytest.raises(CatalogError, match="field 'yellow': expected int"):
        load_catalog(data_copy)
