"""Unit tests of the /rules and /card presentation: embeds, Discord limits, items, catalog."""

import re
import string
import tomllib
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import discord
import pytest
from discord import app_commands

from cogs.rules import Rules, _draw, thread_game
from cogs.rules_items import (
    MAX_RELATED,
    EntryButton,
    PickSelect,
    answer_view,
    entry_view,
    pick_view,
)
from cogs.rules_present import (
    CARD_IMAGE,
    Messages,
    PublicLimiter,
    card_parts,
    clip,
    distinct_names,
    entry_embed,
    is_provisional,
    label,
    option_text,
)
from engine.core import i18n
from engine.core.errors import CatalogError
from engine.lookup import LANGS, LocalEntry, RulesIndex, shared_index
from render.base.card import card_png

COGS = Path(__file__).resolve().parents[2] / "cogs"


@pytest.fixture(scope="module")
def index() -> RulesIndex:
    return shared_index()


@pytest.fixture(scope="module")
def messages() -> Messages:
    return Messages.load()


def _entry(body: str, title: str = "Title", kind: str = "rule") -> LocalEntry:
    return LocalEntry(
        id="troyes.test",
        game="troyes",
        lang="en",
        title=title,
        section="Actions",
        body=body,
        aliases=(),
        related=(),
        source="rules/troyes.md",
        kind=kind,  # type: ignore[arg-type]
    )


def _within_embed_limits(embed: discord.Embed) -> None:
    assert len(embed) <= 6000
    assert len(embed.title or "") <= 256
    assert len(embed.description or "") <= 4096
    assert len(embed.author.name or "") <= 256
    assert len(embed.footer.text or "") <= 2048
    assert all(len(f.value or "") <= 1024 and len(f.name or "") <= 256 for f in embed.fields)


def test_every_entry_embeds_within_discord_limits_in_both_languages(index, messages):
    provisional = 0
    for entry_id in index.ids():
        for lang in LANGS:
            entry = index.entry(entry_id, lang)
            embed = entry_embed(messages, entry)
            _within_embed_limits(embed)
            assert embed.title == entry.title
            assert embed.description == entry.body  # real bodies fit whole
            marked = is_provisional(entry)
            unverified = i18n.text(lang, "thread.lookup.unverified")
            assert (embed.footer.text == f"† {unverified}") == marked
            assert not any("Provisional" in (f.name or "") for f in embed.fields)
            provisional += marked
    assert provisional > 0  # the data does have open figures, and they are shown


def test_embed_shows_section_game_and_source(index, messages):
    entry = index.entry("troyes.build_cathedral", "es")
    embed = entry_embed(messages, entry)
    assert embed.author.name == f"{entry.section} · Troyes"
    assert entry.source  # the research source stays in the data, for developers
    assert entry.source not in str(embed.to_dict())  # players never read it (item 32)
    assert "Fuente" not in str(embed.to_dict())
    ladies = next(i for i in index.ids() if i.startswith("ladies."))
    assert "Las Damas de Troyes" in (
        entry_embed(messages, index.entry(ladies, "es")).author.name or ""
    )


def test_long_body_is_cut_at_a_line_break_within_the_limits(messages):
    body = "\n".join(f"Line {n}: " + "word " * 20 for n in range(400))
    embed = entry_embed(messages, _entry(body, title="T" * 300), image=CARD_IMAGE)
    _within_embed_limits(embed)
    description = embed.description or ""
    assert description.endswith("…")
    assert body.startswith(description[:-1])
    assert body[len(description) - 1 :].lstrip(" ").startswith("\n")  # cut where a line ended
    assert embed.image.url == f"attachment://{CARD_IMAGE}"
    assert len(embed.title or "") == 256


def test_names_shown_twice_get_their_game_then_their_section(messages):
    rule = _entry("x", title="Tie-break")
    entries = [
        replace(rule, game="trajan", section="End"),
        replace(rule, section="End"),
        replace(rule, section="Cards"),
        _entry("x", title="Other"),
    ]
    names = ["Tie-break", "Tie-break", "Tie-break", "Other"]
    assert distinct_names(messages, names, entries) == [
        "Tie-break (Trajan)",
        "Tie-break (Troyes) (End)",
        "Tie-break (Troyes) (Cards)",
        "Other",
    ]


