"""`/game ...`: create a game and everything a player or an admin does with one.

Commands typed inside a game's thread act on that game; elsewhere the `game` option (with
autocomplete of your games) says which. Every reply about a game is ephemeral unless it
changes the game, whose outcome is posted in the thread.
"""

import logging
from collections.abc import Awaitable, Callable
from typing import Any, Literal

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs import around, lobby, log_pages, replay, transfer, undo_here
from cogs import hint as hints
from cogs.common import story, text
from cogs.common.acting import undo as undo_move
from cogs.common.deadline import PUBLIC
from cogs.common.errors import reply
from cogs.common.find import GAME_OPTION, find_game, game_autocomplete
from cogs.common.i18n import lang_for, t
from cogs.common.levels import LEVEL_CHOICES
from cogs.common.runtime import remember
from cogs.settings import people_of
from engine import games
from engine.games import GAMES
from engine.sessions import GameInfo, Outcome, Policy, SessionManager, Settings

log = logging.getLogger(__name__)

Control = Literal["none", "24h", "48h", "72h"]
Language = Literal["en", "es"]
GameOption = app_commands.Range[int, 1]
# Out-of-turn questions a player may answer in advance (The Ladies of Troyes' outer
# activities); the session manager plays the standing answer whenever it is legal.
REACTIONS = [
    app_commands.Choice(name=_("A rival uses a card with your craftsman"), value="outer_craftsman"),
    app_commands.Choice(name=_("A rival buys one of your dice"), value="outer_sold"),
    app_commands.Choice(name=_("An event would cost you"), value="outer_shield"),
]
STANDING = {"always": "answer use", "never": "answer decline", "ask": None}


def status_text(info: GameInfo, names: tuple[str, ...]) -> str:
    """Return `/game status`: title, state, each player with their public score, the turn.

    In the game's language. A score the public may not see yet (Troyes VP) says so. A
    finished game shows its final scores: the board's track stops before final scoring
    (a Trajan track read 75 while the game's result was 89; playtest of issue 14).
    """
    lang = info.language
    state = t(lang, f"story.status_{info.status.value}")
    title = story.title(info.game, info.game_id, lang)
    lines = [t(lang, "story.status", title=title, status=state, move=info.version)]
    players = getattr(info.view, "players", ())
    result = info.final.result if info.final is not None else None
    for seat in range(len(names)):
        vp = getattr(players[seat], "vp", None) if seat < len(players) else None
        if result is not None and seat < len(result.scores):
            vp = result.scores[seat]
        if vp is None and players:
            score = t(lang, "story.vp_hidden")
        elif vp is None:
            score = ""
        else:
            score = t(lang, "story.vp", count=vp)
        lines.append(f"\N{BULLET} {text.seat_name(seat, names)}" + (f": {score}" if score else ""))
    if info.turn is not None:
        who = text.seat_name(info.turn.seat, names)
        line = t(lang, "post.now", who=who, prompt=text.sentence(info.turn.prompt))
        if info.turn.deadline:
            line += " " + t(lang, "post.deadline", when=text.when(info.turn.deadline))
        lines.append(line)
    return "\n".join(lines)


