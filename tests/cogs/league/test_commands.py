"""`/league` and `/profile` through the local Discord: a real bot process, a file clock."""

from __future__ import annotations

import asyncio
import csv
import io
import sqlite3
from contextlib import closing
from datetime import timedelta

import pytest

from engine.games import GAMES
from localdiscord.harness import BotHarness
from localdiscord.slash import UsageError
from tests.cogs.league.conftest import FileClock, said, wait_for
from tests.cogs.league.season import read_games, slot

PNG = b"\x89PNG\r\n\x1a\n"


def test_a_league_week_from_create_to_results(league_table: tuple[BotHarness, FileClock]):
    table, clock = league_table
    alice, bob = table.users["alice"], table.users["bob"]
    general = table.channel
    table.ld.wait_commands("league", "profile")

    # Bad input and missing rights get one ephemeral sentence; nothing is created.
    # Members do not even see the organiser commands (default_permissions on /admin).
    assert "admin" not in {c["name"] for c in table.ld.commands(bob)}
    assert "admin" in {c["name"] for c in table.ld.commands(alice)}
    with pytest.raises(UsageError, match="Unknown command"):
        bob.slash(general, "admin league create", {"name": "Weekly", "game": "trajan"})
    none = bob.slash(general, "league join", {}).wait_reply()
    assert none.ephemeral
    assert "no league" in none.content
    table.ld.run(asyncio.sleep(0.5))
    assert len(bob.ephemerals(general)) == 1  # one answer, even when bot.py's tree also handles
    bad = alice.slash(
        general, "admin league create", {"name": "W", "game": "trajan", "points": "10,6"}
    )
    assert bad.wait_reply().ephemeral
    assert "10,6,3,1" in bad.wait_reply().content
    zone = alice.slash(
        general, "admin league create", {"name": "W", "game": "trajan", "timezone": "Mars/Olympus"}
    ).wait_reply()
    assert zone.ephemeral
    assert "time zone" in zone.content
    if "troyes" not in GAMES:  # not in the registry yet: refused rather than failing weekly
        options = {"name": "T", "game": "troyes"}
        troyes = alice.slash(general, "admin league create", options).wait_reply()
        assert troyes.ephemeral
        assert "cannot be played" in troyes.content

    created = alice.slash(
        general,
        "admin league create",
        {"name": "Weekly", "game": "trajan", "weeks": 2, "timezone": "UTC", "hour": 18},
    ).wait_reply()
    assert not created.ephemeral
    assert "**Weekly** is open" in created.content
    assert f"<t:{int(slot(1).timestamp())}:f>" in created.content

    for name in ("alice", "bob", "carol", "dave"):
        joined = table.users[name].slash(general, "league join", {}).wait_reply()
        assert joined.ephemeral
        assert "You joined **Weekly**" in joined.content
    away = bob.slash(general, "league absent", {"week": 9}).wait_reply()
    assert away.ephemeral
    assert "week from 1 to 2" in away.content
    early = bob.slash(general, "league standings", {}).wait_reply()
    assert early.ephemeral
    assert "not started a season" in early.content
    plan = bob.slash(general, "league schedule", {}).wait_reply()
    assert plan.ephemeral
    assert "S1 W1" in plan.content
    assert "S1 W2" in plan.content

    # Organiser changes: nothing to change is refused; a player may not edit; pause/resume.
    nothing = alice.slash(general, "admin league edit", {}).wait_reply()
    assert nothing.ephemeral
    assert "at least one setting" in nothing.content
    with pytest.raises(UsageError):  # a player may not even see it
        bob.slash(general, "admin league edit", {"hour": 20})
    edited = alice.slash(general, "admin league edit", {"hours_per_move": 48}).wait_reply()
    assert "is updated" in edited.content
    moved = alice.slash(general, "admin league edit", {"channel": "leagues"}).wait_reply()
    assert "is updated" in moved.content
    leagues = table.channels["leagues"]  # announcements and game threads go there from now
    assert "is paused" in alice.slash(general, "admin league pause", {}).wait_reply().content
    assert "resumes" in alice.slash(general, "admin league resume", {}).wait_reply().content

    # Week 1 starts: one table of four, its game in its own thread, its players pinged.
    clock.set(slot(1))
    seated = wait_for(
        lambda: said(table, leagues, "week 1 is seated"),
        what="the week 1 announcement",
    )[0]
    assert "Table 1:" in seated.content
    thread = wait_for(lambda: alice.threads(leagues), what="the game thread")[0]
    assert not alice.threads(general)
    assert "Weekly · S1 W1 · table 1" in thread.name
    ping = wait_for(
        lambda: said(table, thread, "your **Weekly** game"),
        what="the ping",
    )[0]
    assert sorted(ping.mentions) == ["alice", "bob", "carol", "dave"]
    # Then the board (the game cog's poster) or, without one, a line naming who moves.
    board = wait_for(
        lambda: [m for m in said(table, thread, "") if m.id != ping.id], what="the board"
    )[0]
    assert len(board.mentions) == 1
    db = table.workdir / "games.db"
    [game] = read_games(db)
    assert game.status == "active"
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as con:
        [(seconds,)] = con.execute("SELECT move_seconds FROM games").fetchall()
    assert seconds == 48 * 3600  # the edited time control

    # A day before the deadline, one reminder in the thread (however many passes run).
    clock.set(slot(2) - timedelta(hours=12))
    wait_for(lambda: said(table, thread, "this league game ends"), what="the reminder")
    table.ld.run(asyncio.sleep(1))
    assert len(said(table, thread, "this league game ends")) == 1

    # The deadline: AI stand-ins finish the game; the result is posted and counts.
    clock.set(slot(2))
    wait_for(
        lambda: said(table, thread, "Result recorded"),
        what="the result",
    )
    [game] = [g for g in read_games(db) if g.week == 1]
    assert game.status == "finished"
    assert game.finished_at == slot(2)

    board = alice.slash(general, "league standings", {"season": 1}).wait_reply()
    assert board.embeds
    assert board.embeds[0]["title"] == "Weekly"
    assert [a.filename for a in board.attachments] == ["standings.png"]
    assert board.attachments[0].data.startswith(PNG)
    lines = board.embeds[0]["fields"][0]["value"].splitlines()
    assert len(lines) == 4
    assert lines[0].startswith("**1.**")

    export = alice.slash(general, "league export", {}).wait_reply()
    files = {a.filename: a.data.decode() for a in export.attachments}
    assert sorted(files) == ["games.csv", "standings.csv"]
    rows = list(csv.DictReader(io.StringIO(files["standings.csv"])))
    assert len([r for r in rows if r["season"] == "1"]) == 4

    history = alice.slash(general, "league history", {}).wait_reply()
    assert "S1 W1" in history.content
    profile = bob.slash(general, "profile", {}).wait_reply()
    assert profile.ephemeral
    assert "Rating" in profile.embeds[0]["fields"][0]["value"]


def test_replies_follow_the_users_language(league_table: tuple[BotHarness, FileClock]):
    table, _ = league_table
    table.ld.wait_commands("league")
    elena = table.ld.add_user("elena", locale="es-ES")
    reply = elena.slash(table.channel, "league join", {}).wait_reply()
    assert reply.ephemeral
    assert "no tiene liga" in reply.content
    alice = table.users["alice"]
    alice.slash(
        table.channel, "admin league create", {"name": "Liga", "game": "trajan", "weeks": 2}
    )
    wait_for(lambda: said(table, table.channel, "**Liga** is open"), what="the league")
    joined = elena.slash(table.channel, "league join", {}).wait_reply()
    assert "Te has apuntado a **Liga**" in joined.content
    week = elena.slash(table.channel, "league absent", {"week": 5}).wait_reply()
    assert week.ephemeral
    assert week.content == "Elige una semana del 1 al 2."
