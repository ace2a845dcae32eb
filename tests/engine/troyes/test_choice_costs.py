"""Every choice says what it costs or gives at the moment of choosing (playtest item 59).

The influence menu, a craftsman's source, the outer bonus, a cube on an outer activity, a
further black die and where the black dice came from; the figures are the rules data's.
"""

from typing import Any

from engine.troyes import actions as a
from engine.troyes import ladies_actions as la
from engine.troyes.log_words import naming
from engine.troyes.state import NEUTRAL
from tests.engine.troyes.helpers import CAT, ENGINE, FACE, play, table, texts, walls_table
from tests.engine.troyes.test_actions import CARDS, SPARE

R = CAT.rules


def _param(face: Any, key: str) -> int:
    assert face.effect is not None
    return int(face.effect.params[key])


def _lines(state: Any, lang: str) -> dict[str, str]:
    return {
        ENGINE.describe(x, lang): ENGINE.explain(state, x, lang)
        for x in ENGINE.legal_actions(state)
    }


def test_the_influence_menu_says_what_each_use_costs():
    s = table(3, cards=CARDS, districts=[[("red", 2), ("white", 5)], [("red", 6)], [], []],
              influence=[10, 0, 0], supply=[0, 0, 0])  # fmt: skip
    s, _ = play(s, "influence")
    es = _lines(s, "es")
    assert es["Relanzar tu dado blanco 5 (influencia)"] == (
        f"cuesta {R.reroll_cost} de influencia (tienes 10 de influencia); el dado se vuelve a tirar"
    )
    # The hiring and flipping lines say the influence left too, as the reroll's (item 80).
    assert es["Contratar ciudadano (influencia)"] == (
        f"cuesta {R.hire_cost} de influencia (tienes 10); +1 ciudadano en tu suministro personal "
        f"({R.citizen_cap} como máximo en total)"
    )
    assert es["Voltear dados"].startswith(f"cuesta {R.flip_cost} de influencia (tienes 10); 1-3")
    assert es["Volver"] == ""
    en = _lines(s, "en")
    assert en["Reroll your red 2 (influence)"].startswith(f"costs {R.reroll_cost} influence")
    assert en["Hire a citizen (influence)"].startswith(
        f"costs {R.hire_cost} influence (you have 10); +1"
    )


def test_rerolling_the_purple_die_says_its_deniers_too():
    s = table(3, cards=CARDS, districts=[[("purple", 3)], SPARE, [], []],
              influence=[4, 0, 0], deniers=[9, 0, 0], options={"purple_die": "on"})  # fmt: skip
    s, _ = play(s, "influence")
    line = ENGINE.explain(s, a.Reroll("purple", 3), "es")
    deniers = CAT.ladies.purple_reroll_deniers
    assert line.startswith(f"cuesta {R.reroll_cost} de influencia y {deniers} denarios (")


def test_a_craftsmans_source_says_the_die_and_salary_it_takes_away():
    s = table(3, cards=CARDS, districts=[[("yellow", 6)], SPARE, [], []], supply=[1, 0, 0])
    s.buildings[0] = [0, 1, 1, 2, 2, NEUTRAL]
    s.buildings[2] = [0, 0, 1, 2, 2, NEUTRAL]
    s, _ = play(s, "card merchant")
    hire = CAT.cards["merchant"].hire
    es = {
        x.source: ENGINE.explain(s, x, "es")
        for x in ENGINE.legal_actions(s)
        if isinstance(x, a.Craftsman)
    }
    salary = R.salary["palace"]
    assert es["palace"] == (
        f"cuesta {hire} denarios; sale del Palacio: 1 dado rojo y {salary} denarios de "
        "salario menos por ronda"
    )
    assert R.salary["city_hall"] == 0  # no salary saved: the line says only the die
    assert (
        es["city_hall"]
        == f"cuesta {hire} denarios; sale del Ayuntamiento: 1 dado amarillo menos cada ronda"
    )
    assert es["supply"] == (
        f"cuesta {hire} denarios; sale de tu suministro personal: no pierdes ningún dado"
    )
    en = ENGINE.explain(s, a.Craftsman("palace"), "en")
    assert en == (
        f"costs {hire} deniers; from the Palace: 1 red die fewer and {salary} deniers less "
        "salary a round"
    )


