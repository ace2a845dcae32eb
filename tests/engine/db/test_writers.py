"""Several writers on PostgreSQL: transactions of different games at once, a game's in order.

SQLite keeps its one writer; PostgreSQL's transactions each hold a writer connection of their
own (engine/db/postgres.py, `PgWriters`), and a deadlock's loser is run again by `run`.
"""

import asyncio
import contextlib

import pytest

from engine.around.service import Around
from engine.around.store import AroundSql
from engine.core.errors import GameError, StaleStateError
from engine.db import Connection, Database, TransientError
from engine.db.postgres import PgConnection
from engine.leagues.store import LeagueStore
from engine.people.service import People
from engine.people.store import PeopleTx
from engine.sessions.store import Store
from tests.engine.sessions.conftest import FakeClock, make_manager, start_game


@pytest.fixture
async def pg(pg_url):
    opened = await Database.open(pg_url, writers=3)
    yield opened
    await opened.close()


@pytest.fixture
async def db(database_url):
    opened = await Database.open(database_url)
    yield opened
    await opened.close()


async def test_a_move_of_another_game_commits_while_a_transaction_waits_inside(pg):
    sessions = make_manager(Store(pg), FakeClock())
    first, second = await start_game(sessions), await start_game(sessions)
    inside, go = asyncio.Event(), asyncio.Event()

    async def hold_first() -> None:
        async with pg.transaction() as conn:
            await conn.execute("UPDATE games SET updated_at = ? WHERE id = ?", ("x", first.game_id))
            inside.set()
            await go.wait()

    holder = asyncio.create_task(hold_first())
    await asyncio.wait_for(inside.wait(), 5)
    # The other game's move needs no writer the first transaction holds: it commits now.
    await asyncio.wait_for(sessions.play(second.game_id, 1, second.version, "add 1"), 5)
    assert not holder.done()
    assert (await sessions.status(second.game_id)).version == second.version + 1
    go.set()
    await asyncio.wait_for(holder, 5)
    assert await pg.fetch_one("SELECT updated_at FROM games WHERE id = ?", (first.game_id,)) == (
        "x",
    )


async def test_a_transaction_reads_its_own_writes_and_no_other_uncommitted_one(pg):
    await pg.execute("INSERT INTO users (user_id, language) VALUES (1, 'en')")
    written, go = asyncio.Event(), asyncio.Event()

    async def writer() -> None:
        async with pg.transaction():
            await pg.execute("UPDATE users SET language = 'es' WHERE user_id = 1")
            assert await pg.fetch_one("SELECT language FROM users") == ("es",)
            written.set()
            await go.wait()

    task = asyncio.create_task(writer())
    await asyncio.wait_for(written.wait(), 5)
    async with pg.transaction():  # another writer connection: it sees committed rows only
        assert await pg.fetch_one("SELECT language FROM users") == ("en",)
        await pg.execute("INSERT INTO users (user_id, language) VALUES (2, 'en')")
        assert await pg.fetch_one("SELECT COUNT(*) FROM users") == (2,)
    go.set()
    await asyncio.wait_for(task, 5)
    assert await pg.fetch_all("SELECT language FROM users ORDER BY user_id") == [("es",), ("en",)]


async def test_the_same_game_stays_serialised_in_a_process_and_across_two(pg, pg_url):
    clock = FakeClock()
    sessions = make_manager(Store(pg), clock)
    out = await start_game(sessions)
    # One process: two moves at once from the same version; the game's lock orders them and
    # the second, one version behind, is refused.
    results = await asyncio.gather(
        sessions.play(out.game_id, 1, out.version, "add 1"),
        sessions.play(out.game_id, 1, out.version, "add 2"),
        return_exceptions=True,
    )
    assert sum(isinstance(r, StaleStateError) for r in results) == 1
    version = (await sessions.status(out.game_id)).version
    assert version == out.version + 1
    # Two processes (two databases, two services, no shared lock): still one move saved,
    # by the `WHERE version = ?` save.
    async with await Database.open(pg_url, writers=3) as other:
        elsewhere = make_manager(Store(other), clock)
        turn = (await sessions.status(out.game_id)).turn
        assert turn is not None
        assert turn.user_id is not None
        mover = turn.user_id
        results = await asyncio.gather(
            sessions.play(out.game_id, mover, version, "add 1"),
            elsewhere.play(out.game_id, mover, version, "add 1"),
            return_exceptions=True,
        )
    assert sum(isinstance(r, StaleStateError) for r in results) == 1
    assert (await sessions.status(out.game_id)).version == version + 1
    moves = await pg.fetch_all("SELECT version FROM moves WHERE game_id = ?", (out.game_id,))
    assert sorted(v for (v,) in moves) == list(range(out.version + 1, version + 2))


