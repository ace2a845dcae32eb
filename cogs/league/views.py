"""Text and embeds for `/league schedule`, `/league history` and `/profile`.

Messages hold at most 2000 characters: long histories keep their latest weeks and say so.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from cogs.league.text import mentions, points, share, t, when
from engine.leagues.actions import Profile, Schedule, WeekRecord
from engine.leagues.model import League

LIMIT = 1900


def _clip(lines: list[str], head: str) -> str:
    """Join lines under a head, dropping the oldest ones past the message limit."""
    kept: list[str] = []
    size = len(head)
    for line in reversed(lines):
        if size + len(line) + 1 > LIMIT:
            kept.append("…")
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join([head, *reversed(kept)])


def schedule_text(league: League, plan: Schedule, lang: str) -> str:
    """Return the league's weeks (seated and planned) and what is due next."""
    lines = [
        t(
            lang,
            "schedule_week",
            season=w.season,
            week=w.week,
            start=when(w.starts_at),
            deadline=when(w.deadline),
            seated=t(lang, "schedule_seated") if w.seated else "",
        )
        for w in plan.weeks
    ]
    if plan.next_due_at is not None:
        lines.append(
            t(lang, "schedule_next", what=plan.next_due or "", when=when(plan.next_due_at))
        )
    if not lines:
        lines.append(t(lang, "schedule_nothing"))
    head = t(lang, "schedule_title", name=league.name, status=plan.status)
    return _clip(lines, head)


def history_text(league: League, weeks: Sequence[WeekRecord], lang: str) -> str:
    """Return every seated week: its tables and their results, best first."""
    lines: list[str] = []
    for week in weeks:
        lines.append(
            t(
                lang,
                "history_week",
                season=week.season,
                week=week.week,
                deadline=when(week.deadline),
            )
        )
        for record in week.tables:
            if record.results:
                results = ", ".join(
                    f"<@{s.user}> {points(s.points)}{t(lang, 'forfeit') if s.forfeited else ''}"
                    for s in record.results
                )
            else:
                results = mentions(record.table.players) + " …"
            lines.append(t(lang, "history_table", number=record.table.number, results=results))
        if week.byes:
            lines.append(t(lang, "byes", players=mentions(week.byes)))
        if week.absent:
            lines.append(t(lang, "away", players=mentions(week.absent)))
    if not lines:
        lines.append(t(lang, "history_none"))
    return _clip(lines, t(lang, "history_title", name=league.name))


def profile_embed(name: str, profile: Profile, lang: str) -> discord.Embed:
    """Return a user's league figures: per league, then per game."""
    embed = discord.Embed(title=t(lang, "profile_title", user=name), colour=discord.Colour.teal())
    if not profile.leagues:
        embed.description = t(lang, "profile_none", user=name)
        return embed
    for f in profile.leagues[:20]:
        placements = " ".join(f"{rank}:{count}" for rank, count in sorted(f.placements.items()))
        value = t(
            lang,
            "profile_league",
            rating=f.rating.display,
            games=f.games,
            placements=placements or "-",
            forfeits=f.forfeits,
            vp=share(f.mean_vp_share),
        )
        embed.add_field(name=f"{f.name} ({f.game})", value=value, inline=False)
    lines = [
        t(lang, "profile_game", game=game, games=games, wins=wins, vp=share(vp))
        for game, (games, wins, vp) in profile.per_game.items()
    ]
    embed.description = "\n".join(lines)
    return embed
