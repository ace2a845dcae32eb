"""Substitutes (issue 16): a seat offered, accepted, and everything hidden following the seat."""

from datetime import timedelta

import pytest

from engine.sessions.errors import (
    AlreadySeatedError,
    NotAllowedError,
    NotSeatedError,
    RequestNotFoundError,
)
from engine.sessions.models import Policy, SeatState, Status, TimeControl
from engine.sessions.substitutes import OFFER_LIFETIME
from tests.engine.sessions.conftest import make_manager, start_game


async def test_a_handed_over_seat_takes_its_hidden_information_to_the_new_holder(store, clock):
    manager = make_manager(store, clock)
    out = await start_game(manager, "secret", (1, 2))
    mine = (await manager.private_view(out.game_id, 1)).view["mine"]
    with pytest.raises(AlreadySeatedError):
        await manager.offer_seat(out.game_id, 1, 2)
    late = await manager.offer_seat(out.game_id, 1, 3)
    clock.advance(seconds=OFFER_LIFETIME.total_seconds() + 1)
    with pytest.raises(RequestNotFoundError) as refused:
        await manager.accept_seat(late.offer_id, 3)
    assert refused.value.key == "error.around.offer_expired"
    offer = await manager.offer_seat(out.game_id, 1, 3)
    assert (offer.seat, offer.from_user, offer.reason) == (0, 1, "hand_over")
    assert (await manager.private_view(out.game_id, 1)).view["mine"] == mine  # not yet passed
    with pytest.raises(NotAllowedError):
        await manager.accept_seat(offer.offer_id, 2)  # only its addressee
    restarted = make_manager(store, clock)  # the offer is stored: a new process takes it
    done = await restarted.accept_seat(offer.offer_id, 3)
    assert (done.change.from_user, done.change.to_user, done.change.seat) == (1, 3, 0)
    assert done.outcome.ping == 3  # it was seat 0's turn: the new holder is told
    assert done.outcome.choices is not None
    with pytest.raises(NotSeatedError):
        await restarted.private_view(out.game_id, 1)
    assert (await restarted.private_view(out.game_id, 3)).view["mine"] == mine
    with pytest.raises(NotSeatedError):
        await restarted.play(out.game_id, 1, done.outcome.version, "pass")
    moved = await restarted.play(out.game_id, 3, done.outcome.version, "pass")
    assert moved.turn is not None
    assert moved.turn.user_id == 2
    status = await restarted.status(out.game_id)
    assert [s.user_id for s in status.seats] == [3, 2]
    assert [c.to_user for c in await restarted.seat_changes(out.game_id)] == [3]
    with pytest.raises(RequestNotFoundError):
        await restarted.accept_seat(offer.offer_id, 3)  # taken once
    assert (await restarted.verify(out.game_id)).ok


async def test_creators_and_admins_fill_seats_left_timed_out_or_played_by_an_ai(manager, clock):
    control = TimeControl(timedelta(hours=24))
    out = await start_game(manager, "secret", (1, 2, 3), control=control, policy=Policy.STAND_IN)
    with pytest.raises(NotAllowedError) as refused:
        await manager.offer_seat(out.game_id, 1, 4, seat=1)
    assert refused.value.key == "error.around.seat_taken"  # seat 1 still plays
    with pytest.raises(NotAllowedError) as refused:
        await manager.offer_seat(out.game_id, 2, 4, seat=0)
    assert refused.value.key == "error.around.creator_only"
    clock.advance(hours=25)
    assert await manager.tick()  # seat 0 timed out: an AI stands in, seat 1 decides
    assert (await manager.status(out.game_id)).seats[0].stand_in
    offer = await manager.offer_seat(out.game_id, 2, 4, seat=0, admin=True)
    assert offer.reason == "replace"
    declined = await manager.decline_seat(offer.offer_id, 4)
    assert declined.status == "declined"
    with pytest.raises(RequestNotFoundError):
        await manager.accept_seat(offer.offer_id, 4)
    first = await manager.offer_seat(out.game_id, 2, 4, seat=0, admin=True)
    newer = await manager.offer_seat(out.game_id, 2, 5, seat=0, admin=True)
    with pytest.raises(RequestNotFoundError):
        await manager.accept_seat(first.offer_id, 4)  # the newer offer of the seat wins
    done = await manager.accept_seat(newer.offer_id, 5)
    seat = (await manager.status(out.game_id)).seats[0]
    assert (seat.user_id, seat.stand_in, seat.state) == (5, False, SeatState.PLAYING)
    assert (done.change.reason, done.change.by_user) == ("replace", 2)

    await manager.resign(out.game_id, 3)  # left: the creator gives the seat to someone new
    left = await manager.offer_seat(out.game_id, 1, 6, seat=2)
    await manager.accept_seat(left.offer_id, 6)
    status = await manager.status(out.game_id)
    assert status.seats[2].user_id == 6
    assert status.seats[2].state is SeatState.PLAYING
    assert status.status is Status.ACTIVE

    solo = await start_game(manager, "secret", (1,), ("greedy",))
    taken = await manager.offer_seat(solo.game_id, 1, 7, seat=1)
    assert (taken.reason, taken.from_user) == ("take_over", None)
    over = await manager.accept_seat(taken.offer_id, 7)
    assert over.change.from_ai == "greedy"
    after = await manager.play(solo.game_id, 1, over.outcome.version, "pass")
    assert [m.by.value for m in after.moves] == ["player"]  # no AI moved: its new holder decides
    assert after.turn is not None
    assert (after.turn.user_id, after.ping) == (7, 7)