async def test_a_deadlock_s_loser_is_run_again_and_both_commit(pg):
    await pg.execute("INSERT INTO users (user_id, language) VALUES (1, 'en'), (2, 'en')")
    both_first = asyncio.Barrier(2)
    runs: list[int] = []

    def body(first: int, second: int):
        async def run(conn: Connection) -> None:
            runs.append(first)
            await conn.execute("SET LOCAL deadlock_timeout = '50ms'")
            await conn.execute("UPDATE users SET language = 'es' WHERE user_id = ?", (first,))
            if len(runs) <= 2:  # the first try of each: lock one row each, then cross over
                await both_first.wait()
            await conn.execute("UPDATE users SET language = 'es' WHERE user_id = ?", (second,))

        return run

    await asyncio.wait_for(asyncio.gather(pg.run(body(1, 2)), pg.run(body(2, 1))), 10)
    assert len(runs) == 3  # one of the two was undone by the server and run once more
    assert await pg.fetch_all("SELECT language FROM users") == [("es",), ("es",)]


async def test_run_gives_up_after_its_attempts_and_keeps_nothing(db):
    tries = 0

    async def conflicting(conn: Connection) -> None:
        nonlocal tries
        tries += 1
        await conn.execute("INSERT INTO users (user_id, language) VALUES (?, 'en')", (tries,))
        raise TransientError("deadlock detected")

    with pytest.raises(TransientError):
        await db.run(conflicting, attempts=3)
    assert tries == 3
    assert await db.fetch_all("SELECT * FROM users") == []


async def test_inside_a_transaction_run_is_a_savepoint_tried_once(db):
    tries = 0

    async def conflicting(conn: Connection) -> None:
        nonlocal tries
        tries += 1
        raise TransientError("deadlock detected")

    async def outer() -> None:
        async with db.transaction():
            await db.execute("INSERT INTO users (user_id, language) VALUES (1, 'en')")
            await db.run(conflicting)

    with pytest.raises(TransientError):
        await outer()
    assert tries == 1  # the outer transaction is the one to run again
    assert await db.fetch_all("SELECT * FROM users") == []


async def test_at_most_the_pool_s_writers_are_open_and_a_further_transaction_waits(pg):
    inside, go = asyncio.Barrier(4), asyncio.Event()
    pool = pg._writers

    async def hold() -> None:
        async with pg.transaction():
            await inside.wait()
            await go.wait()

    held = [asyncio.create_task(hold()) for _ in range(3)]
    await asyncio.wait_for(inside.wait(), 5)  # three writers hold a transaction each
    fourth = asyncio.create_task(
        pg.execute("INSERT INTO users (user_id, language) VALUES (9, 'en')")
    )
    await asyncio.sleep(0.05)
    assert not fourth.done()  # no fourth writer: it waits for one
    assert pool.opened == 3
    go.set()
    await asyncio.wait_for(asyncio.gather(*held, fourth), 5)
    assert pool.opened == 3
    assert await pg.fetch_one("SELECT COUNT(*) FROM users") == (1,)


async def test_a_connection_left_broken_is_dropped_and_the_next_transaction_gets_a_new_one(pg):
    async def dies() -> None:
        async with pg.transaction() as conn:
            conn.raw.terminate()
            raise RuntimeError("the connection died under the transaction")

    with pytest.raises(RuntimeError):
        await dies()
    await pg.execute("INSERT INTO users (user_id, language) VALUES (3, 'en')")
    assert await pg.fetch_one("SELECT COUNT(*) FROM users") == (1,)


