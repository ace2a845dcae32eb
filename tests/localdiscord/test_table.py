"""The terminal table, driven with scripted input against the sample bot."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from localdiscord import tableparse
from localdiscord.harness import BotHarness
from localdiscord.slash import UsageError
from localdiscord.table import Table, quoted
from tests.localdiscord.conftest import SAMPLE_BOT, HarnessFactory
from tests.localdiscord.sample_bot import PNG

REPO = Path(__file__).resolve().parents[2]


class Script:
    """Feeds lines to the table and records everything it prints."""

    def __init__(self, lines: list[str]) -> None:
        self.lines: Iterator[str] = iter(lines)
        self.output: list[str] = []

    def read(self, prompt: str) -> str:
        self.output.append(prompt)
        try:
            return next(self.lines)
        except StopIteration:
            raise EOFError from None

    def write(self, text: str) -> None:
        self.output.append(text)

    @property
    def text(self) -> str:
        return "\n".join(self.output)


def play(sample: BotHarness, tmp_path: Path, lines: list[str]) -> Script:
    script = Script(lines)
    Table(sample, tmp_path, script.write, script.read, settle=0.2).run()
    return script


def test_hot_seat_game_with_buttons_menus_and_images(sample: BotHarness, tmp_path: Path) -> None:
    script = play(sample, tmp_path, [
        "/game new game:trajan players:3 ai:2", "1", "user bob", "1", "2 b", "/board", "wait 0.3",
        "quit",
    ])  # fmt: skip
    out = script.text
    assert "trajan for 3 (2 AI)" in out
    assert "  [1] Join" in out
    assert "[2] Pick a colour (pick one): a) Red  b) Blue  c) Green" in out
    assert "alice, bob" in out
    assert "bob@#general>" in out
    assert "(only you) You picked blue" in out
    assert "(nothing new)" in out
    saved = [line.split("image: ")[1] for line in script.output if "image: " in line]
    assert Path(saved[-1]).read_bytes() == PNG
    assert Path(saved[-1]).parent == tmp_path


def test_help_listing_suggestions_and_type_errors(sample: BotHarness, tmp_path: Path) -> None:
    (tmp_path / "hand.txt").write_bytes(b"12345")
    out = play(sample, tmp_path, [
        f"/upload file:{tmp_path / 'hand.txt'}", "/upload file:/no/such/file",
        "help", "/", "/game new ?", "/game new game:tro?", "/game new game:x players:nine",
        "/nope", "frobnicate",
    ]).text  # fmt: skip
    assert "hand.txt: 5 bytes b'1234'" in out
    assert "! file: no file at /no/such/file." in out
    assert "user NAME" in out
    assert "/game new - Start a new game" in out
    assert "players:<integer> required 2-4" in out
    assert "game:troyes  (Troyes)" in out
    assert "game:trajan  (Trajan)" not in out
    assert "! players must be integer." in out
    assert "! Unknown command /nope." in out
    assert "! Unknown input 'frobnicate'" in out


def test_modal_threads_and_failed_interaction(sample: BotHarness, tmp_path: Path) -> None:
    out = play(sample, tmp_path, [
        "/feedback", "well played", "/thread name:tt", "threads", "open tt-private", "back",
        "/dm", "open dm", "back", "/slow",
    ]).text  # fmt: skip
    assert "== Feedback ==" in out
    assert "Thanks, alice: well played" in out
    assert "~tt-private" in out
    assert "Private for @alice" in out
    assert "alice@~tt-private>" in out
    assert "new in your DMs (open dm)" in out
    assert "alice@dm>" in out
    assert "[Denarius (bot)] psst" in out
    assert "! This interaction failed" in out


def test_parse_and_complete_slash_lines(sample: BotHarness) -> None:
    line = tableparse.parse('/game new game:trajan players:3 note:"two words" ai:1?')
    assert line.path == "game new"
    assert line.options == {"game": "trajan", "players": "3", "note": "two words", "ai": "1"}
    assert line.asking == "ai"
    with pytest.raises(UsageError):
        tableparse.parse("/game game:x new")
    cmds = sample.ld.wait_commands("game")
    assert tableparse.complete(cmds, "/ga") == ["/game"]
    assert tableparse.complete(cmds, "/game n") == ["new"]
    assert tableparse.complete(cmds, "/game new game:trajan p") == ["players:"]


def test_main_runs_the_table_from_a_terminal(tmp_path: Path) -> None:
    bot = f"{sys.executable} {SAMPLE_BOT}"
    result = subprocess.run(
        [sys.executable, "-m", "localdiscord.table", "--bot", bot, "--out", str(tmp_path / "o")],
        input="/ping\nquit\n", capture_output=True, text=True, timeout=60, cwd=tmp_path,
        env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"}, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "[Denarius (bot)] pong" in result.stdout
    assert (tmp_path / "o" / "bot.log").exists()


def test_main_reports_a_bot_that_cannot_start(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "localdiscord.table", "--bot", f"{sys.executable} -c 'import nope'",
         "--out", str(tmp_path)],
        input="", capture_output=True, text=True, timeout=60, cwd=tmp_path,
        env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"}, check=False,
    )  # fmt: skip
    assert result.returncode == 1
    assert "The bot did not connect" in result.stdout
    assert "the bot exited" in result.stdout
    assert "No module named 'nope'" in result.stdout


def test_tab_completion_asks_the_bot_for_autocomplete(sample: BotHarness, tmp_path: Path) -> None:
    table = Table(sample, tmp_path, print, input)
    assert table.completions("/game new game:trop") == []
    assert table.completions("/game new game:tro") == ["game:troyes", "game:troyes-ladies"]
    assert table.completions("/game new pl") == ["players:"]
    assert table.completions("look") == []


ODD_LINES = [
    "say " + "x" * 3000,  # longer than Discord lets anyone post
    "", "   ", "say", "\x00\x1b[2J", "ñandú 🎲 " * 40, "/" + "a" * 500,
    "/game new game:" + "y" * 3000,
    "/game new players:2 game:", "99", "0", "-1", "1 " + "z" * 300, "open 99", "open",
    "wait abc", "user ", "\t", "/ping extra:1", '"unclosed', "/game new game:\"open players:2",
]  # fmt: skip


def test_no_line_ends_the_table(sample: BotHarness, tmp_path: Path) -> None:
    out = play(sample, tmp_path, [*ODD_LINES, "/ping"]).text
    assert "! Discord refuses that: content: Must be between 0 and 2000 in length." in out
    assert "! Discord refuses that: Cannot send an empty message" in out
    assert "! game: give a value (game:VALUE)." in out
    assert ":  for 2" not in out  # nothing was posted for the command with an empty option
    assert max(len(line) for line in out.splitlines()) < 200  # refusals quote input clipped
    assert "That did not work" not in out  # every odd line got a precise answer
    assert out.rstrip().splitlines()[-2] == "[Denarius (bot)] pong"  # and the table goes on


def test_a_button_takes_no_option(sample: BotHarness, tmp_path: Path) -> None:
    out = play(sample, tmp_path, ["/count", "1 z", "look"]).text
    assert "! [1] is a button: type 1 alone to press it." in out
    assert "Count: 1" not in out


def test_board_buttons_stay_pressable_after_an_ephemeral_reply(
    make_harness: HarnessFactory, tmp_path: Path
) -> None:
    out = play(make_harness(), tmp_path, ["/count", "/hand", "1", "2"]).text
    assert "  [1] +1" in out
    assert "(only you) Your hand\n  [2] +1" in out  # numbered after the board's button
    assert "Count: 1" in out  # [1] still pressed the public counter
    assert "counted 101" in out  # and [2], shown again after the board changed, the ephemeral


def test_the_world_is_kept_between_runs(tmp_path: Path) -> None:
    world = tmp_path / "world.json"
    first = BotHarness([sys.executable, str(SAMPLE_BOT)], tmp_path / "bot", world_file=world)
    with first:
        alice = first.users["alice"]
        thread_reply = alice.slash(first.channel, "thread", {"name": "kept"}).wait_reply()
        alice.wait_message(alice.wait_thread("kept-private"), lambda m: "Private" in m.content)
        counter = alice.slash(first.channel, "count").wait_reply()
        ids = (alice.id, first.channel.id, counter.id)
        thread_ids = {t.name: t.id for t in alice.threads()}
    assert world.is_file()
    assert (world.stat().st_mode & 0o777) == 0o600
    again = BotHarness([sys.executable, str(SAMPLE_BOT)], tmp_path / "bot", world_file=world)
    with again:
        alice = again.users["alice"]
        assert (alice.id, again.channel.id) == ids[:2]
        assert {t.name: t.id for t in alice.threads()} == thread_ids
        assert any(m.id == thread_reply.id for m in alice.messages(again.channel))
        alice.click(ids[2], "sb:count:0").wait_acked()  # yesterday's button still works
        again.ld.wait_until(lambda: "Count: 1" in again.ld.world.messages[ids[2]].content, 10)
        assert again.ld.emulator.loaded


def test_messages_read_before_a_restart_are_not_counted_new_after_it(tmp_path: Path) -> None:
    """Item 80: after each restart "(29 new in ~Troyes n.º 1)" counted messages read before it.

    The read marks are kept with the world, so only a message that is truly new counts.
    """
    world = tmp_path / "world.json"
    bot = [sys.executable, str(SAMPLE_BOT)]
    with BotHarness(bot, tmp_path / "bot", world_file=world) as first:
        before = Script(["/dm", "open dm", "back"])
        Table(first, tmp_path, before.write, before.read, settle=0.2).run()
    assert "(1 new in your DMs (open dm))" in before.text  # unread, then read
    with BotHarness(bot, tmp_path / "bot", world_file=world) as again:
        after = Script(["look", "/dm", "look"])
        Table(again, tmp_path, after.write, after.read, settle=0.2).run()
    prompts = [i for i, x in enumerate(after.output) if x.endswith("> ")]
    looked = "\n".join(after.output[: prompts[1]])  # the start and `look`
    rest = "\n".join(after.output[prompts[1] :])  # `/dm` and `look`
    assert "new in your DMs" not in looked  # the old DM was read before the restart
    assert "(1 new in your DMs (open dm))" in rest  # the new one alone
    assert "(2 new" not in rest


def test_a_damaged_world_file_is_set_aside(tmp_path: Path) -> None:
    world = tmp_path / "world.json"
    world.write_text("{not json")
    with BotHarness([sys.executable, str(SAMPLE_BOT)], tmp_path / "bot", world_file=world) as h:
        assert "could not be read" in h.ld.emulator.load_problem
        assert h.users["alice"].slash(h.channel, "ping").wait_reply().content == "pong"
    assert (tmp_path / "world.json.bad").read_text() == "{not json"


def test_a_suggested_value_with_a_space_is_shown_quoted_so_it_can_be_typed_back() -> None:
    # Found at the table: /move suggested `move:bowl 2`, which then failed to parse.
    with pytest.raises(UsageError):
        tableparse.parse("/move move:bowl 2")
    shown = f"/move move:{quoted('bowl 2')}"
    assert tableparse.parse(shown).options == {"move": "bowl 2"}
    assert quoted("bowl") == "bowl"


def test_a_control_its_message_lost_meanwhile_is_refused_with_the_message_as_it_is_now(
    make_harness: HarnessFactory, tmp_path: Path
) -> None:
    """Playtest 2026-12-02: a number read off a board edited meanwhile answered "! No
    component 'dn:m:1:9:1' on that message."; a Discord client never sends such a press."""
    harness = make_harness()
    script = Script([])
    table = Table(harness, tmp_path, script.write, script.read, settle=0.2)
    table.handle("/count")
    assert "  [1] +1" in script.output
    ld = harness.ld

    def edit() -> None:  # the board's turn went on: its button now plays another move
        msg = max((m for m in ld.world.messages.values() if "Count: 0" in m.content),
                  key=lambda m: m.id)  # fmt: skip
        msg.content = "Count: 5"
        msg.components = [{"type": 1, "components": [
            {"type": 2, "style": 2, "custom_id": "sb:count:5", "label": "+1 more"},
        ]}]  # fmt: skip
        msg.edited_at = ld.world.clock()

    ld.call(edit)
    before = len(script.output)
    table.handle("1")
    said = script.output[before:]
    assert said[0] == (
        "! That message changed since it was shown: [1] is no longer on it, so nothing was "
        "sent. Type look, or press on its current controls."
    )
    assert "Count: 5" in said[1]  # the message as it is now, its control numbered afresh
    assert "  [1] +1 more" in said
    table.handle("1")  # and its current control works
    assert any("Count: 6" in line for line in script.output)


def test_what_changes_while_a_deferred_reply_is_awaited_is_printed_meanwhile(
    make_harness: HarnessFactory, tmp_path: Path
) -> None:
    """Item 115: the bot answers /awaited only once the table printed its channel message."""
    go = tmp_path / "go.txt"
    script = Script(["/awaited"])
    write = script.write

    def printing(text: str) -> None:
        write(text)
        if "working meanwhile" in text:
            go.write_text("go", encoding="utf-8")  # seen: now the bot may answer

    harness = make_harness(extra_env={"SAMPLE_GO_FILE": str(go)})
    Table(harness, tmp_path, printing, script.read, settle=0.2).run()
    out = script.text
    assert "working meanwhile" in out
    assert "Done." in out  # not "Answered unseen."
    assert "! No answer" not in out
