"""Labels, log lines and prompts in English and Spanish."""

from engine.troyes import actions as a
from engine.troyes import text as troyes_text
from engine.troyes.events import BlackDiceRolled, EventCompleted, IncomePaid, OuterDealt
from tests.engine.troyes.helpers import ENGINE, FACE, placed, play, table, walls_table


def test_labels_use_the_card_names_of_the_chosen_language():
    assert ENGINE.describe(a.ChooseCard("monk"), "en") == "Activate Monk"
    assert ENGINE.describe(a.ChooseCard("monk"), "es") == "Activar Monje"
    # The seed (the user's Spanish FAQ) calls the permanent event "Merodeador" and the
    # player's own citizens the "suministro personal".
    assert ENGINE.describe(a.ChooseEvent("marauding"), "es") == "Combatir Merodeador"
    assert ENGINE.describe(a.Craftsman("supply"), "es") == "Artesano desde tu suministro personal"
    assert ENGINE.describe(a.Pass(), "es") == "Pasar"
    assert ENGINE.describe(a.TakeDie(1, "red", 5), "en") == "Take red 5 from Player 2"
    assert ENGINE.describe(a.TakeDie(1, "red", 5), "es") == "Tomar el dado rojo 5 de Jugador 2"


def test_log_lines_read_in_both_languages():
    # Every event class: tests/engine/troyes/test_log.py.
    assert ENGINE.describe_event(BlackDiceRolled((6, 2)), "en") == "Black dice rolled: 6, 2"
    assert ENGINE.describe_event(BlackDiceRolled((6, 2)), "es") == (
        "Se lanzan los dados negros: 6, 2"
    )
    # The VP figures are for their owner; the public line only says that VP changed.
    line = ENGINE.describe_event(IncomePaid(0, 10, 12, 10, 2), "es", viewer=0)
    assert line == "Jugador 1 cobra 10 denarios pero solo paga 10 de 12 de salarios: -2 PV"
    line = ENGINE.describe_event(IncomePaid(0, 10, 12, 10, 2), "es")
    assert line == "Jugador 1 cobra 10 denarios pero solo paga 10 de 12 de salarios: pierde PV"
    done = ENGINE.describe_event(EventCompleted("war", 1, (0, 4, 0)), "en", viewer=1)
    assert done == "War overcome: Player 2 gains 4 VP and takes the card"
    done = ENGINE.describe_event(EventCompleted("war", 1, (0, 4, 0)), "en")
    assert done == "War overcome: Player 2 gains VP and takes the card"


def test_prompts_say_what_the_deciding_seat_must_do():
    start = ENGINE.new_state({}, 2, 1)
    left = start.placing.count(start.turn)
    assert left > 1
    assert ENGINE.prompt(start, "en") == f"Place a starting citizen ({left} left to place)."
    assert ENGINE.prompt(start, "es") == f"Coloca un ciudadano inicial (te quedan {left})."
    while start.placing.count(start.turn) > 1:  # to the seat's last one
        start = ENGINE.apply(start, ENGINE.legal_actions(start)[0]).state
    assert ENGINE.prompt(start, "en") == "Place a starting citizen (your last one)."
    assert ENGINE.prompt(table(3), "es") == "Elige una acción o pasa."
    assert ENGINE.prompt(placed(2), "en")


def test_dice_labels_say_your_die_a_rivals_die_or_the_neutral_district():
    # Seat 0 of 2 players: district 0 is its own, 1 a rival's, 2 the neutral one (troyes.md §5.2).
    dice = [[("red", 5)], [("red", 4)], [("red", 3)]]
    s = table(2, districts=dice, deniers=[9, 0], supply=[1, 0])
    s, _ = play(s, "citizen palace")
    labels = {ENGINE.action_text(x): ENGINE.describe(x, "en") for x in ENGINE.legal_actions(s)}
    assert labels["die 0 red 5"] == "Take your red 5"
    assert labels["die 1 red 4"] == "Take red 4 from Player 2"
    assert labels["die 2 red 3"] == "Take red 3 from the neutral district"
    es = {ENGINE.action_text(x): ENGINE.describe(x, "es") for x in ENGINE.legal_actions(s)}
    assert es["die 0 red 5"] == "Tomar tu dado rojo 5"
    assert es["die 1 red 4"] == "Tomar el dado rojo 4 de Jugador 2"
    assert es["die 2 red 3"] == "Tomar el dado rojo 3 del distrito neutral"


