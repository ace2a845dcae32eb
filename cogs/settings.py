"""`/settings` (a player's time zone, quiet hours, notices, reminders, language) and `/vacation`.

Thin adapters over engine/people (docs/people.md). The extension also wires players' time
into the bot: the session service's clocks ask `People` (`sessions.set_attendance`), the
poster asks it whether a ping goes out now (`Poster.notifier`), and a loop at the bot's tick
releases held notices, ends finished vacations and sends the outbox (cogs/notify.py).
Every answer is ephemeral, in the player's language (their override first).
"""

import logging
from typing import Any, Literal, cast

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands, tasks
from rapidfuzz import fuzz, process

from cogs import lobby
from cogs.common.errors import reply
from cogs.common.i18n import OVERRIDES, lang_for, t
from cogs.common.poster import Poster
from cogs.common.runtime import remember, runtime
from cogs.notify import OUTBOX_LEASE, Courier, PeopleNotifier
from engine.people import People, PlayerSettings
from engine.people.hours import hours_text, zones
from engine.people.service import stamp
from engine.sessions.rows import from_text

log = logging.getLogger(__name__)

Notify = Literal["thread", "dm", "digest"]
Cadence = Literal["game", "last", "off"]
Speech = Literal["en", "es", "auto"]
# `/settings language:` offers languages by their own names, not codes (playtest item 17).
SPEECH_CHOICES = [
    app_commands.Choice(name="English", value="en"),
    app_commands.Choice(name="Español", value="es"),
    app_commands.Choice(name=_("As Discord says"), value="auto"),
]
COMMON_ZONES = (
    "UTC", "Europe/Madrid", "Europe/London", "America/New_York", "America/Chicago",
    "America/Denver", "America/Los_Angeles", "America/Mexico_City", "America/Bogota",
    "America/Argentina/Buenos_Aires", "America/Santiago", "Asia/Tokyo", "Australia/Sydney",
)  # fmt: skip
HOURS = ("23:00-08:00", "22:00-07:00", "00:00-09:00", "01:00-10:00", "off")


def people_of(bot: commands.Bot | discord.Client | Any) -> People:
    """Return the bot's `People` (this extension hangs it on the bot)."""
    found = getattr(bot, "people", None)
    if not isinstance(found, People):
        raise RuntimeError("load the cogs.settings extension first")
    return found


def shown(lang: str, found: PlayerSettings, now: Any) -> str:
    """Return a player's settings as they read them."""
    local = now.astimezone(found.day.tz).strftime("%H:%M")
    return t(
        lang, "settings.shown", zone=found.zone, local=local,
        hours=hours_text(found.quiet_start, found.quiet_end),
        notify=t(lang, f"settings.notify_{found.notify}"),
        reminders=t(lang, f"settings.reminders_{found.reminders}"),
        language=t(lang, f"settings.language_{found.language or 'auto'}"),
    )  # fmt: skip


