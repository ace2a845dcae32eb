"""/game export and /admin game import through the local Discord (issue 17)."""

import asyncio
import io
import json
import re
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest
from PIL import Image

from engine.games import GAMES
from engine.sessions.lobby import NewGame
from engine.sessions.manager import SessionManager
from engine.sessions.models import SeatOrder
from engine.sessions.store import Store
from engine.sessions.transfer import dumps
from localdiscord.harness import BotHarness
from localdiscord.local import Actor, ChannelRef, Seen
from localdiscord.slash import UsageError
from tests.e2e.conftest import board, decider, open_game, press_first, start_game, wait_new_board
from tests.e2e.test_play import two_humans


def _state(table: BotHarness, number: int) -> str:
    with sqlite3.connect(table.workdir / "games.db") as db:
        (state,) = db.execute("SELECT state FROM games WHERE id = ?", (number,)).fetchone()
    return str(state)


def _play(table: BotHarness, thread: ChannelRef, moves: int) -> None:
    alice = table.users["alice"]
    for _ in range(moves):
        current = board(alice, thread)
        who = next(u for u in table.users.values() if u.id == decider(current))
        press_first(who, current, thread)
        wait_new_board(alice, thread, None)


def test_export_attaches_the_game_and_import_recreates_it_here(table):
    alice, bob = table.users["alice"], table.users["bob"]
    number, thread = two_humans(table)
    _play(table, thread, 3)
    refused = bob.slash(thread, "game export", {}).wait_reply()  # running, and bob no admin
    assert refused.ephemeral
    assert "Only server admins may export a running game" in refused.content
    got = alice.slash(thread, "game export", {}).wait_reply()  # alice owns the server
    assert got.ephemeral
    names = sorted(f.filename for f in got.attachments)
    assert names == [f"denarius-trajan-{number}.json", f"denarius-trajan-{number}.txt"]
    data = next(f.data for f in got.attachments if f.filename.endswith(".json"))
    doc = json.loads(data)
    assert doc["game"] == "trajan"
    assert len(doc["seats"]) == 3
    log = next(f.data for f in got.attachments if f.filename.endswith(".txt")).decode()
    assert "alice" in log
    assert "bob" in log

    with pytest.raises(UsageError, match="Unknown command"):  # /admin is hidden from members
        bob.slash(table.channel, "admin game import", {"file": ("game.json", data)})
    tampered = json.loads(data)
    tampered["moves"][1]["notation"] = tampered["moves"][0]["notation"] + " x"
    bad = json.dumps(tampered).encode()
    refusal = alice.slash(
        table.channel, "admin game import", {"file": ("g.json", bad)}
    ).wait_reply()
    assert refusal.ephemeral
    assert f"Move {doc['moves'][1]['version']} (" in refusal.content
    assert "does not replay" in refusal.content

    done = alice.slash(table.channel, "admin game import", {"file": ("g.json", data)}).wait_reply()
    assert "Imported as game #" in done.content
    imported = int(done.content.split("#")[1].split()[0])
    assert imported != number
    copy = alice.wait_thread(f"Trajan #{imported}", timeout=30)
    again = alice.wait_message(copy, lambda m: m.author_is_bot and bool(m.attachments), timeout=30)
    assert again.attachments[0].data.startswith(b"\x89PNG")
    assert _state(table, imported) == _state(table, number)
    checks = alice.slash(copy, "admin game verify", {}).wait_reply().content
    assert f"Game #{imported} checks out" in checks


def test_anyone_exports_a_finished_game(table):
    alice, bob = table.users["alice"], table.users["bob"]
    number, lobby = open_game(table, alice, players=2, ai=1)
    thread = start_game(table, alice, lobby, number)
    alice.slash(thread, "game abandon", {}).wait_reply()
    alice.wait_message(thread, lambda m: "is over" in m.content, timeout=30)
    got = bob.slash(table.channel, "game export", {"game": number}).wait_reply()
    assert len(got.attachments) == 2
    assert json.loads(got.attachments[0].data)["status"] == "abandoned"


