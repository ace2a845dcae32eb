"""The slash commands the real bot syncs: each command and option says what it is for, in both
languages.

Discord shows an option's description under it as it is typed; discord.py sends "…" for an
option with none (seventh playtest item 10c: `/game abandon ?` showed `game` as "…"), and a
description with no Spanish translation shows in English to a Spanish client.
"""

from __future__ import annotations

from collections.abc import Iterator

from localdiscord.model import Json

PLACEHOLDER = "\N{HORIZONTAL ELLIPSIS}"  # discord.py's description of an undescribed option


def _described(item: Json, path: str = "") -> Iterator[tuple[str, Json]]:
    """Yield ("/game abandon game", item) for a command and everything nested in it."""
    path = f"{path} {item['name']}".strip()
    yield f"/{path}", item
    for option in item.get("options") or []:
        yield from _described(option, path)


def test_every_command_and_option_has_a_description_in_both_languages(table):
    commands = table.ld.wait_commands("game", "admin", "league")
    found = [pair for command in commands for pair in _described(command)]
    assert "/game abandon game" in {where for where, _ in found}
    bare = [where for where, o in found if o.get("description") in (None, "", PLACEHOLDER)]
    assert not bare
    spanish = {where: (o.get("description_localizations") or {}).get("es-ES") for where, o in found}
    assert not [where for where, text in spanish.items() if not text]
