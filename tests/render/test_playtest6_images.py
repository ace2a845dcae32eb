"""Images of the sixth playtest's items (docs/playtest-2026-12.md, items 115-127)."""

import pytest

from render.base.canvas import check_texts
from render.base.palette import seat_label
from render.base.phone import BANNER_H, PHONE_WIDTH
from render.i18n import language, tr
from tests.render.games import GAMES, play
from tests.render.test_phone import _focus, _game


def test_the_military_focus_image_shows_every_province_whole_and_no_empty_strip():
    # Item 117: cut into strips at a phone's width, the map lost "Britania · 10 PV" at a cut
    # and ended in a third, empty strip under the camp.
    game = GAMES["trajan"]
    phone = _focus("trajan", 4, 3, "military")
    assert phone.image.width <= PHONE_WIDTH
    assert check_texts(phone) == []
    state = next(
        s
        for s in _game("trajan", 4, 3)
        if s.pending is not None
        and game.render.scene_from_view(game.engine.view(s, None)).focus == "military"
    )
    with language("es"):
        provinces = game.render.scene_from_view(game.engine.view(state, None)).military[0]
        titles = [
            p.name if p.vp == 0 else f"{p.name} · {tr('common.vp', vp=p.vp)}" for p in provinces
        ]
    shown = [r for r in phone.texts if r.kind == "text" and r.text in set(titles)]
    assert sorted(r.text for r in shown) == sorted(titles)
    # Read in the board's order: the 10-VP row first, the camp last.
    order = [r.text for r in sorted(shown, key=lambda r: (r.ink.y // 20, r.ink.x))]
    assert order[-1] == titles[[p.vp for p in provinces].index(0)]
    assert all("10" in t for t in order[:3])
    # Nothing under the camp: the image ends with the map's last line of provinces.
    lowest = max(r.ink.bottom for r in phone.texts)
    assert phone.image.height - lowest < 200
    assert phone.image.height > BANNER_H


@pytest.mark.parametrize("name", ["troyes", "trajan"])
@pytest.mark.parametrize(
    ("lang", "title"),
    [("es", "Vista final de {who}"), ("en", "{who}'s view at the end")],
)
def test_each_own_final_view_posted_for_everyone_says_whose_it_is(name, lang, title):
    # Item 121: Troyes' own final views were each titled "Troyes · Su vista al final" over a
    # panel "Su vista al final": read one after the other, none said whose it was.
    game = GAMES[name]
    last = list(play(game, 3, 5))[-1]
    names = ("alice", "bob", "carol")
    for seat in range(3):
        view = game.engine.view(last, seat)
        canvas = game.render.BOARD.compose_private(view, names=names, lang=lang)
        texts = [r.text for r in canvas.texts]
        with language(lang):
            who = seat_label(seat, names)
        mine = title.format(who=who)
        assert any(t.endswith(mine) for t in texts), texts
        others = [seat_label(s, names) for s in range(3) if s != seat]
        assert not any(title.format(who=o) in t for o in others for t in texts)
        banner = [r for r in canvas.texts if r.ink.y < BANNER_H]
        assert any(r.text.endswith(mine) for r in banner), [r.text for r in banner]
        if name == "troyes":  # the panel's title too, not only the banner
            assert any(r.text == mine for r in canvas.texts if r.ink.y > BANNER_H)


@pytest.mark.parametrize(
    ("lang", "hidden", "bare"),
    [
        ("es", "PV ocultos para los demás", "PV ocultos ·"),
        ("en", "VP hidden from the others", "VP hidden ·"),
    ],
)
def test_a_players_own_column_says_her_vp_are_hidden_from_the_others_not_from_her(
    lang, hidden, bare
):
    # Item 124: alice's own column (her phone image "tablero de alice (3)") said "PV ocultos"
    # beside her deniers while her private view said "Tus PV hasta ahora: 0": a new player
    # may think she cannot know her own score.
    game = GAMES["troyes"]
    state = next(s for s in list(play(game, 3, 5))[40:] if s.pending is not None)
    view = game.engine.view(state, None)
    prompt = game.engine.prompt(state, lang)
    pictures = dict(game.render.compose_gallery(view, prompt=prompt, lang=lang))
    for kind in ("player", "board"):
        texts = [r.text for r in pictures[kind].texts]
        assert hidden in texts, (kind, texts)
        assert not any(t.startswith(bare) for t in texts), kind
    assert check_texts(pictures["player"]) == []
    assert check_texts(pictures["board"]) == []
