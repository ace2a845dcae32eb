"""Lobbies: create, join, leave, add or remove AI seats, start; plus settings and messages.

Seats map to Discord users only here (STYLE.md §2.1). At start the seed is drawn once
(`secrets.randbits(63)`), and lobby slots become engine seats in join order or shuffled from
that seed (the default: the first player should not be whoever clicked Join first); the
order is recorded in the seats table, so a replay needs nothing else.
"""

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core.errors import GameError, GameOverError
from engine.core.rng import Rng
from engine.sessions import editions
from engine.sessions.context import Context
from engine.sessions.errors import (
    AlreadySeatedError,
    GameNotFoundError,
    LobbyFullError,
    NotAllowedError,
    NotEnoughPlayersError,
    NotInLobbyError,
    UnknownGameError,
)
from engine.sessions.loaded import Loaded, controller, info, seated
from engine.sessions.models import (
    By,
    GameInfo,
    Notice,
    NoticeKind,
    Outcome,
    Policy,
    SeatOrder,
    Status,
    TimeControl,
)
from engine.sessions.repository import Repository
from engine.sessions.rows import GameAiRow, to_text
from engine.sessions.turns import Turns


@dataclass(frozen=True, slots=True)
class NewGame:
    """What `/game new` asks for."""

    game: str
    guild_id: int | None = None
    channel_id: int | None = None
    seats: int | None = None  # the most players the lobby takes; None: the game's maximum
    options: Mapping[str, str] = field(default_factory=dict)
    time_control: TimeControl | None = None
    policy: Policy = Policy.STAND_IN
    language: str | None = None  # None: the guild's language setting, else English
    seat_order: SeatOrder = SeatOrder.RANDOM
    ai_level: str | None = None  # the stand-in AI (a level); None: the service's `stand_in`
    hints: bool = True  # whether its players may ask for a hint (/game hint)
    ranked: bool = False  # a league game: never hints


@dataclass(frozen=True, slots=True)
class Settings:
    """Changes to a game's settings (`/game settings`); None leaves a setting as it is."""

    language: str | None = None
    policy: Policy | None = None
    time_control: TimeControl | None = None
    no_time_control: bool = False  # True removes the time control
    ai_level: str | None = None  # the stand-in AI's level
    hints: bool | None = None  # whether its players may ask for hints


