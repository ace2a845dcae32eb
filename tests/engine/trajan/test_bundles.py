"""Decisions answered in one go (issue 14): a whole shipment, a whole sowing.

A compound action must be exactly its run of one-step actions: the same state and events,
legal exactly when the run is. Stored notations parse back; the one-step actions stay.
"""

import itertools
import random

import pytest

from engine.core.errors import IllegalMoveError
from engine.core.play import parse_action
from engine.trajan.actions import Done, ShipCard, ShipCards, Sow, action_text
from engine.trajan.rules.options import ship_options
from engine.trajan.state import PLAY_CATEGORIES, TrajanState
from tests.engine.trajan.helpers import ENGINE, do, fresh, kind_of, texts, to_action

TIMES = "\N{MULTIPLICATION SIGN}"


def _loading(hand: tuple[str, ...], ship: str, forum: tuple[str, ...] = ()) -> TrajanState:
    state = fresh()
    state.players[0].hand = hand
    state.players[0].forum = forum
    state = to_action(state, "seaport")
    return do(state, f"port ship {ship}")


def _same(a: TrajanState, b: TrajanState) -> bool:
    """Tell whether two states are the same game (one move or several: versions differ)."""
    first, second = ENGINE.to_json(a), ENGINE.to_json(b)
    first.pop("version")
    second.pop("version")
    return first == second


def _step_by_step(state: TrajanState, cards: tuple[str, ...]):
    """Ship card by card through the ordinary legal actions; None if a step is not legal."""
    events: list[object] = []
    for card in cards:
        if kind_of(state) != "ship" or ShipCard(card) not in ship_options(state):
            return None
        step = ENGINE.apply(state, ShipCard(card))
        state, events = step.state, [*events, *step.events]
    if kind_of(state) == "ship":
        if Done() not in ship_options(state):
            return None
        step = ENGINE.apply(state, Done())
        state, events = step.state, [*events, *step.events]
    return state, events


HANDS = [
    (("wine", "wine", "wine", "fish", "fish", "oil"), ()),
    (("wine", "wine", "fish", "oil", "gems"), ("wild_commodity",)),
    (("cattle", "cattle", "cattle", "cattle", "cattle", "wheat"), ("wild_commodity",)),
]


@pytest.mark.parametrize("ship", ["same", "diff", "pairs"])
@pytest.mark.parametrize(("hand", "forum"), HANDS)
def test_every_shipment_picked_in_one_go_is_its_card_by_card_run(ship, hand, forum):
    state = _loading(hand, ship, forum)
    if kind_of(state) != "ship":
        pytest.skip("that ship cannot be loaded from this hand")
    bundle = ENGINE.bundle(state)
    assert bundle is not None
    values = [p.value for p in bundle.picks]
    legal = 0
    for size in range(bundle.least, bundle.most + 1):
        for picked in itertools.combinations(values, size):
            action = ENGINE.bundle_action(state, picked)
            assert isinstance(action, ShipCards)
            expected = _step_by_step(state, action.cards)
            if expected is None:
                with pytest.raises(IllegalMoveError):
                    ENGINE.apply(state, action)
                continue
            step = ENGINE.apply(state, action)
            assert _same(step.state, expected[0])
            assert list(step.events) == expected[1]
            assert parse_action(ENGINE, state, action_text(action)) == action
            legal += 1
    assert legal > 0


def test_a_shipment_in_one_go_scores_the_ship_and_the_cards_go_to_the_display():
    state = _loading(("wine", "wine", "wine", "fish"), "same")
    bundle = ENGINE.bundle(state)
    assert bundle is not None
    labels = [p.label.replace(TIMES, "x") for p in bundle.picks]
    assert labels == ["Fish x1", "Wine x1", "Wine x2", "Wine x3"]
    assert "3: 12" in bundle.placeholder  # the front side: 3 cards for 12 VP
    action = ENGINE.bundle_action(state, ("wine.3",))
    assert action == ShipCards(("wine", "wine", "wine"))
    after = ENGINE.apply(state, action).state
    p = after.players[0]
    assert p.hand == ("fish",)
    assert p.display.count("wine") == 3
    assert p.vp_by[PLAY_CATEGORIES.index("seaport")] == 12
    assert after.ships[0] is False  # flipped to grey


def test_mixed_goods_on_the_same_goods_ship_are_refused_whole():
    state = _loading(("wine", "wine", "fish"), "same")
    with pytest.raises(IllegalMoveError):
        ENGINE.bundle_action(state, ("wine.1", "fish.1"))  # two kinds: two picks
    with pytest.raises(IllegalMoveError):
        ENGINE.bundle_action(state, ("wine.1", "wine.1"))  # one pick twice
    with pytest.raises(IllegalMoveError):
        ENGINE.bundle_action(state, ("gems.1",))  # not in hand
    # A typed mixed shipment is refused in the game's words, not quoted as notation.
    with pytest.raises(IllegalMoveError) as refused:
        ENGINE.apply(state, ShipCards(("fish", "wine")))
    assert refused.value.key == "turns.bundle.ship_bad"
    assert "shipment" not in refused.value.text("es")
    assert refused.value.text("es").startswith("Esas cartas no forman un embarque")


