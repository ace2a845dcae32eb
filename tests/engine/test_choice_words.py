"""Every choice says what it gets you (issue 14; docs/playtest-2026-12.md items 10-13, 18).

The labels and description lines of the engines, in both languages: a Troyes die says the
group's price before it is bought (and that price is what the group then costs), a hire says
its cost, a "how many cubes" is answered in cubes, a Trajan pile names its card and a bowl the
action it leads to. The words are only words: the notation and the identity of an action are
those of before (stored games and replays read them).
"""

import re
from typing import Any

import pytest

from engine.core.rng import Rng
from engine.trajan import actions as ta
from engine.trajan.game import TrajanEngine
from engine.troyes import actions as a
from engine.troyes.events import DiceUsed
from engine.troyes.game import EVERY_MODULE, TroyesEngine
from engine.troyes.rules.need import places_cubes
from tests.engine.trajan.helpers import play_setup
from tests.engine.troyes.helpers import play, walls_table

TROYES = TroyesEngine()
TRAJAN = TrajanEngine()
# A bigger group raises the bought dice's price, and the line says why (playtest items 74, 84, 123).
COST = {  # what the group counts, what that gets (item 108) and what it costs
    "en": re.compile(
        r"counts (\d+): (?:\d+ (?:cubes?|uses?|deniers?)|\d+ pips? short); "
        r"costs (?:(\d+) deniers?(?: in all|: .* dice| in a group of \d+ dice "
        r"\(\d+ if bought alone\))|(nothing))$"
    ),
    "es": re.compile(
        r"suma (\d+): (?:\d+ (?:cubos?|usos?|denarios?)|faltan? \d+ puntos?); "
        r"(?:cuesta (\d+) denarios?(?: en total|: .* dados| en un grupo de \d+ dados "
        r"\(\d+ si va solo\))|(no cuesta nada))$"
    ),
}
# A citizen's die says the space it goes to, and its price when bought (playtest item 71).
PLACE = {  # a full shifting row's line may leave out the building (item 109)
    "en": re.compile(r"^goes to space (\d+)(?: of the |;).*?(?:; costs (\d+) deniers?)?$"),
    "es": re.compile(r"^va al espacio (\d+)(?: del |;).*?(?:; cuesta (\d+) denarios?)?$"),
}


def _states(engine: Any, options: dict[str, str], seats: int, seed: int, moves: int) -> Any:
    """Yield the states of a seeded random game (at most `moves` of them)."""
    state = engine.new_state(options, seats, seed)
    while state.pending is not None and moves:
        yield state
        moves -= 1
        actions = engine.legal_actions(state)
        state = engine.apply(state, Rng(seed, state.version, "words").pick(actions)).state


def _paid_if_done(state: Any, die: a.TakeDie) -> int | None:
    """Return what the group costs when it stops with `die` (None: it cannot stop there)."""
    state = TROYES.apply(state, die).state
    if a.DiceDone() not in TROYES.legal_actions(state):
        return None
    step = TROYES.apply(state, a.DiceDone())
    for _ in range(6):  # a "how many" or an outer bonus may come before the payment
        used = [e for e in step.events if isinstance(e, DiceUsed)]
        if used:
            return int(used[0].paid)
        if step.state.pending is None or step.state.turn != state.turn:
            return None
        step = TROYES.apply(step.state, TROYES.legal_actions(step.state)[0])
    return None


@pytest.mark.parametrize("seed", [1, 2])
def test_a_die_says_what_the_group_will_cost_before_it_is_bought(seed: int):
    checked = 0
    for state in _states(TROYES, {}, 3, seed, 500):
        if state.kind != "dice" or state.reactions:
            continue
        before = state.clone()
        for die in (x for x in TROYES.legal_actions(state) if isinstance(x, a.TakeDie)):
            if state.plan.action == "citizen":
                assert PLACE["es"].search(TROYES.explain(state, die, "es"))
                placed = PLACE["en"].search(TROYES.explain(state, die, "en"))
                assert placed is not None, TROYES.explain(state, die, "en")
                assert int(placed[1]) == die.value  # the die's value is the space
                paid = _paid_if_done(state, die)
                if paid is not None:
                    assert paid == int(placed[2] or 0)
                    checked += 1
                continue
            assert COST["es"].search(TROYES.explain(state, die, "es"))
            found = COST["en"].search(TROYES.explain(state, die, "en"))
            assert found is not None, TROYES.explain(state, die, "en")
            said = 0 if found[3] else int(found[2])
            if not state.plan.cube:  # the plain rule: the group counts its pips
                pips = sum(v for _, _, v, _ in state.plan.dice) + die.value
                assert int(found[1]) == pips
            paid = _paid_if_done(state, die)
            if paid is not None:
                assert paid == said
                checked += 1
        assert state == before  # the line reads the state and changes nothing
    assert checked > 5


def test_the_walls_die_says_its_price_and_own_dice_are_free():
    state = walls_table(districts=[[("white", 4)], [("red", 3)], [], []])
    state.deniers = [10, 10, 10]
    state, _ = play(state, "walls", "from 1")
    assert state.kind == "wall_die"
    die = next(x for x in TROYES.legal_actions(state) if isinstance(x, a.TakeDie))
    price = int(TROYES.catalog.rules.dice_price[0])
    assert TROYES.explain(state, die, "en") == f"the die counts 3; buying it costs {price} deniers"
    assert TROYES.explain(state, die, "es") == f"el dado vale 3; comprarlo cuesta {price} denarios"
    own = walls_table(districts=[[("white", 4)], [("red", 3)], [], []])
    own.deniers = [10, 10, 10]
    own, _ = play(own, "walls", "from 0")
    die = next(x for x in TROYES.legal_actions(own) if isinstance(x, a.TakeDie))
    assert TROYES.explain(own, die, "es") == "el dado vale 4; tu propio dado no cuesta nada"


