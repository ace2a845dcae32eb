"""Boards of real seeded games: they render cleanly, and nothing hidden reaches them."""

import io
import itertools
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image, ImageChops

from render import trajan, troyes
from render.base import areas as areas_module
from render.base.areas import area_cache_bytes, clear_area_cache
from render.base.canvas import check_texts
from render.base.score import compose_score
from render.trajan.scene import compose_private
from tests.render.games import GAMES, board, check_boards, option_variants, play, state_at

SEATS = (2, 3, 4)


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("seats", SEATS)
def test_sampled_states_render_without_text_problems(name, seats):
    assert check_boards(name, seats, seed=11, stride=60) >= 3


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_state_of_seeded_games_renders(name, seats, seed):
    assert check_boards(name, seats, seed, stride=1) > 50


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_state_renders_with_each_option_and_module(name):
    for index, options in enumerate(option_variants(GAMES[name])[1:]):
        for seats in SEATS:
            assert check_boards(name, seats, 30 + index, stride=1, options=options) > 50


@pytest.mark.parametrize("name", sorted(GAMES))
def test_private_images_render_for_every_seat(name):
    game = GAMES[name]
    state = state_at(game, 4, 5, 120)
    for seat in range(4):
        data = game.render.private_png(game.engine.view(state, seat))
        with Image.open(io.BytesIO(data)) as image:
            assert image.width == 800  # read on a phone (issue 14)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_final_score_chart_has_no_text_problems(name):
    game = GAMES[name]
    result = game.engine.result(state_at(game, 4, 3, None))
    assert result is not None
    canvas = compose_score(result, name.capitalize())
    assert check_texts(canvas) == []


def test_public_board_refuses_a_seat_view():
    for game in GAMES.values():
        state = state_at(game, 2, 1, 20)
        with pytest.raises(ValueError, match="public board"):
            game.render.board_png(game.engine.view(state, 0))
        with pytest.raises(ValueError, match="own view"):
            game.render.private_png(game.engine.view(state, None))


def test_trajan_public_board_is_the_same_whatever_the_hidden_cards():
    game = GAMES["trajan"]
    state = state_at(game, 4, 9, 200)
    other = state.clone()
    # Give seat 0 different cards (same count) and reorder every face-down pile.
    hand, deck = state.players[0].hand, state.deck
    other.players[0].hand = deck[: len(hand)]
    other.deck = tuple(reversed(hand + deck[len(hand) :]))
    other.forum_pile = tuple(reversed(state.forum_pile))
    other.bonus_bag = tuple(reversed(state.bonus_bag))
    other.demand_pile = tuple(reversed(state.demand_pile))
    other.stacks = tuple((*reversed(s[:-1]), s[-1]) if s else s for s in state.stacks)
    assert game.engine.view(other, 0) != game.engine.view(state, 0)
    first = trajan.compose_board(game.engine.view(state, None)).image
    second = trajan.compose_board(game.engine.view(other, None)).image
    assert first.tobytes() == second.tobytes()


def test_troyes_public_board_is_the_same_whatever_the_vp_and_characters():
    game = GAMES["troyes"]
    state = state_at(game, 4, 9, 150)
    assert state.pending is not None
    other = state.clone()
    other.vp = [v + 7 for v in state.vp]
    ids = list(game.engine.catalog.characters)
    other.characters = [[ids[(ids.index(c[0]) + 1) % len(ids)], *c[1:]] for c in state.characters]
    other.decks = {k: list(reversed(v)) for k, v in state.decks.items()}
    assert game.engine.view(other, 1) != game.engine.view(state, 1)
    first = troyes.compose_board(game.engine.view(state, None)).image
    second = troyes.compose_board(game.engine.view(other, None)).image
    assert first.tobytes() == second.tobytes()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_cached_areas_give_the_same_image_as_a_fresh_drawing(name):
    game = GAMES[name]
    states = [s for i, s in enumerate(play(game, 3, 8)) if 100 <= i <= 104]
    for before, state in itertools.pairwise(states):
        clear_area_cache()
        board(game, before)
        warm = board(game, state, before)
        clear_area_cache()
        cold = board(game, state, before)
        # the box of the pixels that differ (None): a bytes diff of a whole board takes minutes
        assert ImageChops.difference(warm.image, cold.image).getbbox() is None
        assert sorted(warm.texts, key=repr) == sorted(cold.texts, key=repr)


def test_boards_drawn_in_parallel_threads_match_serial_drawing():
    game = GAMES["trajan"]
    states = [s for i, s in enumerate(play(game, 4, 12)) if i % 25 == 0][:8]
    views = [game.engine.view(s, None) for s in states]
    clear_area_cache()
    serial = [trajan.compose_board(v).image.tobytes() for v in views]
    clear_area_cache()
    with ThreadPoolExecutor(max_workers=4) as pool:
        parallel = list(pool.map(lambda v: trajan.compose_board(v).image.tobytes(), views * 2))
    assert parallel == serial * 2


@pytest.mark.parametrize("name", sorted(GAMES))
def test_footer_note_fits_even_when_long(name):
    game = GAMES[name]
    before = state_at(game, 4, 6, 40)
    note = "Last move: " + "; ".join([game.engine.prompt(before)] * 6)
    canvas = board(game, before, note=note)
    assert check_texts(canvas) == []
    assert any(r.text == note for r in canvas.texts)


def test_trajan_private_image_marks_the_cards_chosen_so_far():
    game = GAMES["trajan"]
    for seed in range(1, 6):
        for state in play(game, 2, seed):
            if state.pending is not None and state.picks:
                view = game.engine.view(state, state.pending.seat)
                scene = trajan.scene_from_view(view)
                info = scene.players[view.seat]
                assert info.picked
                canvas = compose_private(info, scene.header)
                assert check_texts(canvas) == []
                assert any(r.text.endswith("(chosen)") for r in canvas.texts)
                return
    pytest.fail("no seeded game reached a half-chosen display or shipment")


def test_area_cache_stays_within_its_memory_budget(monkeypatch):
    game = GAMES["troyes"]
    monkeypatch.setattr(areas_module, "AREA_CACHE_BYTES", 8 * 1024 * 1024)
    clear_area_cache()
    previous = None
    for index, state in enumerate(play(game, 4, 13)):
        if index % 10 == 0:
            assert check_texts(board(game, state, previous)) == []
            assert 0 < area_cache_bytes() <= 8 * 1024 * 1024
            previous = state
        if index > 100:
            break
    clear_area_cache()
    assert area_cache_bytes() == 0


ODD_NAMES = (
    "Bartholomew the Extremely Long-Named Wanderer",
    "Zoë",
    "李小龙",
    "Anna-Maria Ølstad 🎲",
)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_long_and_foreign_player_names_fit(name):
    game = GAMES[name]
    state = state_at(game, 4, 3, 100)
    canvas = game.render.compose_board(game.engine.view(state, None), names=ODD_NAMES)
    assert check_texts(canvas) == []
    final = game.engine.result(state_at(game, 4, 3, None))
    assert check_texts(compose_score(final, name, names=ODD_NAMES)) == []


def test_troyes_board_frames_the_dice_chosen_so_far():
    game = GAMES["troyes"]
    for state in play(game, 3, 14):
        view = game.engine.view(state, None)
        if view.plan[2]:
            canvas = troyes.compose_board(view)
            assert check_texts(canvas) == []
            assert any(r.text.startswith("framed: chosen for") for r in canvas.texts)
            return
    pytest.fail("no seeded game reached a half-chosen group of dice")
