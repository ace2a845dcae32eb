"""Players' time through the real bot and the local Discord, with a file clock (issue 16 A).

One bot for the module; time moves by writing the clock file. In order: settings refused
and kept; turn pings held in quiet hours in two time zones (Madrid across the end of summer
time) and each delivered once at 08:00 local, with a SIGKILL restart while they are held;
DMs as well as thread pings, and a closed DM falling back to the thread, said once; a
vacation stopping and restarting the clocks of two games, its allowance enforced. Then
`/game new waking_hours:True` (its Spanish name synced) gives a deadline that skips nights.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path

import pytest

from localdiscord.harness import BotHarness
from localdiscord.local import Actor, ChannelRef, Seen
from tests.e2e.conftest import (
    BOT,
    board,
    decider,
    open_game,
    press_first,
    start_game,
    version_of,
    wait_new_board,
)

pytestmark = pytest.mark.slow

START = datetime(2026, 10, 24, 22, 30, tzinfo=UTC)  # 00:30 in Madrid (summer time), 18:30 NY


class FileClock:
    """The bot's "now": an ISO time in a file it reads on every call."""

    def __init__(self, path: Path, now: datetime) -> None:
        self.path = path
        self.set(now)

    def set(self, now: datetime) -> None:
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(now.isoformat())
        tmp.replace(self.path)
        self.now = now


@pytest.fixture(scope="module")
def timed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[BotHarness, FileClock]]:
    workdir = tmp_path_factory.mktemp("people")
    clock = FileClock(workdir / "clock.txt", START)
    env = {"DENARIUS_CLOCK_FILE": str(clock.path), "TICK_SECONDS": "0.3"}
    users = ("alice", "bob", "carol", "dave")
    with BotHarness(BOT, workdir, users=users, extra_env=env) as harness:
        # Scripted players click far faster than people: loosen the per-channel limits
        # (tests/e2e/test_limits.py is where they are tested), as tests/e2e/test_play.py does.
        limits = harness.ld.emulator.route_limits
        for method, route in list(limits.limits):
            limits.set(method, route, 50, 1.0)
        yield harness, clock


