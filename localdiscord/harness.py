"""Start the emulator plus a bot process pointed at it: for pytest fixtures and the table.

The bot gets only environment settings: ``DISCORD_API_BASE`` (the emulator), a token,
``DEV_GUILD_ID`` (the emulated guild, for instant guild sync) and ``DATABASE_PATH`` inside
`workdir` (which also holds ``bot.log``). It runs with the repository root as its current
directory unless told otherwise. Nothing else tells it that this is not Discord.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path

from localdiscord.botproc import REPO_ROOT, BotProcess
from localdiscord.local import Actor, ChannelRef, LocalDiscord


class BotHarness:
    """An emulator with users and channels, and one bot process connected to it."""

    def __init__(  # noqa: PLR0913 (keyword-only settings, each with a default)
        self,
        argv: Sequence[str],
        workdir: Path,
        *,
        users: Sequence[str] = ("alice", "bob", "carol"),
        channels: Sequence[str] = ("general",),
        extra_env: dict[str, str] | None = None,
        cwd: Path | None = None,
        world_file: Path | None = None,
    ) -> None:
        self.ld = LocalDiscord(world_file=world_file)  # a kept world: same users and threads
        self.workdir = workdir
        self._argv = list(argv)
        self._names = (list(users), list(channels))
        self._extra_env = extra_env or {}
        self.users: dict[str, Actor] = {}
        self.channels: dict[str, ChannelRef] = {}
        self.bot: BotProcess | None = None
        self.log_path = workdir / "bot.log"
        self.cwd = cwd or REPO_ROOT

    @property
    def channel(self) -> ChannelRef:
        """The first channel (where the table sits)."""
        return next(iter(self.channels.values()))

    def start(self, timeout: float = 30.0) -> BotHarness:
        """Start the emulator, create users and channels, start the bot and wait for it."""
        self.ld.start()
        self.ld.describe_bot = lambda: "bot log (tail):\n" + self.log()[-3000:]
        users, channels = self._names
        self.channels = {name: self.ld.channel_or_new(name) for name in channels}
        self.users = {name: self.ld.user_or_new(name) for name in users}
        env = {
            **self.ld.bot_env(),
            "DATABASE_PATH": str(self.workdir / "games.db"),
            **self._extra_env,
        }
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self.bot = BotProcess(self._argv, env, self.cwd, self.log_path)
        self.bot.start()
        self._wait(0, timeout)
        return self

    def _wait(self, after: int, timeout: float) -> None:
        gateway = self.ld.emulator.gateway
        bot = self.bot

        def up_or_dead() -> bool:
            dead = bot is None or not bot.alive
            return dead or (gateway.identified > after and gateway.connected)

        with contextlib.suppress(TimeoutError):
            self.ld.wait_until(up_or_dead, timeout)
        if bot is None or not bot.alive or not gateway.connected:
            what = "exited" if bot is None or not bot.alive else "did not connect"
            log = self.log()[-4000:]
            raise TimeoutError(f"the bot {what}; its log:\n{log}") from None

    def restart(self, *, kill: bool = True, timeout: float = 30.0) -> None:
        """Kill (SIGKILL) or stop the bot, start it again and wait until it reconnected."""
        if self.bot is None:
            raise RuntimeError("start() first")
        before = self.ld.identified
        if kill:
            self.bot.kill()
        else:
            self.bot.stop()
        self.bot.start()
        self._wait(before, timeout)

    def log(self) -> str:
        """Return the bot's output so far."""
        return self.bot.log_text() if self.bot else ""

    def stop(self) -> None:
        """Stop the bot and the emulator."""
        if self.bot is not None:
            self.bot.stop()
        self.ld.stop()

    def __enter__(self) -> BotHarness:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()
