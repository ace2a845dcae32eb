"""Trajan words of the fifth Spanish playtest (issue 14, items 105, 106, 107 and 114).

Each test reads what a player reads: a choice's label and its description line, a log line,
or the texts an image draws, in Spanish and English.
"""

from dataclasses import replace

import pytest

from engine.trajan import actions as a
from engine.trajan import events as ev
from engine.trajan.game import TrajanEngine
from engine.trajan.state import TrajanState
from render import trajan as render_trajan
from tests.render.games import GAMES, play

ENGINE = TrajanEngine()
T = ENGINE.tables
NAMES = ("alice", "bob", "carol")
# The ship tile's name as the Puerto image draws it, and what one card pays on each side.
SHIP = {
    "es": ("Misma mercancía", "«Misma mercancía»", "1 carta: 0 PV · 2: 1 · 3: 7 · 4: 15"),
    "en": ("Same goods", '"Same goods"', "1 card: 0 VP · 2: 1 · 3: 7 · 4: 15"),
}


def _first(kind: str, seats: int = 3, seed: int = 0) -> TrajanState:
    """Return the first state of a seeded random game whose decision is of `kind`."""
    for state in play(GAMES["trajan"], seats, seed):
        if state.pending is not None and state.pending.kind == kind:
            assert isinstance(state, TrajanState)
            return state
    raise AssertionError(f"no {kind} decision in the seeded game")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_ship_choice_says_what_its_side_pays_and_the_rule_with_the_images_name(lang):
    # Item 105: "Enviar mercancías al barco de mercancías iguales", then "+0 PV" three times
    # (a grey ship pays 0 for one card, which only the Puerto image said); the choices said
    # "mercancías iguales", the image "Misma mercancía".
    state = _first("seaport")
    grey = replace(state, ships=(False, True, True))
    ships = [x for x in ENGINE.legal_actions(grey) if isinstance(x, a.PortShip)]
    assert [x.ship for x in ships][:2] == [0, 1]
    drawn, quoted, pays = SHIP[lang]
    same = ENGINE.describe(ships[0], lang)
    assert quoted in same
    assert same.endswith(pays), same
    different = ENGINE.describe(ships[1], lang)
    assert different.endswith(
        "2 PV · 2: 4 · 3: 6 · 4: 8" if lang == "es" else "2 VP · 2: 4 · 3: 6 · 4: 8"
    )
    line = ENGINE.explain(grey, ships[0], lang)
    rule = "de 1 a 4 cartas de una misma mercancía" if lang == "es" else "1 to 4 cards of one"
    assert rule in line
    assert ("cara gris" if lang == "es" else "grey side") in line
    assert ("cara gris" if lang == "es" else "grey side") not in ENGINE.explain(
        grey, ships[1], lang
    )
    image = [r.text for r in render_trajan.compose_board(ENGINE.view(grey, None), lang=lang).texts]
    assert drawn in image  # the one name: the tile on the board and the choice
    prompt = ENGINE.prompt(replace(_first("ship"), ship=0), lang)
    assert quoted in prompt


@pytest.mark.parametrize("lang", ["es", "en"])
def test_loading_a_card_says_the_shipment_it_makes_and_what_it_pays(lang):
    # Item 105: "Cargar Joyas" said nothing of the "+0 PV" it came to.
    state = _first("ship")
    pays = T.ships[state.ship].front if state.ships[state.ship] else T.ships[state.ship].grey
    loads = [x for x in ENGINE.legal_actions(state) if isinstance(x, a.ShipCard)]
    assert loads
    unit = (
        ("pareja" if lang == "es" else "pair")
        if state.ship == 2
        else ("carta" if lang == "es" else "card")
    )
    board = "en el barco" if lang == "es" else "on board"
    vp = "PV" if lang == "es" else "VP"
    for load in loads:
        assert ENGINE.describe(load, lang).endswith(f"(1 {unit} {board}: {pays[0]} {vp})")
    loaded = ENGINE.apply(state, loads[0]).state
    if loaded.pending is not None and loaded.pending.kind == "ship":
        done = next(x for x in ENGINE.legal_actions(loaded) if isinstance(x, a.Done))
        finish = "Terminar y enviar" if lang == "es" else "Finish and ship"
        assert ENGINE.describe(done, lang) == f"{finish}: 1 {unit}, {pays[0]} {vp}"
    shipped = ENGINE.describe_event(ev.Shipped(0, 0, ("jewelry",), False, 0, False), lang, NAMES)
    assert SHIP[lang][1] in shipped
    assert shipped.endswith(" (cara gris)" if lang == "es" else " (grey side)")


