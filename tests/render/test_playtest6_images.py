"""Images of the sixth playtest's items (docs/playtest-2026-12.md, items 115-127)."""

from render.base.canvas import check_texts
from render.base.phone import BANNER_H, PHONE_WIDTH
from render.i18n import language, tr
from tests.render.games import GAMES
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
