import itertools
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from engine.core.protocol import GameEngine
from engine.sessions.lobby import NewGame
from engine.sessions.manager import SessionManager
from engine.sessions.models import Outcome, Policy, SeatOrder, TimeControl
from engine.sessions.store import Store
from tests.engine.core.toy import ToyEngine
from tests.engine.sessions.secret import SecretEngine

GAMES: dict[str, GameEngine[Any, Any]] = {"toy": ToyEngine(), "secret": SecretEngine()}


class FakeClock:
    def __init__(self) -> None:
        self.now = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now


def make_manager(store: Store, clock: FakeClock) -> SessionManager:
    return SessionManager(store, GAMES, clock, seeds=itertools.count(101).__next__)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "games.db"


@pytest.fixture
async def store(database_url):
    """A store on each backend (SQLite file, PostgreSQL schema): see tests/engine/db/backends.py."""
    opened = await Store.open(database_url)
    yield opened
    await opened.close()


@pytest.fixture
def manager(store, clock) -> SessionManager:
    return make_manager(store, clock)


async def start_game(
    manager: SessionManager,
    game: str = "toy",
    humans: tuple[int, ...] = (1, 2),
    ais: tuple[str, ...] = (),
    *,
    control: TimeControl | None = None,
    policy: Policy = Policy.STAND_IN,
) -> Outcome:
    """Open a lobby seated in join order (humans first, then AIs) and start it."""
    spec = NewGame(
        game,
        guild_id=7,
        channel_id=70,
        seats=len(humans) + len(ais),
        time_control=control,
        policy=policy,
        seat_order=SeatOrder.JOIN,
    )
    info = await manager.create_lobby(humans[0], spec)
    for user in humans[1:]:
        await manager.join(info.game_id, user)
    for kind in ais:
        await manager.add_ai(info.game_id, humans[0], kind)
    return await manager.start(info.game_id, humans[0])


def user_at(outcome: Outcome, humans: tuple[int, ...]) -> int:
    """Return the user who decides now (seats are in join order in start_game)."""
    assert outcome.turn is not None
    return humans[outcome.turn.seat]
