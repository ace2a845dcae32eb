"""Substitutes, watchers and history (issue 16, part B), in the `/game` and `/games` groups.

`/game substitute`, `/game watch`, `/game unwatch`, `/games watching`, `/games history`;
`/profile` and `/leaderboard` are in cogs/profile.py.

Thin adapters over the session service (seat offers: engine/sessions/substitutes.py) and
`engine.around.service.Around` (watchers, results, ratings, history), which this extension
builds over the session service's database and hangs on the bot (`bot.around`). The commands
join the `/game` and `/games` groups of cogs/game.py and cogs/play.py, so those files stay as
they are. Every tick, the watchers' notes go out by DM (a game's result; a round's end for
those who asked), each recorded as sent so no restart repeats or loses one.
"""

import logging
from typing import Any, Literal

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands, tasks

from cogs import lobby
from cogs.common.acting import jump_url
from cogs.common.errors import guarded, reply
from cogs.common.find import GAME_OPTION, find_game, game_autocomplete
from cogs.common.i18n import lang_for, t
from cogs.common.items import Controls, Persistent, button
from cogs.common.poster import OUTAGE
from cogs.common.runtime import Runtime, remember, runtime
from cogs.common.text import when
from engine import games
from engine.around.service import Around, HistoryPage, Note, Played
from engine.core.errors import GameError
from engine.sessions import SessionManager, Status
from engine.sessions.substitutes import Offer, SeatChange

log = logging.getLogger(__name__)

GameOption = app_commands.Range[int, 1]
NO_PINGS = discord.AllowedMentions.none()


def around_of(client: discord.Client | Any) -> Around:
    """Return the around service this extension hung on the bot."""
    found = getattr(client, "around", None)
    if not isinstance(found, Around):
        raise RuntimeError("the bot has no Around; load the cogs.around extension")
    return found


def mention(user_id: int | None) -> str:
    """Return how a message names a user (Discord shows the name, with no ping)."""
    return f"<@{user_id}>" if user_id is not None else "-"


async def name_of(client: discord.Client, rt: Runtime, user_id: int) -> str:
    """Return a user's display name (asking Discord once when it is not known yet)."""
    if user_id in rt.names:
        return rt.names[user_id]
    user = client.get_user(user_id)
    if user is None:
        try:
            user = await client.fetch_user(user_id)
        except discord.HTTPException:
            return f"User {user_id}"
    rt.names[user_id] = user.display_name
    return user.display_name


# ---- substitutes ---------------------------------------------------------------------


def offer_text(offer: Offer, game: str, lang: str) -> str:
    """Return the thread message offering a seat."""
    return t(
        lang, f"around.offer_{offer.reason}", to=mention(offer.to_user), by=mention(offer.by_user),
        seat=offer.seat + 1, game=games.title(game), number=offer.game_id,
        left=mention(offer.from_user), expires=when(offer.expires_at),
    )  # fmt: skip


def change_text(change: SeatChange, lang: str) -> str:
    """Return the log line of a seat change."""
    return t(
        lang, f"around.change_{change.reason}", move=change.version, seat=change.seat + 1,
        to=mention(change.to_user), by=mention(change.by_user),
        **{"from": mention(change.from_user)},
    )  # fmt: skip


async def seat_log(sessions: SessionManager, game_id: int, lang: str) -> str:
    """Return the seat changes of a game for `/game log` ("" when there were none)."""
    changes = await sessions.seat_changes(game_id)
    if not changes:
        return ""
    return "\n".join([t(lang, "around.log_title"), *(change_text(c, lang) for c in changes)])


