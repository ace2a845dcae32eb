"""A Spanish game reads Spanish: no English sentence of the catalogs in what the engines say.

Seeded Spanish games of both games (Troyes with every Ladies module) are played, and every
prompt, every label on offer and every log line (public, and as each owner reads it) is
checked, with the texts of some public board images, against the English catalog: no piece
of an English message that differs from its Spanish one may appear (issue 14).
"""

import importlib
import re
from typing import Any

import pytest

from engine.core import i18n
from engine.core.rng import Rng
from engine.games import GAMES, spec
from engine.troyes.game import EVERY_MODULE, MODULES, TroyesEngine

FIELD = re.compile(r"\{[^}]*\}")
NAMES = ("alice (1)", "bob (2)", "carol (3)", "dan (4)")
PLAYED: tuple[tuple[str, dict[str, str], int, int], ...] = (
    ("troyes", {}, 2, 11),
    ("troyes", EVERY_MODULE, 4, 12),
    *(
        ("troyes", {key: choices[-1]}, 3, 13 + i)
        for i, (key, (_, choices)) in enumerate(MODULES.items())
    ),
    ("trajan", {}, 2, 21),
    ("trajan", {}, 4, 22),
)


def _forms(message: Any) -> list[str]:
    return list(message.values()) if isinstance(message, dict) else [str(message)]


def english_pieces() -> set[str]:
    """Return the literal pieces of English messages that the Spanish ones do not share."""
    english, spanish = i18n.catalog("en").messages, i18n.catalog("es").messages
    pieces: set[str] = set()
    for key, message in english.items():
        theirs = " ".join(_forms(spanish.get(key, "")))
        for form in _forms(message):
            for raw in FIELD.split(form):
                piece = raw.strip(" .,:;()'\"")
                # Long enough to be a phrase, not a shared word ("Troyes", "VP", "Senate").
                if len(piece) >= 12 and " " in piece and piece not in theirs:
                    pieces.add(piece)
    return pieces


def drawn(game: str, view: Any, prompt: str, names: tuple[str, ...]) -> set[str]:
    """Return every text drawn on the public board of a Spanish game."""
    renderer = importlib.import_module(spec(game).renderer)
    canvas = renderer.compose_board(view, prompt=prompt, names=names, lang="es")
    return {r.text for r in canvas.texts}


def spoken(game: str, options: dict[str, str], seats: int, seed: int, boards: int = 0) -> set[str]:
    """Play a seeded Spanish game; return every prompt, label and log line it showed.

    With `boards`, also the texts of that many public board images along the way.
    """
    engine = GAMES[game]
    names = NAMES[:seats]
    state = engine.new_state(options, seats, seed)
    rng = Rng(seed, 0, "spanish")
    said: set[str] = set()
    while state.pending is not None:
        said.add(engine.prompt(state, "es"))
        actions = engine.legal_actions(state)
        said.update(engine.describe(a, "es", names) for a in actions)
        if boards and state.version % 97 == 5:
            boards -= 1
            said |= drawn(game, engine.view(state, None), engine.prompt(state, "es"), names)
        step = engine.apply(state, actions[rng.below(len(actions))])
        for event in step.events:
            said.add(engine.describe_event(event, "es", names))
            if isinstance(engine, TroyesEngine):  # a Troyes owner reads their own VP figures
                said.update(
                    engine.describe_event(event, "es", names, viewer=seat) for seat in range(seats)
                )
        state = step.state
    said.add(engine.prompt(state, "es"))
    return said


@pytest.mark.parametrize(("game", "options", "seats", "seed"), PLAYED)
def test_a_spanish_game_shows_no_english_sentence(game, options, seats, seed):
    pieces = english_pieces()
    assert len(pieces) > 200  # the catalogs really are compared
    said = spoken(game, options, seats, seed, boards=2 if seats == 4 else 0)
    assert len(said) > 50
    leaks = sorted({(p, line) for line in said for p in pieces if p in line})
    assert not leaks, leaks[:10]


def test_every_refusal_has_spanish_words():
    english, spanish = i18n.catalog("en").messages, i18n.catalog("es").messages
    same = [k for k in english if k.startswith("error.") and spanish.get(k) == english[k]]
    assert not same
