"""End-to-end: /rules and /card in the real discord.py bot process, through the local Discord.

Scripted users: alice, bob and carol have English clients, dario a Spanish one (es-ES).
Expected titles come from the same lookup index the bot reads, so the tests check what the cog
does with a lookup (language, embed, buttons, select, image, visibility), not the data.
"""

from __future__ import annotations

from engine.lookup import shared_index
from localdiscord.harness import BotHarness
from localdiscord.local import InteractionRef, Seen

INDEX = shared_index()
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def title(entry_id: str, lang: str = "en") -> str:
    return INDEX.entry(entry_id, lang).title  # type: ignore[arg-type]


def first_followup(table: BotHarness, ref: InteractionRef) -> Seen:
    table.ld.wait_until(lambda: bool(ref.ix.followup_ids))
    return ref.followups()[0]


def button_ids(message: Seen) -> list[str]:
    return [b["custom_id"] for b in message.buttons()]


def test_commands_are_synced_with_autocomplete_and_options(table):
    commands = {c["name"]: c for c in table.ld.commands()}
    for name, first in (("rules", "query"), ("card", "name")):
        options = commands[name]["options"]
        assert [o["name"] for o in options] == [first, "game", "language", "public"]
        assert options[0]["autocomplete"] is True
        assert [c["value"] for c in options[1]["choices"]] == ["trajan", "troyes", "ladies"]
    # Spanish names and descriptions passed Discord's validation at sync.
    assert commands["rules"]["name_localizations"]["es-ES"] == "reglas"
    assert commands["card"]["options"][0]["name_localizations"]["es-419"] == "nombre"


def test_autocomplete_in_english_and_spanish(table):
    alice, dario = table.users["alice"], table.users["dario"]
    english = alice.autocomplete(table.channel, "rules", {"query": "cathe"}, focused="query")
    assert english[0] == {"name": "Building the cathedral", "value": "troyes.build_cathedral"}
    spanish = dario.autocomplete(table.channel, "rules", {"query": "catedr"}, focused="query")
    assert spanish[0] == {
        "name": title("troyes.build_cathedral", "es"),
        "value": "troyes.build_cathedral",
    }
    forced = dario.autocomplete(
        table.channel, "rules", {"query": "catedr", "language": "en"}, focused="query"
    )
    assert forced[0]["name"] == "Building the cathedral"
    cards = alice.autocomplete(table.channel, "card", {"name": "mon"}, focused="name")
    assert cards[0]["value"] == "troyes.activity.monk"
    everything = alice.autocomplete(table.channel, "rules", {"query": "e"}, focused="query")
    assert len(everything) == 25
    assert all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in everything)


def test_picked_autocomplete_value_answers_with_that_entry(table):
    alice = table.users["alice"]
    answer = alice.slash(
        table.channel, "rules", {"query": "troyes.cathedral.cathedral"}
    ).wait_reply()
    assert answer.embeds[0]["title"] == title("troyes.cathedral.cathedral")


def test_queries_with_typos_in_both_languages(table):
    alice, dario = table.users["alice"], table.users["dario"]
    english = alice.slash(table.channel, "rules", {"query": "infleunce"}).wait_reply()
    assert english.ephemeral
    embed = english.embeds[0]
    assert embed["title"] == title("troyes.influence")
    assert embed["author"]["name"].endswith("· Troyes")
    assert "footer" not in embed  # no research source for players (playtest item 32)
    spanish = dario.slash(table.channel, "rules", {"query": "influensia"}).wait_reply()
    assert spanish.embeds[0]["title"] == title("troyes.influence", "es")
    assert "Fuente" not in str(spanish.embeds[0])
    question = dario.slash(table.channel, "rules", {"query": "¿qué hace el arquero?"}).wait_reply()
    assert question.embeds[0]["title"] == "Arquero"


def test_two_cards_of_the_same_name_offer_a_choice(table):
    # The base activity card Monk and The Ladies' event Monk (Mönch) share a name.
    dario = table.users["dario"]
    picker = dario.slash(table.channel, "rules", {"query": "¿qué hace el monje?"}).wait_reply()
    assert picker.ephemeral
    (select,) = picker.selects()
    values = [o["value"] for o in select["options"]]
    assert {"troyes.activity.monk", "troyes.event.monk_event"} <= set(values)


