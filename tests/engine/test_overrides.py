"""DATA_OVERRIDES (issue 20): an operator's corrections to shipped figures, checked at start-up."""

import importlib.util
import sys
from pathlib import Path

import pytest

from engine.core import editions
from engine.core.errors import CatalogError
from engine.core.overrides import corrected, overlay
from engine.games import GAMES
from engine.trajan.game import TrajanEngine
from engine.troyes.game import TroyesEngine

BOT_FILE = Path(__file__).resolve().parents[2] / "bot.py"
MERCHANT = """
[[card]]
id = "merchant"
hire = { value = 4, verified = true, source = "the card, read by the server's owner" }
"""


@pytest.fixture(scope="module")
def bot_module():
    spec = importlib.util.spec_from_file_location("denarius_bot_overrides", BOT_FILE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["denarius_bot_overrides"] = module
    spec.loader.exec_module(module)
    return module


def _folder(root: Path, game: str, file: str, text: str) -> Path:
    folder = root / game
    folder.mkdir(parents=True, exist_ok=True)
    (folder / file).write_text(text, encoding="utf-8")
    return folder


def test_a_correction_replaces_a_troyes_figure_and_makes_a_new_edition(tmp_path):
    shipped = TroyesEngine()
    assert shipped.catalog.cards["merchant"].hire == 3
    assert "hire" in shipped.catalog.cards["merchant"].unverified
    folder = _folder(tmp_path / "overrides", "troyes", "activities.toml", MERCHANT)
    fixed = editions.with_corrections(shipped, folder, tmp_path / "data")
    card = fixed.catalog.cards["merchant"]
    assert card.hire == 4
    assert "hire" not in card.unverified  # now verified, by the server's correction
    assert fixed.catalog.cards["archer"] == shipped.catalog.cards["archer"]
    new, old = editions.current(fixed, "troyes"), editions.current(shipped, "troyes")
    assert new is not None
    assert old is not None
    assert new.digest != old.digest
    assert "override.activities.toml" in new.files


def test_a_correction_replaces_a_trajan_tile_count(tmp_path):
    text = '[[tile]]\nid = "bread"\ncount = 12\n'
    folder = _folder(tmp_path / "overrides", "trajan", "forum_tiles.toml", text)
    fixed = editions.with_corrections(TrajanEngine(), folder, tmp_path / "data")
    assert {t.id: t.count for t in fixed.catalog.forum_tiles}["bread"] == 12


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ('[[card]]\nid = "nope"\nhire = 3\n', "card 'nope'"),
        ('[[card]]\nid = "merchant"\ncolour2 = "red"\n', "field 'colour2'"),
        ('[[card]]\nid = "merchant"\nhire = 4\n', "field 'hire'"),
        ('[[card]]\nid = "merchant"\nhire = { value = "4", verified = false, why = "x" }\n',
         "field 'hire'"),
        ('[[event]]\nid = "merchant"\nvp = 1\n', "[[event]]"),
    ],
)  # fmt: skip
def test_a_bad_correction_is_refused_naming_file_row_and_field(tmp_path, text, named):
    folder = _folder(tmp_path / "overrides", "troyes", "activities.toml", text)
    with pytest.raises(CatalogError) as refused:
        editions.with_corrections(TroyesEngine(), folder, tmp_path / "data")
    assert "override.activities.toml" in str(refused.value)
    assert named in str(refused.value)


def test_a_correction_file_for_no_data_file_is_refused(tmp_path):
    folder = _folder(tmp_path / "overrides", "troyes", "activites.toml", MERCHANT)
    with pytest.raises(CatalogError, match=r"activites\.toml"):
        editions.with_corrections(TroyesEngine(), folder, tmp_path / "data")


def test_the_bot_refuses_to_start_on_a_bad_correction(tmp_path, bot_module):
    root = tmp_path / "overrides"
    _folder(root, "troyes", "activities.toml", '[[card]]\nid = "merchant"\nhire = "x"\n')
    with pytest.raises(SystemExit) as stopped:
        bot_module.corrected_games(root, tmp_path / "data")
    assert "override.activities.toml: card 'merchant': field 'hire'" in str(stopped.value)
    (root / "troyes" / "activities.toml").write_text(MERCHANT, encoding="utf-8")
    games = bot_module.corrected_games(root, tmp_path / "data2")
    assert games["troyes"].catalog.cards["merchant"].hire == 4
    assert games["trajan"] is GAMES["trajan"]  # no corrections for it: the shipped engine
    env = {"DISCORD_TOKEN": "x", "DATA_OVERRIDES": str(root)}
    assert bot_module.Settings.from_env(env).data_overrides == root


def test_corrected_lists_the_fields_a_correction_changed():
    shipped = {"card": [{"id": "a", "hire": 3, "vp": 1}, {"id": "b", "hire": 2}]}
    merged = overlay(shipped, "activities.toml", {"card": [{"id": "a", "hire": 5}]})
    assert shipped["card"][0]["hire"] == 3  # the input is not changed
    assert corrected(shipped, merged) == {("a", "hire")}
