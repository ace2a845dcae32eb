"""A stored state failing its game's checks is refused, told to players and repaired (issue 20)."""

import itertools
import json
from datetime import timedelta

import pytest

from engine.games import GAMES
from engine.sessions.errors import StateNeedsRepairError
from engine.sessions.manager import SessionManager
from engine.sessions.models import NoticeKind, TimeControl
from engine.sessions.repair import RepairRefusedError
from tests.engine.sessions.conftest import start_game


@pytest.fixture
def real(store, clock) -> SessionManager:
    games = {name: GAMES[name] for name in ("troyes", "trajan")}
    return SessionManager(store, games, clock, seeds=itertools.count(7).__next__)


async def _corrupt(store, game_id: int, change) -> None:
    row = await store.game(game_id)
    state = json.loads(row.state)
    change(state)
    async with store.transaction() as tx:
        await tx.update_game(game_id, None, state=json.dumps(state, sort_keys=True))


def _negative_vp(state) -> None:
    state["vp"][0] = -5


def _wine_cards(state) -> None:
    state["players"][0]["hand"] += ["wine"] * 9


@pytest.mark.parametrize(
    ("game", "change", "check", "where"),
    [("troyes", _negative_vp, "values", "vp"), ("trajan", _wine_cards, "cards", "players[0].hand")],
)
async def test_a_corrupted_game_is_paused_told_and_rebuilt_from_its_log(
    real, store, game, change, check, where
):
    out = await start_game(real, game, humans=(1,), ais=("greedy",))
    for _ in range(3):  # a few moves of the human, the AI answering each
        assert out.turn is not None
        out = await real.play(out.game_id, 1, out.version, 0)
    good = (await store.game(out.game_id)).state
    await _corrupt(store, out.game_id, change)

    with pytest.raises(StateNeedsRepairError) as refused:
        await real.play(out.game_id, 1, out.version, 0)
    assert refused.value.key == "repair.needed"
    assert refused.value.params["check"] == check
    assert f"({check})" in str(refused.value)
    assert "/admin game repair" in refused.value.text("es")
    assert refused.value.text("es") != str(refused.value)
    with pytest.raises(StateNeedsRepairError):
        await real.status(out.game_id)
    assert await real.resume() == []  # paused, not a crash of the start-up
    listed = [g.game_id for g in await real.list_games(7)]
    assert out.game_id in listed
    assert not (await real.verify(out.game_id)).ok

    done = await real.repair(out.game_id)
    assert where in done.differences
    assert [n.kind for n in done.outcome.notices] == [NoticeKind.REPAIRED]
    assert done.outcome.version == out.version + 1  # old buttons go stale
    assert (await store.game(out.game_id)).state == good
    assert (await real.verify(out.game_id)).ok
    again = await real.play(out.game_id, 1, done.outcome.version, 0)
    assert again.version > done.outcome.version


async def test_a_repair_is_refused_when_the_log_does_not_replay(real, store):
    out = await start_game(real, "troyes", humans=(1,), ais=("greedy",))
    out = await real.play(out.game_id, 1, out.version, 0)
    await _corrupt(store, out.game_id, _negative_vp)
    bad = (await store.game(out.game_id)).state
    async with store.transaction() as tx:
        await tx._run("UPDATE moves SET action = 'dance' WHERE game_id = ?", (out.game_id,))
    with pytest.raises(RepairRefusedError) as refused:
        await real.repair(out.game_id)
    assert refused.value.key == "repair.refused"
    assert (await store.game(out.game_id)).state == bad


async def test_a_sound_game_repairs_to_itself_without_a_new_version(real, store):
    out = await start_game(real, "trajan", humans=(1,), ais=("greedy",))
    out = await real.play(out.game_id, 1, out.version, 0)
    done = await real.repair(out.game_id)
    assert done.differences == ()
    assert done.outcome.notices == ()
    assert done.outcome.version == out.version


async def test_a_paused_game_drops_its_timers_instead_of_failing_every_tick(real, store, clock):
    control = TimeControl(per_move=timedelta(hours=1), reminders=(timedelta(minutes=30),))
    out = await start_game(real, "troyes", humans=(1,), ais=("greedy",), control=control)
    await _corrupt(store, out.game_id, _negative_vp)
    clock.advance(hours=2)
    assert await real.tick() == []
    assert await store.timers(out.game_id) == []
    done = await real.repair(out.game_id)
    assert done.outcome.turn is not None
    assert done.outcome.turn.deadline is not None
    assert await store.timers(out.game_id) != []
