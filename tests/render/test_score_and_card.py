import io

import pytest
from PIL import Image

from engine.core.protocol import Result
from render.base.canvas import check_texts
from render.base.card import card_png, compose_card
from render.base.legibility import smallest
from render.base.score import categories, compose_score, score_png
from tests.render.golden import assert_matches_golden

LONG_NAMES = ("Anna", "Bartholomew the Long-Named", "Chiara", "Dmitri Aleksandrovich")


def _result(seats: int) -> Result:
    categories = ("trajan_tiles", "senate", "construction", "military", "forum", "food")
    rows = tuple(
        {
            key: (7 * seat + 5 * index) % 41 - (6 if key == "food" and seat == 1 else 0)
            for index, key in enumerate(categories)
        }
        for seat in range(seats)
    )
    scores = tuple(sum(row.values()) for row in rows)
    ranks = tuple(1 + sum(other > mine for other in scores) for mine in scores)
    return Result(scores, ranks, rows)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_score_chart_has_no_text_problems(seats):
    canvas = compose_score(_result(seats), "Trajan", names=LONG_NAMES[:seats])
    assert canvas.image.width == 800  # read on a phone (issue 14)
    assert check_texts(canvas) == []
    least = smallest(canvas).text
    assert least is not None
    assert least >= 9  # CSS px at 400 px wide, long names and all


def test_score_chart_orders_players_by_rank():
    result = Result((10, 30), (2, 1), ({"a": 10}, {"a": 30}))
    canvas = compose_score(result, "Troyes")
    heads = [r for r in canvas.texts if r.text in {"Player 1", "Player 2"}]
    assert [r.text for r in sorted(heads, key=lambda r: r.ink.x)] == ["Player 2", "Player 1"]


def test_score_png_is_a_png():
    data = score_png(_result(2), "Troyes")
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        assert image.width == 800


def test_score_chart_matches_golden():
    canvas = compose_score(_result(4), "Trajan", names=LONG_NAMES)
    assert_matches_golden("score_trajan_4p", canvas.image)


FIGURES: dict[str, str | int] = {"Cost": "3 deniers", "Dice": "white", "Points": 4}


def test_card_has_no_text_problems_and_grows_with_its_text():
    short = compose_card("Farm", "Gain 2 deniers.", FIGURES)
    long = compose_card("Farm", "Gain 2 deniers. " * 30, FIGURES)
    assert check_texts(short) == []
    assert check_texts(long) == []
    assert long.image.height > short.image.height


def test_card_png_matches_golden():
    data = card_png("Cathedral", "Place a worker in the cathedral.", FIGURES)
    with Image.open(io.BytesIO(data)) as image:
        assert_matches_golden("card", image)


def test_a_category_nobody_scored_in_is_left_out_and_the_order_kept():
    # Playtest item 65: "Al final de la partida", 0 for everyone, among the categories.
    result = Result((3, 5), (2, 1), ({"a": 0, "b": 3, "c": 0}, {"a": 4, "b": 1, "c": 0}), "none")
    assert [key for key, _label in categories(result, None)] == ["a", "b"]
