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


async def test_a_handed_over_seat_takes_its_hidden_information_to_the_new_holder(manager):
    out = await start_game(manager, "secret", (1, 2))
    mine = (await manager.private_view(out.game_id, 1)).view["mine"]
    offer = await manager.offer_seat(out.game_id, 1, 3)
    assert (offer.seat, offer.from_user, offer.reason) == (0, 1, "hand_over")
    assert (await manager.private_view(out.game_id, 1)).view["mine"] == mine  # not yet passed
    with pytest.raises(NotAllowedError):
        await manager.accept_seat(offer.offer_id, 2)  # only its addressee
    done = await manager.accept_seat(offer.offer_id, 3)
    assert (done.change.from_user, done.change.to_user, done.change.seat) == (1, 3, 0)
    assert done.outcome.ping == 3  # it was seat 0's turn: the new holder is told
    assert done.outcome.choices is not None
    with pytest.raises(NotSeatedError):
        await manager.private_view(out.game_id, 1)
    assert (await manager.private_view(out.game_id, 3)).view["mine"] == mine
    with pytest.raises(NotSeatedError):
        await manager.play(out.game_id, 1, done.outcome.version, "pass")
    moved = await manager.play(out.game_id, 3, done.outcome.version, "pass")
    assert moved.turn is not None
    assert moved.turn.user_id == 2
    status = await manager.status(out.game_id)
    assert [s.user_id for s in status.seats] == [3, 2]
    assert [c.to_user for c in await manager.seat_changes(out.game_id)] == [3]
    with pytest.raises(RequestNotFoundError):
        await manager.accept_seat(offer.offer_id, 3)  # taken once
    assert (await manager.verify(out.game_id)).ok


async def test_an_offer_expires_and_cannot_go_to_someone_seated(manager, clock):
    out = await start_game(manager, "secret", (1, 2))
    with pytest.raises(AlreadySeatedError):
        await manager.offer_seat(out.game_id, 1, 2)
    offer = await manager.offer_seat(out.game_id, 1, 3)
    clock.advance(seconds=OFFER_LIFETIME.total_seconds() + 1)
    with pytest.raises(RequestNotFoundError) as refused:
        await manager.accept_seat(offer.offer_id, 3)
    assert refused.value.key == "error.people.offer_expired"
    assert (await manager.status(out.game_id)).seats[0].user_id == 1


async def test_only_the_creator_or_an_admin_replaces_and_only_a_player_who_is_gone(manager, clock):
    control = TimeControl(timedelta(hours=24))
    out = await start_game(manager, "secret", (1, 2, 3), control=control, policy=Policy.STAND_IN)
    with pytest.raises(NotAllowedError) as refused:
        await manager.offer_seat(out.game_id, 1, 4, seat=1)
    assert refused.value.key == "error.people.seat_taken"  # seat 1 still plays
    with pytest.raises(NotAllowedError) as refused:
        await manager.offer_seat(out.game_id, 2, 4, seat=0)
    assert refused.value.key == "error.people.creator_only"
    clock.advance(hours=25)
    timed_out = await manager.tick()  # seat 0 timed out: an AI stands in, seat 1 decides
    assert timed_out
    assert (await manager.status(out.game_id)).seats[0].stand_in
    offer = await manager.offer_seat(out.game_id, 2, 4, seat=0, admin=True)
    assert offer.reason == "replace"
    done = await manager.accept_seat(offer.offer_id, 4)
    seat = (await manager.status(out.game_id)).seats[0]
    assert (seat.user_id, seat.stand_in, seat.state) == (4, False, SeatState.PLAYING)
    assert done.change.reason == "replace"
    assert done.change.by_user == 2


async def test_a_resigned_seat_is_taken_over_and_competes_again(manager):
    out = await start_game(manager, "secret", (1, 2, 3))
    await manager.resign(out.game_id, 3)
    offer = await manager.offer_seat(out.game_id, 1, 5, seat=2)
    done = await manager.accept_seat(offer.offer_id, 5)
    status = await manager.status(out.game_id)
    assert status.seats[2].user_id == 5
    assert status.seats[2].state is SeatState.PLAYING
    assert done.outcome.status is Status.ACTIVE


async def test_a_human_takes_an_ai_seat_between_turns(manager):
    out = await start_game(manager, "secret", (1,), ("greedy",))
    assert out.turn is not None
    assert out.turn.user_id == 1
    offer = await manager.offer_seat(out.game_id, 1, 7, seat=1)
    assert (offer.reason, offer.from_user) == ("take_over", None)
    done = await manager.accept_seat(offer.offer_id, 7)
    assert done.change.from_ai == "greedy"
    after = await manager.play(out.game_id, 1, done.outcome.version, "pass")
    assert after.moves[-1].by.value == "player"  # no AI moved for seat 1: its holder decides
    assert after.turn is not None
    assert after.turn.user_id == 7
    assert after.ping == 7


async def test_a_declined_offer_is_closed_and_a_stale_one_refused(manager):
    out = await start_game(manager, "secret", (1, 2, 3))
    offer = await manager.offer_seat(out.game_id, 1, 6)
    declined = await manager.decline_seat(offer.offer_id, 6)
    assert declined.status == "declined"
    with pytest.raises(RequestNotFoundError):
        await manager.accept_seat(offer.offer_id, 6)
    await manager.resign(out.game_id, 3)
    again = await manager.offer_seat(out.game_id, 1, 6, seat=2)
    other = await manager.offer_seat(out.game_id, 1, 8, seat=2)  # the newer offer wins
    with pytest.raises(RequestNotFoundError):
        await manager.accept_seat(again.offer_id, 6)
    await manager.accept_seat(other.offer_id, 8)


async def test_an_offer_outlives_a_restart(store, clock):
    first = make_manager(store, clock)
    out = await start_game(first, "secret", (1, 2))
    offer = await first.offer_seat(out.game_id, 2, 9)
    restarted = make_manager(store, clock)  # a new process over the same database
    done = await restarted.accept_seat(offer.offer_id, 9)
    assert done.change.to_user == 9
    assert [c.to_user for c in await restarted.seat_changes(out.game_id)] == [9]
