"""Post what the session manager returns into each game's thread (notes/discord.md §5.1, §5.6).

One message per turn (cogs/common/story.py tells it): when the turn passes, to another
player or back to the same one after the others moved, a new message carries the board image,
what happened since that player's last turn, the controls, and at most one ping; the previous
turn message is edited once more into the whole turn that ended, without controls. Moves
within one turn edit its message in place. Reminders, requests and the end of the game get
messages of their own. Rendering runs in a worker thread; a per-game lock keeps posts in
order, and an older outcome never overwrites a newer board.
"""

import asyncio
import contextlib
import io
import logging
import re
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any, Protocol

import aiohttp
import discord

from cogs.common import story, text
from cogs.common.acting import PRIVATE_KINDS, controls, jump_url
from cogs.common.errors import missing_permissions, permission_names, reply
from cogs.common.i18n import t
from cogs.common.images import Renderer
from cogs.common.levels import ai_name
from cogs.common.requests import request_view
from cogs.common.summary import post_summary
from engine.sessions import GameInfo, Notice, NoticeKind, Outcome, SeatOrder, SessionManager, Status
from engine.sessions.errors import StateNeedsRepairError

log = logging.getLogger(__name__)

THREAD_NEEDS = ("send_messages_in_threads", "attach_files", "read_message_history")
ARCHIVED = 50083  # Discord: "Operation cannot be performed on an archived thread"
NO_PINGS = discord.AllowedMentions.none()
# Discord unreachable or failing for a while: what was saved is posted again later (outbox).
OUTAGE = (discord.DiscordServerError, aiohttp.ClientError, OSError, asyncio.TimeoutError)
# What a send to Discord may raise; `held_back` says which of these mean "try again later".
SENDING = (*OUTAGE, discord.HTTPException, discord.RateLimited)
RETRY_FIRST, RETRY_MOST = 2.0, 60.0  # seconds before the first retry; the longest wait
DRAW_TRIES = 3  # a board image that fails to draw this often is left out (logged)
DRAW_PAUSE_MOST = 8.0  # seconds: the longest wait before offering an image again
# While other boards of this process are on their way too (a busy bot), a board waits this
# long at most for its images: past it the board goes without them and the drawing under way
# is added when done (a busy machine's drawings take seconds). A board alone waits for them.
DRAW_WAIT = 0.25
# A press's own webhook edits the pressed board while its token is this young (Discord's
# last 15 minutes); later, and for everything no press brought, the channel's edit.
CLICK_FRESH = timedelta(minutes=10)
Click = discord.Interaction[Any]  # the press whose outcome is being posted
# A board's images drawn later: thread, message, outcome, content, before, legend, press.
Wanted = tuple[Any, int, Outcome, str, Any, str, Click | None]
# A board image's name says the move it shows: board-227.png, board-227-focus.png.
PICTURED = re.compile(r"board-(\d+)(?:-[\w-]+)?\.png")


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
    shuffled: bool = True  # the seats were drawn at random at the start (SeatOrder.RANDOM)


def _png(data: bytes, name: str, description: str | None = None) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name, description=description)


def _pictures(
    pictures: tuple[tuple[str, bytes], ...], version: int, alt: dict[str, str] | None = None
) -> list[discord.File]:
    """Return a board's images as files, phone images first (render/base/phone.py).

    One message shows them as a gallery. The whole board keeps its name, board-<version>.png.
    """
    alt = alt or {}
    return [
        _png(png, f"board-{version}.png" if name == "board" else f"board-{version}-{name}.png",
             alt.get(name))
        for name, png in pictures
    ]  # fmt: skip


