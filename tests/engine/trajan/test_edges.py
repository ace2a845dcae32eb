"""Edge cases of the rules: empty piles, two players at the senate, province refills."""

from engine.trajan.events import CardsDrawn, TrajanTaken
from engine.trajan.state import TrajanState
from tests.engine.trajan.helpers import (
    ENGINE,
    at_turn,
    do,
    finish_quarter,
    fresh,
    kind_of,
    seat_of,
    texts,
    to_action,
)


def test_with_two_players_both_are_consul_and_vice_consul():
    state = fresh(seats=2)
    state.players[1].senate = 2  # 3 votes against 0
    first, second = sorted(state.bonus_offer)
    state = finish_quarter(state)  # the consul takes the first listed tile
    assert first in state.players[1].bonus
    assert state.players[0].bonus_grey == (second,)


def test_a_province_with_a_legionnaire_is_not_refilled():
    state = fresh()
    state.province_tiles = (None, None, *state.province_tiles[2:])
    state.players[0].provinces = ("raetia",)
    state.players[0].legionnaires = 0
    state = finish_quarter(state)
    assert state.province_tiles[0] is not None  # alpes: empty, nobody there
    assert state.province_tiles[1] is None  # raetia: a legionnaire stands there


def test_an_empty_deck_stops_drawing_and_an_empty_pile_is_not_refilled():
    state = fresh()
    state.deck = ("fish",)
    state.players[0].hand = ("wine",)
    state = do(to_action(state, "seaport"), "port draw")
    assert state.players[0].hand == ("fish", "wine")
    state = do(state, "discard wine 1")
    assert state.deck == ()
    state = at_seaport(state, ("oil",))
    state.discards = ((), ("gems",))
    assert "port draw" not in texts(state)
    state = do(state, "port take 2")
    assert state.discards[1] == ()


def at_seaport(state: TrajanState, hand: tuple[str, ...]) -> TrajanState:
    state = at_turn(state, 0)
    state.players[0].hand = hand
    return to_action(state, "seaport")


def test_the_commodities_trajan_tile_draws_two_from_the_deck():
    state = fresh()
    p = state.players[0]
    p.bowls = ("O", "O", "PW", "BY", "GO", "BYGPW")
    p.slots = (None, "cards_oo", None, None, None, None)
    top_two = state.deck[-2:]
    step = ENGINE.apply(state, ENGINE.legal_actions(state)[0])
    drawn = next(e for e in step.events if isinstance(e, CardsDrawn))
    assert set(drawn.cards) == set(top_two)
    assert step.irreversible
    assert step.state.players[0].vp == 3


def test_taking_a_trajan_tile_reveals_the_next_one():
    state = to_action(fresh(), "trajan")
    below = state.stacks[2][-2]
    step = ENGINE.apply(state, ENGINE.legal_actions(state)[2])
    taken = next(e for e in step.events if isinstance(e, TrajanTaken))
    assert taken.top == below
    assert step.irreversible


def test_legionnaire_tiles_move_tokens_from_supply_up_to_what_is_left():
    state = fresh()
    p = state.players[0]
    p.bowls = ("W", "Y", "PW", "BY", "GO", "BGOP")
    p.slots = (None, "legion2_wy", None, None, None, None)
    p.supply, p.workers = 1, 13
    state = do(state, "bowl 1")
    assert (state.players[0].supply, state.players[0].legionnaires) == (0, 2)
    assert state.players[0].vp == 2


def test_the_turn_passes_clockwise_and_wraps():
    state = at_turn(fresh(seats=3), 2)
    state.players[2].bowls = ("", "", "B", "", "", "BYYGGOOPPWW")
    state = do(state, "bowl 3")
    if kind_of(state) == "senate":
        state = do(state, "pass")
    assert seat_of(state) == 0
