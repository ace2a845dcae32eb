"""Golden playthrough: seed + moves => the recorded final state (STYLE.md §2.7).

Regenerate on purpose only (a rule change or a Python upgrade), in a commit of its own:
`.venv/bin/python -m tests.playthroughs.test_troyes_golden`.
"""

import hashlib
import json
from pathlib import Path
from typing import Any

from engine.ai.players import RandomPlayer
from engine.core.play import parse_action
from engine.troyes.game import TroyesEngine

GOLDEN = Path(__file__).with_name("troyes_seed_1.json")
ENGINE = TroyesEngine()


def _summary(state: Any) -> dict[str, Any]:
    result = ENGINE.result(state)
    assert result is not None
    data = ENGINE.to_json(state)
    return {
        "version": state.version,
        "scores": list(result.scores),
        "ranks": list(result.ranks),
        "breakdown": [dict(b) for b in result.breakdown],
        "deniers": state.deniers,
        "influence": state.influence,
        "vp": state.vp,
        "won": state.won,
        "digest": hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest(),
    }


def record() -> dict[str, Any]:
    """Play seed 1 with 3 seeded random players and return the golden record."""
    state = ENGINE.new_state({}, 3, 1)
    moves = []
    player = RandomPlayer()
    while state.pending is not None:
        action = player.choose(ENGINE, state)
        moves.append(ENGINE.action_text(action))
        state = ENGINE.apply(state, action).state
    return {
        "game": "troyes",
        "seed": 1,
        "seats": 3,
        "options": {},
        "moves": moves,
        "final": _summary(state),
    }


def test_the_golden_playthrough_replays_to_the_recorded_final_state():
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    state = ENGINE.new_state(golden["options"], golden["seats"], golden["seed"])
    for move in golden["moves"]:
        state = ENGINE.apply(state, parse_action(ENGINE, state, move)).state
    assert state.pending is None
    assert _summary(state) == golden["final"]


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(record(), indent=1) + "\n", encoding="utf-8")
