"""The thread's words through the emulator (playtest 2026-12): languages by name (item 17)."""

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
