"""Phone images, what really changed, and the final board's scores (issue 14)."""

import functools
from typing import Any

import pytest

from render.base.board import pieces
from render.base.canvas import Box, check_texts
from render.base.legibility import smallest
from render.base.phone import PHONE_WIDTH, squeezed, strips
from render.base.score import compose_score
from render.i18n import language, tr
from tests.render.games import GAMES, Game, play
from tests.render.trajan_fixtures import scene as trajan_scene


@functools.cache
def _game(name: str, seats: int, seed: int) -> tuple[Any, ...]:
    return tuple(play(GAMES[name], seats, seed))


def _final_gallery(name: str) -> tuple[Any, dict[str, Any]]:
    """Return a seeded 4-player game's result and its final images in Spanish, by kind."""
    game = GAMES[name]
    final = _game(name, 4, 3)[-1]
    result = game.engine.result(final)
    view = game.engine.view(final, None)
    return result, dict(game.render.compose_gallery(view, result=result, lang="es"))


def _texts_in(canvas: Any, box: Box) -> list[str]:
    return [r.text for r in canvas.texts if box.contains(r.ink) and r.kind == "text"]


@pytest.mark.parametrize("name", ["trajan", "troyes"])
def test_the_final_board_shows_the_engines_final_scores_and_breakdown(name):
    game = GAMES[name]
    final = _game(name, 3, 11)[-1]
    result = game.engine.result(final)
    pictures = dict(game.render.compose_gallery(game.engine.view(final, None), result=result))
    board = pictures["board"]
    assert check_texts(board) == []
    area = next(
        a
        for a in game.render.BOARD._composed(  # the plan the board was drawn from
            game.engine.view(final, None), None, None, None, ("", ""), result
        )[1].areas
        if a.name == "final"
    )
    texts = _texts_in(board, area.box)
    for seat, score in enumerate(result.scores):  # each player's total, by rank
        assert f"{score} VP" in texts
        for key, points in result.breakdown[seat].items():
            assert (f"{points:+d}" if points < 0 else str(points)) in texts, key
    # The total row of the breakdown: one figure per seat, in place order as the ranks above
    # it (playtest item 73: in seat order, columns 1, 2, 3 stood under places 3, 1, 2).
    inside = [r for r in board.texts if area.box.contains(r.ink) and r.kind == "text"]
    label = next(r for r in inside if r.text == "Total")
    row = [r for r in inside if abs(r.box.y - label.box.y) <= 4 and r.ink.x > label.ink.right]
    figures = [int(r.text) for r in sorted(row, key=lambda r: r.ink.x)]
    places = sorted(range(len(result.scores)), key=lambda s: (result.ranks[s], s))
    assert figures == [result.scores[s] for s in places]
    heads = [r for r in board.texts if area.box.contains(r.ink) and r.kind == "letter"]
    heads = [r for r in heads if r.ink.x > label.ink.right]  # the table's row of seat tokens
    assert [r.text for r in sorted(heads, key=lambda r: r.ink.x)] == [str(s + 1) for s in places]
    # The header says the scores are shown, not that they are in another image.
    said = {r.text for r in board.texts}
    assert tr("common.game_over_below") in said
    assert tr("common.game_over_line") not in said
    # The board's own tracks show the scores after final scoring, not before.
    shown = {r.text for r in board.texts}
    assert {str(score) for score in result.scores} <= shown
    phone = pictures["final"]
    assert phone.image.width <= PHONE_WIDTH
    assert check_texts(phone) == []
    assert {f"{score} VP" for score in result.scores} <= {r.text for r in phone.texts}


def test_the_trajan_vp_track_after_final_scoring():
    game = GAMES["trajan"]
    final = _game("trajan", 3, 11)[-1]
    result = game.engine.result(final)
    view = game.engine.view(final, None)
    before = [p.vp for p in view.players]
    assert before != list(result.scores)  # the track before final scoring differs
    board = game.render.compose_board(view, result=result)
    track = game.render.BOARD.layout().box("vp")
    lanes = sorted(
        (r for r in board.texts if track.contains(r.ink) and r.kind == "text"),
        key=lambda r: r.ink.y,
    )
    numbers = [r.text for r in lanes if r.text.lstrip("-").isdigit()]
    assert numbers == [str(s) for s in result.scores]  # one lane per seat, top to bottom


