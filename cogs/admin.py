"""`/admin ...`: the commands only server admins and league organisers use (issue 18).

Discord ignores `default_permissions` on subcommands, so admin commands cannot hide inside
`/game` or `/league`: they get this top-level group of their own, which carries
`default_permissions(manage_guild=True)` (members do not even see it; a server admin may open
it to a role, such as the league role, under Server Settings -> Integrations) and is
guild-only. The run-time checks stay: Manage Server, the bot's admin role or the league role.
`/admin game verify` replays a game, `import` recreates an exported one, `repair` rebuilds a
paused game from its log, `edition` moves a running game to the newest rules;
`/admin league create|edit|pause|resume|end` run the leagues through the league cog's service
and runner.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs import lobby, transfer
from cogs.common.deadline import PUBLIC
from cogs.common.errors import reply
from cogs.common.find import GAME_OPTION, find_game, game_autocomplete
from cogs.common.i18n import lang_for
from cogs.common.i18n import t as tr
from cogs.common.levels import LEVEL_CHOICES, check_level, default_level
from cogs.common.runtime import remember
from cogs.league import LeagueCog
from cogs.league.access import LEAGUE_OPTION
from cogs.league.options import (
    ConfigInput,
    Game,
    PolicyChoice,
    Weekday,
    config_changes,
    new_config,
    timezone_choices,
)
from cogs.league.text import t, when
from engine.core.errors import GameError

# The settings `/admin league create` and `edit` share, each with what it is for.
LEAGUE_SETTINGS: dict[str, str | _] = {
    "table_size": _("Players at each table (3 or 4)"),
    "weeks": _("Weeks in a season"),
    "day": _("The day each week starts"),
    "hour": _("The hour each week starts (0-23)"),
    "timezone": _("The time zone of that day and hour"),
    "hours_per_move": _("Hours allowed per move"),
    "policy": _("What happens when time runs out"),
    "points": _("Placement points at a four-player table, best first"),
    "options": _("Game options as name=value"),
    "ai_level": _("Level of the AI that stands in for players"),
}


def _lang(interaction: discord.Interaction[Any]) -> str:
    return lang_for(interaction)


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class AdminCog(
    commands.GroupCog, group_name=_("admin"), group_description=_("Server admin commands")
):
    """The `/admin` command group: `/admin game ...` and `/admin league ...`."""

    game = app_commands.Group(name=_("game"), description=_("Check games (admins)"))
    league = app_commands.Group(name=_("league"), description=_("Run leagues (organisers)"))

    def __init__(self, bot: commands.Bot) -> None:
        """Keep the bot (the runtime and the league cog hang on it)."""
        self.bot = bot

    def _leagues(self) -> LeagueCog:
        cog = self.bot.get_cog("LeagueCog")
        assert isinstance(cog, LeagueCog)  # noqa: S101 - cogs.league loads before cogs.admin
        return cog

    async def _league_names(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._leagues().league_autocomplete(interaction, current)

    # ---- /admin game -------------------------------------------------------------------

    @game.command(name=_("verify"), description=_("Replay a game's log and check it (admins)"))
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=game_autocomplete)
    async def verify(
        self, interaction: discord.Interaction[Any], game: app_commands.Range[int, 1] | None = None
    ) -> None:
        """Replay a game's log from its seed and compare it with the stored game (admins)."""
        rt, lang = remember(interaction), _lang(interaction)
        if not lobby.is_admin(interaction, rt):
            await reply(interaction, tr(lang, "error.admin_only"))
            return
        found = await find_game(interaction, game)
        if found is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await rt.sessions.verify(found)
        key = "game.verified" if result.ok else "game.verify_failed"
        await reply(interaction, tr(lang, key, number=found, detail=result.detail))

    @game.command(name=_("import"), description=_("Recreate a game from an exported file"))
    @app_commands.describe(file=_("The JSON file made by /game export"))
    async def import_(
        self, interaction: discord.Interaction[Any], file: discord.Attachment
    ) -> None:
        """Check an exported file by replaying it and recreate its game here (issue 17)."""
        await transfer.import_game(interaction, file)  # checks the admin right itself

    @game.command(name=_("repair"), description=_("Rebuild a paused game from its move log"))
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=game_autocomplete)
    async def repair(
        self, interaction: discord.Interaction[Any], game: app_commands.Range[int, 1] | None = None
    ) -> None:
        """Replay a game's move log and save the result in place of its stored state."""
        rt, lang = remember(interaction), _lang(interaction)
        found = await self._admin_game(interaction, game)
        if found is None:
            return
        done = await rt.sessions.repair(found)
        if done.differences:
            what = tr(lang, "repair.done", number=found, count=done.moves,
                      differences=", ".join(done.differences))  # fmt: skip
        else:
            what = tr(lang, "repair.same", number=found, count=done.moves)
        await reply(interaction, what)
        if done.outcome.notices:  # the state was rewritten: the thread hears of it, fresh board
            await rt.poster.post(done.outcome, fresh=True)

    @game.command(name=_("edition"), description=_("Move a running game to the newest rules"))
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=game_autocomplete)
    async def edition(
        self, interaction: discord.Interaction[Any], game: app_commands.Range[int, 1] | None = None
    ) -> None:
        """Replay a running game under the newest rules data and move it there (issue 20)."""
        rt, lang = remember(interaction), _lang(interaction)
        found = await self._admin_game(interaction, game)
        if found is None:
            return
        done = await rt.sessions.migrate_edition(found)
        said = {"new": done.new, "old": done.old or "?", "count": done.moves}
        await reply(
            interaction, tr(lang, "edition.migrated", number=found, changed=done.changed, **said)
        )
        await rt.poster.post(done.outcome, fresh=True)  # announced in the thread

    async def _admin_game(
        self, interaction: discord.Interaction[Any], game: int | None
    ) -> int | None:
        """Check the admin right, find the game and defer; None when answered already."""
        rt, lang = remember(interaction), _lang(interaction)
        if not lobby.is_admin(interaction, rt):
            await reply(interaction, tr(lang, "error.admin_only"))
            return None
        found = await find_game(interaction, game)
        if found is not None:
            await interaction.response.defer(ephemeral=True, thinking=True)
        return found

    # ---- /admin league -----------------------------------------------------------------

    @league.command(
        name=_("create"), description=_("Open a weekly league (organisers)"), extras=PUBLIC
    )
    @app_commands.describe(
        name=_("The league's name"), game=_("The game the league plays"),
        division_size=_("Players per division (empty: one division)"), **LEAGUE_SETTINGS,
    )  # fmt: skip
    @app_commands.choices(ai_level=LEVEL_CHOICES)
    @app_commands.autocomplete(timezone=timezone_choices)
    async def create(  # noqa: PLR0913, PLR0917 - one argument per option
        self,
        interaction: discord.Interaction[Any],
        name: app_commands.Range[str, 1, 80],
        game: Game,
        table_size: app_commands.Range[int, 3, 4] = 4,
        weeks: app_commands.Range[int, 1, 52] = 6,
        day: Weekday = "monday",
        hour: app_commands.Range[int, 0, 23] = 19,
        timezone: str = "UTC",
        hours_per_move: app_commands.Range[int, 1, 168] = 72,
        policy: PolicyChoice = "ai_standin",
        points: str = "10,6,3,1",
        options: str | None = None,
        division_size: app_commands.Range[int, 6, 500] | None = None,
        ai_level: str | None = None,
    ) -> None:
        """Open a weekly league (organisers)."""
        cog = self._leagues()
        await cog.check_organiser(interaction)
        lang = _lang(interaction)
        if isinstance(interaction.channel, discord.Thread):
            raise GameError("league.not_in_thread")
        if game not in cog.sessions.games:
            raise GameError("league.game_unavailable", game=game)
        ai_level = ai_level or default_level(cog.sessions)
        check_level(cog.sessions, ai_level)
        raw = ConfigInput(
            game, table_size, weeks, day, hour, timezone, hours_per_move, policy, points, options,
            ai_level,
        )  # fmt: skip
        config = new_config(raw, division_size, lang)
        league = await cog.leagues.create_league(interaction.guild_id or 0, name, config)
        await cog.runner.port.links.set_channel(league.id, interaction.channel_id or 0)
        schedule = await cog.leagues.schedule(league.id)
        first = schedule.weeks[0].starts_at if schedule.weeks else schedule.next_due_at
        content = t(lang, "created", name=league.name, when=when(first))
        await interaction.response.send_message(content)

    @league.command(
        name=_("edit"), description=_("Change a league's settings (organisers)"), extras=PUBLIC
    )
    @app_commands.describe(
        league=LEAGUE_OPTION, channel=_("Where its announcements and game threads go"),
        **LEAGUE_SETTINGS,
    )  # fmt: skip
    @app_commands.choices(ai_level=LEVEL_CHOICES)
    @app_commands.autocomplete(league=_league_names, timezone=timezone_choices)
    async def edit(  # noqa: PLR0913, PLR0917 - one argument per setting
        self,
        interaction: discord.Interaction[Any],
        league: str | None = None,
        table_size: app_commands.Range[int, 3, 4] | None = None,
        weeks: app_commands.Range[int, 1, 52] | None = None,
        day: Weekday | None = None,
        hour: app_commands.Range[int, 0, 23] | None = None,
        timezone: str | None = None,
        hours_per_move: app_commands.Range[int, 1, 168] | None = None,
        policy: PolicyChoice | None = None,
        points: str | None = None,
        options: str | None = None,
        channel: discord.TextChannel | None = None,
        ai_level: str | None = None,
    ) -> None:
        """Change a league's settings (organisers)."""
        cog = self._leagues()
        await cog.check_organiser(interaction)
        found = await cog.find(interaction, league)
        lang = _lang(interaction)
        if ai_level is not None:
            check_level(cog.sessions, ai_level)
        raw = ConfigInput(
            found.config.game, table_size, weeks, day, hour, timezone, hours_per_move, policy,
            points, options, ai_level,
        )  # fmt: skip
        changes = config_changes(found.config, raw, lang, allow_none=channel is not None)
        if changes:
            found = await cog.leagues.edit_league(found.id, **changes)
        if channel is not None:  # where the next announcements and game threads go
            await cog.runner.port.links.set_channel(found.id, channel.id)
        await interaction.response.send_message(t(lang, "edited", name=found.name))

    @league.command(
        name=_("pause"), description=_("Stop seating new weeks (organisers)"), extras=PUBLIC
    )
    @app_commands.describe(league=LEAGUE_OPTION)
    @app_commands.autocomplete(league=_league_names)
    async def pause(self, interaction: discord.Interaction[Any], league: str | None = None) -> None:
        """Stop seating new weeks (organisers)."""
        cog = self._leagues()
        await cog.check_organiser(interaction)
        found = await cog.leagues.pause_league((await cog.find(interaction, league)).id)
        await interaction.response.send_message(t(_lang(interaction), "paused", name=found.name))

    @league.command(
        name=_("resume"), description=_("Resume a paused league (organisers)"), extras=PUBLIC
    )
    @app_commands.describe(league=LEAGUE_OPTION)
    @app_commands.autocomplete(league=_league_names)
    async def resume(
        self, interaction: discord.Interaction[Any], league: str | None = None
    ) -> None:
        """Resume a paused league (organisers)."""
        cog = self._leagues()
        await cog.check_organiser(interaction)
        found = await cog.leagues.resume_league((await cog.find(interaction, league)).id)
        due = (await cog.leagues.schedule(found.id)).next_due_at
        content = t(_lang(interaction), "resumed", name=found.name, when=when(due))
        await interaction.response.send_message(content)

    @league.command(
        name=_("end"), description=_("End a league for good (organisers)"), extras=PUBLIC
    )
    @app_commands.describe(league=LEAGUE_OPTION)
    @app_commands.autocomplete(league=_league_names)
    async def end(self, interaction: discord.Interaction[Any], league: str | None = None) -> None:
        """End a league for good (organisers)."""
        cog = self._leagues()
        await cog.check_organiser(interaction)
        found = await cog.find(interaction, league)
        await cog.leagues.end_league(found.id)
        await interaction.response.send_message(t(_lang(interaction), "ended", name=found.name))


async def setup(bot: commands.Bot) -> None:
    """Load the cog (after cogs.league, whose service it uses)."""
    await bot.add_cog(AdminCog(bot))