class Lobby:
    """Lobby and settings operations."""

    def __init__(self, ctx: Context, repo: Repository, turns: Turns) -> None:
        """Share the service's context, repository and turns."""
        self.ctx = ctx
        self.repo = repo
        self.turns = turns

    def _options(self, spec: NewGame) -> dict[str, str]:
        engine = self.ctx.engine(spec.game)
        known = {o.name: o for o in engine.options()}
        for name, value in spec.options.items():
            if name not in known:
                raise UnknownGameError("error.session.not_an_option", name=name, game=engine.name)
            if value not in known[name].choices:
                choices = ", ".join(known[name].choices)
                raise UnknownGameError("error.session.option_choices", name=name, choices=choices)
        return {name: spec.options.get(name, o.default) for name, o in known.items()}

    def _check_new(self, spec: NewGame) -> int:
        engine = self.ctx.engine(spec.game)
        seats = engine.max_seats if spec.seats is None else spec.seats
        if not engine.min_seats <= seats <= engine.max_seats:
            raise NotEnoughPlayersError(
                "error.session.seat_range",
                game=engine.name,
                low=engine.min_seats,
                high=engine.max_seats,
            )
        self._check_control(spec.time_control)
        return seats

    @staticmethod
    def _check_control(control: TimeControl | None) -> None:
        if control is not None and (
            control.per_move.total_seconds() < 60
            or any(r.total_seconds() <= 0 or r >= control.per_move for r in control.reminders)
        ):
            raise GameError("error.session.time_control")

    def _check_ai(self, name: str) -> None:
        """Refuse an AI player the bot does not have, or a level above the operator's cap."""
        thinker = self.ctx.thinker
        if name not in self.ctx.players:
            raise UnknownGameError("error.session.no_ai_called", kind=name)
        if name in thinker.players and not thinker.allows(name):  # a test's own player: allowed
            raise NotAllowedError("error.ai.level_not_allowed", levels=", ".join(thinker.levels))

    async def create_lobby(self, creator_id: int, spec: NewGame) -> GameInfo:
        """Open a lobby with its creator seated, and return it."""
        seats = self._check_new(spec)
        options = self._options(spec)
        stand_in = spec.ai_level or self.ctx.stand_in
        if spec.ai_level is not None and not spec.ranked:  # a league's: capped when it plays
            self._check_ai(spec.ai_level)
        language = spec.language
        if language is None and spec.guild_id is not None:
            language = (await self.ctx.store.settings(spec.guild_id)).get("language")
        now = to_text(self.ctx.now())
        async with self.ctx.store.transaction() as tx:
            game_id = await tx.insert_game(
                {
                    "guild_id": spec.guild_id,
                    "channel_id": spec.channel_id,
                    "game": spec.game,
                    "options": json.dumps(options, sort_keys=True),
                    "max_seats": seats,
                    "creator_id": creator_id,
                    "seat_order": spec.seat_order.value,
                    **_control_columns(spec.time_control),
                    "policy": spec.policy.value,
                    "language": language or "en",
                    "created_at": now,
                    "updated_at": now,
                }
            )
            await tx.insert_seat(game_id, creator_id, None, now)
            hints = spec.hints and not spec.ranked
            await tx.set_game_ai(GameAiRow(game_id, stand_in, int(hints), int(spec.ranked)))
        return info(await self.repo.load(game_id))

    async def join(self, game_id: int, user_id: int) -> GameInfo:
        """Seat a user in a lobby."""
        async with self.ctx.lock(game_id):
            g = await self.repo.lobby(game_id)
            if g.seat_of(user_id) is not None:
                raise AlreadySeatedError("error.already_seated")
            if len(g.seats) >= g.row.max_seats:
                raise LobbyFullError("error.lobby_full")
            async with self.ctx.store.transaction() as tx:
                await tx.insert_seat(game_id, user_id, None, to_text(self.ctx.now()))
            return info(await self.repo.load(game_id))

    async def leave(self, game_id: int, user_id: int) -> GameInfo:
        """Free a user's lobby seat; the lobby closes when no player is left."""
        async with self.ctx.lock(game_id):
            g = await self.repo.lobby(game_id)
            row = seated(g, user_id)
            others = [s for s in g.humans() if s.user_id != user_id]
            now = to_text(self.ctx.now())
            async with self.ctx.store.transaction() as tx:
                await tx.delete_seat(game_id, row.slot)
                if not others:
                    await tx.update_game(
                        game_id, None, status=Status.ABANDONED.value, updated_at=now
                    )
                elif user_id == g.row.creator_id:
                    await tx.update_game(
                        game_id, None, creator_id=others[0].user_id, updated_at=now
                    )
            left = info(await self.repo.load(game_id))
            if not others:  # the lobby closed: the game ended, abandoned
                await self.ctx.ended(left)
            return left

    async def add_ai(self, game_id: int, user_id: int, kind: str = "greedy") -> GameInfo:
        """Add an AI seat to a lobby (any seated player may): a level, or a plain player."""
        self._check_ai(kind)
        async with self.ctx.lock(game_id):
            g = await self.repo.lobby(game_id)
            seated(g, user_id)
            if len(g.seats) >= g.row.max_seats:
                raise LobbyFullError("error.lobby_full")
            async with self.ctx.store.transaction() as tx:
                await tx.insert_seat(game_id, None, kind, to_text(self.ctx.now()))
            return info(await self.repo.load(game_id))

    async def remove_ai(self, game_id: int, user_id: int) -> GameInfo:
        """Remove the most recently added AI seat of a lobby."""
        async with self.ctx.lock(game_id):
            g = await self.repo.lobby(game_id)
            seated(g, user_id)
            ais = [s for s in g.seats if s.ai is not None]
            if not ais:
                raise GameError("error.session.no_ai_seat")
            async with self.ctx.store.transaction() as tx:
                await tx.delete_seat(game_id, ais[-1].slot)
            return info(await self.repo.load(game_id))

    async def start(
        self, game_id: int, user_id: int, *, admin: bool = False, advance: bool = True
    ) -> Outcome:
        """Start a lobby: draw the seed, fix the seat order, set up, and let AI seats move.

        Without `advance`, the AI seats wait for `Turns.proceed`: the outcome (`thinking` if
        an AI decides first) is the first board, posted before they think (playtest item 100).
        A restart in between loses nothing: `resume` moves them.
        """
        async with self.ctx.lock(game_id):
            g = await self.repo.lobby(game_id)
            if user_id != g.row.creator_id and not admin:
                raise NotAllowedError("error.session.creator_starts")
            count = len(g.seats)
            if count < g.engine.min_seats or not g.humans():
                raise NotEnoughPlayersError(
                    "error.session.too_few", game=g.engine.name, low=g.engine.min_seats
                )
            seed = self.ctx.seeds()
            slots = [s.slot for s in g.seats]
            if g.row.seat_order == SeatOrder.RANDOM:
                slots = Rng(seed, 0, "seats").shuffled(slots)
            options = json.loads(g.row.options)
            state = g.engine.new_state(options, count, seed)
            now = self.ctx.now()
            async with self.ctx.store.transaction() as tx:
                for seat, slot in enumerate(slots):
                    await self.repo.update_seat(tx, g, slot, seat=seat)
                fields: dict[str, Any] = {
                    "seed": seed,
                    "status": Status.ACTIVE.value,
                    "state": json.dumps(g.engine.to_json(state), sort_keys=True),
                    "updated_at": to_text(now),
                }
                fields.update(await self.repo.retarget(tx, g, state, now))
                if not await tx.update_game(game_id, g.row.version, when="lobby", **fields):
                    raise NotInLobbyError("error.session.already_started")
                # The edition it starts under: it finishes under it (editions.py).
                await editions.record(
                    tx, self.ctx.editions, game_id, g.row.game, g.engine, to_text(now)
                )
            g.row, g.state = replace(g.row, **fields), state
            lines = await self.turns.advance(g) if advance else []
            notice = Notice(NoticeKind.STARTED, detail=g.row.seat_order)
            outcome = await self.turns.outcome(g, lines, [notice], actor=None)
            ctl = controller(g, g.state, self.ctx.players, self.ctx.stand_in)
            waiting = not advance and outcome.turn is not None and ctl.by is not By.PLAYER
            return replace(outcome, thinking=waiting)

    async def configure(
        self, game_id: int, user_id: int, changes: Settings, *, admin: bool = False
    ) -> GameInfo:
        """Change a game's language, timeout policy or time control (creator or admin).

        A new time control restarts the current decision's deadline from now.
        """
        async with self.ctx.lock(game_id):
            g = await self.repo.load(game_id)
            if user_id != g.row.creator_id and not admin:
                raise NotAllowedError("error.session.creator_changes")
            if g.row.status in (Status.FINISHED, Status.ABANDONED):
                raise GameOverError("error.session.over")
            fields: dict[str, Any] = {"updated_at": to_text(self.ctx.now())}
            if changes.language is not None:
                fields["language"] = changes.language
            if changes.policy is not None:
                fields["policy"] = changes.policy.value
            control = changes.time_control
            if control is not None or changes.no_time_control:
                self._check_control(control)
                fields.update(_control_columns(control))
            ai = self._ai_changes(g, changes)
            async with self.ctx.store.transaction() as tx:
                if ai is not None:
                    await tx.set_game_ai(ai)
                await tx.update_game(game_id, None, **fields)
                g.row = replace(g.row, **fields)
                if g.state is not None and "move_seconds" in fields:
                    await tx.delete_timers(game_id)
                    turn = await self.repo.retarget(tx, g, g.state, self.ctx.now())
                    await tx.update_game(game_id, None, **turn)
            return info(await self.repo.load(game_id))

    def _ai_changes(self, g: Loaded, changes: Settings) -> GameAiRow | None:
        """Return the game's AI settings after `changes` (None: they change nothing there)."""
        if changes.ai_level is None and changes.hints is None:
            return None
        current = g.ai or GameAiRow(g.id, self.ctx.stand_in, 1, 0)
        if changes.ai_level is not None:
            self._check_ai(changes.ai_level)
            current = replace(current, stand_in=changes.ai_level)
        if changes.hints is not None:
            if changes.hints and current.ranked:
                raise NotAllowedError("error.ai.hint_ranked")
            current = replace(current, hints=int(changes.hints))
        return current

    async def set_messages(self, game_id: int, **ids: int | None) -> None:
        """Record the thread and message ids the cogs created (thread_id, board_message_id...)."""
        allowed = {"thread_id", "lobby_message_id", "board_message_id", "ping_message_id"}
        if not ids or set(ids) - allowed:
            raise ValueError(f"set_messages takes only {sorted(allowed)}")
        async with self.ctx.lock(game_id):
            fields: dict[str, Any] = dict(ids)
            async with self.ctx.store.transaction() as tx:
                if not await tx.update_game(game_id, None, **fields):
                    raise GameNotFoundError("error.session.no_game_number", number=game_id)

    async def set_guild_setting(self, guild_id: int, key: str, value: str) -> None:
        """Store a guild setting (e.g. "language", "admin_role")."""
        async with self.ctx.store.transaction() as tx:
            await tx.set_setting(guild_id, key, value)

    async def guild_settings(self, guild_id: int) -> dict[str, str]:
        """Return a guild's settings."""
        return await self.ctx.store.settings(guild_id)

    async def set_user_language(self, user_id: int, language: str) -> None:
        """Remember a user's language, for messages sent without an interaction."""
        async with self.ctx.store.transaction() as tx:
            await tx.set_user_language(user_id, language)

    async def user_language(self, user_id: int) -> str | None:
        """Return a user's remembered language."""
        return await self.ctx.store.user_language(user_id)


def _control_columns(control: TimeControl | None) -> dict[str, Any]:
    if control is None:
        return {"move_seconds": None, "reminders": "[]"}
    before = [int(r.total_seconds()) for r in control.reminders]
    return {"move_seconds": int(control.per_move.total_seconds()), "reminders": json.dumps(before)}
