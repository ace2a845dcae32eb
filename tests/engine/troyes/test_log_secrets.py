"""Troyes VP are hidden until the end: the public log must not give them away (issue 18).

Summing "+2 VP", "-1 VP" and "gain 1 VP each" over the public lines gave each seat's hidden
total. The public lines now say that VP changed, not by how much; the owner still reads their
own figures (`describe_event(..., viewer=seat)`) and their total in their private view.
"""

import re
import typing

import pytest

from engine.core.rng import Rng
from engine.troyes import events as ev
from tests.engine.troyes.helpers import ALL, ENGINE

# A VP figure in either language: "+2 VP", "-1 PV", "4 VP each", "no VP to lose" (a total of 0).
FIGURE = re.compile(r"\d+ (?:VP|PV)\b|no VP to lose|no tiene PV que perder")
GAMES: tuple[tuple[dict[str, str], int, int], ...] = (
    ({}, 2, 1),
    ({}, 3, 5),
    ({}, 4, 2),
    (ALL, 3, 43),
    (ALL, 4, 44),
    (ALL, 2, 45),
)


def _played(options: dict[str, str], seats: int, seed: int) -> tuple[list[typing.Any], list[int]]:
    """Play a seeded random game to the end; return its events and the final hidden VP."""
    s = ENGINE.new_state(options, seats, seed)
    rng = Rng(seed, 0, "secrets")
    log: list[typing.Any] = []
    while s.pending is not None:
        actions = ENGINE.legal_actions(s)
        step = ENGINE.apply(s, actions[rng.below(len(actions))])
        log.extend(step.events)
        s = step.state
    return log, list(s.vp)


def _seats(event: typing.Any) -> set[int]:
    """Return the seats whose own VP an event changes (the ones that may read its figures)."""
    if isinstance(event, ev.EventCompleted):
        return {seat for seat, vp in enumerate(event.vp) if vp}
    seat = getattr(event, "seat", -1)
    return {seat} if isinstance(seat, int) and seat >= 0 else set()


@pytest.mark.parametrize(("options", "seats", "seed"), GAMES)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_public_line_carries_a_vp_figure(options, seats, seed, lang):
    log, _ = _played(options, seats, seed)
    leaks = [
        line
        for event in log
        if not isinstance(event, ev.GameEnded)  # the final scores are public
        for line in [ENGINE.describe_event(event, lang)]
        if FIGURE.search(line)
    ]
    assert not leaks, leaks[:5]


def test_the_owner_reads_their_own_figures_and_their_total():
    figures = 0
    for options, seats, seed in GAMES:
        log, final = _played(options, seats, seed)
        for event in log:
            public = ENGINE.describe_event(event, "en")
            for seat in _seats(event):
                own = ENGINE.describe_event(event, "en", viewer=seat)
                if own != public:  # only a VP figure is held back from the public
                    assert FIGURE.search(own), own
                    figures += 1
            for seat in set(range(seats)) - _seats(event):
                assert not FIGURE.search(ENGINE.describe_event(event, "en", viewer=seat)) or (
                    isinstance(event, ev.GameEnded)
                ), event
        assert sum(final) > 0
    assert figures > 20  # the games really gain and lose VP, and the owners read how much


def test_the_private_view_keeps_the_owner_total():
    s = ENGINE.new_state({}, 3, 5)
    rng = Rng(5, 0, "secrets")
    while s.pending is not None and s.round < 3:
        actions = ENGINE.legal_actions(s)
        s = ENGINE.apply(s, actions[rng.below(len(actions))]).state
    assert any(s.vp)
    for seat in range(3):
        players = ENGINE.view(s, seat).players
        assert [p.vp for p in players] == [s.vp[seat] if p.seat == seat else None for p in players]
    assert all(p.vp is None for p in ENGINE.view(s, None).players)


@pytest.mark.parametrize(
    ("event", "public", "own"),
    [
        (
            ev.CathedralBuilt(2, 2, 2, 0),
            "Player 3 builds the Cathedral: 2 cubes, +VP",
            "Player 3 builds the Cathedral: 2 cubes, +2 VP",
        ),
        (
            ev.EventCompleted("marauding", -1, (0, 1, 1)),
            "Marauding's spaces filled: Player 2, Player 3 gain VP each; nobody wins the event:"
            " the card stays in play, its cubes removed",
            "Marauding's spaces filled: Player 2, Player 3 gain 1 VP each; nobody wins the"
            " event: the card stays in play, its cubes removed",
        ),
        (
            ev.CounterFailed(0, 6, 0),
            "Player 1 cannot counter the black 6: loses VP",
            "Player 1 cannot counter the black 6: no VP to lose",
        ),
    ],
)
def test_the_issue_lines_keep_their_figures_for_the_owner_only(event, public, own):
    assert ENGINE.describe_event(event, "en") == public
    owner = min(_seats(event))
    assert ENGINE.describe_event(event, "en", viewer=owner) == own
