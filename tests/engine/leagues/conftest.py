"""Fixtures for the league tests: a fake clock, a fake session manager, a fresh service."""

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import pytest

from engine.leagues.actions import FinishRequest, GameRequest
from engine.leagues.service import LeagueService
from engine.leagues.store import LeagueStore


@dataclass
class FakeClock:
    now: datetime = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> datetime:
        self.now += timedelta(**kwargs)
        return self.now


@dataclass
class FakePort:
    """The session manager: games by key (idempotent), finish requests in order."""

    games: dict[str, GameRequest] = field(default_factory=dict)
    ids: dict[str, str] = field(default_factory=dict)
    finished: list[FinishRequest] = field(default_factory=list)
    create_calls: int = 0

    async def create_game(self, request: GameRequest) -> str:
        self.create_calls += 1
        if request.key not in self.ids:
            self.ids[request.key] = f"game-{len(self.ids) + 1}"
            self.games[self.ids[request.key]] = request
        return self.ids[request.key]

    async def finish_game(self, request: FinishRequest) -> None:
        self.finished.append(request)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def port() -> FakePort:
    return FakePort()


@pytest.fixture
async def store(database_url: str) -> AsyncIterator[LeagueStore]:
    """A store on each backend (SQLite file, PostgreSQL schema): see tests/engine/db/backends.py."""
    s = await LeagueStore.open(database_url)
    yield s
    await s.close()


@pytest.fixture
def service(store: LeagueStore, clock: FakeClock) -> LeagueService:
    return LeagueService(store, clock)
