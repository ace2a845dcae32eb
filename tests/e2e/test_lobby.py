"""The lobby message through the local Discord: its controls while seats are free, and its
retirement when the game is abandoned (seventh playtest items 3 and 10b).

A lobby message that still shows its controls after its game ended (one posted before its
retirement was built, as the playtest's) is pressed as players pressed it.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from typing import TypeVar

from localdiscord.harness import BotHarness
from localdiscord.local import Actor, Seen
from tests.e2e.conftest import open_game, start_game

GONE = "Partida abandonada"
T = TypeVar("T")


def _poll(found: Callable[[], T | None], timeout: float = 15) -> T:
    """Call `found` (from the test's thread) until it returns something; return that."""
    deadline = time.monotonic() + timeout
    while (got := found()) is None or got is False:
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)
    return got


def _now(actor: Actor, table: BotHarness, message: Seen) -> Seen:
    """Return the message as it is now."""
    return next(m for m in actor.messages(table.channel) if m.id == message.id)


def _retired(actor: Actor, table: BotHarness, lobby: Seen) -> Seen:
    """Wait until the lobby message lost its controls; return it."""

    def bare() -> Seen | None:
        now = _now(actor, table, lobby)
        return None if now.buttons() or now.selects() else now

    return _poll(bare)


def _stale_press(table: BotHarness, actor: Actor, lobby: Seen, custom_id: str) -> Seen:
    """Press a control of the lobby as `lobby` showed it; return the ephemeral answer.

    The message gets back the controls it had then: a lobby message posted before lobbies
    were retired (the playtest's own) still shows them, and is pressed so.
    """

    def shown_as_before() -> None:
        table.ld.world.messages[lobby.id].components = copy.deepcopy(lobby.components)

    table.ld.call(shown_as_before)
    ref = actor.click(lobby, custom_id)
    if custom_id.endswith(":start"):  # Start defers first (its permission checks)
        answer = _poll(lambda: next(iter(ref.followups()), None))  # then the refusal
    else:
        answer = ref.wait_reply()
    assert answer.ephemeral
    return answer


def test_abandoning_a_lobby_retires_its_message_and_stale_presses_say_so(table):
    alice, bob = table.users["alice"], table.users["bob"]
    number, lobby = open_game(table, alice, players=3, language="es")
    alice.slash(table.channel, "game abandon", {"game": number}).wait_reply()
    retired = _retired(alice, table, lobby)
    assert retired.content.endswith("\nPartida abandonada.")
    assert "1. alice" in retired.content
    for actor, action in ((alice, "start"), (bob, "join"), (alice, "leave")):
        answer = _stale_press(table, actor, lobby, f"dn:l:{number}:{action}")
        assert answer.content == "This game was abandoned."  # not seated: their own locale
    assert table.ld.failed_interactions() == []


def test_abandoning_a_running_game_says_so_on_its_lobby_message(table):
    alice = table.users["alice"]
    number, lobby = open_game(table, alice, players=2, ai=1, language="es")
    thread = start_game(table, alice, lobby, number, name=f"Trajano n.º {number}")
    alice.slash(thread, "game abandon", {}).wait_reply()
    said = f"Partida abandonada; se jugaba en <#{thread.id}>."
    _poll(lambda: _now(alice, table, lobby).content.endswith(said))
    assert not _now(alice, table, lobby).buttons()
    answer = _stale_press(table, alice, lobby, f"dn:l:{number}:start")
    assert answer.content == "Esta partida se abandonó."


def test_the_last_player_leaving_retires_the_lobby(table):
    alice = table.users["alice"]
    number, lobby = open_game(table, alice, players=2, language="es")
    alice.click(lobby, f"dn:l:{number}:leave").wait_reply()
    assert GONE in _retired(alice, table, lobby).content
    answer = _stale_press(table, alice, lobby, f"dn:l:{number}:join")
    assert answer.content == "This game was abandoned."


def test_a_full_lobby_offers_no_join_and_no_ai_until_a_seat_is_free(table):
    alice, bob, carol = table.users["alice"], table.users["bob"], table.users["carol"]
    number, lobby = open_game(table, alice, players=2, language="es")
    labels = [b["label"] for b in lobby.buttons()]
    assert labels == ["Unirme", "Salir", "Empezar"]
    assert lobby.selects()
    pressed = [who.click(lobby, f"dn:l:{number}:join") for who in (bob, carol)]  # one seat
    answers = [ref.wait_reply() for ref in pressed]
    refused = [a for a in answers if a.ephemeral]
    assert [a.content for a in refused] == ["This game is full."]
    full = _now(alice, table, lobby)
    assert [b["label"] for b in full.buttons()] == ["Salir", "Empezar"]
    assert not full.selects()
    seated = bob if "bob" in full.content else carol
    freed = seated.click(full, f"dn:l:{number}:leave").wait_reply()
    assert [b["label"] for b in freed.buttons()] == labels
    assert freed.selects()
