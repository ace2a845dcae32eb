"""Images of the fifth playtest's items 104 and 111 (issue 14), in Spanish and English."""

import functools
from typing import Any

import pytest
from PIL import Image

from render.base.canvas import Box, Canvas
from render.base.palette import BACKGROUND, PANEL
from render.i18n import language
from render.troyes.board import Building, draw_buildings, draw_square
from tests.render.games import GAMES, play
from tests.render.samples import SEED

GAME = GAMES["troyes"]


@functools.cache
def _states() -> tuple[Any, ...]:
    return tuple(play(GAME, 4, SEED))


def _focus(state: Any, before: Any, lang: str) -> Any:
    pictures = GAME.render.compose_gallery(
        GAME.engine.view(state, None),
        GAME.engine.view(before, None),
        prompt=GAME.engine.prompt(state, lang),
        lang=lang,
    )
    return dict(pictures)["focus"]


def test_the_squares_note_is_whole_on_a_phone_with_the_longest_card_name():
    # Item 104: the Plaza's phone image read "enmarcados: elegidos para Carta amar": the
    # note and the title were wider than the image, and the phone cut the line mid-word.
    states = _states()
    cat = GAME.engine.catalog
    i = next(
        i for i, s in enumerate(states)
        if s.kind == "dice" and s.plan.dice and s.plan.action == "card"
    )  # fmt: skip
    state, lang = states[i].clone(), "es"  # English names are shorter: they fitted
    named = {c: (card.name_es if lang == "es" else card.name) for c, card in cat.cards.items()}
    state.plan.target = max(named, key=lambda c: len(named[c]))
    texts = [r.text for r in _focus(state, states[i - 1], lang).texts]
    assert "enmarcados: elegidos para " + named[state.plan.target] in texts


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_purpose_too_long_for_the_squares_note_is_left_out_not_cut(lang):
    purpose = " · ".join(["Ladies yellow card (III) no. 2"] * 3)
    canvas = Canvas(1600, 400, BACKGROUND)
    with language(lang):
        draw_square(canvas, Box(16, 0, 1568, 384), [(0, (("red", 3),))], None,
                    (purpose, ((0, "red", 3),)))  # fmt: skip
    bare = {"es": "enmarcados: los dados elegidos", "en": "framed: the dice chosen"}[lang]
    note = next(r for r in canvas.texts if r.text.startswith(bare.split(":")[0]))
    assert (note.text, note.overflow) == (bare, False)


def _luminance(colour: Any) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@pytest.mark.parametrize("colour", ["white", "yellow"])
def test_an_empty_space_stands_out_from_the_panel_at_a_phones_width(colour):
    # Item 111: the Bishopric's empty spaces at 400 px were white rings on cream, barely
    # seen. Shown at half size (an 800 px image at 400 CSS px), the ring's darkest pixel
    # has at least 3:1 contrast with the panel (WCAG's figure for parts of a graphic).
    canvas = Canvas(1600, 240, BACKGROUND)
    box = Box(0, 0, 1568, 200)
    building = Building("X", colour, 1, (None,) * 6, ())
    draw_buildings(canvas, box, [building] * 3)
    column = box.cols(3, gap=16)[0]
    spaces = Box(column.x + 14, column.y + 48, column.w - 28, 56)
    cx, cy = spaces.x + spaces.w // 12, spaces.y + 28
    crop = canvas.image.crop((cx - 30, cy - 30, cx + 30, cy + 30)).convert("RGB")
    shown = crop.resize((30, 30), Image.Resampling.LANCZOS)
    darkest = min(_luminance(shown.getpixel((x, y))) for x in range(30) for y in range(30))
    assert (_luminance(PANEL) + 0.05) / (darkest + 0.05) >= 3