def wait_for(fn: Callable[[], object], timeout: float = 40.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if fn():
            return
        time.sleep(0.1)
    raise TimeoutError(f"waited {timeout} s")


def wait_for_value(fn: Callable[[], list[Seen]], timeout: float = 40.0) -> list[Seen]:
    """Poll `fn` until it returns a non-empty list; return it."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if found := fn():
            return found
        time.sleep(0.1)
    raise TimeoutError(f"waited {timeout} s")


def settle(seconds: float = 0.8) -> None:
    """Let a few ticks (0.3 s) pass."""
    time.sleep(seconds)


def said(actor: Actor, thread: ChannelRef, text: str) -> list[Seen]:
    return [m for m in actor.messages(thread) if m.author_is_bot and text in m.content]


def game(table: BotHarness, host: Actor, guest: Actor, **options: object) -> ChannelRef:
    number, lobby = open_game(table, host, players=2, **options)
    guest.click(lobby, f"dn:l:{number}:join").wait_reply()
    return start_game(table, host, lobby, number)


def to_decider(table: BotHarness, thread: ChannelRef, target: Actor) -> Seen:
    """Let the other player move until `target` decides; return that board."""
    by_id = {a.id: a for a in table.users.values()}
    for pick in range(60):
        current = board(target, thread)
        who = decider(current)
        if who == target.id:
            return current
        assert who in by_id, current.content
        press_first(by_id[who], current, thread, pick=pick)
        wait_new_board(target, thread, version_of(current))
    raise AssertionError("the decision never came to " + target.name)


def test_players_time(timed: tuple[BotHarness, FileClock]) -> None:
    table, clock = timed
    alice, bob, carol, dave = (table.users[n] for n in ("alice", "bob", "carol", "dave"))
    where = table.channel

    # ---- settings: bad input refused, nothing changed --------------------------------
    saved = alice.slash(
        where, "settings", {"time_zone": "europe/madrid", "quiet_hours": "23:00-08:00"}
    ).wait_reply()
    assert "Europe/Madrid" in saved.content
    assert "23:00-08:00" in saved.content
    refused = alice.slash(where, "settings", {"time_zone": "Mars/Olympus"}).wait_reply()
    assert refused.ephemeral
    assert "not a time zone" in refused.content
    refused = alice.slash(where, "settings", {"quiet_hours": "25:00-08:00"}).wait_reply()
    assert "not a time range" in refused.content
    shown = alice.slash(where, "settings").wait_reply().content
    assert "Europe/Madrid" in shown
    assert "23:00-08:00" in shown
    zones = alice.autocomplete(where, "settings", {"time_zone": "madr"}, "time_zone")
    assert zones[0]["value"] == "Europe/Madrid"
    spanish = bob.slash(
        where, "settings",
        {"time_zone": "America/New_York", "quiet_hours": "22:00-07:00", "language": "es"},
    ).wait_reply()  # fmt: skip
    assert "Guardado" in spanish.content  # the override answers bob in Spanish
    refused = bob.slash(where, "settings", {"time_zone": "x"}).wait_reply()
    assert "no es una zona horaria" in refused.content

    # ---- quiet hours: held, then one message at 08:00 local --------------------------
    first = game(table, alice, bob)  # alice asleep (00:30 Madrid), bob awake (18:30 NY)
    held = to_decider(table, first, alice)
    assert "alice" not in held.mentions  # her turn, but no ping at night
    clock.set(datetime(2026, 10, 25, 3, 0, tzinfo=UTC))  # 04:00 Madrid (winter), 23:00 NY
    second = game(table, carol, bob)
    held = to_decider(table, second, bob)
    assert "bob" not in held.mentions

    table.restart(kill=True)  # SIGKILL while both pings are held
    clock.set(datetime(2026, 10, 25, 6, 0, tzinfo=UTC))  # 08:00 in Madrid's summer time
    settle()
    assert not said(alice, first, "good morning")  # the wall clock moved back an hour
    clock.set(datetime(2026, 10, 25, 7, 0, tzinfo=UTC))  # 08:00 in Madrid, winter time
    wait_for(lambda: said(alice, first, "good morning"))
    settle()
    [morning] = said(alice, first, "good morning")
    assert morning.mentions == ["alice"]
    assert f"/{first.id}" in morning.content
    assert not said(bob, second, "buenos días")  # 03:00 in New York
    clock.set(datetime(2026, 10, 25, 11, 0, tzinfo=UTC))  # 07:00 in New York
    wait_for(lambda: said(bob, second, "buenos días"))  # in bob's language
    settle()
    assert len(said(bob, second, "buenos días")) == 1
    assert len(said(alice, first, "good morning")) == 1  # once, across the restart

    # ---- DMs as well; a closed DM falls back to the thread, said once ----------------
    clock.set(datetime(2026, 10, 26, 12, 0, tzinfo=UTC))
    carol.slash(where, "settings", {"notify": "dm"}).wait_reply()
    dave.slash(where, "settings", {"notify": "dm"}).wait_reply()
    table.ld.close_dms(carol)
    third = game(table, dave, carol, time_control="24h")
    fourth = game(table, carol, dave, time_control="24h")
    for target in (carol, dave, carol):  # to carol twice: one fallback, one note
        to_decider(table, third, target)

    def fallbacks() -> list[Seen]:  # in the game whose turn first came to carol
        return [m for t in (third, fourth) for m in said(carol, t, "your DMs are closed")]

    wait_for(fallbacks)
    settle()
    [fallback] = fallbacks()  # said once, though the turn came to carol again
    assert fallback.mentions == ["carol"]
    assert carol.dm() is None or not carol.messages(carol.dm())  # type: ignore[arg-type]
    dm = dave.dm()
    assert dm is not None
    assert any("It is your turn" in m.content for m in dave.messages(dm))

    # ---- a vacation stops both of dave's clocks, and restarts them -------------------
    due: dict[int, float] = {}
    for thread in (third, fourth):
        to_decider(table, thread, dave)
        before = deadline(dave, thread)
        assert before is not None
        due[thread.id] = before
    too_long = dave.slash(where, "vacation start", {"days": 30}).wait_reply()
    assert "vacation days left this year, not 30" in too_long.content
    negative = dave.slash(where, "vacation start", {"days": -2}).wait_reply()
    assert "1 to 366 days" in negative.content
    started = clock.now
    away = dave.slash(where, "vacation start", {"days": 3, "reason": "trip"}).wait_reply()
    assert "2 casual games" in away.content
    for thread in (third, fourth):
        wait_for(partial(said, dave, thread, "is on vacation until"))
        assert deadline(dave, thread) is None
    clock.set(clock.now + timedelta(hours=30))  # past the 24-hour deadlines
    settle()
    back = dave.slash(where, "vacation end").wait_reply()
    assert "run again in 2 games" in back.content
    assert "19 vacation days left" in back.content  # two days begun are charged
    for thread in (third, fourth):
        assert not said(dave, thread, "ran out of time")
        assert len(said(dave, thread, "is on vacation until")) == 1  # announced once
        wait_for(partial(said, dave, thread, "is back from vacation"))
        # The time each clock had left, not a fresh full move.
        assert deadline(dave, thread) == due[thread.id] + (clock.now - started).total_seconds()
    status = dave.slash(where, "vacation status").wait_reply().content
    assert "not on vacation" in status
    assert "19 vacation days left" in status


def test_game_new_takes_waking_hours(timed: tuple[BotHarness, FileClock]) -> None:
    """`/game new waking_hours:True`: the first deadline skips the deciding player's nights."""
    table, clock = timed
    alice, bob = table.users["alice"], table.users["bob"]
    where = table.channel
    [game_cmd] = [c for c in table.ld.commands() if c["name"] == "game"]
    [new] = [o for o in game_cmd["options"] if o["name"] == "new"]
    [option] = [o for o in new["options"] if o["name"] == "waking_hours"]
    assert option["name_localizations"]["es-ES"] == "horas_de_vigilia"  # passed Discord's checks
    assert option["description_localizations"]["es-ES"].startswith("Contar solo las horas")

    for player in (alice, bob):  # both sleep 22:00-06:00 UTC, whoever decides first
        quiet = {"time_zone": "UTC", "quiet_hours": "22:00-06:00", "language": "en"}
        player.slash(where, "settings", quiet).wait_reply()
    clock.set(datetime(2026, 11, 10, 20, 0, tzinfo=UTC))
    options: dict[str, object] = {"game": "trajan", "players": 2, "time_control": "24h"}
    asked = bob.slash(where, "game new", {**options, "waking_hours": True})
    lobby = asked.wait_reply()
    number = int(re.search(r"#(\d+)", lobby.content)[1])  # type: ignore[index]
    [answer] = wait_for_value(lambda: [m for m in asked.followups() if "waking" in m.content])
    assert answer.ephemeral
    assert f"Game #{number}" in answer.content
    alice.click(lobby, f"dn:l:{number}:join").wait_reply()
    waking = start_game(table, bob, lobby, number)
    plain = game(table, bob, alice, time_control="24h")  # the same, counted in plain hours
    # 24 waking hours from 20:00: 2 tonight, 16 tomorrow, the last 6 after the next night.
    assert deadline(bob, waking) == datetime(2026, 11, 12, 12, 0, tzinfo=UTC).timestamp()
    assert deadline(bob, plain) == datetime(2026, 11, 11, 20, 0, tzinfo=UTC).timestamp()


def deadline(actor: Actor, thread: ChannelRef) -> float | None:
    """Return the deadline `/game status` shows (a Unix time), if any."""
    shown = actor.slash(thread, "game status").wait_reply().content
    found = re.search(r"<t:(\d+):R>", shown)
    return float(found[1]) if found else None
