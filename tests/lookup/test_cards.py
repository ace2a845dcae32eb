"""Card and tile rows of the game data become lookup entries; open figures show as provisional."""

from pathlib import Path
from typing import Any

import pytest

from engine.core.errors import CatalogError
from engine.lookup import LookupDataError, build_index, read_card_rows
from engine.lookup.cards import CORRECTED, PROVISIONAL, CardRow, card_entry, rows_from_table
from engine.lookup.model import Game

DATA_ROOT = Path(__file__).resolve().parents[2] / "data"

MONK = {
    "id": "monk",
    "name": "Monk",
    "name_es": "Monje",
    "text": "Spend a cube: one white die becomes three yellow dice.",
    "text_es": "Gasta un cubo: un dado blanco se convierte en tres amarillos.",
    "colour": "white",
    "level": 1,
    "hire_cost": 4,
    "divisor": 3,
    "effect": "monk_convert",
    "verified": {"hire_cost": False, "divisor": False},
    "source": "troyes-cards.md W1b",
}


def _row(fields: dict[str, Any], kind: str = "activity", game: Game = "troyes") -> CardRow:
    return CardRow(game=game, kind=kind, fields=fields, path="data/troyes/cards.toml", folder=game)


def test_a_row_becomes_an_entry_in_both_languages():
    entry = card_entry(_row(MONK))
    assert entry.id == "troyes.activity.monk"
    assert entry.en.title == "Monk"
    assert entry.es.title == "Monje"
    assert entry.en.body.startswith("Spend a cube")
    assert "Monje" in entry.en.aliases
    assert "Monk" in entry.es.aliases


def test_unverified_figures_are_marked_provisional_and_verified_ones_are_not():
    body = card_entry(_row(MONK)).en.body
    assert f"**Hiring cost:** 4 {PROVISIONAL}" in body
    assert f"**Dice pips per cube or use:** 3 {PROVISIONAL}" in body
    assert "**Colour:** white" in body
    assert "provisional" not in body  # the mark only: the answer's footer explains it (item 64)


def test_figure_names_and_common_values_are_translated_in_spanish():
    body = card_entry(_row(MONK)).es.body
    assert f"**Coste de contratación:** 4 {PROVISIONAL}" in body
    assert "**Color:** blanco" in body
    assert "las fuentes no fijan" not in body


def test_an_estimated_effect_marks_the_text_and_a_note_is_shown():
    row = {
        **MONK,
        "effect": {"name": "gain", "verified": False, "why": "effect unknown"},
        "note": "card not identified: name is a placeholder",
    }
    body = card_entry(_row(row)).en.body
    assert body.startswith(f"Spend a cube: one white die becomes three yellow dice. {PROVISIONAL}")
    assert "*Note: card not identified: name is a placeholder*" in body
    assert "effect unknown" not in body


def test_nested_lists_read_as_groups():
    row: dict[str, Any] = {"id": "c", "name": "Cathedral", "name_es": "Catedral", "text": "T."}
    row |= {"text_es": "T.", "levels": {"value": [[1, 1, 2], [2, 2]], "verified": False}}
    body = card_entry(_row(row, kind="cathedral")).en.body
    assert f"**Levels:** 1 1 2 / 2 2 {PROVISIONAL}" in body


def test_engine_wiring_is_not_shown_as_a_figure():
    body = card_entry(_row(MONK)).en.body
    assert "monk_convert" not in body
    assert "troyes-cards.md" not in body


@pytest.mark.parametrize(
    "fields",
    [
        {"vp": 9, "verified": False},
        {"vp": 9, "unverified": ["vp"]},
        {"vp": {"value": 9, "verified": False}},
    ],
)
def test_every_way_of_marking_a_figure_open_is_honoured(fields):
    row = {"id": "t", "name": "Tile", "name_es": "Ficha", "text": "T.", "text_es": "F.", **fields}
    assert f"**VP:** 9 {PROVISIONAL}" in card_entry(_row(row, kind="tile")).en.body


def test_a_row_open_as_a_whole_without_figures_marks_its_text():
    row = {"id": "t", "name": "Tile", "name_es": "Ficha", "text": "T.", "text_es": "F."}
    body = card_entry(_row({**row, "verified": False}, kind="tile")).es.body
    assert body == f"F. {PROVISIONAL}"


def test_a_fully_verified_row_has_no_provisional_note():
    row = {"id": "t", "name": "Tile", "name_es": "Ficha", "text": "T.", "text_es": "F.", "vp": 9}
    body = card_entry(_row(row, kind="tile", game="trajan")).en.body
    assert PROVISIONAL not in body
    assert "provisional" not in body


def test_rows_are_found_in_any_array_of_tables_and_expansion_rows_go_to_ladies():
    data = {
        "activities": [MONK, {**MONK, "id": "hermit", "box": "ladies"}],
        "layout": [{"id": "x", "x": 1}],
        "meta": {"version": 1},
    }
    rows = rows_from_table(data, "troyes", "data/troyes/cards.toml")
    assert [(r.kind, r.fields["id"], r.game) for r in rows] == [
        ("activity", "monk", "troyes"),
        ("activity", "hermit", "ladies"),
    ]
    assert card_entry(rows[1]).id == "troyes.activity.hermit"


def test_read_card_rows_reads_the_game_folders(tmp_path):
    (tmp_path / "trajan").mkdir()
    (tmp_path / "trajan" / "tiles.toml").write_text(
        '[[ship]]\nid = "same"\nname = "Same goods"\nname_es = "Iguales"\n'
        'text = "All one kind."\ntext_es = "De una clase."\nfront = [2, 6, 12, 20]\n',
        encoding="utf-8",
    )
    rows = read_card_rows(tmp_path)
    assert [(r.game, r.kind, r.fields["id"]) for r in rows] == [("trajan", "ship", "same")]
    assert "**Front:** 2, 6, 12, 20" in card_entry(rows[0]).en.body


