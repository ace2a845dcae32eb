"""The thread's game and the server's language, read from the real session manager."""

from datetime import UTC, datetime

from cogs.rules import thread_game
from engine.games import GAMES
from engine.sessions.lobby import NewGame
from engine.sessions.manager import SessionManager
from engine.sessions.store import Store


async def test_thread_game_and_server_language_from_the_session_manager(tmp_path):
    store = await Store.open(tmp_path / "games.db")
    try:
        sessions = SessionManager(store, GAMES, lambda: datetime(2026, 1, 5, tzinfo=UTC))
        info = await sessions.create_lobby(1, NewGame("trajan", guild_id=7, channel_id=70))
        await sessions.set_messages(info.game_id, thread_id=555)
        assert await thread_game(sessions, 555) == "trajan"
        assert await thread_game(sessions, 556) is None
        await sessions.set_guild_setting(7, "language", "es")
        assert (await sessions.guild_settings(7)).get("language") == "es"
    finally:
        await store.close()