def test_spanish_labels_name_the_die_and_counts_agree_in_number():
    assert ENGINE.describe(a.Reroll("red", 5), "es") == "Relanzar tu dado rojo 5 (influencia)"
    assert ENGINE.describe(a.FlipDie("white", 2), "es") == "Voltear tu dado blanco 2"
    assert ENGINE.describe(a.CounterWith("red", 3), "es") == "Contrarrestar con tu dado rojo 3"
    assert ENGINE.describe(a.CounterNext(4), "es") == "Contrarrestar también un dado negro de 4"
    # A count's answer says what it counts: the thread shows it without its question (119).
    assert ENGINE.describe(a.Times(1), "es") == "Usar la carta 1 vez"
    assert ENGINE.describe(a.Times(3), "es") == "Usar la carta 3 veces"
    assert ENGINE.describe(a.Times(1), "en") == "Use the card once"
    assert ENGINE.describe(a.Times(3), "en") == "Use the card 3 times"
    assert ENGINE.describe(a.Times(1, cubes=True), "es") == "Colocar 1 cubo"
    assert ENGINE.describe(a.Times(5, cubes=True), "es") == "Colocar 5 cubos"
    assert ENGINE.describe(a.Times(5, cubes=True), "en") == "Place 5 cubes"
    assert ENGINE.describe(a.CounterNext(4), "en") == "Also counter a black 4"


def test_the_counter_prompt_names_the_black_die_and_the_red_rule():
    s = table(3)
    s.phase, s.kind, s.black = "events", "counter", [5, 2]
    s.queue = []  # no military event to name (test_choice_costs.py names them)
    assert ENGINE.prompt(s, "en") == "Counter the black 5 with your own dice (red counts double)."
    assert ENGINE.prompt(s, "es") == (
        "Contrarresta el dado negro de 5 con tus dados (los rojos valen doble)."
    )


def test_craftsman_labels_read_naturally():
    assert ENGINE.describe(a.Craftsman("palace"), "en") == "Craftsman from the Palace"
    moved = "Move your craftsman from the Monk card"
    assert ENGINE.describe(a.Craftsman("card:monk"), "en") == moved
    assert ENGINE.describe(a.Craftsman("supply"), "en") == "Craftsman from your supply"
    assert ENGINE.describe(a.Craftsman("city_hall"), "es") == "Artesano desde el Ayuntamiento"
    assert ENGINE.describe(a.Craftsman("card:monk"), "es") == "Mover tu artesano de la carta Monje"


def test_ladies_labels_say_whose_district_as_dice_labels_do():
    s = walls_table(districts=[[("red", 4)], [("white", 1)], [("red", 2)], [("yellow", 3)]])
    s.deniers = [9, 0, 0]
    s, _ = play(s, "walls")
    en = {ENGINE.action_text(x): ENGINE.describe(x, "en") for x in ENGINE.legal_actions(s)}
    es = {ENGINE.action_text(x): ENGINE.describe(x, "es") for x in ENGINE.legal_actions(s)}
    assert en["from 0"] == "Die from your district"
    assert en["from 1"] == "Die from Player 2's district"
    assert en["from 3"] == "Die from the neutral district"
    assert es["from 0"] == "Dado de tu distrito"
    assert es["from 1"] == "Dado del distrito de Jugador 2"
    assert es["from 3"] == "Dado del distrito neutral"
    own, _ = play(s, "from 0")
    assert ENGINE.describe(ENGINE.legal_actions(own)[0], "en") == "Take your red 4"
    rival, _ = play(s, "from 1")
    assert ENGINE.describe(ENGINE.legal_actions(rival)[0], "en") == "Take white 1 from Player 2"

    s = walls_table(districts=[[("red", 1)], [("white", 6)], [("red", 5)], [("yellow", 2)]])
    s.outer[1] = FACE["swap_dice"]
    s.outer_cubes = {f: [0, 0, 0] for f in s.outer}
    s.outer_cubes[s.outer[1]][0] = 1
    s, _ = play(s, "outer")
    en = {ENGINE.action_text(x): ENGINE.describe(x, "en") for x in ENGINE.legal_actions(s)}
    es = {ENGINE.action_text(x): ENGINE.describe(x, "es") for x in ENGINE.legal_actions(s)}
    assert en["swap with 1"] == "Exchange a die with Player 2"
    assert en["swap with 3"] == "Exchange a die with the neutral district"
    assert es["swap with 2"] == "Intercambiar un dado con Jugador 3"
    assert es["swap with 3"] == "Intercambiar un dado con el distrito neutral"

    s = walls_table(districts=[[], [("red", 1)], [], [("red", 2)]], deniers=[10, 0, 0])
    s.outer[2] = FACE["flip_bought"]
    s.outer_cubes = {f: [0, 0, 0] for f in s.outer}
    s.outer_cubes[s.outer[2]][0] = 1
    s.queue, s.event_cubes = ["war"], {"war": [0, 0, 0]}
    s, _ = play(s, "event war", "outer")
    en = {ENGINE.action_text(x): ENGINE.describe(x, "en") for x in ENGINE.legal_actions(s)}
    es = {ENGINE.action_text(x): ENGINE.describe(x, "es") for x in ENGINE.legal_actions(s)}
    assert en["die 1 red 1 flipped"] == "Take red 1 from Player 2, flipped to 6 (outer cube)"
    assert en["die 3 red 2 flipped"] == (
        "Take red 2 from the neutral district, flipped to 5 (outer cube)"
    )
    assert es["die 3 red 2 flipped"] == (
        "Tomar el dado rojo 2 del distrito neutral, volteado a 5 (cubo exterior)"
    )


