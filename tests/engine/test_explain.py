"""What a choice gets you (`explain`) and what a move reveals (Step.meta), for both games.

The line is shown on the public board, so it must read only what every player sees: a test
resamples everything hidden (as a rival would imagine it) and finds the same lines.
"""

from typing import Any

import pytest

from engine.core.i18n import text
from engine.core.rng import Rng
from engine.trajan import determinise as trajan_hidden
from engine.trajan.game import TrajanEngine
from engine.troyes import determinise as troyes_hidden
from engine.troyes import ladies_actions as la
from engine.troyes.actions import ChooseCard, ChooseCathedral, Times
from engine.troyes.game import EVERY_MODULE, TroyesEngine
from tests.engine.trajan.helpers import play_setup
from tests.engine.troyes.helpers import FACE, play, walls_table

TRAJAN = TrajanEngine()
TROYES = TroyesEngine()


def _walk(engine: Any, state: Any, seed: int, moves: int) -> list[Any]:
    """Return the states of a seeded random game (at most `moves` of them)."""
    states: list[Any] = []
    while state.pending is not None and len(states) < moves:
        states.append(state)
        actions = engine.legal_actions(state)
        state = engine.apply(state, Rng(seed, state.version, "explain").pick(actions)).state
    return states


def _lines(engine: Any, state: Any, lang: str, actions_of: Any = None) -> list[str]:
    """Return the line of each legal action of `actions_of` (default: `state`) in `state`."""
    actions = engine.legal_actions(state if actions_of is None else actions_of)
    return [engine.explain(state, a, lang) for a in actions]


@pytest.mark.parametrize("seed", [3, 8])
def test_trajan_lines_read_only_public_facts(seed: int):
    for state in _walk(TRAJAN, TRAJAN.new_state({}, 3, seed), seed, 260)[::3]:
        for lang in ("en", "es"):
            lines = _lines(TRAJAN, state, lang)
            assert all(len(line) <= 100 for line in lines)
            # Every seat's imagined table: the decider's hand too, unless the decision is
            # about cards already picked from it (a rival's guess would not hold them).
            decider = state.pending.seat
            for seat in range(state.seats) if not state.picks else (decider,):
                other = trajan_hidden.determinise(state, seat, Rng(seed, state.version, "h"))
                assert _lines(TRAJAN, other, lang, state) == lines


@pytest.mark.parametrize("seed", [4])
def test_troyes_lines_read_only_public_facts(seed: int):
    start = TROYES.new_state(dict(EVERY_MODULE), 3, seed)
    for state in _walk(TROYES, start, seed, 400)[::4]:
        lines = _lines(TROYES, state, "en")
        assert all(len(line) <= 100 for line in lines)
        for seat in range(state.seats):
            cat = TROYES.catalog
            other = troyes_hidden.determinise(state, cat, seat, Rng(seed, state.version, "h"))
            assert _lines(TROYES, other, "en", state) == lines


# A card's printed text (an activity, an outer activity) is quoted and cut where a clause ends
# (item 88); every other line is the engine's own words and must fit whole.
QUOTED = (ChooseCard, la.PlaceOuter)


@pytest.mark.parametrize("options", [{}, EVERY_MODULE], ids=["base", "every_module"])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_troyes_lines_fit_a_description_whole_in_both_languages(
    options: dict[str, str], seats: int
) -> None:
    # Seventh playtest item 9: "Colocar un ciudadano en el Obispado — … la fila a la derecha,
    # sin expulsión: 3…" (move 116, 3 players, every Ladies module): cut at 100 characters.
    lines = 0
    for seed in range(3):
        for state in _walk(TROYES, TROYES.new_state(dict(options), seats, seed), seed, 2000):
            for action in TROYES.legal_actions(state):
                if isinstance(action, QUOTED):
                    continue
                for lang in ("es", "en"):
                    line = TROYES.explain(state, action, lang)
                    assert len(line) <= 100, line
                    assert "\N{HORIZONTAL ELLIPSIS}" not in line, line
                    lines += bool(line)
    assert lines > 1000


