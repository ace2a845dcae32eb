"""Troyes in the game registry (engine/games.py): what shared code needs to host it."""

from collections.abc import Sequence
from typing import Any

from engine.core.protocol import GameEngine
from engine.core.rng import Rng
from engine.games import AiSupport, GameSpec, Topic
from engine.troyes import ai, determinise
from engine.troyes.explored import explored
from engine.troyes.game import EVERY_MODULE, TroyesEngine


def _determinise(engine: GameEngine[Any, Any], state: Any, seat: int, rng: Rng) -> Any:
    return determinise.determinise(state, engine.catalog, seat, rng)  # type: ignore[attr-defined]


def _round(state: Any) -> int:
    return int(state.round)


def _together(
    engine: GameEngine[Any, Any], events: Sequence[Any], lang: str, names: Sequence[str]
) -> list[tuple[tuple[int, ...], str]]:
    return engine.describe_together(events, lang, names)  # type: ignore[attr-defined, no-any-return]


def _value(engine: GameEngine[Any, Any], state: Any, seat: int) -> float:
    return ai.value(state, engine.catalog, seat)  # type: ignore[attr-defined]


SPEC = GameSpec(
    engine=TroyesEngine(),
    titles={"en": "Troyes", "es": "Troyes"},
    renderer="render.troyes",
    milestones=frozenset({"RoundEnded", "EventCompleted", "EventSuffered", "GameEnded"}),
    # An action done by its last die or choice: the line heads the same seat's next controls.
    done_events=frozenset(
        {
            "CardActivated",
            "CathedralBuilt",
            "EventFought",
            "AgricultureUsed",
            "CitizenPlaced",
            "WallUsed",
            "BlackDieCountered",
        }
    ),
    # The set-up's public facts, carried by the first move: told with the start (item 89).
    setup_facts=frozenset({"CharacterRevealed", "OuterDealt"}),
    seat_word="troyes.log.words.player",
    # A round's opening: new activity cards, income and wages, every seat's dice, new events,
    # the black dice and how each seat met them; the Ladies' outer activities.
    openings=frozenset(
        {
            "CardRevealed",
            "IncomePaid",
            "DiceRolled",
            "EventRevealed",
            "BlackDiceRolled",
            "BlackDieCountered",
            "CounterFailed",
            "OuterDealt",
        }
    ),
    explored=explored,
    # A round's opening in fewer lines: new cards, each seat's income and dice, new events,
    # an event's effect on every seat (engine/troyes/log_together.py, playtest item 69).
    together=_together,
    # Every module of The Ladies of Troyes (the tournament order is no Ladies module).
    presets={"ladies": {k: v for k, v in EVERY_MODULE.items() if k != "tournament"}},
    # Hard plays the flat roll-out search (engine/ai/rollout.py): an iteration is one roll-out
    # by the planner until the seat's turn has come back twice (or two rounds of turns), never
    # past the round's end (`stage`), 15-40 a CPU second measured (docs/ai.md), so the default
    # 2 s budget is 40 roll-outs, ten rounds of the planner's best 4 first moves. Every seat
    # of a roll-out plays the normal player's own planner (beam 6, depth 10), so the rivals
    # there play as the normal players do (docs/ai.md, "Rivals that play as normal").
    # Roll-outs are uneven: the slowest decisions (mostly the events phase's counters and
    # cube counts) took 3-7 s of CPU where the median took 1.2-1.8 s. So the
    # roll-outs may take 30,000 engine steps a second of budget (`work_per_s`, about a CPU
    # second's worth: 27,000-28,000 steps a CPU second measured), 60,000 at the default; the
    # search then ends its round and plays its move. Replayed on 105 decisions of two
    # 4-player games, that cut the slowest from 6.9 s to 2.8 s and changed one move
    # (docs/ai.md, "A work bound for Troyes").
    ai=AiSupport(
        _determinise,
        _value,
        iterations_per_s=20,
        search="rollout",
        stage=_round,
        horizon=2,
        rollout_plan=(6, 10),
        work_per_s=30000,
    ),
    topics=(
        Topic("troyes", {"en": "Troyes", "es": "Troyes"}, 0x2F5D8C, words=("troyes",)),
        # The Ladies of Troyes: its cards sit in data/troyes, marked by box or expansion.
        Topic(
            "ladies",
            {"en": "The Ladies of Troyes", "es": "Las Damas de Troyes"},
            0x7A3E8C,
            words=("ladies", "damas"),
            marks=("ladies", "damas"),
        ),
    ),
)