def test_clip_and_labels():
    assert clip("short", 10) == "short"
    assert clip("one two three four", 10) == "one two…"
    assert len(clip("x" * 500, 100)) == 100
    assert len(label("A very long title " * 10)) <= 80
    assert len(option_text("A very long title " * 10)) <= 100


async def test_related_buttons_fit_and_round_trip_through_their_custom_id(index):
    template = EntryButton.__discord_ui_compiled_template__
    for entry_id in index.ids():
        for lang in LANGS:
            entry = index.entry(entry_id, lang)
            view = entry_view(index, entry.related, lang, "v")
            if not entry.related:
                assert view is None
                continue
            assert view is not None
            buttons = [c.item for c in view.children if isinstance(c, EntryButton)]
            ids = [b.custom_id or "" for b in buttons]
            assert len(buttons) == min(len(entry.related), MAX_RELATED)
            assert len(set(ids)) == len(ids)
            for button, custom_id in zip(buttons, ids, strict=True):
                assert len(custom_id) <= 100
                assert len(button.label or "") <= 80
                match = template.fullmatch(custom_id)
                assert match is not None
                assert (match["entry_id"], match["lang"], match["mode"]) in {
                    (r, lang, "v") for r in entry.related
                }


async def test_answer_buttons_end_with_the_other_language(index, messages):
    for entry_id in index.ids():
        entry = index.entry(entry_id, "es")
        view = answer_view(index, messages, entry)
        ids = [c.item.custom_id for c in view.children if isinstance(c, EntryButton)]
        assert len(ids) == len(view.children) <= 25
        assert len(set(ids)) == len(ids)
        assert ids[-1] == f"rules:e:v:en:{entry_id}"
    assert view.children[-1].item.label == "In English"  # type: ignore[attr-defined]


async def test_entry_view_skips_unknown_ids(index):
    assert entry_view(index, ("no.such.entry",), "en", "v") is None
    view = entry_view(index, ("no.such.entry", "troyes.dice"), "es", "p")
    assert view is not None
    assert [c.item.custom_id for c in view.children if isinstance(c, EntryButton)] == [
        "rules:e:p:es:troyes.dice"
    ]


async def test_pick_select_has_at_most_25_options_within_limits(index, messages):
    hits = tuple(index.entry(i, "en") for i in index.ids()[:40])
    view = pick_view(messages, hits, "en", "p")
    (picker,) = view.children
    assert isinstance(picker, PickSelect)
    select = picker.item
    assert len(select.options) == 25
    assert select.custom_id == "rules:pick:p:en"
    assert PickSelect.__discord_ui_compiled_template__.fullmatch(select.custom_id)
    for option in select.options:
        assert len(option.label) <= 100
        assert len(option.value) <= 100
        assert len(option.description or "") <= 100
    assert select.options[0].value == hits[0].id


def test_card_parts_split_text_and_figures(index):
    monk = next(i for i in index.ids() if i.endswith(".monk"))
    parts = card_parts(index.entry(monk, "en"))
    assert parts.text.startswith("Cube:")
    assert "**" not in parts.text
    assert parts.figures["Hiring cost"].endswith("†")
    assert len(parts.figures) >= 3
    plain = card_parts(_entry("Gain 2 deniers.\n\n**Cost:** 3", kind="card"))
    assert plain == type(plain)("Gain 2 deniers.", {"Cost": "3"})


