"""The public board at any move of a game, rebuilt from its log (`/game replay`, issue 17).

Nothing is stored for this: the log is replayed from the seed up to the move asked for, and
only public views (`engine.view(state, None)`) leave this module, so a running game shows
what every player could see then, and never past its current move. Moves are counted as the
live moves of the log: move 0 is the board before anyone moved, move `last` the board now.

A game's chapters (the select of rounds or quarters) are read off its public views: a view
with a `quarter` and a `round` field is in chapter (quarter, round), one with a `round` in
chapter (round,). The first move of each chapter is where the select jumps.
"""

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.errors import GameError
from engine.core.play import parse_action
from engine.core.protocol import GameEngine, Result
from engine.sessions.context import Context
from engine.sessions.errors import NotStartedError
from engine.sessions.loaded import line
from engine.sessions.models import LogLine, Status
from engine.sessions.replay import final_from_json
from engine.sessions.repository import Repository

CHAPTERS = 25  # a Discord select's options


@dataclass(frozen=True, slots=True)
class Chapter:
    """A round (or a quarter's round) of a game: its key fields and the move it starts at."""

    fields: tuple[tuple[str, int], ...]  # e.g. (("quarter", 2), ("round", 1))
    move: int


@dataclass(frozen=True, slots=True)
class Frame:
    """The public board of a game at one move, and where the other moves are."""

    game_id: int
    game: str
    status: Status
    language: str
    move: int  # live moves applied (0: the start)
    last: int  # the newest move there is
    view: Any  # the public view after `move` moves
    before: Any  # the public view one move earlier (None at the start)
    line: LogLine | None  # the move that led here (None at the start)
    chapters: tuple[Chapter, ...]
    chapter: int  # the index in `chapters` of the one `move` is in (-1: none)
    # What was being decided at `move`, in the game's language (None once the game is over).
    prompt: str | None = None
    # A finished game's result, on its newest move only: that board shows the final scores
    # (after final scoring, as the live end does), not the track before it (playtest item 30).
    result: Result | None = None


