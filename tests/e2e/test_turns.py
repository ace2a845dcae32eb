"""Issue 14, fewer presses and honest replies: undo says what it did; shipping in one go."""

import json
import sqlite3
import time
from collections import Counter
from contextlib import closing

import pytest

from engine.core.play import parse_action
from engine.core.protocol import Decision
from engine.trajan.game import TrajanEngine
from engine.trajan.rules.turn import BOWLS
from engine.trajan.state import TrajanState
from localdiscord.harness import BotHarness
from localdiscord.local import Actor
from tests.e2e.conftest import (
    board,
    decider,
    open_game,
    press_first,
    private_choices,
    start_game,
    version_of,
    wait_new_board,
)

ENGINE = TrajanEngine()


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
    assert undone.content.startswith("Taken back: every move from move ")
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
    assert undone.content.startswith("Deshecho: se han anulado todas las jugadas desde la jugada ")


def _game(table: BotHarness, number: int, user: int) -> tuple[TrajanState, int]:
    """Return the stored state of a game and the engine seat of `user`."""
    path = table.workdir / "games.db"
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)) as con:
        [(stored,)] = con.execute("SELECT state FROM games WHERE id=?", (number,)).fetchall()
        sql = "SELECT seat FROM seats WHERE game_id=? AND user_id=?"
        [(seat,)] = con.execute(sql, (number, user)).fetchall()
    return ENGINE.from_json(json.loads(stored)), seat


def _towards_a_shipment(state: TrajanState) -> str:
    """Return the notation of a move that heads for the seaport's different-goods ship."""
    legal = [ENGINE.action_text(a) for a in ENGINE.legal_actions(state)]
    kind = state.pending.kind if state.pending else ""
    p = state.players[state.current]
    if kind == "bowl":  # the bowl whose last marker falls into bowl I, the seaport
        lands = [b for b, m in enumerate(p.bowls) if m and (b + len(m)) % BOWLS == 0]
        if lands:
            return f"bowl {lands[0] + 1}"
    if kind == "seaport":
        wanted = "port ship diff" if len(set(p.hand)) >= 2 else "port draw"
        if wanted in legal:
            return wanted
    return legal[0]


def _type(actor: Actor, thread, notation: str) -> None:
    """Play a move by its notation with /move, confirming it if it reveals something."""
    answer = actor.slash(thread, "move", {"move": notation}).wait_reply()
    confirm = [b for b in answer.buttons() if b["custom_id"].startswith("dn:k:")]
    if confirm:
        actor.click(answer, confirm[0]["custom_id"]).wait_acked()


def _wait_moved(table: BotHarness, number: int, user: int, version: int) -> TrajanState:
    deadline = time.monotonic() + 20
    while True:
        state, _ = _game(table, number, user)
        if state.version > version:
            return state
        assert time.monotonic() < deadline, "the move was not played"
        time.sleep(0.1)


@pytest.mark.slow
def test_a_whole_shipment_is_one_menu_two_presses_in_all(table: BotHarness):
    alice = table.users["alice"]
    number, lobby = open_game(table, alice, players=2, ai=1)
    thread = start_game(table, alice, lobby, number)
    state, seat = _game(table, number, alice.id)
    for _ in range(200):  # alice heads for the seaport; the AI plays its own turns
        if state.pending == Decision(seat, "ship"):
            break
        if state.pending is None or state.pending.seat != seat:
            time.sleep(0.1)
            state, _ = _game(table, number, alice.id)
            continue
        notation = _towards_a_shipment(state)
        assert parse_action(ENGINE, state, notation) is not None
        _type(alice, thread, notation)
        state = _wait_moved(table, number, alice.id, state.version)
    assert state.pending == Decision(seat, "ship")
    hand, display = Counter(state.players[seat].hand), Counter(state.players[seat].display)
    current = board(alice, thread)
    choices = private_choices(alice, current)  # press 1: the choices, privately (the hand)
    assert choices.ephemeral
    [menu] = [s for s in choices.selects() if s["custom_id"].startswith("dn:b:")]
    assert menu["max_values"] >= 2
    assert "VP by cards" in menu["placeholder"]
    kinds = [o for o in menu["options"] if o["value"] != "wild"][:2]
    assert len({o["value"].split(".")[0] for o in kinds}) == 2  # two different goods
    picked = [o["value"] for o in kinds]
    alice.select(choices, menu["custom_id"], picked).wait_acked()  # press 2: the whole shipment
    after = _wait_moved(table, number, alice.id, state.version)
    shipped = Counter(v.split(".")[0] for v in picked)
    assert Counter(after.players[seat].hand) == hand - shipped
    assert Counter(after.players[seat].display) == display + shipped
    assert after.ships[1] is False  # the different-goods ship scored on its front, now grey
    story = alice.wait_message(thread, lambda m: " ships " in m.content, timeout=20)
    assert story.author_is_bot
