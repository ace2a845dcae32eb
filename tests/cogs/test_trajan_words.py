"""The Trajan words a new player did not understand (playtest 2026-12 items 4-8, 11, 14, 28).

Each test reads what a player reads: a label, a log line, a prompt, or the texts an image
draws (the canvas records every text it draws), in Spanish and English.
"""

import json
from dataclasses import replace
from pathlib import Path

from cogs.common import images
from engine.trajan import actions as a
from engine.trajan import events as ev
from engine.trajan.game import TrajanEngine
from engine.trajan.state import TrajanState
from render import trajan as render_trajan
from render.base.canvas import check_texts
from render.base.score import compose_score
from render.i18n import language, localized
from render.trajan import view as tv
from render.trajan.board import TrajanTop
from render.trajan.scene import compose_private
from tests.render.games import GAMES as RENDERED
from tests.render.games import play

STATES = Path(__file__).parents[1] / "render" / "states"
ENGINE = TrajanEngine()
NAMES = ("alice", "bob")


def _first(kind: str, seats: int = 2, seed: int = 5) -> TrajanState:
    """Return the first state of a seeded random game whose decision is of `kind`."""
    for state in play(RENDERED["trajan"], seats, seed):
        if state.pending is not None and state.pending.kind == kind:
            assert isinstance(state, TrajanState)
            return state
    raise AssertionError(f"no {kind} decision in the seeded game")


def _texts(canvas) -> list[str]:
    return [record.text for record in canvas.texts]


def test_log_lines_write_a_tile_kind_in_lower_case_and_a_demand_or_good_with_its_capital():
    """Item 28: "Tomar Comodín de demanda", "(+ Ficha de demanda: juegos)", "Bonificación: pan"."""
    take = ENGINE.describe(a.ForumTake("wild_demand"), "es")
    assert take == "Tomar comodín de demanda"
    assert ENGINE.describe(a.ForumTake("wild_demand"), "en") == "Take demand wild"
    moved = ENGINE.describe_event(ev.LeaderMoved(1, "raetia", "games"), "es", NAMES)
    assert "(+ ficha de demanda: Juegos)" in moved
    consuls = ENGINE.describe_event(
        ev.ConsulsNamed((3, 1), 0, "demand_bread", 1, "goods_fruit_ceramics"), "es", NAMES
    )
    assert "bonificación: Pan" in consuls
    assert "bonificación: Fruta + Cerámica" in consuls
    assert ENGINE.describe(a.ChooseBonus("demand_bread"), "en") == (
        "Take bonus: Bread (yellow side up)"
    )


def test_the_setup_bowls_name_the_action_of_each_bowl():
    """Item 11: "Bandeja III: azul + amarillo" did not say bowl III is Military."""
    assert ENGINE.describe(a.FillBowl(2, "BY"), "es") == "Bandeja III (Militar): azul + amarillo"
    assert ENGINE.describe(a.FillBowl(0, "BB"), "en").startswith("Bowl I (Seaport): ")


def test_loading_a_ship_repeats_the_ships_rule_where_the_cards_are_chosen():
    """Item 14: "carga cartas en el barco." said nothing of pairs."""
    state = _first("ship", seats=3)
    for ship, rule in ((2, "de 1 a 3 parejas"), (0, "todas de la misma mercancía")):
        prompt = ENGINE.prompt(replace(state, ship=ship), "es")
        assert rule in prompt, prompt
    pairs = ENGINE.prompt(replace(state, ship=2), "en")
    assert pairs.startswith('load cards on the "Pairs" ship: 1 to 3 pairs'), pairs