def test_a_craftsman_moved_from_another_card_says_the_card_and_its_end_vp():
    s = table(3, cards=CARDS, districts=[[("yellow", 6)], SPARE, [], []], supply=[1, 0, 0])
    s.buildings = [[1, 1, 2, 2, NEUTRAL, NEUTRAL] for _ in range(3)]
    s.craftsmen["archer"] = [0, *s.craftsmen["archer"][1:]]
    s, _ = play(s, "card merchant")
    line = ENGINE.explain(s, a.Craftsman("card:archer"), "es")
    vp = CAT.cards["archer"].spaces_vp[0]
    name = CAT.cards["archer"].name_es
    tail = f" (-{vp} PV al final)" if vp else ""
    assert line == f"cuesta {CAT.cards['merchant'].hire} denarios; tu artesano deja {name}{tail}"


def test_the_outer_bonus_says_what_it_adds_to_the_action():
    s = walls_table(districts=[[("yellow", 4)], [], [], []])
    s.outer[0] = FACE["agriculture_deniers"]
    s.outer_cubes = {f: [0, 0, 0] for f in s.outer}
    s.outer_cubes[s.outer[0]][0] = 1
    s, _ = play(s, "agriculture", "die 0 yellow 4")
    while s.kind != "bonus":
        s, _ = play(s, texts(s)[-1])
    face = CAT.outer[s.outer[0]]
    gain = _param(face, "deniers")
    line = ENGINE.explain(s, la.Bonus(face.id), "es")
    assert line == f"descarta 1 cubo de {face.name_es}: +{gain} denarios con esta acción"
    assert ENGINE.explain(s, la.Bonus(face.id), "en") == (
        f"discard 1 cube from {face.name}: +{gain} deniers with this action"
    )
    assert ENGINE.explain(s, la.NoBonus(), "es") == ""


def test_the_other_outer_bonuses_say_their_vp_influence_or_moved_cube():
    vp, influence, move = (
        CAT.outer[FACE[k]] for k in ("bonus_vp", "citizen_influence", "move_cube")
    )
    s = walls_table()
    assert ENGINE.explain(s, la.Bonus(vp.id), "es").endswith(
        f": +{_param(vp, 'vp')} PV con esta acción"
    )
    assert ENGINE.explain(s, la.Bonus(influence.id), "en").endswith(
        f": +{_param(influence, 'influence')} influence with this action"
    )
    assert ENGINE.explain(s, la.Bonus(move.id, "tithing"), "es") == (
        f"descarta 1 cubo de {move.name_es}: 1 cubo más en {CAT.cards['tithing'].name_es}"
    )


def test_a_cube_on_an_outer_activity_says_what_that_activity_does():
    s = walls_table(districts=[[("white", 4)], [], [], []])
    s.outer[0] = FACE["agriculture_deniers"]
    s.outer_cubes = {f: [0, 0, 0] for f in s.outer}
    s.guards = [4, 0, 0]  # past gate I
    s, _ = play(s, "walls")
    while s.kind != "wall":
        s, _ = play(s, texts(s)[0])
    face = CAT.outer[s.outer[0]]
    assert ENGINE.describe(la.PlaceOuter(1), "es") == "Cubo en la actividad de la puerta I"
    assert ENGINE.explain(s, la.PlaceOuter(1), "es") == f"{face.name_es}: {face.text_es}"
    assert ENGINE.explain(s, la.PlaceOuter(1), "en") == f"{face.name}: {face.text}"


def _countered(left: int, black: list[int]):
    s = table(3, districts=[[("white", 2)], SPARE, [], []])
    s.phase, s.kind, s.black = "events", "counter_more", black
    s.plan.left = left
    return s


def test_a_further_black_die_says_what_the_group_has_left_and_what_follows():
    s = _countered(3, [2, 5])
    gain = R.counter_influence
    assert ENGINE.explain(s, a.CounterNext(2), "es") == (
        f"a tu grupo le sobran 3 puntos: lo contrarrestan ya, +{gain} de influencia"
    )
    assert ENGINE.explain(s, a.CounterNext(5), "es") == (
        "a tu grupo le sobran 3 puntos; luego eliges más dados hasta llegar a 5"
    )
    assert ENGINE.explain(s, a.CounterNext(5), "en") == (
        "your group has 3 pips left; you then pick more dice to reach 5"
    )
    one = _countered(1, [5])
    assert ENGINE.explain(one, a.CounterNext(5), "es").startswith("a tu grupo le sobra 1 punto;")
    assert ENGINE.explain(s, a.StopCounter(), "es") == (
        "se pierden los 3 puntos que le sobran a tu grupo; tus otros dados se quedan"
    )
    assert ENGINE.explain(one, a.StopCounter(), "en") == (
        "the 1 pip left of your group is lost; your other dice stay"
    )


