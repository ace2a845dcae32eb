"""The local table after `make run` again (playtest 2026-12 item 35): no old ephemeral replies.

Like a reloaded Discord client, the table's world comes back without the ephemeral replies
of before: kept, they were numbered first and took the README's button numbers.
"""

import time
from pathlib import Path

from localdiscord import persist
from localdiscord.model import EPHEMERAL, Message
from localdiscord.table import LOOK_EPHEMERAL
from localdiscord.world import World
from tests.localdiscord.conftest import HarnessFactory
from tests.localdiscord.test_table import play


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
