"""Corrupted Troyes states are refused on load, each by the check that should catch it."""

import json
from collections.abc import Callable
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.rng import Rng
from engine.core.validation import InvalidStateError
from engine.troyes.game import EVERY_MODULE, TroyesEngine
from engine.troyes.state import TroyesState
from engine.troyes.validate import problems

ENGINE = TroyesEngine()
CAT = ENGINE.catalog
OPTIONS: tuple[dict[str, str], ...] = ({}, dict(EVERY_MODULE))


@cache
def _played(seats: int, seed: int, steps: int, ladies: bool) -> TroyesState:
    s = ENGINE.new_state(OPTIONS[ladies], seats, seed)
    rng = Rng(seed, 0, "validate")
    for _ in range(steps):
        if s.pending is None:
            break
        actions = ENGINE.legal_actions(s)
        s = ENGINE.apply(s, actions[rng.below(len(actions))]).state
    return s


def played() -> st.SearchStrategy[TroyesState]:
    """A state reached by seeded random play (setup, mid-game or over)."""
    return st.builds(
        _played,
        st.integers(2, 4),
        st.integers(0, 5),
        st.sampled_from([0, 3, 40, 150, 400, 2000]),
        st.booleans(),
    )


def _load(s: TroyesState) -> TroyesState:
    return ENGINE.from_json(json.loads(json.dumps(ENGINE.to_json(s))))


Corrupt = Callable[[TroyesState, int, int], None]


def _citizens_over_cap(s: TroyesState, seat: int, k: int) -> None:
    s.supply[seat] += CAT.rules.citizen_cap + k


def _neutral_made(s: TroyesState, seat: int, k: int) -> None:
    s.neutral_supply += k


def _neutral_lost(s: TroyesState, seat: int, k: int) -> None:
    s.neutral_supply -= k  # fewer than the box holds (or a negative supply)


def _negative_vp(s: TroyesState, seat: int, k: int) -> None:
    s.vp[seat] = -k


def _negative_deniers(s: TroyesState, seat: int, k: int) -> None:
    s.deniers[seat] = -k


def _influence_over(s: TroyesState, seat: int, k: int) -> None:
    s.influence[seat] = CAT.rules.influence_max + k


def _round_past_end(s: TroyesState, seat: int, k: int) -> None:
    s.round = s.rounds + k


def _seventh_die(s: TroyesState, seat: int, k: int) -> None:
    s.districts[seat] = [("red", 1 + k % 6)] * (CAT.rules.dice_per_colour + k)


def _bad_pips(s: TroyesState, seat: int, k: int) -> None:
    s.districts[s.seats] = [*s.districts[s.seats], ("white", 6 + k)]


def _too_many_black(s: TroyesState, seat: int, k: int) -> None:
    s.black = [1] * (CAT.rules.black_dice + CAT.ladies.extra_black_dice + k)


def _event_twice(s: TroyesState, seat: int, k: int) -> None:
    events = [*s.queue, *(e for d in s.decks.values() for e in d), *(e for w in s.won for e in w)]
    s.won = [list(w) for w in s.won]
    s.won[seat].append(events[k % len(events)])


def _two_craftsmen(s: TroyesState, seat: int, k: int) -> None:
    card = s.activity[k % len(s.activity)] if s.activity else "archer"
    s.activity = list(s.activity) if s.activity else [card]
    spaces = len(CAT.cards[card].spaces_vp)
    s.craftsmen = {**s.craftsmen, card: [seat, seat] + [None] * (spaces - 2)}


def _negative_cubes(s: TroyesState, seat: int, k: int) -> None:
    card = s.activity[k % len(s.activity)] if s.activity else "archer"
    s.activity = list(s.activity) if s.activity else [card]
    s.card_cubes = {**s.card_cubes, card: [-k if i == seat else 0 for i in range(s.seats)]}


def _unknown_phase(s: TroyesState, seat: int, k: int) -> None:
    s.phase = "lunch"


def _decision_after_end(s: TroyesState, seat: int, k: int) -> None:
    s.phase, s.kind = "over", "turn"


def _missing_seat_entry(s: TroyesState, seat: int, k: int) -> None:
    s.vp = s.vp[:-1]


CORRUPTIONS: dict[str, tuple[str, Corrupt]] = {
    "citizens over the cap": ("citizens", _citizens_over_cap),
    "neutral citizens made": ("citizens", _neutral_made),
    "neutral citizens lost": ("citizens", _neutral_lost),
    "negative VP": ("values", _negative_vp),
    "negative deniers": ("values", _negative_deniers),
    "influence over 20": ("values", _influence_over),
    "a round past the end": ("values", _round_past_end),
    "a seventh die of a colour": ("dice", _seventh_die),
    "a die showing 7": ("dice", _bad_pips),
    "too many black dice": ("dice", _too_many_black),
    "an event in two places": ("cards", _event_twice),
    "two craftsmen of a seat on one card": ("cards", _two_craftsmen),
    "negative cubes": ("cubes", _negative_cubes),
    "an unknown phase": ("pending", _unknown_phase),
    "a decision after the end": ("pending", _decision_after_end),
    "a seat's entry missing": ("seats", _missing_seat_entry),
}


@settings(max_examples=40, deadline=None)
@given(played())
def test_states_from_seeded_random_play_pass_every_check(state):
    assert problems(state, CAT) == []
    assert _load(state) == state


@pytest.mark.parametrize("name", list(CORRUPTIONS))
@settings(max_examples=25, deadline=None)
@given(state=played(), seat=st.integers(0, 3), k=st.integers(1, 9))
def test_a_corrupted_state_is_refused_by_the_check_that_catches_it(name, state, seat, k):
    check, corrupt = CORRUPTIONS[name]
    bad = state.clone()
    bad.won, bad.buildings = [list(w) for w in bad.won], [list(b) for b in bad.buildings]
    corrupt(bad, seat % state.seats, k)
    found = [p.check for p in problems(bad, CAT)]
    with pytest.raises(InvalidStateError) as caught:
        _load(bad)
    # The check named is the expected one, or the first of the checks the corruption breaks
    # when it also breaks an earlier one (two craftsmen of a seat may make 13 citizens too).
    named = caught.value.check
    assert named == check or (check in found and named == found[0]), (str(caught.value), found)
    assert caught.value.game == "troyes"


def test_a_decision_that_offers_nothing_is_refused():
    s = _played(3, 1, 150, False).clone()
    s.phase, s.kind = "actions", "no_such_decision"
    with pytest.raises(InvalidStateError) as caught:
        _load(s)
    assert caught.value.check == "pending"