def test_trajan_names_where_a_bowl_lands_and_the_top_card_of_a_pile():
    from engine.trajan import actions as a  # noqa: PLC0415 - only these tests build actions

    state = play_setup(2, seed=5)
    seat = state.players[state.current]
    for bowl in range(6):
        count = len(seat.bowls[bowl])
        if not count:
            continue
        last = (bowl + count) % 6
        line = TRAJAN.explain(state, a.ChooseBowl(bowl), "en")
        assert line.startswith(f"{count} marker")
        # the label names the action taken; the line says where the markers go
        roman = ("I", "II", "III", "IV", "V", "VI")
        assert line.endswith(f"bowl {roman[last]}" if count == 1 else f" to {roman[last]}")
        offered = [x for x in TRAJAN.legal_actions(state) if x == a.ChooseBowl(bowl)]
        assert f"action {roman[last]} (" in TRAJAN.describe(offered[0], "en")
    pile = next(p for p, cards in enumerate(state.discards) if cards)
    card = next(c for c in TRAJAN.tables.cat.commodities if c.id == state.discards[pile][-1])
    assert TRAJAN.explain(state, a.PortTake(pile), "en") == f"top card: {card.name}"
    assert TRAJAN.explain(state, a.PortTake(pile), "es") == f"carta de encima: {card.name_es}"


def test_trajan_site_lines_say_the_tile_or_that_none_is_left():
    from engine.trajan import actions as a  # noqa: PLC0415 - only these tests build actions

    state = play_setup(2, seed=2)
    site, tile_id = next((i, t) for i, t in enumerate(state.sites) if t is not None)
    tile = TRAJAN.tables.construction[tile_id]
    assert TRAJAN.explain(state, a.Build(site), "en") == f"{tile.name}: {tile.vp} VP"
    empty = state.clone()
    empty.sites = tuple(None if i == site else t for i, t in enumerate(state.sites))
    assert TRAJAN.explain(empty, a.Build(site), "es") == text("es", "trajan.explain.site_empty")


def test_a_trajan_move_that_ends_the_round_says_so():
    state = play_setup(2, seed=1)
    steps = []
    for seed in range(40):  # play on until some move reveals
        for s in _walk(TRAJAN, state, seed, 200):
            for action in TRAJAN.legal_actions(s):
                step = TRAJAN.apply(s, action)
                if step.irreversible:
                    steps.append(step)
        if any("trajan.reveals.round" in st.meta.get("reveals", ()) for st in steps):
            break
    assert steps
    assert all(step.meta.get("reveals") for step in steps)  # every reveal is named
    kinds = {k for step in steps for k in step.meta["reveals"]}
    assert "trajan.reveals.round" in kinds
    for key in kinds:
        assert text("es", key) != key


def test_troyes_boost_line_gives_the_value_and_the_whole_cost():
    state = walls_table(districts=[[], [("red", 3)], [], []])  # a rival's die: it has a price
    state.deniers = [10, 10, 10]
    state, _ = play(state, "walls", "die 1 red 3")
    assert state.kind == "boost"
    boosts = [x for x in TROYES.legal_actions(state) if isinstance(x, la.Boost)]
    assert len(boosts) > 1
    district = state.plan.dice[0][0]
    price = int(TROYES.catalog.rules.dice_price[0]) if district != state.turn else 0
    assert price  # the bought die's price is told apart from the raise's (item 93)
    for boost in boosts:
        line = TROYES.explain(state, boost, "en")
        if not boost.deniers:
            assert (
                line
                == f"the die counts 3; not raised, you pay only the bought die's {price} deniers"
            )
            continue
        raised = f"{boost.deniers} denier" + ("s" if boost.deniers > 1 else "")
        assert line == (
            f"the die counts {3 + boost.deniers}; {raised} to raise it and {price} deniers for "
            f"the bought die: {price + boost.deniers} deniers in all"
        )


def test_the_how_many_question_says_cubes_or_uses():
    asked: dict[str, set[str]] = {}
    for seed in range(6):
        for state in _walk(TROYES, TROYES.new_state({}, 3, seed), seed, 600):
            if state.kind != "count" or state.reactions:
                continue
            prompt = TROYES.prompt(state, "en")
            asked.setdefault(state.plan.action, set()).add(prompt)
            first = TROYES.legal_actions(state)[0]
            line = TROYES.explain(state, first, "en")
            if "cubes" in prompt:  # the label says it ("1 cube"): no line repeats it,
                assert TROYES.describe(first, "en") == "Place 1 cube"  # an event's says what
                event = state.plan.action == "event"  # a cube gives (item 41)
                assert line.startswith("+1 influence now") if event else line == ""
            else:
                assert not line.startswith("use the card's")
    assert asked["cathedral"] == {"How many cubes will you place?"}
    assert "How many times will you use the card?" in asked["card"]