def test_a_construction_site_is_numbered_on_the_image_and_its_label_names_its_tile():
    """Item 7: sites not numbered on the board; "site 16" did not say what is there."""
    state = _first("construction")
    labels = [ENGINE.describe(x, "es") for x in ENGINE.legal_actions(state)]
    site, tile = next((i, tile) for i, tile in enumerate(state.sites) if tile)
    building = ENGINE.tables.construction[tile]
    named = f"Enviar un trabajador al sitio {site + 1}: {building.name_es}"
    assert any(label.startswith(named) for label in labels)
    empty = replace(state, sites=(None, *state.sites[1:]))
    built = [x for x in ENGINE.legal_actions(empty) if isinstance(x, a.Build) and x.site == 0]
    if built:  # a site without a tile says so
        assert "sin loseta" in ENGINE.describe(built[0], "es")
    assert ENGINE.describe(a.Build(3), "es") == "Enviar un trabajador al sitio de construcción 4"
    view = ENGINE.view(state, None)
    canvas = render_trajan.compose_board(view, lang="es")
    drawn = _texts(canvas)
    vp = building.vp
    assert f"{site + 1}: {building.name_es.split(' (')[0]} ({vp} PV)" in drawn
    assert check_texts(canvas) == []


def test_a_trajan_stack_has_one_name_in_the_image_and_in_the_choices_and_its_number():
    """Item 8: the image said "2 cartas", the label "Pila 1 (Mercancías)"; no stack number."""
    state = _first("trajan")
    view = ENGINE.view(state, None)
    with language("es"):
        ix = tv.index_of(localized(ENGINE.tables.cat))
        tops = tv.stacks_of(view, ix)
    canvas = render_trajan.compose_board(view, lang="es")
    drawn = _texts(canvas)
    taken = [x for x in ENGINE.legal_actions(state) if isinstance(x, a.TakeTrajan)]
    assert taken
    for action in taken:
        top = tops[action.stack]
        assert isinstance(top, TrajanTop)
        label = ENGINE.describe(action, "es")
        kind = top.category.split(" \u00d7")[0].split(":")[0]  # "Trabajadores x1", "Demanda: Pan"
        assert f"pila {action.stack + 1} ({kind})" in label, (label, top.category)
        assert any(t.startswith(f"Pila {action.stack + 1} · ") for t in drawn)


def test_the_mat_frames_a_trajan_tile_as_asking_and_says_its_words_plainly():
    """Items 4 and 5: tile colours read as markers; "arco", "+2 en", "A la vista", "Bonif."."""
    state = _first("senate", seats=2, seed=11)
    assert state.pending is not None
    seat = state.pending.seat
    with language("es"):
        scene = render_trajan.scene_from_view(ENGINE.view(state, seat), names=NAMES)
        canvas = compose_private(scene.players[seat], scene.header)
    drawn = _texts(canvas)
    slots = sum(1 for slot in scene.players[seat].slots if slot is not None)
    assert slots
    assert drawn.count("pide") == slots
    joined = "\n".join(drawn)
    for unclear in ("+2 en:", "A la vista", "Bonif.", "(amar.)", "arco: lleno"):
        assert unclear not in joined
    assert "Pantalla (cartas jugadas)" in joined
    assert "Marcador +2" in joined
    assert "loseta de Trajano" in joined  # the ring's centre says what the arch means
    bonus = ENGINE.tables.bonus["bonus_tiles"]
    with language("es"):
        ix = tv.index_of(localized(ENGINE.tables.cat))
        yellow = tv.bonus_words(ix.bonus[bonus.id], ix, grey=False)
        grey = tv.bonus_words(ix.bonus["workers"], ix, grey=True)
    assert yellow == "Final: 3 PV por ficha de bonificación amarilla propia"
    assert grey == "Final: 1 PV por cada 2 trabajadores en un sitio · gris"


def _final(case: str):
    game = RENDERED[case.split("_", maxsplit=1)[0]]
    state = game.engine.from_json(json.loads((STATES / f"{case}.json").read_text()))
    return game.engine.result(state)


