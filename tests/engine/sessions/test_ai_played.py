"""The AI as it played (issue 15): export keeps a game's AI settings; ratings use who played.

- An exported game carries its `game_ai` row (stand-in level, hints, ranked) and each move's
  player; the import restores them (a file written before carries neither: as before).
- A seat stored as hard that played at the operator's cap (AI_MAX_LEVEL=normal) is rated
  as normal: every AI move records the player that made it (migration 0013).
"""

import json
from typing import Any

from engine.around import ratings
from engine.around.service import Around
from engine.games import GAMES
from engine.sessions import NewGame, SessionManager, Settings, Status, Store
from engine.sessions.models import SeatOrder
from engine.sessions.transfer import dumps
from engine.thinking import Thinker
from tests.engine.sessions.conftest import FakeClock

TRAJAN = GAMES["trajan"]


def _manager(store: Store, clock: FakeClock, max_level: str = "hard") -> SessionManager:
    thinker = Thinker(0, budget_s=0.01, max_level=max_level)
    return SessionManager(store, GAMES, clock, thinker=thinker, seeds=iter(range(5, 99)).__next__)


async def _against_ai(manager: SessionManager, ai: str, **spec: Any) -> int:
    """Start a Trajan game of user 1 (seat 1, first to decide) against one AI seat."""
    new = NewGame("trajan", guild_id=7, channel_id=70, seats=2, seat_order=SeatOrder.JOIN, **spec)
    game = (await manager.create_lobby(1, new)).game_id
    await manager.add_ai(game, 1, ai)
    await manager.start(game, 1)
    return game


async def _move(manager: SessionManager, store: Store, game: int) -> None:
    """User 1 plays their first legal moves until the AI seat has answered."""
    before = len(await _ai_moves(store, game))
    while len(await _ai_moves(store, game)) == before:
        row = await store.game(game)
        assert row is not None
        assert row.state is not None
        state = TRAJAN.from_json(json.loads(row.state))
        notation = TRAJAN.action_text(TRAJAN.legal_actions(state)[0])
        await manager.play(game, 1, row.version, notation)


async def _ai_moves(store: Store, game: int) -> list[str | None]:
    return [m.ai for m in await store.moves(game) if m.by == "ai"]


async def test_export_and_import_keep_the_stand_in_level_hints_and_who_played(
    store, tmp_path, clock
):
    manager = _manager(store, clock)
    game = await _against_ai(manager, "normal", ai_level="easy", hints=False)
    await _move(manager, store, game)  # the normal AI answers
    played = await _ai_moves(store, game)
    assert played
    assert set(played) == {"normal"}
    doc = await manager.export_game(game, {1: "ana"})
    assert doc["ai"] == {"stand_in": "easy", "hints": False, "ranked": False}

    async with await Store.open(tmp_path / "other.db") as other:
        elsewhere = _manager(other, clock)
        copy = (await elsewhere.import_game(dumps(doc), 9, guild_id=8, channel_id=80)).game_id
        got = await elsewhere.status(copy)
        assert (got.ai_level, got.hints, got.ranked) == ("easy", False, False)
        assert [s.ai for s in got.seats] == [None, "normal"]
        assert await _ai_moves(other, copy) == played
        again = await elsewhere.export_game(copy, {1: "ana"})
        assert (again["ai"], again["moves"]) == (doc["ai"], doc["moves"])
        # A file written before this carried no AI settings: the game gets none, as before.
        old = json.loads(dumps(doc))
        del old["ai"]
        for move in old["moves"]:
            del move["ai"]
        bare = (await elsewhere.import_game(dumps(old), 9, guild_id=8, channel_id=80)).game_id
        plain = await elsewhere.status(bare)
        assert (plain.ai_level, plain.hints) == (None, True)
        assert set(await _ai_moves(other, bare)) == {None}


async def test_a_changed_setting_travels_too(store, tmp_path, clock):
    manager = _manager(store, clock)
    game = await _against_ai(manager, "easy")
    await manager.configure(game, 1, Settings(ai_level="hard", hints=False))
    doc = await manager.export_game(game)
    assert doc["ai"] == {"stand_in": "hard", "hints": False, "ranked": False}


async def test_a_hard_seat_played_at_the_operator_s_cap_is_rated_as_normal(store, clock):
    seated = _manager(store, clock)  # hard allowed when the seat was taken
    game = await _against_ai(seated, "hard")
    capped = _manager(store, clock, max_level="normal")  # the operator lowered the cap
    people = Around(capped)
    capped.on_game_end(people.record_end)
    for _ in range(3):
        await _move(capped, store, game)  # the seat plays at the cap: normal
    await capped.resign(game, 1)  # two seats, one left: finished, so rated
    moves = await _ai_moves(store, game)
    assert moves
    assert set(moves) == {"normal"}
    info = await capped.status(game)
    assert info.status is Status.FINISHED
    assert [s.ai for s in info.seats] == [None, "hard"]  # the seat is still stored as hard
    assert info.final is not None
    human, ai = info.final.ranks
    (rating,) = (await people.profile(7, 1)).ratings
    as_played = ratings.rate(
        [ratings.Entrant(human, *ratings.START, user=1), ratings.ai_entrant("normal", ai)]
    )[1]
    as_stored = ratings.rate(
        [ratings.Entrant(human, *ratings.START, user=1), ratings.ai_entrant("hard", ai)]
    )[1]
    assert as_played != as_stored  # the test tells the two apart
    assert abs(rating.mu - as_played[0]) < 1e-9
    assert abs(rating.sigma - as_played[1]) < 1e-9


def test_a_seat_is_rated_at_the_level_that_made_most_of_its_moves():
    assert ratings.played_level("hard", None) == "hard"  # moves stored before 0013
    assert ratings.played_level("hard", {}) == "hard"
    assert ratings.played_level("hard", {"normal": 30, "hard": 2}) == "normal"
    assert ratings.played_level("hard", {"hard": 30, "normal": 2}) == "hard"
    assert ratings.played_level("hard", {"hard": 5, "normal": 5}) == "normal"  # a tie: weaker
