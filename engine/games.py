"""The one registry of games: everything shared code knows about a game, by its name.

Each game describes itself once, in its own folder: `engine/<game>/spec.py` defines
`SPEC = GameSpec(...)` (its engine, titles, private decisions, lookup topics, league use and
renderer). The registry finds those files when first asked, so adding a game edits nothing
outside the game's own folders (docs/adding-a-game.md). Tests may `register` a game of
their own (tests/games/).

Shared code (cogs, render, sessions, leagues, lookups) asks the registry and never names a
game: tests/test_registry.py fails on a game's name written as a string in shared code.

The engine layer may not import render (cogs -> render -> engine), so a spec names its
renderer by dotted module path ("render.<game>"); the cogs import it (cogs/common/images.py).
That module exposes `board_png(view, before, *, prompt, names, lang)` and
`private_png(view, *, prompt, names, lang)`.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from engine.core.protocol import GameEngine
from engine.core.rng import Rng

ENGINE_DIR = Path(__file__).resolve().parent
SPEC_FILE = "spec.py"
T = TypeVar("T")
# Events told together (`GameSpec.together`): their places among a move's events, their line.
Told = tuple[tuple[int, ...], str]


@dataclass(frozen=True, slots=True)
class Topic:
    """One thing players look rules up for (/rules, /card): a game or one of its expansions.

    `words` are query words naming it ("desempate en trajano"); `marks` are the values of a
    card row's `box`/`expansion`/`module`/`set` field that put a row of the game's own data
    into this topic (an expansion's cards live in the base game's data folder).
    """

    id: str
    titles: Mapping[str, str]
    colour: int
    words: tuple[str, ...] = ()
    marks: tuple[str, ...] = ()

    def title(self, lang: str) -> str:
        """Return the topic's name in a language (English if that language has none)."""
        return self.titles.get(lang) or self.titles["en"]


