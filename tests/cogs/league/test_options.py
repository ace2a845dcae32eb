"""League options read as `/game new` reads them: odd input gets its precise refusal."""

import pytest

from cogs.common import items
from cogs.common.acting import MoveSelect, _index
from cogs.league.options import parse_options, parse_points
from engine.core.errors import GameError
from engine.games import GAMES


@pytest.mark.parametrize(
    ("points", "key"),
    [
        ("²,6,3,1", "league.bad_points"),  # "²".isdigit() is true, int("²") fails
        ("10,6,3", "league.bad_points"),
        ("9223372036854775808,6,3,1", "league.points_too_big"),
        ("1001,6,3,1", "league.points_too_big"),
    ],
)
def test_odd_points_are_refused_precisely(points, key):
    with pytest.raises(GameError) as refused:
        parse_points(points, "en")
    assert refused.value.key == key


def test_good_points_are_read():
    assert parse_points("10,6,3,1", "en").four == (10, 6, 3, 1)


@pytest.mark.skipif("troyes" not in GAMES, reason="Troyes is not registered")
def test_league_options_are_checked_against_the_games_own_options():
    with pytest.raises(GameError) as bad_value:
        parse_options("walls=maybe", "en", "troyes")
    assert bad_value.value.key == "league.bad_option_value"
    assert "maybe" in str(bad_value.value)
    with pytest.raises(GameError) as unknown:
        parse_options("colour=green", "en", "troyes")
    assert unknown.value.key == "league.unknown_option"
    good = {o.name: o.choices[0] for o in GAMES["troyes"].options()}
    text = " ".join(f"{k}={v}" for k, v in good.items())
    assert parse_options(text, "en", "troyes") == good


def test_tampered_numbers_in_controls_read_as_nothing_that_exists():
    match = MoveSelect.__discord_ui_compiled_template__.fullmatch("dn:s:" + "9" * 40 + ":1:0")
    assert match is not None
    assert MoveSelect.custom.read(match)["game"] == items.BIGGEST
    assert _index("abc") == -1
    assert _index("٣") == -1  # a digit, but not an ASCII one
    assert _index("3") == 3
