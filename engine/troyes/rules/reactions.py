"""Questions put to a seat out of turn, each with a default answer (hook for the Ladies).

The Ladies' outer activities let a seat spend a cube during someone else's turn (troyes.md
§10.5 f, k). A module registers a reaction kind with its choices and how an answer resolves;
the rules call `ask`, the pending decision moves to that seat, and `TroyesEngine.default_action`
gives the answer a session applies when the deadline passes. The base game registers none.
"""

from collections.abc import Callable
from dataclasses import dataclass

from engine.troyes.actions import Action, Answer
from engine.troyes.context import Ctx
from engine.troyes.state import Reaction


@dataclass(frozen=True, slots=True)
class ReactionKind:
    """A registered out-of-turn question."""

    choices: Callable[[Ctx, Reaction], list[str]]
    resolve: Callable[[Ctx, Reaction, str], None]


REACTIONS: dict[str, ReactionKind] = {}


def register(kind: str, reaction: ReactionKind) -> None:
    """Register an out-of-turn question kind (done by expansion modules at import)."""
    REACTIONS[kind] = reaction


def ask(ctx: Ctx, seat: int, kind: str, default: str, data: str = "") -> None:
    """Put a question to `seat`; the current decision resumes once it is answered."""
    ctx.s.reactions.append(Reaction(seat, kind, default, data))


def answers(ctx: Ctx) -> list[Action]:
    """Return the answers to the first open question."""
    r = ctx.s.reactions[0]
    return [Answer(c) for c in REACTIONS[r.kind].choices(ctx, r)]


def answer(ctx: Ctx, choice: str) -> None:
    """Resolve the first open question with `choice`."""
    r = ctx.s.reactions.pop(0)
    REACTIONS[r.kind].resolve(ctx, r, choice)
