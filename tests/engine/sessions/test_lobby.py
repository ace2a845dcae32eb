import pytest

from engine.core.errors import GameError
from engine.core.rng import Rng
from engine.sessions.errors import (
    AlreadySeatedError,
    GameNotFoundError,
    LobbyFullError,
    NotAllowedError,
    NotEnoughPlayersError,
    NotInLobbyError,
    NotSeatedError,
    NotStartedError,
    UnknownGameError,
)
from engine.sessions.lobby import NewGame
from engine.sessions.models import NoticeKind, SeatOrder, Status
from tests.engine.sessions.conftest import start_game


async def test_a_lobby_seats_its_creator_and_takes_joiners_until_full(manager):
    info = await manager.create_lobby(1, NewGame("toy", guild_id=7, seats=3))
    assert [s.user_id for s in info.seats] == [1]
    await manager.join(info.game_id, 2)
    with pytest.raises(AlreadySeatedError):
        await manager.join(info.game_id, 2)
    info = await manager.add_ai(info.game_id, 2, "random")
    assert [s.ai for s in info.seats] == [None, None, "random"]
    with pytest.raises(LobbyFullError):
        await manager.join(info.game_id, 3)
    info = await manager.remove_ai(info.game_id, 1)
    assert len(info.seats) == 2
    with pytest.raises(GameError, match="no AI seat"):
        await manager.remove_ai(info.game_id, 1)


async def test_lobby_settings_are_checked(manager):
    with pytest.raises(UnknownGameError):
        await manager.create_lobby(1, NewGame("chess"))
    with pytest.raises(NotEnoughPlayersError):
        await manager.create_lobby(1, NewGame("toy", seats=5))
    with pytest.raises(UnknownGameError, match="not an option"):
        await manager.create_lobby(1, NewGame("secret", options={"colour": "red"}))
    with pytest.raises(UnknownGameError, match="must be one of"):
        await manager.create_lobby(1, NewGame("secret", options={"taps": "9"}))
    info = await manager.create_lobby(1, NewGame("secret"))
    assert info.options == {"taps": "2"}  # defaults filled in


async def test_the_guild_language_is_the_default(manager):
    await manager.set_guild_setting(7, "language", "es")
    info = await manager.create_lobby(1, NewGame("toy", guild_id=7))
    assert info.language == "es"
    assert await manager.guild_settings(7) == {"language": "es"}
    await manager.set_user_language(1, "es")
    assert await manager.user_language(1) == "es"
    assert await manager.user_language(2) is None


async def test_leaving_passes_the_lobby_on_and_the_last_leaver_closes_it(manager):
    info = await manager.create_lobby(1, NewGame("toy"))
    await manager.join(info.game_id, 2)
    info = await manager.leave(info.game_id, 1)
    assert info.creator_id == 2
    with pytest.raises(NotSeatedError):
        await manager.leave(info.game_id, 1)
    info = await manager.leave(info.game_id, 2)
    assert info.status is Status.ABANDONED


async def test_only_the_creator_starts_and_only_with_enough_seats(manager):
    info = await manager.create_lobby(1, NewGame("toy"))
    with pytest.raises(NotEnoughPlayersError):
        await manager.start(info.game_id, 1)
    await manager.join(info.game_id, 2)
    with pytest.raises(NotAllowedError):
        await manager.start(info.game_id, 2)
    with pytest.raises(NotStartedError):
        await manager.play(info.game_id, 1, 0, "add 1")
    out = await manager.start(info.game_id, 2, admin=True)
    assert out.status is Status.ACTIVE
    assert out.notices[0].kind is NoticeKind.STARTED
    with pytest.raises(NotInLobbyError):
        await manager.join(info.game_id, 3)
    with pytest.raises(NotInLobbyError):
        await manager.start(info.game_id, 1)


async def test_random_seat_order_is_drawn_from_the_seed_and_recorded(manager):
    info = await manager.create_lobby(1, NewGame("toy", seat_order=SeatOrder.RANDOM))
    for user in (2, 3, 4):
        await manager.join(info.game_id, user)
    await manager.start(info.game_id, 1)
    status = await manager.status(info.game_id)
    seed = 101  # the first seed the test manager hands out
    expected = Rng(seed, 0, "seats").shuffled([0, 1, 2, 3])
    assert [next(s.slot for s in status.seats if s.seat == i) for i in range(4)] == expected


async def test_the_first_human_is_pinged_at_start_even_if_it_is_the_creator(manager):
    info = await manager.create_lobby(1, NewGame("toy", seat_order=SeatOrder.JOIN))
    await manager.join(info.game_id, 2)
    out = await manager.start(info.game_id, 1)
    assert out.ping == 1
    assert out.turn is not None
    assert out.turn.user_id == 1
    assert out.turn.prompt == "Add or roll."


async def test_unknown_games_are_reported(manager):
    with pytest.raises(GameNotFoundError):
        await manager.status(999)
    info = await manager.create_lobby(1, NewGame("toy"))
    with pytest.raises(UnknownGameError):
        await manager.add_ai(info.game_id, 1, "deep-blue")


async def test_lists_show_open_and_running_games(manager):
    a = await manager.create_lobby(1, NewGame("toy", guild_id=7))
    b = await manager.create_lobby(2, NewGame("toy", guild_id=8))
    listed = await manager.list_games(7)
    assert [g.game_id for g in listed] == [a.game_id]
    assert {g.game_id for g in await manager.list_games()} == {a.game_id, b.game_id}


async def test_message_ids_are_recorded_for_the_cogs(manager):
    info = await manager.create_lobby(1, NewGame("toy"))
    await manager.set_messages(info.game_id, thread_id=5, board_message_id=6)
    status = await manager.status(info.game_id)
    assert status.thread_id == 5
    with pytest.raises(ValueError, match="set_messages"):
        await manager.set_messages(info.game_id, status="finished")


async def test_a_lobby_control_of_an_ended_game_says_how_it_ended_not_that_it_started(manager):
    # Seventh playtest item 3: Start on an abandoned lobby answered "already started".
    lobby = await manager.create_lobby(1, NewGame("toy"))
    await manager.abandon(lobby.game_id, 1)
    for call in (manager.join(lobby.game_id, 2), manager.start(lobby.game_id, 1)):
        with pytest.raises(NotInLobbyError) as refused:
            await call
        assert refused.value.key == "error.session.abandoned"
    out = await start_game(manager, humans=(1, 2))
    await manager.resign(out.game_id, 1)  # one competitor left: the game is finished
    with pytest.raises(NotInLobbyError) as refused:
        await manager.add_ai(out.game_id, 2)
    assert refused.value.key == "error.session.already_over"
    started = await start_game(manager, humans=(1, 2))
    with pytest.raises(NotInLobbyError) as refused:
        await manager.join(started.game_id, 3)
    assert refused.value.key == "error.not_in_lobby"


async def test_the_lobby_message_id_is_in_the_game_s_status(manager):
    info = await manager.create_lobby(1, NewGame("toy"))
    await manager.set_messages(info.game_id, lobby_message_id=9)
    assert (await manager.status(info.game_id)).lobby_message_id == 9
