"""`/game export` and `/admin game import`: a game as a file, and a game from a file (issue 17).

The commands are declared in cogs/game.py (the `/game` group); this module does their work.
Export attaches the JSON file (engine/sessions/transfer.py) and its readable text log. Anyone
may export a finished game; a running game only an admin may export, because its seed gives
away every hidden card and character to come. Import (admins) checks the file by replaying
it, stores it as a new game of this server, opens its thread and posts it there.
"""

import io
from dataclasses import replace
from typing import Any

import discord

from cogs import lobby
from cogs.common.errors import reply
from cogs.common.i18n import lang_for, t
from cogs.common.runtime import remember
from engine import games
from engine.sessions import Status
from engine.sessions.transfer import dumps

MAX_IMPORT = 8 * 1024 * 1024  # the largest file an upload limit lets any server send


async def export_game(interaction: discord.Interaction[Any], found: int) -> None:
    """Attach game `found` as a JSON file and a text log, ephemerally."""
    rt, lang = remember(interaction), lang_for(interaction)
    info = await rt.sessions.status(found)
    if info.status is Status.ACTIVE and not lobby.is_admin(interaction, rt):
        await reply(interaction, t(lang, "export.running_admin"))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    meta = await rt.poster.meta(found, info)
    names = {
        s.user_id: meta.names[s.seat]
        for s in info.seats
        if s.user_id is not None and s.seat is not None
    }
    doc = await rt.sessions.export_game(found, names)
    base = f"denarius-{info.game}-{found}"
    log_text = ("\n".join(doc["log"]) + "\n").encode()
    files = [
        discord.File(io.BytesIO(dumps(doc)), filename=f"{base}.json"),
        discord.File(io.BytesIO(log_text), filename=f"{base}.txt"),
    ]
    live = sum(1 for m in doc["moves"] if m["undone_at"] is None)
    await reply(interaction, t(lang, "export.attached", number=found, moves=live), files=files)


async def import_game(interaction: discord.Interaction[Any], file: discord.Attachment) -> None:
    """Recreate a game from an exported file in this channel, with a thread of its own."""
    rt, lang = remember(interaction), lang_for(interaction)
    if not lobby.is_admin(interaction, rt):
        await reply(interaction, t(lang, "error.admin_only"))
        return
    channel = interaction.channel
    if file.size > MAX_IMPORT or not isinstance(channel, discord.TextChannel):
        await reply(interaction, t(lang, "export.not_a_file"))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    data = await file.read()
    outcome = await rt.sessions.import_game(
        data, interaction.user.id, interaction.guild_id, interaction.channel_id
    )
    info = await rt.sessions.status(outcome.game_id)
    title = games.title(info.game)
    opening = t(info.language, "export.imported_thread", number=info.game_id, game=title,
                status=info.status.value)  # fmt: skip
    message = await channel.send(opening)
    name = t(info.language, "lobby.thread", game=title, number=info.game_id)
    thread = await message.create_thread(name=name[:100])
    await rt.sessions.set_messages(info.game_id, thread_id=thread.id)
    await rt.poster.post(replace(outcome, thread_id=thread.id), fresh=True)
    moves = len(await rt.sessions.log(info.game_id))
    await reply(interaction, t(lang, "export.imported", number=info.game_id, moves=moves))
