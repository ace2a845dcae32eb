"""AI levels in the bot (issue 15) through the local Discord: a real bot.py, a file clock.

The levels at `/game new` and in the lobby's Add AI select, a stand-in at the game's level,
`/game hint` (allowed, turned off by the creator, refused in a league game), and a bot killed
while a hard AI thinks in its worker process: the decision is simply taken again after the
restart, nothing half-applied. The hard AI's budget is tiny here (AI_HARD_BUDGET_S), but in
the kill test, where it must still be thinking when the bot dies.
"""

from __future__ import annotations

import json
import re
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from engine.ai import make_player
from engine.core.play import parse_action
from engine.games import GAMES
from localdiscord.harness import BotHarness
from localdiscord.local import Actor, ChannelRef, Seen
from tests.cogs.league.conftest import FileClock, said, wait_for
from tests.cogs.league.season import MONDAY, slot
from tests.e2e.conftest import (
    BOT,
    board,
    controls,
    decider,
    open_game,
    private_choices,
    start_game,
)
from tests.processes import children, wait_gone

USERS = ("alice", "bob", "carol", "dave")
TINY = "0.01"  # the hard AI's budget, in seconds


def _harness(workdir: Path, budget: str) -> tuple[BotHarness, FileClock]:
    workdir.mkdir(parents=True, exist_ok=True)
    clock = FileClock(workdir / "clock.txt", MONDAY)
    env = {
        "DENARIUS_CLOCK_FILE": str(clock.path),
        "TICK_SECONDS": "0.3",
        "AI_HARD_BUDGET_S": budget,
        "AI_PROCESSES": "1",
        "AI_MAX_LEVEL": "hard",  # the operator allows hard (the default stops at normal)
    }
    harness = BotHarness(BOT, workdir, users=USERS, channels=("general",), extra_env=env)
    harness.start(timeout=60)
    return harness, clock


@pytest.fixture(scope="module")
def levels(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[BotHarness, FileClock]]:
    harness, clock = _harness(tmp_path_factory.mktemp("levels"), TINY)
    try:
        yield harness, clock
    finally:
        harness.stop()


def _db(table: BotHarness, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    path = table.workdir / "games.db"
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as con:
        return con.execute(sql, args).fetchall()


def _lobby_now(actor: Actor, table: BotHarness, lobby: Seen) -> Seen:
    return next(m for m in actor.messages(table.channel) if m.id == lobby.id)


def _decider(table: BotHarness, thread: ChannelRef) -> tuple[Actor, Seen]:
    by_id = {a.id: a for a in table.users.values()}
    current = board(table.users["alice"], thread)
    return by_id[decider(current) or 0], current


def _labels(actor: Actor, message: Seen) -> set[str]:
    items = [c for c in controls(message) if not c["custom_id"].startswith("dn:p:")]
    if not items:  # the choices show the hand: they come ephemerally
        items = controls(private_choices(actor, message))
    out = {c.get("label", "") for c in items if c["type"] == 2}
    return out | {o["label"] for c in items if c["type"] == 3 for o in c["options"]}


def _replay_checks(table: BotHarness, game: int, level: str | None) -> int:
    """Replay a game's live moves from its seed; check each stand-in move is `level`'s choice.

    Hard's choice is not checked (it also stops at a wall-clock cap: engine/ai/ismcts.py).
    """
    path = table.workdir / "games.db"
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)) as con:
        con.execute("BEGIN")  # one snapshot: the AI may be moving meanwhile
        sql = "SELECT game, options, seed, state FROM games WHERE id=?"
        [(name, options, seed, stored)] = con.execute(sql, (game,)).fetchall()
        sql = "SELECT COUNT(*) FROM seats WHERE game_id=?"
        [(count,)] = con.execute(sql, (game,)).fetchall()
        sql = "SELECT action, by FROM moves WHERE game_id=? AND undone_at IS NULL ORDER BY id"
        moves = con.execute(sql, (game,)).fetchall()
    engine = GAMES[name]
    state = engine.new_state(json.loads(options), count, seed)
    player, checked = (make_player(level) if level else None), 0
    for notation, by in moves:
        if by == "stand_in" and player is not None:
            assert notation == engine.action_text(player.choose(engine, state))
            checked += 1
        state = engine.apply(state, parse_action(engine, state, notation)).state
    assert engine.to_json(state) == json.loads(stored)  # the log leads to the stored state
    return checked


