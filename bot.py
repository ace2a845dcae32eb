"""Denarius: the Discord bot. Settings, GameBot, setup_hook and main() (STYLE.md §2.4, §2.8).

This is the only module that reads the environment. Without DISCORD_TOKEN, `main()` starts
the local table instead: an emulated Discord on loopback that runs this file again,
pointed at the emulator through DISCORD_API_BASE (docs/local-discord.md).
"""

from __future__ import annotations

import asyncio
import cProfile
import gc
import logging
import os
import signal
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import discord
from discord import app_commands
from discord.ext import commands, tasks

from cogs import around, lobby
from cogs.common import acting, requests
from cogs.common.deadline import answer_in_time
from cogs.common.errors import answer_unknown_control, handle
from cogs.common.i18n import CatalogTranslator, check_catalogs
from cogs.common.images import Renderer
from cogs.common.levels import offer_levels
from cogs.common.poster import Poster
from cogs.common.runtime import Runtime
from engine import lookup
from engine.core import editions
from engine.core.errors import CatalogError
from engine.core.protocol import GameEngine
from engine.db import Database, integrity
from engine.db.postgres import WRITERS
from engine.db.shards import ALL, Serving, Shards
from engine.games import GAMES
from engine.sessions import GameInfo, SessionManager, Store
from engine.thinking import Thinker

log = logging.getLogger("denarius")

EXTENSIONS = (
    "cogs.settings", "cogs.game", "cogs.play", "cogs.rules", "cogs.league", "cogs.admin",
    "cogs.around",
)  # fmt: skip
DYNAMIC_ITEMS = (*acting.ITEMS, *requests.ITEMS, *lobby.ITEMS, *around.ITEMS)


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the bot reads from its environment, read once at start-up."""

    token: str
    database_path: Path = Path("var/games.db")
    database_url: str | None = None  # postgresql://...: PostgreSQL instead of the SQLite file
    database_writers: int = WRITERS  # PostgreSQL: most write transactions at once (SQLite: 1)
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    api_base: str | None = None  # the local emulator (tests and the local table)
    admin_role_id: int | None = None  # a role that may use admin commands
    tick_seconds: float = 60.0  # how often timers are checked
    clock_offset: timedelta = timedelta()  # tests: pretend it is later than it is
    clock_file: Path | None = None  # tests: read "now" (ISO time) from this file on every call
    render_processes: int = 1  # worker processes drawing images (0: threads)
    ai_processes: int = 1  # worker processes where the AI players think (0: threads)
    ai_max_level: str = "normal"  # the strongest AI level players may choose (docs/ai.md)
    ai_budget_s: float | None = None  # the hard AI's thinking time per decision (None: 2 s)
    loop_monitor: bool = False  # bench: log the worst event-loop stall every few seconds
    loop_profile: Path | None = None  # bench: profile the event-loop thread into this file
    backup_dir: Path | None = None  # online backups (None: a "backups" folder beside the db)
    backup_every_hours: float = 24.0  # 0: no scheduled backups
    backup_keep: int = 7  # the newest backups kept
    data_overrides: Path | None = None  # an operator's corrections: <folder>/<game>/<file>.toml
    shard_count: int | None = None  # SHARD_COUNT: servers split into this many shards
    shard_ids: tuple[int, ...] | None = None  # SHARD_IDS: the shards this process serves
    lease_seconds: float = 120.0  # claimed work another process may take over after this

    @property
    def shards(self) -> Shards:
        """The shards whose servers' games this process handles (all, without SHARD_IDS)."""
        if self.shard_ids is None:
            return ALL
        return Shards(frozenset(self.shard_ids), self.shard_count or 1)

    @property
    def backups(self) -> Path:
        """Return the folder the scheduled backups go to."""
        return self.backup_dir or self.database_path.parent / "backups"

    def __repr__(self) -> str:
        """Show the settings without the token."""
        where = _without_password(self.database_url) if self.database_url else self.database_path
        return f"Settings(database={where!s}, dev_guild_id={self.dev_guild_id})"

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Settings:
        """Read the settings from the environment (after .env, if python-dotenv finds one)."""
        env = dict(os.environ if env is None else env)
        token = env.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise SystemExit("DISCORD_TOKEN is not set: put it in .env (see .env.example).")

        def number(name: str) -> int | None:
            value = env.get(name, "").strip()
            return int(value) if value else None

        return cls(
            token=token,
            database_path=Path(env.get("DATABASE_PATH") or "var/games.db"),
            database_url=env.get("DATABASE_URL", "").strip() or None,
            database_writers=number("DATABASE_WRITERS") or WRITERS,
            dev_guild_id=number("DEV_GUILD_ID"),
            log_level=(env.get("LOG_LEVEL") or "INFO").upper(),
            api_base=env.get("DISCORD_API_BASE") or None,
            admin_role_id=number("ADMIN_ROLE_ID"),
            tick_seconds=float(env.get("TICK_SECONDS") or 60),
            clock_offset=timedelta(seconds=float(env.get("DENARIUS_CLOCK_OFFSET") or 0)),
            clock_file=Path(env["DENARIUS_CLOCK_FILE"]) if env.get("DENARIUS_CLOCK_FILE") else None,
            render_processes=int(env.get("RENDER_PROCESSES") or 1),
            ai_processes=int(env.get("AI_PROCESSES") or 1),
            ai_max_level=(env.get("AI_MAX_LEVEL") or "normal").strip().lower(),
            ai_budget_s=float(env["AI_HARD_BUDGET_S"]) if env.get("AI_HARD_BUDGET_S") else None,
            loop_monitor=bool(env.get("DENARIUS_LOOP_MONITOR")),
            loop_profile=Path(env["DENARIUS_LOOP_PROFILE"])
            if env.get("DENARIUS_LOOP_PROFILE")
            else None,
            backup_dir=Path(env["BACKUP_DIR"]) if env.get("BACKUP_DIR") else None,
            backup_every_hours=float(env.get("BACKUP_EVERY_HOURS") or 24),
            backup_keep=int(env.get("BACKUP_KEEP") or 7),
            data_overrides=Path(env["DATA_OVERRIDES"]) if env.get("DATA_OVERRIDES") else None,
            **_sharding(env),
        )


