"""Findings of the rules audit (issue 2): one scenario per discrepancy fixed."""

from tests.engine.trajan.helpers import do, fresh, seat_of, texts


def test_an_extra_tile_is_not_offered_for_an_action_that_cannot_be_done_again():
    # Brief §4.7: the tile lets you perform X again; from the senate's last space (SEED
    # "ya no podrá realizar esta acción durante el trimestre") there is nothing to repeat.
    state = fresh()
    p = state.players[0]
    p.bowls = ("BY", "GO", "P", "W", "GO", "PWY")
    p.senate = 6
    p.forum = ("extra_senate",)
    state = do(state, "bowl 3", "senate")
    assert state.players[0].senate == 7
    assert seat_of(state) == 1  # no offer: the tile is kept
    assert state.players[0].forum == ("extra_senate",)
    state = fresh()
    state.players[0].bowls = ("BY", "GO", "P", "W", "GO", "PWY")
    state.players[0].forum = ("extra_senate",)
    state = do(state, "bowl 3", "senate")
    assert texts(state) == ["extra extra_senate", "pass"]
