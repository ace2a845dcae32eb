"""The real bot through the local Discord, as players would use it (issue 5)."""

import json
import re
import sqlite3
import threading
import time

import pytest

from localdiscord.harness import BotHarness
from localdiscord.local import Actor, ChannelRef, InteractionRef, Seen
from localdiscord.slash import UsageError
from tests.e2e.conftest import (
    FAULTY_BOT,
    board,
    controls,
    decider,
    open_game,
    play_until,
    press_first,
    start_game,
    version_of,
    wait_new_board,
)

PNG = b"\x89PNG\r\n\x1a\n"
# Labels of decisions that show the decider's hand (Trajan's spec: private_kinds).
HAND_LABELS = ("Discard ", "Display ", "Load ", "Ship ")


def two_humans(table: BotHarness, **options: object) -> tuple[int, ChannelRef]:
    alice, bob = table.users["alice"], table.users["bob"]
    number, lobby = open_game(table, alice, players=3, ai=1, **options)
    bob.click(lobby, f"dn:l:{number}:join").wait_reply()
    return number, start_game(table, alice, lobby, number)


def press(actor: Actor, message: Seen) -> InteractionRef:
    """Press the first move control of a message (a button, or the menu's first option)."""
    item = next(c for c in controls(message) if c["custom_id"].startswith(("dn:m:", "dn:s:")))
    if item["type"] == 2:
        return actor.click(message, item["custom_id"])
    return actor.select(message, item["custom_id"], [item["options"][0]["value"]])


def answer(table: BotHarness, ref: InteractionRef) -> Seen:
    """Wait for the first (ephemeral) followup of an acknowledged interaction."""
    ref.wait_acked()
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        found = ref.followups()
        if found:
            return found[0]
        time.sleep(0.02)
    raise TimeoutError("no followup")


def moves_in_db(table: BotHarness, number: int) -> tuple[int, int]:
    with sqlite3.connect(table.workdir / "games.db") as db:
        (count,) = db.execute(
            "SELECT COUNT(*) FROM moves WHERE game_id = ? AND undone_at IS NULL", (number,)
        ).fetchone()
        (version,) = db.execute("SELECT version FROM games WHERE id = ?", (number,)).fetchone()
    return count, version


def assert_final_board_shows_the_final_scores(table: BotHarness, number: int, end: Seen) -> None:
    """The final message's board images carry the engine's final scores (issue 14).

    The image of the final scores says them in its alt text too, as stored in the result.
    """
    with sqlite3.connect(table.workdir / "games.db") as db:
        (stored,) = db.execute("SELECT result FROM games WHERE id = ?", (number,)).fetchone()
    scores = json.loads(stored)["result"]["scores"]
    names = [f.filename for f in end.attachments]
    final = next(f for f in end.attachments if f.filename.endswith("-final.png"))
    assert names == ["score.png", final.filename, final.filename.replace("-final", "")]
    assert final.data[:8] == PNG
    said = [int(n) for n in re.findall(r" (-?\d+)(?:,|\.$)", final.description or "")]
    assert sorted(said) == sorted(scores), final.description


def verified(table: BotHarness, number: int) -> str:
    alice = table.users["alice"]  # the guild owner: Manage Server
    return alice.slash(table.channel, "admin game verify", {"game": number}).wait_reply().content


def test_lobby_buttons_and_bad_inputs_get_short_ephemeral_replies(table):
    alice, bob = table.users["alice"], table.users["bob"]
    number, lobby = open_game(table, alice, players=2)
    again = alice.click(lobby, f"dn:l:{number}:join").wait_reply()
    assert again.ephemeral
    assert again.content == "You are already seated in this game."
    unknown = alice.slash(table.channel, "game new", {"game": "chess"}).wait_reply()
    assert unknown.ephemeral
    assert "no such game" in unknown.content
    bad = alice.slash(table.channel, "game new", {"game": "trajan", "options": "x"}).wait_reply()
    assert bad.ephemeral
    assert "name=value" in bad.content
    lost = alice.slash(table.channel, "game status", {}).wait_reply()
    assert lost.ephemeral
    assert "Which game?" in lost.content
    with pytest.raises(UsageError, match="Unknown command"):  # /admin is hidden from members
        bob.slash(table.channel, "admin game verify", {})
    full = bob.click(lobby, f"dn:l:{number}:join").wait_reply()
    # A full lobby offers no Join (seventh playtest item 10b); a press that races the last seat
    # is refused "This game is full." (test_lobby.py).
    assert [b["label"] for b in full.buttons()] == ["Leave", "Start"]