def test_the_score_chart_says_vp_names_the_game_in_its_language_and_explains_categories():
    """Item 9: "ptos" beside "PV", "Trajan: puntuación final" in a Spanish game, "Partida"
    beside "Fin de partida", "Trajano en la bandeja"."""
    trajan = compose_score(
        _final("trajan_2p_final"), images.score_title("trajan", "es"), NAMES, lang="es"
    )
    drawn = "\n".join(_texts(trajan))
    assert "Trajano: puntuación final" in drawn
    assert "ptos" not in drawn
    assert "puntos" not in drawn
    assert " PV" in drawn
    assert "Losetas de Trajano sin cumplir" in drawn
    troyes = compose_score(
        _final("troyes_3p_final"), images.score_title("troyes", "es"), NAMES, lang="es"
    )
    words = "\n".join(_texts(troyes))
    assert "Durante la partida" in words
    # Nobody scored "at game end" in this game: an all-zero category is left out (item 65).
    assert "Al final de la partida" not in words
    english = compose_score(_final("trajan_2p_final"), images.score_title("trajan", "en"), NAMES)
    assert "Trajan: final score" in "\n".join(_texts(english))


def test_a_trajan_tiles_place_is_named_by_its_bowl_as_the_mat_draws_it():
    """Found at the table: "Pila 1 (2 cartas) al espacio II", while the mat has no "espacio"."""
    assert ENGINE.describe(a.PickTrajan(0, 1), "es") == (
        "Pila 1 junto a la bandeja II: loseta Robar 2 cartas"
    )
    assert ENGINE.describe(a.PickTrajan(3, 5), "en") == "Stack 4 beside bowl VI: tile Workers"
    line = ENGINE.describe_event(ev.TrajanFulfilled(0, 2, "vp9_oo", 9), "es", NAMES)
    assert "junto a la bandeja III" in line


def test_the_log_names_a_trajan_tile_by_its_kind_as_the_image_and_the_labels_do():
    """Found at the table: the log said "Legionario (blanco+azul)", "Demanda: juegos"."""
    for tile in ENGINE.tables.trajan.values():
        kind = ENGINE.tables.cat.categories[
            [c.id for c in ENGINE.tables.cat.categories].index(tile.category)
        ]
        assert tile.name_es.startswith(kind.name_es), (tile.name_es, kind.name_es)
        assert tile.name.startswith(kind.name), (tile.name, kind.name)
    line = ENGINE.describe_event(ev.TrajanPicked(1, 5, "demand_games_gg", 3), "es", NAMES)
    assert "Demanda: Juegos" in line


def test_words_found_at_the_local_table_after_the_fixes():
    """An extra action's line, a province without rivals, the senate's step, the deck, a
    sowing round the whole circle (docs/playtest-2026-12.md, the second Trajan game)."""
    extra = ENGINE.describe_event(ev.ExtraUsed(0, "extra_forum", "forum", 1), "es", NAMES)
    assert extra == "alice usa acción extra (ficha amarilla): Foro: Foro una vez más"
    twice = ENGINE.describe_event(ev.ExtraUsed(0, "extra_forum", "forum", 2), "en", NAMES)
    assert twice == "alice uses extra action (yellow tile): Forum: Forum 2 more times"
    assert ENGINE.describe(a.AdvanceSenate(), "es") == "Avanzar 1 casilla en el Senado"
    assert ENGINE.describe(a.DrawStartCard(0), "es") == "Robar del mazo (boca abajo)"
    state = _first("military", seats=3)
    lines = [ENGINE.explain(state, x, "es") for x in ENGINE.legal_actions(state)]
    alone = [line for line in lines if "ningún legionario rival" in line]
    assert alone or any("rival" in line for line in lines)
    assert not any("0 legionarios rivales" in line for line in lines)
    bowl = _first("bowl", seats=2)
    seat = bowl.players[bowl.current]
    full = replace(
        bowl,
        players=[
            replace(p, bowls=("BBYYGGO", *p.bowls[1:])) if p is seat else p for p in bowl.players
        ],
    )
    line = ENGINE.explain(full, a.ChooseBowl(0, 1), "es")
    assert "dando la vuelta entera desde la bandeja II; el último a la II" in line