async def test_the_leagues_write_transactions_still_take_turns(pg):
    leagues = LeagueStore(pg)
    inside, go = asyncio.Event(), asyncio.Event()
    order: list[str] = []

    async def first() -> None:
        async with leagues.transaction():
            inside.set()
            await go.wait()
            order.append("first")

    async def second() -> None:
        async with leagues.transaction():
            order.append("second")

    holder = asyncio.create_task(first())
    await asyncio.wait_for(inside.wait(), 5)
    waiter = asyncio.create_task(second())
    await asyncio.sleep(0.1)
    assert order == []  # the second waits for the league lock the first holds
    async with pg.transaction():  # a transaction of no league is not held up
        await pg.execute("INSERT INTO users (user_id, language) VALUES (4, 'en')")
    go.set()
    await asyncio.wait_for(asyncio.gather(holder, waiter), 5)
    assert order == ["first", "second"]


async def test_two_games_started_at_once_keep_their_rules_edition_once(pg):
    """Both transactions find the edition missing; the second insert leaves the first's row."""
    store = Store(pg)
    both_looked = asyncio.Barrier(2)

    async def keep() -> None:
        async with store.transaction() as tx:
            assert await tx.edition_files("toy", "d1") is None
            await both_looked.wait()
            await tx.keep_edition("toy", "d1", 1, {"a.toml": "x"}, "now")

    await asyncio.wait_for(asyncio.gather(keep(), keep()), 10)
    assert await store.edition_files("toy", "d1") == {"a.toml": "x"}


# ---- the audit of a second writer: engine/around and engine/people ---------------------


def meeting(count: int = 2, patience: float = 0.5):
    """Return `meet()`: each caller waits until `count` arrived, or `patience` seconds.

    Placed between a transaction's read and its write, it makes two transactions that can
    run at once both read before either writes; one that waits its turn (a lock) only loses
    the patience.
    """
    arrived = 0
    everyone = asyncio.Event()

    async def meet() -> None:
        nonlocal arrived
        arrived += 1
        if arrived >= count:
            everyone.set()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(everyone.wait(), patience)

    return meet


def read_then_meet(monkeypatch, cls, name: str, meet) -> None:
    """Make `cls.name` (a read) meet the other transaction after reading."""
    read = getattr(cls, name)

    async def met(self, *args, **kwargs):
        found = await read(self, *args, **kwargs)
        await meet()
        return found

    monkeypatch.setattr(cls, name, met)


async def play_out(sessions, game_id: int) -> None:
    """Play a toy game to its end: user 1 adds 2, the others add 1."""
    while (info := await sessions.status(game_id)).turn is not None:
        user = info.turn.user_id
        await sessions.play(game_id, user, info.version, "add 2" if user == 1 else "add 1")


async def test_two_games_of_one_player_ending_at_once_both_count_in_the_ratings(pg, monkeypatch):
    """Both records read the players' ratings; without turns the second overwrites the first."""
    sessions = make_manager(Store(pg), FakeClock())
    around = Around(sessions)
    games = [await start_game(sessions, "toy", (1, 2)) for _ in range(2)]
    for game in games:
        await play_out(sessions, game.game_id)
    read_then_meet(monkeypatch, AroundSql, "ratings_of_users", meeting())
    recorded = [around.record(game.game_id) for game in games]
    assert await asyncio.wait_for(asyncio.gather(*recorded), 10) == [True, True]
    for user in (1, 2):
        (rating,) = (await around.profile(7, user)).ratings
        assert rating.games == 2, user
        assert (await around.history(7, user)).total == 2


async def test_one_game_recorded_by_two_processes_at_once_is_recorded_once(pg, pg_url, monkeypatch):
    """Both find the game unrecorded; without turns the second insert fails on the key."""
    sessions = make_manager(Store(pg), FakeClock())
    game = await start_game(sessions, "toy", (1, 2))
    await play_out(sessions, game.game_id)
    read_then_meet(monkeypatch, AroundSql, "recorded_of", meeting())
    async with await Database.open(pg_url, writers=3) as other:
        elsewhere = Around(make_manager(Store(other), FakeClock()))
        both = Around(sessions).record(game.game_id), elsewhere.record(game.game_id)
        assert sorted(await asyncio.wait_for(asyncio.gather(*both), 10)) == [False, True]
    (rating,) = (await Around(sessions).profile(7, 1)).ratings
    assert rating.games == 1


