"""The session service the cogs call: a facade over parts that each do one job.

`SessionService(store, games, clock, players)` is built once by the bot and injected into
the cogs (`SessionManager` is the same class, by its older name). It never talks to Discord:
each call returns frozen records (`models.py`) that the cogs post. Everything lives in SQLite
(`store.py`); a restart loses nothing (`resume()`).

The parts share one `Context` (store, engines, AI players, clock, per-game locks):

- `repository.py`: load a game's row and seats as one object; write moves, turns, ends;
- `lobby.py`: create, join, leave, AI seats, start, settings, message ids;
- `turns.py`: play, choices, AI seats moving, and the complete `Outcome` of a call;
- `consent.py`: undo, answers to requests, resign, abandon, return to a seat;
- `timers.py`: tick, reminders, deadlines, play_out, mutes, standing answers, resume;
- `queries.py`: status, lists, logs, private views, waiting_on, verify.

`on_game_end(listener)` registers a coroutine told once per game that ends (finished or
abandoned), right after the commit that ended it: the leagues settle results that way.
"""

import secrets
from collections.abc import Callable, Collection, Mapping
from datetime import datetime
from typing import Any, Literal

from engine.ai.players import Player
from engine.core.protocol import GameEngine
from engine.db.shards import Serving, Shards
from engine.sessions.clocks import Clocks
from engine.sessions.consent import Consent
from engine.sessions.context import Attendance, Clock, Context, GameEnded, Watcher
from engine.sessions.lobby import Lobby, NewGame, Settings
from engine.sessions.models import (
    Choices,
    GameInfo,
    LogLine,
    Notice,
    Outcome,
    PrivateView,
    Status,
    Verification,
    Waiting,
)
from engine.sessions.queries import Queries
from engine.sessions.repair import Migration, Repair, Repairs
from engine.sessions.repository import Repository
from engine.sessions.rewind import Ending, Frame, Rewind, Summary, UndoPoints
from engine.sessions.store import Store
from engine.sessions.substitutes import Offer, SeatChange, Substitutes, Substitution
from engine.sessions.timers import Timers
from engine.sessions.transfer import Transfer
from engine.sessions.turns import Saved, Turns
from engine.thinking import Suggestion, Thinker

__all__ = ["SessionManager", "SessionService"]


