"""The end-of-game summary posted in a finished game's thread (issue 17).

After the final standings, the score chart and the final board (poster.py), the poster
posts this: an animated replay of the whole game (APNG, one frame per round, what changed
in each round marked; drawn in a render worker, never on the event loop) and each player's
own view at the end, now that nothing in it is secret (Troyes characters and VP, Trajan
hands). A summary that cannot be made is logged and left out: the end is already posted.
"""

import io
import logging
from typing import Any

import discord

from cogs.common.i18n import t
from cogs.common.images import Renderer
from cogs.common.text import nonce as text_nonce
from cogs.common.text import seat_name
from engine.sessions import Outcome, SessionManager

log = logging.getLogger(__name__)
NO_PINGS = discord.AllowedMentions.none()


async def post_summary(
    thread: discord.PartialMessageable | Any,
    sessions: SessionManager,
    render: Renderer,
    outcome: Outcome,
    names: tuple[str, ...],
    title: str,
) -> None:
    """Post the animated replay and every seat's final private image in the thread.

    Its nonce is the same for the same game's end, so the summary posted again after a
    restart (the end was owed still) returns the message already sent (enforce_nonce).
    """
    try:
        summary = await sessions.summary(outcome.game_id)
        lang = summary.language
        files = [
            discord.File(
                io.BytesIO(await render.animation(summary.game, summary.frames, names, lang)),
                filename=f"replay-{outcome.game_id}.png",
            )
        ]
        for seat, view in enumerate(summary.private[:9]):
            png = await render.private(summary.game, view, names, lang)
            files.append(discord.File(io.BytesIO(png), filename=f"seat-{seat + 1}-final.png"))
    except Exception:
        log.exception("game %s: the end-of-game summary could not be made", outcome.game_id)
        return
    who = seat_lines(names, lang)
    content = "\n".join([t(lang, "story.summary", title=title), *who])
    nonce = text_nonce("s", outcome.game_id, outcome.version)
    await thread.send(content[:2000], files=files, allowed_mentions=NO_PINGS, nonce=nonce)


def seat_lines(names: tuple[str, ...], lang: str) -> list[str]:
    """Return one line per seat naming the image of its final view (image 1 is the replay).

    Seats are named with their marks, as everywhere else: two AI seats are both "IA normal"
    without them. The line says the view is no longer secret (playtest of issue 14).
    """
    return [
        t(lang, "playtest.summary_seat", who=seat_name(seat, names), image=seat + 2)
        for seat in range(len(names))
    ]