def _sharding(env: dict[str, str]) -> dict[str, Any]:
    """Read SHARD_COUNT, SHARD_IDS ("0,2" or "0-3") and LEASE_SECONDS; refuse what cannot be."""
    count_text = env.get("SHARD_COUNT", "").strip()
    ids_text = env.get("SHARD_IDS", "").strip()
    count = int(count_text) if count_text else None
    ids: tuple[int, ...] | None = None
    if ids_text:
        if count is None:
            raise SystemExit("SHARD_IDS needs SHARD_COUNT (the total number of shards).")
        numbers: list[int] = []
        for part in ids_text.split(","):
            first, _, last = part.strip().partition("-")
            numbers += range(int(first), int(last or first) + 1)
        ids = tuple(sorted(set(numbers)))
        if not all(0 <= i < count for i in ids):
            raise SystemExit(f"SHARD_IDS={ids_text} must be shards 0..{count - 1} of SHARD_COUNT.")
    if count is not None and count < 1:
        raise SystemExit("SHARD_COUNT must be 1 or more.")
    lease = float(env.get("LEASE_SECONDS") or 120)
    return {"shard_count": count, "shard_ids": ids, "lease_seconds": lease}


def _without_password(url: str) -> str:
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rsplit("@", 1)[-1]
    return urlunsplit(parts._replace(netloc=f"{parts.username}:***@{host}"))


# Servers, channels and threads only: the bot reads no messages, members or reactions (slash
# commands and buttons arrive as interactions whatever the intents). Without the message
# intents the gateway does not echo every board edit back (MESSAGE_UPDATE), which would queue
# ahead of the interactions on the same socket and cost the loop a parse each (bench/bot.py).
INTENTS = discord.Intents.none()
INTENTS.guilds = True


