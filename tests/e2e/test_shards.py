"""Two bot processes on PostgreSQL, each owning one of two shards (issue 19).

One emulator with two guilds, one in each shard (`(guild_id >> 22) % 2`), and two real
bot.py processes with `SHARD_COUNT=2` and `SHARD_IDS` 0 and 1 over one PostgreSQL database
(tests/e2e/faulty_bot.py with `hold_ai`: the test chooses the AI decision its kill lands in).
Each guild's interactions reach only its shard's process; the games of both play on; timers
falling due in both guilds fire once each; a process SIGKILLed in the middle of moves and
AI turns comes back and its games resume, while the other never stops serving.
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import urlsplit

import asyncpg
import pytest

from engine.games import GAMES
from engine.sessions.lobby import NewGame
from engine.sessions.manager import SessionManager
from engine.sessions.models import SeatOrder, TimeControl
from engine.sessions.store import Store
from localdiscord.botproc import REPO_ROOT, BotProcess
from localdiscord.local import Actor, ChannelRef, LocalDiscord, Seen
from tests.e2e.conftest import (
    FAULTY_BOT,
    board,
    decider,
    play_until,
    press_first,
    start_game,
    version_of,
)
from tests.engine.db.backends import _admin, with_database

pytestmark = pytest.mark.slow
USERS = ("alice", "bob", "carol", "dave")


@dataclass
class Side:
    """One shard: its guild, its channel and the bot process that owns it."""

    shard: int
    guild: int
    channel: ChannelRef
    bot: BotProcess


@dataclass
class Pair:
    """The emulator, its users and one `Side` per shard; `users` as play_until wants them."""

    ld: LocalDiscord
    url: str
    clock: Path
    hold: Path  # a game's number here: its AI decisions hang (faulty_bot.py, hold_ai)
    users: dict[str, Actor] = field(default_factory=dict)
    sides: list[Side] = field(default_factory=list)

    def connected(self, count: int) -> bool:
        gateway = self.ld.emulator.gateway
        live = [s for s in gateway.sessions.values() if s.socket is not None]
        return len({s.shard for s in live if not s.socket.ws.closed}) >= count  # type: ignore[union-attr]

    def wait_connected(self, after: int, timeout: float = 60) -> None:
        def up() -> bool:
            return self.ld.emulator.gateway.identified >= after and self.connected(2)

        self.ld.wait_until(up, timeout)

    async def rows(self, sql: str, *args: object) -> list[asyncpg.Record]:
        conn = await asyncpg.connect(self.url)
        try:
            return list(await conn.fetch(sql, *args))
        finally:
            await conn.close()

    def query(self, sql: str, *args: object) -> list[asyncpg.Record]:
        return asyncio.run(self.rows(sql, *args))


@pytest.fixture(scope="module")
def pair(pg_database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Pair]:
    """The emulator and two bot processes, for the module (starting them is the slow part)."""
    tmp_path = tmp_path_factory.mktemp("shards")
    schema = f"e2e_{secrets.token_hex(5)}"
    asyncio.run(_admin(pg_database, f"CREATE SCHEMA {schema}"))
    url = with_database(pg_database, urlsplit(pg_database).path[1:], search_path=schema)
    clock = tmp_path / "now.txt"
    clock.write_text(datetime.now(UTC).isoformat(), encoding="utf-8")
    ld = LocalDiscord()
    ld.start()
    made = Pair(ld, url, clock, tmp_path / "hold_ai.txt")
    try:
        made.users = {name: ld.user_or_new(name) for name in USERS}
        main = ld.world.guild.id
        first = (main >> 22) % 2
        other = ld.add_guild("Other Table", shard=1 - first, count=2)
        channels = {first: ld.channel_or_new("general"), 1 - first: ld.add_channel("tables", other)}
        guilds = {first: main, 1 - first: other}
        for shard in (0, 1):
            env = {
                **ld.bot_env(),
                "DATABASE_URL": url,
                "SHARD_COUNT": "2",
                "SHARD_IDS": str(shard),
                "TICK_SECONDS": "1",
                "LEASE_SECONDS": "30",
                "DENARIUS_CLOCK_FILE": str(clock),
                "RENDER_PROCESSES": "0",
                "AI_PROCESSES": "0",  # threads: a restart spawns no AI worker first
                "DENARIUS_FAULT": "hold_ai",
                "DENARIUS_HOLD_AI_FILE": str(made.hold),
            }
            log = tmp_path / f"bot{shard}.log"
            bot = BotProcess(FAULTY_BOT, env, REPO_ROOT, log)
            made.sides.append(Side(shard, guilds[shard], channels[shard], bot))
            bot.start()
        made.wait_connected(2)
        yield made
    finally:
        for side in made.sides:
            side.bot.stop()
        ld.stop()


def open_in(pair: Pair, side: Side, host: Actor, **options: object) -> tuple[int, ChannelRef]:
    """Open a Trajan lobby in a side's channel with one AI, seat bob, start it."""
    lobby = host.slash(side.channel, "game new", {"game": "trajan", **options}).wait_reply()
    number = int(re.search(r"(?:#|n\.º )(\d+)", lobby.content)[1])  # type: ignore[index]
    pair.users["bob"].click(lobby, f"dn:l:{number}:join").wait_reply()
    table = type("T", (), {"channel": side.channel})()
    return number, start_game(table, host, lobby, number)


