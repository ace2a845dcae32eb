"""The checks every move goes through before the rules see it, in one place for all games.

Order (STYLE.md §2.2): the version matches, the game is not over, the seat is the
deciding seat, then the engine itself checks legality. Text notation is parsed here too,
by matching the notation of the legal actions, so text and buttons can never disagree.
"""

from typing import Any, TypeVar

from engine.core.errors import GameOverError, IllegalMoveError, NotYourTurnError, StaleStateError
from engine.core.protocol import GameEngine, GameState, Step

S = TypeVar("S", bound=GameState)
A = TypeVar("A")


def check_turn(engine: GameEngine[Any, Any], state: GameState, seat: int, version: int) -> None:
    """Raise the GameError that stops `seat` from acting on `version` of `state`, if any."""
    if version != state.version:
        raise StaleStateError("error.stale_move", shown=version, current=state.version)
    pending = state.pending
    if pending is None or engine.result(state) is not None:
        raise GameOverError("error.game_over")
    if pending.seat != seat:
        raise NotYourTurnError("error.not_your_decision")


def normalise(text: str) -> str:
    """Fold case and whitespace of a move notation."""
    return " ".join(text.lower().split())


def parse_action(engine: GameEngine[S, A], state: S, text: str) -> A:
    """Return the action whose notation is `text`, or raise IllegalMoveError.

    A legal action's notation, or a compound one (several steps in one, `GameEngine.compound`);
    the engine checks the compound's legality when it applies it.
    """
    wanted = normalise(text)
    if not wanted:
        raise IllegalMoveError("error.type_a_move")
    for action in engine.legal_actions(state):
        if normalise(engine.action_text(action)) == wanted:
            return action
    compound = engine.compound(state, wanted)  # a decision answered in one go (a Bundle)
    if compound is not None:
        return compound
    raise IllegalMoveError("error.not_a_move", move=text.strip()[:60])


def play(engine: GameEngine[S, A], state: S, seat: int, version: int, action: A) -> Step[S]:
    """Check who is acting and when, then apply the action."""
    check_turn(engine, state, seat, version)
    return engine.apply(state, action)