class GameBot(commands.AutoShardedBot):
    """The bot, with its store, session manager and settings injected.

    Sharded (issue 19): with SHARD_COUNT and SHARD_IDS the process connects the gateway
    shards it owns and handles the games of their servers (the session service filters its
    timers and resumptions by the same shards); without them it asks Discord for the
    recommended shard count and runs every shard itself.
    """

    def __init__(
        self, settings: Settings, sessions: SessionManager, renderer: Renderer, database: Database
    ) -> None:
        """Build the bot; nothing connects until `start`."""
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=INTENTS,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            max_messages=None,  # boards are edited by id; a message cache only feeds the GC
            shard_count=settings.shard_count,
            # None (every shard) is what discord.py's own default is; its stubs say list only.
            shard_ids=None if settings.shard_ids is None else list(settings.shard_ids),  # type: ignore[arg-type]
        )
        self.settings = settings
        self.database = database  # the one database; the league cog's store works over it too
        self.sessions = sessions
        names: dict[int, str] = {}
        poster = Poster(self, sessions, names, renderer)
        sessions.on_progress(poster.progress)  # what is done shows while an AI thinks (item 100)
        self.runtime = Runtime(sessions, poster, settings.admin_role_id, names=names)
        sessions.on_game_end(self._game_ended)  # an abandoned game's lobby message is retired
        self._retiring: set[asyncio.Task[None]] = set()
        self.ticker = tasks.loop(seconds=settings.tick_seconds)(self._tick)
        # PostgreSQL is backed up with its own tools (pg_dump; README), not by the bot.
        every = 0.0 if settings.database_url else settings.backup_every_hours
        self.backups = tasks.loop(hours=every)(self._backup) if every > 0 else None
        self._monitor: asyncio.Task[None] | None = None
        self._resuming: asyncio.Task[None] | None = None

    async def _game_ended(self, info: GameInfo) -> None:
        """Retire an abandoned game's lobby message (cogs/lobby.py `retire`), in the background.

        The session service tells its listeners while it holds the game's lock: the edit, a
        call to Discord, does not keep the game (or a tick's other games) waiting.
        """
        task = asyncio.create_task(lobby.retire(self, self.runtime.names, info))
        self._retiring.add(task)
        task.add_done_callback(self._retiring.discard)

    async def setup_hook(self) -> None:
        """Load the cogs, register the persistent controls and sync the commands."""
        check_catalogs()
        lookup.use_corrections(self.settings.data_overrides)  # /card shows the corrections
        await self.tree.set_translator(CatalogTranslator())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        offer_levels(self.tree, self.sessions.ai_levels)  # only what AI_MAX_LEVEL allows (99b)
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

        # In the background: AI turns cut short may think for seconds each (a hard AI), and
        # the bot must connect meanwhile; every game's lock keeps a click and its resumption
        # apart, and a click on a board reposted meanwhile is answered as stale.
        self._resuming = asyncio.create_task(self._resume())
        # Catalogs, the rules index and the cogs live as long as the bot: keep them out of
        # every later garbage collection, which would otherwise walk them on the event loop.
        gc.freeze()
        if self.settings.loop_monitor:
            time_loop_steps()
            time_gateway_events(self._connection.parsers)
            self._monitor = asyncio.create_task(watch_loop(profile=self.settings.loop_profile))
            logging.getLogger("engine.thinking").setLevel(logging.DEBUG)  # each AI decision
            logging.getLogger("denarius.latency").setLevel(logging.DEBUG)  # each acknowledgement

    async def _resume(self) -> None:
        """At start-up: finish AI turns cut short, fire due timers, repost boards; then tick.

        Started by setup_hook as a task (logged in, the gateway connecting meanwhile): the AI
        turns think in the AI workers, and a game being resumed holds its lock, so a click on
        it waits for its resumption.
        """
        try:
            for outcome in await self.sessions.resume():
                await self.runtime.poster.post(outcome)
            refreshed = await self.runtime.poster.refresh()
            log.info("resumed; %d boards posted again", refreshed)
        except Exception:
            # Whatever failed here, the ticker must run: it fires timers, takes up stalled AI
            # turns and retries the outbox, so what start-up missed is caught up on its ticks.
            log.exception("resuming at start-up failed; the ticker catches up")
        self.ticker.start()
        if self.backups is not None:
            self.backups.start()  # the first backup now, then every BACKUP_EVERY_HOURS

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        """Arm every interaction's 3-second guarantee before any of its handlers runs.

        discord.py schedules the command or component handler, then dispatches "interaction"
        in the same step, so this runs first (cogs/common/deadline.py).
        """
        if event_name == "interaction" and args and isinstance(args[0], discord.Interaction):
            answer_in_time(args[0])
        super().dispatch(event_name, *args, **kwargs)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Answer a click on a control none of ours matches (tampered custom_ids included)."""
        await answer_unknown_control(interaction, DYNAMIC_ITEMS)

    async def on_ready(self) -> None:
        """Log the connection; post what an outage kept from being shown."""
        log.info("connected as %s", self.user)
        await self.runtime.poster.retry_unsent()

    async def on_resumed(self) -> None:
        """After a reconnect: post what an outage kept from being shown."""
        await self.runtime.poster.retry_unsent()

    async def _tick(self) -> None:
        try:
            for outcome in await self.sessions.tick():
                await self.runtime.poster.post(outcome)
            await self.runtime.poster.retry_unsent()
        except Exception:
            log.exception("timer tick failed")

    async def _backup(self) -> None:
        folder, keep = self.settings.backups, self.settings.backup_keep
        try:
            path = await integrity.take_backup(self.database, folder, keep, datetime.now(UTC))
        except Exception:
            log.exception("the scheduled backup into %s failed", folder)
        else:
            log.info("backup written: %s", path)

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """Answer refusals with one sentence and anything else with the standard apology."""
        await handle(interaction, error)

    async def close(self) -> None:
        """Stop the timers, then disconnect."""
        if self.ticker.is_running():
            self.ticker.cancel()
        if self.backups is not None and self.backups.is_running():
            self.backups.cancel()
        if self._monitor is not None:
            self._monitor.cancel()
        if self._resuming is not None:
            self._resuming.cancel()
        self.runtime.poster.close()
        await super().close()


STEP_CPU_S = 0.02  # the monitor names every event-loop step that spends this much CPU


def time_loop_steps(threshold: float = STEP_CPU_S) -> None:
    """Log every event-loop step whose own CPU time reaches `threshold` (bench only).

    A stall's wall time includes the machine's load; a step's CPU time on the loop thread
    is our code alone, so this names what to move off the loop whatever the load. It wraps
    `asyncio.Handle._run` (every callback and task step the loop runs) for this process.
    """
    run = getattr(asyncio.Handle, "_run")  # noqa: B009 - a private method
    gc.callbacks.append(_count_gc)

    def timed(handle: asyncio.Handle) -> None:
        began, collecting = time.thread_time(), _GC_CPU[1]
        run(handle)
        spent = time.thread_time() - began
        if spent >= threshold:
            gc_ms = (_GC_CPU[1] - collecting) * 1000  # a collection that ran inside the step
            log.info(
                "loop step cpu %.1f ms (gc %.1f ms): %s", spent * 1000, gc_ms, _step_name(handle)
            )

    setattr(asyncio.Handle, "_run", timed)  # noqa: B010 - a private method, patched


_GC_CPU = [0.0, 0.0]  # the running collection's start, and all collections' CPU (s) so far


def _count_gc(phase: str, _info: dict[str, int]) -> None:
    """Add up the CPU time of the loop thread's garbage collections (`time_loop_steps`)."""
    if threading.current_thread() is not threading.main_thread():
        return
    if phase == "start":
        _GC_CPU[0] = time.thread_time()
    else:
        _GC_CPU[1] += time.thread_time() - _GC_CPU[0]


