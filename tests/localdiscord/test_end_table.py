"""The table at a game's end and after a stale press (docs/playtest-2026-12.md item 98).

At a game's end every older board of the thread was printed again as "(edited)", only their
controls taken away, which scrolled the end off screen: such an edit is now one line. And an
"out of date" reply only you see, older than the board, was numbered first, so the board's
menu became [4]: the board's controls are numbered first now.
"""

from pathlib import Path

from localdiscord.table import Table
from tests.localdiscord.conftest import HarnessFactory
from tests.localdiscord.test_table import Script


def _table(make_harness: HarnessFactory, tmp_path: Path) -> tuple[Table, Script, object]:
    harness = make_harness()
    script = Script([])
    return Table(harness, tmp_path, script.write, script.read, settle=0.2), script, harness.ld


def _retire(ld: object, *, content: str | None = None) -> int:
    """Take the controls off every "Count" board but the newest, as the bot retires them."""
    world = ld.world  # type: ignore[attr-defined]

    def edit() -> int:
        boards = sorted((m for m in world.messages.values() if m.content.startswith("Count")),
                        key=lambda m: m.id)  # fmt: skip
        for msg in boards[:-1]:
            msg.components = []
            msg.content = content or msg.content
            msg.edited_at = world.clock()
        return len(boards) - 1

    return ld.call(edit)  # type: ignore[attr-defined, no-any-return]


def test_older_messages_that_only_lost_their_controls_are_one_line(
    make_harness: HarnessFactory, tmp_path: Path
) -> None:
    table, script, ld = _table(make_harness, tmp_path)
    for _ in range(3):
        table.handle("/count")
    assert _retire(ld) == 2
    before = len(script.output)
    table.show()
    said = script.output[before:]
    assert said == ["  (2 earlier messages here lost their buttons and menus: edited in place)"]
    table.show()  # told once
    assert len(script.output) == before + 1
    # the newest board is still pressable by the number it was printed with
    table.handle("1")
    assert any("Count: 1" in line for line in script.output[before:])


def test_an_edit_that_also_changes_the_text_is_printed_whole(
    make_harness: HarnessFactory, tmp_path: Path
) -> None:
    table, script, ld = _table(make_harness, tmp_path)
    table.handle("/count")
    table.handle("/count")
    _retire(ld, content="Count: the whole turn")
    before = len(script.output)
    table.show()
    said = script.output[before:]
    assert any("(edited) Count: the whole turn" in line for line in said)
    assert not any("lost" in line for line in said)


def test_a_new_board_is_numbered_before_an_older_reply_only_you_see(
    make_harness: HarnessFactory, tmp_path: Path
) -> None:
    table, script, _ = _table(make_harness, tmp_path)
    table.handle("/count")
    table.handle("/hand")  # a reply only you see, with a button, older than the next board
    assert "  [2] +1" in script.output
    before = len(script.output)
    table.handle("/count")  # a new board: the controls on screen are numbered afresh
    said = script.output[before:]
    heads = [i for i, line in enumerate(said) if line.startswith("[")]
    board = next(i for i in heads if "Count: 0" in said[i])
    reply = next(i for i in heads if "Your hand" in said[i])
    assert reply < board  # printed oldest first, as a client shows them
    assert said[board + 1] == "  [1] +1"  # the board's button keeps its usual number
    assert said[reply + 1] == "  [2] +1"
    table.handle("2")  # the reply's button, by its new number
    assert any("counted 101" in line for line in script.output[before:])