def _gains(change: tuple[int, int, int]) -> str:
    """Word a card's change to (deniers, influence, VP) as the English log does."""
    deniers, influence, vp = change
    parts = []
    if deniers:
        unit = "denier" if abs(deniers) == 1 else "deniers"
        parts.append(f"{'+' if deniers > 0 else '-'}{abs(deniers)} {unit}")
    if influence:
        parts.append(f"{'+' if influence > 0 else '-'}{abs(influence)} influence")
    if vp:
        parts.append(f"{'+' if vp > 0 else '-'}{abs(vp)} VP")
    return ", ".join(parts)


def test_a_cards_uses_say_what_they_give_as_the_activation_then_logs():
    seen = 0
    for seed in range(6):
        for state in _walk(TROYES, TROYES.new_state({}, 3, seed), seed, 600):
            if state.kind != "count" or state.reactions or "times" not in TROYES.prompt(state):
                continue
            for times in TROYES.legal_actions(state):
                line = TROYES.explain(state, times, "en")
                events = TROYES.apply(state, times).events
                done = [e for e in events if type(e).__name__ == "CardActivated"]
                assert len(done) == 1
                if any(done[0].change):
                    assert line == _gains(done[0].change)
                    seen += 1
                else:  # an Archer: cubes to place next, as the following question asks
                    assert line.endswith(("to place on an event", "to place on events"))
    assert seen > 5


def test_a_guard_walk_says_the_gate_it_reaches_and_what_arriving_gives():
    # Playtest item 42: "Avanzar el guardia 5 espacios" did not say space 5 is gate I.
    state = walls_table(districts=[[("red", 3), ("red", 2)], [], [], []])
    state.guards = [3, 0, 0]
    state.outer[0] = FACE["arrival_race"]
    state.outer_cubes = {f: [0, 0, 0] for f in state.outer}
    state, _ = play(state, "walls", "die 0 red 3", "boost 0")
    walks = {a.steps: a for a in TROYES.legal_actions(state) if isinstance(a, la.Walk)}
    assert TROYES.explain(state, walks[1], "es") == ""  # space 4: no gate
    assert TROYES.explain(state, walks[2], "es") == (
        "llega a la puerta I (Carrera a la puerta): +6 PV y se abre esa actividad exterior"
    )
    state.guards = [3, 5, 0]  # a rival got there first: the race pays the second place
    assert "+4 VP" in TROYES.explain(state, walks[2], "en")


def test_a_walk_past_two_gates_says_both_whole_within_a_description():
    # Seventh playtest item 9's kind: two gates' activities named cannot fit 100 characters,
    # so a walk past two said the first whole and cut the second ("reaches gate II…").
    state = walls_table(districts=[[("red", 6), ("red", 2)], [], [], []])
    state.guards = [4, 0, 0]
    state.outer[0] = FACE["arrival_race"]
    state.outer_cubes = {f: [0, 0, 0] for f in state.outer}
    state, _ = play(state, "walls", "die 0 red 6")
    walks = {a.steps: a for a in TROYES.legal_actions(state) if isinstance(a, la.Walk)}
    assert TROYES.explain(state, walks[6], "es") == (
        "llega a las puertas I (+6 PV) y II: se abren sus actividades exteriores"
    )
    assert TROYES.explain(state, walks[6], "en") == (
        "reaches gates I (+6 VP) and II: their outer activities open to you"
    )
    assert TROYES.explain(state, walks[5], "es").startswith("llega a la puerta I (Carrera")


def test_cubes_on_an_event_say_the_influence_now_and_the_vp_when_it_is_full():
    # Playtest item 41: "¿Cuántos cubos colocas?" did not say what a cube on an event gives.
    found = [
        s
        for seed in range(1, 9)
        for s in _walk(TROYES, TROYES.new_state({}, 2, seed), seed, 400)
        if s.kind == "count" and s.plan.action == "event"
    ]
    assert found, "no seeded game fought an event"
    state = found[0]
    vp = TROYES.catalog.events[state.plan.target].vp
    counts = [a for a in TROYES.legal_actions(state) if isinstance(a, Times)]
    line = TROYES.explain(state, counts[0], "es")
    assert line.startswith(f"+{counts[0].n} de influencia ahora")
    assert line.endswith(f"la mayoría de cubos gana {vp} PV")


