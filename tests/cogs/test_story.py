"""The thread's story of each turn (cogs/common/story.py) and counts shown with plural forms."""

import itertools
import re
from dataclasses import replace
from datetime import UTC, datetime

import pytest

from cogs import log_pages
from cogs.common import story, text
from engine.core import i18n
from engine.core.protocol import Result
from engine.core.rng import Rng
from engine.games import GAMES
from engine.sessions import By, Final, LogLine, Notice, NoticeKind, Outcome, Status, Turn
from engine.troyes.game import EVERY_MODULE
from tests.story_numbers import told_numbers

NAMES = ("alice", "bob", "AI")
AT = datetime(2026, 1, 1, tzinfo=UTC)


def line(version: int, seat: int) -> LogLine:
    return LogLine(version, seat, None, By.PLAYER, f"m{version}", f"move {version}", (), False, AT)


def outcome(history: list[LogLine], moves: list[LogLine], seat: int) -> Outcome:
    turn = Turn(seat, "bowl", 70 + seat, "choose a bowl.", AT, None)
    return Outcome(3, history[-1].version, Status.ACTIVE, tuple(moves), (), turn, None, (),
                   None, None, None, 99, None, None, history=tuple(history))  # fmt: skip


def test_a_turn_is_the_deciders_own_moves_after_what_the_others_did_since_its_last():
    seats = [0, 0, 1, 2, 2, 0, 0]
    history = [line(v + 1, s) for v, s in enumerate(seats)]
    others, own = story.turn_of(history, 0)
    assert [m.version for m in others] == [3, 4, 5]
    assert [m.version for m in own] == [6, 7]
    others, own = story.turn_of(history, 1)
    assert [m.version for m in others] == [4, 5, 6, 7]
    assert own == ()


def test_the_closed_turn_keeps_every_move_and_a_new_message_comes_only_when_the_turn_passed():
    seats = [0, 0, 1, 2, 2]  # alice moved twice; bob and the AI replied; alice decides again
    history = [line(v + 1, s) for v, s in enumerate(seats)]
    passed = outcome(history, history[1:], 0)
    assert story.passed(passed)
    closed = story.closing(passed, NAMES, "en", "trajan") or ""
    assert "`  1` **alice (1)**: move 1" in closed
    assert "`  2` **alice (1)**: move 2" in closed
    assert "move 3" not in closed  # the others' replies belong to the next turn message
    caption = story.caption(passed, NAMES, "en", "trajan")
    assert "Since your last turn, <@70>:" in caption
    assert "move 3" in caption
    assert "move 5" in caption
    assert caption.startswith("**Trajan #3** · move 5")
    within = outcome(history[:2], history[1:2], 0)
    assert not story.passed(within)


def test_titles_are_in_the_games_language():
    assert story.title("trajan", 3, "es") == "Trajano n.º 3"
    assert story.title("troyes", 3, "es") == "Troyes n.º 3"
    assert story.title("troyes", 3, "en") == "Troyes #3"


def test_the_seat_order_says_who_starts_and_whether_seats_were_drawn():
    said = story.order(NAMES, 1, "en", shuffled=True)
    assert said == (
        "Seats were drawn at random. Order of play: 1. alice (1), 2. bob (2), 3. AI (3). "
        "bob (2) starts."
    )
    assert story.order(NAMES, 0, "es", shuffled=False).startswith("Los asientos siguen")


@pytest.mark.parametrize(
    ("lang", "started"), [("es", "La partida ha empezado."), ("en", "The game has started.")]
)
def test_the_first_board_says_the_game_started_and_the_seat_order_before_the_ais_set_up(
    lang, started
):
    # Playtest item 90: Trajan's first board told the AIs' set-up moves, then "La partida ha
    # empezado. Los asientos se sortearon. Orden de juego: ..." (Troyes says it first).
    history = [line(v + 1, 2) for v in range(3)]  # the AI's set-up moves before alice decides
    first = replace(outcome(history, history, 0), notices=(Notice(NoticeKind.STARTED),))
    first = replace(first, notices=(*first.notices, Notice(NoticeKind.RESIGNED, seat=1)))
    order = story.order(NAMES, 2, lang, shuffled=True)
    caption = story.caption(first, NAMES, lang, "trajan", [order])
    resigned = text.notice_lines((Notice(NoticeKind.RESIGNED, seat=1),), NAMES, lang)[0]
    assert caption.index(started) < caption.index(order) < caption.index("move 1")
    assert caption.index("move 3") < caption.index(resigned)  # other notices still close it


