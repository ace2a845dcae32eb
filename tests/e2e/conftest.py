"""The real bot.py against the local Discord, with scripted players (docs/local-discord.md).

`table` is one bot per module; `make_table(extra_env=...)` gives a private one (restarts,
an injected clock). The helpers play as people do: read the newest board in the game's
thread, see whose turn it says, and press what that player would press.
"""

from __future__ import annotations

import re
import sqlite3
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from localdiscord.harness import BotHarness
from localdiscord.local import Actor, ChannelRef, Seen
from localdiscord.model import Json

REPO = Path(__file__).resolve().parents[2]
BOT = [sys.executable, str(REPO / "bot.py")]
FAULTY_BOT = [sys.executable, str(REPO / "tests" / "e2e" / "faulty_bot.py")]  # faults injected
NOW = re.compile(r"\*\*(?:Now|Ahora):\*\* <@(\d+)>")
MOVE_ID = re.compile(r"^dn:([mskp]):(\d+):(\d+):(\d+)$")


@pytest.fixture(scope="session")
def e2e_databases(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where every table's database is kept once its bot stopped (test_zz_copy.py copies them)."""
    return tmp_path_factory.mktemp("e2e-databases")


def keep_database(harness: BotHarness, folder: Path) -> None:
    """Keep a stopped table's SQLite database (WAL included: SQLite's backup reads it)."""
    source = harness.workdir / "games.db"
    if not source.exists():
        return
    target = folder / f"{len(list(folder.glob('*.db'))):03d}-{harness.workdir.name}.db"
    with sqlite3.connect(source) as db, sqlite3.connect(target) as copy:
        db.backup(copy)


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory, e2e_databases: Path) -> Iterator[BotHarness]:
    """One emulator and one real bot for the module."""
    users = ("alice", "bob", "carol", "dave")
    with BotHarness(BOT, tmp_path_factory.mktemp("bot"), users=users) as harness:
        yield harness
    keep_database(harness, e2e_databases)


@pytest.fixture
def make_table(tmp_path: Path, e2e_databases: Path) -> Iterator[Callable[..., BotHarness]]:
    """Build private tables (stopped at teardown)."""
    made: list[BotHarness] = []

    def factory(argv: list[str] = BOT, **kwargs: object) -> BotHarness:
        users = ("alice", "bob", "carol", "dave")
        harness = BotHarness(argv, tmp_path, users=users, **kwargs)  # type: ignore[arg-type]
        made.append(harness)
        return harness.start()

    yield factory
    for harness in made:
        harness.stop()
        keep_database(harness, e2e_databases)


def open_game(table: BotHarness, host: Actor, **options: object) -> tuple[int, Seen]:
    """Run `/game new` and return the game number and the lobby message."""
    lobby = host.slash(table.channel, "game new", {"game": "trajan", **options}).wait_reply()
    number = int(re.search(r"(?:#|n\.º )(\d+)", lobby.content)[1])  # type: ignore[index]
    return number, lobby


def start_game(
    table: BotHarness,
    host: Actor,
    lobby: Seen,
    number: int,
    game: str = "Trajan",
    name: str | None = None,
) -> ChannelRef:
    """Press Start and return the game's thread once its first board is there."""
    host.click(lobby, f"dn:l:{number}:start").wait_acked()
    thread = host.wait_thread(name or f"{game} #{number}", timeout=30)
    host.wait_message(thread, lambda m: m.author_is_bot and bool(controls(m)), timeout=30)
    return thread


def controls(message: Seen) -> list[Json]:
    """Return the move buttons and menus of a message."""
    found = [c for c in message.buttons() if MOVE_ID.match(c.get("custom_id", ""))]
    return found + [s for s in message.selects() if s.get("custom_id", "").startswith("dn:s:")]


def playable(menu: Json) -> list[Json]:
    """Return a move menu's options that play a move: an index, not a spent place ("n3").

    An entry backed out of keeps its place in the menu, disabled in all but name (item 67).
    """
    return [o for o in menu["options"] if str(o["value"]).isdigit()]


def version_of(message: Seen) -> int | None:
    """Return the game version the controls of a message carry."""
    for c in controls(message):
        return int(c["custom_id"].split(":")[3])
    return None


def board(actor: Actor, thread: ChannelRef) -> Seen:
    """Return the newest bot message in the thread that carries move controls or the end."""
    msgs = [m for m in actor.messages(thread) if m.author_is_bot and not m.ephemeral]
    for m in reversed(msgs):
        if controls(m) or "is over" in m.content or "ha terminado" in m.content:
            return m
    return msgs[-1]


def decider(message: Seen) -> int | None:
    """Return the user id the board says must decide now."""
    found = NOW.search(message.content)
    return int(found[1]) if found else None


def private_choices(actor: Actor, message: Seen) -> Seen:
    """Press "Choose privately" and return the ephemeral message with the choices."""
    private = next(c for c in message.buttons() if c["custom_id"].startswith("dn:p:"))
    return actor.click(message, private["custom_id"]).wait_reply()


def press_first(actor: Actor, message: Seen, thread: ChannelRef, pick: int = 0) -> None:
    """Press a move control (the `pick`-th choice) and confirm if asked; wait for the ack."""
    items = [c for c in controls(message) if not c.get("custom_id", "").startswith("dn:p:")]
    if not items:  # the choices would show the hand: they come ephemerally
        message = private_choices(actor, message)
        items = [c for c in controls(message) if not c["custom_id"].startswith("dn:p:")]
    item = items[0]
    if item["type"] == 2:
        buttons = [c for c in items if c["type"] == 2]
        ref = actor.click(message, buttons[pick % len(buttons)]["custom_id"])
    else:
        options = playable(item)
        ref = actor.select(message, item["custom_id"], [options[pick % len(options)]["value"]])
    ref.wait_acked()
    version = int(item["custom_id"].split(":")[3])
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        for follow in ref.followups():
            confirm = [b for b in follow.buttons() if b["custom_id"].startswith("dn:k:")]
            if confirm:
                actor.click(follow, confirm[0]["custom_id"]).wait_acked()
                return
            return  # some other reply (a refusal): the caller looks at the board
        if version_of(board(actor, thread)) != version:
            return
        time.sleep(0.02)


def wait_new_board(actor: Actor, thread: ChannelRef, old: int | None, timeout: float = 30) -> Seen:
    """Wait until the thread shows a board newer than version `old` (or the end)."""

    def newer(m: Seen) -> bool:
        v = version_of(m)
        fresh = v is not None and (old is None or v > old)
        return m.author_is_bot and (fresh or "is over" in m.content)

    return actor.wait_message(thread, newer, timeout=timeout)


def play_until(
    table: BotHarness, thread: ChannelRef, stop: Callable[[int], bool], max_moves: int = 5000
) -> int:
    """Let the seated humans press moves until `stop(moves)` or the game ends; return moves."""
    by_id = {a.id: a for a in table.users.values()}
    moves = 0
    watcher = next(iter(table.users.values()))
    while moves < max_moves and not stop(moves):
        current = board(watcher, thread)
        if "is over" in current.content:
            break
        who = decider(current)
        assert who in by_id, current.content
        actor = by_id[who]
        old = version_of(current)
        press_first(actor, current, thread, pick=moves)
        wait_new_board(watcher, thread, old)
        moves += 1
    return moves
