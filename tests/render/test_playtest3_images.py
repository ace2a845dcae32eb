"""The images of the third playtest's items 68, 73 and 76-79 (issue 14), in Spanish."""

import functools
from typing import Any

from engine.trajan.catalog import default_catalog
from render.base.canvas import Box, Canvas, check_texts, fit_text
from render.base.fonts import Style
from render.base.palette import BACKGROUND
from render.base.phone import BANNER_H, PHONE_WIDTH
from render.base.score import LABEL_W, MARGIN, compose_score
from render.i18n import language, localized
from render.trajan import view as tv
from render.trajan.board import Ship, draw_forum, draw_seaport
from render.trajan.mat import draw_player
from tests.render.games import GAMES, play
from tests.render.samples import spanish_focus
from tests.render.test_phone import LADIES


@functools.cache
def _states(name: str, seats: int, seed: int, walls: bool = False) -> tuple[Any, ...]:
    return tuple(play(GAMES[name], seats, seed, LADIES if walls else None))


def _focus(name: str, states: tuple[Any, ...], kind: str) -> Canvas:
    """Return the Spanish focus image of the first decision of `kind`."""
    game = GAMES[name]
    index = next(i for i, s in enumerate(states) if i and s.pending and s.pending.kind == kind)
    focus: Canvas = spanish_focus(game, states[index], states[index - 1])
    return focus


def _texts(canvas: Canvas) -> list[str]:
    return [r.text for r in canvas.texts if r.kind == "text"]


def test_the_walls_focus_shows_the_whole_track_each_guard_and_every_gate_named():
    # Playtest item 68: the track was cut in two rows, the second without its seats, and
    # "Puerta III: Tahúr" cut at the image's right edge.
    states = _states("troyes", 3, 5, walls=True)
    canvas = _focus("troyes", states, "wall")
    assert canvas.image.width <= PHONE_WIDTH
    assert check_texts(canvas) == []
    numbers = [r for r in canvas.texts if r.kind == "text" and r.text.isdigit()]
    spaces = sorted({int(r.text) for r in numbers})
    assert spaces == list(range(21))  # every space, numbered
    assert len({r.ink.y for r in numbers if int(r.text) <= 20}) == 1  # in one row: not cut
    gates = [t for t in _texts(canvas) if t.startswith("Puerta ")]
    assert [g.split(":")[0] for g in gates] == [f"Puerta {n}" for n in ("I", "II", "III", "IV")]
    assert not any(r.overflow for r in canvas.texts)
    # Each guard's lane starts with its seat's token, its only lettered piece: the guard on
    # it is a pawn (playtest item 95: a guard on space 0 beside the token read "2" twice).
    letters = [r.text for r in canvas.texts if r.kind == "letter" and r.ink.y > BANNER_H]
    for seat in range(3):
        assert letters.count(str(seat + 1)) == 1


def test_every_category_of_the_score_chart_is_drawn_at_one_size():
    # Playtest item 73: "Legionarios en el campamento" and six more drawn smaller in two lines.
    game = GAMES["trajan"]
    result = game.engine.result(_states("trajan", 3, 5)[-1])
    chart = compose_score(result, "Trajano", lang="es")
    labels = [
        r
        for r in chart.texts
        if r.kind == "text" and r.box.right <= MARGIN + 12 + LABEL_W and r.text != "Total"
    ]
    assert len(labels) >= 8
    assert {r.size for r in labels} == {22}, [(r.text, r.size) for r in labels if r.size != 22]
    assert check_texts(chart) == []


def _ix() -> tv.Index:
    return tv.index_of(localized(default_catalog()))