COUNTED = re.compile(
    r"\{(count|moves|n|number)\} (moves|cards|games|lines|spaces|jugadas|cartas|partidas"
    r"|líneas|espacios)\b|\w\((s|es)\)"
)


def test_a_count_shown_beside_a_noun_has_plural_forms():
    found = [
        (lang, key, message)
        for lang in ("en", "es")
        for key, message in i18n.catalog(lang).messages.items()
        if isinstance(message, str) and COUNTED.search(message)
    ]
    assert not found, found


def test_the_final_message_tells_the_last_moves_then_that_the_game_is_over_then_the_standings():
    seats = [0, 0, 1, 1]  # alice's last move; the AI's replies end the game
    history = [line(v + 1, s) for v, s in enumerate(seats)]
    ended = replace(outcome(history, history[1:], 0), turn=None, status=Status.FINISHED)
    ended = replace(ended, final=Final("completed", (2, 1, 3), Result((5, 9, 1), (2, 1, 3), ())))
    closed = story.closing(ended, NAMES, "es", "trajan") or ""
    assert "move 2" in closed
    assert "move 3" not in closed
    assert [m.version for m in story.after_closing(ended)] == [3, 4]
    said = story.final(ended, NAMES, "es", "trajan").split("\n")
    # Item 80: the last moves as they happened, then that it is over, then the standings.
    assert said == [
        "`  3` **bob (2)**: move 3",
        "`  4` **bob (2)**: move 4",
        "**Trajano n.º 3 ha terminado.**",
        "1. bob (2) \N{EM DASH} 9 PV",
        "2. alice (1) \N{EM DASH} 5 PV",
        "3. AI (3) \N{EM DASH} 1 PV",
    ]


def _long_ai_moves() -> list[LogLine]:
    """Return the AI's moves 2-39, each with a long detail line: too many for one message."""
    return [
        LogLine(v, 1, None, By.AI, f"m{v}", f"move {v}", ("x" * 150,), False, AT)
        for v in range(2, 40)
    ]


def test_a_long_ending_is_told_briefer_as_a_turn_is_and_says_what_it_left_out():
    """Item 4: the end's message fits its moves by `_told`'s levels, not by a cut line."""
    moves = _long_ai_moves()
    history = [line(1, 0), *moves]  # alice's last move, then the AI's 38 end the game
    ended = replace(outcome(history, history, 0), turn=None, status=Status.FINISHED)
    ended = replace(ended, final=Final("completed", (2, 1, 3), Result((5, 9, 1), (2, 1, 3), ())))
    said = story.final(ended, NAMES, "en", "trajan")
    assert len(said) <= 2000
    assert told_numbers(said) == set(range(2, 40))  # every move, in a run's line
    assert "earlier line" not in said  # the old cut line
    assert re.search(r"… \d+ lines left out here: see `/game log`\.", said)
    assert said.split("\n")[-4:] == [
        "**Trajan #3 is over.**",
        "1. bob (2) \N{EM DASH} 9 VP",
        "2. alice (1) \N{EM DASH} 5 VP",
        "3. AI (3) \N{EM DASH} 1 VP",
    ]


def test_the_log_since_a_turn_is_fitted_as_a_turn_is():
    """Item 4: `/game log` since your turn tells every move briefer, not the last page cut."""
    moves = _long_ai_moves()
    said = log_pages.since_text(moves, NAMES, "es", "trajan", "Trajano n.º 3")
    assert len(said) <= 2000
    assert said.startswith("**Trajano n.º 3**: 38 jugadas desde tu último turno\n")
    assert told_numbers(said) == set(range(2, 40))
    assert "páginas anteriores" not in said  # the old cut line
    assert "omitidas aquí" in said


