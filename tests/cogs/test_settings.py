"""bot.py's settings: read once from the environment, the token never shown."""

import importlib.util
import sys
from datetime import timedelta
from pathlib import Path

import pytest

BOT_FILE = Path(__file__).resolve().parents[2] / "bot.py"


@pytest.fixture(scope="module")
def bot_module():
    spec = importlib.util.spec_from_file_location("denarius_bot", BOT_FILE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["denarius_bot"] = module
    spec.loader.exec_module(module)
    return module


def test_settings_come_from_the_environment_with_defaults(bot_module):
    settings = bot_module.Settings.from_env({"DISCORD_TOKEN": "secret-token", "DEV_GUILD_ID": "42"})
    assert settings.dev_guild_id == 42
    assert str(settings.database_path) == "var/games.db"
    assert settings.log_level == "INFO"
    assert settings.api_base is None
    assert settings.clock_offset == timedelta()
    assert settings.database_writers == 4  # PostgreSQL's pool (docs/database.md)
    one = {"DISCORD_TOKEN": "t", "DATABASE_WRITERS": "1"}
    assert bot_module.Settings.from_env(one).database_writers == 1
    assert "secret-token" not in repr(settings)
    assert "secret-token" not in str(settings)


def test_a_missing_token_stops_with_a_clear_message(bot_module):
    with pytest.raises(SystemExit, match="DISCORD_TOKEN"):
        bot_module.Settings.from_env({"DATABASE_PATH": "x.db"})


def test_shards_come_from_shard_count_and_shard_ids(bot_module):
    def read(**env: str):
        return bot_module.Settings.from_env({"DISCORD_TOKEN": "t", **env})

    everything = read()
    assert (everything.shard_count, everything.shard_ids) == (None, None)
    assert everything.shards.everything
    some = read(SHARD_COUNT="4", SHARD_IDS="0-1,3", LEASE_SECONDS="30")
    assert some.shard_ids == (0, 1, 3)
    assert some.lease_seconds == 30
    assert str(some.shards) == "0,1,3/4"
    assert some.shards.owns(3 << 22)
    assert not some.shards.owns(2 << 22)
    with pytest.raises(SystemExit, match="SHARD_COUNT"):
        read(SHARD_IDS="1")
    with pytest.raises(SystemExit, match=r"shards 0\.\.1"):
        read(SHARD_COUNT="2", SHARD_IDS="2")
