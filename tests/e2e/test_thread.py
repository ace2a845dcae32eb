"""The thread's words through the emulator (playtest 2026-12): languages and options by name.

Item 17: `/settings language:?` offers language names; `/game new options:?` offers the
options in the player's words, their codes as the values, and every Ladies module in one word.
"""

from localdiscord.harness import BotHarness


def test_settings_offers_languages_by_their_names_and_still_sets_them(table: BotHarness) -> None:
    alice = table.users["alice"]
    settings = next(c for c in table.ld.commands(alice) if c["name"] == "settings")
    language = next(o for o in settings["options"] if o["name"] == "language")
    names = {c["value"]: c["name"] for c in language["choices"]}
    assert names == {"en": "English", "es": "Español", "auto": "As Discord says"}
    spanish = {
        c["value"]: c.get("name_localizations", {}).get("es-ES") for c in language["choices"]
    }
    assert spanish["auto"] == "El que diga Discord"
    done = alice.slash(table.channel, "settings", {"language": "es"}).wait_reply()
    assert done.ephemeral
    assert done.content.startswith("Guardado.")  # the answer in the language just set
    alice.slash(table.channel, "settings", {"language": "auto"}).wait_reply()


def test_game_options_are_offered_in_words_with_every_ladies_module_in_one(
    table: BotHarness,
) -> None:
    alice = table.users["alice"]
    typed = {"game": "troyes", "language": "es", "options": ""}
    offered = alice.autocomplete(table.channel, "game new", typed, "options")
    first = offered[0]
    assert (first["name"], first["value"]) == ("Todos los módulos de Las Damas de Troyes", "ladies")
    by_value = {c["value"]: c["name"] for c in offered}
    assert by_value["walls=on"] == "Murallas: sí"
    assert not any("=" in c["name"] for c in offered)  # no code reads as a name
    more = alice.autocomplete(
        table.channel, "game new", {**typed, "options": "ladies mural"}, "options"
    )
    assert {c["value"]: c["name"] for c in more} == {
        "ladies walls=on": "Todos los módulos de Las Damas de Troyes, Murallas: sí",
        "ladies walls=off": "Todos los módulos de Las Damas de Troyes, Murallas: no",
    }
    english = alice.autocomplete(
        table.channel, "game new", {"game": "troyes", "options": "pur"}, "options"
    )
    assert {c["name"] for c in english} == {"Purple die: on", "Purple die: off"}
    lobby = alice.slash(
        table.channel, "game new", {"game": "troyes", "players": 2, "options": "ladies"}
    ).wait_reply()
    for words in ("Walls: on", "Purple die: on", "Ladies' events: mixed with the base game"):
        assert words in lobby.content
    assert "Tournament order: off" in lobby.content  # no Ladies module (and 3-4 players)