class OfferButton(
    Persistent[discord.ui.Button[Any]], custom_id="dn:o:{offer:int}:{action:take|no}"
):
    """Take or decline a seat offered in a game's thread."""

    offer: int
    action: str

    def __init__(self, offer: int, action: str, label: str = "?") -> None:
        style = discord.ButtonStyle.success if action == "take" else discord.ButtonStyle.secondary
        super().__init__(button(label, style), offer=offer, action=action)

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Take the seat (the board follows, pinging its new holder) or turn the offer down."""
        rt = remember(interaction)
        user = interaction.user.id
        if self.action == "no":
            offer = await rt.sessions.decline_seat(self.offer, user)
            lang = (await rt.poster.meta(offer.game_id)).language
            said = t(lang, "around.declined", who=mention(user), seat=offer.seat + 1,
                     number=offer.game_id)  # fmt: skip
            await interaction.response.edit_message(content=said, view=None)
            return
        done = await rt.sessions.accept_seat(self.offer, user)  # refusals answer first
        game = done.change.game_id
        rt.poster.forget(game)  # the names by seat changed
        meta = await rt.poster.meta(game)
        await interaction.response.edit_message(
            content=change_text(done.change, meta.language), view=None
        )
        # A new turn message pinging the new holder when their seat decides now; otherwise
        # the board is edited in place with the new name (no ping for anyone).
        await rt.poster.post(done.outcome, fresh=done.outcome.ping is not None)


def offer_view(offer: int, lang: str) -> discord.ui.View:
    """Return the offer's two buttons."""
    view = Controls()
    view.add_item(OfferButton(offer, "take", t(lang, "around.accept")))
    view.add_item(OfferButton(offer, "no", t(lang, "around.decline")))
    return view


@app_commands.command(
    name=_("substitute"), description=_("Give your seat (or a free or AI seat) to someone else")
)
@app_commands.describe(
    game=GAME_OPTION,
    user=_("Who takes the seat"),
    seat=_("Which seat (creators and admins: a seat that timed out, was left, or is an AI's)"),
)
@app_commands.autocomplete(game=game_autocomplete)
async def substitute(
    interaction: discord.Interaction[Any],
    user: discord.User,
    seat: app_commands.Range[int, 1, 4] | None = None,
    game: GameOption | None = None,
) -> None:
    """Offer a seat to `user` in the game's thread; it passes when they press Take."""
    found = await find_game(interaction, game)
    if found is None:
        return
    if user.bot:
        raise GameError("error.around.bot_user")
    rt = remember(interaction)
    rt.names[user.id] = user.display_name
    admin = lobby.is_admin(interaction, rt)
    at = None if seat is None else seat - 1
    offer = await rt.sessions.offer_seat(found, interaction.user.id, user.id, at, admin=admin)
    info = await rt.sessions.status(found)
    lang = info.language
    thread = interaction.client.get_partial_messageable(info.thread_id or info.channel_id or 0)
    await thread.send(
        offer_text(offer, info.game, lang), view=offer_view(offer.offer_id, lang),
        allowed_mentions=discord.AllowedMentions(users=[discord.Object(user.id)]),
    )  # fmt: skip
    mine = lang_for(interaction)
    await reply(interaction, t(mine, "around.offered", to=mention(user.id),
                               expires=when(offer.expires_at)))  # fmt: skip


# ---- watchers ------------------------------------------------------------------------


@app_commands.command(name=_("watch"), description=_("Follow a game you are not in"))
@app_commands.describe(rounds=_("Also a note at the end of each round"), game=GAME_OPTION)
async def watch(
    interaction: discord.Interaction[Any], rounds: bool = False, game: GameOption | None = None
) -> None:
    """Follow a game: its result by DM, and a note at each round's end if asked."""
    found = await find_game(interaction, game)
    if found is None:
        return
    await around_of(interaction.client).watch(found, interaction.user.id, rounds=rounds)
    key = "around.watch_rounds" if rounds else "around.watch_on"
    await reply(interaction, t(lang_for(interaction), key, number=found))


@app_commands.command(name=_("unwatch"), description=_("Stop following a game"))
@app_commands.describe(game=GAME_OPTION)
async def unwatch(interaction: discord.Interaction[Any], game: GameOption | None = None) -> None:
    """Stop following a game."""
    found = await find_game(interaction, game)
    if found is None:
        return
    await around_of(interaction.client).unwatch(found, interaction.user.id)
    await reply(interaction, t(lang_for(interaction), "around.unwatched", number=found))


