"""The local table shows what Discord shows of a choice (docs/playtest-2026-12.md)."""

from __future__ import annotations

from pathlib import Path

from localdiscord.local import Seen
from localdiscord.textview import Renderer


def test_select_options_show_their_description_line_as_discord_does(tmp_path: Path) -> None:
    options = [
        {"label": "1 vez", "value": "0", "description": "coloca 1 cubo en el evento"},
        {"label": "2 veces", "value": "1"},
    ]
    select = {"type": 1, "components": [
        {"type": 3, "custom_id": "s", "placeholder": "Elige una jugada", "options": options},
    ]}  # fmt: skip
    seen = Seen(id=5, channel_id=1, author="Denarius", author_is_bot=True, content="", embeds=[],
                components=[select], attachments=[], ephemeral=False, loading=False,
                edited=False)  # fmt: skip
    lines = "\n".join(Renderer(tmp_path).message(seen)).splitlines()
    assert lines[-3:] == [
        "  [1] Elige una jugada (pick one):",
        "      a) 1 vez — coloca 1 cubo en el evento",
        "      b) 2 veces",
    ]
