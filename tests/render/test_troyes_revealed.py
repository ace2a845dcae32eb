"""The Ladies of Troyes on the public board: the revealed character, the outer activity tiles."""

import dataclasses

from engine.troyes.catalog import default_catalog
from engine.troyes.view import TroyesView
from render import troyes
from render.base.canvas import check_texts
from tests.render.games import GAMES, play


def _public_view(options: dict[str, str]) -> TroyesView:
    game = GAMES["troyes"]
    state = next(iter(play(game, 3, 7, options)))
    view: TroyesView = game.engine.view(state, None)
    return view


def test_revealed_character_is_named_on_the_board():
    view = _public_view({"reveal_character": "on"})
    assert view.revealed, "the variant reveals a character at the start"
    name = default_catalog().characters[view.revealed[0]].name
    canvas = troyes.compose_board(view)
    assert f"Revealed character: {name}" in {r.text for r in canvas.texts}
    assert check_texts(canvas) == []


def test_no_revealed_panel_without_the_variant():
    view = _public_view({})
    canvas = troyes.compose_board(dataclasses.replace(view, revealed=()))
    assert not any(r.text.startswith("Revealed character") for r in canvas.texts)


def test_two_revealed_characters_fit():
    cat = default_catalog()
    view = _public_view({})
    two = tuple(list(cat.characters)[:2])
    canvas = troyes.compose_board(dataclasses.replace(view, revealed=two))
    texts = [r.text for r in canvas.texts if r.text.startswith("Revealed characters: ")]
    assert texts == [f"Revealed characters: {', '.join(cat.characters[c].name for c in two)}"]
    assert check_texts(canvas) == []


def test_outer_activity_tiles_are_named_from_the_catalog():
    cat = default_catalog()
    view = _public_view({"walls": "on"})
    assert view.outer, "the walls module deals outer activity tiles"
    canvas = troyes.compose_board(view)
    texts = {r.text for r in canvas.texts}
    for level, (face, _) in enumerate(view.outer, start=1):
        roman = ("I", "II", "III", "IV")[level - 1]
        assert f"Gate {roman}: {cat.outer[face].name}" in texts
    assert check_texts(canvas) == []
