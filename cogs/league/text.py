"""League messages (data/i18n/league/{en,es}.toml) and the embeds and images built from them.

The messages are the `league.*` keys of the one message catalog (engine/core/i18n.py).
Replies use the user's locale; announcements use the guild's language setting.
Times are Discord timestamps (`<t:...:f>`), which every client shows in its own time zone.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable, Sequence
from datetime import datetime
from fractions import Fraction

import discord

from cogs.common import i18n as discord_i18n
from engine.core import i18n
from engine.leagues.actions import Standings
from engine.leagues.standings import StandingRow
from render.base.league import Line, standings_png

Names = Callable[[int], str]


def lang_of(locale: discord.Locale | str | None) -> str:
    """Return the catalog language of a Discord locale or a stored language code."""
    return discord_i18n.lang_of(locale)


def t(lang: str, key: str, **fields: object) -> str:
    """Return message `league.<key>` in `lang` (English if missing), with fields filled in."""
    return i18n.text(lang, f"league.{key}", **fields)


def when(moment: datetime | None) -> str:
    """Return a Discord timestamp: full date and time, and how long from now."""
    if moment is None:
        return "-"
    stamp = int(moment.timestamp())
    return f"<t:{stamp}:f> (<t:{stamp}:R>)"


def points(value: Fraction) -> str:
    """Return points as a short number: 10, 4.5, 6.33."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def share(value: Fraction | float) -> str:
    """Return a VP share as a percentage."""
    return f"{float(value) * 100:.0f}%"


def mentions(users: Sequence[int]) -> str:
    """Return users as mentions."""
    return ", ".join(f"<@{u}>" for u in users) or "-"


def _rows(standings: Standings) -> list[tuple[int, StandingRow]]:
    return [(number, row) for number, rows in standings.divisions for row in rows]


def standings_embed(name: str, standings: Standings, lang: str) -> discord.Embed:
    """Return the standings as an embed: one field per division, a line per player."""
    state = t(lang, "state_closed" if standings.closed else "state_open")
    embed = discord.Embed(
        title=t(lang, "standings_title", name=name),
        description=t(lang, "standings_sub", season=standings.season, state=state),
        colour=discord.Colour.gold() if standings.closed else discord.Colour.blurple(),
    )
    for number, rows in standings.divisions:
        lines = [
            f"**{r.rank}.** <@{r.user}> · {points(r.points)} · {r.games}/{r.wins}"
            f" · {share(r.vp_share)}"
            for r in rows
        ]
        text = "\n".join(lines) or t(lang, "no_rows")
        title = t(lang, "division", number=number) if len(standings.divisions) > 1 else "\u200b"
        while text:  # an embed field holds 1024 characters
            cut = text[:1024].rfind("\n") if len(text) > 1024 else len(text)
            embed.add_field(name=title, value=text[:cut], inline=False)
            text, title = text[cut:].lstrip("\n"), "\u200b"
    heads = {k: t(lang, f"head_{k}") for k in ("points", "games", "wins", "vp")}
    embed.set_footer(text="{points} · {games}/{wins} · {vp}".format(**heads))
    embed.set_image(url="attachment://standings.png")
    return embed


async def standings_file(name: str, standings: Standings, lang: str, names: Names) -> discord.File:
    """Draw the standings image in a worker thread and return it as an attachment."""
    state = t(lang, "state_closed" if standings.closed else "state_open")
    lines = [
        Line(
            r.rank,
            names(r.user),
            points(r.points),
            r.games,
            r.wins,
            share(r.vp_share),
            str(standings.ratings[r.user].display) if r.user in standings.ratings else "",
            t(lang, "division", number=n) if len(standings.divisions) > 1 else "",
        )
        for n, r in _rows(standings)
    ]
    heads = [
        t(lang, k)
        for k in (
            "head_rank",
            "head_player",
            "head_points",
            "head_games",
            "head_wins",
            "head_vp",
            "head_rating",
        )
    ]
    png = await asyncio.to_thread(
        standings_png,
        t(lang, "standings_title", name=name),
        t(lang, "standings_sub", season=standings.season, state=state),
        heads,
        lines,
    )
    return discord.File(io.BytesIO(png), filename="standings.png")