def _step(actor: Actor, message: Seen, symbol: str) -> Seen:
    button = next(b for b in message.buttons() if b.get("label") == symbol)
    assert not button.get("disabled"), symbol
    return actor.click(message, button["custom_id"]).wait_reply()


def test_replay_steps_through_the_board_before_and_after_a_restart(make_table):
    table = make_table()
    alice, bob = table.users["alice"], table.users["bob"]
    number, thread = two_humans(table)
    _play(table, thread, 4)
    with sqlite3.connect(table.workdir / "games.db") as db:
        (last,) = db.execute(
            "SELECT COUNT(*) FROM moves WHERE game_id = ? AND undone_at IS NULL", (number,)
        ).fetchone()
    shown = bob.slash(thread, "game replay", {"move": 1}).wait_reply()
    assert shown.ephemeral
    assert f"move 1 of {last}" in shown.content
    assert shown.attachments[0].data.startswith(b"\x89PNG")
    start = _step(bob, shown, "⏮")
    assert f"move 0 of {last}" in start.content
    assert "The start" in start.content
    assert all(b.get("disabled") for b in start.buttons() if b["label"] in ("⏮", "◀"))
    differs = start.attachments[0].data != shown.attachments[0].data
    assert differs
    forward = _step(bob, start, "▶")
    assert f"move 1 of {last}" in forward.content
    same = forward.attachments[0].data == shown.attachments[0].data  # no bytes diff: minutes
    assert same  # rebuilt the same
    newest = _step(bob, forward, "⏭")
    assert f"move {last} of {last}" in newest.content

    table.restart(kill=True)
    back = _step(bob, newest, "◀")  # the same ephemeral message, its buttons after a restart
    assert f"move {last - 1} of {last}" in back.content
    chapters = next(s for s in back.selects() if s["custom_id"].startswith("dn:w:"))
    first = chapters["options"][0]
    picked = bob.select(back, chapters["custom_id"], [first["value"]]).wait_reply()
    assert f"move {first['value']} of {last}" in picked.content
    too_far = alice.slash(thread, "game replay", {"move": 999}).wait_reply()
    assert f"move {last} of {last}" in too_far.content  # a running game: never past now


def _frames(data: bytes) -> int:
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        return int(getattr(image, "n_frames", 1))


def test_a_finished_game_gets_its_summary_with_an_animated_replay(table):
    alice = table.users["alice"]
    for game, title in (("trajan", "Trajan"), ("troyes", "Troyes")):
        number, lobby = open_game(table, alice, game=game, players=2, ai=1)
        thread = start_game(table, alice, lobby, number, game=title)
        _play(table, thread, 2)
        alice.slash(thread, "game resign", {}).wait_reply()  # no human left: the game ends
        summary = alice.wait_message(thread, lambda m: "in review" in m.content, timeout=60)
        names = [f.filename for f in summary.attachments]
        assert names == [f"replay-{number}.png", "seat-1-final.png", "seat-2-final.png"]
        replay = summary.attachments[0].data
        assert _frames(replay) >= 2
        assert len(replay) <= 8 * 1024 * 1024
        # One line per seat, named as everywhere ("alice (2)"), pointing at its image.
        line = re.search(
            r"alice \((\d)\): their own view at the end.*\(image (\d)\)", summary.content
        )
        assert line is not None
        assert int(line.group(2)) == int(line.group(1)) + 1  # image 1 is the replay
        ended = [m for m in alice.messages(thread) if "is over" in m.content]
        assert ended
        assert ended[-1].id < summary.id  # after the standings, the score and the final board
        (table.workdir / f"summary-{game}.png").write_bytes(replay)


def _ask_back(table: BotHarness, thread: ChannelRef, asker: Actor) -> tuple[int, Seen]:
    """Ask, from /game log, to go back to the oldest move offered; return it and the request."""
    log = asker.slash(thread, "game log", {}).wait_reply()
    menu = next(s for s in log.selects() if s["custom_id"].startswith("dn:h:"))
    oldest = menu["options"][-1]["value"]
    asked = asker.select(log, menu["custom_id"], [oldest]).wait_reply()
    assert "the others have until" in asked.content
    request = asker.wait_message(
        thread, lambda m: any(b["custom_id"].startswith("dn:a:") for b in m.buttons()), timeout=30
    )
    return int(oldest), request


