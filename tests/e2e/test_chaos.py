"""Issue 18, the chaos test: 20 games played through faults, and nothing lost, doubled or stale.

Scripted players (four users, each game's humans) and AI seats play 20 games, Trajan and
Troyes, 2 to 4 seats, `MOVES` human moves each, in a seeded random order. Seeded too, at
random moments: SIGKILL the bot (often right after a press, while it saves or posts), SIGKILL
a render worker, drop the gateway connection, take the REST API away for a few seconds, and
fill the disk (tests/e2e/faulty_bot.py: every write fails as SQLite's does on a full disk).

Afterwards: every game verifies by replay (the session service's `verify`), every thread's
newest board shows the game's newest version, every move a player saw acknowledged (a newer
board appeared) is in the log and every player move in the log answers one press (none
lost, none doubled), and no process of the bot is left (no orphan worker or resource
tracker; /proc, no psutil). CHAOS_SEED picks another run; the counts are printed.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from engine.games import GAMES
from engine.sessions import SessionService, Store
from localdiscord.harness import BotHarness
from localdiscord.local import Actor, ChannelRef, Seen
from localdiscord.slash import UsageError
from tests.e2e.conftest import (
    FAULTY_BOT,
    board,
    controls,
    decider,
    open_game,
    playable,
    private_choices,
    start_game,
    version_of,
)
from tests.processes import alive, children, parent, wait_gone

SEED = int(os.environ.get("CHAOS_SEED") or 18)
GAMES_PLAYED = 20
MOVES = 4  # human moves per game (the AI seats move in between)
FAULTS = {"kill": 3, "worker": 3, "gateway": 3, "rest": 3, "disk": 2}
USERS = ("alice", "bob", "carol", "dave")
TITLES = {"trajan": "Trajan", "troyes": "Troyes"}


@dataclass
class Game:
    """One game of the run, as the players know it."""

    number: int
    kind: str
    humans: list[Actor]
    thread: ChannelRef


@dataclass
class Tally:
    """What happened: faults, presses, and the presses a newer board acknowledged."""

    faults: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FAULTS, 0))
    presses: set[tuple[int, int, int]] = field(default_factory=set)  # game, version, user
    acked: set[tuple[int, int, int]] = field(default_factory=set)
    pids: set[int] = field(default_factory=set)  # every process of the bot seen


def _bot_pid(table: BotHarness) -> int:
    assert table.bot is not None
    assert table.bot.pid is not None
    return table.bot.pid


def _note_processes(table: BotHarness, tally: Tally) -> dict[int, str]:
    kids = children(_bot_pid(table))
    tally.pids.update({_bot_pid(table), *kids})
    return kids


def _open(table: BotHarness, rng: random.Random, index: int) -> Game:
    kind = ("trajan", "troyes")[index % 2]
    seats = rng.choice((2, 3, 4))
    humans = rng.randint(1, seats)
    people = [table.users[name] for name in rng.sample(USERS, humans)]
    host = people[0]
    number, lobby = open_game(table, host, game=kind, players=seats, ai=seats - humans)
    for actor in people[1:]:
        actor.click(lobby, f"dn:l:{number}:join").wait_acked()
    thread = start_game(table, host, lobby, number, game=TITLES[kind])
    return Game(number, kind, people, thread)


def _stored(table: BotHarness, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    with sqlite3.connect(f"file:{table.workdir / 'games.db'}?mode=ro", uri=True) as db:
        return db.execute(sql, args).fetchall()


def _newer(watcher: Actor, game: Game, version: int, wait: float) -> bool:
    """Whether the thread shows a board newer than `version` within `wait` seconds."""
    end = time.monotonic() + wait
    while True:
        shown = board(watcher, game.thread)
        now = version_of(shown)
        if (now is not None and now > version) or "is over" in shown.content:
            return True
        if time.monotonic() >= end:
            return False
        time.sleep(0.05)


def _press(game: Game, current: Seen, by_id: dict[int, Actor], pick: int) -> tuple[int, int] | None:
    """Press the `pick`-th choice for the player the board names; return (version, user)."""
    who = decider(current)
    version = version_of(current)
    if who not in by_id or version is None:
        return None
    actor = by_id[who]
    message = current
    items = [c for c in controls(message) if not c["custom_id"].startswith("dn:p:")]
    if not items:  # the choices would show the hand: they come ephemerally
        message = private_choices(actor, message)
        items = [c for c in controls(message) if not c["custom_id"].startswith("dn:p:")]
        if not items:
            return None
    item = items[0]
    if item["type"] == 2:
        buttons = [c for c in items if c["type"] == 2]
        ref = actor.click(message, buttons[pick % len(buttons)]["custom_id"])
    else:
        options = playable(item)
        ref = actor.select(message, item["custom_id"], [options[pick % len(options)]["value"]])
    ref.wait_acked(timeout=5)
    end = time.monotonic() + 1.5
    while time.monotonic() < end:  # a move that reveals something asks first
        follow = ref.followups()
        if follow:
            confirm = [b for b in follow[0].buttons() if b["custom_id"].startswith("dn:k:")]
            if confirm:
                actor.click(follow[0], confirm[0]["custom_id"]).wait_acked(timeout=5)
            break
        if version_of(board(actor, game.thread)) != version:
            break
        time.sleep(0.05)
    return version, actor.id


class Chaos:
    """The faults, each applied the moment the schedule says."""

    def __init__(self, table: BotHarness, rng: random.Random, tally: Tally) -> None:
        self.table, self.rng, self.tally = table, rng, tally
        self.disk = table.workdir / "disk-full"
        self.ends: list[tuple[float, Callable[[], None]]] = []  # (when, undo) of outages

    def _rest(self, down: bool) -> None:
        def switch() -> None:
            self.table.ld.world.rest_down = down

        self.table.ld.call(switch)

    def apply(self, kind: str) -> None:
        self.tally.faults[kind] += 1
        time.sleep(self.rng.uniform(0.0, 0.3))  # often while the bot saves or posts a move
        if kind == "kill":
            # Not into an outage or a full disk: a bot that starts while Discord's REST is
            # away, or with no disk to write, stops at start-up (its supervisor restarts it).
            self.heal(everything=True)
            _note_processes(self.table, self.tally)
            os.kill(_bot_pid(self.table), signal.SIGKILL)
            self.table.restart(kill=True, timeout=60)
            _note_processes(self.table, self.tally)
        elif kind == "worker":
            kids = _note_processes(self.table, self.tally)
            workers = [p for p, cmd in kids.items() if "multiprocessing.spawn" in cmd]
            if workers:
                os.kill(self.rng.choice(workers), signal.SIGKILL)
        elif kind == "gateway":
            self.table.ld.run(self.table.ld.emulator.gateway.disconnect_all())
        elif kind == "rest":
            self._rest(True)
            self.ends.append((time.monotonic() + self.rng.uniform(2, 4), lambda: self._rest(False)))
        elif kind == "disk":
            self.disk.touch()
            self.ends.append((time.monotonic() + self.rng.uniform(1, 3), self.disk.unlink))

    def heal(self, *, everything: bool = False) -> None:
        """End the outages whose time is up (all of them with `everything`)."""
        now = time.monotonic()
        for end in [e for e in self.ends if everything or e[0] <= now]:
            self.ends.remove(end)
            end[1]()


def _orphans() -> list[int]:
    """Return this process group's multiprocessing processes (workers, trackers) left orphaned.

    Orphaned: their parent is gone (re-parented to init). A worker whose bot still runs is not
    one: under pytest-xdist another worker's test may have a bot running in this group.
    """
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or not alive(int(entry.name)):
            continue
        try:
            same = os.getpgid(int(entry.name)) == os.getpgrp()
            cmd = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        up = parent(int(entry.name))
        if same and b"multiprocessing" in cmd and (up == 1 or up is None or not alive(up)):
            found.append(int(entry.name))
    return found


def _ours_left(grace: float = 5.0) -> list[int]:
    """Return the orphans still there after `grace` seconds (a worker follows its parent's
    death within a moment; another xdist worker's test may just have killed its bot)."""
    first = _orphans()
    if first:
        time.sleep(grace)
    return sorted(set(first) & set(_orphans()))


async def _verify(path: Path, numbers: list[int]) -> list[Any]:
    async with await Store.open(path) as store:
        sessions = SessionService(store, GAMES, clock=lambda: datetime.now(UTC))
        return [await sessions.verify(number) for number in numbers]


def _settle(table: BotHarness, games: list[Game], timeout: float = 60) -> list[int]:
    """Wait until every thread shows its game's stored version; return the games that do not."""
    watcher = table.users[USERS[0]]
    end = time.monotonic() + timeout
    while True:
        stale = []
        for game in games:
            (stored, status), *_ = _stored(
                table, "SELECT version, status FROM games WHERE id = ?", (game.number,)
            )
            shown = board(watcher, game.thread)
            over = status != "active" and "is over" in shown.content
            drawn = bool(shown.attachments) and "on its way" not in shown.content
            if not over and (version_of(shown) != stored or not drawn):
                stale.append(game.number)  # an old board, or one still without its image
        if not stale or time.monotonic() >= end:
            for number in stale:  # what the players see, for the report
                game = next(g for g in games if g.number == number)
                shown = board(watcher, game.thread)
                print(f"stale game {number}: {shown.content[:300]!r}")  # noqa: T201
            return stale
        time.sleep(0.5)


@pytest.mark.slow
def test_chaos(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    env = {
        "DENARIUS_FAULT": "disk_full",
        "DENARIUS_DISK_FULL_FILE": str(tmp_path / "disk-full"),
        "TICK_SECONDS": "2",
    }
    started = time.monotonic()
    tally = Tally()
    table = BotHarness(FAULTY_BOT, tmp_path, users=USERS, extra_env=env).start()
    try:
        games = [_open(table, rng, i) for i in range(GAMES_PLAYED)]
        opened = time.monotonic()
        by_id = {a.id: a for a in table.users.values()}
        order = [g for g in games for _ in range(MOVES)]
        rng.shuffle(order)
        schedule = [kind for kind, count in FAULTS.items() for _ in range(count)]
        at = dict(zip(rng.sample(range(5, len(order) - 3), len(schedule)), schedule, strict=True))
        chaos = Chaos(table, rng, tally)
        watcher = table.users[USERS[0]]
        for i, game in enumerate(order):
            chaos.heal()
            pressed = None
            try:
                current = board(watcher, game.thread)
                if "is over" not in current.content:
                    pressed = _press(game, current, by_id, rng.randrange(1000))
            except (AssertionError, TimeoutError, UsageError):
                # The bot was down or refused, or the board's controls went away as it was
                # read (the turn passed: its message is closed, a new one follows): the
                # player tries again later.
                pass
            if pressed is not None:
                tally.presses.add((game.number, *pressed))
            if i in at:
                chaos.apply(at[i])
            if pressed is not None and _newer(watcher, game, pressed[0], 2.0):
                tally.acked.add((game.number, *pressed))
        chaos.heal(everything=True)
        played_at = time.monotonic()
        stale = _settle(table, games)
        settled = time.monotonic()
        _note_processes(table, tally)
    finally:
        if (tmp_path / "disk-full").exists():
            (tmp_path / "disk-full").unlink()
        table.stop()

    numbers = [g.number for g in games]
    seats = {
        (g, s): u
        for g, s, u in _stored(
            table, "SELECT game_id, seat, user_id FROM seats WHERE seat IS NOT NULL"
        )
    }
    moves = _stored(
        table, "SELECT game_id, version, seat, by FROM moves WHERE undone_at IS NULL ORDER BY id"
    )
    played = {(g, v - 1, seats[g, s]) for g, v, s, by in moves if by == "player"}
    lost = sorted(tally.acked - played)
    doubled = sorted(played - tally.presses)  # a player move no press asked for
    checks = asyncio.run(_verify(tmp_path / "games.db", numbers))
    unverified = [c.game_id for c in checks if not c.ok]
    left = wait_gone(sorted(tally.pids), timeout=10)
    strays = _ours_left()
    elapsed = time.monotonic() - started
    print(  # noqa: T201 - the counts of the run, for the report
        f"\nchaos seed {SEED}: {len(games)} games, kills {tally.faults['kill']}, worker kills "
        f"{tally.faults['worker']}, gateway drops {tally.faults['gateway']}, REST outages "
        f"{tally.faults['rest']}, disk faults {tally.faults['disk']}, moves {len(moves)} "
        f"({len(played)} by players; {len(tally.presses)} presses, {len(tally.acked)} "
        f"acknowledged), lost {len(lost)}, doubled {len(doubled)}, stale boards {len(stale)}, "
        f"unverified {len(unverified)}, processes left {len(left) + len(strays)}, "
        f"{elapsed:.0f} s (opening {opened - started:.0f} s, play {played_at - opened:.0f} s, "
        f"settling {settled - played_at:.0f} s)"
    )
    assert lost == [], lost
    assert doubled == [], doubled
    assert stale == [], stale
    assert unverified == [], [c for c in checks if not c.ok]
    assert left == [], left
    assert strays == [], strays
    assert len(played) >= GAMES_PLAYED * MOVES // 2  # the faults did not stop the play
