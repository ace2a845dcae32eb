"""Words of the fifth Spanish playtest (issue 14) in Troyes' choices: items 108 and 109."""

import re
from typing import Any

import pytest

from engine.core.rng import Rng
from engine.troyes import actions as a
from tests.engine.troyes.helpers import CAT, ENGINE, play, table
from tests.engine.troyes.test_actions import CARDS, SPARE

C = CAT.cathedral
GETS = {
    "en": re.compile(r"counts \d+: (\d+) (?:cubes?|uses?|deniers?);"),
    "es": re.compile(r"suma \d+: (\d+) (?:cubos?|usos?|denarios?);"),
}


def _lines(state: Any, lang: str) -> dict[str, str]:
    return {
        ENGINE.describe(x, lang): ENGINE.explain(state, x, lang)
        for x in ENGINE.legal_actions(state)
    }


# ---- item 108: what the group's sum gets --------------------------------------------------


def test_the_cathedrals_dice_step_says_what_a_cube_gives_and_how_many_the_sum_gets():
    # "Elige los dados del grupo." and "con él el grupo suma 11": not the cubes it gets.
    s = table(3, cards=CARDS, districts=[[("white", 6), ("white", 5), ("white", 1)], SPARE, [], []])
    s, _ = play(s, "cathedral")
    spaces = [n for level in C.levels for n in level]
    assert ENGINE.prompt(s, "es") == (
        f"Elige los dados del grupo. Catedral: +{C.cube_vp} PV y +{min(spaces)}-{max(spaces)} de "
        f"influencia por cubo, 1 cubo por cada {C.divisor} puntos; -{C.missing_level_vp} PV al "
        "final por nivel sin tu cubo."
    )
    assert ENGINE.prompt(s, "en").startswith(
        f"Choose the dice of the group. Cathedral: +{C.cube_vp} VP and "
    )
    short = C.divisor - 1
    assert _lines(s, "en")["Take your white 1"] == (
        f"with it the group counts 1: {short} pip{'s' * (short > 1)} short; costs nothing"
    )
    s, _ = play(s, "die 0 white 6")
    cubes = 11 // C.divisor
    assert _lines(s, "es")["Tomar tu dado blanco 5"] == (
        f"con él el grupo suma 11: {cubes} cubo{'s' * (cubes > 1)}; no cuesta nada"
    )
    assert _lines(s, "en")["Take your white 5"] == (
        f"with it the group counts 11: {cubes} cube{'s' * (cubes > 1)}; costs nothing"
    )


def test_an_activitys_dice_step_says_what_a_use_gives_and_how_many_the_sum_gets():
    s = table(3, cards=CARDS, districts=[[("yellow", 6), ("yellow", 4)], SPARE, [], []],
              deniers=[10, 0, 0], supply=[1, 0, 0])  # fmt: skip
    card = CAT.cards["merchant"]
    s, _ = play(s, "card merchant", "craftsman supply")
    assert ENGINE.prompt(s, "es") == (
        f"Elige los dados del grupo. {card.name_es}: 1 vez por cada {card.divisor} puntos. "
        f"{card.text_es.rstrip('.')}."
    )
    assert ENGINE.prompt(s, "en").startswith(f"Choose the dice of the group. {card.name}: ")
    assert _lines(s, "es")["Tomar tu dado amarillo 6"] == (
        f"con él el grupo suma 6: {6 // card.divisor} usos; no cuesta nada"
    )
    s, _ = play(s, "die 0 yellow 6")
    uses = 10 // card.divisor
    assert _lines(s, "en")["Take your yellow 4"] == (
        f"with it the group counts 10: {uses} uses; costs nothing"
    )
    s, _ = play(s, "die 0 yellow 4")
    assert max(x.n for x in ENGINE.legal_actions(s) if isinstance(x, a.Times)) == uses


def test_agricultures_dice_step_says_the_deniers():
    s = table(3, cards=CARDS, districts=[[("yellow", 5)], SPARE, [], []], deniers=[0, 0, 0])
    s, _ = play(s, "agriculture")
    rate = CAT.rules.agriculture_divisor
    assert ENGINE.prompt(s, "es") == (
        f"Elige los dados del grupo. Agricultura, dados amarillos: 1 denario por cada {rate} "
        "puntos."
    )
    deniers = 5 // rate
    assert _lines(s, "es")["Tomar tu dado amarillo 5"] == (
        f"con él el grupo suma 5: {deniers} denario{'s' * (deniers > 1)}; no cuesta nada"
    )
    s, _ = play(s, "die 0 yellow 5")
    assert s.deniers[0] == deniers


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_cubes_or_uses_a_die_says_are_the_most_the_count_step_offers(seed: int):
    # The count after the group stops with the die: the line's figure, from the same rules
    # (free spaces of the Cathedral or an event, a limited card's uses) in both languages.
    state = ENGINE.new_state({}, 3, seed)
    checked = 0
    for _ in range(600):
        if state.pending is None:
            break
        if state.kind == "dice" and not state.reactions and state.plan.action != "citizen":
            for die in (x for x in ENGINE.legal_actions(state) if isinstance(x, a.TakeDie)):
                said = {lang: GETS[lang].search(ENGINE.explain(state, die, lang)) for lang in GETS}
                after = ENGINE.apply(state, die).state
                if a.DiceDone() in ENGINE.legal_actions(after):
                    after = ENGINE.apply(after, a.DiceDone()).state
                if after.kind != "count" or after.turn != state.turn:
                    continue
                most = max(x.n for x in ENGINE.legal_actions(after) if isinstance(x, a.Times))
                assert said["en"] is not None
                assert said["es"] is not None
                assert int(said["en"][1]) == int(said["es"][1]) == most
                checked += 1
        actions = ENGINE.legal_actions(state)
        state = ENGINE.apply(state, Rng(seed, state.version, "gets").pick(actions)).state
    assert checked > 0