def test_ai_level_at_game_new_seats_that_level_and_sets_the_stand_ins_in_spanish_too(levels):
    table, _clock = levels
    alice = table.users["alice"]
    new = next(c for c in table.ld.commands(alice) if c["name"] == "game")
    options = next(o for o in new["options"] if o["name"] == "new")["options"]
    level = next(o for o in options if o["name"] == "ai_level")
    assert level["name_localizations"]["es-ES"] == "nivel_ia"
    names = {c["value"]: c.get("name_localizations", {}).get("es-ES") for c in level["choices"]}
    assert names == {"easy": "fácil", "normal": None, "hard": "difícil"}  # normal is normal

    number, lobby = open_game(table, alice, players=3, ai=2, ai_level="hard", language="es")
    assert lobby.content.count("IA difícil") == 2
    assert "IA suplente: difícil · pistas: sí" in lobby.content
    assert _db(table, "SELECT ai FROM seats WHERE game_id=? AND ai IS NOT NULL", (number,)) == [
        ("hard",),
        ("hard",),
    ]
    assert _db(table, "SELECT stand_in, hints, ranked FROM game_ai WHERE game_id=?", (number,)) == [
        ("hard", 1, 0)
    ]
    thread = start_game(table, alice, lobby, number, name=f"Trajano n.º {number}")
    assert thread is not None


def test_the_lobby_s_add_ai_select_seats_the_chosen_level(levels):
    table, _clock = levels
    alice, bob = table.users["alice"], table.users["bob"]
    number, lobby = open_game(table, alice, players=3)
    [select] = lobby.selects()
    assert select["custom_id"] == f"dn:la:{number}"
    labels = [o["label"] for o in select["options"]]
    assert labels == ["Easy AI", "Normal AI", "Hard AI"]
    bob.click(lobby, f"dn:l:{number}:join").wait_acked()
    bob.select(lobby, f"dn:la:{number}", ["easy"]).wait_acked()
    now = _lobby_now(alice, table, lobby)
    assert "3. Easy AI" in now.content
    assert _db(table, "SELECT ai FROM seats WHERE game_id=? AND ai IS NOT NULL", (number,)) == [
        ("easy",)
    ]
    assert not now.selects()  # no seat left: no Add AI (seventh playtest item 10b)
    assert _db(table, "SELECT COUNT(*) FROM seats WHERE game_id=?", (number,)) == [(3,)]


def test_a_hint_names_the_move_and_why_and_the_creator_may_turn_hints_off(levels):
    table, _clock = levels
    alice, bob = table.users["alice"], table.users["bob"]
    number, lobby = open_game(table, alice, players=2, language="es")
    bob.click(lobby, f"dn:l:{number}:join").wait_acked()
    thread = start_game(table, alice, lobby, number, name=f"Trajano n.º {number}")
    who, current = _decider(table, thread)
    hint = who.slash(thread, "game hint", {}).wait_reply()
    assert hint.ephemeral
    first, _, why = hint.content.partition("\n")
    found = re.fullmatch(r"\*\*Pista\*\* \(lo que jugaría la IA normal\): (.+)", first)
    assert found, hint.content
    assert found[1] in _labels(who, current)  # the label of one of the decider's buttons
    assert why.startswith(("Por qué:", "Es tu única", "La IA no da")), why
    other = bob if who is alice else alice
    refused = other.slash(thread, "game hint", {}).wait_reply()
    assert "no es tuya" in refused.content  # a seated player reads the game's language
    off = alice.slash(thread, "game settings", {"hints": False}).wait_reply()
    assert off.ephemeral
    refused = who.slash(thread, "game hint", {}).wait_reply()
    assert refused.content == "Quien creó esta partida desactivó las pistas."
    assert _db(table, "SELECT hints FROM game_ai WHERE game_id=?", (number,)) == [(0,)]