@app_commands.command(name=_("watching"), description=_("Games you follow"))
async def watching(interaction: discord.Interaction[Any]) -> None:
    """List the games you follow, with links."""
    lang = lang_for(interaction)
    found = await around_of(interaction.client).watching(interaction.user.id)
    if not found:
        await reply(interaction, t(lang, "around.watching_none"))
        return
    lines = [t(lang, "around.watching_title", count=len(found))]
    for w in found[:25]:
        tag = f" · {t(lang, 'around.watching_rounds')}" if w.rounds else ""
        link = jump_url(w.guild_id, w.thread_id, None)
        lines.append(
            f"\N{BULLET} {games.title(w.game)} #{w.game_id} ({w.status.value}){tag}: {link}"
        )
    await reply(interaction, "\n".join(lines))


async def note_text(note: Note, names: tuple[str, ...], lang: str) -> str:
    """Return a watcher's DM: a round's end, or the game's result."""
    info = note.info
    title, link = games.title(info.game), jump_url(info.guild_id, info.thread_id, None)
    if note.round is not None:
        return t(lang, "around.note_round", game=title, number=info.game_id, round=note.round,
                 link=link)  # fmt: skip
    if info.status is Status.ABANDONED or info.final is None:
        return t(lang, "around.note_abandoned", game=title, number=info.game_id, link=link)
    ranks = info.final.ranks
    order = sorted(range(len(ranks)), key=lambda s: (ranks[s], s))
    standings = ", ".join(f"{ranks[s]}. {names[s] if s < len(names) else '?'}" for s in order)
    return t(lang, "around.note_end", game=title, number=info.game_id, standings=standings,
             link=link)  # fmt: skip


# ---- history -------------------------------------------------------------------------


def played_line(p: Played, lang: str) -> str:
    """Return one ended game of a history or profile, with its link."""
    if p.place is None:
        result = t(lang, "around.result_abandoned")
    else:
        result = t(lang, "around.result_place", place=p.place, players=p.players)
        if not p.rated:
            result += t(lang, "around.result_unrated")
    rating = (
        "" if p.rating_after is None else t(lang, "around.result_rating", rating=p.rating_after)
    )
    return t(
        lang, "around.history_line", date=f"<t:{int(p.ended_at.timestamp())}:d>",
        game=games.title(p.game), number=p.game_id, result=result, rating=rating,
        link=jump_url(p.guild_id or None, p.thread_id or p.channel_id, None),
    )  # fmt: skip


def history_text(page: HistoryPage, name: str, lang: str) -> str:
    """Return one page of `/games history`."""
    if not page.total:
        return t(lang, "around.history_none", name=name)
    head = t(lang, "around.history_title", name=name, count=page.total, page=page.page + 1,
             pages=page.pages)  # fmt: skip
    return "\n".join([head, *(f"\N{BULLET} {played_line(p, lang)}" for p in page.games)])


def history_view(page: HistoryPage, lang: str) -> discord.ui.View | None:
    """Return the Previous and Next buttons of a history page (None for a single page)."""
    if page.pages <= 1:
        return None
    view = Controls()
    for target, side in ((page.page - 1, "p"), (page.page + 1, "n")):
        key = "around.previous" if side == "p" else "around.next"
        item = HistoryButton(page.user_id, max(0, min(target, page.pages - 1)), side, t(lang, key))
        item.item.disabled = not 0 <= target < page.pages
        view.add_item(item)
    return view


