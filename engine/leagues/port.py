"""The bridge from the league service to the session manager: `SessionPort` is the GamePort.

- `create_game` opens a session game with the table's players in the table's seat order
  (seat order "join": `players[i]` is engine seat i), starts it, and records the request key
  with the game id (`links.py`), so asking again with the same key returns the same game. A
  crash after the lobby was recorded but before it started is finished on the next ask. The
  two stores commit separately, so a crash between opening the lobby and recording its key
  leaves that lobby behind (never started, harmless) and the next ask opens another one.
- `finish_game` applies the league's forfeit policy at the week deadline (docs/rules-gaps.md,
  "League games in sessions"): with `ai_standin`, AI stand-ins play every move left; with
  `forfeit`, the player the game waits on forfeits first, then the stand-ins finish the game.
- `settle` records the result of every league game that ended (however it ended: the last
  move, a resignation, the deadline) through `LeagueService.record_game_result`. The session
  service tells the port when a game ends (`on_game_end`); the driver calls `settle` after
  each `run_due`, and it settles just those games. Its first call (at start-up) settles every
  open league game instead, so a game that ended while the bot was down is still recorded:
  nothing polls every game on every pass.

Outcomes of the games this port moved (the first AI moves at start, the played-out end) are
kept in `outcomes` for the Discord layer to post, the ids of the games it started in
`started` (they need a thread), and the results it recorded in `settled`; `take_outcomes()`,
`take_started()` and `take_settled()` drain them (lost on a crash: the driver catches up).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import timedelta

from engine.leagues.actions import FinishRequest, GameRequest
from engine.leagues.links import GameLinks
from engine.leagues.model import ForfeitPolicy, LeagueError
from engine.leagues.model import TimeControl as LeagueTime
from engine.leagues.service import LeagueService
from engine.leagues.standings import TableScore
from engine.sessions import (
    GameInfo,
    NewGame,
    Outcome,
    Policy,
    SeatOrder,
    SeatState,
    SessionManager,
    Status,
    TimeControl,
)

log = logging.getLogger(__name__)

POLICIES = {ForfeitPolicy.AI_STANDIN: Policy.STAND_IN, ForfeitPolicy.FORFEIT: Policy.FORFEIT}
REMINDER = timedelta(hours=12)  # one reminder this long before a move's deadline


@dataclass(frozen=True, slots=True)
class Settled:
    """A league game whose result was recorded: its table, game and scored results."""

    table_id: int
    game_id: int
    scores: tuple[TableScore, ...]


def session_time(control: LeagueTime) -> TimeControl:
    """Return the session time control for a league's: bank plus increment, per move.

    The session manager has per-move deadlines, not a bank (engine/sessions/README.md): a
    move may take the whole bank plus its increment; the week deadline bounds the game.
    """
    per_move = timedelta(hours=control.bank_hours + control.per_move_hours)
    reminders = (REMINDER,) if per_move > 2 * REMINDER else ()
    return TimeControl(per_move, reminders)


def table_result(info: GameInfo) -> tuple[list[int | None], list[int | None], set[int]]:
    """Return (ranks, scores, forfeited seats) by engine seat from a game that is over.

    A resigned or forfeited seat counts as forfeited (ranked last, 0 points). A game that
    ended before its end (too few competitors, or abandoned when everyone timed out) has no
    scores: those still competing score 0 and share their rank; an abandoned game is a
    forfeit for everyone.
    """
    seats = sorted((s for s in info.seats if s.seat is not None), key=lambda s: s.seat or 0)
    n = len(seats)
    if info.status is Status.ABANDONED or info.final is None:
        return [None] * n, [None] * n, set(range(n))
    final = info.final
    out = set(final.out) | {s.seat or 0 for s in seats if s.state is not SeatState.PLAYING}
    scores: list[int | None] = list(final.result.scores) if final.result is not None else [0] * n
    ranks: list[int | None] = [None if s in out else final.ranks[s] for s in range(n)]
    return ranks, scores, out


class SessionPort:
    """A GamePort over a SessionManager, recording results into a LeagueService."""

    def __init__(self, sessions: SessionManager, leagues: LeagueService) -> None:
        self.sessions = sessions
        self.leagues = leagues
        self.links = GameLinks(leagues.store)
        self.outcomes: list[Outcome] = []
        self.started: set[int] = set()
        self.settled: list[Settled] = []
        self._ended: set[int] = set()  # games the session service said ended, to settle
        self._caught_up = False  # whether settle() has looked at every open game once
        sessions.on_game_end(self._game_ended)

    async def _game_ended(self, info: GameInfo) -> None:
        """Note a game that ended (the session service's listener); `settle` records it."""
        self._ended.add(info.game_id)

    def take_started(self) -> set[int]:
        """Return and forget the ids of the games this port started."""
        out, self.started = self.started, set()
        return out

    def take_outcomes(self) -> list[Outcome]:
        """Return and forget the outcomes not yet posted."""
        out, self.outcomes = self.outcomes, []
        return out

    def take_settled(self) -> list[Settled]:
        """Return and forget the results recorded (finish_game, settle) not yet announced."""
        out, self.settled = self.settled, []
        return out

    async def create_game(self, request: GameRequest) -> str:
        """Create (or find, by key) the table's game, started, and return its id."""
        game_id = await self.links.game_for_key(request.key)
        if game_id is None:
            players = request.table.players
            league = await self.leagues.league(request.league_id)
            spec = NewGame(
                request.game,
                guild_id=request.guild,
                channel_id=await self.links.channel(request.league_id),
                seats=len(players),
                options=dict(request.options),
                time_control=session_time(request.time_control),
                policy=POLICIES[league.config.forfeit_policy],
                seat_order=SeatOrder.JOIN,
            )
            info = await self.sessions.create_lobby(players[0], spec)
            game_id = info.game_id
            now = self.leagues.clock()
            await self.links.link(request.key, request.table.table_id, game_id, now)
        await self._start(game_id, request.table.players)
        return str(game_id)

    async def _start(self, game_id: int, players: Sequence[int]) -> None:
        """Seat the players still missing (in order) and start, if not started yet."""
        info = await self.sessions.status(game_id)
        if info.status is not Status.LOBBY:
            return
        seated = {s.user_id for s in info.seats}
        for user in players:
            if user not in seated:
                await self.sessions.join(game_id, user)
        self.outcomes.append(await self.sessions.start(game_id, players[0], admin=True))
        self.started.add(game_id)

    async def finish_game(self, request: FinishRequest) -> None:
        """Finish a game at its deadline by the league's policy, then record its result."""
        game_id = int(request.game_id)
        info = await self.sessions.status(game_id)
        if info.status is Status.LOBBY:
            await self._start(game_id, request.table.players)
            info = await self.sessions.status(game_id)
        if info.status is Status.ACTIVE:
            forfeit: set[int] = set()
            if request.policy is ForfeitPolicy.FORFEIT and info.turn is not None:
                row = next(s for s in info.seats if s.seat == info.turn.seat)
                if row.user_id is not None and not row.stand_in:
                    forfeit.add(info.turn.seat)
            self.outcomes.append(await self.sessions.play_out(game_id, forfeit))
        await self._settle_one(request.table.table_id, game_id)

    async def settle(self, owns: Callable[[int | None], bool] | None = None) -> list[Settled]:
        """Record the results of the league games that ended; return what was recorded.

        The games are those the session service reported since the last call; the first
        call looks at every open league game once (what ended while the bot was down), of
        the servers `owns` accepts (this process's shards) if given.
        """
        if self._caught_up and not self._ended:
            return []
        ended = set(self._ended)
        done = []
        for table_id, game_id in await self.links.open_games():
            if self._caught_up and game_id not in ended:
                continue
            settled = await self._settle_one(table_id, game_id, owns)
            if settled is not None:
                done.append(settled)
        self._caught_up = True
        self._ended -= ended  # settled, refused (logged), or not a league game
        return done

    async def _settle_one(
        self, table_id: int, game_id: int, owns: Callable[[int | None], bool] | None = None
    ) -> Settled | None:
        info = await self.sessions.status(game_id)
        if owns is not None and not owns(info.guild_id):
            return None  # another process's server: it settles its own games
        if info.status not in (Status.FINISHED, Status.ABANDONED):
            return None
        ranks, scores, out = table_result(info)
        try:
            recorded = await self.leagues.record_game_result(table_id, ranks, scores, out)
        except LeagueError:
            log.exception("league table %s: game %s result refused", table_id, game_id)
            self._ended.discard(game_id)  # refused for good: asking again changes nothing
            return None
        self._ended.discard(game_id)  # recorded: a later settle() need not look again
        settled = Settled(table_id, game_id, recorded)
        self.settled.append(settled)
        return settled
