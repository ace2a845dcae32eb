"""Trajan's set-up as a new player meets it (playtest 2026-12, "Trajan again", and item 11).

The five bowl prompts keep one form (a menu), each filling is told once in the thread, and
the words of the set-up read in Spanish and English as the player reads them.
"""

from datetime import UTC, datetime
from typing import Any

import discord

from cogs.common import acting
from cogs.common.text import entries
from engine.sessions.models import By, Choice, Choices, LogLine, Turn
from engine.trajan.state import TrajanState
from render import trajan as render_trajan
from render.base.canvas import check_texts
from render.i18n import language
from render.trajan.scene import compose_private
from tests.cogs.first_moves import first_lines
from tests.engine.trajan.helpers import ENGINE

AT = datetime(2026, 12, 2, tzinfo=UTC)
NAMES = ("alice", "bob")


def _items(view: discord.ui.View) -> list[Any]:
    """Return the buttons and selects of a view (a persistent item wraps its component)."""
    return [getattr(child, "item", child) for child in view.children]


def _choices(state: TrajanState, lang: str = "es") -> Choices:
    items = tuple(
        Choice(i, ENGINE.action_text(x), ENGINE.describe(x, lang), ENGINE.explain(state, x, lang))
        for i, x in enumerate(ENGINE.legal_actions(state))
    )
    assert state.pending is not None
    turn = Turn(state.pending.seat, state.pending.kind, 70, ENGINE.prompt(state, lang), AT, None)
    return Choices(4, state.version, turn, items, ENGINE.bundle(state, lang), game="trajan")


def _form(state: TrajanState) -> tuple[str, int]:
    """Return how the board offers the decision's choices: ("menu", options) or ("buttons", n)."""
    view = acting.controls(_choices(state), "es")
    menus = [i for i in _items(view) if isinstance(i, discord.ui.Select)]
    moves = [
        i
        for i in _items(view)
        if isinstance(i, discord.ui.Button) and str(i.custom_id).startswith("dn:m:")
    ]
    if menus:
        assert not moves
        [menu] = menus
        return "menu", len(menu.options)
    return "buttons", len(moves)


def test_every_setup_bowl_is_offered_as_one_menu_however_many_pairs_are_left() -> None:
    """The first bowl had 21 pairs (a menu), the next 19 or fewer (buttons): now one form."""
    state = ENGINE.new_state({}, 2, 7)
    forms = []
    while state.phase == "setup_bowl":
        forms.append(_form(state))
        state = ENGINE.apply(state, ENGINE.legal_actions(state)[0]).state
    assert len(forms) == 10  # five prompts a seat: the sixth bowl fills itself
    assert forms[0] == ("menu", 21)
    assert {form for form, _ in forms} == {"menu"}
    assert min(n for _, n in forms) <= acting.MAX_BUTTONS  # few enough for buttons, still a menu


def test_other_decisions_keep_their_buttons() -> None:
    """Only the set-up bowls are always a menu: the starting cards (3 choices) stay buttons."""
    state = ENGINE.new_state({}, 2, 7)
    while state.phase == "setup_bowl":
        state = ENGINE.apply(state, ENGINE.legal_actions(state)[0]).state
    assert state.phase == "setup_card"
    assert _form(state) == ("buttons", len(ENGINE.legal_actions(state)))


def _lines(state: TrajanState, moves: int, lang: str) -> list[LogLine]:
    """Play the first legal choice `moves` times; return the log lines stored in `lang`."""
    return first_lines(
        ENGINE, "trajan", state, moves, lang, seat=lambda s: s.current, by=By.PLAYER, at=AT
    )


def test_each_setup_bowl_is_told_once_and_a_bowl_that_fills_itself_once_too() -> None:
    """It read "**alice (2)**: Bandeja I (Puerto): azul + amarillo" then "• alice (2): bandeja I
    = azul + amarillo"."""
    told = entries(_lines(ENGINE.new_state({}, 2, 7), 5, "es"), NAMES, "es", "trajan")
    assert len(told) == 5
    assert not any("=" in entry for entry in told)
    for entry in told[:4]:  # the move's own label only: no bullet repeats it
        assert "\n" not in entry
        assert "Bandeja " in entry
    # The fifth filling leaves one pair, and the sixth bowl fills itself: that is news.
    head, bullet = told[4].split("\n")
    assert "Bandeja V (Trajano): " in head
    assert bullet.strip().startswith("\N{BULLET} alice (1): Bandeja VI (Construcción): ")
    english = entries(_lines(ENGINE.new_state({}, 2, 7), 5, "en"), NAMES, "en", "trajan")
    assert (
        english[4]
        .split("\n")[1]
        .strip()
        .startswith("\N{BULLET} alice (1): Bowl VI (Construction): ")
    )


