"""The async game-session manager the cogs call: load -> check -> apply -> save -> outcome.

`SessionManager(store, games, clock, players)` is built once by the bot and injected into
the cogs. It never talks to Discord: each call returns frozen records (`models.py`) that the
cogs post. Everything lives in SQLite (`store.py`); a restart loses nothing (`resume()`).
Lobby calls are in `lobby.py`, undo/resign/abandon in `consent.py`, timers in `timers.py`.
"""

import asyncio
import json

from engine.core.errors import GameOverError
from engine.core.play import check_turn
from engine.sessions.core import resolve
from engine.sessions.errors import NotStartedError
from engine.sessions.models import (
    By,
    Choice,
    Choices,
    GameInfo,
    LogLine,
    Outcome,
    PrivateView,
    Status,
    Verification,
    Waiting,
)
from engine.sessions.replay import replay
from engine.sessions.rows import from_text
from engine.sessions.timers import Timers

__all__ = ["SessionManager"]


class SessionManager(Timers):
    """Create, join and start games; play, undo, resign; timers; status, logs and views."""

    async def play(self, game_id: int, user_id: int, version: int, move: object) -> Outcome:
        """Play a move: a button index into the legal actions, a typed notation, or an action.

        Checks, in order: the game exists and is active, the user is seated, `version` is the
        game's version (else StaleStateError), it is their decision, the move is legal. Then
        one transaction stores it, and AI seats move until a human must decide.
        """
        async with self._lock(game_id):
            g = await self._active(game_id)
            row = self._competing(g, user_id)
            self._check_version(g, version)
            assert row.seat is not None  # noqa: S101 - active games have engine seats
            check_turn(g.engine, g.state, row.seat, g.state.version)
            action = resolve(g.engine, g.state, move)
            step = g.engine.apply(g.state, action)
            lines = [await self._commit(g, row.seat, action, step, By.PLAYER)]
            lines += await self._advance(g)
            return await self._outcome(g, lines, [], actor=user_id)

    async def choices(self, game_id: int) -> Choices:
        """Return the current decision and its legal actions (the button indices)."""
        g = await self._active(game_id)
        turn = self._turn(g)
        if turn is None:
            raise GameOverError("This game is over; no more moves can be made.")
        lang = g.row.language
        items = tuple(
            Choice(i, g.engine.action_text(a), g.engine.describe(a, lang))
            for i, a in enumerate(g.engine.legal_actions(g.state))
        )
        return Choices(game_id, g.row.version, turn, items)

    async def reveals(self, game_id: int, user_id: int, version: int, move: object) -> bool:
        """Return whether a move would reveal a die, card or secret (so undo could not cross it).

        The move is tried on a copy and nothing is saved or shown; the cogs ask for a
        confirmation before such a move. Checks and raises exactly like `play`.
        """
        g = await self._active(game_id)
        row = self._competing(g, user_id)
        self._check_version(g, version)
        assert row.seat is not None  # noqa: S101 - active games have engine seats
        check_turn(g.engine, g.state, row.seat, g.state.version)
        action = resolve(g.engine, g.state, move)
        step = await asyncio.to_thread(g.engine.apply, g.state, action)
        return step.irreversible

    async def current(self, game_id: int) -> Outcome:
        """Return the game as it stands, as an Outcome with no moves (to post its board again)."""
        return await self._outcome(await self._load(game_id), [], [], actor=None)

    async def game_in_thread(self, thread_id: int) -> int | None:
        """Return the id of the game played in a thread, if any (commands typed there)."""
        return await self.store.game_in_thread(thread_id)

    async def status(self, game_id: int) -> GameInfo:
        """Return a game's status, seats, current decision and public view."""
        return self._info(await self._load(game_id))

    async def list_games(
        self,
        guild_id: int | None = None,
        statuses: tuple[Status, ...] = (Status.LOBBY, Status.ACTIVE),
    ) -> list[GameInfo]:
        """Return the games with the given statuses (in one guild if given)."""
        rows = await self.store.games([s.value for s in statuses], guild_id)
        return [self._info(await self._load(r.id)) for r in rows]

    async def log(
        self,
        game_id: int,
        *,
        user_id: int | None = None,
        limit: int | None = None,
        include_undone: bool = False,
    ) -> tuple[LogLine, ...]:
        """Return the move log; with `user_id`, only what happened since that user's last move."""
        g = await self._load(game_id)
        moves = await self.store.moves(game_id, live_only=not include_undone)
        if g.row.status == Status.LOBBY:
            return ()
        if user_id is not None:
            row = self._seated(g, user_id)
            assert row.seat is not None  # noqa: S101
            return await self._since_last_turn(g, row.seat)
        lines = tuple(self._line(g, m) for m in moves)
        return lines if limit is None else lines[-limit:]

    async def private_view(self, game_id: int, user_id: int) -> PrivateView:
        """Return what only this user's seat may see (`/game private`)."""
        g = await self._load(game_id)
        if g.state is None:
            raise NotStartedError("This game has not started yet.")
        row = self._seated(g, user_id)
        assert row.seat is not None  # noqa: S101
        view = g.engine.view(g.state, row.seat)
        prompt = None
        if g.state.pending is not None:
            prompt = g.engine.prompt(g.state, g.row.language)
        return PrivateView(game_id, g.row.version, row.seat, view, prompt)

    async def waiting_on(self, user_id: int, guild_id: int | None = None) -> list[Waiting]:
        """Return the games waiting on the user's decision, longest-waiting first."""
        return [
            Waiting(
                game_id=r.id,
                game=r.game,
                guild_id=r.guild_id,
                channel_id=r.channel_id,
                thread_id=r.thread_id,
                since=from_text(r.turn_since or r.updated_at),
                deadline=from_text(r.deadline) if r.deadline else None,
            )
            for r in await self.store.waiting_on(user_id)
            if guild_id is None or r.guild_id == guild_id
        ]

    async def verify(self, game_id: int) -> Verification:
        """Replay the move log from the seed and compare it with the stored state and events."""
        g = await self._load(game_id)
        if g.state is None or g.row.seed is None:
            return Verification(game_id, True, 0, "The game has not started; nothing to check.")
        moves = await self.store.moves(game_id)
        log = [(m.action, m.events) for m in moves]
        try:
            state, mismatch = replay(
                g.engine, json.loads(g.row.options), len(g.seats), g.row.seed, log
            )
        except Exception as error:
            return Verification(game_id, False, len(moves), f"The log does not replay: {error}")
        if mismatch is not None:
            detail = f"Move {moves[mismatch].version} replays with different events."
            return Verification(game_id, False, len(moves), detail)
        if json.dumps(g.engine.to_json(state), sort_keys=True) != g.row.state:
            return Verification(
                game_id, False, len(moves), "The stored state differs from the replay."
            )
        return Verification(game_id, True, len(moves), f"{len(moves)} moves replay exactly.")