def chapter_of(view: Any) -> tuple[tuple[str, int], ...]:
    """Return the chapter fields of a public view (no round field: no chapters)."""
    found = []
    for name in ("quarter", "round"):
        value = getattr(view, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            found.append((name, value))
    return tuple(found) if any(n == "round" for n, _v in found) else ()


def chapters(views: Sequence[Any]) -> tuple[Chapter, ...]:
    """Return where each chapter starts; too many for a select: by their first field only."""
    keys = [chapter_of(v) for v in views]
    found = _starts(keys)
    if len(found) > CHAPTERS:
        found = _starts([k[:1] for k in keys])
    return tuple(found[-CHAPTERS:])


def _starts(keys: Sequence[tuple[tuple[str, int], ...]]) -> list[Chapter]:
    """Return where each chapter starts; chapters only go forward.

    A view whose fields go back (the final scoring of Trajan leaves the round at 1 of the last
    quarter) starts no chapter: "Quarter 4, round 1" after "Quarter 4, round 4" (item 30).
    """
    out: list[Chapter] = []
    for move, key in enumerate(keys):
        if key and (not out or _values(key) > _values(out[-1].fields)):
            out.append(Chapter(key, move))
    return out


def _values(key: tuple[tuple[str, int], ...]) -> tuple[int, ...]:
    return tuple(value for _name, value in key)


def states_after(
    engine: GameEngine[Any, Any],
    options: dict[str, str],
    seats: int,
    seed: int,
    moves: Sequence[str],
) -> list[Any]:
    """Replay notations from the seed; return the state after each (0 moves first)."""
    state = engine.new_state(options, seats, seed)
    states = [state]
    for notation in moves:
        state = engine.apply(state, parse_action(engine, state, notation)).state
        states.append(state)
    return states


def public_views(engine: GameEngine[Any, Any], states: Sequence[Any]) -> list[Any]:
    """Return the public view of each state."""
    return [engine.view(s, None) for s in states]


def prompt_at(engine: GameEngine[Any, Any], state: Any, lang: str) -> str | None:
    """Return the engine's sentence for a state's pending decision in `lang` (None: over).

    A drawn board without it would have no decision to show in the game's language: a
    replayed frame says what was being decided then, as the live board did (seventh
    playtest item 1, where the replay's frames said "Setup bowl." in a Spanish game).
    """
    if engine.result(state) is not None:
        return None
    return engine.prompt(state, lang) or None


def _replayed(
    engine: GameEngine[Any, Any],
    options: dict[str, str],
    seats: int,
    seed: int,
    moves: Sequence[str],
) -> tuple[list[Any], list[Any]]:
    """Replay notations from the seed; return every state and its public view."""
    states = states_after(engine, options, seats, seed, moves)
    return states, public_views(engine, states)


class Rewind:
    """The session part that rebuilds past boards."""

    def __init__(self, ctx: Context, repo: Repository) -> None:
        """Share the service's context and repository."""
        self.ctx = ctx
        self.repo = repo

    async def board_at(self, game_id: int, move: int | None = None) -> Frame:
        """Return the public board after `move` live moves (None or past the end: the newest)."""
        g = await self.repo.load(game_id)
        if g.state is None or g.row.seed is None:
            raise NotStartedError("error.not_started")
        moves = await self.ctx.store.moves(game_id)
        last = len(moves)
        at = last if move is None else max(0, min(move, last))
        options, seed = json.loads(g.row.options), g.row.seed
        notations = [m.action for m in moves]
        # Off the event loop: a long game replays for a while.
        states, views = await asyncio.to_thread(
            _replayed, g.engine, options, len(g.seats), seed, notations
        )
        marks = chapters(views)
        inside = [i for i, c in enumerate(marks) if c.move <= at]
        return Frame(
            game_id=game_id,
            game=g.row.game,
            status=Status(g.row.status),
            language=g.row.language,
            move=at,
            last=last,
            view=views[at],
            before=views[at - 1] if at else None,
            line=line(g, moves[at - 1]) if at else None,
            chapters=marks,
            chapter=inside[-1] if inside else -1,
            prompt=prompt_at(g.engine, states[at], g.row.language),
            result=_result(g.row.result) if at == last else None,
        )


def _result(stored: str | None) -> Result | None:
    """Return a game's stored result (None while it runs, or if it ended without one)."""
    final = final_from_json(stored)
    return final.result if final is not None else None


MAX_FRAMES = 60  # an animation of a game without rounds: at most this many of its moves


@dataclass(frozen=True, slots=True)
class Summary:
    """What the end-of-game summary shows: frames of the public board, and every seat's view.

    `frames` are (view, before, prompt) triples: the board at the start, at the end of each
    round (or chapter; a game without them: at its moves, at most MAX_FRAMES) and at the end,
    each with the board of the frame before, so a drawing marks what changed in between, and
    what was being decided then in the game's language (None at the end). `private` is
    each seat's own view, by seat: the game is over, so nothing in it is secret any more.
    """

    game_id: int
    game: str
    language: str
    frames: tuple[tuple[Any, Any, str | None], ...]
    private: tuple[Any, ...]


def frame_moves(marks: Sequence[Chapter], last: int) -> list[int]:
    """Return the moves an animation shows: the start, each chapter's end, the end."""
    if marks:
        moves = [0, *(c.move for c in marks[1:]), last]
    else:
        step = max(1, -(-last // (MAX_FRAMES - 1)))
        moves = [*range(0, last, step), last]
    return sorted(set(moves))


class Ending:
    """The session part that gathers a finished game's summary."""

    def __init__(self, ctx: Context, repo: Repository) -> None:
        """Share the service's context and repository."""
        self.ctx = ctx
        self.repo = repo

    async def summary(self, game_id: int) -> Summary:
        """Return a finished game's frames and private views (refused while it runs)."""
        g = await self.repo.load(game_id)
        if g.state is None or g.row.seed is None:
            raise NotStartedError("error.not_started")
        if g.row.status != Status.FINISHED:
            raise GameError("replay.not_over", number=game_id)
        moves = await self.ctx.store.moves(game_id)
        notations = [m.action for m in moves]
        states, views = await asyncio.to_thread(
            _replayed, g.engine, json.loads(g.row.options), len(g.seats), g.row.seed, notations
        )
        shown = frame_moves(chapters(views), len(moves))
        lang = g.row.language
        frames = tuple(
            (views[m], views[shown[i - 1]] if i else None, prompt_at(g.engine, states[m], lang))
            for i, m in enumerate(shown)
        )
        private = tuple(g.engine.view(g.state, seat) for seat in range(len(g.seats)))
        return Summary(game_id, g.row.game, g.row.language, frames, private)


UNDO_POINTS = 25  # a Discord select's options


class UndoPoints:
    """The moves of the current round a player may ask to go back to ("undo to here")."""

    def __init__(self, ctx: Context, repo: Repository) -> None:
        """Share the service's context and repository."""
        self.ctx = ctx
        self.repo = repo

    async def undo_points(self, game_id: int) -> tuple[LogLine, ...]:
        """Return the live moves of the current round after the last irreversible one.

        Going back to one of them takes back it and every move after it: never across a
        die, card or hidden reveal (a move marked irreversible, and what came before it),
        and never into an earlier round. The newest last, at most UNDO_POINTS of them.
        """
        g = await self.repo.load(game_id)
        if g.row.status != Status.ACTIVE or g.row.seed is None:
            return ()
        moves = await self.ctx.store.moves(game_id)
        notations = [m.action for m in moves]
        _states, views = await asyncio.to_thread(
            _replayed, g.engine, json.loads(g.row.options), len(g.seats), g.row.seed, notations
        )
        marks = chapters(views)
        start = marks[-1].move if marks else 0  # moves[start:] were made in this round
        reveal = max((i + 1 for i, m in enumerate(moves) if m.irreversible), default=0)
        first = max(start, reveal)
        return tuple(line(g, m) for m in moves[first:])[-UNDO_POINTS:]