def test_the_forum_names_its_two_kinds_of_tile_and_the_senate_tiles_votes():
    # Playtest item 76: a yellow and a green "Extra: Puerto" with nothing saying what the
    # colours mean, and "Senado 5" beside the choices' "ficha de senado: 5 votos". The
    # choices now say "(ficha verde)" and "(ficha amarilla)", "Senado 5 (5 votos)".
    with language("es"):
        ix = _ix()
        forum_back = tv.forum_label(ix.forum["action_seaport"], ix)
        yellow = tv.forum_label(ix.forum["extra_seaport"], ix)
        senate = next(t for t in ix.cat.forum_tiles if t.kind == "senate" and t.votes == 5)
        assert (forum_back, yellow) == ("Extra: Puerto", "Extra: Puerto")
        assert tv.forum_label(senate, ix) == "Senado 5 (5 votos)"
        canvas = Canvas(800, 360, BACKGROUND)
        draw_forum(canvas, Box(0, 0, 776, 350), (yellow,), (forum_back, "Senado 5 (5 votos)"))
        said = _texts(canvas)
    # Each kind of space is named by its colour, in words, over its column or grid.
    assert {"Fichas amarillas", "Fichas verdes del foro", "Senado 5 (5 votos)"} <= set(said)
    assert check_texts(canvas) == []


def test_the_seaport_says_what_its_figures_count():
    # Playtest item 77: "Misma mercancía (anverso)", "PV 1:2 2:6 3:12 4:20" and "Fruta (1)".
    ships = (
        Ship("Misma mercancía", True, (2, 6, 12, 20)),
        Ship("Parejas", False, (1, 6, 11), "pairs"),
    )
    with language("es"):
        canvas = Canvas(800, 360, BACKGROUND)
        discards = ("Fruta encima · 1 carta en la pila", "Vino encima · 3 cartas en la pila")
        draw_seaport(canvas, Box(0, 0, 776, 350), ships, discards, 40)
        said = _texts(canvas)
        engine = GAMES["trajan"].engine
        views = (engine.view(s, None) for s in _states("trajan", 3, 5))
        view = next(v for v in views if any(size > 1 for size in v.discard_sizes))
        _ships, piles, _deck = tv.seaport_of(view, _ix())
    assert "1 carta: 2 PV · 2: 6 · 3: 12 · 4: 20" in said
    assert "1 pareja: 1 PV · 2: 6 · 3: 11" in said
    assert "cara de color: pasa a gris al enviar" in said
    assert "cara gris: vuelve a color el próximo trimestre" in said
    assert not any("anverso" in text for text in said)
    assert check_texts(canvas) == []
    for pile, size in zip(piles, view.discard_sizes, strict=True):
        if size:
            words = "carta" if size == 1 else "cartas"
            assert pile.endswith(f"encima · {size} {words} en la pila"), pile


def test_the_senates_bonus_tile_for_bonus_tiles_says_what_it_scores():
    # Playtest item 78: "Bonificación: fichas de bonificación" read as a tautology.
    with language("es"):
        ix = _ix()
        tile = next(t for t in ix.cat.bonus_tiles if t.scoring == "bonus_tiles")
        other = next(t for t in ix.cat.bonus_tiles if t.scoring == "legionnaires")
        assert tv.offered_bonus(tile) == "3 PV por bonificación amarilla"
        assert tv.offered_bonus(other) == "legionarios"


def test_each_fact_of_the_trajan_mat_takes_one_line():
    # Playtest item 79: "Campamento de trabajadores: 1" and "Marcador +2: en ninguna acción"
    # wrapped over two or three lines in a narrow column beside the ring's empty centre.
    game = GAMES["trajan"]
    state = _states("trajan", 4, 3)[120]
    with language("es"):
        scene = game.render.scene_from_view(game.engine.view(state, None))
        for info in scene.players:
            canvas = Canvas(800, 680, BACKGROUND)
            draw_player(canvas, Box(0, 0, 776, 650), info)
            facts = next(r for r in canvas.texts if r.text == "\n".join(info.facts))
            fitted = fit_text(facts.text, (facts.box.w, facts.box.h), 20, Style.REGULAR, True, 18)
            long = [f for f in info.facts if not f.startswith("Pantalla")]  # a list of cards
            wrapped = len(fitted.lines) - len(info.facts)
            assert wrapped <= len(info.facts) - len(long), fitted.lines
            assert fitted.size == 20
            assert check_texts(canvas) == []
