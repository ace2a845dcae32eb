"""Undo, /games mine, reminders with mute, a Spanish-speaking player, standing answers."""

import json
import sqlite3

from localdiscord.harness import BotHarness
from tests.e2e.conftest import (
    board,
    controls,
    decider,
    open_game,
    press_first,
    start_game,
    version_of,
    wait_new_board,
)


def solo(table: BotHarness, **options: object):
    alice = table.users["alice"]
    number, lobby = open_game(table, alice, players=2, ai=1, **options)
    return number, start_game(table, alice, lobby, number)


def test_undo_within_your_own_turn_and_games_waiting_on_you(table):
    alice = table.users["alice"]
    number, thread = solo(table)
    mine = alice.slash(table.channel, "games mine", {}).wait_reply()
    assert mine.ephemeral
    assert f"#{number}" in mine.content
    current = board(alice, thread)
    assert decider(current) == alice.id  # the AI moves until a human must decide
    press_first(alice, current, thread)
    moved = wait_new_board(alice, thread, version_of(current))
    undone = alice.slash(thread, "game undo", {}).wait_reply()
    assert undone.ephemeral
    back = wait_new_board(alice, thread, version_of(moved))
    assert "took back" in back.content
    log = alice.slash(thread, "game log", {}).wait_reply()
    assert log.ephemeral


def test_a_reminder_pings_before_the_deadline_and_can_be_muted(make_table):
    table = make_table()
    alice = table.users["alice"]
    _, thread = solo(table, time_control="24h")
    assert table.bot is not None
    table.bot.env["DENARIUS_CLOCK_OFFSET"] = str(17 * 3600)  # 7 h before the deadline
    table.restart(kill=True)
    reminder = alice.wait_message(thread, lambda m: "a reminder" in m.content, timeout=30)
    assert alice.name in reminder.mentions
    mute = next(b for b in reminder.buttons() if b["custom_id"].endswith(":turn"))
    muted = alice.click(reminder, mute["custom_id"]).wait_reply()
    assert muted.ephemeral
    assert "muted" in muted.content


def test_a_spanish_player_gets_spanish_replies_and_command_names(table):
    elena = table.ld.add_user("elena", locale="es-ES")
    game = next(c for c in table.ld.commands() if c["name"] == "game")
    assert game["name_localizations"]["es-ES"] == "partida"
    assert game["name_localizations"]["es-419"] == "partida"
    alice = table.users["alice"]
    _, thread = solo(table)
    current = board(alice, thread)
    item = next(c for c in controls(current) if c["custom_id"].startswith(("dn:m:", "dn:s:")))
    if item["type"] == 2:
        ref = elena.click(current, item["custom_id"])
    else:
        ref = elena.select(current, item["custom_id"], [item["options"][0]["value"]])
    ref.wait_acked()
    reply = elena.wait_message(thread, lambda m: m.ephemeral, timeout=15)
    assert reply.content == "No juegas en esta partida."


def test_a_spanish_player_gets_the_precise_refusal_in_spanish(table):
    marta = table.ld.add_user("marta", locale="es-419")
    bad = marta.slash(table.channel, "game new", {"game": "trajan", "options": "cards"})
    refusal = bad.wait_reply()
    assert refusal.ephemeral
    assert refusal.content == "Escribe las opciones como nombre=valor, no 'cards'."
    alice = table.users["alice"]
    english = alice.slash(table.channel, "game new", {"game": "trajan", "options": "cards"})
    assert english.wait_reply().content == "Write options as name=value, not 'cards'."


def test_settings_switch_a_games_language_for_the_next_board(table):
    alice = table.users["alice"]
    _, thread = solo(table)
    done = alice.slash(thread, "game settings", {"language": "es"}).wait_reply()
    assert done.ephemeral
    current = board(alice, thread)
    press_first(alice, current, thread)
    after = wait_new_board(alice, thread, version_of(current))
    assert "**Ahora:**" in after.content
    assert "**Trajano n.º" in after.content  # the title in the game's language


def test_a_player_answers_ladies_reactions_in_advance(table):
    alice = table.users["alice"]
    number, lobby = open_game(table, alice, game="troyes", players=2, ai=1, options="walls=on")
    thread = start_game(table, alice, lobby, number, game="Troyes")
    done = alice.slash(
        thread, "game reactions", {"kind": "outer_sold", "answer": "always"}
    ).wait_reply()
    assert done.ephemeral
    with sqlite3.connect(table.workdir / "games.db") as db:
        (standing,) = db.execute(
            "SELECT standing FROM seats WHERE game_id = ? AND user_id = ?", (number, alice.id)
        ).fetchone()
    assert json.loads(standing) == {"outer_sold": "answer use"}
    alice.slash(thread, "game reactions", {"kind": "outer_sold", "answer": "ask"}).wait_reply()
    with sqlite3.connect(table.workdir / "games.db") as db:
        (standing,) = db.execute(
            "SELECT standing FROM seats WHERE game_id = ? AND user_id = ?", (number, alice.id)
        ).fetchone()
    assert json.loads(standing) == {}


def test_the_log_of_a_spanish_game_is_in_spanish_for_an_english_player(table):
    # Found at the local table: the moves' labels (stored in the game's language) came in
    # Spanish and the lines re-described for the reader in English, in one message.
    alice = table.users["alice"]
    number, lobby = open_game(table, alice, game="troyes", players=2, ai=1, language="es")
    thread = start_game(table, alice, lobby, number, game="Troyes", name=f"Troyes n.º {number}")
    current = board(alice, thread)
    press_first(alice, current, thread)
    wait_new_board(alice, thread, version_of(current))
    log = alice.slash(thread, "game log", {}).wait_reply().content
    # (the set-up's event lines repeat their moves and are not told: item 89)
    assert "Colocar un ciudadano inicial" in log
    assert "Place a starting citizen" not in log
    assert "places a" not in log
