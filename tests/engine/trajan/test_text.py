"""Labels, log lines, prompts and views in English and Spanish."""

from collections.abc import Iterator
from dataclasses import FrozenInstanceError
from typing import Any

import pytest

from engine.core.rng import Rng
from engine.trajan import events as ev
from tests.engine.trajan.helpers import ENGINE


def _walk(seats: int, seed: int) -> Iterator[tuple[Any, list[Any] | None]]:
    state = ENGINE.new_state({}, seats, seed)
    while state.pending is not None:
        actions = ENGINE.legal_actions(state)
        yield state, actions
        step = ENGINE.apply(state, Rng(seed, state.version, "t").pick(actions))
        for event in step.events:
            yield event, None
        state = step.state
    yield state, []


def test_every_label_log_line_and_prompt_reads_in_both_languages():
    kinds = set()
    for item, actions in _walk(3, seed=9):
        if actions is None:
            for lang in ("en", "es"):
                line = ENGINE.describe_event(item, lang)
                assert line != type(item).__name__, item
            kinds.add(type(item).__name__)
            continue
        for lang in ("en", "es"):
            assert ENGINE.prompt(item, lang)
            labels = [ENGINE.describe(a, lang) for a in actions]
            assert all(0 < len(label) <= 80 for label in labels)
    assert {"BowlChosen", "MarkerSown", "QuarterEnded", "GameEnded"} <= kinds


def test_drawn_cards_are_counted_not_named_in_the_log():
    line = ENGINE.describe_event(ev.CardsDrawn(0, ("wine", "fish")), "en")
    assert "2" in line
    assert "Wine" not in line


def test_spanish_differs_from_english():
    assert ENGINE.describe_event(ev.SenateAdvanced(0, 4, 5), "es") != ENGINE.describe_event(
        ev.SenateAdvanced(0, 4, 5), "en"
    )


def test_the_public_view_hides_hands_and_a_seat_sees_its_own():
    state = ENGINE.new_state({}, 2, seed=3)
    while state.phase != "turn":
        state = ENGINE.apply(state, ENGINE.legal_actions(state)[0]).state
    public = ENGINE.view(state, None)
    assert all(p.hand is None for p in public.players)
    assert public.players[0].hand_size == 3
    mine = ENGINE.view(state, 0)
    assert mine.players[0].hand == state.players[0].hand
    assert mine.players[1].hand is None
    with pytest.raises(FrozenInstanceError):
        public.quarter = 3  # type: ignore[misc]
