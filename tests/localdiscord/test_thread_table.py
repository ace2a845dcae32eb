"""The local table after `make run` again (playtest 2026-12 item 35): no old ephemeral replies.

Like a reloaded Discord client, the table's world comes back without the ephemeral replies
of before: kept, they were numbered first and took the README's button numbers. And as a
client does, the table shows a board edited while you read (item 34) and lets you dismiss a
reply only you see (item 36).
"""

import itertools
import json
import time
from pathlib import Path

from localdiscord import persist
from localdiscord.model import EPHEMERAL, Message
from localdiscord.table import LOOK_EPHEMERAL, LOOK_PUBLIC, WATCH_EVERY, Table
from localdiscord.world import World
from tests.localdiscord.conftest import HarnessFactory
from tests.localdiscord.test_table import Script, play


def test_a_restarted_world_keeps_its_messages_but_not_its_ephemeral_replies(tmp_path: Path):
    world = World(time.time)
    alice = world.add_user("alice")
    world.join_guild(alice)
    chan = world.add_text_channel("general")
    board = Message(world.snowflake(), chan.id, world.bot.id, "the lobby")
    reply = Message(world.snowflake(), chan.id, world.bot.id, "only you", flags=EPHEMERAL,
                    visible_to=alice.id)  # fmt: skip
    world.messages[board.id] = board
    world.messages[reply.id] = reply
    path = tmp_path / "world.json"
    persist.save(world, path)
    again = World(time.time)
    assert persist.load(again, path)
    assert board.id in again.messages
    assert again.messages[board.id].content == "the lobby"
    assert reply.id not in again.messages


def test_look_shows_the_board_however_many_ephemeral_replies_piled_up(
    make_harness: HarnessFactory, tmp_path: Path
) -> None:
    lines = ["/count", *(["/hand"] * 12), "look"]
    output = play(make_harness(), tmp_path, lines).output
    prompts = [i for i, x in enumerate(output) if x.endswith("> ")]  # one before each line read
    looked = "\n".join(output[prompts[len(lines) - 1] + 1 : prompts[len(lines)]])  # by `look`
    assert "Count: 0" in looked  # the board is still on screen (playtest item 36)
    assert looked.count("Your hand") == LOOK_EPHEMERAL  # only the newest replies


def test_dismiss_puts_away_a_reply_only_you_see_and_the_board_stays_pressable(
    make_harness: HarnessFactory, tmp_path: Path
) -> None:
    lines = ["/count", "/hand", "/hand", "dismiss 2", "dismiss", "dismiss", "1", "look"]
    output = play(make_harness(), tmp_path, lines).output
    prompts = [i for i, x in enumerate(output) if x.endswith("> ")]
    said = ["\n".join(output[a + 1 : b]) for a, b in itertools.pairwise(prompts)]
    assert said[2].count("Your hand") == 1  # the second /hand (its button is [2])
    assert "(dismissed 1 reply)" in said[3]
    assert said[3].count("Your hand") == 1  # one left, the board still there
    assert "Count: 0" in said[3]
    assert "(dismissed 1 reply)" in said[4]
    assert "Your hand" not in said[4]
    assert "! No reply only you see is on screen here." in said[5]
    assert "Count: 1" in said[6]  # [1] is the board's button again
    assert "Your hand" not in said[7]


def test_a_board_edited_while_you_read_is_printed_at_once(
    make_harness: HarnessFactory, tmp_path: Path
) -> None:
    harness = make_harness()

    class Idle(Script):
        """Types /count, then reads for a while as the board is edited (an AI's move)."""

        def read(self, prompt: str) -> str:
            self.output.append(prompt)
            reads = sum(x.endswith("> ") for x in self.output)
            if reads == 1:
                return "/count"
            if reads == 2:
                ld = harness.ld
                ld.call(lambda: _edit(ld))
                time.sleep(4 * WATCH_EVERY + 0.5)
                self.output.append("<- typed nothing ->")
            raise EOFError

    script = Idle([])

    Table(harness, tmp_path, script.write, script.read, settle=0.2).run()
    before = script.output.index("<- typed nothing ->")
    printed = "\n".join(script.output[:before])
    assert "Count: 41" in printed
    assert "(edited)" in printed


def _edit(ld: object) -> None:
    """Edit the newest "Count: 0" board as its bot would (on the emulator's loop)."""
    world = ld.world  # type: ignore[attr-defined]
    msg = max((m for m in world.messages.values() if "Count: 0" in m.content), key=lambda m: m.id)
    msg.content = msg.content.replace("Count: 0", "Count: 41")
    msg.edited_at = world.clock()


def test_look_and_dismiss_show_the_last_messages_and_never_the_whole_channel_after(
    make_harness: HarnessFactory, tmp_path: Path
) -> None:
    """Item 66: a channel with history never printed here (as after `make run` again).

    `look` showed its last messages, and half a second later the watcher printed every older
    one, the whole channel; `dismiss` and `dismiss N` show what `look` shows and no more.
    """
    harness = make_harness()
    bob = harness.users["bob"]
    for i in range(LOOK_PUBLIC + 4):
        bob.say(harness.channel, f"old {i}")

    class Reading(Script):
        """Reads each line after a pause (but the first), long enough for the watcher."""

        def read(self, prompt: str) -> str:
            if any(x.endswith("> ") for x in self.output):
                time.sleep(3 * WATCH_EVERY)
            return super().read(prompt)

    script = Reading(["look", "/hand", "/hand", "dismiss 2", "/hand", "dismiss"])
    Table(harness, tmp_path, script.write, script.read, settle=0.2).run()
    prompts = [i for i, x in enumerate(script.output) if x.endswith("> ")]
    said = ["\n".join(script.output[a + 1 : b]) for a, b in itertools.pairwise(prompts)]
    said.append("\n".join(script.output[prompts[-1] + 1 :]))
    looked, dismissed_one, dismissed_all = said[0], said[3], said[5]
    newest = [f"[bob] old {i}" for i in range(4, LOOK_PUBLIC + 4)]
    for shown in (looked, dismissed_one, dismissed_all):
        assert [x for x in shown.splitlines() if x.startswith("[bob]")] == newest
    assert "[bob] old 3" not in script.text  # the older ones are never printed
    assert dismissed_one.count("Your hand") == 1
    assert "Your hand" not in dismissed_all


def test_read_marks_are_kept_with_the_world_and_an_older_world_has_none(tmp_path: Path):
    """Item 80: the table's read marks live in world.json, as Discord keeps read states."""
    world = World(time.time)
    alice = world.add_user("alice")
    chan = world.add_text_channel("general")
    assert world.mark_read(alice.id, chan.id, 42)
    assert not world.mark_read(alice.id, chan.id, 41)  # a mark never goes back
    path = tmp_path / "world.json"
    persist.save(world, path)
    again = World(time.time)
    assert persist.load(again, path)
    assert again.read_marks == {alice.id: {chan.id: 42}}
    older = persist.snapshot(world)
    del older["read_marks"]
    path.write_text(json.dumps(older))
    assert persist.load(again, path)
    assert again.read_marks == {}