def test_undo_to_here_accepted_by_all_and_refused_by_one(table):
    alice, bob = table.users["alice"], table.users["bob"]
    number, thread = two_humans(table)
    _play(table, thread, 3)
    # The player not deciding now asks: the other one must agree.
    deciding = decider(board(alice, thread))
    asker, other = (alice, bob) if deciding == bob.id else (bob, alice)
    first, request = _ask_back(table, thread, asker)
    no = next(b for b in request.buttons() if b["custom_id"].endswith(":0"))
    other.click(request, no["custom_id"]).wait_acked()
    alice.wait_message(thread, lambda m: "refused" in m.content.lower(), timeout=30)
    with sqlite3.connect(table.workdir / "games.db") as db:
        none = db.execute(
            "SELECT COUNT(*) FROM moves WHERE game_id = ? AND undone_at IS NOT NULL", (number,)
        ).fetchone()[0]
    assert none == 0

    first, request = _ask_back(table, thread, asker)
    yes = next(b for b in request.buttons() if b["custom_id"].endswith(":1"))
    other.click(request, yes["custom_id"]).wait_acked()
    alice.wait_message(thread, lambda m: f"took back the moves from move {first}" in m.content)
    with sqlite3.connect(table.workdir / "games.db") as db:
        undone = db.execute(
            "SELECT MIN(version) FROM moves WHERE game_id = ? AND undone_at IS NOT NULL",
            (number,),
        ).fetchone()[0]
    assert undone == first  # taken back from there; the moves stay in the log, undone
    assert "checks out" in alice.slash(thread, "admin game verify", {}).wait_reply().content


def _finished_trajan_export(folder: Path) -> bytes:
    """Play a whole 2-player Trajan game with stand-ins, off the table, and export it."""

    async def run() -> bytes:
        store = await Store.open(folder / "finished.db")
        try:
            sessions = SessionManager(store, GAMES, lambda: datetime.now(UTC), stand_in="random")
            spec = NewGame("trajan", guild_id=7, channel_id=70, seats=2, seat_order=SeatOrder.JOIN)
            lobby = await sessions.create_lobby(1, spec)
            await sessions.join(lobby.game_id, 2)
            await sessions.start(lobby.game_id, 1)
            done = await sessions.play_out(lobby.game_id)
            assert done.final is not None
            assert done.final.result is not None
            return dumps(await sessions.export_game(lobby.game_id))
        finally:
            await store.close()

    return asyncio.run(run())


def test_replay_of_a_finished_games_last_move_shows_the_final_scores(table, tmp_path):
    """Playtest item 30: the last move's replay is the live end's board, with the score chart."""
    alice = table.users["alice"]
    data = _finished_trajan_export(tmp_path)
    result = json.loads(data)["result"]["result"]
    imported = alice.slash(table.channel, "admin game import", {"file": ("g.json", data)})
    done = imported.wait_reply(timeout=60)  # the whole game is replayed to check it
    number = int(done.content.split("#")[1].split()[0])
    last = alice.slash(table.channel, "game replay", {"game": number}).wait_reply(timeout=60)
    names = [f.filename for f in last.attachments]
    live = sum(1 for m in json.loads(data)["moves"] if m["undone_at"] is None)
    assert f"move {live} of {live}" in last.content
    assert names == [f"replay-{number}-{live}.png", "score.png"]
    before = _step(alice, last, "◀")  # a move before the end: the board alone, as before
    assert [f.filename for f in before.attachments] == [f"replay-{number}-{live - 1}.png"]
    with (
        Image.open(io.BytesIO(last.attachments[0].data)) as end,
        Image.open(io.BytesIO(before.attachments[0].data)) as earlier,
    ):
        assert end.height > earlier.height  # the final scores area under the board
    assert result["scores"]
