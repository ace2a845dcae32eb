"""Golden boards of fixed game states, compared with a small tolerance.

The states are stored as the engines' JSON (tests/render/states/), so a later rules change
does not move them; a view or layout change does, and is then refreshed on purpose with
`DENARIUS_REFRESH_GOLDEN=1 .venv/bin/pytest tests/render -k golden` (which also rewrites
the stored states from the seeded games below).
"""

import json
from pathlib import Path

import pytest

from tests.render.games import GAMES, board, state_at
from tests.render.golden import REFRESH, assert_matches_golden

STATES = Path(__file__).parent / "states"
# name -> (game, seats, seed, move; None = the final state)
CASES = {
    "trajan_4p_mid": ("trajan", 4, 21, 260),
    "trajan_2p_final": ("trajan", 2, 22, None),
    "troyes_4p_mid": ("troyes", 4, 23, 120),
    "troyes_3p_final": ("troyes", 3, 24, None),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_board_of_stored_state_matches_golden(case):
    name, seats, seed, move = CASES[case]
    game = GAMES[name]
    path = STATES / f"{case}.json"
    if REFRESH:
        STATES.mkdir(exist_ok=True)
        state = state_at(game, seats, seed, move)
        path.write_text(json.dumps(game.engine.to_json(state), sort_keys=True) + "\n")
    state = game.engine.from_json(json.loads(path.read_text()))
    assert_matches_golden(f"board_{case}", board(game, state).image)


@pytest.mark.parametrize("case", ["trajan_4p_mid", "troyes_4p_mid"])
def test_spanish_board_of_stored_state_matches_golden(case):
    game = GAMES[CASES[case][0]]
    state = game.engine.from_json(json.loads((STATES / f"{case}.json").read_text()))
    view = game.engine.view(state, None)
    canvas = game.render.compose_board(view, prompt=game.engine.prompt(state, "es"), lang="es")
    assert_matches_golden(f"board_{case}_es", canvas.image)