def test_a_further_black_die_after_an_exact_counter_says_nothing_is_left():
    # Third playtest: "a tu grupo le sobran 0 puntos; luego eliges más dados hasta llegar a 2".
    none = _countered(0, [2, 5])
    assert ENGINE.explain(none, a.CounterNext(2), "es") == (
        "a tu grupo no le sobra ningún punto; luego eliges dados hasta llegar a 2"
    )
    assert ENGINE.explain(none, a.CounterNext(2), "en") == (
        "your group has no pips left; you then pick dice to reach 2"
    )


def test_countering_says_which_events_the_black_dice_came_from():
    s = table(3)
    s.phase, s.kind, s.black = "events", "counter", [5, 2]
    s.queue = ["marauding", "war"]
    m, w = CAT.events["marauding"], CAT.events["war"]
    dice = {1: "dado", 2: "dados"}
    assert ENGINE.prompt(s, "es") == (
        "Contrarresta el dado negro de 5 con tus dados (los rojos valen doble). Los dados "
        f"negros de la ronda, tirados juntos, vienen de: {m.name_es} ({m.black_dice} "
        f"{dice[m.black_dice]}), {w.name_es} ({w.black_dice} {dice[w.black_dice]})."
    )
    s.kind, s.black = "counter_more", [2]
    assert ENGINE.prompt(s, "en").startswith(
        f"Counter another black die? The round's black dice, rolled together, came from: {m.name} ("
    )


def test_a_die_joining_a_group_with_a_bought_die_says_why_its_price_rises():
    # Item 74: "Tomar el dado rojo 6 de IA normal (1) — … cuesta 2 denarios en total", then
    # "Tomar tu dado … — … cuesta 4 denarios en total" with no word why: bought dice cost
    # 2/4/6 each by the group's size. Item 108: and what the sum gets (cubes on the event).
    dice = [[("red", 2)], [("red", 6), ("red", 5)], SPARE, [("red", 3)]]
    s = table(3, cards=CARDS, districts=dice, deniers=[20, 0, 0])
    s.queue, s.event_cubes = ["war"], {"war": [0, 0, 0]}
    w = CAT.events["war"]
    s, _ = play(s, "event war")
    short = w.divisor - 2
    assert _lines(s, "es")["Tomar tu dado rojo 2"] == (
        f"con él el grupo suma 2: falta{'n' * (short > 1)} {short} punto{'s' * (short > 1)}; "
        "no cuesta nada"
    )
    s, _ = play(s, "die 1 red 6")
    each = R.dice_price[1]
    es = _lines(s, "es")
    assert es["Tomar tu dado rojo 2"] == (
        f"con él el grupo suma 8: {8 // w.divisor} cubos; cuesta {each} denarios: el dado "
        f"comprado sube a {each} con 2 dados"
    )
    assert es["Tomar el dado rojo 5 de Jugador 2"] == (
        f"con él el grupo suma 11: {min(11 // w.divisor, w.spaces)} cubos; cuesta {2 * each} "
        f"denarios: cada dado comprado sube a {each} con 2 dados"
    )
    assert _lines(s, "en")["Take your red 2"] == (
        f"with it the group counts 8: {8 // w.divisor} cubes; costs {each} deniers: the bought "
        f"die now costs {each} with 2 dice"
    )


def test_fighting_an_event_says_its_colour_pips_per_cube_and_gains_before_the_dice():
    # Item 70: "Combatir Monje" had no line, and "Elige los dados del grupo." said nothing of
    # the colour it takes, the pips a cube or what the event gives.
    s = table(3, cards=CARDS, districts=[[("red", 6), ("red", 2)], [], SPARE, []])
    s.queue, s.event_cubes = ["marauding"], {"marauding": [0, 0, 0]}
    ev = CAT.events["marauding"]
    room = f"caben {ev.spaces} cubos más"
    assert _lines(s, "es")["Combatir Merodeador"] == (
        f"dados rojos, 1 cubo por cada {ev.divisor} puntos; {room}; al llenarse, la mayoría "
        f"gana {ev.vp} PV"
    )
    assert _lines(s, "en")["Fight Marauding"] == (
        f"red dice, 1 cube per {ev.divisor} pips; room for {ev.spaces} more cubes; when full, "
        f"the most cubes win {ev.vp} VP"
    )
    s, _ = play(s, "event marauding")
    assert s.kind == "dice"
    line = (
        f"dados rojos, 1 cubo por cada {ev.divisor} puntos; {room}; +{R.cube_influence} de "
        f"influencia por cubo; al llenarse, la mayoría gana {ev.vp} PV"
    )
    assert ENGINE.prompt(s, "es") == f"Elige los dados del grupo. Merodeador: {line}."
    assert ENGINE.prompt(s, "en").startswith("Choose the dice of the group. Marauding: red dice")


