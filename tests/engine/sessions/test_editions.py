"""Rules editions (issue 20): a running game finishes under the rules it started with.

The data folder is copied, one figure is changed in the copy (a new edition), and the bot
"restarts" on the new data: the old game plays to its end under its old figure and verifies,
a new game takes the new figure, and an admin can move a running game to the new edition.
"""

import itertools
import json
import shutil

import pytest

from engine.sessions.manager import SessionManager
from engine.sessions.models import NoticeKind, Status
from engine.sessions.repair import EditionRefusedError
from engine.sessions.replay import replay
from engine.sessions.store import Store
from engine.troyes.catalog import DATA_DIR
from engine.troyes.game import TroyesEngine
from tests.engine.sessions.conftest import FakeClock, start_game

OLD, NEW = "missing_level_vp = { value = 2,", "missing_level_vp = { value = 3,"


@pytest.fixture
def data(tmp_path):
    """Two editions of the Troyes data: as shipped, and with one Cathedral figure changed."""
    v1, v2 = tmp_path / "v1", tmp_path / "v2"
    shutil.copytree(DATA_DIR, v1)
    shutil.copytree(DATA_DIR, v2)
    cathedral = v2 / "cathedral.toml"
    text = cathedral.read_text(encoding="utf-8")
    assert OLD in text
    cathedral.write_text(text.replace(OLD, NEW), encoding="utf-8")
    return TroyesEngine(data_dir=v1), TroyesEngine(data_dir=v2)


def _manager(store: Store, engine: TroyesEngine, seeds: int) -> SessionManager:
    return SessionManager(
        store, {"troyes": engine}, FakeClock(), seeds=itertools.count(seeds).__next__
    )


async def _play_to_end(manager: SessionManager, game_id: int) -> None:
    out = await manager.current(game_id)
    while out.turn is not None:
        out = await manager.play(game_id, 1, out.version, 0)
    assert out.status is Status.FINISHED


async def test_a_game_finishes_under_its_edition_and_new_games_take_the_newest(db_path, data):
    v1, v2 = data
    async with await Store.open(db_path) as store:
        before = _manager(store, v1, 11)
        old = await start_game(before, "troyes", humans=(1,), ais=("greedy",))
        old = await before.play(old.game_id, 1, old.version, 0)
        moved = await start_game(before, "troyes", humans=(1,), ais=("greedy",))

    async with await Store.open(db_path) as store:  # the upgrade: the same bot on new data
        after = _manager(store, v2, 31)
        loaded = await after._repo.load(old.game_id)
        assert isinstance(loaded.engine, TroyesEngine)
        assert loaded.engine.catalog.cathedral.missing_level_vp == 2
        await _play_to_end(after, old.game_id)
        report = await after.verify(old.game_id)
        assert report.ok, report.detail
        assert "under its edition" in report.detail
        row = await store.game(old.game_id)
        assert row is not None
        assert row.seed is not None
        moves = [(m.action, m.events) for m in await store.moves(old.game_id)]
        options = json.loads(row.options)
        under_v1, _ = replay(v1, options, 2, row.seed, moves)
        _, mismatch = replay(v2, options, 2, row.seed, moves)
        assert json.dumps(v1.to_json(under_v1), sort_keys=True) == row.state
        assert mismatch is not None  # the new figure would have scored the end differently

        new = await start_game(after, "troyes", humans=(1,), ais=("greedy",))
        assert (await after._repo.load(new.game_id)).engine is v2
        new_edition, old_edition = (
            await store.game_edition(new.game_id),
            await store.game_edition(old.game_id),
        )
        assert new_edition is not None
        assert old_edition is not None
        assert new_edition[0] != old_edition[0]

        # An admin moves the other running game to the new edition: checked, announced.
        done = await after.migrate_edition(moved.game_id)
        assert [n.kind for n in done.outcome.notices] == [NoticeKind.EDITION]
        assert done.outcome.notices[0].detail == done.new
        assert done.old != done.new
        assert (await after._repo.load(moved.game_id)).engine is v2
        assert (await after.verify(moved.game_id)).ok
        with pytest.raises(EditionRefusedError) as again:
            await after.migrate_edition(moved.game_id)
        assert again.value.key == "edition.already"
        await _play_to_end(after, moved.game_id)
        assert (await after.verify(moved.game_id)).ok


async def test_moving_to_a_new_edition_is_refused_when_the_log_does_not_replay(db_path, data):
    v1, v2 = data
    async with await Store.open(db_path) as store:
        before = _manager(store, v1, 12)
        out = await start_game(before, "troyes", humans=(1,), ais=("greedy",))
        out = await before.play(out.game_id, 1, out.version, 0)
        async with store.transaction() as tx:
            await tx._run("UPDATE moves SET action = 'dance' WHERE game_id = ?", (out.game_id,))
        kept = await store.game_edition(out.game_id)
        after = _manager(store, v2, 32)
        with pytest.raises(EditionRefusedError) as refused:
            await after.migrate_edition(out.game_id)
        assert refused.value.key == "edition.refused"
        assert await store.game_edition(out.game_id) == kept