def _final_alt(result: Any, meta: Meta) -> str:
    """Return the final scores as the final board's alt text: "Alice 86, Bob 74"."""
    order = sorted(range(len(result.scores)), key=lambda s: (result.ranks[s], s))
    scores = ", ".join(f"{text.seat_name(s, meta.names)} {result.scores[s]}" for s in order)
    return t(meta.language, "phone.alt_final", scores=scores)


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
        self._wanted: OrderedDict[int, Wanted] = OrderedDict()
        self._drawing: dict[int, asyncio.Future[Any]] = {}  # a wanted board's drawing under way
        self._boarding = 0  # boards being posted now (drawn, sent), this one included
        # game -> seat -> the public view at the end of that seat's previous turn (as far as
        # this process saw it): a turn's first board marks what changed since then.
        self._turn_ends: dict[int, dict[int, Any]] = {}
        self._drawer: asyncio.Task[None] | None = None
        self._meta: dict[int, Meta] = {}
        self._unsent: dict[
            int, int
        ] = {}  # game -> newest version saved but not shown, oldest first
        self._retrier: asyncio.Task[None] | None = None
        self._tries: dict[int, int] = {}  # game -> failed drawings of its wanted image
        # game -> (thread, message) of the board this process posted last and stored: an
        # outcome read while that post was in flight still names the message before it.
        self._boards: dict[int, tuple[int, int]] = {}
        # game -> (message, move its images show; None: it has none) of the board message
        # this process drew last: its retiring edit keeps them and says so (playtest item 127).
        self._pictured: dict[int, tuple[int, int | None]] = {}
        self.notifier: Notifier | None = None  # players' quiet hours and DMs (cogs/notify.py)
        self._showing: set[asyncio.Task[None]] = set()  # boards shown while an AI thinks

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
        names = tuple(self._name(s.user_id, info.language, s.ai) for s in seats)
        shuffled = info.seat_order is SeatOrder.RANDOM
        meta = Meta(info.game, info.language, info.guild_id, info.channel_id, users, names,
                    shuffled)  # fmt: skip
        if info.status is not Status.LOBBY:
            self._meta[game_id] = meta
        return meta

    def _name(self, user_id: int | None, lang: str, ai: str | None = None) -> str:
        if user_id is None:
            return ai_name(lang, ai)  # "Hard AI", "IA difícil": in the game's language
        if user_id in self.names:
            return self.names[user_id]
        user = self.bot.get_user(user_id)
        return user.display_name if user else f"User {user_id}"

    # ---- posting outcomes --------------------------------------------------------------

    async def post(
        self,
        outcome: Outcome,
        *,
        fresh: bool = False,
        held: bool = False,
        click: Click | None = None,
    ) -> None:
        """Post one outcome in its game's thread (fresh: always as a new turn message).

        Its notices are stored by the session service and owed to the thread until posted:
        each is marked posted once its message went out; what an outage keeps back is
        posted by the outbox (`retry_unsent`), and at start-up (`refresh`). `held`: the
        caller holds the game's posting lock already (`_refresh`). `click`: the press that
        played the move; its own webhook edits the message pressed (`_edit`).
        """
        if outcome.thread_id is None:
            await self._done(outcome.notices)  # no thread yet: its first board says it all
            return
        game = outcome.game_id
        self._latest[game] = max(self._latest.get(game, -1), outcome.version)
        lock = self._locks.setdefault(game, asyncio.Lock())
        async with contextlib.nullcontext() if held else lock:
            if not held and (outcome.notices or game in self._unsent):
                owing = await self._owing(outcome)
                if owing is None:
                    return  # posted with everything the game owed (`_catch_up`)
                outcome = owing
            newest = self._latest[game]
            plain = not (outcome.notices or outcome.ping or fresh)
            if plain and outcome.version < max(self._posted.get(game, -1), newest):
                return  # a newer board is up already, or waits to be posted
            shown = self._posted.get(game, -1)
            self._posted[outcome.game_id] = outcome.version
            outcome = self._on_board(outcome)

            def owe() -> None:
                self._posted[game] = shown
                self._owe(game, outcome.version)

            async with self._or_owed(outcome, owe):
                try:
                    await self._post(outcome, fresh=fresh, click=click)
                except discord.HTTPException as error:
                    if error.code != ARCHIVED:
                        raise
                    # Only an edit fails so (a send unarchives by itself), and it is the
                    # first call of a post, so posting again after unarchiving repeats nothing.
                    await self._unarchive(outcome.thread_id)
                    told = tuple(n for n in outcome.notices if not _own_message(n))
                    await self._post(replace(outcome, notices=told), fresh=fresh)  # sent: once

    @contextlib.asynccontextmanager
    async def _or_owed(self, outcome: Outcome, owe: Callable[[], None]) -> AsyncIterator[None]:
        """Post within: a missing permission is told instead; an outage calls `owe`.

        `owe` leaves the game to the outbox, which posts it again once Discord takes posts.
        """
        try:
            yield
        except discord.Forbidden:
            await self._lacking(outcome)
            await self._done(outcome.notices)  # told the channel what is missing instead
        except SENDING as error:
            if not held_back(error):
                raise
            log.warning("game %s: move %s is saved but not shown (%s); retrying later",
                        outcome.game_id, outcome.version, type(error).__name__)  # fmt: skip
            owe()

    async def _owing(self, outcome: Outcome) -> Outcome | None:
        """Return the outcome to post as it is, or None once posted with all the game owes.

        Under the game's lock, what the game owes its thread is read: if an earlier post was
        held back (the outbox owes the game), everything is posted oldest first, then the
        board (`_catch_up`); the outcome's own notices alone could go before older ones.
        Notices a catch-up posted already are not posted again by their own outcome. A later
        outcome's notices, stored while this one waited for the lock, are not a reason to
        catch up: that outcome posts them, with the story of its own moves.
        """
        game = outcome.game_id
        owed = (await self.sessions.owed(game)).get(game, [])
        if game in self._unsent:
            await self._catch_up(outcome, owed)  # older notices go first
            return None
        still = {n.id for n in owed}
        told = tuple(n for n in outcome.notices if n.id is None or n.id in still)
        if not told and outcome.notices and outcome.version <= self._posted.get(game, -1):
            return None  # posted with its board (as new as this one) by a catch-up
        return replace(outcome, notices=told)

    async def _catch_up(self, outcome: Outcome, owed: list[Notice]) -> None:
        """Post everything a game owes its thread, oldest first, then its board (the lock held).

        An earlier post was held back (an outage: the outbox owes the game): posting this
        outcome's own notices alone could put them before the older ones. So it posts as the
        outbox does; what an outage keeps back stays owed.
        """
        game = outcome.game_id
        version = max(self._unsent.pop(game, -1), outcome.version)
        async with self._or_owed(outcome, lambda: self._owe(game, version)):
            await self._refresh_held(await self.sessions.status(game), owed)

    async def progress(self, outcome: Outcome) -> None:
        """Show a call's moves so far while an AI seat thinks (the session's watcher).

        Posted in the background, in order with the game's other posts (its lock), so the
        AI's decision does not wait for Discord; the call's own outcome follows it.
        """
        task = asyncio.create_task(self.post(outcome))
        self._showing.add(task)
        task.add_done_callback(self._shown)

    def _shown(self, task: "asyncio.Task[None]") -> None:
        self._showing.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a board shown while an AI thinks failed", exc_info=task.exception())

    def _on_board(self, outcome: Outcome) -> Outcome:
        """Return the outcome naming the thread's current board message.

        An outcome names the board message stored when its move was saved; if an earlier
        post of the game (one at a time, under its lock) was still waiting for Discord then
        (a rate limit, an outage), it has since posted a new message, and this outcome's
        board goes there: editing the one it names would write over the turn that ended
        while the new message kept an older version's controls.
        """
        known = self._boards.get(outcome.game_id)
        if known is None or known[0] != outcome.thread_id:
            return outcome  # nothing posted since (or the game moved to another thread)
        if known[1] == outcome.board_message_id:
            return outcome
        return replace(outcome, board_message_id=known[1])

    # ---- the outbox: what was saved but not shown ---------------------------------------

    @property
    def unsent(self) -> dict[int, int]:
        """The games whose newest saved version is not shown yet (game -> version)."""
        return dict(self._unsent)

    def _owe(self, game: int, version: int) -> None:
        """Leave a game's board (up to `version`) to the outbox, which retries until shown."""
        self._unsent[game] = max(self._unsent.pop(game, -1), version)
        self._schedule_retry()

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
        """Show what was saved but not shown: owed notices, then boards as they are now.

        Oldest game first. Exactly once: a notice is marked posted when its message went out,
        and every message carries a nonce Discord dedupes (`text.nonce`); `_refresh` reads which
        version the thread shows first (a board that reached Discord although its answer was
        lost is not repeated).
        """
        count = 0
        for game in list(self._unsent):
            if game not in self._unsent:
                continue  # shown meanwhile: a post caught up on it (`_catch_up`)
            try:
                info = await self.sessions.status(game)
                if info.status is Status.LOBBY:
                    self._unsent.pop(game, None)
                    continue
                count += await self._refresh(info, owing=True)
            except SENDING as error:
                if not held_back(error):
                    log.exception("could not post the board of game %s again", game)
                    continue  # given up: `_refresh` took it off the outbox
                break  # still down or held back: keep the order, try again later
        if count:
            log.info("outbox: %d boards posted after an outage", count)
        return count

    def close(self) -> None:
        """Stop retrying (the bot is closing; start-up reposts what is left)."""
        if self._retrier is not None:
            self._retrier.cancel()

    async def _post(self, outcome: Outcome, *, fresh: bool, click: Click | None = None) -> None:
        meta = await self.meta(outcome.game_id)
        thread = self.bot.get_partial_messageable(outcome.thread_id or 0)
        kinds = {n.kind for n in outcome.notices}
        await self._letters(thread, outcome, meta, outcome.notices)
        rest = [n for n in outcome.notices if not _own_message(n)]
        if NoticeKind.REMINDER in kinds and not outcome.moves and not fresh:
            await self._done(rest)
            return  # a reminder alone: the board stands as it is
        if outcome.status in (Status.FINISHED, Status.ABANDONED):
            await self._finish(thread, outcome, meta, click)
        else:
            # A new message when the turn passed (to someone else, or back after the others
            # moved); the moves of one turn edit its message in place (cogs/common/story.py).
            # Back to the player who just acted (the others were AIs): a new message, no ping.
            # While AIs think (`outcome.thinking`) the turn's message is edited in place.
            quiet = (
                not (fresh or outcome.thinking) and outcome.ping is None and story.passed(outcome)
            )
            fresh = fresh or outcome.ping is not None or quiet
            self._boarding += 1
            try:
                await self._board(thread, outcome, meta, fresh=fresh, quiet=quiet, click=click)
            finally:
                self._boarding -= 1
        await self._done(rest)  # the board (or the end) said them

    async def _letters(
        self,
        thread: discord.PartialMessageable,
        outcome: Outcome,
        meta: Meta,
        notices: tuple[Notice, ...] | list[Notice],
    ) -> int:
        """Send the notices that are messages of their own (reminders, requests), in order."""
        sent = 0
        for notice in notices:
            if not _own_message(notice):
                continue
            if notice.kind is NoticeKind.REMINDER:
                await self._remind(thread, outcome, meta, notice)
            else:
                await self._ask(thread, outcome, meta, notice)
            await self._done([notice])
            sent += 1
        return sent

    async def _done(self, notices: tuple[Notice, ...] | list[Notice]) -> None:
        """Mark notices posted (a store that fails leaves them owed; the nonce dedupes)."""
        ids = [n.id for n in notices if n.id is not None]
        if not ids:
            return
        try:
            await self.sessions.posted(ids)
        except Exception:
            log.exception("could not mark notices %s posted", ids)

    async def _board(
        self,
        thread: discord.PartialMessageable,
        outcome: Outcome,
        meta: Meta,
        *,
        fresh: bool,
        quiet: bool = False,
        click: Click | None = None,
    ) -> None:
        lang = meta.language
        content = story.caption(outcome, meta.names, lang, meta.game, self._opening(outcome, meta))
        if outcome.thinking:  # an AI decides now; the call goes on (playtest item 100)
            opening = self._opening(outcome, meta)  # the first board: the start, the seat order
            start = [*text.notice_lines(outcome.notices, meta.names, lang), *opening]
            if not opening:  # later boards of the first turn keep it, as its closing does
                start = self._start(outcome, meta)
            content = story.thinking(outcome, meta.names, lang, meta.game, start)
        view = self._controls(outcome, meta)
        # Normally the images come with the board. When the renderer is behind, or the
        # drawing is slow while other boards are on their way, the board goes at once and its
        # images follow; a game that moves again meanwhile gets only its newest images drawn.
        before, legend = self._since(outcome, lang, fresh=fresh)
        self._remember(outcome)
        png, drawing = await self._draw_now(outcome, meta, before, legend)
        files = [] if png is None else _pictures(png, outcome.version)
        if png is None:
            content = f"{content}\n{t(lang, 'post.drawing')}"
        old = outcome.board_message_id
        if fresh or old is None:
            ping = outcome.ping or (outcome.turn.user_id if outcome.turn and not quiet else None)
            if ping is not None and self.notifier is not None:
                now = (
                    await self.notifier.turn(outcome, meta, ping)
                    if outcome.ping is not None
                    else await self.notifier.may_mention(ping)
                )
                ping = ping if now else None
            mentions = discord.AllowedMentions(users=[discord.Object(ping)]) if ping else NO_PINGS
            # The nonce makes a repeat of this very post (a restart between sending it and
            # storing its id) return the message already sent (Discord's enforce_nonce).
            nonce = text.nonce("b", outcome.game_id, outcome.version, old or 0)
            msg = await thread.send(
                content, files=files, view=view, allowed_mentions=mentions, nonce=nonce
            )
            await self.sessions.set_messages(
                outcome.game_id, board_message_id=msg.id, ping_message_id=msg.id
            )
            if outcome.thread_id is not None:
                self._boards[outcome.game_id] = (outcome.thread_id, msg.id)
            if old is not None and old != msg.id:
                await self._close(thread, old, outcome, meta, click)
            target = msg.id
        else:
            try:
                await self._edit(
                    thread, old, click, content=content, attachments=files, view=view or None
                )
            except discord.NotFound:
                await self._board(thread, outcome, meta, fresh=True, quiet=quiet)
                return
            target = old
        # What its images show, for its retiring edit (`_close`): none while they are drawn.
        self._pictured[outcome.game_id] = (target, None if png is None else outcome.version)
        if png is None:
            self._draw_later(
                thread, target, outcome, content, before=before, legend=legend, click=click,
                drawing=drawing,
            )  # fmt: skip

    async def _draw_now(
        self, outcome: Outcome, meta: Meta, before: Any, legend: str
    ) -> tuple[Any, asyncio.Future[Any] | None]:
        """Draw a board's images for its post: (images, None), or (None, the drawing under way).

        Nothing is drawn while every worker is busy. A board alone waits for its images; one
        posted while other boards are on their way waits `DRAW_WAIT` at most, then goes on
        without them and gets them when they are done (`_draw_later`). A drawing that fails
        leaves them to be drawn again.
        """
        if self.render.behind:
            return None, None
        prompt = outcome.turn.prompt if outcome.turn else None
        drawing = asyncio.ensure_future(
            self.render.gallery(
                meta.game, outcome.view, prompt, meta.names, meta.language, before, legend=legend
            )
        )
        wait = DRAW_WAIT if self._boarding > 1 else None
        try:
            return await asyncio.wait_for(asyncio.shield(drawing), wait), None
        except TimeoutError:
            drawing.add_done_callback(_retrieved)  # a replaced board's drawing is not awaited
            return None, drawing
        except Exception:  # workers dying twice over, a drawing bug: the move still shows
            log.exception("game %s: board %s drawn later", outcome.game_id, outcome.version)
            return None, None

    async def _edit(
        self,
        thread: discord.PartialMessageable,
        message_id: int,
        click: Click | None,
        **fields: Any,
    ) -> None:
        """Edit a message of the thread: the pressed one through the press, else by channel.

        A press's webhook (its deferred update's original response) is not counted against
        Discord's global limit of 50 requests a second, which a busy bot meets with an edit
        by channel for every move. It is used only when `_through` says it is safe; if it
        fails anyway (an expired token, a 429), the channel's edit is made instead, with
        copies of the images (a request reads its files to the end, and discord.py seeks
        back only between its own retries).
        """
        if _through(click, message_id):
            assert click is not None  # noqa: S101 - _through says so
            spare = _copied(fields)
            try:
                await click.edit_original_response(**fields)
                return
            except discord.HTTPException as error:
                log.info("message %s edited by channel: the press's webhook said %s",
                         message_id, error)  # fmt: skip
            fields = spare
        await thread.get_partial_message(message_id).edit(**fields)

    def _draw_later(  # noqa: PLR0913 - keyword-only facts of the board waiting for images
        self,
        thread: discord.PartialMessageable,
        target: int,
        outcome: Outcome,
        content: str,
        *,
        before: Any = None,
        legend: str = "",
        click: Click | None = None,
        drawing: asyncio.Future[Any] | None = None,
    ) -> None:
        """Queue the images of a board posted without them (`_draw_wanted` adds them).

        `drawing`: this board's drawing, under way (it took longer than `DRAW_WAIT`).
        """
        # The images drawn later mark what changed since the last image drawn, so a newer
        # board waiting in place of an older one keeps the older one's `before` (and is
        # drawn anew: a drawing under way marks this board's own changes only).
        before = outcome.before if before is None else before
        waiting = self._wanted.get(outcome.game_id)
        self._drawing.pop(outcome.game_id, None)
        if waiting is not None:
            before, legend = waiting[4], waiting[5]
        elif drawing is not None:
            self._drawing[outcome.game_id] = drawing
        if self._posted.get(outcome.game_id, -1) < outcome.version:
            self._posted[outcome.game_id] = outcome.version  # after a restart: what is shown
        self._wanted[outcome.game_id] = (thread, target, outcome, content, before, legend, click)
        self._wanted.move_to_end(outcome.game_id)
        if self._drawer is None or self._drawer.done():
            self._drawer = asyncio.create_task(self._draw_wanted())

    def _since(self, outcome: Outcome, lang: str, *, fresh: bool) -> tuple[Any, str]:
        """Return the view a board marks its changes against, and what the mark then means.

        A turn's first board (a fresh message for the decider) marks what changed since the
        end of that player's previous turn, when this process saw it; any other board what
        this call's moves changed.
        """
        seat = outcome.turn.seat if outcome.turn else None
        ended = self._turn_ends.get(outcome.game_id, {})
        if fresh and seat is not None and seat in ended and outcome.moves:
            return ended[seat], t(lang, "phone.changed_turn")
        return outcome.before, ""

    def _remember(self, outcome: Outcome) -> None:
        """Keep the view at the end of each seat's turn: after its move, when it moved last.

        Otherwise the newest board shown while it was that seat's decision.
        """
        ends = self._turn_ends.setdefault(outcome.game_id, {})
        if outcome.turn is not None:
            ends[outcome.turn.seat] = outcome.view
        if outcome.moves:
            ends[outcome.moves[-1].seat] = outcome.view

    @staticmethod
    def _controls(outcome: Outcome, meta: Meta) -> Any:
        choices = outcome.choices  # set when a person decides now
        if choices is None:
            return discord.utils.MISSING
        hidden = choices.turn.kind in PRIVATE_KINDS.get(meta.game, ())
        choices = text.named_choices(choices, meta.game, meta.names, meta.language)
        choices = text.done_heading(choices, outcome.moves, meta.names, meta.language)
        # Undo takes back the presser's own last move and all after it: none while no person
        # has moved (items 43, 60: only AIs had), and none across a reveal (item 15).
        return controls(choices, meta.language, hidden=hidden, undo=outcome.undoable)

    async def _draw_wanted(self) -> None:
        """Draw the images that boards went without, newest state of each game, oldest first.

        A drawing that fails is tried again (`DRAW_TRIES` times); an image Discord could not
        take (an outage) is offered again until it does, with a growing pause.
        """
        pause = RETRY_FIRST
        while self._wanted:
            game, wanted = self._wanted.popitem(last=False)
            thread, message_id, outcome, content, _, _, click = wanted
            meta = await self.meta(game)
            try:
                pictures = await self._pictures_of(game, wanted, meta)
            except Exception:
                log.exception("could not draw the board of game %s", game)
                tries = self._tries[game] = self._tries.get(game, 0) + 1
                if tries < DRAW_TRIES:
                    self._want_again(game, wanted)
                    await asyncio.sleep(pause)
                    pause = min(pause * 2, DRAW_PAUSE_MOST)
                continue
            async with self._locks.setdefault(game, asyncio.Lock()):
                if self._posted.get(game) != outcome.version:
                    continue  # a newer board replaced it; that one is (or will be) drawn
                note = "\n" + t(meta.language, "post.drawing")
                try:
                    await self._edit(
                        thread, message_id, click, content=content.removesuffix(note),
                        attachments=_pictures(pictures, outcome.version),
                    )  # fmt: skip
                except discord.Forbidden:  # no Attach Files there: the channel is told
                    await self._lacking(outcome)
                    failed = False
                except SENDING as error:
                    failed = held_back(error)
                    if failed:
                        log.info("the image of message %s waits for Discord", message_id)
                        self._want_again(game, wanted)
                    else:
                        log.info("could not add the image to message %s", message_id)
                else:
                    self._pictured[game] = (message_id, outcome.version)
                    self._tries.pop(game, None)
                    pause, failed = RETRY_FIRST, False
            if failed:
                await asyncio.sleep(pause)
                pause = min(pause * 2, DRAW_PAUSE_MOST)

    async def _pictures_of(self, game: int, wanted: Wanted, meta: Meta) -> Any:
        """Return a wanted board's images: its drawing under way, or a new drawing."""
        drawing = self._drawing.pop(game, None)
        if drawing is not None:
            return await drawing
        _, _, outcome, _, before, legend, _ = wanted
        prompt = outcome.turn.prompt if outcome.turn else None
        return await self.render.gallery(
            meta.game, outcome.view, prompt, meta.names, meta.language, before, legend=legend
        )

    def _want_again(self, game: int, wanted: Wanted) -> None:
        """Queue an image again, last, unless a newer board of the game waits already."""
        if game not in self._wanted:
            self._wanted[game] = wanted

    @staticmethod
    def _opening(outcome: Outcome, meta: Meta) -> list[str]:
        """Return the seat order the first board announces: who starts, in which order."""
        if not any(n.kind is NoticeKind.STARTED for n in outcome.notices):
            return []
        first = outcome.history[0].seat if outcome.history else None
        if first is None:
            first = outcome.turn.seat if outcome.turn is not None else 0
        return [story.order(meta.names, first, meta.language, shuffled=meta.shuffled)]

    @staticmethod
    def _start(outcome: Outcome, meta: Meta) -> list[str]:
        """Return what the first board said of the start, for its message's last edit."""
        if not outcome.history or outcome.history[0].version != 1:
            return []
        first = outcome.history[0].seat
        order = story.order(meta.names, first, meta.language, shuffled=meta.shuffled)
        return [t(meta.language, "notice.started"), order]

    async def _retire(
        self,
        thread: discord.PartialMessageable,
        message_id: int,
        content: str | None = None,
        click: Click | None = None,
    ) -> None:
        """Take the controls off an older turn message, and write the whole turn in it.

        `content` is the turn that ended (story.closing), in the same edit: one call. Its
        ping stays as it was (an edit pings nobody). The pressed board is edited through
        the press (`_edit`).
        """
        fields: dict[str, Any] = {"view": None}
        if content is not None:
            fields["content"] = content
        try:
            await self._edit(thread, message_id, click, **fields)
        except discord.HTTPException:
            log.info("could not retire message %s", message_id)

    async def _close(
        self,
        thread: discord.PartialMessageable,
        message_id: int,
        outcome: Outcome,
        meta: Meta,
        click: Click | None,
    ) -> None:
        """Retire the turn message this outcome's call ended: the whole turn, no controls.

        Its images stay: they show the board last drawn into it (the decision the turn
        began with, an earlier move of the turn, a board shown while an AI thought), not
        necessarily the turn's last move, which its words tell; its header then says which
        move they show (playtest item 127: "jugada 229" over board-227-focus.png).
        """
        images = await self._images(thread, outcome.game_id, message_id)
        start = self._start(outcome, meta)
        closing = story.closing(outcome, meta.names, meta.language, meta.game, start, images=images)
        await self._retire(thread, message_id, closing, click)

    async def _images(
        self, thread: discord.PartialMessageable, game: int, message_id: int
    ) -> int | None:
        """Return the move a board message's images show (None: it has none, or not known).

        What this process drew there last says it; after a restart, the images' names do
        (board-227.png), read once (`_refresh_held` reads them at start-up).
        """
        shown = self._pictured.get(game)
        if shown is not None and shown[0] == message_id:
            return shown[1]
        try:
            message = await thread.fetch_message(message_id)
        except SENDING:
            return None
        return pictured(message)

    async def _remind(
        self, thread: discord.PartialMessageable, outcome: Outcome, meta: Meta, notice: Notice
    ) -> None:
        user = notice.user_id or outcome.ping
        notifier = self.notifier
        if (
            user is not None
            and notifier is not None
            and not await notifier.reminder(outcome, meta, user)
        ):
            return  # held back (quiet hours, digest): it arrives at the start of their day
        deadline = notice.at or (outcome.turn.deadline if outcome.turn else None)
        content = t(meta.language, "post.reminder", user=f"<@{user}>", when=text.when(deadline))
        url = jump_url(meta.guild_id, outcome.thread_id, outcome.board_message_id)
        content += "\n" + url
        view = request_view(outcome.game_id, None, meta.language)
        mentions = discord.AllowedMentions(users=[discord.Object(user)]) if user else NO_PINGS
        nonce = text.nonce("n", outcome.game_id, notice.id)
        await thread.send(content, view=view, allowed_mentions=mentions, nonce=nonce)

    async def _ask(
        self, thread: discord.PartialMessageable, outcome: Outcome, meta: Meta, notice: Notice
    ) -> None:
        waiting, request_id = notice.waiting_on, notice.request_id or 0
        who = " ".join(f"<@{u}>" for u in waiting)
        asked = notice.kind is NoticeKind.UNDO_ASKED
        key = "post.undo_asked" if asked else "post.abandon_asked"
        asker = text.seat_name(notice.seat, meta.names)
        content = t(meta.language, key, who=who, asker=asker, move=notice.detail)
        if notice.at is not None:  # an undo request is open for a day (consent.py)
            content += " " + t(meta.language, "story.undo_due", when=text.when(notice.at, "f"))
        view = request_view(outcome.game_id, request_id, meta.language)
        users = [discord.Object(u) for u in waiting]
        mentions = discord.AllowedMentions(users=users)
        nonce = text.nonce("n", outcome.game_id, notice.id)
        await thread.send(content, view=view, allowed_mentions=mentions, nonce=nonce)

    async def _finish(
        self,
        thread: discord.PartialMessageable,
        outcome: Outcome,
        meta: Meta,
        click: Click | None = None,
    ) -> None:
        self._turn_ends.pop(outcome.game_id, None)
        self._boards.pop(outcome.game_id, None)  # its last board is retired below
        lang = meta.language
        content = story.final(outcome, meta.names, lang, meta.game)
        files = []
        result = outcome.final.result if outcome.final is not None else None
        try:  # the end is told even if its images cannot be drawn
            if result is not None:
                png = await self.render.score(meta.game, result, meta.names, lang)
                files.append(_png(png, "score.png"))
            if outcome.view is not None:
                # The final board shows the scores after final scoring, with their breakdown.
                pictures = await self.render.gallery(
                    meta.game, outcome.view, None, meta.names, lang, result=result
                )
                alt = {} if result is None else {"final": _final_alt(result, meta)}
                files += _pictures(pictures, outcome.version, alt)
        except Exception:
            log.exception("game %s: the end is posted without its images", outcome.game_id)
        nonce = text.nonce("f", outcome.game_id, outcome.version)
        await thread.send(content, files=files, allowed_mentions=NO_PINGS, nonce=nonce)
        if outcome.board_message_id is not None:
            await self._close(thread, outcome.board_message_id, outcome, meta, click)
        self._pictured.pop(outcome.game_id, None)
        if outcome.status is Status.FINISHED:  # the replay and what was hidden (summary.py)
            title = story.title(meta.game, outcome.game_id, meta.language)
            await post_summary(thread, self.sessions, self.render, outcome, meta.names, title)

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
        title = story.title(meta.game, game_id, meta.language)
        await reply(interaction, t(meta.language, "story.private", title=title, seat=seat),
                    file=file)  # fmt: skip

    async def refresh(self) -> int:
        """After a restart: post what is owed, every active game and every game owed a notice.

        Only the games of this process's shards (another process serves the rest), oldest
        first: its owed notices, then its board if its controls are out of date.
        """
        count = 0
        owed = await self.sessions.owed()
        games = await self.sessions.list_games(statuses=(Status.ACTIVE,), owned=True)
        listed = {info.game_id for info in games}
        for game in owed:
            if game not in listed:
                info = await self.sessions.status(game)
                if self.sessions.owns(info.guild_id):
                    games.append(info)
        for info in sorted(games, key=lambda info: info.game_id):
            try:
                count += await self._refresh(info)  # what it owes: read under its lock
            except StateNeedsRepairError as paused:  # its stored state fails its checks
                await self._tell_paused(info, paused)
            except SENDING as error:
                if not held_back(error):
                    log.exception("could not refresh the board of game %s", info.game_id)
                    continue
                # Discord down or busy at start-up: the outbox refreshes it once it answers
                # (a board left behind here would stay stale until the next move).
                log.warning("game %s: not refreshed at start-up (%s); retrying later",
                            info.game_id, type(error).__name__)  # fmt: skip
                self._owe(info.game_id, info.version)
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

    async def _refresh(self, info: GameInfo, *, owing: bool = False) -> int:
        """Post a game's owed notices, then its board unless the thread shows it already.

        Under the game's lock, from reading the game to posting: a click's post cannot come
        in between, so the board is never posted again for a version an edit just showed
        (the board a player holds would lose its buttons to a copy; issue 18). The game
        leaves the outbox only under its lock too: a post that finds it there posts what it
        owes first (`_owing`), so a new notice never goes before an older one. `owing`: the
        outbox's retry, which has nothing to do if a post caught up meanwhile.
        """
        game = info.game_id
        async with self._locks.setdefault(game, asyncio.Lock()):
            if owing and game not in self._unsent:
                return 0
            version = self._unsent.pop(game, None)
            # Read under the lock: a post that held it may have just posted some.
            owed = (await self.sessions.owed(game)).get(game, [])
            try:
                return await self._refresh_held(info, owed)
            except SENDING as error:
                if version is not None and held_back(error):
                    self._owe(game, version)  # still owed
                raise

    async def _refresh_held(self, info: GameInfo, owed: list[Notice]) -> int:
        outcome = await self.sessions.current(info.game_id)
        meta = await self.meta(info.game_id, info)
        if outcome.thread_id is None:
            return 0  # the lobby cog opens the thread; a start cut short is re-posted there
        thread = self.bot.get_partial_messageable(outcome.thread_id)
        count = await self._letters(thread, outcome, meta, owed)
        rest = tuple(n for n in owed if not _own_message(n))
        if not rest and outcome.status is not Status.ACTIVE:
            return count  # ended, and its end was posted
        if outcome.board_message_id is not None:
            try:
                msg = await thread.fetch_message(outcome.board_message_id)
            except discord.NotFound:
                msg = None
            if msg is not None:  # what its retiring edit keeps (item 127)
                self._pictured[info.game_id] = (msg.id, pictured(msg))
            if msg is not None and text.shown_version(msg) == outcome.version:
                if rest and _says(msg.content, rest, meta):
                    await self._done(rest)  # posted; a restart came before it was noted
                    rest = ()
                if not rest:
                    if not msg.attachments and outcome.view is not None:
                        self._draw_later(thread, msg.id, outcome, msg.content)  # lost: restart
                    return count
        await self.post(replace(outcome, notices=rest), fresh=True, held=True)
        return count + 1


