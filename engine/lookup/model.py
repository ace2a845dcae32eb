"""The lookup entry, its text in each language, and the result of a lookup.

An entry is one thing a player looks up (a rule, an action, a component, a card, a term).
It has one id shared by both languages, the game it belongs to, links to related entries, and
its text in English and Spanish. Entries and results are immutable.
"""

from dataclasses import dataclass
from typing import Literal, TypeAlias, get_args

from engine import games
from engine.core.errors import CatalogError

Lang: TypeAlias = Literal["en", "es"]
LANGS: tuple[Lang, ...] = get_args(Lang)

# A lookup topic: a game or one of its expansions (each game's spec lists its topics).
Game: TypeAlias = str


def game_ids() -> tuple[Game, ...]:
    """Return every lookup topic id, game by game (engine/games.py)."""
    return tuple(topic.id for topic in games.topics())


def game_scope(game: Game) -> frozenset[Game]:
    """Return the topics a query for one topic covers: the game and all its expansions."""
    spec = games.topic_game(game)
    return spec.scope() if spec is not None else frozenset({game})


Stage: TypeAlias = Literal["exact", "prefix", "fulltext", "fuzzy", "none"]

# A rule entry (data/rules) or a card/tile entry (generated from game data, or hand-written):
# /rules searches both, /card only cards.
Kind: TypeAlias = Literal["rule", "card"]
KINDS: tuple[Kind, ...] = get_args(Kind)

# Discord: embed description <= 4096, choice name <= 100. Bodies stay far shorter so they read
# on a phone without scrolling through a wall of text.
MAX_BODY = 1900
MAX_TITLE = 90
MAX_ALIAS = 100


class LookupDataError(CatalogError):
    """A rules or card file is invalid; the message names the file and the entry."""


@dataclass(frozen=True, slots=True)
class EntryText:
    """What a player reads of an entry in one language."""

    title: str
    section: str
    body: str
    aliases: tuple[str, ...]
    source: str = ""


@dataclass(frozen=True, slots=True)
class Entry:
    """One lookup entry in both languages, with the file each text came from."""

    id: str
    game: Game
    related: tuple[str, ...]
    en: EntryText
    es: EntryText
    origin: str = ""
    kind: Kind = "rule"

    def text(self, lang: Lang) -> EntryText:
        """Return the entry's text in the given language."""
        return self.en if lang == "en" else self.es

    def names(self) -> tuple[str, ...]:
        """Return every title and alias of the entry, in both languages."""
        return (self.en.title, self.es.title, *self.en.aliases, *self.es.aliases)


@dataclass(frozen=True, slots=True)
class LocalEntry:
    """An entry resolved to one language: what the /rules and /card embeds show."""

    id: str
    game: Game
    lang: Lang
    title: str
    section: str
    body: str
    aliases: tuple[str, ...]
    related: tuple[str, ...]
    source: str
    kind: Kind = "rule"


def localise(entry: Entry, lang: Lang) -> LocalEntry:
    """Return the entry as seen in one language."""
    text = entry.text(lang)
    return LocalEntry(
        id=entry.id,
        game=entry.game,
        lang=lang,
        title=text.title,
        section=text.section,
        body=text.body,
        aliases=text.aliases,
        related=entry.related,
        source=text.source,
        kind=entry.kind,
    )


@dataclass(frozen=True, slots=True)
class Hit:
    """One ranked candidate of a lookup: the entry and the stage and score that found it."""

    entry: LocalEntry
    stage: Stage
    score: float


@dataclass(frozen=True, slots=True)
class LookupResult:
    """The answer to a query.

    `hits` are ranked best first. When `found` is false they are the closest suggestions (the
    fuzzy scores fell below the cut-off). When `ambiguous` is true the cog should offer a select
    of `hits` instead of answering with the first one.
    """

    query: str
    lang: Lang
    stage: Stage
    hits: tuple[Hit, ...]
    ambiguous: bool

    @property
    def found(self) -> bool:
        """Return whether an entry matched (as opposed to suggestions only)."""
        return self.stage != "none" and bool(self.hits)

    @property
    def best(self) -> LocalEntry | None:
        """Return the best entry, or None when nothing matched."""
        return self.hits[0].entry if self.found else None

    @property
    def alternatives(self) -> tuple[LocalEntry, ...]:
        """Return the ranked entries after the best one (or the suggestions if none matched)."""
        entries = tuple(hit.entry for hit in self.hits)
        return entries[1:] if self.found else entries

    def ranked_ids(self) -> list[str]:
        """Return the ids of all hits, best first."""
        return [hit.entry.id for hit in self.hits]