def test_league_games_refuse_hints(levels):
    table, clock = levels
    alice = table.users["alice"]
    general = table.channel
    created = alice.slash(
        general,
        "admin league create",
        {"name": "Hints", "game": "trajan", "ai_level": "easy", "timezone": "UTC", "hour": 18},
    ).wait_reply()
    assert "**Hints** is open" in created.content
    for name in USERS:
        table.users[name].slash(general, "league join", {}).wait_reply()
    clock.set(slot(1))
    thread = wait_for(lambda: alice.threads(general) and [
        t for t in alice.threads(general) if "Hints" in t.name
    ], what="the league game's thread")[0]  # fmt: skip
    wait_for(lambda: said(table, thread, "Now"), what="the board")
    refused = alice.slash(thread, "game hint", {}).wait_reply()
    assert refused.ephemeral
    assert refused.content == "Hints are off in league games."
    [(game,)] = _db(table, "SELECT game_id FROM league_game")
    assert _db(table, "SELECT stand_in, hints, ranked FROM game_ai WHERE game_id=?", (game,)) == [
        ("easy", 0, 1)
    ]


def test_a_timed_out_player_s_stand_in_plays_at_the_game_s_level(levels):
    table, clock = levels
    alice, bob = table.users["alice"], table.users["bob"]
    options = {"players": 2, "ai_level": "easy", "time_control": "24h", "policy": "stand_in"}
    number, lobby = open_game(table, alice, **options)
    bob.click(lobby, f"dn:l:{number}:join").wait_acked()
    start_game(table, alice, lobby, number)
    clock.set(clock.now + timedelta(hours=25))
    wait_for(
        lambda: _db(table, "SELECT 1 FROM moves WHERE game_id=? AND by='stand_in'", (number,)),
        what="the stand-in's move",
    )
    assert _replay_checks(table, number, "easy") >= 1


@pytest.mark.slow  # two bot starts and a worker spawn: about 15 s on an idle machine
def test_a_bot_killed_while_a_hard_ai_thinks_takes_the_decision_again_after_restart(tmp_path):
    table, clock = _harness(tmp_path / "kill", "60")  # thinks for a minute: killed meanwhile
    try:
        alice, bob = table.users["alice"], table.users["bob"]
        options = {"players": 2, "ai_level": "hard", "time_control": "24h", "policy": "stand_in"}
        number, lobby = open_game(table, alice, **options)
        bob.click(lobby, f"dn:l:{number}:join").wait_acked()
        start_game(table, alice, lobby, number)
        before = _db(table, "SELECT version, state FROM games WHERE id=?", (number,))
        moves = _db(table, "SELECT COUNT(*) FROM moves WHERE game_id=?", (number,))
        clock.set(clock.now + timedelta(hours=25))  # the deadline: a hard stand-in thinks
        deadline = time.monotonic() + 30
        while "AI hard thinks" not in table.log() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert "AI hard thinks" in table.log()
        assert table.bot is not None
        assert table.bot.pid is not None
        workers = [p for p, cmd in children(table.bot.pid).items() if "multiprocessing" in cmd]
        table.bot.kill()  # SIGKILL, mid-thought
        assert wait_gone(workers) == []  # the thinking worker died with the bot
        # Nothing of the decision was saved; the timeout itself was (its own transaction).
        assert _db(table, "SELECT version, state FROM games WHERE id=?", (number,)) == before
        assert _db(table, "SELECT COUNT(*) FROM moves WHERE game_id=?", (number,)) == moves
        assert _db(
            table, "SELECT COUNT(*) FROM seats WHERE game_id=? AND stand_in=1", (number,)
        ) == [(1,)]
        table.bot.env["AI_HARD_BUDGET_S"] = TINY  # the restarted bot thinks briefly
        table.restart(kill=False)
        wait_for(
            lambda: _db(table, "SELECT 1 FROM moves WHERE game_id=? AND by='stand_in'", (number,)),
            what="the stand-in's move after the restart",
        )
        [(version,)] = _db(table, "SELECT version FROM games WHERE id=?", (number,))
        assert version > before[0][0]
        stood = _db(table, "SELECT version FROM moves WHERE game_id=? AND by='stand_in'", (number,))
        assert stood[0][0] == before[0][0] + 1  # taken once, right where it was cut short
        _replay_checks(table, number, None)  # the log leads to the stored state
    finally:
        table.stop()
