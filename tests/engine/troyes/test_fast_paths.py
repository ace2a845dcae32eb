"""The engine's speed shortcuts agree with the straightforward computation on random states.

`TroyesEngine` keeps the last turn menu's targets while the game content is unchanged and
reuses derived dice facts; here every decision of seeded random games (base and all Ladies
modules) is answered both by the engine and by the rules functions on a fresh context.
"""

import pytest

from engine.core.rng import Rng
from engine.troyes.game import TroyesEngine
from engine.troyes.rules import actions_phase
from engine.troyes.rules.common import Ctx
from engine.troyes.state import TroyesState

ALL_LADIES = {
    "tournament": "on",
    "new_characters": "on",
    "reveal_character": "on",
    "new_activities": "mixed",
    "new_events": "mixed",
    "purple_die": "on",
    "walls": "on",
    "extra_components": "on",
}


def _plain_legal(engine: TroyesEngine, s: TroyesState) -> list[object]:
    """Return the legal actions computed without any engine-level cache."""
    if s.kind == "turn" and not s.reactions and s.phase != "over":
        return list(actions_phase.turn_actions(Ctx(s, engine.catalog)))
    return list(TroyesEngine(engine.catalog)._legal(s))  # the plain path, no cache


@pytest.mark.parametrize("options", [{}, ALL_LADIES], ids=["base", "ladies"])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_cached_legal_actions_match_the_plain_computation(options, seats):
    engine = TroyesEngine()
    turn_menus = 0
    for seed in range(2):
        s = engine.new_state(options, seats, seed)
        rng = Rng(seed, 0, "fast-paths")
        while s.pending is not None:
            actions = engine.legal_actions(s)
            assert actions == _plain_legal(engine, s), (seed, s.version, s.kind)
            turn_menus += s.kind == "turn"
            s = engine.apply(s, actions[rng.below(len(actions))]).state
    assert turn_menus > 50  # the comparison really covered many turn menus
