"""Troyes log words of the fourth Spanish playtest (docs/playtest-2026-12.md, items 81-97)."""

from collections.abc import Sequence

from engine.troyes import actions as a
from engine.troyes import events as ev
from tests.engine.troyes.helpers import CAT, ENGINE, table
from tests.engine.troyes.test_actions import SPARE

NAMES = ("alice", "IA normal (2)", "carol")
GAIN = CAT.rules.counter_influence


def _told(events: Sequence[object], lang: str) -> list[str]:
    """Return a move's lines as the thread tells them (each event, or its group's line)."""
    lines = [ENGINE.describe_event(e, lang, NAMES) for e in events]
    for places, said in ENGINE.describe_together(events, lang, NAMES):
        for place in places:
            lines[place] = said if place == places[0] else ""
    return [x for x in lines if x]


def test_a_counter_by_the_groups_leftover_alone_says_so():
    # Item 86: "IA normal (2) contrarresta el dado negro de 2: +1 de influencia", with no die
    # and no word of the 3 points left over from the group that countered the 5 before.
    s = table(3, districts=[[("white", 2)], SPARE, [], []])
    s.phase, s.kind, s.black, s.turn = "events", "counter_more", [2], 1
    s.plan.left = 3
    step = ENGINE.apply(s, a.CounterNext(2))
    events = [e for e in step.events if isinstance(e, ev.BlackDieCountered)]
    assert events == [ev.BlackDieCountered(1, 2, ())]  # the stored event is unchanged
    assert _told(events, "es") == [
        f"IA normal (2) contrarresta el dado negro de 2 con 2 puntos sobrantes del grupo "
        f"anterior: +{GAIN} de influencia"
    ]
    assert _told([ev.BlackDieCountered(0, 1, ())], "en") == [
        f"alice counters the black 1 with 1 pip left over from the previous group: +{GAIN} "
        "influence"
    ]


def test_the_ladies_outer_cube_counter_is_not_told_as_a_leftover():
    # The outer cube counter records the same event, after the cube's use (counter.py).
    used = ev.OuterUsed(1, "shield", "counter 2")
    told = _told([used, ev.BlackDieCountered(1, 2, ())], "es")
    assert told[-1] == f"IA normal (2) contrarresta el dado negro de 2: +{GAIN} de influencia"
    assert "sobrante" not in " ".join(told)