class SettingsCog(commands.Cog):
    """`/settings`, and the loop of players' time."""

    def __init__(self, bot: commands.Bot, people: People, courier: Courier) -> None:
        """Keep the people service and the courier; the loop runs at the bot's tick."""
        self.bot = bot
        self.people = people
        self.courier = courier
        seconds = float(getattr(getattr(bot, "settings", None), "tick_seconds", 60.0))
        self.loop = tasks.loop(seconds=seconds)(self._tick)

    async def cog_load(self) -> None:
        """Read the language overrides, stop clocks a cut-short vacation left, start the loop."""
        OVERRIDES.clear()
        OVERRIDES.update(await self.people.languages())
        await self.people.resume()
        self.loop.start()

    async def cog_unload(self) -> None:
        """Stop the loop."""
        self.loop.cancel()

    async def _tick(self) -> None:
        try:
            # Several processes (issue 19): players' time is one process's job at a time
            # (the lease's holder), so a held notice is released and sent once.
            if await self.people.sessions.hold(OUTBOX_LEASE):
                await self.people.tick()
            await self.courier.flush()
        except Exception:
            log.exception("players' time tick failed")

    @app_commands.command(
        name=_("settings"), description=_("Your time zone, quiet hours, notices and language")
    )
    @app_commands.describe(
        time_zone=_("Your time zone (e.g. Europe/Madrid)"),
        quiet_hours=_("No pings then, e.g. 23:00-08:00 (or off)"),
        notify=_("How to be told it is your turn"),
        reminders=_("Which reminders you get before a deadline"),
        language=_("Language of the bot's answers to you"),
    )  # fmt: skip
    @app_commands.choices(language=SPEECH_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        time_zone: str | None = None,
        quiet_hours: str | None = None,
        notify: Notify | None = None,
        reminders: Cadence | None = None,
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        """Show or change your settings (only you see them)."""
        remember(interaction)
        user = interaction.user.id
        changes = (time_zone, quiet_hours, notify, reminders, language)
        if all(c is None for c in changes):
            found = await self.people.settings(user)
            await reply(interaction, shown(lang_for(interaction), found, self.people.now()))
            return
        found = await self.people.change(
            user, zone=time_zone, hours=quiet_hours, notify=notify, reminders=reminders,
            language=cast(Speech, language.value) if language else None,
        )  # fmt: skip
        if found.language is None:
            OVERRIDES.pop(user, None)
        else:
            OVERRIDES[user] = found.language
        lang = lang_for(interaction)
        text = t(lang, "settings.saved") + "\n" + shown(lang, found, self.people.now())
        await reply(interaction, text)

    @settings.autocomplete("time_zone")
    async def _zones(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=z, value=z) for z in zone_choices(current)]

    @settings.autocomplete("quiet_hours")
    async def _hours(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        found = [h for h in HOURS if h.startswith(current.strip())] or list(HOURS)
        return [app_commands.Choice(name=h, value=h) for h in found]


def zone_choices(current: str, limit: int = 25) -> list[str]:
    """Return the time zones best matching what a player typed (fuzzy; 25 at most)."""
    text = current.strip().replace(" ", "_")
    if not text:
        return list(COMMON_ZONES[:limit])
    names = list(zones().values())
    starts = [n for n in names if n.lower().startswith(text.lower())]
    parts = [n for n in names if text.lower() in n.lower() and n not in starts]
    found = [*starts, *parts]
    if len(found) < limit:
        scored = process.extract(text, names, scorer=fuzz.WRatio, limit=limit)
        found += [name for name, _, _ in scored if name not in found]
    return found[:limit]


@app_commands.guild_only()  # vacations and their allowance are per server
class VacationCog(
    commands.GroupCog, group_name=_("vacation"), group_description=_("Stop your clocks for a while")
):
    """`/vacation start|end|status|allowance`."""

    def __init__(self, bot: commands.Bot, people: People, courier: Courier) -> None:
        """Keep the people service and the courier."""
        self.bot = bot
        self.people = people
        self.courier = courier
        super().__init__()

    @app_commands.command(name=_("start"), description=_("Stop your clocks in casual games"))
    @app_commands.describe(days=_("How many days (the server allows some a year)"),
                           reason=_("Why, if you want to say (shown in your games)"))  # fmt: skip
    async def start(
        self, interaction: discord.Interaction[Any], days: int, reason: str | None = None
    ) -> None:
        """Go on vacation: your clocks stop in every casual game of this server."""
        remember(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await self.people.start_vacation(
            interaction.guild_id, interaction.user.id, days, reason or ""
        )
        self.courier.soon()
        lang = lang_for(interaction)
        text = t(lang, "vacation.started", until=stamp(found.until, "f"), count=found.games)
        text += "\n" + t(lang, "vacation.left", count=found.left)
        text += "\n" + t(lang, "vacation.league_note")
        await reply(interaction, text)

    @app_commands.command(name=_("end"), description=_("End your vacation now"))
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        """End your vacation: your clocks run again with the time they had left."""
        remember(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await self.people.end_vacation(interaction.guild_id, interaction.user.id)
        self.courier.soon()
        lang = lang_for(interaction)
        text = t(lang, "vacation.ended", count=found.games) + "\n"
        text += t(lang, "vacation.left", count=found.left)
        await reply(interaction, text)

    @app_commands.command(name=_("status"), description=_("Your vacation and days left"))
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        """Show your running vacation, if any, and the days left this year."""
        lang = lang_for(interaction)
        guild, user = interaction.guild_id or 0, interaction.user.id
        running = await self.people.vacation(guild, user)
        left = await self.people.days_left(guild, user)
        if running is None:
            text = t(lang, "vacation.none")
        else:
            until = stamp(from_text(running.until_at), "f")
            text = t(lang, "vacation.running", until=until)
        await reply(interaction, text + "\n" + t(lang, "vacation.left", count=left))

    @app_commands.command(
        name=_("allowance"), description=_("Set the vacation days a year (admins)")
    )
    @app_commands.describe(days=_("Vacation days each player has a year"))
    async def allowance(
        self, interaction: discord.Interaction[Any], days: app_commands.Range[int, 0, 366]
    ) -> None:
        """Set the server's yearly vacation allowance."""
        rt = remember(interaction)
        lang = lang_for(interaction)
        if not lobby.is_admin(interaction, rt) or interaction.guild_id is None:
            await reply(interaction, t(lang, "error.admin_only"))
            return
        await self.people.set_allowance(interaction.guild_id, days)
        await reply(interaction, t(lang, "vacation.allowance", count=days))


async def setup(bot: commands.Bot) -> None:
    """Wire players' time into the bot and add `/settings` and `/vacation`."""
    rt = runtime(bot)
    people = People(bot.database, rt.sessions)  # type: ignore[attr-defined]
    courier = Courier(bot, people)
    rt.sessions.set_attendance(people)
    if isinstance(rt.poster, Poster):
        rt.poster.notifier = PeopleNotifier(people, courier)
    bot.people = people  # type: ignore[attr-defined]
    await bot.add_cog(SettingsCog(bot, people, courier))
    await bot.add_cog(VacationCog(bot, people, courier))
