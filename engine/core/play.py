"""The checks every move goes through before the rules see it, in one place for all games.

Order (STYLE.md §2.2): the version matches, the game is not over, the seat is the
deciding seat, then the engine itself checks legality. Text notation is parsed here too,
by matching the notation of the legal actions, so text and buttons can never disagree; so is
a legal action's label as the player was shown it (`Typed`: `/move` with the words of its
suggestions, in the game's language; playtest item 62).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.core.errors import GameOverError, IllegalMoveError, NotYourTurnError, StaleStateError
from engine.core.folding import fold
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


SHOWN_CANDIDATES = 3  # the moves a refusal of an ambiguous label names
QUOTED = 60  # characters of typed text a refusal quotes back


def quoted(text: str) -> str:
    """Return typed text as a refusal quotes it: cut at QUOTED characters, "…" marking a cut."""
    text = text.strip()
    return text if len(text) <= QUOTED else text[: QUOTED - 1] + "\N{HORIZONTAL ELLIPSIS}"


@dataclass(frozen=True, slots=True)
class Typed:
    """A move typed by a player, with the labels they were shown for the legal actions.

    `labels` pairs an index into the legal actions with its label, in the game's language
    and worded as the player saw it (a rival's die with its owner's name); the labels are
    those of the position at the version the move is played on.
    """

    text: str
    labels: tuple[tuple[int, str], ...] = ()


def normalise(text: str) -> str:
    """Fold case and whitespace of a move notation."""
    return " ".join(text.lower().split())


def parse_action(
    engine: GameEngine[S, A], state: S, text: str, labels: Sequence[tuple[int, str]] = ()
) -> A:
    """Return the action whose notation (or shown label) is `text`, or raise IllegalMoveError.

    A legal action's notation, or a compound one (several steps in one, `GameEngine.compound`);
    the engine checks the compound's legality when it applies it. Failing those, a legal
    action's label in `labels` (index, label), matched without case, accents or punctuation:
    the whole label, or the start of just one; the start of several is refused naming a few.
    """
    wanted = normalise(text)
    if not wanted:
        raise IllegalMoveError("error.type_a_move")
    actions = engine.legal_actions(state)
    for action in actions:
        if normalise(engine.action_text(action)) == wanted:
            return action
    compound = engine.compound(state, wanted)  # a decision answered in one go (a Bundle)
    if compound is not None:
        return compound
    return _by_label(engine, actions, text, labels)


def _by_label(
    engine: GameEngine[Any, A], actions: Sequence[A], text: str, labels: Sequence[tuple[int, str]]
) -> A:
    """Return the one legal action whose shown label is `text` or starts with it."""
    typed = fold(text)
    shown = [(i, label) for i, label in labels if 0 <= i < len(actions)]
    # The whole label, or the whole suggestion as the autocomplete lists it: "label [notation]".
    whole = [
        i
        for i, label in shown
        if typed in (fold(label), fold(f"{label} {engine.action_text(actions[i])}"))
    ]
    fits = whole or [i for i, label in shown if typed and fold(label).startswith(typed)]
    if len(fits) == 1:
        return actions[fits[0]]
    move = quoted(text)  # the ellipsis says it was cut (third playtest, item 80)
    if not fits:
        raise IllegalMoveError("error.not_a_move", move=move)
    named = [label for i, label in shown if i in fits][:SHOWN_CANDIDATES]
    more = ["…"] if len(fits) > SHOWN_CANDIDATES else []
    listed = "\n".join(f"• {label}" for label in [*named, *more])
    raise IllegalMoveError("error.ambiguous_move", move=move, count=len(fits), moves=listed)


def play(engine: GameEngine[S, A], state: S, seat: int, version: int, action: A) -> Step[S]:
    """Check who is acting and when, then apply the action."""
    check_turn(engine, state, seat, version)
    return engine.apply(state, action)
