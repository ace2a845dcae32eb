"""The league message catalog: both languages complete, every key the code uses present."""

import re
from fractions import Fraction
from pathlib import Path

from cogs.league import text
from engine.core import i18n

CODE = Path(text.__file__).parent


def _league(lang: str) -> dict[str, i18n.Message]:
    messages = i18n.catalog(lang).messages
    prefix = "league."
    return {k.removeprefix(prefix): m for k, m in messages.items() if k.startswith(prefix)}


def test_english_and_spanish_have_the_same_messages_and_fields():
    en, es = _league("en"), _league("es")
    assert set(en) == set(es)
    assert en
    for key in en:
        assert i18n.fields_of(en[key]) == i18n.fields_of(es[key]), key


def test_every_message_the_code_asks_for_exists():
    used = set()
    for path in CODE.glob("*.py"):
        used |= set(re.findall(r"""\bt\(\s*\w+,\s*"(\w+)\"""", path.read_text()))
    assert used
    assert used <= set(_league("en"))


def test_spanish_commands_are_translated():
    table = i18n.catalog("es").commands
    assert table["league"] == "liga"
    assert all(value for value in table.values())


def test_points_and_shares_read_short():
    assert text.points(Fraction(9, 2)) == "4.5"
    assert text.points(Fraction(10)) == "10"
    assert text.points(Fraction(19, 3)) == "6.33"
    assert text.share(Fraction(1, 2)) == "50%"
    assert text.lang_of("es-ES") == "es"
    assert text.lang_of("fr") == "en"


def test_long_announcements_are_split_at_line_ends():
    from cogs.league.runner import split_message  # noqa: PLC0415

    lines = [f"Table {n}: " + "x" * 90 for n in range(1, 126)]
    chunks = split_message("\n".join(lines))
    assert all(len(c) <= 2000 for c in chunks)
    assert "\n".join(chunks) == "\n".join(lines)
    assert split_message("short") == ["short"]
    assert [len(c) for c in split_message("y" * 4500)] == [2000, 2000, 500]