def test_only_the_deciding_player_can_act_and_bad_moves_change_nothing(table):
    number, thread = two_humans(table)
    alice, bob, dave = (table.users[n] for n in ("alice", "bob", "dave"))
    current = board(alice, thread)
    who = decider(current)
    other = bob if who == alice.id else alice
    refused = answer(table, press(other, current))
    assert refused.content == "It is not your decision now."
    assert refused.ephemeral
    stranger = answer(table, press(dave, current))
    assert stranger.content == "You are not seated in this game."
    nonsense = other.slash(thread, "move", {"move": "fly to the moon"}).wait_reply()
    assert nonsense.ephemeral
    assert nonsense.content
    assert moves_in_db(table, number) == (0, 0) or version_of(board(alice, thread)) == version_of(
        current
    )
    assert "**Now:**" in board(dave, thread).content  # nothing moved for anyone


def test_two_presses_of_the_same_button_at_once_apply_it_once(table):
    number, thread = two_humans(table)
    alice, bob = table.users["alice"], table.users["bob"]
    current = board(alice, thread)
    who = alice if decider(current) == alice.id else bob
    before = moves_in_db(table, number)
    refs = []
    go = threading.Barrier(2)

    def at_once():
        go.wait()
        refs.append(press(who, current))

    presses = [threading.Thread(target=at_once) for _ in range(2)]
    for p in presses:
        p.start()
    for p in presses:
        p.join()
    for ref in refs:
        ref.wait_acked()
    wait_new_board(alice, thread, version_of(current))
    # One press moved the game; the other was told the board is out of date (or to confirm).
    after = moves_in_db(table, number)
    assert after[0] - before[0] >= 1
    texts = [f.content for ref in refs for f in ref.followups()]
    assert len([x for x in texts if "out of date" in x]) <= 1
    assert "replay exactly" in verified(table, number)


def test_public_messages_never_show_a_hand(table):
    _, thread = two_humans(table)
    play_until(table, thread, lambda n: n >= 40)
    dave = table.users["dave"]  # a spectator sees exactly the public messages
    for message in dave.messages(thread) + dave.messages(table.channel):
        if message.ephemeral:
            continue  # dave's own replies from other tests
        labels = [c.get("label") or "" for c in message.buttons()]
        labels += [o["label"] for s in message.selects() for o in s.get("options", [])]
        assert not [x for x in labels if x.startswith(HAND_LABELS)], message.content
        assert "Your hand" not in message.content
        for image in message.attachments:
            assert image.filename.startswith(("board-", "score"))
    private = table.users["alice"].slash(thread, "game private", {}).wait_reply()
    assert private.ephemeral
    assert private.attachments[0].data[:8] == PNG
    assert private not in dave.messages(thread)


def test_a_killed_bot_loses_no_move_and_old_boards_are_retired(table):
    number, thread = two_humans(table)
    alice = table.users["alice"]
    play_until(table, thread, lambda n: n >= 3)
    count, version = moves_in_db(table, number)
    assert count == version
    table.restart(kill=True)
    assert moves_in_db(table, number) == (count, version)
    current = board(alice, thread)
    assert version_of(current) == version

    def with_controls() -> list[int]:
        boards = [m for m in alice.messages(thread) if m.author_is_bot and not m.ephemeral]
        return [m.id for m in boards if controls(m)]

    deadline = time.monotonic() + 15  # the refresh after a restart retires them by edits
    while with_controls() != [current.id] and time.monotonic() < deadline:
        time.sleep(0.1)
    assert with_controls() == [current.id]  # older turns lost theirs
    play_until(table, thread, lambda n: n >= 2)  # the current board still plays
    assert "replay exactly" in verified(table, number)