# ---- item 109: a shifting row, which way, and who goes --------------------------------------


def _bishopric(row: list[int | None]) -> Any:
    own = [("white", 1), ("white", 2), ("white", 5)]
    return table(3, cards=CARDS, supply=[3, 3, 3], deniers=[10, 0, 0],
                 buildings=[[None] * 6, row, [None] * 6],
                 districts=[own, [("white", 3)], [], [("red", 5)]])  # fmt: skip


def test_a_row_with_room_further_along_moves_right_and_nobody_is_expelled():
    # "la fila se corre: 5" said neither which way nor that nobody is expelled.
    s = _bishopric([1, 2, None, None, None, None])
    assert _lines(s, "es")["Colocar un ciudadano en el Obispado"] == (
        "el dado da el espacio; libres: 3, 5; fila a la derecha: 1, 2; nadie sale"
    )
    assert _lines(s, "en")["Place a citizen in the Bishopric"] == (
        "the die gives the space; free: 3, 5; row moves right: 1, 2; none expelled"
    )
    s, _ = play(s, "citizen bishopric")
    assert _lines(s, "es")["Tomar tu dado blanco 2"] == (
        "va al espacio 2 del Obispado; la fila se corre a la derecha, nadie sale"
    )
    assert _lines(s, "en")["Take your white 2"] == (
        "goes to space 2 of the Bishopric; the row moves right, nobody expelled"
    )
    s, _ = play(s, "die 0 white 2")
    assert s.buildings[1][:4] == [1, 0, 2, None]  # as said: to the right, nobody lying
    assert s.lying[1] == []


def test_a_row_with_room_only_before_the_space_moves_left():
    s = _bishopric([None, 2, 1, 1, 2, 0])
    assert _lines(s, "es")["Colocar un ciudadano en el Obispado"] == (
        "el dado da el espacio; libre: 1; fila a la izquierda: 2, 3, 5; nadie sale"
    )
    s, _ = play(s, "citizen bishopric")
    assert _lines(s, "es")["Tomar tu dado blanco 5"] == (
        "va al espacio 5 del Obispado; la fila se corre a la izquierda, nadie sale"
    )
    assert _lines(s, "en")["Take your white 5"] == (
        "goes to space 5 of the Bishopric; the row moves left, nobody expelled"
    )
    s, _ = play(s, "die 0 white 5")
    assert s.buildings[1] == [2, 1, 1, 2, 0, 0]  # as said: to the left, nobody lying
    assert s.lying[1] == []


def test_a_full_row_expels_the_citizen_on_its_last_space_not_the_dies():
    # "va al espacio 2 del Ayuntamiento y expulsa a un ciudadano tuyo", as if the one on
    # space 2 went: the row moves right and the one on space 6 goes.
    s = _bishopric([0, 2, 1, 2, 1, 1])
    assert _lines(s, "es")["Colocar un ciudadano en el Obispado"] == (
        "el dado da el espacio; fila a la derecha, sale el del 6: 1, 2, 3, 5"
    )
    assert _lines(s, "en")["Place a citizen in the Bishopric"] == (
        "the die gives the space; row moves right, the one on 6 expelled: 1, 2, 3, 5"
    )
    s, _ = play(s, "citizen bishopric")
    assert ENGINE.prompt(s, "es").endswith(
        "fila a la derecha, sale el del 6: 1, 2, 3, 5. Un ciudadano expulsado queda tumbado "
        "en el edificio y vuelve al suministro de su dueño al final de la ronda."
    )
    assert _lines(s, "es")["Tomar tu dado blanco 2"] == (
        "va al espacio 2 del Obispado; la fila se corre y expulsa al del 6: un ciudadano de "
        "Jugador 2"
    )
    assert _lines(s, "en")["Take your white 2"] == (
        "goes to space 2 of the Bishopric; the row moves right and expels the one on 6: a "
        "citizen of Player 2"
    )
    # With the die's price the building is left out (the prompt names it), not the price.
    assert _lines(s, "es")["Tomar el dado blanco 3 de Jugador 2"] == (
        f"va al espacio 3; la fila se corre y expulsa al del 6: un ciudadano de Jugador 2; "
        f"cuesta {CAT.rules.dice_price[0]} denarios"
    )
    s, log = play(s, "die 0 white 2")
    assert s.buildings[1] == [0, 0, 2, 1, 2, 1]  # the one on space 6 (Player 2's) went
    assert s.lying[1] == [1]
    # The log says so too, not "espacio 2, y expulsa a …" as if the one on 2 went.
    placed = [e for e in log if type(e).__name__ == "CitizenPlaced"]
    assert [ENGINE.describe_event(placed[0], "es")] == [
        "Jugador 1 coloca un ciudadano en el Obispado, espacio 2; sale el último de la fila: un "
        "ciudadano de Jugador 2"
    ]
    assert ENGINE.describe_event(placed[0], "en").endswith(
        "space 2; the row's last one goes: a citizen of Player 2"
    )