def test_a_rule_and_its_card_give_the_rule_with_a_button_to_the_card(table):
    alice = table.users["alice"]
    answer = alice.slash(table.channel, "rules", {"query": "cathedral"}).wait_reply()
    assert answer.embeds[0]["title"] == "Building the cathedral"
    assert "rules:e:v:en:troyes.cathedral.cathedral" in button_ids(answer)


def test_ambiguous_query_offers_a_select_then_the_entry_and_its_related_buttons(table):
    alice = table.users["alice"]
    picker = alice.slash(table.channel, "rules", {"query": "monk"}).wait_reply()
    assert picker.ephemeral
    assert picker.content.startswith("Several entries match “monk”")
    (select,) = picker.selects()
    assert select["custom_id"] == "rules:pick:v:en"
    values = [o["value"] for o in select["options"]]
    assert values[:2] == ["troyes.activity.monk", "troyes.event.monk_event"]
    answer = alice.select(picker, "rules:pick:v:en", ["troyes.activity.monk"]).wait_reply()
    assert answer.id == picker.id  # the ephemeral picker becomes the answer
    assert answer.embeds[0]["title"] == "Monk"
    assert answer.selects() == []
    related = INDEX.entry("troyes.activity.monk", "en").related
    assert related
    assert button_ids(answer) == [
        *(f"rules:e:v:en:{r}" for r in related),
        "rules:e:v:es:troyes.activity.monk",  # the same entry in Spanish
    ]
    assert [b["label"] for b in answer.buttons()] == [*(title(r) for r in related), "En español"]
    moved = alice.click(answer, f"rules:e:v:en:{related[0]}").wait_reply()
    assert moved.id == picker.id
    assert moved.embeds[0]["title"] == title(related[0])
    spanish = alice.click(moved, "En español").wait_reply()
    assert spanish.embeds[0]["title"] == title(related[0], "es")
    assert spanish.buttons()[-1]["label"] == "In English"


def test_card_shows_the_drawn_card_as_an_attached_image(table):
    alice, bob, carol, dario = (table.users[n] for n in ("alice", "bob", "carol", "dario"))
    card = alice.slash(table.channel, "card", {"name": "archer"}).wait_reply()
    assert card.ephemeral
    embed = card.embeds[0]
    assert embed["title"] == "Archer"
    assert embed["image"]["url"].endswith("/card.png")
    (image,) = card.attachments
    assert image.filename == "card.png"
    assert image.data.startswith(PNG_MAGIC)
    assert embed["footer"]["text"] == "† not yet verified against the rulebook"  # open figures
    assert not embed.get("fields")  # said once (playtest item 64)
    public = carol.slash(table.channel, "card", {"name": "forum", "public": True}).wait_reply()
    assert not public.ephemeral
    seen_by_bob = next(m for m in bob.messages(table.channel) if m.id == public.id)
    assert seen_by_bob.embeds[0]["title"] == title("trajan.action.forum")
    assert seen_by_bob.attachments[0].data.startswith(PNG_MAGIC)
    spanish = dario.slash(table.channel, "card", {"name": "arquero"}).wait_reply()
    assert spanish.embeds[0]["title"] == "Arquero"
    assert "Carta de actividad" in spanish.embeds[0]["author"]["name"]
    assert spanish.attachments[0].data.startswith(PNG_MAGIC)


def test_nothing_found_suggests_the_closest_entries_as_buttons(table):
    alice = table.users["alice"]
    reply = alice.slash(table.channel, "rules", {"query": "xyzzy qwop"}).wait_reply()
    assert reply.ephemeral
    assert reply.content.startswith("Nothing found for “xyzzy qwop”.")
    assert reply.embeds == []
    suggested = INDEX.lookup("xyzzy qwop", "en").alternatives
    assert button_ids(reply) == [f"rules:e:v:en:{e.id}" for e in suggested]
    shown = alice.click(reply, button_ids(reply)[0]).wait_reply()
    assert shown.id == reply.id
    assert shown.embeds[0]["title"] == suggested[0].title


