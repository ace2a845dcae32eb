import io

from PIL import Image

from tests.e2e.conftest import board, decider, open_game, play_until, start_game, version_of

PNG = b"\x89PNG\r\n\x1a\n"


def test_a_lobby_starts_a_game_in_a_thread_and_moves_advance_it(table):
    alice, bob = table.users["alice"], table.users["bob"]
    number, lobby = open_game(table, alice, players=3, ai=1)
    joined = bob.click(lobby, f"dn:l:{number}:join").wait_reply()
    assert "bob" in joined.content
    thread = start_game(table, alice, lobby, number)
    first = board(alice, thread)
    assert first.attachments
    assert first.attachments[0].data[:8] == PNG
    assert decider(first) in (alice.id, bob.id)
    assert play_until(table, thread, lambda n: n >= 6) == 6
    # Issue 14: one message, a gallery: the phone images (at most 800 px wide, so a phone
    # shows them at half size or more) first, then the whole board.
    now = board(alice, thread)
    version = version_of(now)
    names = [f.filename for f in now.attachments]
    assert names[-1] == f"board-{version}.png"
    assert f"board-{version}-player.png" in names
    for file in now.attachments:
        assert file.data[:8] == PNG
        width = Image.open(io.BytesIO(file.data)).width
        assert width == 1600 if file.filename == names[-1] else width <= 800