def test_log_pages_keep_every_entry_in_order_and_each_fits_a_message():
    blocks = [f"`{v:>3}` **alice (1)**: move {v} " + "x" * (v % 90) for v in range(1, 300)]
    pages = log_pages.paginate(blocks)
    assert len(pages) > 3
    assert [b for page in pages for b in page] == blocks
    assert all(len("\n".join(page)) <= log_pages.ROOM for page in pages)
    assert log_pages.paginate(blocks) == pages  # the same moves make the same pages


def test_a_turn_too_long_for_one_message_keeps_every_move_without_its_bullets():
    at = AT
    moves = [
        LogLine(v, 1, None, By.AI, f"m{v}", f"move {v}", ("x" * 150,), False, at)
        for v in range(2, 26)
    ]  # after alice's first move (an AI's first turn is its own message's: item 120)
    history = [line(1, 0), *moves, line(26, 0)]
    caption = story.caption(outcome(history, [], 0), NAMES, "en", "trajan")
    assert len(caption) <= 2000
    assert all(f"move {v}\n" in caption or f"move {v} " in caption for v in range(2, 26))
    assert "x" * 150 not in caption  # the bullets went (they are in /game log)


def _alone(seed: int, lang: str, moves: int = 160, seats: int = 2) -> list[LogLine]:
    """Return a seeded 2-seat Troyes game (every Ladies module) in which alice passes early.

    The other seat, an AI, then plays on alone for a long turn, through the round's end and
    the next round's opening (new cards, income, dice, events, black dice).
    """
    engine = GAMES["troyes"]
    state = engine.new_state(dict(EVERY_MODULE), seats, seed)
    rng = Rng(seed, 0, "alone")
    out: list[LogLine] = []
    while state.pending is not None and len(out) < moves:
        seat = state.pending.seat
        actions = engine.legal_actions(state)
        said = [engine.action_text(a) for a in actions]
        passes = [a for a, n in zip(actions, said, strict=True) if n == "pass"]
        if seat == 0 and passes and len(out) > 8:
            action = passes[0]
        else:
            rest = [a for a, n in zip(actions, said, strict=True) if n not in ("pass", "back")]
            action = (rest or actions)[rng.below(len(rest or actions))]
        step = engine.apply(state, action)
        text_ = engine.describe(action, lang)
        notation = engine.action_text(action)
        by = By.AI if seat else By.PLAYER
        version = len(out) + 1
        out.append(
            LogLine(
                version,
                seat,
                None,
                by,
                notation,
                text_,
                (),
                False,
                AT,
                game="troyes",
                records=tuple(step.events),
            )
        )
        state = step.state
    return out


def _longest_wait(history: list[LogLine]) -> list[LogLine]:
    """Return the history up to alice's turn that follows the most moves of the others."""
    starts = [i for i in range(1, len(history)) if history[i].seat == 0 != history[i - 1].seat]
    end = max(starts, key=lambda i: len(text.shown(story.turn_of(history[:i], 0)[0], "troyes")))
    return history[:end]


@pytest.mark.parametrize(
    ("lang", "seats", "seed", "count"),
    [("en", 2, 12, 52), ("es", 2, 12, 52), ("en", 3, 1, 63), ("es", 3, 1, 63)],
)
def test_a_long_ai_turn_keeps_the_rounds_opening_and_every_milestone_and_says_what_it_left(
    lang: str, seats: int, seed: int, count: int
):
    """Two seats: every kept line stays. Three: the opening's counters may go, not the rest."""
    names = ("alice", "IA normal", "IA difícil")[:seats]
    history = _longest_wait(_alone(seed, lang, 200 if seats == 3 else 160, seats))
    others, _ = story.turn_of(history, 0)
    shown = text.shown(others, "troyes")
    assert len(shown) == count  # the AIs played on after alice passed
    whole = text.told(others, names, lang, "troyes")
    kept = [x for m in whole for x, k in zip(m.lines, m.kept, strict=True) if k]
    black = {"en": "Black dice rolled: ", "es": "Se lanzan los dados negros: "}[lang]
    assert any(black in x for x in kept)  # the round's opening is kept...
    assert any(x.startswith("\N{BAR CHART}") for x in kept)  # ... and its milestones
    assert sum(len(m.text()) + 1 for m in whole) > 2000  # the whole story would not fit
    caption = story.caption(outcome(history, [], 0), names, lang, "troyes")
    assert len(caption) <= 2000
    for move in whole:
        if move.milestone or seats == 2:  # the round's end and its opening, every milestone
            for x, k in zip(move.lines, move.kept, strict=True):
                assert not k or x in caption, x
    assert black in caption
    left = {
        "en": r"… \d+ lines left out here: see `/game log`\.",
        "es": r"… \d+ líneas omitidas aquí: mira `/game log`\.",
    }[lang]
    assert re.search(left, caption)
    # Every move the thread leaves out is before the last one it tells (the note covers it).
    told = told_numbers(caption)
    assert max(told) == shown[-1].version
    assert "earlier line" not in caption
    assert "línea anterior" not in caption  # the old note ("… 3 líneas anteriores: …"), not
    assert "líneas anteriores" not in caption  # a counter's "del grupo anterior" (item 86)


