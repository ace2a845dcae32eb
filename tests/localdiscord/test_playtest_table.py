"""The local table shows what Discord shows of a choice (docs/playtest-2026-12.md)."""

from __future__ import annotations

from pathlib import Path

from localdiscord.local import Seen
from localdiscord.server import Emulator
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


def test_controls_are_numbered_row_by_row_as_discord_shows_them(tmp_path: Path) -> None:
    # Playtest 2026-12-02: a board's menu is on the first row and its tools on the last, but
    # the table numbered the buttons first, so "1" pressed "Mi mano / secretos".
    menu = {"type": 3, "custom_id": "s", "placeholder": "Elige una jugada",
            "options": [{"label": "Usar influencia", "value": "0"}]}  # fmt: skip
    tools = [{"type": 2, "style": 2, "custom_id": f"t{i}", "label": label}
             for i, label in enumerate(("Mi mano / secretos", "Deshacer"))]  # fmt: skip
    rows = [{"type": 1, "components": [menu]}, {"type": 1, "components": tools}]
    seen = Seen(id=6, channel_id=1, author="Denarius", author_is_bot=True, content="", embeds=[],
                components=rows, attachments=[], ephemeral=False, loading=False,
                edited=False)  # fmt: skip
    lines = Renderer(tmp_path).message(seen)
    assert lines[-3:] == [
        "  [1] Elige una jugada (pick one): a) Usar influencia",
        "  [2] Mi mano / secretos",
        "  [3] Deshacer",
    ]


def test_a_menu_value_with_capitals_is_sent_as_it_is() -> None:
    # Third playtest: Trajan's sowing menu (values "0B", "0Y", ...) answered every pick with
    # "No option '0b' in that menu": the lower-cased label look-up ran even for a value found.
    options = [
        {"label": "azul en la bandeja V", "value": "0B"},
        {"label": "amarillo en la bandeja V", "value": "0Y"},
    ]
    menu = {"type": 3, "custom_id": "dn:b:2:84", "options": options}
    emulator = Emulator()
    assert emulator._select_values(menu, ["0B", "0Y"]) == (["0B", "0Y"], {})
    assert emulator._select_values(menu, ["Azul en la bandeja V"]) == (["0B"], {})