def time_gateway_events(parsers: dict[str, Any], threshold: float = STEP_CPU_S) -> None:
    """Log every gateway event whose parsing (discord.py's cache) takes `threshold` of CPU."""

    def timed(name: str, parse: Any) -> Any:
        def parsed(data: Any) -> Any:
            began = time.thread_time()
            try:
                return parse(data)
            finally:
                spent = time.thread_time() - began
                if spent >= threshold:
                    log.info("gateway event %s cpu %.1f ms", name, spent * 1000)

        return parsed

    for name, parse in list(parsers.items()):
        parsers[name] = timed(name, parse)


def _heap() -> str:
    """Return how many objects each collected generation holds, and the commonest kinds."""
    sizes = [len(gc.get_objects(generation)) for generation in range(3)]
    kinds = Counter(type(o).__name__ for o in gc.get_objects(2)).most_common(8)
    return f"{sizes} objects by generation; oldest: {kinds}"


def _step_name(handle: asyncio.Handle) -> str:
    """Return what a loop step ran: a task's coroutine and where it stands, or the callback."""
    callback = getattr(handle, "_callback", None)
    task = getattr(callback, "__self__", None)
    if isinstance(task, asyncio.Task):
        coro = task.get_coro()
        frame = getattr(coro, "cr_frame", None)
        where = f" at {frame.f_code.co_filename}:{frame.f_lineno}" if frame else ""
        return f"task {task.get_name()} {getattr(coro, '__qualname__', coro)}{where}"
    return repr(callback)[:200]


