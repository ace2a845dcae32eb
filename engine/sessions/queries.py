"""Read-only questions about games: status, lists, logs, private views, waiting, verify.

Nothing here takes a game's lock or writes: these calls read committed data only.
"""

import json

from engine.db.shards import ALL
from engine.sessions import editions
from engine.sessions.context import Context
from engine.sessions.errors import NotStartedError
from engine.sessions.loaded import info, line, seated
from engine.sessions.models import GameInfo, LogLine, PrivateView, Status, Verification, Waiting
from engine.sessions.replay import replay
from engine.sessions.repository import Repository
from engine.sessions.rows import from_text


class Queries:
    """The public and private views of games, and the replay check."""

    def __init__(self, ctx: Context, repo: Repository) -> None:
        """Share the service's context and repository."""
        self.ctx = ctx
        self.repo = repo

    async def game_in_thread(self, thread_id: int) -> int | None:
        """Return the id of the game played in a thread, if any (commands typed there)."""
        return await self.ctx.store.game_in_thread(thread_id)

    async def status(self, game_id: int) -> GameInfo:
        """Return a game's status, seats, current decision and public view."""
        return info(await self.repo.load(game_id))

    async def list_games(
        self,
        guild_id: int | None = None,
        statuses: tuple[Status, ...] = (Status.LOBBY, Status.ACTIVE),
        *,
        owned: bool = False,
    ) -> list[GameInfo]:
        """Return the games with the given statuses (in one guild if given).

        `owned`: of the servers of this process's shards only.
        """
        shards = self.ctx.shards if owned else ALL
        rows = await self.ctx.store.games([s.value for s in statuses], guild_id, shards)
        # A game paused for repair is listed (without its view), not an error for the list.
        return [info(await self.repo.load(r.id, checked=False)) for r in rows]

    async def log(
        self,
        game_id: int,
        *,
        user_id: int | None = None,
        limit: int | None = None,
        include_undone: bool = False,
    ) -> tuple[LogLine, ...]:
        """Return the move log; with `user_id`, only what happened since that user's last move."""
        g = await self.repo.load(game_id)
        moves = await self.ctx.store.moves(game_id, live_only=not include_undone)
        if g.row.status == Status.LOBBY:
            return ()
        if user_id is not None:
            row = seated(g, user_id)
            assert row.seat is not None  # noqa: S101
            return await self.repo.since_last_turn(g, row.seat)
        lines = tuple(line(g, m) for m in moves)
        return lines if limit is None else lines[-limit:]

    async def private_view(self, game_id: int, user_id: int) -> PrivateView:
        """Return what only this user's seat may see (`/game private`)."""
        g = await self.repo.load(game_id)
        if g.state is None:
            raise NotStartedError("error.not_started")
        row = seated(g, user_id)
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
                language=r.language,
            )
            for r in await self.ctx.store.waiting_on(user_id)
            if guild_id is None or r.guild_id == guild_id
        ]

    async def verify(self, game_id: int) -> Verification:
        """Replay the move log from the seed and compare it with the stored state and events."""
        g = await self.repo.load(game_id, checked=False)  # a state that fails checks: below
        if g.row.state is None or g.row.seed is None:
            return Verification(game_id, True, 0, "The game has not started; nothing to check.")
        moves = await self.ctx.store.moves(game_id)
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
        edition = await editions.edition_of(
            self.ctx.store, self.ctx.editions, g.row, self.ctx.engine(g.row.game)
        )
        under = f" under its edition ({edition})" if edition else ""
        return Verification(game_id, True, len(moves), f"{len(moves)} moves replay exactly{under}.")
