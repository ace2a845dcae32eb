"""Lobbies: `/game new` posts a lobby with Join, Leave, Add AI and Start buttons.

On Start the bot opens a public thread on the lobby message and posts the first board
there. Before starting, it checks that it may create threads and post images in them, and
names exactly what it lacks otherwise (notes/discord.md §5.5).
"""

import logging
from collections.abc import Sequence
from dataclasses import replace
from datetime import timedelta
from typing import Any, Literal

import discord
from discord import app_commands

from cogs.common.errors import guarded, missing_permissions, permission_names, reply
from cogs.common.i18n import lang_for, t
from cogs.common.items import Controls, Persistent, button
from cogs.common.levels import ai_name, check_level, default_level, hints_word, level_word
from cogs.common.runtime import Runtime, in_game, remember
from cogs.common.story import title
from cogs.common.text import seat_name
from engine import games
from engine.core import i18n
from engine.core.errors import GameError
from engine.core.protocol import OptionSpec
from engine.sessions import GameInfo, NewGame, Policy, Seat, SeatOrder, Status, TimeControl

log = logging.getLogger(__name__)

START_NEEDS = (
    "create_public_threads",
    "send_messages_in_threads",
    "attach_files",
    "read_message_history",
)
HOUR = timedelta(hours=1)
THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080  # a week, as league threads use
TIME_CONTROLS = {
    "none": None,
    "24h": TimeControl(24 * HOUR, (8 * HOUR, 2 * HOUR)),
    "48h": TimeControl(48 * HOUR, (12 * HOUR, 4 * HOUR)),
    "72h": TimeControl(72 * HOUR, (24 * HOUR, 6 * HOUR)),
}


def is_admin(interaction: discord.Interaction[Any], rt: Runtime) -> bool:
    """Return whether the user has Manage Server or the configured admin role."""
    if interaction.permissions.manage_guild:
        return True
    roles = getattr(interaction.user, "roles", [])
    return rt.admin_role_id is not None and any(r.id == rt.admin_role_id for r in roles)


def presets(game: str) -> dict[str, dict[str, str]]:
    """Return a game's named sets of options ({} for a game not registered)."""
    try:
        return {k: dict(v) for k, v in games.spec(game).presets.items()}
    except KeyError:
        return {}


def parse_options(text: str | None, game: str = "") -> dict[str, str]:
    """Read `name=value name=value` game options (a GameError names a malformed part).

    A word naming one of the game's presets ("ladies") stands for all its options.
    """
    options: dict[str, str] = {}
    named = presets(game) if game else {}
    for part in (text or "").replace(",", " ").split():
        if part.strip().lower() in named:
            options.update(named[part.strip().lower()])
            continue
        name, sep, value = part.partition("=")
        if not sep or not name or not value:
            raise GameError("error.bad_options", part=part)
        options[name.strip().lower()] = value.strip().lower()
    return options


def option_words(name: str, value: str, lang: str) -> str:
    """Return a game option as players read it: "Bandejas iniciales: dos colores distintos".

    A value whose words agree with the option's noun has them under that option first
    ("Eventos de Las Damas: mezclados", "Actividades …: mezcladas"; playtest item 45).
    An option or value without words (a game added later) reads as its code.
    """
    key, value_key = f"thread.option.{name}", f"thread.option_value_for.{name}.{value}"
    if not i18n.has(value_key):
        value_key = f"thread.option_value.{value}"
    shown = t(lang, key) if i18n.has(key) else name
    said = t(lang, value_key) if i18n.has(value_key) else value
    return f"{shown}: {said}"


def _token_words(token: str, game: str, lang: str) -> str:
    """Return one typed option ("walls=on", or a preset's name) as players read it."""
    if token in presets(game):
        return t(lang, f"thread.option_preset.{token}")
    name, sep, value = token.partition("=")
    return option_words(name, value, lang) if sep else token


def option_choices(
    game: str, specs: Sequence[OptionSpec], current: str, lang: str
) -> list[app_commands.Choice[str]]:
    """Suggest the next option for `/game new options:`, named in the player's words.

    Each choice reads "Murallas: sí" (the options typed before it first) and puts its code in
    the field ("walls=on"); a preset ("ladies": every module) is one word, offered first.
    The typed word is matched against the code and the words alike.
    """
    done, _sep, last = current.rpartition(" ")
    last = last.lower()
    tokens = [*presets(game), *(f"{o.name}={c}" for o in specs for c in o.choices)]
    before = ", ".join(_token_words(x, game, lang) for x in done.split())
    out: list[app_commands.Choice[str]] = []
    for token in tokens:
        words = _token_words(token, game, lang)
        if not (token.startswith(last) or last in words.lower()):
            continue
        value = f"{done} {token}".strip()
        name = f"{before}, {words}" if before else words
        if len(name) > 100:
            name = "…" + name[-99:]
        if len(value) <= 100:
            out.append(app_commands.Choice(name=name, value=value))
    return out[:25]