def test_a_starting_card_from_a_discard_pile_is_told_once_and_the_refill_too() -> None:
    """Seen at the table: "Tomar Fruta de la pila de descarte 1" then "• alice (1) toma Fruta
    de la pila de descarte 1" (the Seaport's take read the same)."""
    state = ENGINE.new_state({}, 2, 7)
    while state.phase == "setup_bowl":
        state = ENGINE.apply(state, ENGINE.legal_actions(state)[0]).state
    for lang, take in (("es", "Tomar "), ("en", "Take ")):
        pile = next(x for x in ENGINE.legal_actions(state) if ENGINE.describe(x).startswith(
            "Take "))  # fmt: skip
        step = ENGINE.apply(state, pile)
        label = ENGINE.describe(pile, lang)
        assert label.startswith(take)
        line = LogLine(step.state.version, 0, None, By.PLAYER, ENGINE.action_text(pile), label,
                       (), False, AT, game="trajan", records=step.events)  # fmt: skip
        [told] = entries([line], NAMES, lang, "trajan")
        head, *bullets = told.split("\n")
        assert label in head
        assert len(bullets) == 1  # the pile refilled from the deck: news
        assert "1" in bullets[0]
        assert label.split(" ")[1] not in bullets[0]  # the card taken is not told again


def _mat(state: TrajanState, lang: str) -> list[str]:
    """Return the texts seat 0's mat draws (its private image), checked for overflow."""
    with language(lang):
        scene = render_trajan.scene_from_view(ENGINE.view(state, 0), names=NAMES)
        canvas = compose_private(scene.players[0], scene.header)
    assert check_texts(canvas) == []
    return [record.text for record in canvas.texts]


def test_the_mat_shows_where_the_setup_tiles_go_while_the_arch_waits_on_slot_one() -> None:
    """It said "Arco dorado: ahí va la próxima loseta de Trajano" on bowl I's slot, while the
    starting tiles go beside bowls II, IV and VI (rules brief §2.7 and §2.13)."""
    state = ENGINE.new_state({}, 2, 7)
    assert state.players[0].arch == 0  # the arch does start on slot I
    drawn = _mat(state, "es")
    assert drawn.count("loseta inicial") == 3
    assert (
        "Preparación: losetas iniciales junto a las bandejas II, IV y VI; el arco espera en la I"
        in drawn
    )
    assert not any("próxima loseta" in text for text in drawn)
    english = _mat(state, "en")
    assert "Set-up: starting tiles go beside bowls II, IV and VI; the arch waits on I" in english
    while state.phase != "setup_trajan" or state.current != 1:  # seat 0 placed one tile
        state = ENGINE.apply(state, ENGINE.legal_actions(state)[0]).state
    placed = next(i for i, slot in enumerate(state.players[0].slots) if slot is not None)
    left = [r for r in ("II", "IV", "VI") if r != ("I", "II", "III", "IV", "V", "VI")[placed]]
    drawn = _mat(state, "es")
    assert drawn.count("loseta inicial") == 2
    assert f"junto a las bandejas {left[0]} y {left[1]};" in " ".join(drawn)
    while state.phase != "turn":
        state = ENGINE.apply(state, ENGINE.legal_actions(state)[0]).state
    drawn = _mat(state, "es")  # the game is on: the arch means the next Trajan tile
    assert "loseta inicial" not in drawn
    assert "Arco dorado: ahí va la próxima loseta de Trajano" in drawn


def test_the_setup_card_and_tile_prompts_say_how_many_are_left() -> None:
    """Item 78: "Toma una carta inicial." three times and "Toma una loseta de Trajano
    inicial." three times, where Troyes' starting citizens say "(te quedan 2)"."""
    state = ENGINE.new_state({}, 2, 7)
    while state.phase == "setup_bowl":
        state = ENGINE.apply(state, ENGINE.legal_actions(state)[0]).state
    said: dict[str, list[tuple[int, str]]] = {"es": [], "en": []}
    while state.phase != "turn":
        for lang, prompts in said.items():
            prompts.append((state.current, ENGINE.prompt(state, lang)))
        state = ENGINE.apply(state, ENGINE.legal_actions(state)[0]).state
    first = [prompt for seat, prompt in said["es"] if seat == 0]
    assert first == [
        "toma una carta inicial (te quedan 3).",
        "toma una carta inicial (te quedan 2).",
        "toma una carta inicial (la última).",
        "toma una loseta de Trajano inicial (te quedan 3).",
        "toma una loseta de Trajano inicial (te quedan 2).",
        "toma una loseta de Trajano inicial (la última).",
    ]
    assert [prompt for seat, prompt in said["es"] if seat == 1] == first  # each seat its own
    english = [prompt for seat, prompt in said["en"] if seat == 0]
    assert english[0] == "take a starting card (3 left to take)."
    assert english[2] == "take a starting card (your last one)."
    assert english[4] == "take a starting Trajan tile (2 left to take)."