def test_one_wild_picked_for_two_pairs_is_refused_saying_so():
    """Seventh playtest item 9: "Columnas + Comodín de mercancía" and "Pescado + Comodín de
    mercancía" (one wild, picked twice) got the general "Esas cartas no forman un embarque"."""
    state = _loading(("columns", "fish", "wine", "wine"), "pairs", ("wild_commodity",))
    bundle = ENGINE.bundle(state, "es")
    assert bundle is not None
    labels = {p.value: p.label for p in bundle.picks}
    assert labels["columns"] == "Columnas + Comodín de mercancía"
    assert labels["fish"] == "Pescado + Comodín de mercancía"
    with pytest.raises(IllegalMoveError) as refused:
        ENGINE.apply(state, ENGINE.bundle_action(state, ("columns", "fish")))
    assert refused.value.key == "turns.bundle.wild_twice"
    assert refused.value.text("es") == "Solo tienes 1 comodín de mercancía: lo elegiste 2 veces."
    assert refused.value.text("en") == "You hold only 1 commodity wild: you picked it 2 times."
    ENGINE.apply(state, ENGINE.bundle_action(state, ("columns", "wine")))  # one wild: shipped
    # Two wilds held: still one per shipment (forum_tiles.toml), and the refusal says that.
    two = _loading(("columns", "fish"), "pairs", ("wild_commodity", "wild_commodity"))
    with pytest.raises(IllegalMoveError) as refused:
        ENGINE.apply(two, ENGINE.bundle_action(two, ("columns", "fish")))
    assert refused.value.key == "turns.bundle.wild_per_ship"
    assert refused.value.text("es").startswith("Un embarque usa un solo comodín de mercancía")


def test_the_same_goods_menu_offers_only_shipments_the_ship_takes():
    """Playtest item 116: one kind of each in hand, the menu let two kinds be picked."""
    for hand, forum in [(("columns", "fruit", "scrolls"), ()), *HANDS]:
        state = _loading(hand, "same", forum)
        bundle = ENGINE.bundle(state, "es")
        assert bundle is not None
        assert bundle.least == bundle.most == 1  # one pick: one kind, how many, the wild
        for pick in bundle.picks:
            ENGINE.apply(state, ENGINE.bundle_action(state, (pick.value,)))  # all legal
    hand, forum = HANDS[2]
    bundle = ENGINE.bundle(_loading(hand, "same", forum), "es")
    assert bundle is not None
    labels = [p.label for p in bundle.picks]
    labels = [label.replace(TIMES, "x") for label in labels]
    assert labels[:3] == ["Ganado x1", "Ganado x1 + Comodín de mercancía", "Ganado x2"]
    assert "Elige una mercancía y cuántas" in bundle.placeholder


def test_a_stored_game_of_one_card_steps_still_replays():
    state = _loading(("wine", "wine", "wine", "fish"), "same")
    assert "ship wine" in texts(state)
    state = do(state, "ship wine", "ship wine", "done")
    assert state.players[0].display.count("wine") == 2


def _many_colours() -> TrajanState:
    state = fresh()
    state.players[0].bowls = ("BBBYYGGO", "", "W", "", "PW", "P")
    return do(state, "bowl 1")


def test_a_sowing_of_many_colours_is_one_menu_and_equals_marker_by_marker():
    state = _many_colours()
    assert kind_of(state) == "sow"
    assert len(state.in_hand) == 8
    bundle = ENGINE.bundle(state)
    assert bundle is not None
    assert bundle.least == bundle.most == 5  # 8 markers, the 3 of the fill colour implied
    assert len(bundle.picks) == 8 * 3  # yellow, green or orange for each marker; blue fills
    assert bundle.placeholder == (
        "Pick the bowls for yellow x2, light green x2, orange x1; the other bowls get blue"
    ).replace(" x", " \N{MULTIPLICATION SIGN}")
    rng = random.Random(7)
    for _ in range(30):
        order = list(state.in_hand)
        rng.shuffle(order)
        colours = "".join(order)
        picks = [p.value for p in bundle.picks]
        values = tuple(v for v in picks if colours[int(v[:-1])] == v[-1])
        action = ENGINE.bundle_action(state, values)
        assert action == Sow(state.sow_bowl, colours)
        one_go = ENGINE.apply(state, action)
        slow, events = state, list[object]()
        while kind_of(slow) == "sow":  # the one-colour steps, then a whole order once listed
            rest = colours[len(state.in_hand) - len(slow.in_hand) :]
            whole = Sow(slow.sow_bowl, rest)
            legal = ENGINE.legal_actions(slow)
            step = ENGINE.apply(slow, whole if whole in legal else Sow(slow.sow_bowl, rest[0]))
            slow, events = step.state, [*events, *step.events]
        assert _same(one_go.state, slow)
        assert list(one_go.events) == events
        assert parse_action(ENGINE, state, action_text(action)) == action


def test_a_sowing_menu_refuses_wrong_counts_and_the_one_colour_steps_stay():
    state = _many_colours()
    assert "sow 2 blue" in texts(state)  # still offered marker by marker
    bundle = ENGINE.bundle(state)
    assert bundle is not None
    first = bundle.picks[0].value
    with pytest.raises(IllegalMoveError):
        ENGINE.bundle_action(state, (first,))  # too few
    same_marker = [p.value for p in bundle.picks if p.value[:-1] == first[:-1]][:2]
    with pytest.raises(IllegalMoveError):
        ENGINE.bundle_action(state, tuple(same_marker))
    assert ENGINE.bundle(do(fresh(), "bowl 1")) is None  # two markers: two whole orders listed
    state = fresh()
    state.players[0].bowls = ("BBYYGGOP", "", "W", "", "W", "")
    assert ENGINE.bundle(do(state, "bowl 1")) is None  # 8 markers x 4 colours: no one menu
