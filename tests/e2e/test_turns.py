"""Issue 14, fewer presses and honest replies: undo says what it did; shipping in one go."""

from localdiscord.harness import BotHarness
from tests.e2e.conftest import (
    board,
    decider,
    open_game,
    press_first,
    start_game,
    version_of,
    wait_new_board,
)


def test_undo_says_taken_back_within_your_turn_and_waiting_when_it_asks_the_others(table):
    alice, bob = table.users["alice"], table.users["bob"]
    number, lobby = open_game(table, alice, players=2)
    bob.click(lobby, f"dn:l:{number}:join").wait_reply()
    thread = start_game(table, alice, lobby, number)
    by_id = {alice.id: alice, bob.id: bob}
    current = board(alice, thread)
    first = by_id[decider(current) or alice.id]
    press_first(first, current, thread)
    moved = wait_new_board(alice, thread, version_of(current))
    assert decider(moved) == first.id  # a Trajan turn has several steps: still theirs
    undone = first.slash(thread, "game undo", {}).wait_reply()
    assert undone.ephemeral
    assert undone.content.startswith("Taken back: your moves from move ")
    back = wait_new_board(alice, thread, version_of(moved))
    while decider(back) == first.id:  # play the whole turn, until it passes to the other
        press_first(first, back, thread)
        back = wait_new_board(alice, thread, version_of(back))
    asked = first.slash(thread, "game undo", {}).wait_reply()
    assert asked.ephemeral
    assert asked.content == (
        "Undo asked: nothing is taken back until the other player agrees (1 player to answer)."
    )
    assert asked.content != "Done."


def test_undo_reply_speaks_spanish_in_a_spanish_game(table: BotHarness):
    alice = table.users["alice"]
    number, lobby = open_game(table, alice, players=2, ai=1, language="es")
    thread = start_game(table, alice, lobby, number, name=f"Trajano n.º {number}")
    current = board(alice, thread)
    press_first(alice, current, thread)
    wait_new_board(alice, thread, version_of(current))
    undone = alice.slash(thread, "game undo", {}).wait_reply()
    assert undone.content.startswith("Deshecho: tus jugadas desde la jugada ")
