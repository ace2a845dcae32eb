"""How /rules and /card answers look: the embed, card image parts, labels, messages, rate limit.

Kept apart from the cog (cogs/rules.py) so the presentation can be tested without a bot. Layout
follows the research brief (shared notes, part B3): title = entry, author line = its section and
game, description = the text cut at a line break, a "corrected" field where the server's
operator corrected a figure (DATA_OVERRIDES), footer = "† not yet verified against the rulebook"
where a figure is open (the research sources stay in the data, for developers: playtest item
32). That footer is the one warning of an open figure: the figure carries the † it explains,
and neither the text, nor a field, nor the card image says it again (playtest item 64: three
warnings of one thing). Discord's limits are checked here, once.
"""

import re
import time
from collections import Counter, deque
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from engine import games
from engine.core import i18n
from engine.core.errors import CatalogError
from engine.lookup import LANGS, Lang, LocalEntry
from engine.lookup.cards import CORRECTED

# Discord limits (discord.md §3.3, leagues-and-lookups.md B3).
TITLE_LIMIT = 256
DESCRIPTION_LIMIT = 4096
FIELD_LIMIT = 1024
FOOTER_LIMIT = 2048
AUTHOR_LIMIT = 256
EMBED_TOTAL_LIMIT = 6000
LABEL_LIMIT = 80
OPTION_LIMIT = 100  # select option label, value and description
SELECT_OPTIONS_LIMIT = 25
CUSTOM_ID_LIMIT = 100

PROVISIONAL_MARK = "†"
CARD_IMAGE = "card.png"
_FIGURE = re.compile(r"^\*\*(?P<label>[^*]+?):\*\*\s*(?P<value>.+)$")


class Messages:
    """The cog's own messages in English and Spanish: the `rules.*` keys of the catalogs.

    (They live in data/i18n/rules.*.toml, read by engine/core/i18n.py; rules.es.toml also has a
    [commands] table: the Spanish command names and descriptions, read by the bot's translator.)
    """

    def __init__(self, texts: dict[Lang, dict[str, Any]]) -> None:
        """Check that both languages have the same keys, each a non-empty string."""
        keys = set(texts["en"])
        for lang in LANGS:
            if set(texts[lang]) != keys:
                diff = sorted(set(texts[lang]) ^ keys)
                raise CatalogError(f"rules messages: {lang} differs from en in {diff}")
            empty = [k for k, v in texts[lang].items() if not isinstance(v, str) or not v]
            if empty:
                raise CatalogError(f"rules messages: {lang} has empty or non-text {empty}")
        self._texts = texts

    @classmethod
    def load(cls) -> "Messages":
        """Take the `rules.*` messages of the catalogs; raise CatalogError if they disagree."""
        prefix = "rules."
        texts: dict[Lang, dict[str, Any]] = {}
        for lang in LANGS:
            messages = i18n.catalog(lang).messages
            texts[lang] = {
                k.removeprefix(prefix): v for k, v in messages.items() if k.startswith(prefix)
            }
        return cls(texts)

    def __call__(self, lang: Lang, key: str, **values: object) -> str:
        """Return one message in a language, with its {placeholders} filled in."""
        return str(self._texts[lang][key]).format(**values)


def clip(text: str, limit: int) -> str:
    """Return the text cut to `limit` characters, at a line break or a space when possible."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    for sep in ("\n", " "):
        at = cut.rfind(sep)
        if at >= limit // 2:
            cut = cut[:at]
            break
    return cut.rstrip() + "…"


def is_provisional(entry: LocalEntry) -> bool:
    """Return whether the entry marks a figure the sources leave open with †.

    A rule that says "provisional" in its own words, where it matters, needs no footer more:
    its words are the one warning (playtest item 64).
    """
    return PROVISIONAL_MARK in entry.body


def is_corrected(entry: LocalEntry) -> bool:
    """Return whether the entry shows a figure this server's operator corrected (marked ‡)."""
    return CORRECTED in entry.body


def game_name(entry: LocalEntry) -> str:
    """Return the display name of the entry's game in the entry's language."""
    topic = games.topic(entry.game)
    return topic.title(entry.lang) if topic is not None else entry.game.title()


