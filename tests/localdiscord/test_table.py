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
from localdiscord.table import Table
from tests.localdiscord.conftest import SAMPLE_BOT
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
