"""A simulated league season driven by a fake clock and a fake session manager."""

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from engine.core.rng import Rng
from engine.leagues.actions import Action, CreateGame, FinishGame, FinishRequest, GameRequest
from engine.leagues.model import ForfeitPolicy, LeagueConfig, WeekStart
from engine.leagues.service import LeagueService
from engine.leagues.store import LeagueStore
from tests.engine.leagues.conftest import FakeClock, FakePort

START = datetime(2026, 3, 2, 9, tzinfo=UTC)  # a Monday; Madrid changes to summer time 29 March


@dataclass
class Played:
    """One game result as the fake session manager reported it."""

    table_id: int
    players: tuple[int, ...]
    ranks: tuple[int | None, ...]
    scores: tuple[int | None, ...]
    forfeited: frozenset[int]
    at: datetime
    deadline: datetime


@dataclass
class SimPort(FakePort):
    """Finishes games at a seeded random time in the week; some run into the deadline."""

    seed: int = 0
    due: dict[str, datetime] = field(default_factory=dict)

    async def create_game(self, request: GameRequest) -> str:
        game_id = await super().create_game(request)
        rng = Rng(self.seed, request.table.table_id, "finish")
        if rng.below(5) > 0:  # four games in five end before the deadline
            self.due[game_id] = request.deadline - timedelta(hours=1 + rng.below(100))
        return game_id

    async def finish_game(self, request: FinishRequest) -> None:
        await super().finish_game(request)
        self.due[request.game_id] = datetime.min.replace(tzinfo=UTC)  # finish at once


@dataclass
class Sim:
    clock: FakeClock
    port: SimPort
    path: Path
    service: LeagueService
    league_id: int = 0
    played: list[Played] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    restarts: int = 0

    @classmethod
    async def start(
        cls, path: Path, players: int, weeks: int, *, seed: int = 1, repeat_weight: int = 3
    ) -> "Sim":
        clock = FakeClock(START)
        path.parent.mkdir(parents=True, exist_ok=True)
        store = await LeagueStore.open(str(path))
        sim = cls(clock, SimPort(seed=seed), path, LeagueService(store, clock))
        config = LeagueConfig(
            "troyes",
            season_weeks=weeks,
            week_start=WeekStart(0, 19, "Europe/Madrid"),
            forfeit_policy=ForfeitPolicy.FORFEIT,
            repeat_weight=repeat_weight,
        )
        league = await sim.service.create_league(1, "Sim", config, seed=seed)
        sim.league_id = league.id
        for user in range(1001, 1001 + players):
            await sim.service.join(league.id, user)
        return sim

    async def close(self) -> None:
        """Close the database (aiosqlite's worker thread would otherwise outlive the test)."""
        await self.service.store.close()

    async def restart(self) -> None:
        """Close the database and build a new service on it, like a bot restart."""
        await self.service.store.close()
        store = await LeagueStore.open(str(self.path))
        self.service = LeagueService(store, self.clock)
        self.restarts += 1

    async def tick(self) -> None:
        """Run what is due, then let the session manager end games whose time has come."""
        done = await self.service.run_due(self.port, self.clock.now)
        self.actions += done
        for game_id, when in sorted(self.port.due.items()):
            if when <= self.clock.now:
                await self._finish(game_id)
                del self.port.due[game_id]

    async def _finish(self, game_id: str) -> None:
        table = await self.service.table_for_game(game_id)
        assert table is not None
        rng = Rng(self.port.seed, table.id, "result")
        n = len(table.players)
        late = any(f.game_id == game_id for f in self.port.finished)
        forfeited = frozenset({rng.below(n)}) if late else frozenset()
        scores = [20 + rng.below(60) for _ in range(n)]
        order = sorted(range(n), key=lambda s: (-scores[s], s))  # the game's own tie-break
        ranks: list[int | None] = [0] * n
        for place, seat in enumerate(order, start=1):
            ranks[seat] = place
        week = next(
            w
            for w in await self.service.history(self.league_id)
            if table.id in {t.table.table_id for t in w.tables}
        )
        await self.service.record_game_result(table.id, ranks, scores, forfeited)
        self.played.append(
            Played(
                table.id,
                table.players,
                tuple(ranks),
                tuple(scores),
                forfeited,
                self.clock.now,
                week.deadline,
            )
        )

    async def run_until(
        self,
        end: datetime,
        step: timedelta = timedelta(hours=3),
        restart_at: datetime | None = None,
    ) -> None:
        while self.clock.now < end:
            self.clock.advance(seconds=step.total_seconds())
            if restart_at is not None and self.clock.now >= restart_at and self.restarts == 0:
                await self.restart()
            await self.tick()

    def created(self) -> list[str]:
        return [a.request.key for a in self.actions if isinstance(a, CreateGame)]

    def finish_requests(self) -> list[int]:
        return [a.request.table.table_id for a in self.actions if isinstance(a, FinishGame)]
