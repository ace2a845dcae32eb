"""Substitutes, watchers and ratings through the local Discord (issue 16, part B).

One private bot with a file clock and a fast tick. The three stories run side by side and the
bot is killed (SIGKILL) once in the middle of all three: an offered seat is taken after the
restart, a watcher's result sent before it is not sent again, and of three rated games two
end before it and one after, each rated exactly once.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from openskill.models import PlackettLuce

from engine.around import ratings
from localdiscord.harness import BotHarness
from localdiscord.local import Actor, ChannelRef, Seen
from tests.cogs.league.conftest import FileClock, wait_for
from tests.e2e.conftest import BOT, board, controls, open_game, start_game

PNG = b"\x89PNG\r\n\x1a\n"
START = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
USERS = ("alice", "bob", "carol", "dave")
NOT_SEATED = "You are not seated in this game."


@pytest.fixture(scope="module")
def people_table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BotHarness]:
    """A private bot (it is restarted by the tests) with a file clock and a 0.3 s tick."""
    workdir = tmp_path_factory.mktemp("people")
    clock = FileClock(workdir / "clock.txt", START)
    env = {"DENARIUS_CLOCK_FILE": str(clock.path), "TICK_SECONDS": "0.3"}
    harness = BotHarness(BOT, workdir, users=USERS, extra_env=env)
    harness.start(timeout=60)
    yield harness
    harness.stop()


def two_player(table: BotHarness, host: Actor, guest: Actor) -> tuple[int, ChannelRef]:
    """Open a two-player Trajan game for `host` and `guest`, start it, return number and thread."""
    number, lobby = open_game(table, host, players=2)
    guest.click(lobby, f"dn:l:{number}:join").wait_acked()
    return number, start_game(table, host, lobby, number)


def ephemeral(actor: Actor, channel: ChannelRef, command: str, options: dict[str, object]) -> Seen:
    reply = actor.slash(channel, command, options).wait_reply()
    assert reply.ephemeral, reply.content
    return reply


def dms(actor: Actor) -> list[Seen]:
    channel = actor.dm()
    return [] if channel is None else [m for m in actor.messages(channel) if m.author_is_bot]


def test_substitute_watcher_and_ratings_across_a_restart(people_table):
    table = people_table
    alice, bob, carol, dave = (table.users[n] for n in USERS)
    # Substitute, before the restart: alice offers her seat to carol.
    _g1, g1 = two_player(table, alice, bob)
    assert ephemeral(alice, g1, "game private", {}).attachments  # alice's hidden view
    sent = ephemeral(alice, g1, "game substitute", {"user": carol.id})
    assert "Offer sent" in sent.content
    offer = alice.wait_message(g1, lambda m: "offers you their seat" in m.content)
    assert carol.name in offer.mentions
    take = next(b for b in offer.buttons() if b["custom_id"].endswith(":take"))
    not_yours = bob.click(offer, take["custom_id"]).wait_reply()
    assert not_yours.ephemeral
    assert "not addressed to you" in not_yours.content

    # Ratings: carol and dave play three two-player games; two end before the restart.
    results: list[tuple[Actor, Actor]] = []  # (winner, loser) in the order the games end
    before = ephemeral(carol, table.channel, "profile", {}).embeds[0]
    assert "not ended a game" in before["description"]
    number, game_a = two_player(table, carol, dave)

    # Watcher: bob, who plays game 1, watches game A; controls and hidden views are refused.
    watched = ephemeral(bob, game_a, "game watch", {"rounds": True})
    assert f"watching game #{number}" in watched.content
    mine = ephemeral(bob, table.channel, "games watching", {})
    assert f"#{number}" in mine.content
    assert "round notes" in mine.content
    current = board(bob, game_a)
    item = controls(current)[0]
    if item["type"] == 2:
        ref = bob.click(current, item["custom_id"])
    else:
        ref = bob.select(current, item["custom_id"], [item["options"][0]["value"]])
    ref.wait_acked()
    bob.wait_message(game_a, lambda m: m.ephemeral and m.content == NOT_SEATED)
    assert ephemeral(bob, game_a, "game private", {}).content == NOT_SEATED
    assert ephemeral(bob, g1, "game private", {}).attachments  # his own game's view
    player = ephemeral(dave, game_a, "game watch", {})
    assert "watching is for games you are not in" in player.content

    ephemeral(dave, game_a, "game resign", {})  # two players: carol wins game A
    results.append((carol, dave))
    note = wait_for(lambda: [m for m in dms(bob) if f"#{number} is over" in m.content],
                    timeout=30, what="the watcher's result")  # fmt: skip
    assert "1. carol" in note[0].content
    assert "/channels/" in note[0].content
    _b, game_b = two_player(table, dave, carol)
    ephemeral(carol, game_b, "game resign", {})
    results.append((dave, carol))

    table.restart(kill=True)

    # Substitute, after the restart: the stored offer is taken; the hidden view moves with it.
    carol.click(offer, take["custom_id"]).wait_acked()
    changed = wait_for(
        lambda: next((m for m in alice.messages(g1) if "handed seat" in m.content), None),
        timeout=30, what="the seat change in the thread",
    )  # fmt: skip
    assert not changed.buttons()
    assert ephemeral(alice, g1, "game private", {}).content == NOT_SEATED
    theirs = ephemeral(carol, g1, "game private", {})
    assert theirs.attachments
    assert theirs.attachments[0].data.startswith(PNG)
    log = ephemeral(carol, g1, "game log", {})
    assert "Seat changes:" in log.content
    assert re.search(rf"<@{alice.id}> handed seat [1-4] to <@{carol.id}>", log.content)
    status = ephemeral(carol, g1, "game status", {})
    assert "carol" in status.content
    assert "alice" not in status.content

    # Ratings: the third game ends after the restart.
    _c, game_c = two_player(table, dave, carol)
    ephemeral(dave, game_c, "game resign", {})
    results.append((carol, dave))
    model = PlackettLuce()
    expected: dict[int, tuple[float, float]] = {}
    for winner, loser in results:
        teams = [[model.rating(*expected.get(u.id, (25.0, 25.0 / 3)))] for u in (winner, loser)]
        new = model.rate(teams, ranks=[1, 2])
        for user, team in zip((winner, loser), new, strict=True):
            expected[user.id] = (team[0].mu, team[0].sigma)
    profile = ephemeral(carol, table.channel, "profile", {})
    assert _rating_field(profile) == ratings.display(*expected[carol.id])
    assert "3 rated games" in profile.embeds[0]["fields"][0]["value"]  # none twice, none lost
    assert "/channels/" in profile.embeds[0]["fields"][-1]["value"]  # last games, with links
    other = ephemeral(carol, table.channel, "profile", {"user": dave.id})
    assert _rating_field(other) == ratings.display(*expected[dave.id])
    history = ephemeral(carol, table.channel, "games history", {})
    assert "3 ended games" in history.content
    assert history.content.count("place 1 of 2") == 2
    leaders = carol.slash(table.channel, "leaderboard", {"game": "trajan"}).wait_reply()
    assert not leaders.ephemeral
    assert leaders.attachments[0].filename == "leaderboard.png"
    assert leaders.attachments[0].data.startswith(PNG)
    assert f"carol · {ratings.display(*expected[carol.id])}" in leaders.content

    # The watcher's result went out once, whatever the restart (several ticks have passed).
    assert len([m for m in dms(bob) if f"#{number} is over" in m.content]) == 1
    assert not [m for m in dms(carol) if "is over" in m.content]  # players are not watchers
    elena = table.ld.add_user("elena", locale="es-ES")
    assert ephemeral(elena, table.channel, "games watching", {}).content == (
        "No sigues ninguna partida."
    )
    watch = next(c for c in table.ld.commands() if c["name"] == "game")
    names = {o["name"]: o for o in watch["options"]}
    assert names["substitute"]["name_localizations"]["es-ES"] == "sustituto"


def _rating_field(profile: Seen, game: str = "Trajan, 2 players") -> int:
    field = next(f for f in profile.embeds[0]["fields"] if f["name"] == game)
    return int(re.search(r"\*\*(-?\d+)\*\*", field["value"])[1])  # type: ignore[index]