def test_runs_of_one_seats_moves_become_one_line_before_any_move_is_left_out():
    # A seed whose kept lines leave room for every run (seed 3 did until a counter's line
    # said the leftover it used, 41 characters more: item 75; then its first run went).
    history = _longest_wait(_alone(2, "es"))
    others, _ = story.turn_of(history, 0)
    caption = story.caption(outcome(history, [], 0), ("alice", "IA normal"), "es", "troyes")
    assert len(caption) <= 2000
    assert re.search(r"` *\d+`\N{EN DASH}` *\d+` \*\*IA normal \(2\)\*\*: \d+ jugadas", caption)
    # Every move is told, on its own line or in its run's.
    assert {m.version for m in text.shown(others, "troyes")} <= told_numbers(caption)
    assert "Se lanzan los dados negros: " in caption
    assert "omitidas aquí" in caption  # the detail lines went, and it says so


def test_a_run_lists_the_labels_that_fit_and_says_how_many_more():
    moves = [line(v, 1) for v in range(1, 61)]
    moves = [replace(m, text="x" * 40) for m in moves]  # 60 moves of 40 characters: too long
    caption = story.caption(outcome([*moves, line(61, 0)], [], 0), NAMES, "en", "trajan")
    assert len(caption) <= 2000
    assert "` 1`\N{EN DASH}` 60` **bob (2)**: 60 moves: xxx" in caption.replace("`  1`", "` 1`")
    assert re.search(r"… and \d+ more", caption)
    assert "lines left out here" in caption


def test_a_short_turn_is_told_whole_without_a_note():
    seats = [0, 1, 1, 1]
    history = [line(v + 1, s) for v, s in enumerate(seats)]
    caption = story.caption(outcome(history, [], 0), NAMES, "en", "trajan")
    assert all(f"move {v}" in caption for v in (2, 3, 4))
    assert "left out" not in caption
    assert "\N{EN DASH}" not in caption


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_end_of_a_round_comes_before_the_next_rounds_opening(lang: str):
    history = _alone(3, lang)
    ended = next(m for m in history if any(type(r).__name__ == "RoundEnded" for r in m.records))
    for brief in (False, True):
        (entry,) = text.entries([ended], ("alice", "IA normal"), lang, "troyes", brief=brief)
        lines = entry.split("\n")
        end = next(i for i, x in enumerate(lines) if "\N{BAR CHART}" in x and "1" in x)
        card = {"en": "New activity cards: ", "es": "Nuevas cartas de actividad: "}[lang]
        opening = next(i for i, x in enumerate(lines) if card in x)
        assert end < opening, entry


def _fight(first: int) -> list[LogLine]:
    """Return alice's fight with Merodeador (playtest item 69): five moves, two event lines."""
    labels = ("Combatir Merodeador", "Tomar su propio dado rojo 4",
              "Tomar su propio dado morado 3", "Dados elegidos", "2 cubos")  # fmt: skip
    said = ("alice (1) usa rojo 4, morado 3",
            "alice (1) combate Merodeador: 2 cubos en la carta, +2 de influencia")  # fmt: skip
    return [
        LogLine(first + i, 0, None, By.PLAYER, f"f{i}", label, said if i == 4 else (), False, AT)
        for i, label in enumerate(labels)
    ]


