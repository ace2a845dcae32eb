"""Words of the fifth Spanish playtest (issue 14), fixed where a new player read them."""

import pytest

from tests.render.games import GAMES, play

TITLES = {
    "es": ("Vista final de Jugador 1", "Solo para ti"),
    "en": ("Player 1's view at the end", "Only for you"),
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


TRAJAN_END = {
    "es": ("{score} PV · mano {hand}", "Mano de alice", "Tu mano", "Puntuación final: "),
    "en": ("{score} VP · hand {hand}", "alice (1)'s hand", "Your hand", "Final score: "),
}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_trajan_own_final_view_shows_the_final_score_and_whose_hand_it_is(lang):
    # Items 110 and 113: the own final view, posted for everyone, said "-8 PV · mano 0" over
    # alice's mat (the track before the end's points) while her final score was 3, and
    # "Tu mano: 7 cartas" to everyone who read it.
    game = GAMES["trajan"]
    states = list(play(game, 3, 5))
    last = states[-1]
    result = game.engine.result(last)
    me = last.players[0]
    assert result.scores[0] != me.vp  # the end's points count here
    names = ("alice", "bob", "carol")
    draw = game.render.BOARD.compose_private
    texts = [r.text for r in draw(game.engine.view(last, 0), names=names, lang=lang).texts]
    vp, owner, yours, final = TRAJAN_END[lang]
    assert vp.format(score=result.scores[0], hand=len(me.hand)) in texts
    assert any(text.startswith(owner) for text in texts), texts
    assert not any(yours in text for text in texts)
    unit = "PV" if lang == "es" else "VP"
    assert any(f"= {result.scores[0]} {unit}" in text and final in text for text in texts)
    assert not any(word in " ".join(texts) for word in ("tienes", "tuya", "if you"))
    during = [r.text for r in draw(game.engine.view(states[60], 0), names=names, lang=lang).texts]
    assert any(text.startswith(yours) for text in during)
    assert not any(final in text for text in during)