def logged(side: Side, text: str) -> bool:
    return text in side.bot.log_text()


async def _near_end(users: tuple[int, int], left: int) -> bytes:
    """Return an exported Trajan game (two users and an AI) `left` human moves from its end.

    Played in this process with the bot's own session service (first choice every time,
    a greedy AI), once to count its human moves, then again to `left` before the end.
    """

    async def play(stop: int | None) -> tuple[int, dict[str, object]]:
        store = await Store.open(":memory:")
        try:
            clock = lambda: datetime.now(UTC)  # noqa: E731
            manager = SessionManager(store, dict(GAMES), clock, seeds=iter([7]).__next__)
            spec = NewGame("trajan", guild_id=1, channel_id=1, seats=3, seat_order=SeatOrder.JOIN)
            game = (await manager.create_lobby(users[0], spec)).game_id
            await manager.join(game, users[1])
            await manager.add_ai(game, users[0], "greedy")
            out = await manager.start(game, users[0])
            moves = 0
            while out.turn is not None and moves != stop:
                assert out.turn.user_id is not None
                out = await manager.play(game, out.turn.user_id, out.version, 0)
                moves += 1
            return moves, await manager.export_game(game)
        finally:
            await store.close()

    total, _ = await play(None)
    _, doc = await play(total - left)
    return json.dumps(doc).encode()


def import_in(pair: Pair, side: Side, data: bytes) -> tuple[int, ChannelRef]:
    """Import a game file into a side's channel; return its number and thread."""
    alice = pair.users["alice"]
    done = alice.slash(side.channel, "admin game import", {"file": ("g.json", data)}).wait_reply()
    assert "Imported as game #" in done.content, done.content
    number = int(done.content.split("#")[1].split()[0])
    return number, alice.wait_thread(f"Trajan #{number}", timeout=30)


