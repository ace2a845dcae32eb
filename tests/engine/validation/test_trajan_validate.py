"""Corrupted Trajan states are refused on load, each by the check that should catch it."""

import json
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.protocol import Decision
from engine.core.rng import Rng
from engine.core.validation import InvalidStateError
from engine.trajan.game import TrajanEngine
from engine.trajan.state import TrajanState
from engine.trajan.validate import problems

ENGINE = TrajanEngine()
TABLES = ENGINE.tables


@cache
def _played(seats: int, seed: int, steps: int) -> TrajanState:
    s = ENGINE.new_state({}, seats, seed)
    rng = Rng(seed, 0, "validate")
    for _ in range(steps):
        if s.pending is None:
            break
        actions = ENGINE.legal_actions(s)
        s = ENGINE.apply(s, actions[rng.below(len(actions))]).state
    return s


def played() -> st.SearchStrategy[TrajanState]:
    """A state reached by seeded random play (setup, mid-game or over)."""
    return st.builds(
        _played, st.integers(2, 4), st.integers(0, 5), st.sampled_from([0, 5, 30, 120, 2000])
    )


def _load(s: TrajanState) -> TrajanState:
    return ENGINE.from_json(json.loads(json.dumps(ENGINE.to_json(s))))


Corrupt = Callable[[TrajanState, int, int], None]


def _player(s: TrajanState, seat: int, **changes: Any) -> None:
    s.players[seat] = replace(s.players[seat], **changes)


def _markers_made(s: TrajanState, seat: int, k: int) -> None:
    extra = "BYGOPW"[k % 6] * (TABLES.fig.markers_per_colour + 1)
    p = s.players[seat]
    _player(s, seat, bowls=(p.bowls[0] + extra, *p.bowls[1:]))


def _markers_lost(s: TrajanState, seat: int, k: int) -> None:
    if s.phase == "setup_bowl":  # bowls still being filled: take the game past setup
        s.phase, s.pending = "turn", Decision(s.current, "bowl")
    _player(s, seat, bowls=("",) * 6)
    s.in_hand = ""


def _cards_made(s: TrajanState, seat: int, k: int) -> None:
    kind = TABLES.cat.commodities[k % len(TABLES.cat.commodities)]
    _player(s, seat, hand=(*s.players[seat].hand, *(kind.id,) * (kind.count + 1)))


def _tokens_made(s: TrajanState, seat: int, k: int) -> None:
    _player(s, seat, supply=s.players[seat].supply + k)


def _time_off_track(s: TrajanState, seat: int, k: int) -> None:
    s.time = s.cycle + k - 1


def _quarter_past_end(s: TrajanState, seat: int, k: int) -> None:
    s.quarter = TABLES.fig.quarters + k


def _bonus_twice(s: TrajanState, seat: int, k: int) -> None:
    tile = TABLES.cat.bonus_tiles[k % len(TABLES.cat.bonus_tiles)].id
    s.bonus_bag = (*s.bonus_bag, tile, tile)


def _forum_made(s: TrajanState, seat: int, k: int) -> None:
    tile = TABLES.cat.forum_tiles[k % len(TABLES.cat.forum_tiles)]
    s.forum_pile = (*s.forum_pile, *(tile.id,) * (tile.count + 1))


def _arch_off(s: TrajanState, seat: int, k: int) -> None:
    _player(s, seat, arch=6 + k)


def _unknown_phase(s: TrajanState, seat: int, k: int) -> None:
    s.phase = "lunch"


def _decision_after_end(s: TrajanState, seat: int, k: int) -> None:
    s.phase = "over"
    s.pending = Decision(seat, "bowl")


def _wrong_setup_decision(s: TrajanState, seat: int, k: int) -> None:
    s.phase, s.pending = "setup_bowl", Decision(s.current, "setup_card")


CORRUPTIONS: dict[str, tuple[str, Corrupt]] = {
    "markers made": ("markers", _markers_made),
    "markers lost": ("markers", _markers_lost),
    "cards made": ("cards", _cards_made),
    "tokens made": ("player tokens", _tokens_made),
    "time off its track": ("values", _time_off_track),
    "a quarter past the end": ("values", _quarter_past_end),
    "an arch off the mat": ("values", _arch_off),
    "a bonus tile twice": ("tiles", _bonus_twice),
    "forum tiles made": ("tiles", _forum_made),
    "an unknown phase": ("phase", _unknown_phase),
    "a decision after the end": ("pending", _decision_after_end),
    "a setup phase asking another decision": ("pending", _wrong_setup_decision),
}


@settings(max_examples=30, deadline=None)
@given(played())
def test_states_from_seeded_random_play_pass_every_check(state):
    assert problems(state, TABLES) == []
    assert _load(state) == state


@pytest.mark.parametrize("name", list(CORRUPTIONS))
@settings(max_examples=20, deadline=None)
@given(state=played(), seat=st.integers(0, 3), k=st.integers(1, 9))
def test_a_corrupted_state_is_refused_by_the_check_that_catches_it(name, state, seat, k):
    check, corrupt = CORRUPTIONS[name]
    bad = state.clone()
    corrupt(bad, seat % state.seats, k)
    found = [p.check for p in problems(bad, TABLES)]
    with pytest.raises(InvalidStateError) as caught:
        _load(bad)
    # The check named is the expected one, or the first of the checks the corruption breaks
    # when it also breaks an earlier one (two craftsmen of a seat may make 13 citizens too).
    named = caught.value.check
    assert named == check or (check in found and named == found[0]), (str(caught.value), found)
    assert caught.value.game == "trajan"