class HistoryButton(
    Persistent[discord.ui.Button[Any]], custom_id="dn:h:{user:int}:{page:int}:{side:[pn]}"
):
    """Turn a page of `/games history` (the message is the asker's own, ephemeral)."""

    user: int
    page: int
    side: str

    def __init__(self, user: int, page: int, side: str, label: str = "?") -> None:
        super().__init__(button(label), user=user, page=page, side=side)

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Show the page this button names."""
        lang = lang_for(interaction)
        people = around_of(interaction.client)
        page = await people.history(interaction.guild_id or 0, self.user, self.page)
        name = await name_of(interaction.client, remember(interaction), self.user)
        await interaction.response.edit_message(
            content=history_text(page, name, lang), view=history_view(page, lang)
        )


@app_commands.command(name=_("history"), description=_("A player's ended games here"))
@app_commands.describe(user=_("Whose games (default: yours)"))
async def history(interaction: discord.Interaction[Any], user: discord.User | None = None) -> None:
    """Show a player's ended games in this server, newest first, with Previous and Next."""
    who = user or interaction.user
    lang = lang_for(interaction)
    rt = remember(interaction)
    rt.names[who.id] = who.display_name
    page = await around_of(interaction.client).history(interaction.guild_id or 0, who.id)
    view = history_view(page, lang)
    extra = {} if view is None else {"view": view}
    await reply(interaction, history_text(page, who.display_name, lang), **extra)


# ---- the notes pass ------------------------------------------------------------------


NOTES_LEASE = "watchers"  # engine/db/leases.py: which process sends the watchers' notes


class AroundCog(commands.Cog):
    """The watchers' notes, sent on every tick."""

    def __init__(self, bot: commands.Bot, people: Around) -> None:
        """Keep the bot and the around service; build the loop."""
        self.bot = bot
        self.people = people
        seconds = float(getattr(getattr(bot, "settings", None), "tick_seconds", 60.0))
        self.loop = tasks.loop(seconds=seconds)(self.send_notes)

    async def cog_load(self) -> None:
        """Start the notes loop."""
        self.loop.start()

    async def cog_unload(self) -> None:
        """Stop the notes loop."""
        self.loop.cancel()

    async def send_notes(self) -> int:
        """Send every note due to watchers; return how many went out."""
        sent = 0
        try:
            # Several processes (issue 19): the holder of this lease sends the notes, once.
            if not await runtime(self.bot).sessions.hold(NOTES_LEASE):
                return 0
            for note in await self.people.notes():
                if not await self._send(note):
                    break  # Discord is unreachable: the rest waits for the next tick
                sent += 1
        except Exception:
            log.exception("the watchers' notes failed; they go again at the next tick")
        return sent

    async def _send(self, note: Note) -> bool:
        rt = runtime(self.bot)
        lang = await rt.sessions.user_language(note.user_id) or note.info.language
        meta = await rt.poster.meta(note.info.game_id, note.info)
        content = await note_text(note, meta.names, lang)
        try:
            user = self.bot.get_user(note.user_id) or await self.bot.fetch_user(note.user_id)
            await user.send(content, allowed_mentions=NO_PINGS)
        except OUTAGE:
            return False
        except discord.HTTPException as error:  # DMs closed, the user gone: told is told
            log.info("watcher %s of game %s: no DM (%s)", note.user_id, note.info.game_id, error)
        await self.people.told(note)
        return True


Group = Literal["game", "games"]
COMMANDS: tuple[tuple[Group, app_commands.Command[Any, Any, Any]], ...] = (
    ("game", substitute),
    ("game", watch),
    ("game", unwatch),
    ("games", watching),
    ("games", history),
)
ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (OfferButton, HistoryButton)


async def setup(bot: commands.Bot) -> None:
    """Build the around service, catch up on ended games, join the groups, load the cogs."""
    from cogs.profile import ProfileCog  # noqa: PLC0415 - the same extension

    sessions: SessionManager = getattr(bot, "sessions")  # noqa: B009 - set by bot.py
    people = Around(sessions)
    bot.around = people  # type: ignore[attr-defined]
    sessions.on_game_end(people.record_end)
    caught = await people.catch_up()
    if caught:
        log.info("recorded %d ended games not recorded before", caught)
    for group_name, command in COMMANDS:
        group = bot.tree.get_command(group_name)
        if not isinstance(group, app_commands.Group):
            raise RuntimeError(f"load cogs.around after the /{group_name} group")
        group.add_command(command)
    bot.add_dynamic_items(*ITEMS)
    await bot.add_cog(AroundCog(bot, people))
    await bot.add_cog(ProfileCog(bot, people))