@app_commands.guild_only()  # a game lives in a server's thread: never in DMs (issue 18)
class GameCog(commands.GroupCog, group_name=_("game"), group_description=_("Play a board game")):
    """The `/game` command group."""

    def __init__(self, bot: commands.Bot) -> None:
        """Keep the bot (the runtime hangs on it)."""
        self.bot = bot

    async def _post(self, interaction: discord.Interaction[Any], outcome: Outcome) -> None:
        await remember(interaction).poster.post(outcome)
        await reply(interaction, t(lang_for(interaction), "game.done"))

    async def _act(
        self,
        interaction: discord.Interaction[Any],
        game: int | None,
        call: Callable[[SessionManager, int, int], Awaitable[Outcome]],
    ) -> None:
        """Find the game, defer, make the session call for this user and post its outcome."""
        found = await find_game(interaction, game)
        if found is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        outcome = await call(remember(interaction).sessions, found, interaction.user.id)
        await self._post(interaction, outcome)

    @app_commands.command(
        name=_("new"), description=_("Open a lobby for a new game"), extras=PUBLIC
    )
    @app_commands.describe(
        game=_("Which game"), players=_("How many players (2-4)"),
        options=_("Game options as name=value"), time_control=_("Time allowed per move"),
        policy=_("What happens when time runs out"), language=_("Language of the game"),
        ai=_("How many AI players to seat now"), rated=_("Rate this game (on by default)"),
        ai_level=_("Level of the AI players and stand-ins"),
        hints=_("Allow /game hint in this game"),
        waking_hours=_("Count only the deciding player's waking hours"),
    )  # fmt: skip
    @app_commands.choices(ai_level=LEVEL_CHOICES)
    async def new(  # noqa: PLR0913, PLR0917 - one argument per option
        self,
        interaction: discord.Interaction[Any],
        game: str,
        players: app_commands.Range[int, 2, 4] = 3,
        options: str | None = None,
        time_control: Control = "none",
        policy: Literal["stand_in", "forfeit"] = "stand_in",
        language: Language | None = None,
        ai: app_commands.Range[int, 0, 3] = 0,
        rated: bool = True,
        ai_level: str | None = None,
        hints: bool = True,
        waking_hours: bool = False,
    ) -> None:
        """Open a lobby for a new game."""
        if game not in GAMES:
            known = ", ".join(sorted(GAMES))
            await reply(interaction, t(lang_for(interaction), "game.unknown", known=known))
            return
        number = await lobby.open_lobby(
            interaction, game=game, players=players, options=options,
            time_control=time_control, policy=policy, language=language, ai=ai,
            ai_level=ai_level, hints=hints,
        )  # fmt: skip
        if not rated:  # issue 16: casual games are rated unless the creator says no
            await around.around_of(interaction.client).unrate(number, interaction.user.id)
            await reply(interaction, t(lang_for(interaction), "around.unrated", number=number))
        if waking_hours:  # players' time (engine/people): the creator's choice, as in settings
            await people_of(self.bot).set_waking(number, interaction.user.id, True)
            await reply(interaction, t(lang_for(interaction), "waking.on", number=number))

    @new.autocomplete("game")
    async def _games(
        self, _i: discord.Interaction[Any], cur: str
    ) -> list[app_commands.Choice[str]]:
        found = [s for s in games.specs() if cur in s.name]
        return [app_commands.Choice(name=s.title, value=s.name) for s in found]

    @new.autocomplete("options")
    async def _options(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        chosen = getattr(interaction.namespace, "game", None) or next(iter(GAMES), "")
        engine = GAMES.get(chosen)
        if engine is None:
            return []
        lang = getattr(interaction.namespace, "language", None) or lang_for(interaction)
        return lobby.option_choices(chosen, engine.options(), current, str(lang))

    @app_commands.command(name=_("private"), description=_("See what only you may see"))
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=game_autocomplete)
    async def private(
        self, interaction: discord.Interaction[Any], game: GameOption | None = None
    ) -> None:
        """See what only you may see."""
        found = await find_game(interaction, game)
        if found is not None:
            await remember(interaction).poster.send_private(interaction, found)

    @app_commands.command(name=_("status"), description=_("Show a game's players and turn"))
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=game_autocomplete)
    async def status(
        self, interaction: discord.Interaction[Any], game: GameOption | None = None
    ) -> None:
        """Show a game's players and turn."""
        found = await find_game(interaction, game)
        if found is None:
            return
        rt = remember(interaction)
        info = await rt.sessions.status(found)
        meta = await rt.poster.meta(found, info)
        await reply(interaction, status_text(info, meta.names))

    @app_commands.command(name=_("log"), description=_("Show the moves of a game"))
    @app_commands.describe(
        since_my_turn=_("Only what happened since your last move"), game=GAME_OPTION
    )
    @app_commands.autocomplete(game=game_autocomplete)
    async def log(
        self,
        interaction: discord.Interaction[Any],
        since_my_turn: bool = False,
        game: GameOption | None = None,
    ) -> None:
        """Show the moves of a game."""
        found = await find_game(interaction, game)
        if found is None:
            return
        rt = remember(interaction)
        if not since_my_turn:  # the whole game, in pages (cogs/log_pages.py)
            lang = (await rt.poster.meta(found)).language
            changes = await around.seat_log(rt.sessions, found, lang)  # substitutes (issue 16)
            await log_pages.show(interaction, found, changes)
            return
        lines = await rt.sessions.log(found, user_id=interaction.user.id, limit=None)
        meta = await rt.poster.meta(found)
        # The log is the game's own text, so it is in the game's language, as in its thread.
        lang = meta.language
        title = story.title(meta.game, found, lang)
        content = log_pages.since_text(lines, meta.names, lang, meta.game, title)
        changes = await around.seat_log(rt.sessions, found, lang)  # substitutes (issue 16)
        await reply(interaction, f"{changes}\n{content}" if changes else content)

    @app_commands.command(
        name=_("hint"), description=_("Suggest your move (what the normal AI would play)")
    )
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=game_autocomplete)
    async def hint(
        self, interaction: discord.Interaction[Any], game: GameOption | None = None
    ) -> None:
        """Suggest your move: what the normal AI would play, and why (casual games)."""
        found = await find_game(interaction, game)
        if found is not None:
            await hints.show(interaction, found)

    @app_commands.command(name=_("undo"), description=_("Take back your last move"))
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=game_autocomplete)
    async def undo(
        self, interaction: discord.Interaction[Any], game: GameOption | None = None
    ) -> None:
        """Take back your last move."""
        found = await find_game(interaction, game)
        if found is not None:
            await undo_move(interaction, found, None)

    @app_commands.command(
        name=_("settings"), description=_("Change a game's or the server's settings")
    )
    @app_commands.describe(
        game=GAME_OPTION,
        language=_("Language of the game"), policy=_("What happens when time runs out"),
        time_control=_("Time allowed per move"),
        server_language=_("Default language of new games here (admins)"),
        ai_level=_("Level of the AI that stands in for players"),
        hints=_("Allow /game hint in this game"),
        waking_hours=_("Count only the deciding player's waking hours"),
    )  # fmt: skip
    @app_commands.choices(ai_level=LEVEL_CHOICES)
    @app_commands.autocomplete(game=game_autocomplete)
    async def settings(  # noqa: PLR0913, PLR0917 - one argument per option
        self,
        interaction: discord.Interaction[Any],
        language: Language | None = None,
        policy: Literal["stand_in", "forfeit"] | None = None,
        time_control: Control | None = None,
        server_language: Language | None = None,
        game: GameOption | None = None,
        ai_level: str | None = None,
        hints: bool | None = None,
        waking_hours: bool | None = None,
    ) -> None:
        """Change a game's or the server's settings."""
        rt, lang = remember(interaction), lang_for(interaction)
        admin = lobby.is_admin(interaction, rt)
        if server_language is not None:
            if not admin or interaction.guild_id is None:
                await reply(interaction, t(lang, "error.admin_only"))
                return
            await rt.sessions.set_guild_setting(interaction.guild_id, "language", server_language)
            if (language, policy, time_control, ai_level, hints, waking_hours) == (None,) * 6:
                await reply(interaction, t(lang, "game.done"))
                return
        found = await find_game(interaction, game)
        if found is None:
            return
        if waking_hours is not None:  # players' time (cogs/settings.py, engine/people)
            people = people_of(self.bot)
            await people.set_waking(found, interaction.user.id, waking_hours, admin=admin)
        change = Settings(
            language=language, policy=Policy(policy) if policy else None,
            time_control=lobby.TIME_CONTROLS.get(time_control or "none"),
            no_time_control=time_control == "none", ai_level=ai_level, hints=hints,
        )  # fmt: skip
        await rt.sessions.configure(found, interaction.user.id, change, admin=admin)
        rt.poster.forget(found)
        await reply(interaction, t(lang, "game.done"))

    @app_commands.command(
        name=_("reactions"), description=_("Answer out-of-turn questions in advance")
    )
    @app_commands.describe(
        kind=_("Which question"), answer=_("Always use, never use, or ask me"), game=GAME_OPTION
    )
    @app_commands.choices(kind=REACTIONS)
    @app_commands.autocomplete(game=game_autocomplete)
    async def reactions(
        self,
        interaction: discord.Interaction[Any],
        kind: app_commands.Choice[str],
        answer: Literal["always", "never", "ask"],
        game: GameOption | None = None,
    ) -> None:
        """Answer an out-of-turn question in advance: always use, never use, or ask me."""
        notation = STANDING[answer]
        await self._act(
            interaction,
            game,
            lambda sessions, found, user: sessions.set_standing_answer(
                found, user, kind.value, notation
            ),
        )

    @app_commands.command(name=_("back"), description=_("Take your seat back from the AI"))
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=game_autocomplete)
    async def back(
        self, interaction: discord.Interaction[Any], game: GameOption | None = None
    ) -> None:
        """Take your seat back from the AI that stood in when your time ran out."""
        await self._act(interaction, game, SessionManager.return_to_seat)

    @app_commands.command(name=_("resign"), description=_("Resign; an AI finishes your seat"))
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=game_autocomplete)
    async def resign(
        self, interaction: discord.Interaction[Any], game: GameOption | None = None
    ) -> None:
        """Resign; an AI finishes your seat."""
        await self._act(interaction, game, SessionManager.resign)

    @app_commands.command(name=_("abandon"), description=_("End a game for everyone"))
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=game_autocomplete)
    async def abandon(
        self, interaction: discord.Interaction[Any], game: GameOption | None = None
    ) -> None:
        """End a game for everyone (at once for admins; otherwise all players must agree)."""
        found = await find_game(interaction, game)
        if found is None:
            return
        rt = remember(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        admin = lobby.is_admin(interaction, rt)
        outcome = await rt.sessions.abandon(found, interaction.user.id, admin=admin)
        await self._post(interaction, outcome)

    # ---- export (issue 17; cogs/transfer.py does the work; import is /admin game import) --

    @app_commands.command(
        name=_("export"), description=_("Download a game as a file (JSON and text)")
    )
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=game_autocomplete)
    async def export(
        self, interaction: discord.Interaction[Any], game: GameOption | None = None
    ) -> None:
        """Attach a game as a JSON file (replayable, importable) and as a text log."""
        found = await find_game(interaction, game)
        if found is not None:
            await transfer.export_game(interaction, found)

    # ---- replay (issue 17; cogs/replay.py draws it and holds its controls) -------------

    @app_commands.command(name=_("replay"), description=_("Look at a game's board at any move"))
    @app_commands.describe(
        move=_("The move to show (0: the start; empty: the newest)"), game=GAME_OPTION
    )
    @app_commands.autocomplete(game=game_autocomplete)
    async def replay(
        self,
        interaction: discord.Interaction[Any],
        game: GameOption | None = None,
        move: app_commands.Range[int, 0] | None = None,
    ) -> None:
        """Show, ephemerally, the public board at any move, with buttons to step through."""
        found = await find_game(interaction, game)
        if found is not None:
            await replay.show(interaction, found, move)


async def setup(bot: commands.Bot) -> None:
    """Load the cog and register the replay's persistent controls."""
    await bot.add_cog(GameCog(bot))
    bot.add_dynamic_items(*replay.ITEMS, *undo_here.ITEMS, *log_pages.ITEMS)
