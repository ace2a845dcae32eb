"""Two bot processes on PostgreSQL, each owning one of two shards (issue 19).

One emulator with two guilds, one in each shard (`(guild_id >> 22) % 2`), and two real
bot.py processes with `SHARD_COUNT=2` and `SHARD_IDS` 0 and 1 over one PostgreSQL database.
Each guild's interactions reach only its shard's process; the games of both play on; timers
falling due in both guilds fire once each; a process SIGKILLed in the middle of moves and
AI turns comes back and its games resume, while the other never stops serving.
"""

from __future__ import annotations

import asyncio
import re
import secrets
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import urlsplit

import asyncpg
import pytest

from localdiscord.botproc import REPO_ROOT, BotProcess
from localdiscord.local import Actor, ChannelRef, LocalDiscord
from tests.e2e.conftest import BOT, board, decider, play_until, press_first, start_game, version_of
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
    made = Pair(ld, url, clock)
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
            }
            log = tmp_path / f"bot{shard}.log"
            bot = BotProcess(BOT, env, REPO_ROOT, log)
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


def test_two_processes_serve_their_own_shards_and_survive_a_kill(pair):
    alice = pair.users["alice"]
    games = [open_in(pair, side, alice, players=3, ai=1) for side in pair.sides]
    for (number, _), side in zip(games, pair.sides, strict=True):
        [row] = pair.query("SELECT guild_id FROM games WHERE id = $1", number)
        assert row["guild_id"] == side.guild  # each game is in its own shard's guild
    for _, thread in games:
        play_until(pair, thread, lambda n: n >= 6)

    # Kill shard 1's process in the middle of moves and AI turns: a human move is pressed
    # (the AI seat moves after it), and the process dies before it can finish.
    victim, survivor = pair.sides[1], pair.sides[0]
    (_, dead_thread), (_, live_thread) = games[1], games[0]
    watcher = pair.users["carol"]
    before = version_of(board(watcher, dead_thread))
    current = board(watcher, dead_thread)
    mover = next(a for a in pair.users.values() if a.id == decider(current))
    press_first(mover, current, dead_thread)
    victim.bot.kill()
    # The other process never stops: its game plays on while shard 1 is down.
    assert play_until(pair, live_thread, lambda n: n >= 4) == 4
    assert not pair.ld.failed_interactions(), pair.ld.failed_interactions()
    identified = pair.ld.emulator.gateway.identified
    victim.bot.start()
    pair.wait_connected(identified + 1)
    resumed = watcher.wait_message(
        dead_thread, lambda m: m.author_is_bot and (version_of(m) or 0) > (before or 0), 60
    )
    assert resumed is not None
    for _, thread in games:
        play_until(pair, thread, lambda n: n >= 4)

    # Nothing lost or doubled: each game's live moves are its versions, once each, and the
    # log replays exactly (each verified through its own shard's process).
    for (number, _), side in zip(games, pair.sides, strict=True):
        [row] = pair.query(
            "SELECT COUNT(*) AS n, COUNT(DISTINCT version) AS d, MAX(version) AS v"
            " FROM moves WHERE game_id = $1 AND undone_at IS NULL",
            number,
        )
        [game] = pair.query("SELECT version FROM games WHERE id = $1", number)
        assert row["n"] == row["d"] == row["v"] == game["version"]
        reply = alice.slash(side.channel, "admin game verify", {"game": number}).wait_reply()
        assert "replay exactly" in reply.content, reply.content
    assert logged(victim, "serving shards 1/2")
    assert logged(survivor, "serving shards 0/2")


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