def test_an_activity_card_says_what_it_does_where_it_is_chosen():
    # Playtest item 40: "Activar Diplomático (contratar un artesano: 3 denarios)" said nothing
    # of the card's effect; the line gives the card data's text and how many pips a use costs.
    state = next(
        s
        for s in _walk(TROYES, TROYES.new_state({}, 2, 4), 4, 300)
        if any(isinstance(a, ChooseCard) for a in TROYES.legal_actions(s))
    )
    choose = next(a for a in TROYES.legal_actions(state) if isinstance(a, ChooseCard))
    card = TROYES.catalog.cards[choose.card]
    line = TROYES.explain(state, choose, "es")
    assert line == f"1 vez por cada {card.divisor} puntos. {card.text_es}"


def test_troyes_boost_line_on_your_own_die_says_one_denier_and_nothing():
    # Playtest (2 December, afternoon): "el dado vale 6; cuesta 1 denarios en total", and
    # "No subir el dado (0 denarios) — …; cuesta 0 denarios en total".
    state = walls_table(districts=[[("yellow", 5)], [], [], []])  # the seat's own die: free
    state.deniers = [10, 10, 10]
    state, _ = play(state, "walls", "die 0 yellow 5")
    assert state.kind == "boost"
    lines = {
        x.deniers: TROYES.explain(state, x, "es")
        for x in TROYES.legal_actions(state)
        if isinstance(x, la.Boost)
    }
    assert lines[0] == "el dado vale 5; no cuesta nada"
    assert lines[1] == "el dado vale 6; cuesta 1 denario en total"
    assert TROYES.explain(state, la.Boost(1), "en") == "the die counts 6; costs 1 denier in all"


def test_the_cathedral_says_what_a_cube_gives_and_costs_where_it_is_chosen():
    # Playtest (2 December, afternoon): every card in the action menu said what it does,
    # "Construir la Catedral" nothing; nor did the dice step say how many pips a cube takes.
    state = next(
        s
        for s in _walk(TROYES, TROYES.new_state({}, 3, 2), 2, 400)
        if any(isinstance(x, ChooseCathedral) for x in TROYES.legal_actions(s))
    )
    c = TROYES.catalog.cathedral
    es = TROYES.explain(state, ChooseCathedral(), "es")
    assert es == (
        f"+{c.cube_vp} PV y +1-2 de influencia por cubo, 1 cubo por cada {c.divisor} puntos; "
        f"-{c.missing_level_vp} PV al final por nivel sin tu cubo"
    )
    en = TROYES.explain(state, ChooseCathedral(), "en")
    assert en.startswith(f"+{c.cube_vp} VP and +1-2 influence per cube")
    assert "…" not in es + en  # whole, under a select option's 100 characters


def test_a_trajan_sowing_order_says_the_tile_it_completes():
    """Sixth playtest item 122: of the orders offered, the line tells the ones that fulfil."""
    from engine.core.protocol import Decision  # noqa: PLC0415 - only this test builds one
    from engine.trajan import actions as a  # noqa: PLC0415 - only these tests build actions
    from engine.trajan.events import TrajanFulfilled  # noqa: PLC0415

    state = play_setup(2, seed=5).clone()
    seat = state.players[state.current]
    tiles = TRAJAN.tables.trajan
    slot = 5  # bowl VI, where the last of four markers sown from bowl III lands
    tile_id = next(i for i, tile in tiles.items() if len(set(tile.colours)) == 2)
    tile = tiles[tile_id]
    seat.slots = tuple(tile_id if i == slot else None for i in range(6))
    seat.bowls = tuple(tile.colours[0] if i == slot else "" for i in range(6))
    others = "".join(c for c in "BYGOPW" if c not in tile.colours)
    state.in_hand = tile.colours[1] + others[:3]  # the tile's other colour, last, completes it
    state.sow_bowl = 2
    state.pending = Decision(state.current, "sow")
    sows = [x for x in TRAJAN.legal_actions(state) if isinstance(x, a.Sow)]
    assert len(sows) == 24
    fulfilling = 0
    for sow in sows:
        fulfils = any(isinstance(e, TrajanFulfilled) for e in TRAJAN.apply(state, sow).events)
        for lang, vp in (("en", "VP"), ("es", "PV")):
            line = TRAJAN.explain(state, sow, lang)
            assert len(line) <= 100
            assert line.endswith(f": +{tile.vp} {vp}") == fulfils, (sow, line)
        fulfilling += fulfils
    assert 0 < fulfilling < len(sows)
    assert fulfilling == 6  # the orders whose last marker is the tile's other colour
    line = TRAJAN.explain(state, next(s for s in sows if s.colours[3] == tile.colours[1]), "es")
    assert line.startswith(f"cumple la loseta {tile.name_es}")
    assert "junto a la bandeja VI" in line


