"""Words of the fifth Spanish playtest (issue 14), fixed where a new player read them."""

import pytest

from tests.render.games import GAMES, play

TITLES = {
    "es": ("Su vista al final", "Solo para ti"),
    "en": ("Their view at the end", "Only for you"),
}


@pytest.mark.parametrize("name", ["troyes", "trajan"])
def test_the_own_final_view_posted_for_everyone_is_not_titled_only_for_you(name):
    # Fifth playtest: the replay message posts each seat's own final view for everyone
    # ("alice (2): su propia vista al final, ya sin nada oculto"), and each was titled
    # "Troyes · Solo para ti" (Troyes' panel too). A view during play keeps "Solo para ti".
    game = GAMES[name]
    states = list(play(game, 2, 5))
    for lang, (end, during) in TITLES.items():
        draw = game.render.BOARD.compose_private
        last = [r.text for r in draw(game.engine.view(states[-1], 0), lang=lang).texts]
        assert any(end in text for text in last)
        assert not any(during in text for text in last)
        first = [r.text for r in draw(game.engine.view(states[1], 0), lang=lang).texts]
        assert any(during in text for text in first)