def _phones(game: Game, seats: int, seed: int, every: int) -> list[tuple[str, Any]]:
    states = _game(game.name, seats, seed)
    out = []
    previous = None
    for state in states[1:-1:every]:
        view = game.engine.view(state, None)
        pictures = game.render.compose_gallery(view, previous, prompt=game.engine.prompt(state))
        out += [(kind, canvas) for kind, canvas in pictures if kind != "board"]
        previous = view
    return out


@pytest.mark.parametrize(("name", "seats"), [("trajan", 4), ("troyes", 4), ("troyes", 2)])
def test_phone_images_read_at_nine_css_px_or_more_and_have_no_text_problems(name, seats):
    game = GAMES[name]
    phones = _phones(game, seats, 3, 45 if name == "trajan" else 29)
    kinds = {kind for kind, _ in phones}
    assert {"focus", "player"} <= kinds
    for kind, canvas in phones:
        assert canvas.image.width <= PHONE_WIDTH, kind
        assert check_texts(canvas) == [], kind
        least = smallest(canvas)
        assert least.text is not None, kind
        assert least.text >= 9, (kind, least)
        if least.letter is not None:
            assert least.letter >= 9, (kind, least)


def test_the_focus_image_is_the_area_of_the_decision():
    game = GAMES["trajan"]
    for state in _game("trajan", 4, 3):
        if state.pending is not None and state.pending.kind == "forum":
            break
    view = game.engine.view(state, None)
    pictures = dict(game.render.compose_gallery(view, prompt=game.engine.prompt(state)))
    texts = {r.text for r in pictures["focus"].texts}
    assert any(t.endswith("· Forum") for t in texts)
    board_forum = game.render.BOARD.layout().box("forum")
    assert set(_texts_in(pictures["board"], board_forum)) <= texts


def test_a_wide_area_is_cut_between_pieces_and_its_empty_stretch_narrowed():
    box = Box(0, 0, 1568, 100)
    cards = [Box(10 + 300 * i, 10, 280, 80) for i in range(5)]  # 5 cards with 20 px gaps
    cut = strips(box, cards, widest=784)
    assert len(cut) == 3
    assert sum(s.w for s in cut) == box.w
    for strip in cut:
        assert strip.w <= 784
        assert not any(c.x < strip.x < c.right for c in cards)
    # A row with its pieces at the left and a note at the far right: narrowed to fit.
    row = [Box(10, 10, 300, 30), Box(1400, 10, 150, 30)]
    kept = squeezed(box, row, widest=784)
    assert sum(b - a for a, b in kept) == 784
    assert all(a <= r.x and r.right <= b for r in row for a, b in [_span_of(kept, r)])


def _span_of(spans: list[tuple[int, int]], box: Box) -> tuple[int, int]:
    return next((a, b) for a, b in spans if a <= box.x < b)


def test_a_move_marks_the_pieces_that_changed_not_the_panels():
    board = GAMES["trajan"].render.BOARD
    before, after = trajan_scene(4), trajan_scene(4, vp_shift=1)
    marks = board.marked(before, after)
    assert marks
    layout = board.layout()
    panels = [layout.box("vp"), *(layout.box("players").rows(2)[0].cols(2))]
    for box in marks:
        assert not any(box == panel for panel in panels)
        assert box.w * box.h < layout.box("vp").w * layout.box("vp").h // 4
    assert board.marked(before, before) == []
    assert pieces(None, board._plans(None, after)[1], (1600, 3748)) == []


