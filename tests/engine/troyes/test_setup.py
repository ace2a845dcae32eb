"""Setup by player count (troyes.md §3) and the first round's automatic phases."""

import pytest

from engine.core.errors import GameError
from engine.troyes.state import COLOURS, NEUTRAL
from tests.engine.troyes.helpers import CAT, ENGINE, placed


@pytest.mark.parametrize(
    ("seats", "rounds", "citizens", "characters", "neutrals"),
    [(2, 4, 6, 2, 6), (3, 5, 5, 1, 3), (4, 6, 4, 1, 2)],
)
def test_setup_figures_follow_the_player_count(seats, rounds, citizens, characters, neutrals):
    s = ENGINE.new_state({}, seats, seed=3)
    assert s.rounds == rounds
    assert s.supply == [citizens] * seats
    assert s.deniers == [5] * seats
    assert s.influence == [4] * seats
    assert all(len(c) == characters for c in s.characters)
    assert len({c for cs in s.characters for c in cs}) == characters * seats
    assert len(s.decks["red"]) == rounds  # one red event per round sets the game length
    assert s.queue == ["marauding"]  # the permanent Marauding event is in play from the start
    levels = sorted((CAT.cards[c].colour, CAT.cards[c].level) for c in s.activity)
    assert levels == sorted((c, lv) for c in COLOURS for lv in (1, 2, 3))
    after = placed(seats, 3)
    board = [o for row in after.buildings for o in row]
    assert board.count(NEUTRAL) == neutrals
    assert None not in board
    assert all(board.count(seat) == citizens for seat in range(seats))


def test_two_players_place_the_neutrals_before_anyone_else():
    s = ENGINE.new_state({}, 2, seed=1)
    assert all(row[1] == NEUTRAL and row[4] == NEUTRAL for row in s.buildings)
    assert s.neutral_supply == 2


def test_starting_citizens_are_placed_in_snake_order():
    s = ENGINE.new_state({}, 3, seed=1)
    assert s.placing[:9] == [0, 1, 2, 2, 1, 0, 0, 1, 2]
    assert len(s.placing) == 15


def test_round_one_reveals_level_one_cards_and_rolls_all_eighteen_dice():
    s = placed(4, seed=2)
    assert s.round == 1
    shown = [c for c in ENGINE.view(s, None).activity if c is not None]
    assert sorted(CAT.cards[c].level for c in shown) == [1, 1, 1]
    dice = [d for district in s.districts for d in district]
    if s.phase == "actions":  # nobody countered yet, so every die is still there
        assert len(dice) == 18


def test_options_offer_every_module_with_its_choices():
    choices = {o.name: o.choices for o in ENGINE.options()}
    assert choices["tournament"] == ("off", "on")
    assert choices["new_activities"] == ("off", "ladies", "mixed")
    with pytest.raises(GameError, match="Unknown option"):
        ENGINE.new_state({"purple_die": "mixed"}, 3, 1)
    with pytest.raises(GameError, match="Unknown option"):
        ENGINE.new_state({"nonsense": "on"}, 3, 1)
    with pytest.raises(GameError):
        ENGINE.new_state({}, 5, 1)


def test_hidden_information_stays_out_of_other_views():
    s = placed(3, 5)
    mine = ENGINE.view(s, 1)
    assert mine.players[1].characters == tuple(s.characters[1])
    assert mine.players[0].characters is None
    assert mine.players[0].vp is None
    public = ENGINE.view(s, None)
    assert all(p.vp is None and p.characters is None for p in public.players)
