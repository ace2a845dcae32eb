"""Factories and invariant checks shared by the Troyes tests."""

import json
from collections.abc import Callable
from typing import Any

from engine.core.play import parse_action
from engine.core.rng import Rng
from engine.troyes.catalog import Catalog
from engine.troyes.context import Ctx, owned
from engine.troyes.game import EVERY_MODULE, TroyesEngine
from engine.troyes.state import COLOURS, NEUTRAL, Plan, TroyesState

ENGINE = TroyesEngine()
CAT = ENGINE.catalog


def placed(seats: int = 3, seed: int = 7) -> TroyesState:
    """Return a game right after the snake placement (first legal space each time)."""
    s = ENGINE.new_state({}, seats, seed)
    while s.kind == "start":
        s = ENGINE.apply(s, ENGINE.legal_actions(s)[0]).state
    return s


def table(
    seats: int = 3,
    seed: int = 7,
    cards: tuple[str, ...] = (),
    catalog: Catalog = CAT,
    **fields: object,
) -> TroyesState:
    """Return an action-phase turn of seat 0 with empty districts, edited by `fields`."""
    s = placed(seats, seed).clone()
    s.phase, s.kind, s.turn, s.start, s.black, s.plan = "actions", "turn", 0, 0, [], Plan()
    s.round = 3
    s.districts = [[] for _ in range(seats + 1)]
    s.passed, s.pot = [False] * seats, [0] * seats
    if cards:
        s.activity = list(cards)
        s.craftsmen = {c: [None] * len(catalog.cards[c].spaces_vp) for c in cards}
        s.card_cubes = {c: [0] * seats for c in cards}
    for key, value in fields.items():
        setattr(s, key, value)
    return s


def play(state: TroyesState, *moves: str) -> tuple[TroyesState, list[object]]:
    """Apply moves given in notation; return the state and every event logged."""
    log: list[object] = []
    for move in moves:
        step = ENGINE.apply(state, parse_action(ENGINE, state, move))
        state = step.state
        log.extend(step.events)
    return state, log


def texts(state: TroyesState) -> list[str]:
    """Return the notation of every legal action."""
    return [ENGINE.action_text(a) for a in ENGINE.legal_actions(state)]


def random_game(seats: int, seed: int, check: bool = False) -> TroyesState:
    """Play a seeded random game to the end, checking invariants at every step if asked."""
    s = ENGINE.new_state({}, seats, seed)
    rng = Rng(seed, 0, "test")
    while s.pending is not None:
        actions = ENGINE.legal_actions(s)
        action = actions[rng.below(len(actions))]
        s = checked_step(s, action) if check else ENGINE.apply(s, action).state
    return s


def checked_step(s: TroyesState, action: object) -> TroyesState:
    """Apply one action and assert every invariant of the issue around it."""
    actions = ENGINE.legal_actions(s)
    assert 1 <= len(actions) <= 25
    assert len({ENGINE.action_text(a) for a in actions}) == len(actions)
    for a in actions:
        assert parse_action(ENGINE, s, ENGINE.action_text(a)) == a
        for lang in ("en", "es"):
            assert 0 < len(ENGINE.describe(a, lang)) <= 80
    before = json.dumps(ENGINE.to_json(s), sort_keys=True)
    step = ENGINE.apply(s, action)  # type: ignore[arg-type]
    assert json.dumps(ENGINE.to_json(s), sort_keys=True) == before, "apply changed its input"
    new = step.state
    assert new.version == s.version + 1
    check_invariants(new)
    for event in step.events:
        assert ENGINE.describe_event(event, "en")
        assert ENGINE.describe_event(event, "es")
    return new


def check_invariants(s: TroyesState) -> None:
    """Assert the state-level invariants (issue 9 tests list)."""
    for colour in COLOURS:
        on_board = sum(1 for d in s.districts for c, _ in d if c == colour)
        assert on_board <= CAT.rules.dice_per_colour
    extra = s.options.get("extra_components") == "on"  # Ladies: 2 black dice, 2 neutrals more
    assert len(s.black) <= CAT.rules.black_dice + (CAT.ladies.extra_black_dice if extra else 0)
    for seat in range(s.seats):
        assert owned(s, seat) <= CAT.rules.citizen_cap
        assert s.deniers[seat] >= 0
        assert s.vp[seat] >= 0
        assert 0 <= s.influence[seat] <= CAT.rules.influence_max
        assert s.supply[seat] >= 0
    neutral = sum(b.count(NEUTRAL) for b in s.buildings) + sum(b.count(NEUTRAL) for b in s.lying)
    more = CAT.ladies.extra_neutral_citizens if extra else 0
    assert neutral + s.neutral_supply == CAT.rules.neutral_citizens + more
    for spaces in s.craftsmen.values():
        taken = [x for x in spaces if x is not None]
        assert len(taken) == len(set(taken)), "two craftsmen of one player on a card"
    data = ENGINE.to_json(s)
    again = ENGINE.from_json(json.loads(json.dumps(data)))
    assert again == s
    check_hidden(s)


def check_hidden(s: TroyesState) -> None:
    """Assert that no view shows a rival's VP or characters, face-down cards or deck order."""
    if s.phase == "over":
        return
    face_down = [c for c in s.activity if CAT.cards[c].level > s.round]
    deck = [e for d in s.decks.values() for e in d]
    for viewer in [None, *range(s.seats)]:
        v = ENGINE.view(s, viewer)
        text = repr(v)
        for p in v.players:
            if p.seat != viewer:
                assert p.vp is None
                assert p.characters is None
                for char in s.characters[p.seat]:
                    assert char not in text
            else:
                assert p.vp == s.vp[p.seat]
        for card in face_down + deck:
            assert f"'{card}'" not in text


def ctx(s: TroyesState) -> Ctx:
    """Return a rules context on `s` (changes it in place)."""
    return Ctx(s, CAT)


# ---- The Ladies of Troyes ----------------------------------------------------------------

ALL = EVERY_MODULE
FACE = {f.effect.name: f.id for f in CAT.outer.values() if f.effect is not None}


def walls_table(seats: int = 3, **fields: Any) -> TroyesState:
    """An action-phase table with the walls module on and chosen faces at the four gates."""
    s = table(seats, **fields)
    s.options = {**s.options, "walls": "on"}
    s.guards = [0] * seats
    s.outer = [FACE["arrival_race"], FACE["reroll_die"], FACE["craftsman_deniers"]]
    s.outer.append(FACE["arrival_majority"])
    s.outer_cubes = {f: [0] * seats for f in s.outer}
    return s


# A player keen on the walls and the outer activities, so random games reach every gate, use
# every outer face and raise every out-of-turn question.
KEEN = ("walls", "walk", "outer", "from", "boost", "answer use", "bonus", "swap", "die ")


def ladies_game(
    options: dict[str, str],
    seats: int,
    seed: int,
    *,
    check: bool,
    keen: bool = False,
    each: Callable[[TroyesState], None] | None = None,
) -> TroyesState:
    """Play a seeded random game with these options to the end (checked, keen if asked)."""
    s = ENGINE.new_state(options, seats, seed)
    rng = Rng(seed, 0, "ladies")
    while s.pending is not None:
        actions = ENGINE.legal_actions(s)
        liked = [a for a in actions if ENGINE.action_text(a).startswith(KEEN)] if keen else []
        pool = liked if liked and rng.below(10) < 8 else actions
        action = pool[rng.below(len(pool))]
        s = checked_step(s, action) if check else ENGINE.apply(s, action).state
        if each is not None:
            each(s)
    return s