@pytest.mark.parametrize("closed", [False, True])
def test_the_readers_own_turn_is_the_last_thing_a_long_story_leaves_out(closed: bool):
    """Item 69: after a round's opening and the AIs' long run, alice's own moves stay whole.

    Live (her turn's message while she plays) and closed (the same message's last edit).
    """
    names = ("alice", "IA normal", "IA difícil")
    waited = _longest_wait(_alone(1, "es", 200, 3))
    fight = _fight(waited[-1].version + 1)
    history = [*waited, *fight]
    if closed:
        reply = LogLine(fight[-1].version + 1, 1, None, By.AI, "r", "Pasar", (), False, AT)
        ended = outcome([*history, reply], [*fight[-1:], reply], 1)
        said = story.closing(ended, names, "es", "troyes") or ""
    else:
        said = story.caption(outcome(history, fight[-1:], 0), names, "es", "troyes")
    assert len(said) <= 2000
    assert {m.version for m in fight} <= told_numbers(said)
    assert "\n".join(f"`{m.version:>3}` **alice (1)**: {m.text}" for m in fight[:4]) in said
    assert "alice (1) combate Merodeador: 2 cubos en la carta, +2 de influencia" in said
    assert "omitidas aquí" in said  # the others' lines went instead
    assert "Se lanzan los dados negros" in said  # and the opening's black dice stayed


def test_a_stand_ins_run_keeps_its_mark():
    """A run of moves an AI stand-in chose for a timed-out person says so, as each move does."""
    moves = [
        LogLine(v, 1, None, by, f"m{v}", "x" * 40, (), False, AT)
        for v, by in ((v, By.STAND_IN if v > 30 else By.PLAYER) for v in range(1, 61))
    ]
    for lang, mark, count in (("en", "*(AI stand-in)*", "30 moves"),
                              ("es", "*(suplente IA)*", "30 jugadas")):  # fmt: skip
        caption = story.caption(outcome([*moves, line(61, 0)], [], 0), NAMES, lang, "trajan")
        assert len(caption) <= 2000
        assert "`  1`\N{EN DASH}` 30` **bob (2)**: 30 " in caption  # the person's own run
        assert f"` 31`\N{EN DASH}` 60` **bob (2)** {mark}: {count}" in caption, caption


def test_a_three_seat_rounds_opening_tells_each_seats_income_and_dice_in_one_line():
    """Item 69: the opening took ~1,500 of a message's characters at three seats."""
    names = ("alice", "IA normal", "IA difícil")
    history = _alone(1, "es", 200, 3)
    ended = next(m for m in history if any(type(r).__name__ == "RoundEnded" for r in m.records))
    (entry,) = text.entries([ended], names, "es", "troyes")
    lines = entry.split("\n")
    for seat in ("alice (1)", "IA normal (2)", "IA difícil (3)"):
        (said,) = [x for x in lines if f"• {seat} cobra " in x]
        assert "; lanza " in said
    assert sum("Nuevas cartas de actividad: " in x for x in lines) == 1
    assert len(lines) < len(ended.records)
    assert len(entry) < 1100


@pytest.mark.parametrize(("lang", "then"), [("en", "Since then:"), ("es", "Desde entonces:")])
def test_the_ais_moves_while_one_thinks_are_not_under_the_readers_this_turn(lang, then):
    """Item 126: alice's turn, then the AIs' moves under their own heading, then who thinks."""
    seats = [0, 1, 2, 0, 1, 2]  # alice's move 4 closed her turn; bob's (an AI) 5 and 6 came
    history = [line(v + 1, s) for v, s in enumerate(seats)]
    shown = replace(outcome(history, history[3:], 2), thinking=True)
    said = story.thinking(shown, NAMES, lang, "trajan").splitlines()
    own = said.index(i18n.text(lang, "story.this_turn"))
    assert said[own + 1] == "`  4` **alice (1)**: move 4"
    assert said[own + 2] == then  # the AIs' moves are not told as alice's turn
    assert said[own + 3 : own + 5] == ["`  5` **bob (2)**: move 5", "`  6` **AI (3)**: move 6"]


