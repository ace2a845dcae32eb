"""/move takes a legal move's label as its suggestions show it, in the game's language (item 62).

The autocomplete lists "label [notation]" and sends the notation; a player who types the
label instead (any case, with or without accents) plays that move, and the start of several
labels is refused with a few of them, in the game's language.
"""

import sqlite3
import unicodedata

import pytest

from localdiscord.harness import BotHarness
from tests.e2e.conftest import board, decider, open_game, start_game, version_of, wait_new_board

CASES = [
    ("troyes", "es", "Troyes n.º {n}", "Hecho.", "es el comienzo de"),
    ("troyes", "en", "Troyes #{n}", "Done.", "legal moves; type more"),
    ("trajan", "es", "Trajano n.º {n}", "Hecho.", "es el comienzo de"),
    ("trajan", "en", "Trajan #{n}", "Done.", "legal moves; type more"),
]


def _bare(text: str) -> str:
    """Return the text in lower case without its accents, as one might type it."""
    return "".join(
        ch for ch in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(ch)
    )


def _last_move(table: BotHarness, number: int) -> tuple[str, str]:
    with sqlite3.connect(table.workdir / "games.db") as db:
        row = db.execute(
            "SELECT action, label FROM moves WHERE game_id = ? ORDER BY id DESC LIMIT 1",
            (number,),
        ).fetchone()
    return row[0], row[1]


@pytest.mark.parametrize(("game", "lang", "name", "done", "ambiguous"), CASES)
def test_move_plays_the_label_its_suggestions_show(table, game, lang, name, done, ambiguous):
    alice, bob = table.users["alice"], table.users["bob"]
    number, lobby = open_game(table, alice, game=game, players=2, language=lang)
    bob.click(lobby, f"dn:l:{number}:join").wait_acked()
    thread = start_game(table, alice, lobby, number, name=name.format(n=number))
    current = board(alice, thread)
    who = {alice.id: alice, bob.id: bob}[decider(current) or 0]

    suggested = who.autocomplete(thread, "move", {"move": ""}, "move")
    shown = {c["name"].rsplit(" [", 1)[0]: c["value"] for c in suggested if c["name"].endswith("]")}
    assert len(shown) >= 2, suggested
    label, notation = next(iter(reversed(shown.items())))
    assert _bare(label) != notation  # the label is not the notation it sends

    # The start of several labels: refused, naming a few of them, in the game's language.
    first = label.split()[0]
    fits = [shown_label for shown_label in shown if shown_label.split()[0] == first]
    assert len(fits) >= 2  # "Colocar", "Place", "Bandeja", "Bowl": the first choices share it
    refused = who.slash(thread, "move", {"move": first}).wait_reply()
    assert refused.ephemeral
    assert ambiguous in refused.content, refused.content
    assert f"• {fits[0]}" in refused.content
    assert version_of(board(alice, thread)) == version_of(current)  # nothing played

    # The whole label, typed in lower case and without accents, plays that move.
    played = who.slash(thread, "move", {"move": _bare(label)}).wait_reply()
    assert played.ephemeral
    assert played.content == done, played.content
    wait_new_board(alice, thread, version_of(current))
    assert _last_move(table, number)[0] == notation