def test_the_draw_two_tile_is_worded_as_what_it_does_in_the_choice_the_log_and_the_image():
    # Item 106: "Pila 1 (2 cartas) junto a la bandeja II" read as a pile of two cards.
    assert ENGINE.describe(a.PickTrajan(0, 1), "es") == (
        "Pila 1 junto a la bandeja II: loseta Robar 2 cartas"
    )
    assert ENGINE.describe(a.PickTrajan(0, 1), "en") == "Stack 1 beside bowl II: tile Draw 2 cards"
    line = ENGINE.describe_event(ev.TrajanPicked(0, 0, "cards_oo", 1), "es", NAMES)
    assert line == "alice pone la loseta Robar 2 cartas (naranja+naranja) junto a la bandeja II"
    state = _first("setup_trajan")
    for lang, words in (("es", "Robar 2 cartas"), ("en", "Draw 2 cards")):
        view = ENGINE.view(state, None)
        drawn = [r.text for r in render_trajan.compose_board(view, lang=lang).texts]
        assert view.stack_tops[0] is not None  # face up once the set-up bowls are filled
        assert words in drawn
        assert "2 cartas" not in drawn
        assert "2 cards" not in drawn


@pytest.mark.parametrize(
    ("lang", "bonus", "line"),
    [
        ("es", " + acción adicional: ", "tu primera pieza de "),
        ("en", " + bonus action: ", "your first "),
    ],
)
def test_a_sites_choice_says_the_bonus_action_a_first_part_of_its_kind_gives(lang, bonus, line):
    # Item 107: "Enviar un trabajador al sitio 12: Ventana (5 PV)", then the log "+5 PV;
    # acción adicional: Militar", which the choice had not said.
    state = _first("construction")
    builds = [x for x in ENGINE.legal_actions(state) if isinstance(x, a.Build) and x.tile]
    assert builds
    owned = state.players[state.current].buildings
    for build in builds:
        assert build.tile
        kind = T.construction[build.tile].building
        act = ENGINE.describe(a.PlacePlus2(T.building_bonus[kind]), lang)
        first = all(T.construction[b].building != kind for b in owned)
        label = ENGINE.describe(build, lang)
        assert (bonus in label) == first, label
        if first:
            action = label.split(bonus)[1]
            assert action in act  # the action's name, as its own choices say it
            assert ENGINE.explain(state, build, lang).startswith(line)
    # A second part of a kind gives no action: its choice says none.
    build = builds[0]
    assert build.tile
    again = state.clone()
    again.players[again.current].buildings = (build.tile,)
    second = next(x for x in ENGINE.legal_actions(again) if x == build)
    assert bonus not in ENGINE.describe(second, lang)
    assert ENGINE.explain(again, second, lang) == ""


def test_a_worker_sent_to_a_bare_site_is_logged_as_sent_not_as_building_nothing():
    # Item 114: "alice (2) construye en el sitio 17: nada, +0 PV".
    bare = ev.WorkerBuilt(0, 16, None, 0, None)
    assert ENGINE.describe_event(bare, "es", NAMES) == (
        "alice envía un trabajador al sitio 17 (sin loseta)"
    )
    assert (
        ENGINE.describe_event(bare, "en", NAMES) == "alice sends a worker to site 17 (no tile left)"
    )
    built = ENGINE.describe_event(ev.WorkerBuilt(0, 11, "window_5", 5, "military"), "es", NAMES)
    assert (
        built == "alice construye en el sitio 12: Ventana (5 PV), +5 PV; acción adicional: Militar"
    )