def _focus(name: str, seats: int, seed: int, wanted: str, lang: str = "es") -> Any:
    """Return the focus phone image of the first decision of a seeded game about `wanted`."""
    game = GAMES[name]
    for state in _game(name, seats, seed):
        if state.pending is None:
            continue
        view = game.engine.view(state, None)
        if game.render.scene_from_view(view).focus != wanted:
            continue
        prompt = game.engine.prompt(state, lang)
        pictures = dict(game.render.compose_gallery(view, prompt=prompt, lang=lang))
        return pictures["focus"]
    raise AssertionError(f"no decision about {wanted}")


def test_the_city_square_keeps_each_districts_dice_beside_its_name():
    # Playtest item 1: a cut through the square put a row's dice under no player's name.
    phone = _focus("troyes", 4, 3, "square")
    assert phone.image.width <= PHONE_WIDTH
    assert check_texts(phone) == []
    names = [r for r in phone.texts if r.kind == "text" and r.size == 22]
    dice = [r for r in phone.texts if r.kind == "die"]
    assert dice
    for die in dice:
        row = [n for n in names if n.ink.y < die.ink.bottom and die.ink.y < n.ink.bottom]
        assert any(n.ink.right < die.ink.x for n in row), die
    with language("es"):
        title, hint = tr("troyes.square"), tr("troyes.square_hint")
    (head,) = [r for r in phone.texts if r.text == title and r.ink.y > 118]
    (note,) = [r for r in phone.texts if r.text == hint]
    assert abs(note.ink.y - head.ink.y) < 24  # the panel's title line stays whole


def test_each_building_is_shown_whole_under_its_own_title():
    # Playtest item 1: the Bishopric's title ended one strip, its spaces began the next.
    phone = _focus("troyes", 4, 3, "buildings")
    assert check_texts(phone) == []
    texts = [r for r in phone.texts if r.kind == "text"]
    titles = [r for r in texts if r.ink.y > 118 and r.size >= 22 and r.ink.x < 40]
    assert len(titles) == 3, titles
    notes = [r for r in texts if r.size == 20]
    for title in titles:  # each title and its note ("dice: red · salary 2") share a line
        assert any(abs(n.ink.y - title.ink.y) < 20 and n.ink.x > title.ink.right for n in notes)
    assert len({t.ink.x for t in titles}) == 1  # one under the other, never side by side


