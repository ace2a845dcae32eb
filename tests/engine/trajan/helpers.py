"""Shared builders and invariant checks for the Trajan tests."""

from collections import Counter

from engine.core.play import parse_action
from engine.core.protocol import Decision
from engine.core.rng import Rng
from engine.trajan.game import TrajanEngine
from engine.trajan.rules.common import start_turn
from engine.trajan.state import ACTIONS, COLOUR_ORDER, TrajanState

ENGINE = TrajanEngine()
T = ENGINE.tables
CAT = ENGINE.catalog


def play_setup(seats: int = 2, seed: int = 1, options=None) -> TrajanState:
    """Play every setup decision (first legal choice) and return the first turn's state."""
    state = ENGINE.new_state(options or {}, seats, seed)
    while state.phase != "turn":
        state = ENGINE.apply(state, ENGINE.legal_actions(state)[0]).state
    return state


def at_turn(state: TrajanState, seat: int) -> TrajanState:
    """Return a copy of `state` at the start of `seat`'s turn."""
    new = state.clone()
    start_turn(new, seat)
    return new


def do(state: TrajanState, *texts: str) -> TrajanState:
    """Apply moves given in notation, in order."""
    for text in texts:
        state = ENGINE.apply(state, parse_action(ENGINE, state, text)).state
    return state


def texts(state: TrajanState) -> list[str]:
    """Return the notation of every legal action."""
    return [ENGINE.action_text(a) for a in ENGINE.legal_actions(state)]


def random_game(seats: int, seed: int, check=None) -> TrajanState:
    """Play a seeded random game to the end, calling `check(before, action, step)` each move."""
    state = ENGINE.new_state({}, seats, seed)
    while state.pending is not None:
        actions = ENGINE.legal_actions(state)
        action = Rng(seed, state.version, "test").pick(actions)
        step = ENGINE.apply(state, action)
        if check is not None:
            check(state, action, step)
        state = step.state
    return state


def check_invariants(state: TrajanState) -> None:
    """Assert every conservation rule and bound of a state."""
    tokens = CAT.figures.tokens_per_player
    for i, p in enumerate(state.players):
        placed = p.supply + p.workers + p.legionnaires + len(p.sites) + len(p.provinces)
        assert placed == tokens, f"seat {i} tokens {placed}"
        assert min(p.supply, p.workers, p.legionnaires) >= 0
        assert len(set(p.sites)) == len(p.sites)
        assert len(set(p.provinces)) == len(p.provinces)
        assert 0 <= p.senate <= 7
        assert p.vp == sum(p.vp_by)
        assert min(p.vp_by[:5]) >= 0
        assert p.vp_by[5] <= 0
        if state.phase != "setup_bowl":
            markers = "".join(p.bowls) + (state.in_hand if i == state.current else "")
            assert Counter(markers) == Counter(dict.fromkeys(COLOUR_ORDER, 2)), markers
        assert p.arch == -1 or p.slots[p.arch] is None
        assert (p.arch == -1) == all(s is not None for s in p.slots)
    _check_tiles(state)


def _check_tiles(state: TrajanState) -> None:
    players = state.players
    trajan = [x for s in state.stacks for x in s] + [x for p in players for x in p.slots if x]
    trajan += [x for p in players for x in p.demands] + [x for x in state.removed if x in T.trajan]
    assert sorted(trajan) == sorted(t.id for t in CAT.trajan_tiles)
    for back in ("forum", "extra"):
        kinds = {f.id: f.count for f in CAT.forum_tiles if f.back == back}
        held = list(state.forum_pile if back == "forum" else state.extra_pile)
        held += [x for x in (*state.forum, *state.extras, *state.province_tiles) if x in kinds]
        held += [x for p in players for x in p.forum if x in kinds]
        held += [x for x in state.removed if x in kinds]
        assert Counter(held) == Counter(kinds), back
    built = [x for x in state.sites if x] + [x for p in players for x in p.buildings]
    assert sorted(built) == sorted(c.id for c in CAT.construction_tiles)
    demands = [*state.demand_pile, *state.demands_shown, *state.demands_removed]
    demands += [x.split(":")[1] for x in state.removed if x.startswith("demand:")]
    assert Counter(demands) == Counter({d.id: d.count for d in CAT.demand_tiles})
    cards = [*state.deck, *state.discards[0], *state.discards[1]]
    cards += [x for p in players for x in (*p.hand, *p.display)]
    assert Counter(cards) == Counter({c.id: c.count for c in CAT.commodities})
    bonus = [*state.bonus_bag, *state.bonus_offer]
    bonus += [x for p in players for x in (*p.bonus, *p.bonus_grey)]
    assert sorted(bonus) == sorted(b.id for b in CAT.bonus_tiles)