def held_or_answered(pair: Pair, side: Side, thread: ChannelRef, game: int, before: int) -> bool:
    """After a press: True once the side's bot holds the game's AI decision (the move pressed
    saved, the AI seat deciding next), False once a board newer than `before` shows."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if logged(side, f"holding the AI decision of game {game}"):
            return True
        current = board(pair.users["carol"], thread)
        if (version_of(current) or 0) > before or "is over" in current.content:
            return False
        time.sleep(0.05)
    raise AssertionError("the press was neither answered nor handed to the AI")


def after(message: Seen, version: int) -> bool:
    """Whether a bot message is a board newer than `version`, or the end of the game."""
    newer = (version_of(message) or 0) > version or "is over" in message.content
    return message.author_is_bot and newer


def is_over(pair: Pair, thread: ChannelRef) -> bool:
    return any("is over" in m.content for m in pair.users["carol"].messages(thread))


def test_two_processes_play_their_shards_games_to_the_end_through_a_kill(pair):
    alice, bob, watcher = pair.users["alice"], pair.users["bob"], pair.users["carol"]
    data = asyncio.run(_near_end((alice.id, bob.id), left=10))
    games = [import_in(pair, side, data) for side in pair.sides]
    for (number, _), side in zip(games, pair.sides, strict=True):
        [row] = pair.query("SELECT guild_id FROM games WHERE id = $1", number)
        assert row["guild_id"] == side.guild  # each game is in its own shard's guild
    for _, thread in games:
        play_until(pair, thread, lambda n: n >= 1)

    # Kill shard 1's process in the middle of moves and AI turns: its game's AI decisions
    # are held (faulty_bot.py), human moves are pressed until one hands the decision to the
    # AI seat and the bot says it holds it, then the process dies before the AI's move.
    victim, survivor = pair.sides[1], pair.sides[0]
    (dead_number, dead_thread), (_, live_thread) = games[1], games[0]
    pair.hold.write_text(str(dead_number), encoding="utf-8")
    while True:
        current = board(watcher, dead_thread)
        assert "is over" not in current.content
        mover = next(a for a in pair.users.values() if a.id == decider(current))
        before = version_of(current) or 0
        press_first(mover, current, dead_thread)
        if held_or_answered(pair, victim, dead_thread, dead_number, before):
            break
    victim.bot.kill()
    pair.hold.unlink()  # the restarted process thinks as usual
    [cut] = pair.query(
        "SELECT g.version, s.ai FROM games g"
        " JOIN seats s ON s.game_id = g.id AND s.seat = g.turn_seat WHERE g.id = $1",
        dead_number,
    )
    assert cut["ai"] is not None  # killed while the AI seat was deciding
    # The other process never stops: its game plays on to the end while shard 1 is down.
    play_until(pair, live_thread, lambda n: False)
    assert is_over(pair, live_thread)
    assert not pair.ld.failed_interactions(), pair.ld.failed_interactions()
    identified = pair.ld.emulator.gateway.identified
    victim.bot.start()
    pair.wait_connected(identified + 1)
    resumed = watcher.wait_message(dead_thread, lambda m: after(m, cut["version"]), 60)
    assert resumed is not None  # the AI turn cut short, taken up at start-up
    assert before < cut["version"]  # the human move before the kill was kept
    play_until(pair, dead_thread, lambda n: False)
    assert is_over(pair, dead_thread)

    # Nothing lost or doubled: each game's live moves are its versions, once each, and the
    # log replays exactly (each verified through its own shard's process).
    for (number, _), side in zip(games, pair.sides, strict=True):
        [row] = pair.query(
            "SELECT COUNT(*) AS n, COUNT(DISTINCT version) AS d, MAX(version) AS v"
            " FROM moves WHERE game_id = $1 AND undone_at IS NULL",
            number,
        )
        [game] = pair.query("SELECT version, status FROM games WHERE id = $1", number)
        assert row["n"] == row["d"] == row["v"] == game["version"]
        assert game["status"] == "finished"
        reply = alice.slash(side.channel, "admin game verify", {"game": number}).wait_reply()
        assert "replay exactly" in reply.content, reply.content
    assert logged(victim, "serving shards 1/2")
    assert logged(survivor, "serving shards 0/2")
    # Its league lease (and any claim) was taken back at start-up, not after LEASE_SECONDS.
    assert logged(victim, "took back the claims and leases of")


def test_timers_falling_due_in_both_shards_fire_once_each(pair):
    alice = pair.users["alice"]
    games = [
        open_in(pair, side, alice, players=3, ai=1, time_control="24h", policy="stand_in")
        for side in pair.sides
        for _ in range(2)
    ]
    later = datetime.now(UTC) + timedelta(hours=25)  # every deadline passed at once
    pair.clock.write_text(later.isoformat(), encoding="utf-8")
    for _, thread in games:
        alice.wait_message(thread, lambda m: "ran out of time" in m.content, timeout=30)
    time.sleep(3)  # a few more ticks of both processes: nothing fires twice
    for number, thread in games:
        notices = [m for m in alice.messages(thread) if "ran out of time" in m.content]
        assert len(notices) == 1, number
        [row] = pair.query(
            "SELECT COUNT(*) AS n FROM moves WHERE game_id = $1 AND by = 'stand_in'", number
        )
        assert row["n"] >= 1
    assert pair.query("SELECT * FROM timers WHERE claimed_by IS NOT NULL") == []


THOUSAND = 1000  # reminder timers falling due at once, half in each shard
ROOMS = 25  # channels of each guild for them: Discord sends about one message a second into one


async def _open_many(pair: Pair, base: datetime, rooms: dict[int, int]) -> dict[int, int]:
    """Open and start `THOUSAND` two-player Trajan games (alice, bob; a 24 h turn with a
    reminder 8 h before its end) straight in the shared store, as many in each of `rooms`
    (channel -> guild). A game's "thread" is its channel, where its reminder is posted.
    Return game -> channel."""
    store = await Store.open(pair.url)
    try:
        seeds = iter(range(10**6)).__next__
        manager = SessionManager(store, dict(GAMES), lambda: base, seeds=seeds)
        control = TimeControl(timedelta(hours=24), (timedelta(hours=8),))
        alice, bob = pair.users["alice"].id, pair.users["bob"].id

        async def one(channel: int) -> tuple[int, int]:
            spec = NewGame("trajan", guild_id=rooms[channel], channel_id=channel, seats=2,
                           time_control=control, seat_order=SeatOrder.JOIN)  # fmt: skip
            game = (await manager.create_lobby(alice, spec)).game_id
            await manager.join(game, bob)
            await manager.set_messages(game, thread_id=channel)
            await manager.start(game, alice)
            return game, channel

        wanted = [list(rooms)[i % len(rooms)] for i in range(THOUSAND)]
        made: dict[int, int] = {}
        for at in range(0, len(wanted), 25):
            made.update(await asyncio.gather(*(one(c) for c in wanted[at : at + 25])))
        return made
    finally:
        await store.close()


def test_a_thousand_timers_falling_due_at_once_fire_once_each_across_both_processes(pair):
    alice = pair.users["alice"]
    base = datetime.fromisoformat(pair.clock.read_text(encoding="utf-8"))
    # Channels of each guild for these games alone; each process owns one guild's shard.
    rooms = {
        pair.ld.add_channel(f"reminders-{side.shard}-{i}", side.guild).id: side.guild
        for side in pair.sides
        for i in range(ROOMS)
    }
    made = asyncio.run(_open_many(pair, base, rooms))
    assert len(made) == THOUSAND
    assert Counter(rooms[c] for c in made.values()) == {s.guild: THOUSAND // 2 for s in pair.sides}
    mine = list(made)
    count = "SELECT COUNT(*) AS n FROM timers WHERE kind = 'reminder' AND game_id = ANY($1::int[])"
    [row] = pair.query(count, mine)
    assert row["n"] == THOUSAND  # one reminder timer a game, due 16 h after its start

    # Each game's first seat (alice) has 24 h; 17 h on, every reminder is due at once.
    pair.clock.write_text((base + timedelta(hours=17)).isoformat(), encoding="utf-8")

    def reminded() -> Counter[tuple[int, int]]:
        """(game, channel) -> reminders seen there."""
        found: Counter[tuple[int, int]] = Counter()
        for room in rooms:
            for message in alice.messages(room):
                for control in message.buttons():
                    hit = re.fullmatch(r"dn:r:(\d+):turn", str(control.get("custom_id")))
                    if hit:
                        found[int(hit[1]), room] += 1
        return found

    deadline = time.monotonic() + 240
    while sum(reminded().values()) < THOUSAND:
        assert time.monotonic() < deadline, f"{sum(reminded().values())} reminders sent"
        time.sleep(2)
    time.sleep(3)  # a few more ticks of both processes: nothing fires twice
    seen = reminded()
    assert set(seen.values()) == {1}, seen.most_common(3)
    assert set(seen) == set(made.items())  # each game's reminder, in its own channel
    [left] = pair.query(count, mine)
    assert left["n"] == 0  # each fired (taken) once, none left behind
    assert pair.query("SELECT * FROM timers WHERE claimed_by IS NOT NULL") == []