def test_bonus_tiles_have_one_spanish_name_the_rulebooks():
    """It said "fichas de bonificación" in the game, "Losetas de bonificación" in the score
    chart, and "ficha de foro de juegos" beside "Bonificación: Juegos" (2 December 2026)."""
    chart = compose_score(
        _final("trajan_2p_final"), images.score_title("trajan", "es"), NAMES, lang="es"
    )
    drawn = "\n".join(_texts(chart))
    assert "Fichas de bonificación" in drawn
    data = Path(__file__).parents[2] / "data"
    spanish = [*data.glob("**/*es.toml"), *data.glob("trajan/*.toml")]
    for path in spanish:
        assert "losetas de bonificaci" not in path.read_text().lower(), path
        assert "loseta de bonificaci" not in path.read_text().lower(), path
    line = ENGINE.explain(_first("consul", seats=3), a.ChooseBonus("demand_games"), "es")
    assert line == "9 PV (gris 6) si tienes al menos una ficha de foro de Juegos."
    assert ENGINE.describe(a.ChooseBonus("demand_games"), "es").startswith("Tomar bonificación")


def test_the_two_extra_action_tiles_of_one_action_say_what_tells_them_apart():
    """Item 76: "Tomar acción extra (foro): Puerto" and "Tomar acción extra: Puerto" had the
    same description line, and the image draws one green and one yellow "Extra: Puerto".

    The only difference (rules §1.3, §4.7) is the pile: a forum tile (green space) or an
    extra-action tile (yellow space); each says so, and that the other does the same.
    """
    state = _first("forum", seats=3)
    green, yellow = a.ForumTake("action_seaport"), a.ForumTake("extra_seaport")
    assert ENGINE.describe(green, "es") == "Tomar acción extra (ficha verde): Puerto"
    assert ENGINE.describe(yellow, "es") == "Tomar acción extra (ficha amarilla): Puerto"
    assert ENGINE.describe(green, "en") == "Take extra action (green tile): Seaport"
    assert ENGINE.describe(yellow, "en") == "Take extra action (yellow tile): Seaport"
    for lang, other in (("es", ("amarilla", "verde")), ("en", ("yellow", "green"))):
        lines = [ENGINE.explain(state, x, lang) for x in (green, yellow)]
        assert lines[0] != lines[1]
        assert other[0] in lines[0]  # the other colour does the same
        assert other[1] in lines[1]
        for line in lines:
            assert "[+2]" in line
            assert not line.endswith("…")
        used = ENGINE.explain(state, a.UseExtra("extra_seaport"), lang)
        assert used == lines[1]
    for tile in ENGINE.tables.forum.values():  # every action's pair reads apart, never cut
        for lang in ("es", "en"):
            assert len(ENGINE.explain(state, a.ForumTake(tile.id), lang)) <= 100


def test_a_senate_tiles_label_uses_the_word_the_image_draws():
    """Item 76: the image's "Senado 5" was the labels' "ficha de senado: 5 votos"."""
    for lang in ("es", "en"):
        with language(lang):
            drawn = tv.forum_label(ENGINE.tables.forum["senate_5"], tv.index_of(ENGINE.tables.cat))
        label = ENGINE.describe(a.ForumTake("senate_5"), lang)
        assert drawn in label, (drawn, label)
    assert ENGINE.describe(a.ForumTake("senate_5"), "es") == (
        "Tomar ficha de senado: Senado 5 (5 votos)"
    )
    assert ENGINE.describe(a.ForumTake("senate_2"), "en") == "Take senate tile: Senate 2 (2 votes)"


def test_a_wild_has_one_name_on_the_image_and_in_the_choices():
    """Seventh playtest item 11b: the image's chip "Comodín: carta", the menu's "Tomar comodín
    de mercancía". The commodity wild is drawn by its tile's name, the one its label takes."""
    ix = tv.index_of(ENGINE.tables.cat)
    for wild in ("wild_commodity",):
        for lang in ("es", "en"):
            with language(lang):
                drawn = tv.forum_label(ENGINE.tables.forum[wild], ix)
            label = ENGINE.describe(a.ForumTake(wild), lang)
            assert drawn.lower() in label.lower(), (drawn, label)
    with language("es"):
        assert tv.forum_label(ENGINE.tables.forum["wild_commodity"], ix) == "Comodín de mercancía"
