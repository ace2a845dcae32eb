"""Reading `/admin league create` and `... edit` options into a LeagueConfig (or its changes).

Bad input raises GameError with a catalog sentence (points, options); the rest is checked by
LeagueConfig itself (LeagueError, also a GameError), so the engine's sentence is the reply.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal
from zoneinfo import available_timezones

import discord
from discord import app_commands

from engine import games
from engine.core.errors import GameError
from engine.leagues.model import (
    ForfeitPolicy,
    LeagueConfig,
    Scoring,
    TimeControl,
    WeekStart,
)


class LeagueGame(app_commands.Transformer):
    """A game a league may play, offered as choices: the registry's (engine/games.py)."""

    @property
    def type(self) -> discord.AppCommandOptionType:
        """Players pick the game's name."""
        return discord.AppCommandOptionType.string

    @property
    def choices(self) -> list[app_commands.Choice[int | float | str]] | None:
        """Return one choice per game a league may play, named as the game is stored."""
        return [
            app_commands.Choice(name=spec.name, value=spec.name)
            for spec in games.specs()
            if spec.league
        ]

    async def transform(self, interaction: discord.Interaction[Any], value: Any) -> str:
        """Return the picked game's name."""
        return str(value)


Game = app_commands.Transform[str, LeagueGame]
PolicyChoice = Literal["ai_standin", "forfeit"]
Weekday = Literal["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


@dataclass(frozen=True, slots=True)
class ConfigInput:
    """The options as typed; None means "not given" (for /admin league edit)."""

    game: str
    table_size: int | None
    weeks: int | None
    day: str | None
    hour: int | None
    timezone: str | None
    hours_per_move: int | None
    policy: str | None
    points: str | None
    options: str | None
    ai_level: str | None = None  # the stand-ins' level in its games


MAX_POINTS = 1000  # placement points beyond this are a typo, and would overflow SQLite later


def parse_points(text: str, lang: str) -> Scoring:
    """Read four-player placement points like "10,6,3,1" (ASCII digits, each at most 1000)."""
    parts = [p for p in text.replace(" ", ",").split(",") if p]
    # "²".isdigit() is true but int("²") fails: only ASCII digits are numbers here.
    if len(parts) != 4 or not all(p.isascii() and p.isdigit() for p in parts):
        raise GameError("league.bad_points")
    if any(int(p) > MAX_POINTS for p in parts):
        raise GameError("league.points_too_big", most=MAX_POINTS)
    return Scoring(tuple(int(p) for p in parts))


def parse_options(text: str | None, lang: str, game: str | None = None) -> dict[str, str]:
    """Read `name=value name=value` game options; with `game`, check them as `/game new` does."""
    options: dict[str, str] = {}
    for part in (text or "").replace(",", " ").split():
        name, sep, value = part.partition("=")
        if not sep or not name or not value:
            raise GameError("league.bad_options", part=part)
        options[name.strip().lower()] = value.strip().lower()
    if game is not None and game in games.GAMES:
        check_options(game, options)
    return options


def check_options(game: str, options: dict[str, str]) -> None:
    """Refuse options the game does not have, or values it does not offer, before a week fails."""
    known = {o.name: o for o in games.GAMES[game].options()}
    for name, value in options.items():
        if name not in known:
            raise GameError("league.unknown_option", name=name, game=games.title(game),
                            known=", ".join(known) or "-")  # fmt: skip
        if value not in known[name].choices:
            choices = ", ".join(known[name].choices)
            raise GameError("league.bad_option_value", name=name, value=value, choices=choices)


def new_config(raw: ConfigInput, division_size: int | None, lang: str) -> LeagueConfig:
    """Return the config of a new league from /admin league create's options."""
    return LeagueConfig(
        raw.game,
        game_options=parse_options(raw.options, lang, raw.game),
        table_size=raw.table_size or 4,
        season_weeks=raw.weeks or 6,
        week_start=WeekStart(
            WEEKDAYS.index(raw.day or "monday"), raw.hour or 0, raw.timezone or "UTC"
        ),
        time_control=TimeControl(raw.hours_per_move or 72),
        forfeit_policy=ForfeitPolicy(raw.policy or "ai_standin"),
        scoring=parse_points(raw.points or "10,6,3,1", lang),
        division_size=division_size,
        ai_level=raw.ai_level or "normal",
    )


def config_changes(
    current: LeagueConfig, raw: ConfigInput, lang: str, *, allow_none: bool = False
) -> dict[str, Any]:
    """Return the LeagueConfig fields /admin league edit changes (none only if `allow_none`)."""
    changes: dict[str, Any] = {}
    if raw.table_size is not None:
        changes["table_size"] = raw.table_size
    if raw.weeks is not None:
        changes["season_weeks"] = raw.weeks
    if raw.day is not None or raw.hour is not None or raw.timezone is not None:
        ws = current.week_start
        changes["week_start"] = WeekStart(
            ws.weekday if raw.day is None else WEEKDAYS.index(raw.day),
            ws.hour if raw.hour is None else raw.hour,
            ws.tz if raw.timezone is None else raw.timezone,
        )
    if raw.hours_per_move is not None:
        changes["time_control"] = TimeControl(raw.hours_per_move)
    if raw.policy is not None:
        changes["forfeit_policy"] = ForfeitPolicy(raw.policy)
    if raw.points is not None:
        changes["scoring"] = parse_points(raw.points, lang)
    if raw.options is not None:
        changes["game_options"] = parse_options(raw.options, lang, current.game)
    if raw.ai_level is not None:
        changes["ai_level"] = raw.ai_level
    if not changes and not allow_none:
        raise GameError("league.bad_edit")
    return changes


async def timezone_choices(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """Offer IANA time zone names containing what was typed."""
    typed = current.lower().replace(" ", "_")
    zones = sorted(z for z in available_timezones() if typed in z.lower() and "/" in z)
    return [app_commands.Choice(name=z, value=z) for z in zones[:25]]
