from tests.e2e.conftest import board, decider, open_game, play_until, start_game


def test_a_lobby_starts_a_game_in_a_thread_and_moves_advance_it(table):
    alice, bob = table.users["alice"], table.users["bob"]
    number, lobby = open_game(table, alice, players=3, ai=1)
    joined = bob.click(lobby, f"dn:l:{number}:join").wait_reply()
    assert "bob" in joined.content
    thread = start_game(table, alice, lobby, number)
    first = board(alice, thread)
    assert first.attachments
    assert first.attachments[0].data[:8] == b"\x89PNG\r\n\x1a\n"
    assert decider(first) in (alice.id, bob.id)
    assert play_until(table, thread, lambda n: n >= 6) == 6
