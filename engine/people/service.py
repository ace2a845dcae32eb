"""Players' time: settings, quiet hours and the daily digest, vacations, waking-hours clocks.

`People(database, sessions)` sits above the session service (it calls it, and the service's
clocks call back through the `Attendance` hook it implements: `sessions.set_attendance`). It
never talks to Discord: what must be posted goes into its outbox (`people_outbox`), in the
same transaction as what it announces, and the Discord layer (cogs/notify.py) sends each post
once. Rules (docs/people.md):

- A turn ping or reminder that falls in a player's quiet hours, or that a digest player would
  get, is held (`held_notices`), not sent; at the start of their day the held notices become
  one message listing the games still waiting on them (not a burst). The league's ping a day
  before a week's deadline is held the same way (`held_league_pings`, `league_ping`) and
  joins that message while its game runs.
- A player who asked for DMs gets the thread ping and a DM; a DM that cannot be delivered
  falls back to the thread, which says so once.
- A vacation stops the player's clocks in every casual (non-league) game of the server,
  keeping the time each had left, and is announced once in each game's thread; it counts
  against a yearly allowance (the server setting `vacation_days`, 21 by default), as does
  every league absence declared through `/league absent` (7 days per league week).
- A game whose creator asked for waking-hours clocks gives each deciding player the time per
  move counted outside their quiet hours.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from engine.core import i18n
from engine.core.errors import GameError
from engine.db import Database
from engine.db.dialect import VACATION_LOCK_KEY
from engine.games import spec
from engine.people.hours import Day, day_start, is_quiet, quiet_end, waking_deadline, zone_named
from engine.people.hours import parse_hours as _parse_hours
from engine.people.store import Outgoing, PeopleStore, PeopleTx, SettingsRow, VacationRow
from engine.sessions import SessionManager
from engine.sessions.errors import NotAllowedError
from engine.sessions.rows import GameRow, from_text, to_text
from engine.sessions.store import Tx

ALLOWANCE = 21  # vacation days a year, unless the server sets `vacation_days`
LEAGUE_WEEK_DAYS = 7  # what one declared league absence counts against the allowance
NOTIFY = ("thread", "dm", "digest")
REMINDERS = ("game", "last", "off")
REASON = 100  # characters a vacation's reason may have


@dataclass(frozen=True, slots=True)
class PlayerSettings:
    """A player's settings (the defaults when they saved none)."""

    user_id: int
    zone: str = "UTC"
    quiet_start: int | None = None
    quiet_end: int | None = None
    notify: str = "thread"
    reminders: str = "game"
    language: str | None = None
    dm_closed: bool = False

    @property
    def day(self) -> Day:
        """Return the player's time zone and quiet hours."""
        return Day(self.zone, self.quiet_start, self.quiet_end)


@dataclass(frozen=True, slots=True)
class Ping:
    """A turn ping or reminder about to be posted, for `People.turn` / `People.reminder`."""

    user_id: int
    game_id: int
    game: str
    language: str  # the game's
    guild_id: int | None
    thread_id: int | None
    deadline: datetime | None = None


@dataclass(frozen=True, slots=True)
class Vacation:
    """A vacation as the player sees it."""

    guild_id: int
    user_id: int
    reason: str
    days: int
    until: datetime
    games: int  # casual games whose clock it stops (or restarted, at its end)
    left: int  # days left of the allowance this year
    ended: datetime | None = None


def _settings(row: SettingsRow | None, user_id: int) -> PlayerSettings:
    if row is None:
        return PlayerSettings(user_id)
    return PlayerSettings(
        row.user_id, row.time_zone, row.quiet_start, row.quiet_end, row.notify, row.reminders,
        row.language, bool(row.dm_closed),
    )  # fmt: skip


def link(guild_id: int | None, thread_id: int | None) -> str:
    """Return a link to a game's thread."""
    return f"https://discord.com/channels/{guild_id or '@me'}/{thread_id or 0}"


def stamp(moment: datetime | None, style: str = "R") -> str:
    """Return a Discord timestamp each reader sees in their own time zone."""
    return "" if moment is None else f"<t:{int(moment.timestamp())}:{style}>"


def _title(game: str) -> str:
    try:
        return spec(game).title
    except KeyError:
        return game