def test_a_broken_data_file_is_named(tmp_path):
    (tmp_path / "troyes").mkdir()
    (tmp_path / "troyes" / "cards.toml").write_text("[[card]\n", encoding="utf-8")
    with pytest.raises(LookupDataError, match=r"cards\.toml: not valid TOML"):
        read_card_rows(tmp_path)


def test_generated_cards_replace_hand_written_ones_by_id_and_link_to_rules():
    rows = [_row(MONK)]
    index = build_index(DATA_ROOT / "rules", rows, DATA_ROOT / "rules_cards_manual")
    monk = index.entry("troyes.activity.monk", "en")
    assert PROVISIONAL in monk.body  # the generated text, not the hand-written one
    assert "Hiring cost" in monk.body
    assert monk.related == ("troyes.activate_card", "troyes.delayed_cards")
    assert index.lookup("¿qué hace el monje?", "es").ranked_ids()[0] == "troyes.activity.monk"


def test_hand_written_cards_are_kept_apart_from_the_rules():
    rules_only = build_index(DATA_ROOT / "rules")
    assert all(".activity." not in i and ".character." not in i for i in rules_only.ids())


def test_generic_array_names_take_the_kind_from_the_file_name():
    tile = {"id": "bread", "name": "Bread", "name_es": "Pan", "text": "T.", "text_es": "T."}
    forum = rows_from_table({"tile": [tile]}, "trajan", "data/trajan/forum_tiles.toml")
    demand = rows_from_table({"tile": [tile]}, "trajan", "data/trajan/demand_tiles.toml")
    cards = rows_from_table({"card": [MONK]}, "troyes", "data/troyes/activities.toml")
    assert card_entry(forum[0]).id == "trajan.forum_tile.bread"
    assert card_entry(demand[0]).id == "trajan.demand_tile.bread"
    assert card_entry(cards[0]).id == "troyes.activity.monk"


def test_a_single_table_with_a_name_and_text_is_a_row():
    cathedral = {"id": "cathedral", "name": "Cathedral", "name_es": "Catedral", "text": "T."}
    data = {"cathedral": {**cathedral, "text_es": "T."}, "setup": {"rounds": 4}}
    rows = rows_from_table(data, "troyes", "data/troyes/cathedral.toml")
    assert [card_entry(r).id for r in rows] == ["troyes.cathedral.cathedral"]


def test_game_data_replaces_the_hand_written_cards_of_that_game_only():
    index = build_index(DATA_ROOT / "rules", [_row(MONK)], DATA_ROOT / "rules_cards_manual")
    ids = index.ids()
    assert "troyes.activity.monk" in ids
    assert "troyes.activity.blacksmith" not in ids  # base-game hand-written card dropped
    assert "troyes.activity.hermit" not in ids  # the Ladies cards come from data only now


def test_the_ladies_cards_characters_and_outer_tiles_come_from_the_game_data():
    index = build_index(
        DATA_ROOT / "rules", read_card_rows(DATA_ROOT), DATA_ROOT / "rules_cards_manual"
    )
    ids = index.ids()
    for ident in (
        "troyes.activity.hermit",
        "troyes.character.jeanne_de_champagne",
        "troyes.character.isabeau_de_baviere",
        "troyes.character.marie_de_champagne",
        "troyes.event.harsh_winter",
        "troyes.outer_tile.night_watch",
    ):
        assert ident in ids
    hermit = index.entry("troyes.activity.hermit", "es")
    assert "9" in hermit.body


MERCHANT_FIX = """
[[card]]
id = "merchant"
hire = { value = 4, verified = true, source = "the card, read by the server's owner" }
divisor = { value = 2, verified = false, why = "read off a blurred photo" }
"""


def _merchant(corrections: Path | None, lang: str = "en") -> str:
    rows = read_card_rows(DATA_ROOT, corrections)
    (row,) = [r for r in rows if r.game == "troyes" and r.fields["id"] == "merchant"]
    return str(getattr(card_entry(row), lang).body)


def test_cards_show_the_servers_corrections_apart_from_provisional_figures(tmp_path):
    (tmp_path / "troyes").mkdir()
    (tmp_path / "troyes" / "activities.toml").write_text(MERCHANT_FIX, encoding="utf-8")
    shipped = _merchant(None)
    assert "**Hiring cost:** 3 †" in shipped
    assert CORRECTED not in shipped
    body = _merchant(tmp_path)
    assert "**Hiring cost:** 4 ‡\n" in body  # corrected and verified: no longer provisional
    assert "** 2 ‡ †" in body  # corrected, still open
    assert "‡ corrected by this server's operator." in body
    assert f"1, 0, 0, 0 {PROVISIONAL}" in body  # other figures stay provisional
    assert "‡ corregido por quien administra este servidor." in _merchant(tmp_path, "es")
    other = [r for r in read_card_rows(DATA_ROOT, tmp_path) if r.fields["id"] != "merchant"]
    assert not any(r.corrected for r in other)


def test_a_correction_of_an_unknown_card_is_refused_by_name(tmp_path):
    (tmp_path / "troyes").mkdir()
    (tmp_path / "troyes" / "activities.toml").write_text(
        '[[card]]\nid = "merchnt"\nhire = { value = 4, verified = true, source = "x" }\n',
        encoding="utf-8",
    )
    with pytest.raises(CatalogError, match=r"override\.activities\.toml: card 'merchnt'"):
        read_card_rows(DATA_ROOT, tmp_path)