def test_construction_sites_keep_their_reading_order():
    # Playtest item 1: 3 columns of sites, then the other 2 columns under them.
    game = GAMES["trajan"]
    phone = _focus("trajan", 4, 3, "construction", "en")
    assert phone.image.width <= PHONE_WIDTH
    assert check_texts(phone) == []
    state = next(
        s
        for s in _game("trajan", 4, 3)
        if s.pending is not None
        and game.render.scene_from_view(game.engine.view(s, None)).focus == "construction"
    )
    sites = game.render.scene_from_view(game.engine.view(state, None)).construction[0]
    names = [site.tile for row in sites for site in row if site.tile]
    shown = sorted(
        (r for r in phone.texts if r.kind == "text" and r.text in set(names)),
        key=lambda r: (r.ink.y // 20, r.ink.x),
    )
    assert [r.text for r in shown] == names


@pytest.mark.parametrize("name", ["trajan", "troyes"])
def test_the_final_scores_image_shows_every_rank_before_one_whole_table(name):
    # Playtest item 2: the third player's heading landed in the middle of the breakdown.
    _, pictures = _final_gallery(name)
    phone = pictures["final"]
    assert phone.image.width <= PHONE_WIDTH
    assert check_texts(phone) == []
    texts = [r for r in phone.texts if r.kind == "text"]
    ranks = [r for r in texts if " · " in r.text and r.size == 24]
    rows = [r for r in texts if r.size == 22 and not r.text.lstrip("-+").isdigit()]
    assert len(ranks) == 4
    assert max(r.ink.bottom for r in ranks) < min(r.ink.y for r in rows)
    assert all(r.size == 22 and not r.overflow for r in rows)  # no row label shrunk to fit


def test_trajan_marker_letters_are_the_images_language():
    # Playtest item 3: a Spanish image's markers read B, Y, G, O, P, W.
    game = GAMES["trajan"]
    state = _game("trajan", 4, 3)[60]
    view = game.engine.view(state, None)
    letters = {}
    for lang in ("en", "es"):
        canvas = game.render.compose_board(view, prompt=game.engine.prompt(state, lang), lang=lang)
        letters[lang] = {r.text for r in canvas.texts if r.kind == "letter"} - set("1234")
    assert letters["en"]
    assert letters["en"] <= set("BYGOPW")
    assert letters["es"]
    assert letters["es"] <= {"Az", "Am", "V", "N", "R", "B"}
    assert "Y" not in letters["es"]


def test_troyes_building_spaces_are_numbered_as_the_choices_number_them():
    # Playtest item 6: "Palace, space 3" while the spaces carried no number.
    phone = _focus("troyes", 4, 3, "buildings")
    numbers = [r.text for r in phone.texts if r.kind == "text" and r.text in set("123456")]
    assert sorted(numbers) == sorted("123456" * 3)


def test_choosing_an_action_shows_the_cards_events_and_cathedral_without_face_down_cards():
    # Playtest item 21: "Elige una acción o pasa." showed the city square, and the
    # activities image was mostly face-down cards (543 x 2108 px).
    phone = _focus("troyes", 4, 3, "actions")
    assert phone.image.width <= PHONE_WIDTH
    assert check_texts(phone) == []
    with language("es"):
        titles = {tr("troyes.activities"), tr("troyes.events"), tr("troyes.cathedral")}
        square = tr("troyes.square")
        face_down = tr("troyes.face_down", colour="", level="").split(":")[1].split()[0]
    said = [r.text for r in phone.texts if r.kind == "text"]
    assert titles <= set(said)
    assert square not in said
    assert not any(face_down in text for text in said)  # "boca abajo ..."
    assert phone.image.height < 2108


def test_a_troyes_focus_image_is_of_what_the_step_is_about():
    # Playtest item 49: the walls, an event's cube and the Cathedral's count showed the square.
    game = GAMES["troyes"]
    options = {"walls": "on"}
    wanted = {"wall": "wall", "event_cube": "events"}
    found: dict[str, str] = {}
    for seed in range(6):
        for state in play(game, 3, seed, options):
            if state.pending is None:
                continue
            view = game.engine.view(state, None)
            focus = game.render.scene_from_view(view).focus
            kind = view.kind
            if kind == "count" and view.plan[0] in ("cathedral", "event", "card"):
                kind = f"count {view.plan[0]}"
                wanted[kind] = {"cathedral": "cathedral", "event": "events"}.get(
                    view.plan[0], "activities"
                )
            if kind in wanted:
                assert focus == wanted[kind], (kind, focus)
                found[kind] = focus
    assert {"wall", "count cathedral", "count card"} <= set(found), found


LADIES = {
    "new_characters": "on",
    "reveal_character": "on",
    "new_activities": "mixed",
    "new_events": "mixed",
    "purple_die": "on",
    "walls": "on",
    "extra_components": "on",
}


def _outline_problems(canvas: Any) -> list[str]:
    """Return every outline that cuts a text or piece, touches another, or holds nothing."""
    problems = []
    inks = [r.ink for r in canvas.texts]
    for box, outer, _under in canvas.marks:
        for record in canvas.texts:
            if outer.intersects(record.ink) and not box.contains(record.ink):
                problems.append(f"{box} cuts {record.text!r} at {record.ink}")
        patch = canvas.image.crop((box.x + 1, box.y + 1, box.right - 1, box.bottom - 1))
        flat = all(low == high for low, high in patch.getextrema())
        if flat and not any(box.intersects(ink) for ink in inks):
            problems.append(f"{box} is empty")
    outers = [outer for _box, outer, _under in canvas.marks]
    for index, first in enumerate(outers):
        problems += [f"{first} touches {o}" for o in outers[index + 1 :] if first.intersects(o)]
    return problems


@pytest.mark.parametrize("seed", [5, 8])
def test_change_outlines_go_round_whole_texts_and_pieces(seed):
    # Playtest item 61: at 400 px "0 ciudadanos en reserva" was outlined from "s en reserva",
    # the "Merodeador" title crossed by a box, "mazos: 4 rojo" cut at the "r", empty boxes
    # beside "Negros: ninguno por contrarrestar".
    game = GAMES["troyes"]
    states = list(play(game, 4, seed, LADIES))
    outlines = 0
    for index in range(9, len(states) - 1, 37):
        state = states[index]
        pictures = game.render.compose_gallery(
            game.engine.view(state, None),
            game.engine.view(states[index - 8], None),
            prompt=game.engine.prompt(state, "es"),
            lang="es",
        )
        for kind, canvas in pictures:
            outlines += len(canvas.marks)
            assert _outline_problems(canvas) == [], (index, kind)
    assert outlines > 100


@pytest.mark.parametrize("name", ["trajan", "troyes"])
def test_the_final_breakdown_is_one_table_without_all_zero_categories(name):
    # Playtest item 65: two tables (Catedral ... Al final de la partida, then Eventos ...),
    # and "Al final de la partida" with 0 for everyone among the categories.
    result, pictures = _final_gallery(name)
    with language("es"):
        labels = {key: tr(f"category.{key}") for m in result.breakdown for key in m}
        total = tr("score.total")
    scored = {key for m in result.breakdown for key, v in m.items() if v}
    zero = set(labels) - scored
    with language("es"):
        heading = tr("phone.final_title")
    for kind in ("board", "final"):
        texts = [r for r in pictures[kind].texts if r.kind == "text"]
        top = max(r.ink.y for r in texts if r.text == heading)  # the final scores' area
        texts = [r for r in texts if r.ink.y > top]
        rows = [r for r in texts if r.text in {labels[k] for k in scored} | {total}]
        assert len({r.ink.x for r in rows}) == 1, kind  # one column of labels: one table
        order = [r.text for r in sorted(rows, key=lambda r: r.ink.y)]
        assert order[-1] == total
        assert len(order) == len(scored) + 1
        assert not {labels[k] for k in zero} & {r.text for r in texts}, kind
    chart = compose_score(result, name, lang="es")
    assert not {labels[k] for k in zero} & {r.text for r in chart.texts}


def test_a_district_too_wide_for_a_phone_goes_on_in_lines_led_by_its_name():
    # Playtest item 61: in the Plaza image a district's purple die wrapped to a row of its
    # own with no name, and a chosen die's frame covered the "blanco" before it.
    game = GAMES["troyes"]
    states = list(play(game, 4, 5, LADIES))
    with language("es"):
        colours = {tr(f"colour.{c}") for c in ("red", "white", "yellow", "purple")}
    wrapped = 0
    for state in states[1:120]:
        view = game.engine.view(state, None)
        if state.pending is None or game.render.scene_from_view(view).focus != "square":
            continue
        prompt = game.engine.prompt(state, "es")
        phone = dict(game.render.compose_gallery(view, prompt=prompt, lang="es"))["focus"]
        assert check_texts(phone) == []
        texts = [r for r in phone.texts if r.kind == "text"]
        names = [r for r in texts if r.size == 22]
        dice = [r for r in phone.texts if r.kind == "die"]
        for die in dice:
            row = [n for n in names if n.ink.y < die.ink.bottom and die.ink.y < n.ink.bottom]
            assert any(n.ink.right < die.ink.x for n in row), die
        for word in (r for r in texts if r.text in colours):
            after = [d for d in dice if abs(d.ink.y - word.ink.y) < 30 and d.ink.x > word.ink.x]
            assert min(d.ink.x for d in after) - word.ink.right >= 8, word
        wrapped += len(names) > len({n.text for n in names})
    assert wrapped  # some district went on in a second line, led by its name again
