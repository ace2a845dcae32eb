"""A round's opening told in fewer lines (engine/troyes/log_together.py, playtest item 69)."""

from engine.troyes import events as ev
from tests.engine.troyes.helpers import ENGINE

NAMES = ("alice (1)", "IA normal (2)", "IA difícil (3)")
OPENING = (
    ev.CardRevealed("monk"),  # 0
    ev.CardRevealed("farm"),  # 1
    ev.IncomePaid(0, 10, 2, 2, 0),  # 2
    ev.IncomePaid(1, 10, 5, 5, 0),  # 3
    ev.DiceRolled(0, (("red", 3), ("yellow", 6)), 3),  # 4
    ev.DiceRolled(1, (("white", 4),), 3),  # 5
    ev.DiceRolled(3, (("red", 5),), 3),  # 6: the neutral district's, on its own
    ev.EventRevealed("war"),  # 7
    ev.EventRevealed("heresy"),  # 8
    ev.EventSuffered("heresy", 1, "lose", 0),  # 9
    ev.EventSuffered("heresy", 0, "none", 0),  # 10
    ev.EventSuffered("interrupted_work", 0, "cathedral cube lost", 0),  # 11: alone
    ev.BlackDiceRolled((5, 4)),  # 12
)


def test_the_new_cards_each_seats_income_and_dice_the_new_events_and_an_effect_go_together():
    said = dict(ENGINE.describe_together(OPENING, "es", NAMES))
    one = [ENGINE.describe_event(e, "es", NAMES) for e in OPENING]
    cards = said.pop((0, 1))
    assert cards.startswith("Nuevas cartas de actividad: ")
    assert cards.removeprefix("Nuevas cartas de actividad: ") == ", ".join(
        x.removeprefix("Nueva carta de actividad: ") for x in one[:2]
    )
    assert said.pop((2, 4)) == one[2] + "; lanza rojo 3, amarillo 6"
    assert said.pop((3, 5)) == one[3] + "; lanza blanco 4"
    events = said.pop((7, 8))
    assert events.startswith("Nuevos eventos: ")
    heresy = one[9].split(" sufre ")[1].split(":")[0]
    assert said.pop((9, 10)) == (
        f"{heresy} \N{EM DASH} IA normal (2): {one[9].split(': ', 1)[1]}; "
        f"alice (1): {one[10].split(': ', 1)[1]}"
    )
    assert said == {}  # the neutral dice, a lone effect and the black dice stand alone


def test_english_reads_alike_and_a_seat_spared_stays_on_its_own_line():
    said = dict(ENGINE.describe_together(OPENING, "en", NAMES))
    assert said[(2, 4)].endswith("; rolls red 3, yellow 6")
    assert said[(0, 1)].startswith("New activity cards: ")
    spared = (
        ev.EventSuffered("heresy", 1, "lose", 0),
        ev.EventSuffered("heresy", 0, "shielded", 0),
    )
    assert ENGINE.describe_together(spared, "en", NAMES) == []