def game_colour(game: str) -> int:
    """Return the embed colour of a lookup topic (grey for one no game has)."""
    topic = games.topic(game)
    return topic.colour if topic is not None else 0x555555


def entry_embed(messages: Messages, entry: LocalEntry, image: str | None = None) -> discord.Embed:
    """Build the answer embed of one entry (with `attachment://image` when a file goes along)."""
    lang = entry.lang
    provisional = is_provisional(entry)
    embed = discord.Embed(title=clip(entry.title, TITLE_LIMIT), colour=game_colour(entry.game))
    section = messages(lang, "section_line", section=entry.section, game=game_name(entry))
    embed.set_author(name=clip(section, AUTHOR_LIMIT))
    if provisional:
        embed.set_footer(text=f"{PROVISIONAL_MARK} {i18n.text(lang, 'thread.lookup.unverified')}")
    if is_corrected(entry):
        embed.add_field(
            name=messages(lang, "corrected_name"),
            value=clip(messages(lang, "corrected_text", mark=CORRECTED), FIELD_LIMIT),
            inline=False,
        )
    if image:
        embed.set_image(url=f"attachment://{image}")
    room = EMBED_TOTAL_LIMIT - len(embed)
    embed.description = clip(entry.body, min(DESCRIPTION_LIMIT, room))
    return embed


def label(text: str) -> str:
    """Return a button label (at most 80 characters)."""
    return clip(text, LABEL_LIMIT)


def option_text(text: str) -> str:
    """Return a select option's label or description (at most 100 characters)."""
    return clip(text, OPTION_LIMIT)


def distinct_names(
    messages: Messages, names: Sequence[str], entries: Sequence[LocalEntry]
) -> list[str]:
    """Return autocomplete names that read differently ("Tie-break (Trajan)").

    A name shown more than once gets its entry's game, then (if still not unique) its section.
    """
    shown = list(names)
    for extra in (game_name, lambda e: e.section):
        counts = Counter(shown)
        shown = [
            option_text(f"{name} ({extra(entry)})") if counts[name] > 1 else name
            for name, entry in zip(shown, entries, strict=True)
        ]
    return shown


@dataclass(frozen=True, slots=True)
class CardParts:
    """What the card image shows: rule text and figures (label -> value, an open one with †).

    No warning strip: the embed's footer under the image explains the † (playtest item 64).
    """

    text: str
    figures: dict[str, str]


def card_parts(entry: LocalEntry) -> CardParts:
    """Split a card entry's body into its rule text and its figure lines ("**Cost:** 3 †").

    Notes (italic lines) stay out of the image; the embed shows them.
    """
    text_lines: list[str] = []
    figures: dict[str, str] = {}
    for line in entry.body.splitlines():
        stripped = line.strip()
        found = _FIGURE.match(stripped)
        if found:
            figures[found["label"].strip()] = found["value"].strip()
        elif stripped.startswith("*") and stripped.endswith("*"):
            continue
        elif stripped or text_lines:
            text_lines.append(stripped)
    text = "\n".join(text_lines).strip().replace("**", "")
    return CardParts(text, figures)


class PublicLimiter:
    """At most `rate` public answers per key (user and channel) in `per` seconds."""

    def __init__(self, rate: int, per: float, clock: Callable[[], float] = time.monotonic) -> None:
        """Allow `rate` posts in any window of `per` seconds."""
        self.rate, self.per, self._clock = rate, per, clock
        self._posts: dict[Hashable, deque[float]] = {}

    def allow(self, key: Hashable) -> bool:
        """Return whether one more public post is allowed now, and count it if so."""
        now = self._clock()
        posts = self._posts.setdefault(key, deque())
        while posts and posts[0] <= now - self.per:
            posts.popleft()
        if len(posts) >= self.rate:
            return False
        posts.append(now)
        if len(self._posts) > 10_000:  # forget idle keys now and then
            self._posts = {k: v for k, v in self._posts.items() if v and v[-1] > now - self.per}
        return True