async def watch_loop(step: float = 0.005, every: float = 2.0, profile: Path | None = None) -> None:
    """Log the worst event-loop stall every `every` seconds (bench: DENARIUS_LOOP_MONITOR).

    A stall is how late a short sleep wakes up; the line gives the worst and the 99th
    percentile of the window's sleeps. The loop thread's own CPU time over the same sleep
    tells our code blocking the loop (CPU spent) from the machine being busy (the OS or the
    interpreter lock keeping the thread waiting). With `profile` (DENARIUS_LOOP_PROFILE) the
    loop thread runs under cProfile, its statistics written to that file at every line: what
    the loop itself spends its time on (`python -m pstats FILE`).
    """
    worst = busiest = 0.0
    late: list[float] = []
    since = time.perf_counter()
    pauses = [0.0, 0.0, 0.0]  # the running collection's start (wall, cpu), the longest one
    profiler = cProfile.Profile() if profile is not None else None
    if profiler is not None:
        profiler.enable()  # this thread only: the event loop's
    asyncio.get_running_loop().slow_callback_duration = 0.02  # logged with PYTHONASYNCIODEBUG

    def timed(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            pauses[0], pauses[2] = time.perf_counter(), time.thread_time()
        else:
            pause = time.perf_counter() - pauses[0]
            pauses[1] = max(pauses[1], pause)
            if pause >= STEP_CPU_S or info["generation"] == 2:  # every full one (rare)
                log.info(
                    "gc pause %.1f ms (cpu %.1f ms; generation %d, %d collected, thread %s)",
                    pause * 1000, (time.thread_time() - pauses[2]) * 1000, info["generation"],
                    info["collected"], threading.current_thread().name,
                )  # fmt: skip

    gc.callbacks.append(timed)
    while True:
        wall, cpu = time.perf_counter(), time.thread_time()
        await asyncio.sleep(step)
        late.append(time.perf_counter() - wall - step)
        worst = max(worst, late[-1])
        busiest = max(busiest, time.thread_time() - cpu)
        if time.perf_counter() - since >= every:
            late.sort()
            p99 = late[min(len(late) - 1, int(0.99 * len(late)))]
            log.info(
                "loop stall max %.1f ms p99 %.1f ms (loop cpu %.1f ms; gc %.1f ms)",
                worst * 1000, p99 * 1000, busiest * 1000, pauses[1] * 1000,
            )  # fmt: skip
            if profiler is not None and profile is not None:
                profiler.dump_stats(profile)  # all so far (writing them stops the profiler)
                profiler.enable()
                log.info("gc tracks %s", _heap())
            worst = busiest = pauses[1] = 0.0
            late.clear()
            since = time.perf_counter()


def clock(offset: timedelta, file: Path | None = None) -> Any:
    """Return the session clock: now in UTC, shifted by `offset` (zero outside tests).

    Tests that move time while the bot runs (a league season) give a file holding an ISO
    time instead; it is read on every call.
    """
    if file is not None:
        return lambda: datetime.fromisoformat(file.read_text(encoding="utf-8").strip())
    return lambda: datetime.now(UTC) + offset


async def check_database(settings: Settings) -> None:
    """Stop with a clear message if the database file fails SQLite's quick check."""
    try:
        await asyncio.to_thread(integrity.refuse_damaged, settings.database_path, settings.backups)
    except integrity.DamagedDatabaseError as error:
        log.critical("%s", error)
        raise SystemExit(str(error)) from error


def corrected_games(overrides: Path | None, folder: Path) -> dict[str, GameEngine[Any, Any]]:
    """Return the engines by game name, with DATA_OVERRIDES' corrections read into them.

    Corrections for a game live in `<overrides>/<game>/` (files named like its data files);
    a bad one stops start-up with a message naming file, row and field.
    """
    games = dict(GAMES)
    if overrides is None:
        return games
    if not overrides.is_dir():
        raise SystemExit(f"DATA_OVERRIDES={overrides} is not a folder.")
    for name, engine in games.items():
        own = overrides / name
        if own.is_dir() and isinstance(engine, editions.Editioned):
            try:
                games[name] = editions.with_corrections(engine, own, folder / name)
            except CatalogError as error:
                raise SystemExit(f"DATA_OVERRIDES: {error}") from error
            log.info("game %s: figures corrected from %s", name, own)
    return games


async def run(settings: Settings) -> None:
    """Check and open the database, run the bot until it is stopped, and close both cleanly."""
    if not settings.database_url:  # SQLite's own check; a PostgreSQL server checks itself
        await check_database(settings)
    with tempfile.TemporaryDirectory(prefix="denarius-data-") as folder:
        games = corrected_games(settings.data_overrides, Path(folder))  # fails fast
        target = settings.database_url or settings.database_path
        thinker = ai_thinker(settings)
        try:
            async with await Database.open(target, writers=settings.database_writers) as database:
                now = clock(settings.clock_offset, settings.clock_file)
                lease = timedelta(seconds=settings.lease_seconds)
                sessions = SessionManager(
                    Store(database),
                    games,
                    clock=now,
                    stand_in="normal",
                    thinker=thinker,
                    serving=Serving(settings.shards, lease=lease),
                )
                log.info("serving shards %s as %s", settings.shards, sessions.ctx.owner)
                try:
                    await _serve(settings, database, sessions)
                finally:
                    await _release(sessions)
        finally:
            thinker.close()


async def _release(sessions: SessionManager) -> None:
    """Give up this process's claims and leases as it stops, so its successor needs no wait."""
    try:
        await sessions.release()
    except Exception:  # the database may be what failed; the leases then lapse on their own
        log.exception("could not release this process's claims and leases")
    else:
        log.info("claims and leases released")


def ai_thinker(settings: Settings) -> Thinker:
    """Return where the AI players think (AI_PROCESSES workers), or stop on a bad AI_MAX_LEVEL."""
    try:
        return Thinker(
            settings.ai_processes, budget_s=settings.ai_budget_s, max_level=settings.ai_max_level
        )
    except ValueError as error:
        raise SystemExit(str(error)) from error


async def _serve(settings: Settings, database: Database, sessions: SessionManager) -> None:
    """Run the bot until it is stopped."""
    renderer = Renderer(settings.render_processes)
    try:
        async with GameBot(settings, sessions, renderer, database) as bot:
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGTERM, signal.SIGINT):
                loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
            await bot.start(settings.token)
    finally:
        renderer.close()


def main() -> int:
    """Start the bot, or the local table when no token is configured."""
    try:
        from dotenv import load_dotenv  # noqa: PLC0415 - optional at run time

        load_dotenv()
    except ImportError:
        pass
    if not os.environ.get("DISCORD_TOKEN"):
        from localdiscord.table import main as local_table  # noqa: PLC0415

        return local_table()
    settings = Settings.from_env()
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    if settings.api_base:
        from localdiscord import point_discord_py_at  # noqa: PLC0415

        point_discord_py_at(settings.api_base)
    asyncio.run(run(settings))
    return 0


if __name__ == "__main__":
    sys.exit(main())