def pictured(message: discord.Message | Any) -> int | None:
    """Return the move a posted board's images show, by their names (None: it has none)."""
    for file in getattr(message, "attachments", None) or []:
        found = PICTURED.fullmatch(getattr(file, "filename", None) or "")
        if found:
            return int(found[1])
    return None


def _retrieved(drawing: asyncio.Future[Any]) -> None:
    """Take a finished drawing's error, so one nobody awaits is not logged as lost."""
    if not drawing.cancelled():
        drawing.exception()


def held_back(error: BaseException) -> bool:
    """Whether Discord did not take a post for now: unreachable, failing, or rate limited.

    discord.py waits out a 429 itself and tries again, but gives up after five tries (a
    resource busy for long, a shared 429 again and again) with a plain HTTPException: what
    was saved stays in the outbox for later rather than being dropped.
    """
    if isinstance(error, (*OUTAGE, discord.RateLimited)):
        return True
    return isinstance(error, discord.HTTPException) and error.status == 429


def _through(click: Click | None, message_id: int) -> bool:
    """Whether a press's own webhook may edit this message (`Poster._edit`).

    Only the message pressed, answered by a deferred update (its original response is that
    message; an ephemeral "thinking" answer is not), while the token is young
    (`CLICK_FRESH`), and only when the bot holds every permission a board needs in the
    channel (the press says which it holds): a webhook's edit skips the channel's
    permission check, so a missing Attach Files would otherwise never be said (the
    channel's edit is refused and `_lacking` names it).
    """
    if click is None or click.message is None or click.message.id != message_id:
        return False
    if click.response.type is not discord.InteractionResponseType.deferred_message_update:
        return False
    if discord.utils.utcnow() - click.created_at > CLICK_FRESH:
        return False
    return not missing_permissions(click.app_permissions, THREAD_NEEDS)


def _copied(fields: dict[str, Any]) -> dict[str, Any]:
    """Return an edit's fields with fresh copies of its images (each is sent once)."""
    files = fields.get("attachments")
    if not files:
        return fields
    copies = []
    for file in files:
        file.reset()
        copies.append(_png(file.fp.read(), file.filename, file.description))
        file.reset()
    return {**fields, "attachments": copies}


def _says(content: str, notices: tuple[Notice, ...], meta: Meta) -> bool:
    """Whether a posted board shows the lines of all these notices already."""
    lines = [text.notice_line(n, meta.names, meta.language) for n in notices]
    return all(line is not None and line in content for line in lines)


def _own_message(notice: Notice) -> bool:
    """Whether a notice is a message of its own (a reminder, a request) or a board's line."""
    if notice.kind is NoticeKind.REMINDER:
        return True
    return notice.request_id is not None and bool(notice.waiting_on)