def test_placing_a_citizen_says_the_space_and_whom_it_expels():
    # Item 71: "Colocar un ciudadano en el Palacio" and its dice step named no space; the log
    # then said "… en el Palacio, espacio 1, y expulsa a un ciudadano de IA normal (1)".
    palace = [None, 1, 0, None, NEUTRAL, None]  # the die's value is the space (replace)
    bishopric = [1, 2, None, None, None, None]  # the row moves along from the die's space
    city_hall = [None] * 6
    own = [("red", 1), ("red", 2), ("white", 1)]
    s = table(3, cards=CARDS, supply=[3, 3, 3], deniers=[10, 0, 0],
              buildings=[palace, bishopric, city_hall],
              districts=[own, [("red", 3)], [], [("red", 5)]])  # fmt: skip
    es = _lines(s, "es")
    assert es["Colocar un ciudadano en el Palacio"] == (
        "el dado da el espacio; libre: 1; con expulsión: 2, 3, 5"
    )
    assert es["Colocar un ciudadano en el Obispado"] == (
        "el dado da el espacio; fila a la derecha: 1; nadie sale"
    )
    assert _lines(s, "en")["Place a citizen in the Palace"] == (
        "the die gives the space; free: 1; expelling: 2, 3, 5"
    )
    shift, _ = play(s, "citizen bishopric")
    assert _lines(shift, "es")["Tomar tu dado blanco 1"] == (
        "va al espacio 1 del Obispado; la fila se corre a la derecha, nadie sale"
    )
    s, _ = play(s, "citizen palace")
    assert s.kind == "dice"
    assert ENGINE.prompt(s, "es") == (
        "Elige los dados del grupo. Palacio: el dado da el espacio; libre: 1; "
        "con expulsión: 2, 3, 5. Un ciudadano expulsado queda tumbado en el edificio y vuelve al "
        "suministro de su dueño al final de la ronda."
    )
    # Item 94: whose citizen is expelled, and where it goes (as far as the 100 characters go).
    es = _lines(s, "es")
    assert es["Tomar tu dado rojo 1"] == "va al espacio 1 del Palacio, que está libre"
    assert es["Tomar tu dado rojo 2"] == (
        "va al espacio 2 del Palacio y expulsa a un ciudadano de Jugador 2 (vuelve al final de "
        "la ronda)"
    )
    assert es["Tomar el dado rojo 3 de Jugador 2"] == (
        f"va al espacio 3 del Palacio y expulsa a un ciudadano tuyo; cuesta {R.dice_price[0]} "
        "denarios"
    )
    assert es["Tomar el dado rojo 5 del distrito neutral"] == (
        f"va al espacio 5 del Palacio y expulsa a un ciudadano neutral; cuesta {R.dice_price[0]} "
        "denarios"
    )
    en = _lines(s, "en")
    assert en["Take your red 2"] == (
        "goes to space 2 of the Palace and expels a citizen of Player 2 (back at the end of the "
        "round)"
    )
    assert ENGINE.prompt(s, "en").endswith(
        "expelling: 2, 3, 5. An expelled citizen lies on the building and goes back to its "
        "owner's supply at the end of the round."
    )
    with naming(("alice", "bob", "carol")):
        assert _lines(s, "es")["Tomar tu dado rojo 2"] == (
            "va al espacio 2 del Palacio y expulsa a un ciudadano de bob (vuelve al final de la "
            "ronda)"
        )
        assert _lines(s, "en")["Take your red 2"] == (
            "goes to space 2 of the Palace and expels a citizen of bob, back to their supply when "
            "the round ends"
        )


# ---- fourth playtest (issue 14, items 81-97) ----------------------------------------------


def test_an_event_says_how_many_cubes_it_still_takes():
    # Item 81: a bought die was wasted on an event with room for one cube only.
    s = table(3, cards=CARDS, districts=[[("red", 6), ("red", 2)], [], SPARE, []])
    ev = CAT.events["marauding"]
    s.queue, s.event_cubes = ["marauding"], {"marauding": [ev.spaces - 2, 0, 0]}
    assert _lines(s, "es")["Combatir Merodeador"] == (
        f"dados rojos, 1 cubo por cada {ev.divisor} puntos; caben 2 cubos más; al llenarse, "
        f"la mayoría gana {ev.vp} PV"
    )
    s.event_cubes = {"marauding": [ev.spaces - 1, 0, 0]}
    assert _lines(s, "en")["Fight Marauding"] == (
        f"red dice, 1 cube per {ev.divisor} pips; room for 1 more cube; when full, the most "
        f"cubes win {ev.vp} VP"
    )
    s, _ = play(s, "event marauding")
    assert ENGINE.prompt(s, "es") == (
        f"Elige los dados del grupo. Merodeador: dados rojos, 1 cubo por cada {ev.divisor} "
        f"puntos; cabe 1 cubo más; +{R.cube_influence} de influencia por cubo; al llenarse, "
        f"la mayoría gana {ev.vp} PV."
    )
    assert "room for 1 more cube; +" in ENGINE.prompt(s, "en")