def test_a_bowl_whose_forced_sowing_completes_a_trajan_tile_says_so():
    """Seventh playtest item 3: "Tomar los marcadores de la bandeja VI: acción I (Puerto) — 1
    marcador, a la bandeja I" did not say the tile it completed (+3 PV, told only afterwards).

    One marker, or markers of one colour, are sown with no question: the bowl's line says
    what the sowing's line would ("cumple la loseta …: +N PV"), within 100 characters.
    """
    from engine.trajan import actions as a  # noqa: PLC0415 - only these tests build actions
    from engine.trajan.events import TrajanFulfilled  # noqa: PLC0415

    state = play_setup(2, seed=5).clone()
    seat = state.players[state.current]
    tiles = TRAJAN.tables.trajan
    two = next(i for i, tile in tiles.items() if len(set(tile.colours)) == 2)
    pair = next(i for i, tile in tiles.items() if len(set(tile.colours)) == 1)
    first, second = tiles[two].colours[0], tiles[two].colours[1]
    same = tiles[pair].colours[0]
    seat.slots = (two, None, None, pair, None, None)  # beside bowls I and IV
    # VI: one marker, lands in I beside its tile's other colour. I: two of one colour, the
    # last in III (no tile). II: two markers of two colours (an order is asked: not told).
    seat.bowls = (first + same, same + first, "", same, "", second)
    for bowl, fulfils in ((5, True), (0, False), (1, False)):
        step = TRAJAN.apply(state, a.ChooseBowl(bowl))
        assert any(isinstance(e, TrajanFulfilled) for e in step.events) == fulfils
    tile = tiles[two]
    for lang, start, end in (
        ("es", f"cumple la loseta {tile.name_es}", f"junto a la bandeja I: +{tile.vp} PV"),
        ("en", f"completes the tile {tile.name}", f"beside bowl I: +{tile.vp} VP"),
    ):
        line = TRAJAN.explain(state, a.ChooseBowl(5), lang)
        assert start in line, line
        assert line.endswith(end), line
        assert len(line) <= 100
        assert "+" not in TRAJAN.explain(state, a.ChooseBowl(0), lang)
    # Two markers of the pair's colour into III and IV: IV holds one already, the pair fills.
    seat.bowls = ("", same + same, "", same, "", "")
    events = TRAJAN.apply(state, a.ChooseBowl(1)).events
    assert any(isinstance(e, TrajanFulfilled) for e in events)
    line = TRAJAN.explain(state, a.ChooseBowl(1), "es")
    assert line.endswith(f"junto a la bandeja IV: +{tiles[pair].vp} PV"), line


@pytest.mark.parametrize("seed", [2, 6])
def test_a_forced_sowing_is_told_on_its_bowl_exactly_when_it_completes_a_tile(seed: int):
    from engine.trajan import actions as a  # noqa: PLC0415 - only these tests build actions
    from engine.trajan.events import TrajanFulfilled  # noqa: PLC0415

    told = 0
    for state in _walk(TRAJAN, TRAJAN.new_state({}, 3, seed), seed, 900):
        for action in TRAJAN.legal_actions(state):
            if not isinstance(action, a.ChooseBowl):
                continue
            markers = state.players[state.current].bowls[action.bowl]
            if len(set(markers)) != 1:
                continue
            events = TRAJAN.apply(state, action).events
            fulfils = any(isinstance(e, TrajanFulfilled) for e in events)
            for lang, vp in (("es", "PV"), ("en", "VP")):
                line = TRAJAN.explain(state, action, lang)
                assert line.endswith(f" {vp}") == fulfils, (action, line)
                assert len(line) <= 100
            told += fulfils
    assert told > 0
