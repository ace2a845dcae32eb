"""Trajan in the game registry (engine/games.py): what shared code needs to host it."""

from typing import Any

from engine.core.protocol import GameEngine
from engine.core.rng import Rng
from engine.games import AiSupport, GameSpec, Topic
from engine.trajan import ai, determinise
from engine.trajan.game import TrajanEngine


def _determinise(engine: GameEngine[Any, Any], state: Any, seat: int, rng: Rng) -> Any:
    return determinise.determinise(state, seat, rng)


def _quarter(state: Any) -> int:
    """The roll-out search's stretch of play: a quarter, ended by its demands and the vote."""
    return int(state.quarter)


def _value(engine: GameEngine[Any, Any], state: Any, seat: int) -> float:
    return ai.value(state, engine.tables, seat)  # type: ignore[attr-defined]


SPEC = GameSpec(
    engine=TrajanEngine(),
    titles={"en": "Trajan", "es": "Trajano"},
    renderer="render.trajan",
    milestones=frozenset({"RoundEnded", "DemandsMet", "ConsulsNamed", "GameEnded"}),
    # The set-up's end and a quarter's start (its new forum, province and bonus tiles).
    openings=frozenset({"GameSetUp", "TrajanRevealed", "QuarterEnded"}),
    # Hard plays the flat roll-out search (engine/ai/rollout.py), as Troyes does: the planner's
    # best 4 first moves, each rolled out by the planner for every seat until the seat's next
    # turn (or a round of turns), never past the quarter's end (`stage`: its scoring done).
    # A roll-out plays one rival's turn at 2 players and three at 4, so the rate is per
    # player count: about 60, 30 and 20 roll-outs a CPU second measured (docs/ai.md), and the
    # default 2 s budget is 120, 60 and 40 roll-outs.
    ai=AiSupport(
        _determinise,
        _value,
        iterations_per_s=30,
        seat_rates={2: 60, 4: 20},
        search="rollout",
        stage=_quarter,
    ),
    # These decisions show the decider's hand (notes in engine/sessions/README.md).
    private_kinds=frozenset({"discard", "display", "ship", "seaport"}),
    # The set-up's bowls: 21 colour pairs for the first, fewer later; one form throughout.
    menu_kinds=frozenset({"setup_bowl"}),
    topics=(
        Topic("trajan", {"en": "Trajan", "es": "Trajano"}, 0xA23B2A, words=("trajan", "trajano")),
    ),
    # The Trajan tiles' category is called "trajan" in the data.
    value_names={"es": {"trajan": "Trajano"}},
)