class SessionService:
    """Create, join and start games; play, undo, resign; timers; status, logs and views."""

    def __init__(  # noqa: PLR0913 - the service's parts, each with a default
        self,
        store: Store,
        games: Mapping[str, GameEngine[Any, Any]],
        clock: Clock,
        players: Mapping[str, Player] | None = None,
        *,
        stand_in: str = "greedy",
        seeds: Callable[[], int] | None = None,
        thinker: Thinker | None = None,
        serving: Serving | None = None,
    ) -> None:
        """Wire the service to its store, game registry, clock and AI players.

        `players` adds to (or replaces by name) the thinker's players: random, greedy and
        the levels easy, normal and hard. `stand_in` plays for games that name none (games
        imported, or opened through this API without `NewGame.ai_level`). `thinker` runs the
        AI decisions (default: in threads). With several processes (issue 19), `serving` says
        which servers' shards this process serves (timers, resumed AI turns and leagues of
        their games only), its name on the work it claims in the database and how long a
        claim holds (engine/db/shards.py).
        """
        thinker = thinker or Thinker()
        every = {**thinker.players, **(players or {})}
        if stand_in not in every:
            raise ValueError(f"unknown stand-in AI {stand_in!r}")
        self.ctx = Context(
            store=store,
            games=dict(games),
            clock=clock,
            players=every,
            stand_in=stand_in,
            seeds=seeds or (lambda: secrets.randbits(63)),
            thinker=thinker,
            serving=serving or Serving(),
        )
        self._repo = repo = Repository(self.ctx)
        self._turns = Turns(self.ctx, repo)
        self._lobby = Lobby(self.ctx, repo, self._turns)
        self._consent = Consent(self.ctx, repo, self._turns)
        self._timers = Timers(self.ctx, repo, self._turns)
        self._queries = Queries(self.ctx, repo)
        self._transfer = Transfer(self.ctx, repo, self._turns)
        self._rewind = Rewind(self.ctx, repo)
        self._ending = Ending(self.ctx, repo)
        self._points = UndoPoints(self.ctx, repo)
        self._repairs = Repairs(self.ctx, repo, self._turns)
        self._clocks = Clocks(self.ctx, repo)
        self._substitutes = Substitutes(self.ctx, repo, self._turns)

    @property
    def store(self) -> Store:
        """Return the store the service reads and writes."""
        return self.ctx.store

    @property
    def games(self) -> dict[str, GameEngine[Any, Any]]:
        """Return the engines by game name."""
        return self.ctx.games

    @property
    def clock(self) -> Clock:
        """Return the service's clock."""
        return self.ctx.clock

    def on_game_end(self, listener: GameEnded) -> None:
        """Tell `listener` once about every game that ends (finished or abandoned)."""
        self.ctx.listeners.append(listener)

    def on_progress(self, watcher: Watcher) -> None:
        """Show `watcher` a call's moves so far whenever an AI seat takes a while to decide.

        It gets an Outcome with `thinking` set, before the call's own; it should return soon
        (the AI's decision waits for it).
        """
        self.ctx.watchers.append(watcher)

    def thinking(self, game_id: int) -> int | None:
        """Return the AI seat of a game that is deciding now, if one is."""
        return self.ctx.thinking.get(game_id)

    # ---- lobby -------------------------------------------------------------------------

    async def create_lobby(self, creator_id: int, spec: NewGame) -> GameInfo:
        """Open a lobby with its creator seated, and return it."""
        return await self._lobby.create_lobby(creator_id, spec)

    async def join(self, game_id: int, user_id: int) -> GameInfo:
        """Seat a user in a lobby."""
        return await self._lobby.join(game_id, user_id)

    async def leave(self, game_id: int, user_id: int) -> GameInfo:
        """Free a user's lobby seat; the lobby closes when no player is left."""
        return await self._lobby.leave(game_id, user_id)

    async def add_ai(self, game_id: int, user_id: int, kind: str = "greedy") -> GameInfo:
        """Add an AI seat to a lobby (any seated player may); `kind` a level or a player."""
        return await self._lobby.add_ai(game_id, user_id, kind)

    async def remove_ai(self, game_id: int, user_id: int) -> GameInfo:
        """Remove the most recently added AI seat of a lobby."""
        return await self._lobby.remove_ai(game_id, user_id)

    async def start(
        self, game_id: int, user_id: int, *, admin: bool = False, advance: bool = True
    ) -> Outcome:
        """Start a lobby: draw the seed, fix the seat order, set up, and let AI seats move.

        Without `advance` the AI seats wait for `proceed` (the first board is posted first).
        """
        return await self._lobby.start(game_id, user_id, admin=admin, advance=advance)

    async def proceed(self, game_id: int) -> Outcome:
        """Let a started game's AI seats move until a person decides (see `start`)."""
        return await self._turns.proceed(game_id)

    async def configure(
        self, game_id: int, user_id: int, changes: Settings, *, admin: bool = False
    ) -> GameInfo:
        """Change a game's language, timeout policy or time control (creator or admin)."""
        return await self._lobby.configure(game_id, user_id, changes, admin=admin)

    async def set_messages(self, game_id: int, **ids: int | None) -> None:
        """Record the thread and message ids the cogs created (thread_id, board_message_id...)."""
        await self._lobby.set_messages(game_id, **ids)

    async def set_guild_setting(self, guild_id: int, key: str, value: str) -> None:
        """Store a guild setting (e.g. "language", "admin_role")."""
        await self._lobby.set_guild_setting(guild_id, key, value)

    async def guild_settings(self, guild_id: int) -> dict[str, str]:
        """Return a guild's settings."""
        return await self._lobby.guild_settings(guild_id)

    async def set_user_language(self, user_id: int, language: str) -> None:
        """Remember a user's language, for messages sent without an interaction."""
        await self._lobby.set_user_language(user_id, language)

    async def user_language(self, user_id: int) -> str | None:
        """Return a user's remembered language."""
        return await self._lobby.user_language(user_id)

    # ---- turns -------------------------------------------------------------------------

    async def play(
        self,
        game_id: int,
        user_id: int,
        version: int,
        move: object,
        *,
        confirmed: bool = True,
        saved: Saved | None = None,
    ) -> Outcome:
        """Play a move: a button index into the legal actions, a typed notation, or an action.

        Unless `confirmed`, a move that would reveal something is not played: the outcome
        carries it in `confirm` and nothing changes. `saved` is told the person's saved moves
        before an AI seat decides (so the person is answered then; playtest item 115).
        """
        return await self._turns.play(
            game_id, user_id, version, move, confirmed=confirmed, saved=saved
        )

    async def choices(self, game_id: int) -> Choices:
        """Return the current decision and its legal actions (the button indices)."""
        return await self._turns.choices(game_id)

    async def hint(self, game_id: int, user_id: int) -> tuple[Choices, Suggestion]:
        """Suggest the caller's move as the normal AI would (casual games that allow hints)."""
        return await self._turns.hint(game_id, user_id)

    @property
    def ai_levels(self) -> tuple[str, ...]:
        """Return the AI levels players may choose here (up to the operator's AI_MAX_LEVEL)."""
        return self.ctx.thinker.levels

    async def current(self, game_id: int) -> Outcome:
        """Return the game as it stands, as an Outcome with no moves (to post its board again)."""
        return await self._turns.current(game_id)

    # ---- consent -----------------------------------------------------------------------

    async def undo(
        self, game_id: int, user_id: int, version: int, *, first: int | None = None
    ) -> Outcome:
        """Take back moves from the move numbered `first` (default: your own last move)."""
        return await self._consent.undo(game_id, user_id, version, first=first)

    async def answer(self, game_id: int, user_id: int, request_id: int, agree: bool) -> Outcome:
        """Answer an undo or abandon request; the last yes carries it out, any no refuses it."""
        return await self._consent.answer(game_id, user_id, request_id, agree)

    async def resign(self, game_id: int, user_id: int) -> Outcome:
        """Resign: an AI finishes your seat's game, and you rank below every competitor."""
        return await self._consent.resign(game_id, user_id)

    async def abandon(self, game_id: int, user_id: int, *, admin: bool = False) -> Outcome:
        """Abandon a game, or ask the other players to (ABANDON_ASKED)."""
        return await self._consent.abandon(game_id, user_id, admin=admin)

    async def return_to_seat(self, game_id: int, user_id: int) -> Outcome:
        """Take your seat back from the AI that stood in for you after a timeout."""
        return await self._consent.return_to_seat(game_id, user_id)

    # ---- timers ------------------------------------------------------------------------

    async def repair(self, game_id: int) -> Repair:
        """Rebuild a game from its move log (a stored state that fails its checks); admins."""
        return await self._repairs.repair(game_id)

    async def migrate_edition(self, game_id: int) -> Migration:
        """Move a running game to the newest rules edition if its log replays under it; admins."""
        return await self._repairs.migrate(game_id)

    async def owed(self, game_id: int | None = None) -> dict[int, list[Notice]]:
        """Return the notices not posted yet, by game, oldest first (each with its `id`)."""
        return await self._turns.owed(game_id)

    async def posted(self, notice_ids: Collection[int]) -> None:
        """Mark notices posted in their game's thread."""
        await self._turns.posted(notice_ids)

    async def tick(self, now: datetime | None = None) -> list[Outcome]:
        """Retry refused automated moves, fire due timers, take up stalled AI turns; say what.

        A stalled AI turn is one a dead process left: `Timers.take_up_stalled`.
        """
        return [
            *await self._turns.retry_unsaved(),
            *await self._timers.tick(now),
            *await self._timers.take_up_stalled(),
        ]

    async def resume(self) -> list[Outcome]:
        """After a restart: let automated seats finish interrupted turns, then fire due timers."""
        return await self._timers.resume()

    async def release(self) -> None:
        """On a clean shutdown: give up this process's claims and leases (bot.py, at exit).

        The process that serves these shards next (this one restarted, or another) takes
        the work up at once instead of after `LEASE_SECONDS`.
        """
        await self._timers.release_own()

    async def play_out(self, game_id: int, forfeit: Collection[int] = ()) -> Outcome:
        """Finish a game now: `forfeit` seats forfeit, then AI stand-ins play every move left."""
        return await self._timers.play_out(game_id, forfeit)

    async def mute_reminders(
        self, game_id: int, user_id: int, mode: Literal["turn", "game", "off"] = "turn"
    ) -> None:
        """Mute your reminders for this turn or the whole game, or turn them back on."""
        await self._timers.mute_reminders(game_id, user_id, mode)

    async def set_standing_answer(
        self, game_id: int, user_id: int, kind: str, notation: str | None
    ) -> Outcome:
        """Answer a kind of decision in advance (None clears it); it plays when legal."""
        return await self._timers.set_standing_answer(game_id, user_id, kind, notation)

    def set_attendance(self, attendance: Attendance | None) -> None:
        """Let players' time zones, quiet hours and vacations set their deadlines (people)."""
        self.ctx.attendance = attendance

    async def restart_clock(self, game_id: int, user_id: int | None = None) -> bool:
        """Set the deciding player's (or only `user_id`'s) deadline again (a vacation)."""
        return await self._clocks.restart(game_id, user_id)

    # ---- queries -----------------------------------------------------------------------

    async def game_in_thread(self, thread_id: int) -> int | None:
        """Return the id of the game played in a thread, if any (commands typed there)."""
        return await self._queries.game_in_thread(thread_id)

    async def status(self, game_id: int) -> GameInfo:
        """Return a game's status, seats, current decision and public view."""
        return await self._queries.status(game_id)

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
        return await self._queries.list_games(guild_id, statuses, owned=owned)

    @property
    def shards(self) -> Shards:
        """The shards whose servers' games this process serves."""
        return self.ctx.shards

    async def hold(self, name: str) -> bool:
        """Take or renew the lease `name` for this process (engine/db/leases.py) for `lease`.

        False while another process holds it; a holder that stops renewing loses it once
        its lease ends. The league loop holds one per shard it runs.
        """
        return await self.ctx.leases.hold(name, self.ctx.owner, self.ctx.now(), self.ctx.lease)

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process serves the games of a server (its shard is one of ours)."""
        return self.ctx.shards.owns(guild_id)

    async def log(
        self,
        game_id: int,
        *,
        user_id: int | None = None,
        limit: int | None = None,
        include_undone: bool = False,
    ) -> tuple[LogLine, ...]:
        """Return the move log; with `user_id`, only what happened since that user's last move."""
        return await self._queries.log(
            game_id, user_id=user_id, limit=limit, include_undone=include_undone
        )

    async def private_view(self, game_id: int, user_id: int) -> PrivateView:
        """Return what only this user's seat may see (`/game private`)."""
        return await self._queries.private_view(game_id, user_id)

    async def waiting_on(self, user_id: int, guild_id: int | None = None) -> list[Waiting]:
        """Return the games waiting on the user's decision, longest-waiting first."""
        return await self._queries.waiting_on(user_id, guild_id)

    async def verify(self, game_id: int) -> Verification:
        """Replay the move log from the seed and compare it with the stored state and events."""
        return await self._queries.verify(game_id)

    # ---- substitutes (substitutes.py) -------------------------------------------------

    async def offer_seat(
        self,
        game_id: int,
        by_user: int,
        to_user: int,
        seat: int | None = None,
        *,
        admin: bool = False,
    ) -> Offer:
        """Offer your seat (or, as creator or admin, a free or AI seat) to someone else."""
        return await self._substitutes.offer(game_id, by_user, to_user, seat, admin=admin)

    async def accept_seat(self, offer_id: int, user_id: int) -> Substitution:
        """Take a seat offered to you; it is yours from now on."""
        return await self._substitutes.accept(offer_id, user_id)

    async def decline_seat(self, offer_id: int, user_id: int) -> Offer:
        """Turn down a seat offered to you, or withdraw your offer."""
        return await self._substitutes.decline(offer_id, user_id)

    async def seat_changes(self, game_id: int) -> list[SeatChange]:
        """Return the seat changes of a game, oldest first (for its log)."""
        return await self._substitutes.changes(game_id)

    # ---- export and import (export.py) -------------------------------------------------

    async def export_game(
        self, game_id: int, names: Mapping[int, str] | None = None
    ) -> dict[str, Any]:
        """Return a started game as an export document (`export.dumps` makes the file)."""
        return await self._transfer.export(game_id, names)

    async def import_game(
        self, data: bytes | str, creator_id: int, guild_id: int | None, channel_id: int | None
    ) -> Outcome:
        """Check an exported file by replaying it and store it as a new game."""
        return await self._transfer.import_game(data, creator_id, guild_id, channel_id)

    async def board_at(self, game_id: int, move: int | None = None) -> Frame:
        """Return the public board after `move` live moves, rebuilt from the log (rewind.py)."""
        return await self._rewind.board_at(game_id, move)

    async def summary(self, game_id: int) -> Summary:
        """Return a finished game's animation frames and every seat's final view (rewind.py)."""
        return await self._ending.summary(game_id)

    async def undo_points(self, game_id: int) -> tuple[LogLine, ...]:
        """Return the moves of the current round one may ask to go back to (`undo(first=)`)."""
        return await self._points.undo_points(game_id)


SessionManager = SessionService  # the name the cogs and tests have always used
