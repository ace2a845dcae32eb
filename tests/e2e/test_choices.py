"""Choices that say what they get, and a confirmation that says why, with Cancel (issue 14)."""

import time

import pytest

from localdiscord.harness import BotHarness
from localdiscord.local import Actor, ChannelRef, InteractionRef, Seen
from localdiscord.model import Json
from tests.e2e.conftest import board, controls, decider, open_game, private_choices, start_game


def _items(actor: Actor, message: Seen) -> tuple[Seen, list[Json]]:
    items = [c for c in controls(message) if not c["custom_id"].startswith("dn:p:")]
    if items:
        return message, items
    shown = private_choices(actor, message)
    return shown, [c for c in controls(shown) if not c["custom_id"].startswith("dn:p:")]


@pytest.mark.slow
def test_trajan_choices_explain_themselves_and_a_reveal_can_be_cancelled(table: BotHarness):
    alice, bob = table.users["alice"], table.users["bob"]
    number, lobby = open_game(table, alice, players=2)
    bob.click(lobby, f"dn:l:{number}:join").wait_reply()
    thread = start_game(table, alice, lobby, number)
    described: list[str] = []
    labels: list[str] = []
    cancelled, confirmed = False, 0
    for _ in range(40):
        current = board(alice, thread)
        actor = alice if decider(current) == alice.id else bob
        message, items = _items(actor, current)
        item = items[0]
        for each in items:  # every label on offer, a menu's options' too
            labels += [o["label"] for o in each.get("options", ())] or [each.get("label", "")]
        if item["type"] == 3:  # a menu: each option may say what it gets
            described += [o["description"] for o in item["options"] if o.get("description")]
            ref = actor.select(message, item["custom_id"], [item["options"][0]["value"]])
        else:
            ref = actor.click(message, item["custom_id"])
        ref.wait_acked()
        follow = _confirmation(ref, alice, thread, int(item["custom_id"].split(":")[3]))
        if follow is not None:
            buttons = {b["custom_id"][:5]: b for b in follow.buttons()}
            assert set(buttons) == {"dn:k:", "dn:x:"}
            assert "cannot be taken back: " in follow.content
            if not cancelled:
                version = int(buttons["dn:k:"]["custom_id"].split(":")[3])
                gone = actor.click(follow, buttons["dn:x:"]["custom_id"]).wait_reply()
                assert gone.id == follow.id
                assert gone.content.startswith("Cancelled: **")
                assert gone.buttons() == []
                assert _version(board(alice, thread)) == version  # nothing was played
                cancelled = True
                continue  # the same decision comes round again: press it once more
            played = actor.click(follow, buttons["dn:k:"]["custom_id"])
            played.wait_acked()
            assert _confirmation(played, alice, thread, _version(current)) is None  # played
            # The answered question leaves the screen: no live ✅ to press twice (item 16).
            settled = _settled(actor, thread, follow.id)
            assert settled.buttons() == []
            confirmed += 1
        if cancelled and confirmed and _named_card(labels) and _bowl_line(described):
            break
    assert cancelled
    assert confirmed
    assert _named_card(labels), labels  # "Take Wine from discard pile 1" (playtest item 12)
    assert _bowl_line(described), described  # "2 markers, one into each bowl from II to III"


def _settled(actor: Actor, thread: ChannelRef, message_id: int) -> Seen:
    """Return the confirmation once it reads "Played: <move>" (within 20 s)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        for message in actor.ephemerals(thread):
            if message.id == message_id and message.content.startswith("\u2705 Played: **"):
                return message
        time.sleep(0.05)
    raise AssertionError("the answered confirmation still asks")


def _named_card(labels: list[str]) -> bool:
    return any(x.startswith("Take ") and " from discard pile " in x for x in labels)


def _bowl_line(described: list[str]) -> bool:
    return any(" markers, one into each bowl from " in d for d in described)


def _version(message: Seen) -> int:
    return int(controls(message)[0]["custom_id"].split(":")[3]) if controls(message) else -1


def _confirmation(
    ref: InteractionRef, alice: Actor, thread: ChannelRef, version: int
) -> Seen | None:
    """Wait for the press's outcome: a confirmation (returned), or a newer board (None)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        for follow in ref.followups():
            if any(b["custom_id"].startswith("dn:k:") for b in follow.buttons()):
                return follow
        if _version(board(alice, thread)) != version:
            return None
        time.sleep(0.05)
    raise AssertionError("the press neither asked nor changed the board")
