"""While an AI seat thinks, the board says so (fifth playtest, items 100 and 99b).

A faulty bot (tests/e2e/faulty_bot.py, `hold_ai`) holds a game's AI decisions while a file
names the game, so what the thread shows meanwhile is looked at while the AI certainly has not
decided yet, with no timing: the first board of a start that an AI opens, the board right
after alice's move that passed the decision to an AI, and a press on a control alice still
had. The same bot (no AI_MAX_LEVEL: the operator's cap is normal) offers no hard level.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from localdiscord.harness import BotHarness
from localdiscord.local import Actor, Seen
from tests.cogs.league.conftest import wait_for
from tests.e2e.conftest import (
    FAULTY_BOT,
    board,
    controls,
    open_game,
    playable,
    press_first,
    private_choices,
    version_of,
)

USERS = ("alice", "bob", "carol", "dave")
THINKING = re.compile(r"\*\*Now:\*\* (.+) is thinking…")
PENSANDO = re.compile(r"\*\*Ahora:\*\* (.+) está pensando…")
CONTROL = re.compile(r"^dn:[mskpbh]:")  # a move, a menu, a page of choices, a private view


@pytest.fixture(scope="module")
def held(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[BotHarness, Path]]:
    workdir = tmp_path_factory.mktemp("thinking")
    hold = workdir / "hold_ai.txt"
    hold.write_text("", encoding="utf-8")
    env = {"DENARIUS_FAULT": "hold_ai", "DENARIUS_HOLD_AI_FILE": str(hold)}
    table = BotHarness(FAULTY_BOT, workdir, users=USERS, extra_env=env).start()
    try:
        yield table, hold
    finally:
        table.stop()


def _holding(table: BotHarness, number: int) -> int:
    """Return how many AI decisions of the game the bot has held so far."""
    return table.log().count(f"holding the AI decision of game {number}\n")


def _bot_board(m: Seen) -> bool:
    return m.author_is_bot and not m.ephemeral


def _no_controls(message: Seen) -> bool:
    items = [*message.buttons(), *message.selects()]
    return not any(CONTROL.match(c.get("custom_id", "")) for c in items)


def _started_by_an_ai(table: BotHarness, hold: Path, language: str) -> tuple[int, Any, Seen]:
    """Start games (alice and an AI, seats drawn) until an AI decides first; return its board.

    The hold names each game before its start, so its AI cannot have decided meanwhile.
    """
    alice = table.users["alice"]
    pattern = THINKING if language == "en" else PENSANDO
    for _ in range(12):
        number, lobby = open_game(table, alice, players=2, ai=1, language=language)
        hold.write_text(str(number), encoding="utf-8")
        alice.click(lobby, f"dn:l:{number}:start").wait_acked()
        name = f"Trajan #{number}" if language == "en" else f"Trajano n.º {number}"
        thread = alice.wait_thread(name, timeout=30)
        first = alice.wait_message(thread, _bot_board, timeout=30)
        if pattern.search(first.content):
            return number, thread, first
        assert controls(first), first.content  # alice decides first: her board, at once
    raise AssertionError("no AI was drawn first in 12 games")


def test_start_posts_the_board_at_once_and_alice_s_move_shows_before_the_ai_decided(held):
    table, hold = held
    alice = table.users["alice"]
    number, thread, first = _started_by_an_ai(table, hold, "en")
    # (c) The first board is there while the AI still thinks: no controls, who is thinking.
    wait_for(lambda: _holding(table, number), timeout=30)
    assert "The game has started." in first.content
    assert THINKING.search(first.content)[1] == "Normal AI (1)", first.content  # type: ignore[index]
    assert _no_controls(first)
    hold.write_text("", encoding="utf-8")  # the AI decides; alice's turn comes
    mine = alice.wait_message(thread, lambda m: _bot_board(m) and bool(controls(m)), timeout=60)
    assert mine.id != first.id  # her turn: a new message, the AI's turn closed above it
    closed = alice.wait_message(  # then the AI's turn message tells its turn, closed
        thread, lambda m: m.id == first.id and not THINKING.search(m.content), timeout=30
    )
    assert _no_controls(closed)
    assert "Normal AI (1)" in closed.content

    # (a) Alice plays until her move passes the decision to the AI, which is held.
    holds = _holding(table, number)
    hold.write_text(str(number), encoding="utf-8")
    current, after, private = _until_an_ai_thinks(alice, thread)
    assert after.id == current.id  # edited in place: no new message while the AI thinks
    assert THINKING.search(after.content)[1] == "Normal AI (1)"  # type: ignore[index]
    assert _no_controls(after)  # nothing for alice to choose
    assert f"<@{alice.id}>" not in after.content.splitlines()[-1]
    wait_for(lambda: _holding(table, number) > holds, timeout=30)  # held: it has not decided

    # (b) Alice's choices shown to her alone keep their controls; a press on one while the AI
    # thinks is told briefly who is thinking (not a link to the board). Played until her
    # move from such choices passes the decision (Trajan's hand decisions are private).
    for _ in range(60):
        if private is not None:
            break
        old = version_of(board(alice, thread)) or 0
        hold.write_text("", encoding="utf-8")  # the AI decides; alice's turn comes again
        alice.wait_message(thread, lambda m, old=old: _newer(m, old) and bool(controls(m)), 60)
        hold.write_text(str(number), encoding="utf-8")
        current, after, private = _until_an_ai_thinks(alice, thread)
    assert private is not None, "no private decision of alice's passed the turn"
    item = next(c for c in controls(private) if not c["custom_id"].startswith("dn:p:"))
    if item["type"] == 2:
        ref = alice.click(private, item["custom_id"])
    else:
        ref = alice.select(private, item["custom_id"], [playable(item)[0]["value"]])
    ref.wait_acked()
    [answer] = wait_for(ref.followups, timeout=30)  # the board stays; one ephemeral answer
    assert answer.ephemeral
    assert answer.content == "It is not your turn: Normal AI (1) is thinking…", answer.content
    old = version_of(current) or 0
    hold.write_text("", encoding="utf-8")
    again = alice.wait_message(thread, lambda m: _newer(m, old) and bool(controls(m)), 60)
    assert again.id != current.id  # her turn again: a new message
    assert again.mentions == ["alice"]  # she was told an AI thought: her turn pings her
    assert THINKING.search(after.content)  # the board it followed said who thought


def _newer(m: Seen, old: int) -> bool:
    return _bot_board(m) and (version_of(m) or -1) > old


def _until_an_ai_thinks(alice: Actor, thread: Any) -> tuple[Seen, Seen, Seen | None]:
    """Press alice's first choices until a board says an AI thinks.

    Return the board she pressed last, that board now, and the choices shown to her alone
    she pressed it from (None: from the board itself).
    """
    for _ in range(40):
        current = board(alice, thread)
        old = version_of(current)
        assert old is not None, current.content
        private = None
        if not [c for c in controls(current) if not c["custom_id"].startswith("dn:p:")]:
            private = private_choices(alice, current)
        press_first(alice, private or current, thread)

        def shown(m: Seen, old: int = old) -> bool:
            return _bot_board(m) and (bool(THINKING.search(m.content)) or _newer(m, old))

        after = alice.wait_message(thread, shown, timeout=30)
        if THINKING.search(after.content):
            return current, after, private
    raise AssertionError("alice's turn never passed to the AI")


def test_a_spanish_game_says_who_thinks_in_spanish(held):
    table, hold = held
    number, _thread, first = _started_by_an_ai(table, hold, "es")
    assert PENSANDO.search(first.content)[1] == "IA normal (1)", first.content  # type: ignore[index]
    assert "La partida ha empezado." in first.content
    assert _no_controls(first)
    wait_for(lambda: _holding(table, number), timeout=30)
    hold.write_text("", encoding="utf-8")


def test_the_hard_level_is_not_offered_when_the_cap_is_normal(held):
    table, _hold = held
    alice = table.users["alice"]
    commands = {c["name"]: c for c in table.ld.commands(alice)}
    offered = []
    for group in ("game", "admin"):
        for sub in commands[group]["options"]:
            for option in [sub, *sub.get("options", [])]:
                for param in option.get("options", []):
                    if param.get("name") == "ai_level":
                        offered.append([c["value"] for c in param["choices"]])
    assert len(offered) >= 3  # /game new, /game settings, /admin league create (and edit)
    assert all(values == ["easy", "normal"] for values in offered), offered
    _number, lobby = open_game(table, alice, players=3)
    [select] = lobby.selects()
    assert [o["label"] for o in select["options"]] == ["Easy AI", "Normal AI"]


def test_a_typed_move_is_answered_before_the_ai_it_passes_to_has_decided(held):
    """Item 115: "Done." comes once the move is saved, not after every AI has moved."""
    table, hold = held
    alice = table.users["alice"]
    hold.write_text("", encoding="utf-8")
    number, lobby = open_game(table, alice, players=2, ai=1)
    alice.click(lobby, f"dn:l:{number}:start").wait_acked()
    thread = alice.wait_thread(f"Trajan #{number}", timeout=30)
    alice.wait_message(thread, lambda m: _bot_board(m) and bool(controls(m)), timeout=60)
    hold.write_text(str(number), encoding="utf-8")  # from now on the AI's decisions are held
    for _ in range(40):
        current = board(alice, thread)
        old = version_of(current)
        assert old is not None, current.content
        suggested = alice.autocomplete(thread, "move", {"move": ""}, "move")
        moves = [c["value"] for c in suggested if c["name"].endswith("]")]
        assert moves, suggested
        holds = _holding(table, number)
        # Answered while the AI it passes to is held: before the fix it came only after.
        answer = alice.slash(thread, "move", {"move": moves[0]}).wait_reply(timeout=30)
        assert answer.ephemeral
        confirm = [b for b in answer.buttons() if b["custom_id"].startswith("dn:k:")]
        if confirm:  # it reveals something: the question settles once the move is saved
            settled = alice.click(answer, confirm[0]["custom_id"]).wait_reply(timeout=30)
            assert settled.content.startswith("\N{WHITE HEAVY CHECK MARK} Played: "), settled
            assert not settled.buttons()
        else:
            assert answer.content == "Done.", answer.content

        def shown(m: Seen, old: int = old) -> bool:
            return _bot_board(m) and (bool(THINKING.search(m.content)) or _newer(m, old))

        after = alice.wait_message(thread, shown, timeout=30)
        if THINKING.search(after.content):
            wait_for(lambda: _holding(table, number) > holds, timeout=30)  # noqa: B023
            assert THINKING.search(board(alice, thread).content)  # it still has not decided
            hold.write_text("", encoding="utf-8")
            return
    raise AssertionError("alice's typed moves never passed the turn to the AI")
