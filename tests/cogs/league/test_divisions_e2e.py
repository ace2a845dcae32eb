"""A league with two divisions through the local Discord: one-week season, its close."""

from __future__ import annotations

import re
from pathlib import Path

from tests.cogs.league import season as sim
from tests.cogs.league.conftest import make_bot, said, wait_for

USERS = tuple(f"d{n:02d}" for n in range(1, 13))


def test_a_season_with_two_divisions_announces_next_seasons_ladder(tmp_path: Path):
    table, clock = make_bot(tmp_path / "bot", USERS, sim.MONDAY)
    try:
        host = table.users[USERS[0]]
        table.ld.wait_commands("league")
        options = {"name": "Ladder", "game": "trajan", "weeks": 1, "hour": 18, "division_size": 6}
        assert (
            "is open"
            in host.slash(table.channel, "admin league create", options).wait_reply().content
        )
        for name in USERS:
            table.users[name].slash(table.channel, "league join", {}).wait_reply()
        clock.set(sim.slot(1))
        wait_for(lambda: said(table, table.channel, "week 1 is seated"), what="the seating")
        clock.set(sim.slot(2))
        end = wait_for(
            lambda: said(table, table.channel, "season 1 is over"), timeout=120, what="the end"
        )[0]
        board = host.slash(table.channel, "league standings", {"season": 1}).wait_reply()
    finally:
        table.stop()
    ladders = re.findall(r"Next season, division (\d): (.*)", end.content)
    assert [n for n, _ in ladders] == ["1", "2"]
    assert [len(re.findall(r"<@\d+>", users)) for _, users in ladders] == [6, 6]
    assert [f["name"] for f in board.embeds[0]["fields"]] == ["Division 1", "Division 2"]
    assert end.attachments[0].filename == "standings.png"
    # Only the top division's winner is champion.
    champions = re.findall(r"Champion: (.*)!", end.content)[0]
    top = board.embeds[0]["fields"][0]["value"].splitlines()
    firsts = {u for line in top if line.startswith("**1.**") for u in re.findall(r"<@(\d+)>", line)}
    assert set(re.findall(r"<@(\d+)>", champions)) == firsts
