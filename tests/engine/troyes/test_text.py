"""Labels, log lines and prompts in English and Spanish."""

from engine.troyes import actions as a
from engine.troyes.events import BlackDiceRolled, EventCompleted, IncomePaid
from tests.engine.troyes.helpers import ENGINE, placed, table


def test_labels_use_the_card_names_of_the_chosen_language():
    assert ENGINE.describe(a.ChooseCard("monk"), "en") == "Activate Monk"
    assert ENGINE.describe(a.ChooseCard("monk"), "es") == "Activar Monje"
    assert ENGINE.describe(a.ChooseEvent("marauding"), "es") == "Combatir Merodeo"
    assert ENGINE.describe(a.Pass(), "es") == "Pasar"
    assert ENGINE.describe(a.TakeDie(1, "red", 5), "en") == "Take red 5 from player 2"


def test_log_lines_read_in_both_languages():
    assert ENGINE.describe_event(BlackDiceRolled((6, 2)), "en") == "Black dice: 6 2"
    assert ENGINE.describe_event(BlackDiceRolled((6, 2)), "es") == "Dados negros: 6 2"
    line = ENGINE.describe_event(IncomePaid(0, 10, 12, 10, 2), "es")
    assert line == "J1: ingresos 10, salarios 12 (pagado 10); -2 PV"
    done = ENGINE.describe_event(EventCompleted("war", 1, (0, 4, 0)), "en")
    assert done == "War: VP [0, 4, 0], won by P2"


def test_prompts_say_what_the_deciding_seat_must_do():
    assert ENGINE.prompt(ENGINE.new_state({}, 2, 1), "en") == "Place a starting citizen."
    assert ENGINE.prompt(table(3), "es") == "Elige una acción o pasa."
    assert ENGINE.prompt(placed(2), "en")
