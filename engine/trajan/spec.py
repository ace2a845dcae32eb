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
    # Hard searches a tree (engine/ai/ismcts.py) at 4,000 iterations a second, 8,000 at the
    # default 2 s budget, at 3 players; at 2 and 4 players it plays the flat roll-out search
    # (engine/ai/rollout.py), as Troyes does, which did better than the tree there (at 4
    # players at its full budget only: at a fifth of it the tree did better; docs/ai.md,
    # session 12): the planner's best 4 first moves, each rolled out by the planner for
    # every seat until the seat's next turn, never past the quarter's end (`stage`: its
    # scoring done), about 60 a CPU second measured at 2 players (120 in 2 s). Those
    # roll-outs cost from 1,500 to 40,000 engine steps a decision
    # (long rival turns, wide menus: up to 9 s of CPU); the search stops once its roll-outs
    # have taken 15,000 steps a second of budget (`work_per_s`, about 15,000 a CPU second
    # measured: 30,000 at the default), so no decision takes much over its 2 s.
    # Its count at 2 players is 12 a second of budget, not the 60 measured: 24 roll-outs at
    # the default. More did not play better: a search's first 24 roll-outs chose its final
    # move in 31 of 32 decisions, and in arenas 24 roll-outs won 22 of 25 games against
    # normal (88% [70-96]) where 120 won 5 of 9 (docs/ai.md, session 11). A decision then
    # takes about 0.3 s of CPU (median) instead of 1.5 s. At 4 players 20 a second (40 at the
    # default, about 35 a decision with the work bound): 1.2-1.3 s of CPU median, 2.1 s
    # p99, where the tree's 8,000 iterations took 2.5 s and 3.4 s. At 4 players a roll-out
    # goes on until the seat's turn has come back twice (`seat_horizons`): first in 34 of 48
    # games against three normal players (71% [57-82]) where horizon 1 was first in 6 of 16
    # of those deals, with 25 roll-outs a decision (the work bound) at 1.7 s of CPU median,
    # 2.4 s p99 (docs/ai.md, "Trajan at 4 players: horizon 2").
    ai=AiSupport(
        _determinise,
        _value,
        iterations_per_s=4000,
        seat_rates={2: 12, 4: 20},
        seat_search={2: "rollout", 4: "rollout"},
        stage=_quarter,
        seat_horizons={4: 2},
        work_per_s=15000,
    ),
    # These decisions show the decider's hand (notes in engine/sessions/README.md).
    private_kinds=frozenset({"discard", "display", "ship", "seaport"}),
    seat_word="trajan.text.player",
    # The set-up's bowls: 21 colour pairs for the first, fewer later; one form throughout.
    menu_kinds=frozenset({"setup_bowl"}),
    topics=(
        Topic("trajan", {"en": "Trajan", "es": "Trajano"}, 0xA23B2A, words=("trajan", "trajano")),
    ),
    # The Trajan tiles' category is called "trajan" in the data.
    value_names={"es": {"trajan": "Trajano"}},
)