async def test_a_watch_begun_as_the_game_s_end_is_recorded_is_told_the_end(pg, monkeypatch):
    """The watch reads "not recorded", the end is recorded, then the watch is written."""
    sessions = make_manager(Store(pg), FakeClock())
    around = Around(sessions)
    game = await start_game(sessions, "toy", (1, 2))
    looked, go = asyncio.Event(), asyncio.Event()
    read = AroundSql.recorded_of

    async def watch_looks(self, ids):
        found = await read(self, ids)
        if not looked.is_set():  # the watch's look, the first one
            looked.set()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(go.wait(), 0.5)
        return found

    monkeypatch.setattr(AroundSql, "recorded_of", watch_looks)
    watch = asyncio.create_task(around.watch(game.game_id, 9))
    await asyncio.wait_for(looked.wait(), 5)
    await play_out(sessions, game.game_id)
    record = asyncio.create_task(around.record(game.game_id))
    await asyncio.wait({record}, timeout=0.2)
    go.set()
    await asyncio.wait_for(asyncio.gather(watch, record), 10)
    notes = await around.notes()
    assert [(n.user_id, n.info.game_id, n.round) for n in notes] == [(9, game.game_id, None)]


async def test_two_vacations_asked_at_once_start_one(db, monkeypatch):
    """Both would find no running vacation; one is started, the other refused."""
    sessions = make_manager(Store(db), FakeClock())
    people = People(db, sessions)
    read_then_meet(monkeypatch, PeopleTx, "open_vacation", meeting())
    asked = [people.start_vacation(7, 1, 3), people.start_vacation(7, 1, 3)]
    results = await asyncio.wait_for(asyncio.gather(*asked, return_exceptions=True), 10)
    assert sum(isinstance(r, GameError) for r in results) == 1, results
    assert len(await people.store.open_vacations()) == 1


async def test_closed_dms_noted_as_settings_are_saved_keep_the_saved_settings(pg, monkeypatch):
    """A DM fails as the player saves their settings: its defaults never overwrite them.

    The failed DM's transaction found no settings and writes the defaults; the player's
    save commits in between (held there: the first write of `user_settings`).
    """
    sessions = make_manager(Store(pg), FakeClock())
    people = People(pg, sessions)
    async with people.store.transaction() as tx:
        post = await tx.post(1, None, "your turn", "2026-01-05T12:00:00+00:00", 55)
    [outgoing] = [p for p in await people.unsent() if p.id == post]
    writing, saved = asyncio.Event(), asyncio.Event()
    execute = PgConnection.execute

    async def held(self, sql, args=()):
        if sql.startswith("INSERT INTO user_settings") and not writing.is_set():
            writing.set()  # the failed DM's write of the defaults
            await asyncio.wait_for(saved.wait(), 5)
        return await execute(self, sql, args)

    monkeypatch.setattr(PgConnection, "execute", held)
    failing = asyncio.create_task(people.dm_failed(outgoing))
    await asyncio.wait_for(writing.wait(), 5)
    await asyncio.wait_for(people.change(1, zone="Europe/Madrid", language="es"), 5)
    saved.set()
    await asyncio.wait_for(failing, 10)
    found = await people.settings(1)
    assert (found.zone, found.language, found.dm_closed) == ("Europe/Madrid", "es", True)


async def test_a_game_s_waking_clock_turned_on_twice_at_once_is_on(pg, monkeypatch):
    """Its creator and an admin at once: neither finds the row; both insert it."""
    sessions = make_manager(Store(pg), FakeClock())
    people = People(pg, sessions)
    game = await start_game(sessions, "toy", (1, 2))
    meet = meeting()
    execute = PgConnection.execute

    async def met(self, sql, args=()):
        done = await execute(self, sql, args)
        if "waking_clocks" in sql:
            await meet()  # both wrote (or tried to) before either commits
        return done

    monkeypatch.setattr(PgConnection, "execute", met)
    both = [
        people.set_waking(game.game_id, 1, True),
        people.set_waking(game.game_id, 9, True, admin=True),
    ]
    await asyncio.wait_for(asyncio.gather(*both), 10)
    assert await people.waking(game.game_id)
