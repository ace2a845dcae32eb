"""Words of the seventh Spanish playtest in Troyes (a 3-player game through the local table)."""

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from engine.core.i18n import text
from engine.core.rng import Rng
from engine.troyes import actions as a
from engine.troyes.game import EVERY_MODULE
from engine.troyes.text import describe
from tests.engine.troyes.helpers import CAT, ENGINE

ROOT = Path(__file__).resolve().parents[3]

# ---- item 6: the confirmation says a new round starts, with or without cards to reveal -----


def _round_steps(options: dict[str, str], seats: int, seed: int) -> list[tuple[int, Any]]:
    """Return (round after, step) for each move of a seeded random game that ends a round."""
    state = ENGINE.new_state(options, seats, seed)
    out = []
    while state.pending is not None:
        actions = ENGINE.legal_actions(state)
        step = ENGINE.apply(state, Rng(seed, state.version, "rounds").pick(actions))
        if step.state.round != state.round or step.state.pending is None:
            out.append((step.state.round if step.state.pending is not None else 0, step))
        state = step.state
    return out


@pytest.mark.parametrize(("options", "seats", "seed"), [({}, 3, 7), (EVERY_MODULE, 2, 3)])
def test_every_move_that_starts_a_round_says_so_and_the_last_says_the_game_ends(
    options: dict[str, str], seats: int, seed: int
) -> None:
    # "**Pasar** no se puede deshacer: se tiran dados; se revelan los eventos de la ronda." in
    # rounds 4-6: the new round was said only with the activity cards (rounds 1-3).
    steps = _round_steps(options, seats, seed)
    assert [r for r, _ in steps] == [
        *range(1, ENGINE.new_state(options, seats, seed).rounds + 1),
        0,
    ]
    for new, step in steps:
        reveals = step.meta["reveals"]
        said = {lang: "; ".join(text(lang, k) for k in reveals) for lang in ("es", "en")}
        if new == 0:
            assert said["es"].startswith("termina la partida")
            assert said["en"].startswith("the game ends")
        else:
            assert said["es"].startswith("empieza una ronda nueva"), (new, said)
            assert said["en"].startswith("a new round begins"), (new, said)


# ---- item 7: one word for a player's own citizens, the rulebook's "suministro" -------------


def _texts(value: Any) -> list[str]:
    """Return every string of a catalog table (plural forms included)."""
    if isinstance(value, dict):
        return [x for v in value.values() for x in _texts(v)]
    return [value] if isinstance(value, str) else []


def _catalog(lang: str) -> list[str]:
    paths = [ROOT / f"data/troyes/i18n/{lang}.toml", *ROOT.glob(f"data/i18n/*.{lang}.toml")]
    rules = [ROOT / f"data/rules/{lang}/troyes.toml", ROOT / f"data/rules/{lang}/ladies.toml"]
    return [x for p in [*paths, *rules] for x in _texts(tomllib.loads(p.read_text("utf-8")))]


def test_a_players_citizens_are_in_one_supply_in_every_troyes_text():
    # "un ciudadano vuelve del Obispado a su suministro", "Artesano desde tu suministro
    # personal", the mat's "ciudadanos en reserva", "+1 ciudadano en tu reserva personal".
    assert [x for x in _catalog("es") if re.search(r"\breservas?\b", x, re.IGNORECASE)] == []
    assert [x for x in _catalog("en") if re.search(r"\breserve|neutral supply", x)] == []
    assert text("es", "troyes.supply", count=3) == "3 ciudadanos en suministro"
    assert text("en", "troyes.supply", count=3) == "3 citizens in supply"
    assert "suministro personal" in text("es", "troyes.explain.hire", cost=2, have=3, cap=12)
    assert "personal supply" in text("en", "troyes.explain.hire", cost=2, have=3, cap=12)


# ---- item 8: a card's name that says "card" is not called a card again ---------------------


def test_moving_a_craftsman_names_a_card_once_however_its_name_reads():
    # "Mover tu artesano de la carta Carta amarilla de Las Damas (I) n.º 1".
    move = a.Craftsman("card:yellow_ladies_i_a")
    assert (
        ENGINE.describe(move, "es")
        == "Mover tu artesano de la Carta amarilla de Las Damas (I) n.º 1"
    )
    assert (
        ENGINE.describe(move, "en") == "Move your craftsman from the Ladies yellow card (I) no. 1"
    )
    assert describe(CAT, move, "es", told=True).startswith("Mover su artesano de la Carta amarilla")
    assert ENGINE.describe(a.Craftsman("card:monk"), "es") == "Mover tu artesano de la carta Monje"
    for card in CAT.cards:
        for lang, noun in (("es", "carta"), ("en", "card")):
            for told in (False, True):
                label = describe(CAT, a.Craftsman(f"card:{card}"), lang, told=told)
                assert len(re.findall(rf"\b{noun}\b", label, re.IGNORECASE)) == 1, label