class People:
    """Settings, held notices, the outbox, vacations and the clocks' hook."""

    def __init__(self, database: Database, sessions: SessionManager) -> None:
        """Work over the bot's one database, beside the session service."""
        self.store = PeopleStore(database)
        self.sessions = sessions

    def now(self) -> datetime:
        """Return the session service's clock (tests move it)."""
        return self.sessions.ctx.now()

    # ---- settings ----------------------------------------------------------------------

    async def settings(self, user_id: int) -> PlayerSettings:
        """Return a player's settings (defaults if they saved none)."""
        return _settings(await self.store.settings(user_id), user_id)

    async def change(
        self,
        user_id: int,
        *,
        zone: str | None = None,
        hours: str | None = None,
        notify: str | None = None,
        reminders: str | None = None,
        language: str | None = None,
    ) -> PlayerSettings:
        """Change some settings; everything is checked first, so bad input changes nothing.

        `hours` is "HH:MM-HH:MM" or "off"; `language` is "en", "es" or "auto" (Discord's).
        Saving also clears a noted closed-DMs state (the player may have opened them).
        """
        old = await self.settings(user_id)
        new = replace(old, dm_closed=False)
        if zone is not None:
            new = replace(new, zone=zone_named(zone))
        if hours is not None:
            parsed = _parse_hours(hours)
            start, end = parsed if parsed is not None else (None, None)
            new = replace(new, quiet_start=start, quiet_end=end)
        if notify is not None:
            if notify not in NOTIFY:
                raise GameError("error.people.choice", value=notify, choices=", ".join(NOTIFY))
            new = replace(new, notify=notify)
        if reminders is not None:
            if reminders not in REMINDERS:
                raise GameError(
                    "error.people.choice", value=reminders, choices=", ".join(REMINDERS)
                )
            new = replace(new, reminders=reminders)
        if language is not None:
            if language not in (*i18n.LANGUAGES, "auto"):
                choices = ", ".join((*i18n.LANGUAGES, "auto"))
                raise GameError("error.people.choice", value=language, choices=choices)
            new = replace(new, language=None if language == "auto" else language)
        row = SettingsRow(
            user_id, new.zone, new.quiet_start, new.quiet_end, new.notify, new.reminders,
            new.language, 0, to_text(self.now()),
        )  # fmt: skip
        async with self.store.transaction() as tx:
            await tx.save_settings(row)
        return new

    async def languages(self) -> dict[int, str]:
        """Return every player's language override."""
        return await self.store.languages()

    async def _language(self, user_id: int, fallback: str) -> str:
        found = await self.settings(user_id)
        if found.language:
            return found.language
        return await self.sessions.user_language(user_id) or fallback

    # ---- the clocks' hook (engine.sessions.context.Attendance) --------------------------

    async def deadline(
        self, tx: Tx, game: GameRow, user_id: int, seat: int, now: datetime, allowed: timedelta
    ) -> datetime | None:
        """Return the deciding player's deadline; None while they are on vacation."""
        people = PeopleTx.over(tx.connection)
        await people.forget_paused(game.id)
        away = game.guild_id is not None and await people.open_vacation(game.guild_id, user_id)
        if away and not await people.is_league_game(game.id):
            await people.pause(game.id, seat, max(int(allowed.total_seconds()), 0))
            return None
        if await people.waking(game.id):
            found = await people.settings(user_id)
            return waking_deadline(now, allowed, _settings(found, user_id).day)
        return now + allowed

    async def paused(self, tx: Tx, game_id: int, seat: int) -> timedelta | None:
        """Return (and forget) the time a stopped clock had left."""
        seconds = await PeopleTx.over(tx.connection).take_paused(game_id, seat)
        return None if seconds is None else timedelta(seconds=seconds)

    async def wants_reminder(self, user_id: int, *, last: bool) -> bool:
        """Return whether the player's reminder cadence takes this reminder."""
        cadence = (await self.settings(user_id)).reminders
        return cadence == "game" or (cadence == "last" and last)

    # ---- notifications -----------------------------------------------------------------

    async def turn(self, ping: Ping) -> bool:
        """Decide a turn ping: hold it (False), or ping now (True, with a DM if asked)."""
        return await self._route(ping, "turn")

    async def reminder(self, ping: Ping) -> bool:
        """Decide a reminder: hold it (False), or post it now (True, with a DM if asked)."""
        return await self._route(ping, "reminder")

    async def league_ping(self, ping: Ping) -> bool:
        """Decide the league's day-before-the-deadline ping (`ping.deadline`: the week's).

        Held (False) in the player's quiet hours, or for a digest player, until their day
        starts; else ping now (True, with a DM if asked).
        """
        return await self._route(ping, "league")

    async def may_mention(self, user_id: int) -> bool:
        """Return whether a board posted again now may mention the player (no hold, no DM)."""
        found = await self.settings(user_id)
        return found.notify != "digest" and not is_quiet(self.now(), found.day)

    async def _route(self, ping: Ping, kind: str) -> bool:
        found = await self.settings(ping.user_id)
        now = self.now()
        release = None
        if found.notify == "digest":
            release = day_start(now, found.day)
        elif is_quiet(now, found.day):
            release = quiet_end(now, found.day)
        if release is not None:
            async with self.store.transaction() as tx:
                if kind == "league" and ping.deadline is not None:
                    deadline = to_text(ping.deadline)
                    await tx.hold_league(
                        ping.user_id, ping.game_id, deadline, to_text(release), to_text(now)
                    )
                else:
                    await tx.hold(ping.user_id, ping.game_id, kind, to_text(release), to_text(now))
            return False
        if found.notify == "dm" and not found.dm_closed:
            lang = await self._language(ping.user_id, ping.language)
            key = "people_league.dm" if kind == "league" else f"people.dm_{kind}"
            content = i18n.text(
                lang, key, game=_title(ping.game), number=ping.game_id,
                when=stamp(ping.deadline), link=link(ping.guild_id, ping.thread_id),
            )  # fmt: skip
            async with self.store.transaction() as tx:
                await tx.post(ping.user_id, None, content, to_text(now), ping.thread_id)
        return True

    async def release(self, now: datetime | None = None) -> int:
        """Turn every player's held notices due at `now` into one message each; return how many.

        Only the games still waiting on the player are listed (a game they played meanwhile,
        or that ended, is left out; nothing left, no message). A digest player's games still
        waiting are held again for the next day. A held league ping is listed while its game
        runs, whoever it waits on (the week's deadline concerns every player of the table).
        """
        moment = self.now() if now is None else now
        due = to_text(moment)
        count = 0
        for user_id in await self.store.due_holders(due):
            holds = await self.store.holds(user_id, due)
            waiting = {row.id: row for row in await self.sessions.store.waiting_on(user_id)}
            found = await self.settings(user_id)
            games = [waiting[g] for g in dict.fromkeys(g for g, _ in holds) if g in waiting]
            weeks = await self._running_leagues(user_id, due)
            async with self.store.transaction() as tx:
                await tx.drop_holds(user_id, due)
                if not games and not weeks:
                    continue
                await self._held_post(tx, found, games, moment, weeks)
                if found.notify == "digest":
                    later = to_text(day_start(moment, found.day))
                    for row in games:
                        await tx.hold(user_id, row.id, "turn", later, due)
            count += 1
        return count

    async def _running_leagues(self, user_id: int, due: str) -> list[tuple[GameRow, datetime]]:
        """Return the games of a user's held league pings due at `due` that still run."""
        found = []
        for game_id, deadline in await self.store.league_holds(user_id, due):
            row = await self.sessions.store.game(game_id)
            if row is not None and row.status == "active":
                found.append((row, from_text(deadline)))
        return found

    async def _held_post(
        self,
        tx: PeopleTx,
        who: PlayerSettings,
        games: Sequence[GameRow],
        now: datetime,
        weeks: Sequence[tuple[GameRow, datetime]] = (),
    ) -> None:
        first_game = games[0] if games else weeks[0][0]
        lang = await self._language(who.user_id, first_game.language)
        head = "people.digest" if who.notify == "digest" else "people.held"
        user = f"<@{who.user_id}>"
        if games:
            lines = [i18n.text(lang, head, count=len(games), user=user)]
        else:
            lines = [i18n.text(lang, "people_league.held", user=user)]
        for row in games:
            deadline = from_text(row.deadline) if row.deadline else None
            key = "people.held_line_due" if deadline else "people.held_line"
            where = link(row.guild_id, row.thread_id)
            title = _title(row.game)
            lines.append(
                i18n.text(lang, key, game=title, number=row.id, when=stamp(deadline), link=where)
            )
        for row, deadline in weeks:
            where = link(row.guild_id, row.thread_id)
            line = i18n.text(
                lang, "people_league.held_line", game=_title(row.game), number=row.id,
                when=stamp(deadline), link=where,
            )  # fmt: skip
            lines.append(line)
        content = "\n".join(lines)
        threads = [row.thread_id for row in (*games, *(row for row, _ in weeks))]
        first = next((thread for thread in threads if thread is not None), None)
        if who.notify in ("dm", "digest") and not who.dm_closed:
            await tx.post(who.user_id, None, content, to_text(now), first)
        elif first is not None:  # a game always has its thread once its board is posted
            await tx.post(who.user_id, first, content, to_text(now))

    # ---- the outbox --------------------------------------------------------------------

    async def unsent(self) -> list[Outgoing]:
        """Return the posts not sent yet, oldest first."""
        return await self.store.unsent()

    async def trying(self, post: Outgoing) -> None:
        """Note that a post is being sent now."""
        async with self.store.transaction() as tx:
            await tx.mark_tried(post.id, to_text(self.now()))

    async def sent(self, post: Outgoing) -> None:
        """Note that a post was sent (or will never be)."""
        async with self.store.transaction() as tx:
            await tx.mark_sent(post.id, to_text(self.now()))

    async def dm_failed(self, post: Outgoing) -> None:
        """A DM could not be delivered: post it in its game's thread instead, saying why once."""
        if post.user_id is None:
            return
        now = to_text(self.now())
        found = await self.settings(post.user_id)
        async with self.store.transaction() as tx:
            await tx.mark_sent(post.id, now)
            # The defaults only where nothing is saved: never over settings saved meanwhile.
            row = SettingsRow(
                post.user_id, "UTC", None, None, found.notify, found.reminders, None, 0, now
            )
            await tx.keep_default_settings(row)
            first = await tx.set_dm_closed(post.user_id, now)
            if post.fallback_id is None:
                return
            content = post.content
            if not content.startswith(f"<@{post.user_id}>"):
                content = f"<@{post.user_id}> {content}"
            if first:
                lang = await self._language(post.user_id, i18n.DEFAULT)
                content += "\n" + i18n.text(lang, "people.dm_closed")
            await tx.post(post.user_id, post.fallback_id, content, now)

    # ---- vacations ---------------------------------------------------------------------

    async def allowance(self, guild_id: int) -> int:
        """Return the vacation days a year the server allows."""
        raw = (await self.sessions.guild_settings(guild_id)).get("vacation_days")
        try:
            return int(raw) if raw is not None else ALLOWANCE
        except ValueError:
            return ALLOWANCE

    async def set_allowance(self, guild_id: int, days: int) -> None:
        """Set the server's yearly vacation allowance (admins)."""
        if not 0 <= days <= 366:
            raise GameError("error.people.allowance_range")
        await self.sessions.set_guild_setting(guild_id, "vacation_days", str(days))

    async def days_left(self, guild_id: int, user_id: int, year: int | None = None) -> int:
        """Return the vacation days a player has left this year in a server."""
        year = self.now().year if year is None else year
        used = await self.store.days_used(guild_id, user_id, year)
        return max(await self.allowance(guild_id) - used, 0)

    async def start_vacation(
        self, guild_id: int | None, user_id: int, days: int, reason: str = ""
    ) -> Vacation:
        """Stop the player's clocks in every casual game of the server for `days` days."""
        if guild_id is None:
            raise GameError("error.people.guild_only")
        if not 1 <= days <= 366:
            raise GameError("error.people.days", days=days)
        reason = " ".join(reason.split())
        if len(reason) > REASON:
            raise GameError("error.people.reason", size=REASON)
        now = self.now()
        allowance = await self.allowance(guild_id)
        until = now + timedelta(days=days)
        games = await self.store.casual_games(guild_id, user_id)
        row = VacationRow(0, guild_id, user_id, reason, now.year, days, to_text(now),
                          to_text(until), None)  # fmt: skip
        async with self.store.transaction(VACATION_LOCK_KEY) as tx:
            # Checked inside the transaction, in turn (two taps at once: one vacation).
            if await tx.open_vacation(guild_id, user_id) is not None:
                raise GameError("error.people.on_vacation")
            left = max(allowance - await tx.days_used(guild_id, user_id, now.year), 0)
            if days > left:
                raise GameError("error.people.allowance", count=left, days=days)
            await tx.start_vacation(row)
            await self._announce(
                tx, games, "people.away", user_id, until=until, reason=reason, now=now
            )
        for game_id, _, _ in games:
            await self.sessions.restart_clock(game_id, user_id)
        return Vacation(guild_id, user_id, reason, days, until, len(games), left - days)

    async def end_vacation(self, guild_id: int | None, user_id: int) -> Vacation:
        """End the player's vacation now; only the days begun are charged."""
        found = None if guild_id is None else await self.store.open_vacation(guild_id, user_id)
        if found is None:
            raise GameError("error.people.not_on_vacation")
        return await self._end(found, self.now())

    async def _end(self, row: VacationRow, now: datetime) -> Vacation:
        started = from_text(row.started_at)
        begun = math.ceil((now - started) / timedelta(days=1))
        charged = min(row.days, max(begun, 1))
        games = await self.store.casual_games(row.guild_id, row.user_id)
        async with self.store.transaction() as tx:
            if not await tx.end_vacation(row.id, charged, to_text(now)):
                raise GameError("error.people.not_on_vacation")
            await self._announce(
                tx, games, "people.back", row.user_id, until=now, reason=row.reason, now=now
            )
        for game_id, _, _ in games:
            await self.sessions.restart_clock(game_id, row.user_id)
        left = await self.days_left(row.guild_id, row.user_id, row.year)
        until = from_text(row.until_at)
        count = len(games)
        return Vacation(row.guild_id, row.user_id, row.reason, charged, until, count, left, now)

    async def _announce(  # noqa: PLR0913 - what each announcement says
        self, tx: PeopleTx, games: Sequence[tuple[int, int | None, str]], key: str,
        user_id: int, *, until: datetime, reason: str, now: datetime,
    ) -> None:  # fmt: skip
        for _, thread_id, lang in games:
            if thread_id is None:
                continue
            why = i18n.text(lang, "people.reason", reason=reason) if reason else ""
            content = i18n.text(
                lang, key, who=f"<@{user_id}>", until=stamp(until, "f"), reason=why
            ).strip()
            await tx.post(None, thread_id, content, to_text(now))

    async def vacation(self, guild_id: int, user_id: int) -> VacationRow | None:
        """Return the player's running vacation in a server, if any."""
        return await self.store.open_vacation(guild_id, user_id)

    # ---- league absences ---------------------------------------------------------------

    async def check_absence(self, guild_id: int | None, user_id: int) -> None:
        """Refuse a league absence the vacation allowance cannot cover."""
        if guild_id is None:
            return
        left = await self.days_left(guild_id, user_id)
        if left < LEAGUE_WEEK_DAYS:
            raise GameError("error.people.absence", count=left, days=LEAGUE_WEEK_DAYS)

    async def charge_absence(
        self, guild_id: int | None, user_id: int, league_id: int, season: int, week: int
    ) -> None:
        """Count a declared league absence against the allowance (once per league week)."""
        if guild_id is None:
            return
        year = self.now().year
        async with self.store.transaction() as tx:
            week_of = (league_id, user_id, season, week)
            await tx.charge_absence(week_of, guild_id, year, LEAGUE_WEEK_DAYS)

    # ---- waking-hours clocks -----------------------------------------------------------

    async def set_waking(
        self, game_id: int, user_id: int, on: bool, *, admin: bool = False
    ) -> None:
        """Make a game's clock count only waking hours (its creator or an admin)."""
        info = await self.sessions.status(game_id)
        if info.creator_id != user_id and not admin:
            raise NotAllowedError("error.session.creator_changes")
        async with self.store.transaction() as tx:
            await tx.set_waking(game_id, on)
        await self.sessions.restart_clock(game_id)

    async def waking(self, game_id: int) -> bool:
        """Return whether a game's clock counts only waking hours."""
        return await self.store.waking(game_id)

    # ---- the scheduler -----------------------------------------------------------------

    async def tick(self, now: datetime | None = None) -> int:
        """End the vacations that are over and release held notices; return what changed."""
        moment = self.now() if now is None else now
        ended = 0
        for row in await self.store.due_vacations(to_text(moment)):
            try:
                await self._end(row, moment)
                ended += 1
            except GameError:
                continue  # ended meanwhile by /vacation end
        return ended + await self.release(moment)

    async def resume(self) -> None:
        """After a restart: stop again the clocks of running vacations (a start cut short)."""
        for row in await self.store.open_vacations():
            for game_id, _, _ in await self.store.casual_games(row.guild_id, row.user_id):
                await self.sessions.restart_clock(game_id, row.user_id)
