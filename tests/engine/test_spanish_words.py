"""A Spanish game reads Spanish: no English sentence of the catalogs in what it shows.

Seeded Spanish games of both games (Troyes with every Ladies module) are played, and every
prompt, every label on offer and every log line (public, and as each owner reads it) is
checked, with the texts of some public board images, against the English catalog: no piece
of an English message that differs from its Spanish one may appear (issue 14). So is what
the Discord layer builds of them: turn messages, status, log pages, titles (below), and, in a
real thread, tests/e2e/test_story.py.
"""

import importlib
import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from cogs import log_pages
from cogs.common import story, text
from cogs.game import status_text
from cogs.lobby import lobby_text
from engine.core import i18n
from engine.core.rng import Rng
from engine.core.serial import to_jsonable
from engine.games import GAMES, spec
from engine.sessions import (
    By,
    GameInfo,
    LogLine,
    Notice,
    NoticeKind,
    Outcome,
    Policy,
    Seat,
    SeatOrder,
    SeatState,
    Status,
    Turn,
)
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


# ---- what the Discord layer says of a Spanish game (issue 14) ---------------------------

THREAD_NAMES = ("alice", "bob", "IA", "dan")  # as the poster names the seats (an AI: "IA")


def _said_in_threads(game: str, options: dict[str, str], seats: int, seed: int) -> set[str]:
    """Play a seeded Spanish game; return every message the thread and the commands show.

    Turn messages (as edited in place and as closed), the first board's seat order and
    notices, `/game status`, every `/game log` page and its buttons, the since-your-turn
    log, the undo request, the private view's title and the final standings: all built by
    the cogs from the records the session service hands out, as in a real thread.
    """
    engine = GAMES[game]
    names = THREAD_NAMES[:seats]
    at = datetime(2026, 1, 1, tzinfo=UTC)
    state = engine.new_state(options, seats, seed)
    rng = Rng(seed, 0, "spanish-threads")
    history: list[LogLine] = []
    said: set[str] = set()
    notices = (Notice(NoticeKind.STARTED), Notice(NoticeKind.UNDONE, 0, detail="3"))
    while state.pending is not None:
        actions = engine.legal_actions(state)
        action = actions[rng.below(len(actions))]
        step = engine.apply(state, action)
        seat = state.pending.seat
        records = tuple(engine.event_from_json(to_jsonable(e)) for e in step.events)
        prose = tuple(engine.describe_event(e, "es") for e in step.events)
        history.append(LogLine(step.state.version, seat, None, By.PLAYER,
                               engine.action_text(action), engine.describe(action, "es"),
                               prose, False, at, game=game, records=records))  # fmt: skip
        state = step.state
        if state.pending is None or (state.pending.seat == seat and len(history) % 7):
            continue  # within a turn: its message is built when the turn passes
        turn = Turn(state.pending.seat, state.pending.kind, 100 + state.pending.seat,
                    engine.prompt(state, "es"), at, at + timedelta(hours=24))  # fmt: skip
        outcome = Outcome(7, state.version, Status.ACTIVE, tuple(history[-3:]),
                          notices if len(history) < 9 else (), turn, turn.user_id, (), None,
                          None, None, 1, 2, 2, history=tuple(history[-80:]))  # fmt: skip
        order = story.order(names, 0, "es", shuffled=True)
        said.add(story.caption(outcome, names, "es", game, [order]))
        said.add(story.closing(outcome, names, "es", game, ["x"]) or "")
    seated = tuple(
        Seat(i, i, 100 + i, None, SeatState.PLAYING, False, False, at) for i in range(seats)
    )
    for status in (Status.ACTIVE, Status.FINISHED):
        info = GameInfo(7, game, status, state.version, 1, 2, 3, 100, seats, {}, "es",
                        Policy.STAND_IN, SeatOrder.RANDOM, None, seated, None,
                        engine.view(state, None), None, at, at)  # fmt: skip
        said.add(status_text(info, names))
        said.add(lobby_text(info, {100 + i: n for i, n in enumerate(names)}, "es"))
    title = story.title(game, 7, "es")
    blocks = text.entries(history, names, "es", game)
    pages = log_pages.paginate(blocks)
    assert len(pages) > 1  # the log is long enough to page
    said |= {"\n".join(page) for page in pages}
    keys = ("log_head", "log_first", "log_previous", "log_next", "log_last")
    said |= {t("es", f"story.{k}", title=title, count=len(history), page=1, pages=2) for k in keys}
    said.add(log_pages.since_text(history[-40:], names, "es", game, title))
    said.add("\n".join(text.plain_log(history, names, "es", game)))
    said.add(t("es", "story.private", title=title, seat=text.seat_name(0, names)))
    said.add(t("es", "story.undo_due", when=text.when(at, "f")))
    said.add(t("es", "story.summary", title=title))
    return said


def t(lang: str, key: str, **fields: object) -> str:
    return i18n.text(lang, key, **fields)


@pytest.mark.parametrize(
    ("game", "options", "seats", "seed"),
    [("troyes", EVERY_MODULE, 2, 31), ("trajan", {}, 3, 32)],
)
def test_the_threads_status_and_log_of_a_spanish_game_show_no_english_sentence(
    game, options, seats, seed
):
    said = _said_in_threads(game, options, seats, seed)
    assert len(said) > 30
    pieces = english_pieces()
    leaks = sorted({(p, line[:200]) for line in said for p in pieces if p in line})
    assert not leaks, leaks[:10]
    assert all("Player " not in line and "Jugador " not in line for line in said)