def test_a_bought_die_says_why_it_costs_more_in_a_group():
    # Item 84: "Tomar el dado rojo 6 de IA normal (3) — con él el grupo suma 12; cuesta 4
    # denarios en total" (2 a step before) said no why when the die taken is the bought one.
    dice = [[("red", 6)], [("red", 6), ("red", 5)], SPARE, [("red", 3)]]
    s = table(3, cards=CARDS, districts=dice, deniers=[20, 0, 0])
    s.queue, s.event_cubes = ["war"], {"war": [0, 0, 0]}
    s, _ = play(s, "event war", "die 0 red 6")
    each, alone = R.dice_price[1], R.dice_price[0]
    cubes = min(12 // CAT.events["war"].divisor, CAT.events["war"].spaces)
    assert _lines(s, "es")["Tomar el dado rojo 6 de Jugador 2"] == (
        f"con él el grupo suma 12: {cubes} cubos; cuesta {each} denarios en un grupo de 2 "
        f"dados ({alone} si va solo)"
    )
    assert _lines(s, "en")["Take red 6 from Player 2"] == (
        f"with it the group counts 12: {cubes} cubes; costs {each} deniers in a group of 2 "
        f"dice ({alone} if bought alone)"
    )


def test_stopping_the_counter_with_nothing_left_says_it_costs_nothing():
    # Item 87: "No contrarrestar más" had no line with no pips left over.
    none = _countered(0, [2, 5])
    assert ENGINE.explain(none, a.StopCounter(), "es") == (
        "no cuesta nada; los 2 dados negros restantes pasan al jugador siguiente: debe "
        "contrarrestar el mayor"
    )
    one = _countered(0, [5])
    assert ENGINE.explain(one, a.StopCounter(), "en") == (
        "costs nothing; the black die left goes to the next player, who must counter it"
    )


def test_not_raising_a_bought_wall_die_says_the_price_is_the_dies():
    # Item 93: "No subir el dado (0 denarios) — el dado vale 5; cuesta 2 denarios en total".
    s = walls_table(districts=[[("red", 4)], [("white", 4)], [], []], deniers=[9, 0, 0])
    s, _ = play(s, "walls", "from 1", "die 1 white 4")
    price = R.dice_price[0]
    assert ENGINE.explain(s, la.Boost(0), "es") == (
        f"el dado vale 4; sin subirlo pagas solo los {price} denarios del dado comprado"
    )
    assert ENGINE.explain(s, la.Boost(1), "es") == (
        f"el dado vale 5; 1 denario por subirlo y {price} denarios del dado comprado: "
        f"{price + 1} denarios en total"
    )
    assert ENGINE.explain(s, la.Boost(0), "en") == (
        f"the die counts 4; not raised, you pay only the bought die's {price} deniers"
    )
    own = walls_table(districts=[[("red", 4)], [], [], []], deniers=[9, 0, 0])
    own, _ = play(own, "walls", "die 0 red 4")
    assert ENGINE.explain(own, la.Boost(1), "es") == "el dado vale 5; cuesta 1 denario en total"


def test_agriculture_and_the_walls_say_what_they_give():
    # Item 97: the only action-menu entries without a line.
    s = walls_table(districts=[[("yellow", 4)], [], [], []])
    es, en = _lines(s, "es"), _lines(s, "en")
    assert es["Agricultura (dados amarillos por denarios)"] == (
        f"dados amarillos: 1 denario por cada {R.agriculture_divisor} puntos"
    )
    assert en["Agriculture (yellow dice for deniers)"] == (
        f"yellow dice: 1 denier per {R.agriculture_divisor} pips"
    )
    assert es["Guardia en las murallas (1 dado)"] == (
        "cada punto del dado avanza tu guardia 1 espacio o pone 1 cubo en una actividad "
        "exterior ya alcanzada"
    )
    assert en["Guard on the walls (1 die)"].startswith("each pip of the die moves your guard")