def test_a_bot_killed_during_a_move_keeps_it_once(make_table):
    table = make_table(argv=FAULTY_BOT, extra_env={"DENARIUS_FAULT": "after_play"})
    number, thread = two_humans(table)
    alice, bob = table.users["alice"], table.users["bob"]
    current = board(alice, thread)
    who = alice if decider(current) == alice.id else bob
    before, _ = moves_in_db(table, number)
    press_first(who, current, thread)  # saved, then the bot hangs before posting
    deadline = time.monotonic() + 20
    while moves_in_db(table, number)[0] == before and time.monotonic() < deadline:
        time.sleep(0.05)
    # The old board still shows its controls: a second press is refused as out of date.
    assert "out of date" in answer(table, press(who, current)).content
    assert table.bot is not None
    table.bot.env.pop("DENARIUS_FAULT")
    table.restart(kill=True)
    fresh = wait_new_board(alice, thread, version_of(current))
    count, version = moves_in_db(table, number)
    assert version_of(fresh) == version
    assert count == version
    assert count > before

    def old_board() -> Seen:
        found: Seen = next(m for m in alice.messages(thread) if m.id == current.id)
        return found

    if fresh.id != current.id:  # the turn passed: the old message is closed (no controls) ...
        deadline = time.monotonic() + 15
        while controls(old_board()) and time.monotonic() < deadline:
            time.sleep(0.05)  # ... by an edit right after the new message is sent
        assert not controls(old_board())
    else:  # the same player decides on: the turn's one message was edited in place
        assert version_of(old_board()) == version
    assert "replay exactly" in verified(table, number)


def test_an_expired_timer_is_handled_by_its_policy_after_a_restart(make_table):
    table = make_table()
    number, thread = two_humans(table, time_control="24h", policy="stand_in")
    alice = table.users["alice"]
    current = board(alice, thread)
    assert "(due <t:" in current.content
    _, version = moves_in_db(table, number)
    assert table.bot is not None
    table.bot.env["DENARIUS_CLOCK_OFFSET"] = str(25 * 3600)  # the bot comes back a day later
    table.restart(kill=True)
    notice = alice.wait_message(thread, lambda m: "ran out of time" in m.content, timeout=30)
    assert "an AI plays for them" in notice.content
    assert moves_in_db(table, number)[1] > version
    who = next(u for u in table.users.values() if u.name in notice.content)
    assert who.slash(thread, "game back", {}).wait_reply().ephemeral
    back = who.wait_message(thread, lambda m: "is back" in m.content, timeout=30)
    assert who.name in back.content


def roomy(table: BotHarness) -> BotHarness:
    """Loosen the emulator's per-channel limits (scripted players click far faster than people).

    These tests are about a whole game; tests/e2e/test_limits.py is where the limits are.
    """
    limits = table.ld.emulator.route_limits
    for method, route in list(limits.limits):
        limits.set(method, route, 50, 1.0)
    return table


@pytest.mark.slow
def test_a_complete_three_player_trajan_game(make_table):
    table = roomy(make_table())
    number, thread = two_humans(table)
    play_until(table, thread, lambda n: False, max_moves=5000)
    alice = table.users["alice"]
    end = alice.wait_message(thread, lambda m: "is over" in m.content, timeout=60)
    assert end.attachments[0].filename == "score.png"
    assert "1. " in end.content
    assert "replay exactly" in verified(table, number)
    assert_final_board_shows_the_final_scores(table, number, end)


@pytest.mark.slow
def test_a_complete_three_player_troyes_game(make_table):
    table = roomy(make_table())
    alice, bob = table.users["alice"], table.users["bob"]
    number, lobby = open_game(table, alice, game="troyes", players=3, ai=1)
    bob.click(lobby, f"dn:l:{number}:join").wait_reply()
    thread = start_game(table, alice, lobby, number, game="Troyes")
    play_until(table, thread, lambda n: False, max_moves=3000)
    end = alice.wait_message(thread, lambda m: "is over" in m.content, timeout=60)
    assert end.attachments[0].filename == "score.png"
    assert "replay exactly" in verified(table, number)
    assert_final_board_shows_the_final_scores(table, number, end)


def test_resigning_hands_the_seat_to_an_ai_and_an_admin_can_abandon(table):
    number, thread = two_humans(table)
    bob, alice = table.users["bob"], table.users["alice"]
    done = bob.slash(thread, "game resign", {}).wait_reply()
    assert done.ephemeral
    notice = alice.wait_message(thread, lambda m: "resigned" in m.content, timeout=30)
    assert "bob" in notice.content
    alice.slash(thread, "game abandon", {}).wait_reply()  # alice owns the server
    end = alice.wait_message(thread, lambda m: "is over" in m.content, timeout=30)
    assert "abandoned" in end.content
    late = bob.slash(thread, "game status", {}).wait_reply()
    assert f"#{number}" in late.content
    assert "abandoned" in late.content
