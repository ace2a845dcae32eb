"""Word fixes from the seventh playtest (a Spanish Troyes game through the local table)."""

from datetime import UTC, datetime
from typing import Any

from cogs.common import text
from cogs.common.i18n import t
from engine.sessions import By, LogLine
from engine.troyes.events import InfluenceUsed

AT = datetime(2026, 1, 1, tzinfo=UTC)
NAMES = ("bob", "carol", "alice")


def _move(version: int, notation: str, label: str, records: tuple[Any, ...] = ()) -> LogLine:
    return LogLine(version, 2, None, By.PLAYER, notation, label, (), False, AT, game="troyes",
                   records=records)  # fmt: skip


def test_a_back_after_real_moves_in_a_menu_does_not_say_nothing_was_played():
    # Item 4: "`197` **alice (3)**: volvió al menú: no jugó nada" right after 193-196 (Usar
    # influencia, three Contratar ciudadano) in that menu read as if she played nothing.
    hired = (InfluenceUsed(2, "hire", 1, ""),)
    lines = [
        _move(193, "influence", "Use influence"),
        *(_move(v, "hire", "Hire a citizen (influence)", hired) for v in (194, 195, 196)),
        _move(197, "back", "Back"),
    ]
    said = {"es": "volvió al menú anterior", "en": "went back to the previous menu"}
    for lang, back in said.items():
        heads = [x.split("\n")[0] for x in text.entries(lines, NAMES, lang, "troyes")]
        assert heads[-1] == f"`197` **alice (3)**: {back}"
        assert len(heads) == 5  # the influence menu and the hires stay shown
    # A walk that really played nothing still says so (playtest item 102).
    assert t("es", "story.explored") == "abrió un menú y volvió: no jugó nada"
    assert t("en", "story.explored") == "opened a menu and went back: nothing played"