def test_a_craftsman_says_what_hiring_costs():
    seen = 0
    for state in _states(TROYES, {}, 3, 3, 600):
        if state.kind != "craftsman":
            continue
        hire = TROYES.catalog.cards[state.plan.target].hire
        for source in (x for x in TROYES.legal_actions(state) if isinstance(x, a.Craftsman)):
            assert TROYES.explain(state, source, "en").startswith(f"costs {hire} denier")
            assert f"cuesta {hire} denario" in TROYES.explain(state, source, "es")
            seen += 1
    assert seen


def test_how_many_cubes_is_answered_in_cubes_and_uses_in_times():
    labels: dict[bool, set[str]] = {True: set(), False: set()}
    for seed in range(4):
        for state in _states(TROYES, dict(EVERY_MODULE), 3, seed, 500):
            if state.kind != "count" or state.reactions:
                continue
            cubes = places_cubes(TROYES.catalog, state)
            for x in TROYES.legal_actions(state):
                labels[cubes].add(TROYES.describe(x, "es"))
                labels[cubes].add(TROYES.describe(x, "en"))
                assert isinstance(x, a.Times)
                assert TROYES.action_text(x) == f"times {x.n}"  # the notation is as before
    assert "Colocar 1 cubo" in labels[True]
    assert "Place 1 cube" in labels[True]
    assert not any("vez" in x or "veces" in x or "time" in x for x in labels[True])
    assert not any("cubo" in x or "cube" in x for x in labels[False])
    assert a.Times(2, cubes=True) == a.Times(2)  # a label word, not the action's identity


def test_a_trajan_pile_names_its_card_and_a_bowl_the_action_it_leads_to():
    state = play_setup(2, seed=5)
    names = {c.id: (c.name, c.name_es) for c in TRAJAN.tables.cat.commodities}
    for x in TRAJAN.legal_actions(state):
        if isinstance(x, ta.ChooseBowl):
            count = len(state.players[state.current].bowls[x.bowl])
            lands = ("I", "II", "III", "IV", "V", "VI")[(x.bowl + count) % 6]
            assert f": action {lands} (" in TRAJAN.describe(x, "en")
            assert f": acción {lands} (" in TRAJAN.describe(x, "es")
            assert TRAJAN.action_text(x) == f"bowl {x.bowl + 1}"
    seen = 0
    for s in _states(TRAJAN, {}, 3, 4, 400):
        for x in TRAJAN.legal_actions(s):
            if not isinstance(x, ta.PortTake | ta.DrawStartCard):
                continue
            pile = x.pile if isinstance(x, ta.PortTake) else x.source - 1
            if pile < 0:  # the face-down deck names no card
                continue
            en, es = names[s.discards[pile][-1]]
            assert TRAJAN.describe(x, "en") == f"Take {en} from discard pile {pile + 1}"
            assert TRAJAN.describe(x, "es") == f"Tomar {es} de la pila de descarte {pile + 1}"
            assert TRAJAN.explain(s, x, "en") == ""  # the label says it: no repeating line
            seen += 1
    assert seen


def test_a_counter_die_says_its_worth_and_whether_the_black_die_is_beaten():
    rules = TROYES.catalog.rules
    said: dict[object, int] = {True: 0, False: 0, "group": 0}
    for seed in range(4):
        for state in _states(TROYES, {}, 3, seed, 300):
            if state.kind != "counter" or state.reactions or state.plan.dice:
                continue
            target = int(state.plan.target) if state.plan.target else state.black[0]
            for x in TROYES.legal_actions(state):
                line, es = TROYES.explain(state, x, "en"), TROYES.explain(state, x, "es")
                if isinstance(x, a.Concede):
                    assert line == f"lose {rules.counter_fail_vp} VP and keep your dice"
                    assert es.startswith(f"pierdes {rules.counter_fail_vp} PV")
                if not isinstance(x, a.CounterWith):
                    continue
                worth = x.value * (2 if x.colour in rules.double_colours else 1)
                total = state.plan.left + worth
                if total == worth:
                    assert line.startswith(f"worth {worth}: {total} against the black {target}")
                    assert es.startswith(f"vale {worth}: {total} contra el negro {target}")
                else:  # pips left over from the group before (playtest 4: "vale 8: 10 contra")
                    group = f"worth {worth}; the group counts {total} against the black {target}"
                    assert line.startswith(group)
                    assert es.startswith(f"vale {worth}; el grupo suma {total} contra el negro")
                    said["group"] += 1
                beaten = total >= target
                assert ("countered: +" in line) is beaten
                assert (f"+{rules.counter_influence} influence" in line) is beaten
                said[beaten] += 1
    assert said[True]
    assert said[False]
    assert said["group"]


def test_a_card_says_the_hiring_cost_before_it_is_picked():
    seen = {True: 0, False: 0}
    for state in _states(TROYES, {}, 3, 5, 400):
        if state.kind != "turn" or state.reactions:
            continue
        for x in TROYES.legal_actions(state):
            if not isinstance(x, a.ChooseCard):
                continue
            must = state.turn not in state.craftsmen[x.card]  # no craftsman of theirs there yet
            hire = TROYES.catalog.cards[x.card].hire
            en, es = TROYES.describe(x, "en"), TROYES.describe(x, "es")
            assert en.endswith(f"(hire a craftsman: {hire} deniers)") is must
            assert es.endswith(f"(contratar artesano: {hire} denarios)") is must
            assert TROYES.action_text(x) == f"card {x.card}"  # the notation is as before
            seen[must] += 1
    assert seen[True]
    assert seen[False]