def test_walking_the_guard_counts_its_spaces():
    assert ENGINE.describe(a.Walk(1), "en") == "Walk the guard 1 space"
    assert ENGINE.describe(a.Walk(3), "en") == "Walk the guard 3 spaces"
    assert ENGINE.describe(a.Walk(1), "es") == "Avanzar el guardia 1 espacio"
    assert ENGINE.describe(a.Walk(2), "es") == "Avanzar el guardia 2 espacios"


def test_every_card_label_fits_a_button_whole(monkeypatch):
    # Playtest (2 December, afternoon): "Activar Carta amarilla de Las Damas (I) n.º 2
    # (contratar un artesano: 3 denarios" lost its closing parenthesis to the 80-character cut.
    monkeypatch.setattr(troyes_text, "LABEL_MAX", 1000)  # the label as written, before any cut
    cat = ENGINE.catalog
    for lang in ("en", "es"):
        for card in cat.cards.values():
            for hire in {0, 1, card.hire}:
                label = ENGINE.describe(a.ChooseCard(card.id, hire), lang)
                assert len(label) <= 80, label
        for event in cat.events:
            assert len(ENGINE.describe(a.ChooseEvent(event), lang)) <= 80
            assert len(ENGINE.describe(a.UseCube(event), lang)) <= 80


def test_an_overcome_event_is_named_once():
    # Playtest (2 December, afternoon): "📊 Evento Evento militar n.º 1 superado: …".
    done = EventCompleted("red_event_a", 2, (0, 0, 3))
    assert ENGINE.describe_event(done, "es") == (
        "Se supera Evento militar n.º 1: Jugador 3 gana PV y se lleva la carta"
    )
    assert ENGINE.describe_event(done, "en") == (
        "Military event no. 1 overcome: Player 3 gains VP and takes the card"
    )


def test_a_gate_is_numbered_as_the_board_numbers_it():
    # Playtest (2 December, afternoon): "Cubo en la actividad de la puerta 1" and "Actividad
    # exterior en la puerta 1: …" beside "llega a la puerta I" and the board's "Puerta I: …".
    assert ENGINE.describe(a.PlaceOuter(1), "es") == "Cubo en la actividad de la puerta I"
    assert ENGINE.describe(a.PlaceOuter(3), "en") == "Cube on the gate III activity"
    face = next(iter(ENGINE.catalog.outer.values()))
    dealt = ENGINE.describe_event(OuterDealt(2, face.id), "es")
    assert dealt == f"Actividad exterior en la puerta II: {face.name_es}"


def test_a_steps_bare_answer_says_what_it_answered_in_the_thread():
    # Item 119: "IA normal (1): Sin cubo" and "Dados elegidos" read only beside their
    # question, which the thread does not show; the told label says what was answered.
    names = ("alice", "IA normal")
    told = {
        lang: [ENGINE.relabel(n, 1, lang, names, True) for n in ("no cube", "dice done")]
        for lang in ("en", "es")
    }
    assert told == {
        "en": ["No card cube used", "Group's dice chosen"],
        "es": ["Sin usar cubo de carta", "Dados del grupo elegidos"],
    }
    # the button keeps its short answer beside the question
    assert ENGINE.relabel("no cube", 1, "es", names) is None
    assert ENGINE.describe(a.NoCube(), "es") == "Sin cubo"
