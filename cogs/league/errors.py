"""League refusals in the user's language.

The league service (engine/leagues) words its refusals in English, one sentence each. For
Spanish users the sentences a command can meet are matched here and replaced from the
catalog (`err_*` keys); anything unmatched stays in English. The cog rewrites the error's
text before any handler answers, so bot.py's `tree.on_error` replies in Spanish as well.
"""

from __future__ import annotations

import re

from cogs.league.text import t
from engine.leagues.model import LeagueError

PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), key)
    for pattern, key in (
        (r"Unknown time zone '(?P<zone>.+)'; use a name like Europe/Madrid\.", "err_zone"),
        (r"That league has ended\.", "err_ended"),
        (r"Pick a week from 1 to (?P<weeks>\d+)\.", "err_week"),
        (r"Week (?P<week>\d+) of season (?P<season>\d+) is already seated or over\.", "err_seated"),
        (r"You are not in that league\.", "err_member"),
        (r"That league has not started a season yet\.", "err_no_season"),
        (r"There is no season (?P<season>\d+)\.", "err_season"),
        (r"This server already has a league named '(?P<name>.+)'\.", "err_name_taken"),
        (r"Placement points must not go up from one place to the next\.", "err_points_order"),
        (r"A division holds at least 6 players \(so nobody gets a bye\)\.", "err_division"),
    )
)


def translated(error: LeagueError, lang: str) -> str:
    """Return the refusal in `lang` (the English sentence when there is no translation)."""
    text = str(error)
    if lang == "en":
        return text
    for pattern, key in PATTERNS:
        match = pattern.fullmatch(text)
        if match:
            return t(lang, key, **match.groupdict())
    return text
