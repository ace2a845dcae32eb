"""The own final view, posted for everyone, speaks of its seat, not to "you" (item 110).

Fifth playtest: the replay message posts each seat's own final view for everyone, titled "Su
vista al final", and inside it still read "Tus PV ganados durante la partida: 10".
"""

import re

import pytest

from render.troyes import BOARD
from tests.render.games import GAMES, play

SECOND_PERSON = {
    "es": re.compile(r"\b(?:tu|tus|tú|ti|te)\b", re.IGNORECASE),
    "en": re.compile(r"\b(?:you|your|yours)\b", re.IGNORECASE),
}
VP = {"es": "PV ganados durante la partida: {vp}", "en": "VP won during play: {vp}"}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_own_final_view_speaks_in_the_third_person(lang):
    game = GAMES["troyes"]
    states = list(play(game, 2, 5))
    last = states[-1]
    assert last.phase == "over"
    for seat in range(2):
        view = game.engine.view(last, seat)
        texts = [r.text for r in BOARD.compose_private(view, lang=lang).texts]
        assert VP[lang].format(vp=view.players[seat].vp) in texts
        assert not [t for t in texts if SECOND_PERSON[lang].search(t)]
