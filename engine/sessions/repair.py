"""Rebuild a game from its move log (issue 20): `/admin game repair` and `/admin game edition`.

A stored state that fails its game's checks is refused on load (repository.py,
`StateNeedsRepairError`): nobody plays on it. The repair replays the live moves from the seed
(as `verify` does), refuses when the log does not replay or replays with other events than
were recorded, and otherwise saves the rebuilt state as a new version (old buttons go stale),
with its turn and timers, and says what differed from the stored state. Automated seats then
move as after any move.

`migrate` moves a running game to the newest rules edition (editions.py): its log is replayed
under the newest data and refused if it does not replay; the moves' recorded events become
the replayed ones (so `verify` checks the game under its new edition; the lines players read
stay as they were), and the thread is told (`EDITION`).
"""

import json
from dataclasses import dataclass
from typing import Any

from engine.core.errors import GameError
from engine.core.play import parse_action
from engine.sessions import editions
from engine.sessions.context import Context
from engine.sessions.errors import NotStartedError
from engine.sessions.models import Notice, NoticeKind, Outcome, Status
from engine.sessions.replay import events_json, replay
from engine.sessions.repository import Repository
from engine.sessions.rows import to_text
from engine.sessions.turns import Turns

SHOWN = 12  # differences named at most; the rest are counted


class RepairRefusedError(GameError):
    """The move log does not rebuild the game; it stays as it is."""


class EditionRefusedError(GameError):
    """The game cannot move to the newest edition (already there, or its log does not replay)."""


@dataclass(frozen=True, slots=True)
class Migration:
    """A game moved to the newest edition: from which, to which, and the moves replayed."""

    game_id: int
    moves: int
    changed: int  # moves whose events differ under the new edition
    old: str
    new: str
    outcome: Outcome


@dataclass(frozen=True, slots=True)
class Repair:
    """What a repair found: the moves replayed and the parts of the state that differed."""

    game_id: int
    moves: int
    differences: tuple[str, ...]
    outcome: Outcome


def differences(stored: Any, rebuilt: Any, path: str = "") -> list[str]:
    """Return the paths (`vp`, `players[1].hand`) at which two JSON values differ."""
    if stored == rebuilt:
        return []
    if isinstance(stored, dict) and isinstance(rebuilt, dict) and path.count(".") < 2:
        out: list[str] = []
        for key in sorted(set(stored) | set(rebuilt)):
            out.extend(differences(stored.get(key), rebuilt.get(key), f"{path}.{key}"))
        return out
    if (
        isinstance(stored, list)
        and isinstance(rebuilt, list)
        and len(stored) == len(rebuilt)
        and any(isinstance(x, dict) for x in rebuilt)
    ):
        return [d for i, (a, b) in enumerate(zip(stored, rebuilt, strict=True))
                for d in differences(a, b, f"{path}[{i}]")]  # fmt: skip
    return [path.lstrip(".") or "the whole state"]


class Repairs:
    """Rebuilds games from their move logs."""

    def __init__(self, ctx: Context, repo: Repository, turns: Turns) -> None:
        """Share the service's context, repository and turns."""
        self.ctx, self.repo, self.turns = ctx, repo, turns

    async def repair(self, game_id: int) -> Repair:
        """Replay a game's log from its seed and save the result in place of its state."""
        async with self.ctx.lock(game_id):
            g = await self.repo.load(game_id, checked=False)
            if g.row.status != Status.ACTIVE or g.row.seed is None or g.row.state is None:
                raise NotStartedError("error.session.repair_not_running")
            moves = await self.ctx.store.moves(game_id)
            log = [(m.action, m.events) for m in moves]
            try:
                state, mismatch = replay(
                    g.engine, json.loads(g.row.options), len(g.seats), g.row.seed, log
                )
            except Exception as error:  # whatever stops the replay, the game stays as it is
                raise RepairRefusedError(
                    "repair.refused", number=game_id, detail=f"the log does not replay ({error})"
                ) from error
            if mismatch is not None:
                detail = f"move {moves[mismatch].version} replays with other events"
                raise RepairRefusedError("repair.refused", number=game_id, detail=detail)
            rebuilt = g.engine.to_json(state)
            try:
                stored = json.loads(g.row.state)
            except ValueError:
                stored = None
            found = differences(stored, rebuilt)
            notices: list[Notice] = []
            if found or g.state is None:
                async with self.ctx.store.transaction() as tx:
                    await self.repo.save_state(tx, g, state, self.ctx.now())
                notices.append(Notice(NoticeKind.REPAIRED, detail=str(len(moves))))
            else:
                g.state = state
            g.initial = state
            lines = await self.turns.advance(g)
            outcome = await self.turns.outcome(g, lines, notices, actor=None)
            shown = found[:SHOWN] + ([f"+{len(found) - SHOWN}"] if len(found) > SHOWN else [])
            return Repair(game_id, len(moves), tuple(shown), outcome)

    async def migrate(self, game_id: int) -> Migration:
        """Move a running game to the newest edition, if its log replays under it."""
        async with self.ctx.lock(game_id):
            g = await self.repo.active(game_id)
            newest_engine = self.ctx.engine(g.row.game)
            cache = self.ctx.editions
            newest = cache.newest(g.row.game, newest_engine)
            old = await editions.edition_of(self.ctx.store, cache, g.row, newest_engine)
            if newest is None or newest_engine is g.engine:
                raise EditionRefusedError("edition.already", number=game_id)
            moves = await self.ctx.store.moves(game_id)
            options = json.loads(g.row.options)
            try:
                state, steps = _replayed(
                    newest_engine, options, len(g.seats), g.row.seed or 0, [m.action for m in moves]
                )
            except Exception as error:  # whatever stops the replay, the game stays as it is
                raise EditionRefusedError(
                    "edition.refused", number=game_id, detail=str(error)
                ) from error
            changed = [(m.id, e) for m, e in zip(moves, steps, strict=True) if e != m.events]
            now = self.ctx.now()
            notice = Notice(NoticeKind.EDITION, detail=newest.label)
            async with self.ctx.store.transaction() as tx:
                g.engine = newest_engine
                await self.repo.save_state(tx, g, state, now)
                await editions.record(tx, cache, game_id, g.row.game, newest_engine, to_text(now))
                for move_id, events in changed:
                    await tx.set_move_events(move_id, events)
            g.initial = state
            lines = await self.turns.advance(g)
            outcome = await self.turns.outcome(g, lines, [notice], actor=None)
            return Migration(game_id, len(moves), len(changed), old, newest.label, outcome)


def _replayed(
    engine: Any, options: dict[str, str], seats: int, seed: int, notations: list[str]
) -> tuple[Any, list[str]]:
    """Replay moves under `engine`: the final state and the events JSON of every move."""
    state = engine.new_state(options, seats, seed)
    out = []
    for notation in notations:
        step = engine.apply(state, parse_action(engine, state, notation))
        out.append(events_json(step.events))
        state = step.state
    return state, out