def _hidden_sizes(state: TrajanState) -> tuple[int, ...]:
    """Return the sizes of every face-down pile and stack (a draw shrinks one)."""
    piles = (state.deck, state.forum_pile, state.extra_pile, state.demand_pile, state.bonus_bag)
    return (*(len(p) for p in piles), *(len(s) for s in state.stacks))


def check_step(before: TrajanState, action, step) -> None:
    """Assert the per-move rules: legal, input untouched, version +1, JSON round trip."""
    snapshot = ENGINE.to_json(before)
    after = step.state
    assert ENGINE.to_json(before) == snapshot, "apply mutated its input"
    assert after.version == before.version + 1
    assert ENGINE.from_json(ENGINE.to_json(after)) == after
    check_invariants(after)
    if _hidden_sizes(after) != _hidden_sizes(before) or before.phase != after.phase == "setup_card":
        assert step.irreversible, f"{action} drew or revealed without marking the step"
    actions = ENGINE.legal_actions(after)
    if after.pending is None:
        assert actions == []
        assert ENGINE.result(after) is not None
        return
    assert 1 <= len(actions) <= 25, (after.pending, len(actions))
    notations = [ENGINE.action_text(a) for a in actions]
    assert len(set(notations)) == len(notations)
    for a, text in zip(actions, notations, strict=True):
        assert parse_action(ENGINE, after, text) == a
    assert isinstance(after.pending, Decision)


def fresh(seats: int = 2, seed: int = 1) -> TrajanState:
    """Return seat 0's first turn with plain bowls, no Trajan tiles and empty hands."""
    state = at_turn(play_setup(seats, seed), 0)
    for p in state.players:
        p.bowls = ("BY", "GO", "PW", "BY", "GO", "PW")
        p.slots = (None,) * 6
        p.arch = 0
    return state


def to_action(state: TrajanState, action: str) -> TrajanState:
    """Sow one blue marker into the bowl of `action`, so its decision is pending."""
    target = ACTIONS.index(action)
    bowls = [""] * 6
    bowls[(target - 1) % 6] = "B"
    bowls[(target + 3) % 6] = "BYYGGOOPPWW"
    state = state.clone()
    state.players[state.current].bowls = tuple(bowls)
    return do(state, f"bowl {(target - 1) % 6 + 1}")


def end_quarter(
    state: TrajanState, demands: tuple[str, ...] = ("bread", "games", "religion")
) -> TrajanState:
    """Play seat 0's turn so that the 4th round of the quarter ends with `demands` shown."""
    state = state.clone()
    state.demands_shown = tuple(demands)
    state.time = state.cycle - 1
    state = to_action(state, "senate")
    if kind_of(state) == "senate":
        state = do(state, "pass")
    return state


def finish_quarter(
    state: TrajanState, demands: tuple[str, ...] = ("bread", "games", "religion")
) -> TrajanState:
    """End the quarter (`end_quarter`), answering every quarter decision with the first."""
    state = end_quarter(state, demands)
    while state.phase == "quarter":
        state = ENGINE.apply(state, ENGINE.legal_actions(state)[0]).state
    return state


def kind_of(state: TrajanState) -> str:
    """Return the kind of the pending decision ("" once the game is over)."""
    return state.pending.kind if state.pending else ""


def seat_of(state: TrajanState) -> int:
    """Return the deciding seat (-1 once the game is over)."""
    return state.pending.seat if state.pending else -1
