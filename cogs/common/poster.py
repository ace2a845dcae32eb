"""Post what the session manager returns into each game's thread (notes/discord.md §5.1, §5.6).

One message per turn: when the decision passes to another player, a new message carries the
board image, what happened since that player's last turn, the controls, and the only ping;
the previous turn message loses its controls (edited, not repeated). Moves within one
player's turn edit that message in place. Reminders, requests and the end of the game get
messages of their own. Rendering runs in a worker thread; a per-game lock keeps posts in
order, and an older outcome never overwrites a newer board.
"""

import asyncio
import io
import logging
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Protocol

import aiohttp
import discord

from cogs.common import text
from cogs.common.acting import PRIVATE_KINDS, controls, jump_url
from cogs.common.errors import missing_permissions, permission_names, reply
from cogs.common.i18n import t
from cogs.common.images import Renderer
from cogs.common.requests import request_view
from cogs.common.summary import post_summary
from engine.sessions import GameInfo, NoticeKind, Outcome, SessionManager, Status
from engine.sessions.errors import StateNeedsRepairError

log = logging.getLogger(__name__)

THREAD_NEEDS = ("send_messages_in_threads", "attach_files", "read_message_history")
ARCHIVED = 50083  # Discord: "Operation cannot be performed on an archived thread"
NO_PINGS = discord.AllowedMentions.none()
# Discord unreachable or failing for a while: what was saved is posted again later (outbox).
OUTAGE = (discord.DiscordServerError, aiohttp.ClientError, OSError, asyncio.TimeoutError)
RETRY_FIRST, RETRY_MOST = 2.0, 60.0  # seconds before the first retry; the longest wait


class Notifier(Protocol):
    """Players' time (cogs/notify.py over engine/people/): whether a ping goes out now.

    Each answers False for a notice held back (quiet hours, the daily digest) and queues the
    DM a player asked for; the poster then posts without the mention.
    """

    async def turn(self, outcome: Outcome, meta: "Meta", user_id: int) -> bool:
        """Return whether the board passing the decision to `user_id` pings them now."""
        ...

    async def reminder(self, outcome: Outcome, meta: "Meta", user_id: int) -> bool:
        """Return whether a reminder goes out now."""
        ...

    async def may_mention(self, user_id: int) -> bool:
        """Return whether a board posted again (no new turn) may mention the player now."""
        ...


@dataclass(frozen=True, slots=True)
class Meta:
    """What posting needs to know of a game besides the outcome."""

    game: str
    language: str
    guild_id: int | None
    channel_id: int | None
    users: tuple[int | None, ...]  # by engine seat
    names: tuple[str, ...]  # by engine seat


