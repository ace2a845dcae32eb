"""An event's neutral that drives a citizen out (troyes-readings-turn2 F4, docs/rules-gaps.md).

The citizen lies beside the building until phase 5, like any citizen driven out; the earlier
reading (straight back to its owner's supply) is still what data without `expelled` means, so
games kept under an older edition play on as they started.
"""

from engine.troyes import effects
from engine.troyes.context import Ctx
from engine.troyes.rules.buildings import citizens_home
from engine.troyes.state import NEUTRAL, TroyesState
from tests.engine.troyes.helpers import CAT, table

CITY_HALL = 2


def _params() -> dict[str, object]:
    effect = CAT.events["neutral_arrival"].effect
    assert effect is not None
    return dict(effect.params)


def _full_city_hall() -> TroyesState:
    s = table(3)
    s.buildings[CITY_HALL] = [0, 1, 2, 0, 1, 2]
    s.lying = [[], [], []]
    s.neutral_supply = 5
    return s


def test_the_citizen_an_event_drives_out_lies_beside_the_building_until_phase_5():
    params = _params()
    assert params["expelled"] == "lies"
    s = _full_city_hall()
    supply = list(s.supply)
    effects.apply_event_once(Ctx(s, CAT), "neutral_enters", params)
    assert s.buildings[CITY_HALL] == [NEUTRAL, 0, 1, 2, 0, 1]
    assert s.lying[CITY_HALL] == [2]  # the citizen on space 6, beside the City Hall
    assert s.supply == supply
    citizens_home(s)  # phase 5
    assert s.lying[CITY_HALL] == []
    assert s.supply[2] == supply[2] + 1


def test_data_of_an_older_edition_sends_it_straight_home():
    params = {**_params(), "expelled": "home"}
    s = _full_city_hall()
    supply = list(s.supply)
    effects.apply_event_once(Ctx(s, CAT), "neutral_enters", params)
    assert s.lying[CITY_HALL] == []
    assert s.supply[2] == supply[2] + 1


def test_an_event_neutral_driving_out_a_neutral_lays_it_down_too():
    s = _full_city_hall()
    s.buildings[CITY_HALL][5] = NEUTRAL
    effects.apply_event_once(Ctx(s, CAT), "neutral_enters", _params())
    assert s.lying[CITY_HALL] == [NEUTRAL]