@pytest.mark.parametrize(
    ("lang", "figure", "footer"),
    [
        ("es", "**Dados negros:** 1 †", "† aún sin comprobar con el reglamento"),
        ("en", "**Black dice:** 1 †", "† not yet verified against the rulebook"),
    ],
)
def test_a_provisional_card_warns_once_in_the_footer_that_explains_its_mark(
    index, messages, lang, figure, footer
):
    """Playtest item 64: /card Merodeador said "provisional" in its text, a field and the footer."""
    entry = index.entry("troyes.event.marauding", lang)
    embed = entry_embed(messages, entry, CARD_IMAGE)
    assert figure in (embed.description or "")  # the open figure carries the mark
    assert embed.footer.text == footer  # and the footer says once what it means
    assert not embed.fields  # no "⚠️ Provisional" field
    said = (embed.description or "").lower()
    assert "provisional" not in said
    assert "fuentes" not in said
    assert "sources" not in said
    parts = card_parts(entry)
    assert _draw(entry) == card_png(entry.title, parts.text, parts.figures, lang)


def test_a_rule_that_says_provisional_in_its_words_gets_no_footer_more(index, messages):
    entry = index.entry("troyes.marauding", "es")
    assert "provisional" in entry.body  # where it matters, in the rule's own words
    embed = entry_embed(messages, entry)
    assert embed.footer.text is None
    assert not embed.fields


def test_public_limiter_allows_a_few_posts_per_window():
    now = [0.0]
    limiter = PublicLimiter(3, 60.0, clock=lambda: now[0])
    assert [limiter.allow("a") for _ in range(4)] == [True, True, True, False]
    assert limiter.allow("b")  # another user or channel has its own count
    now[0] = 59.0
    assert not limiter.allow("a")
    now[0] = 60.5
    assert limiter.allow("a")


def test_message_catalogs_match_and_cover_the_cog(messages):
    folder = Path(__file__).resolve().parents[2] / "data" / "i18n"
    en = (folder / "rules.en.toml").read_text(encoding="utf-8")
    used = set()
    for path in COGS.glob("rules*.py"):
        used |= set(
            re.findall(r"""(?:msg|messages)\(\s*[\w.]+,\s*["'](\w+)["']""", path.read_text())
        )
    used |= {"game_trajan", "game_troyes", "game_ladies"}
    keys = set(re.findall(r"^(\w+) =", en.split("\n[rules]\n")[1], re.MULTILINE))
    assert used <= keys
    for key in keys:
        fields = [
            {
                name
                for _, name, _, _ in string.Formatter().parse(messages(lang, key, **_ANY))
                if name
            }
            for lang in LANGS
        ]
        assert fields == [set(), set()]  # every placeholder was filled in both languages


_ANY = {"query": "q", "section": "s", "game": "g", "source": "src", "mark": "‡"}


def test_every_command_text_has_a_spanish_translation():
    folder = Path(__file__).resolve().parents[2] / "data" / "i18n"
    table = tomllib.loads((folder / "rules.es.toml").read_text(encoding="utf-8"))["commands"]
    texts = set()
    for command in Rules.__cog_app_commands__:
        assert isinstance(command, app_commands.Command)
        texts |= {command.name, command.description}
        for param in command.parameters:
            texts |= {param.name, param.description, *(c.name for c in param.choices)}
    missing = texts - set(table) - {"game", "Troyes", "English", "Español"}  # "game": shared table
    assert missing == set()
    for text in texts & set(table):
        assert len(table[text]) <= (32 if text.islower() and " " not in text else 100)


def test_message_catalogs_must_agree():
    with pytest.raises(CatalogError, match="differs"):
        Messages({"en": {"a": "A", "b": "B"}, "es": {"a": "A"}})
    with pytest.raises(CatalogError, match="empty"):
        Messages({"en": {"a": ""}, "es": {"a": "A"}})


async def test_thread_game_asks_the_session_manager():
    class WithFinder:
        async def game_in_thread(self, thread_id):
            return 7 if thread_id == 42 else None

        async def status(self, game_id):
            return SimpleNamespace(game="troyes")

    assert await thread_game(WithFinder(), 42) == "troyes"
    assert await thread_game(WithFinder(), 43) is None

    class ListOnly:
        async def list_games(self):
            return [
                SimpleNamespace(thread_id=5, game="trajan"),
                SimpleNamespace(thread_id=6, game="x"),
            ]

    assert await thread_game(ListOnly(), 5) == "trajan"
    assert await thread_game(ListOnly(), 6) is None
    assert await thread_game(ListOnly(), 9) is None