def lobby_text(info: GameInfo, names: dict[int, str], lang: str) -> str:
    """Return the lobby message: game, settings and seats."""
    control = info.time_control
    hours = "-" if control is None else str(int(control.per_move.total_seconds() // 3600))
    options = ", ".join(option_words(k, v, lang) for k, v in sorted(info.options.items())) or "-"
    lines = [
        t(lang, "lobby.title", game=games.title(info.game, lang), number=info.game_id),
        t(
            lang,
            "lobby.settings",
            options=options,
            hours=hours,
            language=info.language,
            policy=t(lang, f"lobby.policy_{info.policy.value}"),
        ),
    ]
    if info.ai_level is not None:
        level = level_word(lang, info.ai_level)
        hints = hints_word(lang, info.hints, info.ranked)
        lines.append(t(lang, "ai.settings", level=level, hints=hints))
    seated = sorted((s for s in info.seats if s.seat is not None), key=lambda s: s.seat or 0)
    if info.status is not Status.LOBBY and seated:
        # Started: the seats in play, as the thread names them ("alice (2)"), and whether
        # they were drawn at random (the lobby's join order may differ; issue 14).
        shuffled = info.seat_order is SeatOrder.RANDOM
        lines.append(t(lang, "story.lobby_seats" if shuffled else "story.lobby_joined"))
        played = tuple(_who(s, names, lang) for s in seated)
        lines += [f"{i + 1}. {seat_name(i, played)}" for i in range(len(played))]
    for slot in range(info.max_seats) if info.status is Status.LOBBY or not seated else ():
        seat = next((s for s in info.seats if s.slot == slot), None)
        who = t(lang, "lobby.free") if seat is None else _who(seat, names, lang)
        lines.append(f"{slot + 1}. {who}")
    if info.status is Status.ACTIVE:
        lines.append(t(lang, "lobby.started", thread=f"<#{info.thread_id}>"))
    elif info.status is Status.ABANDONED:  # retired (`retire`): said, in the game's language
        where = {} if info.thread_id is None else {"thread": f"<#{info.thread_id}>"}
        lines.append(t(lang, "lobby.abandoned_in" if where else "lobby.abandoned", **where))
    return "\n".join(lines)


def _who(seat: Seat, names: dict[int, str], lang: str) -> str:
    if seat.user_id is None:
        return ai_name(lang, seat.ai)
    return names.get(seat.user_id, f"<@{seat.user_id}>")


def lobby_view(info: GameInfo, levels: tuple[str, ...] = ()) -> discord.ui.View | None:
    """Build the lobby buttons, and the select that adds an AI player at one of `levels`.

    Join and Add AI are offered only while a seat is free (seventh playtest item 10b; a press
    that races the last seat is refused). A game no longer in its lobby has no controls.
    """
    if info.status is not Status.LOBBY:
        return None
    game, lang = info.game_id, info.language
    free = len(info.seats) < info.max_seats
    actions = ("join", "leave", "start") if levels else ("join", "leave", "ai", "start")
    view = Controls()
    for action in actions:
        if free or action not in {"join", "ai"}:
            view.add_item(LobbyButton(game, action, t(lang, f"lobby.{action}")))
    if levels and free:
        options = [
            discord.SelectOption(label=ai_name(lang, level), value=level) for level in levels
        ]
        view.add_item(AddAiSelect(game, options, t(lang, "ai.add")))
    return view


async def open_lobby(  # noqa: PLR0913 - one argument per `/game new` option
    interaction: discord.Interaction[Any],
    *,
    game: str,
    players: int,
    options: str | None,
    time_control: str,
    policy: str,
    language: str | None,
    ai: int,
    ai_level: str | None = None,
    hints: bool = True,
) -> int:
    """Create the lobby (with `ai` AI seats at `ai_level`), post it as the reply; return its id.

    `ai_level` is also the game's stand-in level (timeouts); `hints` allows /game hint.
    """
    rt = remember(interaction)
    lang = lang_for(interaction)
    if interaction.guild_id is None:  # a game needs a server thread (commands are guild-only)
        raise GameError("error.guild_only")
    ai_level = ai_level or default_level(rt.sessions)
    spec = NewGame(
        game, interaction.guild_id, interaction.channel_id, players,
        parse_options(options, game), TIME_CONTROLS[time_control], Policy(policy), language,
        ai_level=ai_level, hints=hints,
    )  # fmt: skip
    info = await rt.sessions.create_lobby(interaction.user.id, spec)
    for _ in range(min(ai, players - 1)):
        info = await rt.sessions.add_ai(info.game_id, interaction.user.id, ai_level)
    lang = info.language
    text = lobby_text(info, rt.names, lang)
    view = lobby_view(info, rt.sessions.ai_levels)
    await interaction.response.send_message(text, view=view or discord.utils.MISSING)
    message = await interaction.original_response()
    await rt.sessions.set_messages(info.game_id, lobby_message_id=message.id)
    return info.game_id


async def start(interaction: discord.Interaction[Any], game: int) -> None:
    """Start the game, open its thread on the lobby message and post the first board."""
    rt = remember(interaction)
    lang = lang_for(interaction)
    if interaction.guild_id is None or interaction.message is None:
        raise GameError("error.guild_only")  # before starting: never a game with no thread
    lacking = missing_permissions(interaction.app_permissions, START_NEEDS)
    if lacking:
        await reply(interaction, t(lang, "error.permissions", perms=permission_names(lacking)))
        return
    await interaction.response.defer()
    # The first board goes before the AI seats think (playtest item 100): `proceed` moves them.
    admin = is_admin(interaction, rt)
    outcome = await rt.sessions.start(game, interaction.user.id, admin=admin, advance=False)
    info = await rt.sessions.status(game)
    name = title(info.game, game, info.language)  # "Trajano n.º 3": as the thread reads
    try:
        thread = await interaction.message.create_thread(
            name=name[:100], auto_archive_duration=THREAD_ARCHIVE_MINUTES
        )
    except discord.Forbidden:
        await reply(interaction, t(lang, "error.permissions", perms="Create Public Threads"))
        return
    await rt.sessions.set_messages(game, thread_id=thread.id)
    info = replace(info, thread_id=thread.id)
    await interaction.edit_original_response(content=lobby_text(info, rt.names, info.language),
                                             view=None)  # fmt: skip
    await rt.poster.post(replace(outcome, thread_id=thread.id), fresh=True)
    if outcome.thinking:
        moved = await rt.sessions.proceed(game)
        if moved.moves:  # else a tick or a restart moved them and posted it
            await rt.poster.post(moved)


class LobbyButton(
    Persistent[discord.ui.Button[Any]], custom_id="dn:l:{game:int}:{action:join|leave|ai|start}"
):
    """One of the lobby's four buttons."""

    game: int
    action: str

    def __init__(self, game: int, action: str, label: str = "?") -> None:
        style = discord.ButtonStyle.success if action == "start" else discord.ButtonStyle.primary
        super().__init__(button(label, style), game=game, action=action)

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Join, leave, add an AI seat or start, then show the lobby as it is now."""
        rt = remember(interaction)
        await in_game(interaction, self.game)  # a refusal to its player: the game's language
        if self.action == "start":
            await start(interaction, self.game)
            return
        user = interaction.user.id
        if self.action == "join":
            info = await rt.sessions.join(self.game, user)
        elif self.action == "leave":
            info = await rt.sessions.leave(self.game, user)
        else:  # a lobby posted before the levels: an AI at the game's stand-in level
            status = await rt.sessions.status(self.game)
            level = status.ai_level or default_level(rt.sessions)
            info = await rt.sessions.add_ai(self.game, user, level)
        await show(interaction, rt, info)


async def show(interaction: discord.Interaction[Any], rt: Runtime, info: GameInfo) -> None:
    """Edit the lobby message (the one clicked) to show the lobby as it is now.

    A lobby its last player left is abandoned: its message is retired, as `retire` does.
    """
    text = lobby_text(info, rt.names, info.language)
    view = lobby_view(info, rt.sessions.ai_levels)
    await interaction.response.edit_message(content=text, view=view)


async def retire(bot: discord.Client, names: dict[int, str], info: GameInfo) -> None:
    """Retire an abandoned game's lobby message: no controls, a line that says so.

    A game-end listener (bot.py), so every way a game is abandoned retires it: `/game
    abandon` in its lobby or later, the players' consent, everyone timing out, the last player
    leaving (seventh playtest item 3). A started lobby was retired at its start; this edit
    adds the line. A message Discord will not edit (deleted) is left as it is.
    """
    if info.status is not Status.ABANDONED or None in (info.channel_id, info.lobby_message_id):
        return
    channel = bot.get_partial_messageable(info.channel_id or 0)
    message = channel.get_partial_message(info.lobby_message_id or 0)
    try:
        await message.edit(content=lobby_text(info, names, info.language), view=None)
    except discord.HTTPException as error:
        log.info("game %s: its lobby message was not retired (%s)", info.game_id, error)


class AddAiSelect(Persistent[discord.ui.Select[Any]], custom_id="dn:la:{game:int}"):
    """The lobby's Add AI select: one option per level the bot allows."""

    game: int

    def __init__(
        self, game: int, options: list[discord.SelectOption] | None = None, placeholder: str = ""
    ) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            options=options or [discord.SelectOption(label="-", value="normal")],
            placeholder=placeholder or None,
        )
        super().__init__(select, game=game)

    @classmethod
    def rebuild(cls, item: discord.ui.Item[Any], fields: dict[str, Any]) -> "AddAiSelect":
        """Rebuild the select from its custom_id (the options come with the message)."""
        options = item.options if isinstance(item, discord.ui.Select) else []
        return cls(fields["game"], options)

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Seat an AI player at the chosen level, then show the lobby as it is now."""
        rt = remember(interaction)
        level = self.item.values[0]
        check_level(rt.sessions, level)  # a tampered value changes nothing
        info = await rt.sessions.add_ai(self.game, interaction.user.id, level)
        await show(interaction, rt, info)


ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (LobbyButton, AddAiSelect)
