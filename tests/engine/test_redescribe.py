"""Stored moves can be described again with the players' names (names at the edge).

The session store keeps each move's notation and its events as JSON; the cogs rebuild the
events (`event_from_json`) and re-word the labels that name a seat (`relabel`) with the names
they know. Seeded games of both games (every Ladies module) check that what is rebuilt is what
was played, and that a re-worded label is the label the player would have read.
"""

from typing import Any

import pytest

from engine.core.rng import Rng
from engine.core.serial import to_jsonable
from engine.games import GAMES
from engine.troyes.game import EVERY_MODULE

NAMES = ("alice (1)", "bob (2)", "carol (3)", "dan (4)")
GAMES_PLAYED: tuple[tuple[str, dict[str, str], int, int], ...] = (
    ("troyes", {}, 3, 1),
    ("troyes", EVERY_MODULE, 4, 2),
    ("troyes", EVERY_MODULE, 2, 3),
    ("trajan", {}, 3, 4),
    ("trajan", {}, 4, 5),
)


@pytest.mark.parametrize(("game", "options", "seats", "seed"), GAMES_PLAYED)
def test_every_event_is_rebuilt_from_its_json_and_every_seat_label_reworded(
    game: str, options: dict[str, str], seats: int, seed: int
) -> None:
    engine = GAMES[game]
    names = NAMES[:seats]
    state = engine.new_state(options, seats, seed)
    rng = Rng(seed, 0, "redescribe")
    reworded = 0
    while state.pending is not None:
        seat = state.pending.seat
        actions = engine.legal_actions(state)
        for action in actions:
            for lang in ("en", "es"):
                named = engine.describe(action, lang, names)
                again = engine.relabel(engine.action_text(action), seat, lang, names)
                if named != engine.describe(action, lang):  # the label names a seat
                    assert again == named, engine.action_text(action)
                    reworded += 1
                else:
                    assert again in (None, named)
        step = engine.apply(state, actions[rng.below(len(actions))])
        for event in step.events:
            rebuilt: Any = engine.event_from_json(to_jsonable(event))
            assert rebuilt == event
            for lang in ("en", "es"):
                line = engine.describe_event(rebuilt, lang, names)
                assert "Player" not in line
                assert "Jugador" not in line
        state = step.state
    if game == "troyes":
        assert reworded > 0  # rivals' dice were on offer, and their labels named the rival