@dataclass(frozen=True, slots=True)
class AiSupport:
    """What the AI players (engine/ai) need of a game beyond its rules.

    Each callable gets the engine the game is played with (a stored game may run under an
    older edition's catalog), then the state and the seat that is thinking.

    Args:
        determinise: (engine, state, seat, rng) -> a full state consistent with everything
            `seat` may see (its own private view and the public one), the rest sampled.
        value: (engine, state, seat) -> how well `seat` stands; None: the engine's heuristic.
        iterations_per_s: search iterations per second of thinking on one core (the rate at
            which a budget in seconds becomes a fixed number of iterations, so replays stay
            identical on any machine; bench/ai.py prints the rate measured here).
        seat_rates: the rate at a player count where it differs from `iterations_per_s`
            (Trajan: a roll-out at 4 players plays three rivals' turns, at 2 players one).
            Still a fixed number per game and player count, never the machine's speed.
        search: how the hard player searches: "tree" (ISMCTS over single decisions,
            engine/ai/ismcts.py) or "rollout" (the planner's best first moves rated by
            truncated roll-outs on shared determinisations, engine/ai/rollout.py), where an
            iteration is one roll-out.
        seat_search: the search at a player count where it differs from `search` (Trajan:
            the roll-outs at 2 and 4 players, where they beat the tree; docs/ai.md).
        stage: (state) -> which stretch of play the state is in (Troyes: its round); a
            roll-out of the "rollout" search stops where it changes. None: no such bound.
        horizon: how many times the turn comes back to the deciding seat before a roll-out
            stops (Troyes 2: the seat answers its rivals' replies; Trajan 1, as measured).
        seat_horizons: the horizon at a player count where it differs from `horizon`
            (Trajan: 2 at 4 players, where a roll-out to the seat's next turn rated the
            candidates too little apart; docs/ai.md).
        work_per_s: the "rollout" search's engine steps (`apply` calls, each rated by the
            value in the roll-outs' planning) per second of budget, a fixed number like the
            rate: the search stops after the round in which its roll-outs pass that many,
            so a decision of long roll-outs or wide menus costs about its budget (Trajan
            15,000, Troyes 30,000: about a CPU second's steps each); 0: no such bound, the
            iterations alone.
        rollout_plan: the (beam, depth) of the planner that plays every seat in a roll-out;
            None: engine/ai/rollout.py's narrow default (Trajan). Troyes: the normal player's
            own, so a roll-out's rivals play as the normal players do.
    """

    determinise: Callable[[GameEngine[Any, Any], Any, int, Rng], Any]
    value: Callable[[GameEngine[Any, Any], Any, int], float] | None = None
    iterations_per_s: int = 300
    seat_rates: Mapping[int, int] = field(default_factory=dict)
    search: str = "tree"
    seat_search: Mapping[int, str] = field(default_factory=dict)
    stage: Callable[[Any], Any] | None = None
    horizon: int = 1
    seat_horizons: Mapping[int, int] = field(default_factory=dict)
    work_per_s: int = 0
    rollout_plan: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything shared code needs of one game.

    Args:
        engine: the game's rules (engine/core/protocol.py); its `name` is the game's name.
        titles: the game's name for players, by language ("en" is required).
        renderer: the dotted module path of its renderer (`board_png`, `private_png`).
        private_kinds: decision kinds whose choices show the decider's hand: the public board
            offers one "choose privately" button and the choices go out ephemerally.
        menu_kinds: decision kinds always offered as a select menu, however many choices they
            have: a decision asked again and again whose count of choices crosses the
            buttons' limit from one time to the next would otherwise change form under the
            player (Trajan's set-up bowls: 21 choices, then 19 or fewer; playtest item 11).
        topics: its rule-lookup topics, the game itself first, then its expansions (none: the
            game has no /rules entries). Card rows are read from `data/<name>/*.toml`.
        value_names: how lookups show the game's data values in other languages
            ({"es": {"seaport": "puerto"}}), on top of the shared names.
        league: whether a league may play it (`/admin league create`).
        ai: what the AI levels need (engine/ai); None: only the random and greedy players.
        milestones: the names of its event classes that score or close a stage (a quarter's
            scoring, an event's result, the end of a round): the thread shows each as a short
            summary line of its own (cogs/common/story.py).
        done_events: the names of its event classes that say an action was done (a card
            activated, a black die countered): when the move that logged one leaves the
            decision with the same seat, its controls start with that line as a disabled
            heading, so a quick repeated press lands on nothing and the player reads what
            the last pick did (cogs/common/text.py `done_heading`).
        setup_facts: the names of its event classes that say the set-up's public facts (a
            revealed character, the outer activities dealt), which the first move carries:
            the thread tells them with the game's start, before that move, not as its doing
            (cogs/common/text.py `Told.prologue`, playtest item 89).
        openings: the names of its event classes that open a round or a quarter (new cards,
            income, dice, new events, black dice): a turn too long for one thread message
            keeps them, as it keeps the milestones, when it drops the other event lines
            (playtest item 47).
        explored: which moves only explored a menu (the thread and log hide them, playtest
            item 26): given a move's notation and the same seat's eventless moves just before
            it (oldest first), None when the move is no way back; else how many of those moves
            it leaves unused (it is hidden, and they with it). None: every move is shown.
        together: which of a move's recorded events read better told as one line (a round's
            opening: the new cards, each seat's income and dice): given the events, the
            language and the seats' names, each group's places among the events and its public
            line, told at the group's first place (cogs/common/text.py `words`). None: each
            event is its own line.
        seat_word: the catalogue key of how the engine says a seat without names ("Jugador
            {n}"), which a choice's line may say: the bot puts the seat's name in its place
            (cogs/common/text.py `named_choices`, fifth playtest). "": lines never say one.
        presets: named sets of options a player may give as one word in `/game new options:`
            ("ladies": every module of an expansion); their words are the shared catalogs'
            `thread.option_preset.<name>`.
    """

    engine: GameEngine[Any, Any]
    titles: Mapping[str, str]
    renderer: str
    private_kinds: frozenset[str] = frozenset()
    menu_kinds: frozenset[str] = frozenset()
    topics: tuple[Topic, ...] = ()
    value_names: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    league: bool = True
    ai: AiSupport | None = None
    milestones: frozenset[str] = frozenset()
    done_events: frozenset[str] = frozenset()
    openings: frozenset[str] = frozenset()
    setup_facts: frozenset[str] = frozenset()
    explored: Callable[[str, Sequence[str]], int | None] | None = None
    together: (
        Callable[[GameEngine[Any, Any], Sequence[Any], str, Sequence[str]], Sequence[Told]] | None
    ) = None
    presets: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    seat_word: str = ""

    def __post_init__(self) -> None:
        if "en" not in self.titles:
            raise ValueError(f"game {self.name!r}: titles need an English one")
        if self.topics and self.topics[0].id != self.name:
            raise ValueError(f"game {self.name!r}: its first lookup topic is the game itself")

    @property
    def name(self) -> str:
        """The game's stable name (stored with every game; never rename it)."""
        return self.engine.name

    @property
    def title(self) -> str:
        """The game's English name (`title(name, lang)` gives it in a game's language)."""
        return self.titles["en"]

    def scope(self) -> frozenset[str]:
        """Return the ids of the game's lookup topics (a query for one covers them all)."""
        return frozenset(t.id for t in self.topics)


_SPECS: dict[str, GameSpec] = {}
_discovered = False
_discovering = threading.RLock()  # lookups may run in worker threads


def _discover() -> None:
    """Import every `engine/<game>/spec.py`, once (no package is imported to find out)."""
    if not _discovered:
        with _discovering:
            _fill()


def _fill() -> None:
    global _discovered  # noqa: PLW0603 - the registry is filled once, on first use
    if _discovered:
        return
    for folder in sorted(ENGINE_DIR.iterdir()):
        if (folder / SPEC_FILE).is_file():
            _add(importlib.import_module(f"engine.{folder.name}.spec").SPEC)
    _discovered = True


def _add(spec: GameSpec) -> GameSpec:
    known = _SPECS.get(spec.name)
    if known is not None and known is not spec:
        raise ValueError(f"two games are called {spec.name!r}")
    topics = {t.id for s in _SPECS.values() if s is not known for t in s.topics}
    clash = topics & spec.scope()
    if clash:
        raise ValueError(f"game {spec.name!r}: lookup topics {sorted(clash)} are taken")
    _SPECS[spec.name] = spec
    return spec


def register(spec: GameSpec) -> GameSpec:
    """Add a game to the registry; raise ValueError if another game has its name or topics."""
    _discover()
    return _add(spec)


def unregister(name: str) -> None:
    """Remove a game registered by `register` (tests clean up after themselves)."""
    _SPECS.pop(name, None)


def specs() -> tuple[GameSpec, ...]:
    """Return every registered game, by name."""
    _discover()
    return tuple(_SPECS[name] for name in sorted(_SPECS))


def spec(name: str) -> GameSpec:
    """Return one game's spec; raise KeyError naming the known games if it is not registered."""
    _discover()
    found = _SPECS.get(name)
    if found is None:
        raise KeyError(f"no game called {name!r} (known: {', '.join(sorted(_SPECS))})")
    return found


def title(name: str, lang: str = "en") -> str:
    """Return a game's name for players in a language (English if it has none there).

    A name no game has (e.g. a retired one) is title-cased.
    """
    _discover()
    found = _SPECS.get(name)
    if found is None:
        return name.title()
    return found.titles.get(lang[:2]) or found.title


def topics() -> tuple[Topic, ...]:
    """Return every lookup topic: game by game, each game's own topic before its expansions."""
    return tuple(t for s in specs() for t in s.topics)


def topic(topic_id: str) -> Topic | None:
    """Return one lookup topic by id (None for an unknown one)."""
    return next((t for t in topics() if t.id == topic_id), None)


def topic_game(topic_id: str) -> GameSpec | None:
    """Return the game a lookup topic belongs to (None for an unknown topic)."""
    return next((s for s in specs() if topic_id in s.scope()), None)


class _Field(Mapping[str, T]):
    """A live, read-only view of one field of every registered game, by game name."""

    def __init__(self, pick: Callable[[GameSpec], T]) -> None:
        self._pick = pick

    def __getitem__(self, name: str) -> T:
        _discover()
        return self._pick(_SPECS[name])

    def __iter__(self) -> Iterator[str]:
        return iter(sorted({s.name for s in specs()}))

    def __len__(self) -> int:
        return len(specs())


GAMES: Mapping[str, GameEngine[Any, Any]] = _Field(lambda s: s.engine)
"""Every registered game's engine, by name (the session manager and benches take this)."""
PRIVATE_KINDS: Mapping[str, frozenset[str]] = _Field(lambda s: s.private_kinds)
"""Each game's decision kinds that are chosen privately."""
MENU_KINDS: Mapping[str, frozenset[str]] = _Field(lambda s: s.menu_kinds)
"""Each game's decision kinds whose choices are always a select menu."""