def test_answers_are_only_for_the_asker_unless_public(table):
    alice, bob = table.users["alice"], table.users["bob"]
    private = alice.slash(table.channel, "rules", {"query": "dice"}).wait_reply()
    assert private.ephemeral
    assert private.id not in [m.id for m in bob.messages(table.channel)]
    public = alice.slash(table.channel, "rules", {"query": "dice", "public": True}).wait_reply()
    assert not public.ephemeral
    seen_by_bob = next(m for m in bob.messages(table.channel) if m.id == public.id)
    assert seen_by_bob.embeds[0]["title"] == title("troyes.dice")
    # Bob's click on a related button of the public answer is answered to him alone.
    related = INDEX.entry("troyes.dice", "en").related[0]
    mine = bob.click(seen_by_bob, f"rules:e:v:en:{related}").wait_reply()
    assert mine.ephemeral
    assert mine.id != public.id
    assert mine.embeds[0]["title"] == title(related)
    assert mine.id not in [m.id for m in alice.messages(table.channel)]
    unchanged = next(m for m in alice.messages(table.channel) if m.id == public.id)
    assert unchanged.embeds[0]["title"] == title("troyes.dice")


def test_public_pick_posts_for_everyone_and_public_posts_are_rate_limited(table):
    dario, bob = table.users["dario"], table.users["bob"]
    ref = dario.slash(table.channel, "rules", {"query": "monje", "public": True})
    picker = ref.wait_reply()
    assert picker.ephemeral  # the choice itself is private
    pick = dario.select(picker, "rules:pick:p:es", ["troyes.event.monk_event"])
    assert pick.wait_reply().content == "Publicado para todos abajo."
    posted = first_followup(table, pick)
    assert not posted.ephemeral
    assert posted.embeds[0]["title"] == title("troyes.event.monk_event", "es")
    assert posted.id in [m.id for m in bob.messages(table.channel)]
    for _ in range(2):  # three public posts per minute in a channel
        again = dario.slash(table.channel, "rules", {"query": "dados", "public": True})
        assert not again.wait_reply().ephemeral
    limited = dario.slash(table.channel, "rules", {"query": "dados", "public": True}).wait_reply()
    assert limited.ephemeral
    assert limited.content.startswith("Has publicado varias respuestas")
    assert limited.embeds[0]["title"] == title("troyes.dice", "es")


def test_game_thread_and_server_language_set_the_defaults(table):
    alice = table.users["alice"]
    tie = alice.slash(table.channel, "rules", {"query": "tie"}).wait_reply()
    assert tie.selects()  # both games have a tie-break rule
    alice.slash(table.channel, "testthread", {"game": "troyes"}).wait_reply()
    thread = alice.wait_thread("troyes-game")
    suggested = alice.autocomplete(table.channel, "rules", {"query": "tie"}, focused="query")
    assert [c["name"] for c in suggested[:2]] == ["Tie-break (Trajan)", "Tie-break (Troyes)"]
    in_thread = alice.autocomplete(thread, "rules", {"query": "tie"}, focused="query")
    assert in_thread[0] == {"name": "Tie-break", "value": "troyes.tie_break"}
    assert all(c["value"].split(".")[0] in ("troyes", "ladies") for c in in_thread)
    inside = alice.slash(thread, "rules", {"query": "tie"}).wait_reply()
    assert inside.embeds[0]["title"] == title("troyes.tie_break")
    chosen = alice.slash(thread, "rules", {"query": "tie", "game": "trajan"}).wait_reply()
    assert chosen.embeds[0]["title"] == title("trajan.tie_break")
    alice.slash(table.channel, "testlang", {"language": "es"}).wait_reply()
    try:
        spanish = alice.slash(table.channel, "rules", {"query": "dice"}).wait_reply()
        assert spanish.embeds[0]["title"] == title("troyes.dice", "es")
        english = alice.slash(table.channel, "rules", {"query": "dice", "language": "en"})
        assert english.wait_reply().embeds[0]["title"] == title("troyes.dice")
    finally:
        alice.slash(table.channel, "testlang", {"language": "none"}).wait_reply()


def test_buttons_and_select_still_work_after_the_bot_restarts(own_table):
    alice, bob = own_table.users["alice"], own_table.users["bob"]
    public = alice.slash(own_table.channel, "rules", {"query": "dice", "public": True}).wait_reply()
    picker = alice.slash(own_table.channel, "rules", {"query": "monk"}).wait_reply()
    own_table.restart(kill=True)
    related = INDEX.entry("troyes.dice", "en").related[0]
    shown = bob.click(public, f"rules:e:v:en:{related}").wait_reply()
    assert shown.embeds[0]["title"] == title(related)
    picked = alice.select(picker, "rules:pick:v:en", ["troyes.activity.monk"]).wait_reply()
    assert picked.embeds[0]["title"] == "Monk"
