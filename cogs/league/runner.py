"""The league loop: run what is due, open game threads, announce weeks, deadlines and seasons.

One pass (`run_once`, from a `tasks.loop`) is restart-safe because every step reads SQLite:
the league service records each schedule step once; a league game without a thread gets one
(and its players' ping) on the next pass, whatever happened before; results are settled from
the session store. No pass reads every open game: the first pass after start-up checks each
open league game once (threads and results), then a pass looks only at the games the port
started (for threads) and the games the session service said ended (for results).
Posting a game's board goes through the game cog's poster when the bot has one
(`bot.runtime.poster`, cogs branch); otherwise `post_plain` says whose turn it is.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Any

import discord

from cogs.common.poster import SENDING, held_back
from cogs.common.text import nonce
from cogs.league import text
from cogs.league.text import mentions, t, when
from engine.db.shards import shard_of
from engine.leagues.actions import (
    Action,
    DeadlineReached,
    SeasonClosed,
    Standings,
    WeekSeated,
)
from engine.leagues.model import League
from engine.leagues.port import SessionPort, Settled
from engine.leagues.service import LeagueService
from engine.people import People, Ping
from engine.sessions import GameInfo, Outcome, SessionManager, Status

log = logging.getLogger(__name__)

Post = Callable[[Outcome], Awaitable[None]]
PING_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False)
NO_PINGS = discord.AllowedMentions.none()
REMIND_BEFORE = timedelta(hours=24)  # the deadline reminder in each unfinished game's thread


class LeagueRunner:
    """Drives the leagues for one bot: the weekly cycle, game threads and announcements."""

    def __init__(
        self,
        bot: discord.Client,
        leagues: LeagueService,
        sessions: SessionManager,
        post: Post | None = None,
    ) -> None:
        self.bot = bot
        self.leagues = leagues
        self.sessions = sessions
        self.port = SessionPort(sessions, leagues)
        self.post = post or self.post_plain
        self.names: dict[int, str] = {}  # display names seen in interactions (for images)
        self._unthreaded: set[int] | None = None  # games to give a thread; None: check all
        self._owns: Callable[[int | None], bool] = lambda guild: True  # the shards held
        self._flushing = asyncio.Lock()  # one flush of the owed messages at a time

    async def held_shards(self) -> frozenset[int]:
        """Take or renew the league lease of each shard this process serves; return those held.

        One league scheduler per shard, whatever the number of processes (issue 19): a
        process runs the leagues of the servers of the shards whose lease it holds, and a
        process that dies stops renewing, so after the lease another may take over.
        """
        shards = self.sessions.shards
        held = set()
        for shard in sorted(shards.ids):
            if await self.sessions.hold(f"league:{shard}/{shards.count}"):
                held.add(shard)
        return frozenset(held)

    async def run_once(self) -> list[Action]:
        """Do one pass: due steps and games, threads, posts, results. Return the actions."""
        started = time.perf_counter()
        held = await self.held_shards()
        if not held:
            return []
        count = self.sessions.shards.count

        def owns(guild: int | None) -> bool:
            return shard_of(guild, count) in held

        self._owns = owns
        await self.flush()  # what an outage or a restart kept back, before anything new
        actions = await self.leagues.run_due(self.port, owns=owns)
        for action in actions:
            await self._announce(action)
        await self.open_threads()
        await self.remind_deadlines()
        for outcome in self.port.take_outcomes():
            if outcome.thread_id is not None:
                await self.post(outcome)
        await self.port.settle(owns)
        for settled in self.port.take_settled():
            await self._result(settled)
        if actions:
            log.info("league pass: %d actions, %.2f s", len(actions), time.perf_counter() - started)
        return actions

    async def language(self, guild: int) -> str:
        """Return the guild's language for announcements."""
        return text.lang_of((await self.sessions.guild_settings(guild)).get("language"))

    def channel(self, channel_id: int) -> discord.PartialMessageable:
        """Return a channel to post in by id."""
        return self.bot.get_partial_messageable(channel_id)

    async def _where(self, league_id: int) -> tuple[League, int | None, str]:
        league = await self.leagues.league(league_id)
        channel = await self.port.links.channel(league_id)
        return league, channel, await self.language(league.guild)

    async def _announce(self, action: Action) -> None:
        match action:
            case WeekSeated():
                await self._seated(action)
            case DeadlineReached():
                await self._deadline(action)
            case SeasonClosed():
                await self._season_end(action)
            case _:
                return  # game work: threads and results follow from the stores

    async def _seated(self, action: WeekSeated) -> None:
        league, channel, lang = await self._where(action.league_id)
        if channel is None:
            return
        lines = [
            t(
                lang,
                "seated",
                name=league.name,
                season=action.season,
                week=action.week,
                deadline=when(action.deadline),
            )
        ]
        for table in action.tables:
            lines.append(t(lang, "table", number=table.number, players=mentions(table.players)))
        if action.byes:
            lines.append(t(lang, "byes", players=mentions(action.byes)))
        if action.absent:
            lines.append(t(lang, "away", players=mentions(action.absent)))
        await self._send(channel, "\n".join(lines), NO_PINGS, guild=league.guild)

    async def _deadline(self, action: DeadlineReached) -> None:
        league, channel, lang = await self._where(action.league_id)
        if channel is None:
            return
        content = t(
            lang,
            "deadline",
            name=league.name,
            week=action.week,
            season=action.season,
            count=len(action.open_tables),
            policy=t(lang, f"policy_{action.policy.value}"),
        )
        if action.voided:
            numbers = ", ".join(str(v.number) for v in action.voided)
            content += "\n" + t(lang, "voided", tables=numbers)
        await self._send(channel, content, NO_PINGS, guild=league.guild)

    async def _season_end(self, action: SeasonClosed) -> None:
        league, channel, lang = await self._where(action.league_id)
        if channel is None:
            return
        standings = Standings(
            action.league_id,
            action.season,
            True,
            action.standings,
            {u: r for u, (r, _) in (await self.leagues.store.ratings(league.id)).items()},
        )
        champions = mentions(action.champions)
        content = t(lang, "season_end", name=league.name, season=action.season, champions=champions)
        if len(action.next_divisions) > 1:  # promotion and relegation: next season's ladder
            for number, ladder in enumerate(action.next_divisions, start=1):
                content += "\n" + t(lang, "next_division", number=number, players=mentions(ladder))
        embed = text.standings_embed(league.name, standings, lang)
        file = await text.standings_file(league.name, standings, lang, self.display_name)
        users = [discord.Object(u) for u in action.champions]
        mention = discord.AllowedMentions(users=users, roles=False, everyone=False)
        await self._send(channel, content, mention, embed=embed, file=file)

    async def open_threads(self) -> int:
        """Open a thread, ping the players and post the board of each league game without one.

        The first pass checks every open league game; later passes only the games the port
        started since, and those whose thread could not be opened yet (no league channel,
        or Discord refused): they are tried again on the next pass.
        """
        started = self.port.take_started()
        everything = self._unthreaded is None
        wanted = started | (self._unthreaded or set())
        if not everything and not wanted:
            return 0
        opened = 0
        later: set[int] = set()
        for table_id, game_id in await self.port.links.open_games():
            if not everything and game_id not in wanted:
                continue
            info = await self.sessions.status(game_id)
            if info.thread_id is not None or info.status is not Status.ACTIVE:
                continue
            if not self._owns(info.guild_id):
                continue  # another process's server
            try:
                done = await self._open_thread(table_id, info)
            except discord.HTTPException:
                log.exception("could not open the thread of league game %s", game_id)
                done = False
            if not done:
                later.add(game_id)
                continue
            opened += 1
        self._unthreaded = later
        return opened

    async def _open_thread(self, table_id: int, info: GameInfo) -> bool:
        """Open the game's thread and post in it; False when the league has no text channel."""
        league_id, _, season, week = await self.leagues.store.table_context(table_id)
        league, channel_id, lang = await self._where(league_id)
        table = (await self.leagues.store.tables(table_id=table_id))[0]
        weeks = {w.number: w for s in await self.leagues.store.seasons(league_id)
                 if s.number == season for w in await self.leagues.store.weeks(s.id)}  # fmt: skip
        if channel_id is None:
            return False
        channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
        if not isinstance(channel, discord.TextChannel):
            return False
        name = t(lang, "thread", name=league.name, season=season, week=week, number=table.number)
        thread = await channel.create_thread(
            name=name[:100], type=discord.ChannelType.public_thread, auto_archive_duration=10080
        )
        await self.sessions.set_messages(info.game_id, thread_id=thread.id)
        deadline = when(weeks[week].deadline) if week in weeks else "-"
        ping = t(
            lang,
            "game_ping",
            players=mentions(table.players),
            name=league.name,
            week=week,
            deadline=deadline,
        )
        notify = (
            await self._opening_mentions(info.game_id, weeks[week].deadline)
            if (week in weeks)
            else PING_USERS
        )
        await self._send(thread.id, ping, notify, guild=league.guild)  # owed from here on
        await self.post(await self.sessions.current(info.game_id))
        return True

    async def _opening_mentions(self, game_id: int, deadline: datetime) -> discord.AllowedMentions:
        """Whom the week's opening ping may notify: the players awake now (docs/people.md).

        The message names every player; a player in their quiet hours (or on a daily digest)
        is named without being notified, and their ping is held like the day-before one: it
        joins the one message they get when their day starts.
        """
        awake = await self._awake(await self.sessions.status(game_id), deadline)
        users = [discord.Object(user) for user in awake]
        return discord.AllowedMentions(users=users, roles=False, everyone=False)

    async def remind_deadlines(self) -> int:
        """Ping, once, the players of each game still running a day before its week ends."""
        now = self.leagues.clock()
        sent = 0
        for table_id, game_id, deadline in await self.port.links.open_games_due():
            if not deadline - REMIND_BEFORE <= now < deadline:
                continue
            info = await self.sessions.status(game_id)
            if info.status is not Status.ACTIVE or info.thread_id is None or info.guild_id is None:
                continue
            if not self._owns(info.guild_id):
                continue
            if not await self.port.links.record_reminder(table_id, now):
                continue  # at most once: recorded before sending
            league_id, *_ = await self.leagues.store.table_context(table_id)
            league = await self.leagues.league(league_id)
            lang = await self.language(info.guild_id)
            players = await self._awake(info, deadline)
            if not players:
                continue  # every player is held: each gets it when their day starts
            content = t(
                lang,
                "deadline_soon",
                players=mentions(players),
                deadline=when(deadline),
                policy=t(lang, f"policy_{league.config.forfeit_policy.value}"),
            )
            await self._send(info.thread_id, content, PING_USERS, guild=info.guild_id)
            sent += 1
        return sent

    async def _awake(self, info: GameInfo, deadline: datetime) -> list[int]:
        """Return the players to ping now about the week's deadline; hold the others' pings.

        Like every other ping (docs/people.md), a player in their quiet hours, or who takes
        only a daily digest, is not pinged: the ping is held and joins the one message they
        get when their day starts. Without players' time (the cogs.settings extension) all
        are pinged.
        """
        players = [s.user_id for s in info.seats if s.user_id is not None and not s.stand_in]
        people = getattr(self.bot, "people", None)
        if not isinstance(people, People):
            return players
        awake = []
        for user in players:
            ping = Ping(user, info.game_id, info.game, info.language, info.guild_id,
                        info.thread_id, deadline)  # fmt: skip
            if await people.league_ping(ping):
                awake.append(user)
        return awake

    async def _result(self, settled: Settled) -> None:
        info = await self.sessions.status(settled.game_id)
        if info.thread_id is None or info.guild_id is None:
            return
        lang = await self.language(info.guild_id)
        lines = [t(lang, "result")]
        for s in settled.scores:
            lines.append(
                t(
                    lang,
                    "result_line",
                    rank=s.rank,
                    player=f"<@{s.user}>",
                    points=text.points(s.points),
                    forfeit=t(lang, "forfeit") if s.forfeited else "",
                )
            )
        await self._send(info.thread_id, "\n".join(lines), NO_PINGS, guild=info.guild_id)

    async def post_plain(self, outcome: Outcome) -> None:
        """Say in the game's thread whose turn it is, or that the game is over (no board)."""
        if outcome.thread_id is None:
            return
        await self.post_plain_info(outcome.thread_id, await self.sessions.status(outcome.game_id))

    async def post_plain_info(self, thread_id: int, info: GameInfo) -> None:
        """Post a one-line status of a game (the stand-in for the game cog's poster)."""
        if info.turn is not None and info.turn.user_id is not None:
            content = (
                f"<@{info.turn.user_id}>: {info.turn.prompt} (#{info.game_id}, v{info.version})"
            )
            await self._send(thread_id, content, PING_USERS)
        elif info.status is Status.FINISHED and info.final is not None:
            await self._send(thread_id, f"#{info.game_id}: {info.final.ranks}", NO_PINGS)

    def display_name(self, user: int) -> str:
        """Return a user's name as the bot knows it (for images, where mentions do not work)."""
        if user in self.names:
            return self.names[user]
        found = self.bot.get_user(user)
        return found.display_name if found is not None else f"User {user}"

    async def _send(
        self,
        channel_id: int,
        content: str,
        mentions_: discord.AllowedMentions,
        *,
        guild: int | None = None,
        **kw: Any,
    ) -> None:
        """Post a message; with its `guild`, through the outbox (stored first, sent once).

        The outbox keeps text and mentions only: a message with an embed or a file (the
        season's standings) and the stand-in status lines are sent at once, as before.
        """
        if guild is not None and not kw:
            store = self.leagues.store
            await store.owe_post(guild, channel_id, content, _mentions_json(mentions_),
                                 self.leagues.clock())  # fmt: skip
            await self.flush()
            return
        chunks = split_message(content)
        try:
            for i, chunk in enumerate(chunks):
                extra = kw if i == len(chunks) - 1 else {}  # embed and file go with the last
                await self.channel(channel_id).send(chunk, allowed_mentions=mentions_, **extra)
        except discord.HTTPException:
            log.exception("could not post in channel %s", channel_id)

    async def flush(self) -> int:
        """Send the owed messages of the servers this process runs, oldest first; return how many.

        Each is marked posted once Discord took it. Discord unreachable or still rate limited
        (`held_back`): the rest wait for the next pass, in order. A message repeated after a
        kill between sending and marking it carries the same nonces (its row id), so Discord
        returns the message already sent. One Discord refuses for good (a missing
        permission, a deleted channel) is logged and not tried again.
        """
        sent = 0
        async with self._flushing:
            for (
                post_id,
                guild,
                channel_id,
                content,
                mentions_,
            ) in await self.leagues.store.owed_posts():
                if not self._owns(guild):
                    continue  # another process's server
                allowed = _mentions_of(mentions_)
                try:
                    for i, chunk in enumerate(split_message(content)):
                        await self.channel(channel_id).send(
                            chunk, allowed_mentions=allowed, nonce=nonce("l", post_id, i)
                        )
                except SENDING as error:
                    if held_back(error):
                        log.warning("league message %s waits for Discord (%s)", post_id,
                                    type(error).__name__)  # fmt: skip
                        return sent
                    log.exception("could not post in channel %s", channel_id)
                else:
                    sent += 1
                await self.leagues.store.post_sent(post_id, self.leagues.clock())
        return sent


def _mentions_json(allowed: discord.AllowedMentions) -> str:
    """Return whom a message may notify, as stored: {}, {"users": true} or {"users": [ids]}."""
    users = allowed.users
    if users is True:
        return json.dumps({"users": True})
    if not users:
        return "{}"
    return json.dumps({"users": [int(u.id) for u in users]})


def _mentions_of(stored: str) -> discord.AllowedMentions:
    """Return the allowed mentions a stored message was made with (`_mentions_json`)."""
    users = json.loads(stored).get("users")
    if users is True:
        return PING_USERS
    if not users:
        return NO_PINGS
    return discord.AllowedMentions(
        users=[discord.Object(u) for u in users], roles=False, everyone=False
    )


def split_message(content: str, limit: int = 2000) -> list[str]:
    """Split a message at line ends into pieces Discord accepts (a long line is cut)."""
    pieces = [
        raw[i : i + limit] for raw in content.split("\n") for i in range(0, max(len(raw), 1), limit)
    ]
    chunks: list[str] = []
    for piece in pieces:
        if chunks and len(chunks[-1]) + 1 + len(piece) <= limit:
            chunks[-1] += "\n" + piece
        else:
            chunks.append(piece)
    return chunks
