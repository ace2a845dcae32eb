"""Text rendering of messages for the table."""

from __future__ import annotations

from pathlib import Path

from localdiscord.local import Seen, SeenFile
from localdiscord.textview import Renderer, option_index


def _seen(**overrides: object) -> Seen:
    base: dict[str, object] = {
        "id": 5, "channel_id": 1, "author": "Denarius", "author_is_bot": True, "content": "",
        "embeds": [], "components": [], "attachments": [], "ephemeral": False,
        "loading": False, "edited": False,
    }  # fmt: skip
    return Seen(**(base | overrides))  # type: ignore[arg-type]


def test_embeds_mentions_files_and_controls(tmp_path: Path) -> None:
    renderer = Renderer(tmp_path, names={7: "alice"})
    row = {"type": 1, "components": [
        {"type": 2, "style": 1, "label": "Take", "custom_id": "t"},
        {"type": 2, "style": 2, "label": "Pass", "custom_id": "p", "disabled": True},
    ]}  # fmt: skip
    select = {
        "type": 1,
        "components": [
            {
                "type": 3,
                "custom_id": "s",
                "max_values": 2,
                "options": [{"label": "Red", "value": "r"}, {"label": "Blue", "value": "b"}],
            }
        ],
    }
    msg = _seen(
        content="Your turn, <@7> (<t:0:R>)", ephemeral=True, components=[row, select],
        embeds=[{"title": "Round 2", "description": "line1\nline2",
                 "fields": [{"name": "Coins", "value": "5"}], "footer": {"text": "v3"}}],
        attachments=[SeenFile("board.png", b"img", "image/png"),
                     SeenFile("final.png", b"fin", "image/png", "Final scores: alice 3.")],
    )  # fmt: skip
    lines = renderer.message(msg)
    assert lines[0] == "[Denarius (bot)] (only you) Your turn, @alice (1970-01-01 00:00 UTC)"
    assert "  | ** Round 2 **" in lines
    assert "  | line2" in lines
    assert "  | Coins: 5" in lines
    assert "  | -- v3" in lines
    saved = next(tmp_path.glob("5-*-board.png"))
    assert f"  image: {saved}" in lines
    assert saved.read_bytes() == b"img"
    final = next(tmp_path.glob("5-*-final.png"))  # a gallery: every image, with its alt text
    assert f"  image: {final} (alt: Final scores: alice 3.)" in lines
    assert lines[-3:] == [
        "  [1] Take",
        "  [2] Pass (disabled)",
        "  [3] menu (pick up to 2): a) Red  b) Blue",
    ]
    assert [c.is_select for c in renderer.controls] == [False, False, True]


def test_components_v2_text_and_loading(tmp_path: Path) -> None:
    renderer = Renderer(tmp_path)
    container = {"type": 17, "components": [
        {"type": 10, "content": "Score: 12"},
        {"type": 12, "items": [{"media": {"url": "attachment://b.png"}}]},
    ]}  # fmt: skip
    lines = renderer.message(_seen(components=[container]))
    assert lines[1:] == ["  Score: 12", "  (media: attachment://b.png)"]
    assert renderer.message(_seen(loading=True)) == ["[Denarius (bot)] Denarius is thinking..."]


def test_option_index_reads_letters_and_numbers() -> None:
    assert option_index("a") == 0
    assert option_index("C") == 2
    assert option_index("3") == 2
    assert option_index("red") is None


def test_an_edited_image_is_saved_as_a_new_file(tmp_path: Path) -> None:
    renderer = Renderer(tmp_path)
    first = renderer.save(_seen(attachments=[SeenFile("board.png", b"turn1", "image/png")]))
    second = renderer.save(_seen(attachments=[SeenFile("board.png", b"turn2", "image/png")]))
    assert first != second
    assert second[0].read_bytes() == b"turn2"


def test_a_menu_says_how_many_it_takes(tmp_path: Path) -> None:
    """Item 80: "(pick up to 3)" over a menu that takes exactly 3 (min_values == max_values)."""
    options = [{"label": x, "value": x} for x in "abcd"]
    menus = [
        {"type": 3, "custom_id": f"s{i}", "options": options, **sizes}
        for i, sizes in enumerate([
            {"min_values": 3, "max_values": 3},
            {"max_values": 3},
            {"min_values": 0, "max_values": 2},
            {"min_values": 2, "max_values": 4},
            {},
        ])
    ]  # fmt: skip
    rows = [{"type": 1, "components": [menu]} for menu in menus]
    lines = Renderer(tmp_path).message(_seen(components=rows))
    picks = [line.split(" (", 1)[1].split(")", 1)[0] for line in lines if line.startswith("  [")]
    assert picks == ["pick 3", "pick up to 3", "pick up to 2", "pick 2 to 4", "pick one"]