def _png(data: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


class Poster:
    """Posts outcomes, private views and refreshed boards for the bot."""

    def __init__(
        self,
        bot: discord.Client,
        sessions: SessionManager,
        names: dict[int, str],
        renderer: Renderer,
    ) -> None:
        """Wire the poster to the bot (for REST calls), the session manager and the renderer."""
        self.bot = bot
        self.render = renderer
        self.sessions = sessions
        self.names = names
        self._locks: dict[int, asyncio.Lock] = {}
        self._posted: dict[int, int] = {}
        self._latest: dict[int, int] = {}
        self._wanted: OrderedDict[int, tuple[Any, int, Outcome, str, Any]] = OrderedDict()
        self._drawer: asyncio.Task[None] | None = None
        self._meta: dict[int, Meta] = {}
        self._unsent: dict[
            int, int
        ] = {}  # game -> newest version saved but not shown, oldest first
        self._retrier: asyncio.Task[None] | None = None
        self.notifier: Notifier | None = None  # players' quiet hours and DMs (cogs/notify.py)

    # ---- game facts --------------------------------------------------------------------

    def forget(self, game_id: int) -> None:
        """Drop cached facts of a game (after its settings changed)."""
        self._meta.pop(game_id, None)

    async def meta(self, game_id: int, info: GameInfo | None = None) -> Meta:
        """Return the game's kind, language and players by seat (cached once started)."""
        if game_id in self._meta:
            return self._meta[game_id]
        info = info or await self.sessions.status(game_id)
        seats = sorted((s for s in info.seats if s.seat is not None), key=lambda s: s.seat or 0)
        users = tuple(s.user_id for s in seats)
        for user_id in users:  # after a restart nobody has clicked yet: ask Discord once
            if user_id is not None and user_id not in self.names and not self.bot.get_user(user_id):
                try:
                    self.names[user_id] = (await self.bot.fetch_user(user_id)).display_name
                except discord.HTTPException:
                    log.info("could not fetch the name of user %s", user_id)
        names = tuple(self._name(s.user_id, info.language) for s in seats)
        meta = Meta(info.game, info.language, info.guild_id, info.channel_id, users, names)
        if info.status is not Status.LOBBY:
            self._meta[game_id] = meta
        return meta

    def _name(self, user_id: int | None, lang: str) -> str:
        if user_id is None:
            return t(lang, "post.ai")  # "AI", "IA": in the game's language
        if user_id in self.names:
            return self.names[user_id]
        user = self.bot.get_user(user_id)
        return user.display_name if user else f"User {user_id}"

    # ---- posting outcomes --------------------------------------------------------------

    async def post(self, outcome: Outcome, *, fresh: bool = False) -> None:
        """Post one outcome in its game's thread (fresh: always as a new turn message)."""
        if outcome.thread_id is None:
            return
        game = outcome.game_id
        self._latest[game] = max(self._latest.get(game, -1), outcome.version)
        async with self._locks.setdefault(game, asyncio.Lock()):
            newest = self._latest[game]
            plain = not (outcome.notices or outcome.ping or fresh)
            if plain and outcome.version < max(self._posted.get(game, -1), newest):
                return  # a newer board is up already, or waits to be posted
            shown = self._posted.get(game, -1)
            self._posted[outcome.game_id] = outcome.version
            try:
                try:
                    await self._post(outcome, fresh=fresh)
                except discord.HTTPException as error:
                    if error.code != ARCHIVED:
                        raise
                    # Only an edit fails so (a send unarchives by itself), and it is the
                    # first call of a post, so posting again after unarchiving repeats nothing.
                    await self._unarchive(outcome.thread_id)
                    await self._post(outcome, fresh=fresh)
            except discord.Forbidden:
                await self._lacking(outcome)
            except OUTAGE as error:
                log.warning("game %s: move %s is saved but not shown (%s); retrying later",
                            game, outcome.version, type(error).__name__)  # fmt: skip
                self._posted[game] = shown
                self._unsent[game] = max(self._unsent.pop(game, -1), outcome.version)
                self._schedule_retry()

    # ---- the outbox: what was saved but not shown ---------------------------------------

    @property
    def unsent(self) -> dict[int, int]:
        """The games whose newest saved version is not shown yet (game -> version)."""
        return dict(self._unsent)

    def _schedule_retry(self) -> None:
        if self._retrier is None or self._retrier.done():
            self._retrier = asyncio.create_task(self._retry_until_sent())

    async def _retry_until_sent(self) -> None:
        """Retry the outbox with a growing pause until it is empty (reconnects and ticks too)."""
        pause = RETRY_FIRST
        while self._unsent:
            await asyncio.sleep(pause)
            await self.retry_unsent()
            pause = min(pause * 2, RETRY_MOST)

    async def retry_unsent(self) -> int:
        """Show what was saved but not shown: each game's board as it is now, oldest first.

        Exactly once per version: `_refresh` first reads which version the thread shows (a
        post that reached Discord although its answer was lost is not repeated).
        """
        count = 0
        for game in list(self._unsent):
            version = self._unsent.pop(game)
            try:
                info = await self.sessions.status(game)
                if info.status is not Status.LOBBY:
                    count += await self._refresh(info)
            except OUTAGE:
                self._unsent.setdefault(game, version)
                break  # still down: keep the order, try again later
            except discord.HTTPException:
                log.exception("could not post the board of game %s again", game)
        if count:
            log.info("outbox: %d boards posted after an outage", count)
        return count

    def close(self) -> None:
        """Stop retrying (the bot is closing; start-up reposts what is left)."""
        if self._retrier is not None:
            self._retrier.cancel()

    async def _post(self, outcome: Outcome, *, fresh: bool) -> None:
        meta = await self.meta(outcome.game_id)
        thread = self.bot.get_partial_messageable(outcome.thread_id or 0)
        kinds = {n.kind for n in outcome.notices}
        if NoticeKind.REMINDER in kinds and not outcome.moves:
            await self._remind(thread, outcome, meta)
            return
        for notice in outcome.notices:
            if notice.request_id is not None and notice.waiting_on:
                await self._ask(thread, outcome, meta, notice.request_id, notice.waiting_on)
        if outcome.status in (Status.FINISHED, Status.ABANDONED):
            await self._finish(thread, outcome, meta)
            return
        await self._board(thread, outcome, meta, fresh=fresh or outcome.ping is not None)

    async def _board(
        self, thread: discord.PartialMessageable, outcome: Outcome, meta: Meta, *, fresh: bool
    ) -> None:
        lang = meta.language
        recent = () if fresh else outcome.recent
        content = text.board(outcome, meta.names, lang, recent=recent)
        view = self._controls(outcome, meta)
        # Normally the image comes with the board. When the renderer is behind, the board
        # goes at once and its image follows; a game that moves again meanwhile gets only
        # its newest image drawn.
        png = None
        if not self.render.behind:
            prompt = outcome.turn.prompt if outcome.turn else None
            png = await self.render.board(
                meta.game, outcome.view, prompt, meta.names, lang, outcome.before
            )
        files = [] if png is None else [_png(png, f"board-{outcome.version}.png")]
        if png is None:
            content = f"{content}\n{t(lang, 'post.drawing')}"
        old = outcome.board_message_id
        if fresh or old is None:
            ping = outcome.ping or (outcome.turn.user_id if outcome.turn else None)
            if ping is not None and self.notifier is not None:
                now = (
                    await self.notifier.turn(outcome, meta, ping)
                    if outcome.ping is not None
                    else await self.notifier.may_mention(ping)
                )
                ping = ping if now else None
            mentions = discord.AllowedMentions(users=[discord.Object(ping)]) if ping else NO_PINGS
            msg = await thread.send(content, files=files, view=view, allowed_mentions=mentions)
            await self.sessions.set_messages(
                outcome.game_id, board_message_id=msg.id, ping_message_id=msg.id
            )
            if old is not None and old != msg.id:
                await self._retire(thread, old)
            target = msg.id
        else:
            try:
                await thread.get_partial_message(old).edit(
                    content=content, attachments=files, view=view or None
                )
            except discord.NotFound:
                await self._board(thread, outcome, meta, fresh=True)
                return
            target = old
        if png is None:
            # The image drawn later marks what changed since the last image drawn, so a
            # newer board waiting in place of an older one keeps the older one's `before`.
            waiting = self._wanted.get(outcome.game_id)
            before = outcome.before if waiting is None else waiting[4]
            self._wanted[outcome.game_id] = (thread, target, outcome, content, before)
            self._wanted.move_to_end(outcome.game_id)
            if self._drawer is None or self._drawer.done():
                self._drawer = asyncio.create_task(self._draw_wanted())

    @staticmethod
    def _controls(outcome: Outcome, meta: Meta) -> Any:
        choices = outcome.choices  # set when a person decides now
        if choices is None:
            return discord.utils.MISSING
        hidden = choices.turn.kind in PRIVATE_KINDS.get(meta.game, ())
        choices = text.named_choices(choices, meta.game, meta.names, meta.language)
        return controls(choices, meta.language, hidden=hidden)

    async def _draw_wanted(self) -> None:
        """Draw the images that boards went without, newest state of each game, oldest first."""
        while self._wanted:
            game, (thread, message_id, outcome, content, before) = self._wanted.popitem(last=False)
            meta = await self.meta(game)
            prompt = outcome.turn.prompt if outcome.turn else None
            try:
                png = await self.render.board(
                    meta.game, outcome.view, prompt, meta.names, meta.language, before
                )
            except Exception:
                log.exception("could not draw the board of game %s", game)
                continue
            async with self._locks.setdefault(game, asyncio.Lock()):
                if self._posted.get(game) != outcome.version:
                    continue  # a newer board replaced it; that one is (or will be) drawn
                note = "\n" + t(meta.language, "post.drawing")
                file = _png(png, f"board-{outcome.version}.png")
                try:
                    await thread.get_partial_message(message_id).edit(
                        content=content.removesuffix(note), attachments=[file]
                    )
                except discord.HTTPException:
                    log.info("could not add the image to message %s", message_id)

    async def _retire(self, thread: discord.PartialMessageable, message_id: int) -> None:
        """Take the controls off an older turn message (its ping stays as it was)."""
        try:
            await thread.get_partial_message(message_id).edit(view=None)
        except discord.HTTPException:
            log.info("could not retire message %s", message_id)

    async def _remind(
        self, thread: discord.PartialMessageable, outcome: Outcome, meta: Meta
    ) -> None:
        user = outcome.ping
        notifier = self.notifier
        if (
            user is not None
            and notifier is not None
            and not await notifier.reminder(outcome, meta, user)
        ):
            return  # held back (quiet hours, digest): it arrives at the start of their day
        deadline = outcome.turn.deadline if outcome.turn else None
        content = t(meta.language, "post.reminder", user=f"<@{user}>", when=text.when(deadline))
        url = jump_url(meta.guild_id, outcome.thread_id, outcome.board_message_id)
        content += "\n" + url
        view = request_view(outcome.game_id, None, meta.language)
        mentions = discord.AllowedMentions(users=[discord.Object(user)]) if user else NO_PINGS
        await thread.send(content, view=view, allowed_mentions=mentions)

    async def _ask(
        self,
        thread: discord.PartialMessageable,
        outcome: Outcome,
        meta: Meta,
        request_id: int,
        waiting: tuple[int, ...],
    ) -> None:
        kind = next(n for n in outcome.notices if n.request_id == request_id)
        who = " ".join(f"<@{u}>" for u in waiting)
        key = "post.undo_asked" if kind.kind is NoticeKind.UNDO_ASKED else "post.abandon_asked"
        asker = text.seat_name(kind.seat, meta.names)
        content = t(meta.language, key, who=who, asker=asker, move=kind.detail)
        view = request_view(outcome.game_id, request_id, meta.language)
        users = [discord.Object(u) for u in waiting]
        await thread.send(content, view=view, allowed_mentions=discord.AllowedMentions(users=users))

    async def _finish(
        self, thread: discord.PartialMessageable, outcome: Outcome, meta: Meta
    ) -> None:
        content = text.final(outcome, meta.names, meta.language)
        files = []
        if outcome.final is not None and outcome.final.result is not None:
            png = await self.render.score(
                meta.game, outcome.final.result, meta.names, meta.language
            )
            files.append(_png(png, "score.png"))
        if outcome.view is not None:
            png = await self.render.board(meta.game, outcome.view, None, meta.names, meta.language)
            files.append(_png(png, f"board-{outcome.version}.png"))
        await thread.send(content, files=files, allowed_mentions=NO_PINGS)
        if outcome.board_message_id is not None:
            await self._retire(thread, outcome.board_message_id)
        if outcome.status is Status.FINISHED:  # the replay and what was hidden (summary.py)
            await post_summary(thread, self.sessions, self.render, outcome, meta.names)

    async def _unarchive(self, thread_id: int | None) -> None:
        """Reopen a game thread that Discord archived while the game was idle."""
        log.info("unarchiving thread %s to post in it", thread_id)
        thread = await self.bot.fetch_channel(thread_id or 0)
        if isinstance(thread, discord.Thread):
            # A locked thread needs Manage Threads; the Forbidden names it (`_lacking`).
            await thread.edit(archived=False)

    async def _lacking(self, outcome: Outcome) -> None:
        """Say in the game's channel exactly which permissions the bot lacks in the thread."""
        log.warning("missing permissions posting game %s", outcome.game_id)
        thread = self.bot.get_channel(outcome.thread_id or 0)
        meta = await self.meta(outcome.game_id)
        needs: tuple[str, ...] = THREAD_NEEDS
        if isinstance(thread, discord.Thread) and thread.locked:
            needs = (*THREAD_NEEDS, "manage_threads")  # only so may the bot reopen it
        missing = list(needs)
        if isinstance(thread, discord.Thread) and thread.guild is not None:
            missing = missing_permissions(thread.permissions_for(thread.guild.me), needs)
        where = self.bot.get_partial_messageable(meta.channel_id or 0)
        with_names = permission_names(missing or list(needs))
        try:
            await where.send(t(meta.language, "error.permissions", perms=with_names))
        except discord.HTTPException:
            log.error(
                "cannot tell anyone about the missing permissions of game %s", outcome.game_id
            )

    # ---- private views and refreshes ---------------------------------------------------

    async def send_private(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """Send the user, ephemerally, their hidden information and private image.

        In the game's language, as the image is (a Spanish game reads Spanish throughout).
        """
        await interaction.response.defer(ephemeral=True, thinking=True)
        private = await self.sessions.private_view(game_id, interaction.user.id)
        meta = await self.meta(game_id)
        png = await self.render.private(
            meta.game, private.view, meta.names, meta.language, private.prompt
        )
        file = discord.File(io.BytesIO(png), filename=f"private-{private.version}.png")
        seat = text.seat_name(private.seat, meta.names)
        await reply(interaction, t(meta.language, "post.private", seat=seat), file=file)

    async def refresh(self) -> int:
        """After a restart: post again every active board whose controls are out of date."""
        count = 0
        for info in await self.sessions.list_games(statuses=(Status.ACTIVE,)):
            try:
                count += await self._refresh(info)
            except discord.HTTPException:
                log.exception("could not refresh the board of game %s", info.game_id)
            except StateNeedsRepairError as paused:  # its stored state fails its checks
                await self._tell_paused(info, paused)
        return count

    async def _tell_paused(self, info: GameInfo, paused: StateNeedsRepairError) -> None:
        """Tell a paused game's thread, in its language, why it waits and who can repair it."""
        if info.thread_id is None:
            return
        try:
            thread = self.bot.get_partial_messageable(info.thread_id)
            await thread.send(paused.text(info.language))
        except discord.HTTPException:
            log.exception("could not tell game %s that it is paused", info.game_id)

    async def _refresh(self, info: GameInfo) -> int:
        outcome = await self.sessions.current(info.game_id)
        await self.meta(info.game_id, info)
        if outcome.thread_id is None:
            return 0  # the lobby cog opens the thread; a start cut short is re-posted there
        if outcome.board_message_id is not None:
            thread = self.bot.get_partial_messageable(outcome.thread_id)
            try:
                msg = await thread.fetch_message(outcome.board_message_id)
            except discord.NotFound:
                msg = None
            if msg is not None and text.shown_version(msg) == outcome.version:
                return 0
        await self.post(outcome, fresh=True)
        return 1