def test_the_thread_says_what_a_bare_step_answered():
    # Item 119: "` 58` **IA normal (1)**: Sin cubo" read only beside its question.
    steps = [
        LogLine(58, 1, None, By.AI, "no cube", "Sin cubo", (), False, AT, game="troyes"),
        LogLine(59, 1, None, By.AI, "dice done", "Dados elegidos", (), False, AT, game="troyes"),
    ]
    heads = [x.head for x in text.told(steps, ("alice", "IA normal"), "es", "troyes")]
    assert heads == [
        "` 58` **IA normal (2)**: Sin usar cubo de carta",
        "` 59` **IA normal (2)**: Dados del grupo elegidos",
    ]


def _blocks(blocks: int, size: int, seats: tuple[int, ...] = (1, 2)) -> list[LogLine]:
    """Return `blocks` runs of `size` moves, the seats taking turns, each label 40 characters."""
    seat = [seats[v // size % len(seats)] for v in range(blocks * size)]
    return [
        LogLine(v + 1, seat[v], None, By.AI, f"m{v + 1}", f"label {v + 1:<34}", (), False, AT)
        for v in range(blocks * size)
    ]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_run_never_stands_as_a_bare_count_and_notes_never_come_two_in_a_row(lang: str):
    """Item 118: "` 87`-` 92` IA normal (2): 6 jugadas" said nothing; two notes in a row."""
    names = ("alice", "IA normal", "IA difícil")
    moves = [replace(m, events=("x" * 60,)) for m in _blocks(60, 4)]
    said = story.caption(outcome([*moves, line(241, 0)], [], 0), names, lang, "trajan")
    assert len(said) <= 2000
    runs = [x for x in said.split("\n") if "\N{EN DASH}" in x and "**" in x]
    assert runs, said  # the story still tells runs ...
    count = r"\d+ (moves|jugadas)"
    assert not [x for x in runs if re.search(rf"\*\*: {count}$", x)], said  # never bare
    notes = [("left out here" in x or "omitid" in x) for x in said.split("\n")]
    assert not any(a and b for a, b in itertools.pairwise(notes)), said


def test_the_readers_own_run_lists_its_labels_and_the_others_milestones_stay():
    """Item 118: alice's own steps were "alice (1): 2 jugadas" under "En este turno"."""
    names = ("alice", "IA normal", "IA difícil")
    waited = _longest_wait(_alone(1, "es", 200, 3))
    first = waited[-1].version + 1
    own = [
        LogLine(first + i, 0, None, By.PLAYER, f"c{i}", label, (), False, AT)
        for i, label in enumerate(f"Contrarrestar con tu dado rojo {i % 6 + 1}" for i in range(40))
    ]
    said = story.caption(outcome([*waited, *own], own[-1:], 0), names, "es", "troyes")
    assert len(said) <= 2000
    mine = said[said.index("En este turno:") :]
    assert re.search(
        r"\*\*alice \(1\)\*\*: 40 jugadas: (Contrarrestar con tu dado rojo \d · ){3}", mine
    )
    assert said.count("\N{BAR CHART}") >= 3, said  # the others' milestones stay


@pytest.mark.parametrize("lang", ["en", "es"])
def test_while_ais_think_the_readers_turn_stays_whole_and_the_older_moves_go_first(lang: str):
    """Seventh playtest: while AIs moved after alice's turn, her turn became "omitidas" notes."""
    names = ("alice", "IA normal", "IA difícil")
    history = _alone(1, lang, 260, 3)
    waited = _longest_wait(history)
    fight = _fight(waited[-1].version + 1)
    later = [m for m in history if m.version > waited[-1].version and m.seat != 0][:40]
    after = [replace(m, version=fight[-1].version + 1 + i) for i, m in enumerate(later)]
    ended = outcome([*waited, *fight, *after], [*fight, *after], 1)
    said = story.thinking(replace(ended, turn=Turn(1, "bowl", None, "x", AT, None)), names,
                          lang, "troyes")  # fmt: skip
    assert len(said) <= 2000
    mine = "\n".join(f"`{m.version:>3}` **alice (1)**: {m.text}" for m in fight)
    assert mine in said, said  # her whole turn, each move on its line
    assert "alice (1) combate Merodeador: 2 cubos en la carta, +2 de influencia" in said
    assert {m.version for m in after} <= told_numbers(said)  # the AIs' moves since, every one
    notes = [("left out here" in x or "omitid" in x) for x in said.split("\n")]
    assert not any(a and b for a, b in itertools.pairwise(notes)), said
