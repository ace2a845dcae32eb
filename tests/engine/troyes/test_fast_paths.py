"""The engine's speed shortcuts agree with the straightforward computation on random states.

`TroyesEngine` keeps the last turn menu's targets while the game content is unchanged: every
decision of seeded random games (base and all Ladies modules) is answered both by the engine
and by the rules functions on a fresh context. The dice shortcuts (candidate dice, the cached
best totals per group size) are checked against brute force over every subset of dice.
"""

from itertools import combinations

import pytest

from engine.core.rng import Rng
from engine.troyes import effects
from engine.troyes.context import Ctx
from engine.troyes.effects import GroupRule
from engine.troyes.game import EVERY_MODULE, TroyesEngine
from engine.troyes.rules import actions_phase, dice, outer, outer_cubes
from engine.troyes.rules import need as needs
from engine.troyes.state import COLOURS, WILD, TroyesState

ALL_LADIES = EVERY_MODULE


def _plain_legal(engine: TroyesEngine, s: TroyesState) -> list[object]:
    """Return the legal actions computed without any engine-level cache."""
    if s.kind == "turn" and not s.reactions and s.phase != "over":
        return list(actions_phase.turn_actions(Ctx(s, engine.catalog)))
    return list(TroyesEngine(engine.catalog)._legal(s))  # the plain path, no cache


@pytest.mark.parametrize("options", [{}, ALL_LADIES], ids=["base", "ladies"])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_cached_legal_actions_match_the_plain_computation(options, seats):
    engine = TroyesEngine()
    turn_menus = 0
    for seed in range(2):
        s = engine.new_state(options, seats, seed)
        rng = Rng(seed, 0, "fast-paths")
        while s.pending is not None:
            actions = engine.legal_actions(s)
            assert actions == _plain_legal(engine, s), (seed, s.version, s.kind)
            turn_menus += s.kind == "turn"
            s = engine.apply(s, actions[rng.below(len(actions))]).state
    assert turn_menus > 50  # the comparison really covered many turn menus


def _random_states(options: dict[str, str], seats: int, seed: int) -> list[TroyesState]:
    """Return every state of one seeded random game."""
    engine = TroyesEngine()
    s = engine.new_state(options, seats, seed)
    rng = Rng(seed, 0, "fast-paths-states")
    out = [s]
    while s.pending is not None:
        actions = engine.legal_actions(s)
        s = engine.apply(s, actions[rng.below(len(actions))]).state
        out.append(s)
    return out


def _brute_candidates(
    s: TroyesState, seat: int, rule: GroupRule, chosen: dice.Chosen
) -> dice.Chosen:
    """Return every distinct die that may join, by removing the chosen dice one by one."""
    left = [list(d) for d in s.districts]
    for d, c, v, _ in chosen:
        left[d].remove((c, v))
    taken = {d for d, _, _, _ in chosen}
    out: set[tuple[int, str, int, str]] = set()
    for d, district in enumerate(left):
        if rule.free_one_per_district and d in taken:
            continue
        for c, v in district:
            if c in rule.colours:
                out.add((d, c, v, ""))
            elif c == WILD and d == seat:
                out.add((d, c, v, next(iter(rule.colours)) if len(rule.colours) == 1 else "any"))
    return sorted(out)


def _brute_combos(
    s: TroyesState, seat: int, rule: GroupRule, prices: tuple[int, ...]
) -> list[tuple[int, int]]:
    """Return (cost, best total) per group size and bought count, trying every dice subset."""
    own = [v for c, v in s.districts[seat] if c in rule.colours or c == WILD]
    others = [v for d, x in enumerate(s.districts) if d != seat for c, v in x if c in rule.colours]
    out = []
    for size in range(1, rule.max_dice + 1):
        for b in range(min(size, len(others)) + 1):
            if size - b > len(own):
                continue
            best = max(
                rule.total([*mine, *theirs])
                for mine in combinations(own, size - b)
                for theirs in combinations(others, b)
            )
            out.append((b * prices[size - 1], best))
    return sorted(out)


@pytest.mark.parametrize("options", [{}, ALL_LADIES], ids=["base", "ladies"])
def test_dice_shortcuts_match_brute_force(options):
    engine = TroyesEngine()
    prices = engine.catalog.rules.dice_price
    checked = 0
    for seats, seed in ((2, 3), (4, 4)):
        rng = Rng(seed, 0, "fast-paths-chosen")
        for s in _random_states(options, seats, seed)[::3]:
            ctx = Ctx(s, engine.catalog)
            for seat in range(seats):
                for colour in COLOURS:
                    rules = [r for _, r in needs.usable_rules(ctx, seat, colour)]
                    rules.append(GroupRule(frozenset(COLOURS), set_each=4))
                    for rule in rules:
                        pool = _brute_candidates(s, seat, rule, [])
                        assert dice.candidates(s, seat, rule, []) == pool
                        chosen = [pool[rng.below(len(pool))]] if pool else []
                        got = dice.candidates(s, seat, rule, chosen)
                        assert got == _brute_candidates(s, seat, rule, chosen)
                        if not rule.free_one_per_district:
                            combos = sorted(dice.combos(s, seat, rule, prices))
                            assert combos == _brute_combos(s, seat, rule, prices)
                        checked += 1
    assert checked > 1000


@pytest.mark.parametrize("options", [{}, ALL_LADIES], ids=["base", "ladies"])
def test_feasibility_matches_brute_force(options):
    engine = TroyesEngine()
    prices = engine.catalog.rules.dice_price
    checked = 0
    for s in _random_states(options, 4, 5)[::2]:
        ctx = Ctx(s, engine.catalog)
        cards = actions_phase.revealed(ctx)
        asks = [("card", c) for c in cards] + [("event", e) for e in s.queue]
        asks += [("cathedral", ""), ("agriculture", "")]
        for seat in range(s.seats):
            for action, target in asks:
                need = needs._need(ctx, seat, action, target)
                got = needs.feasible(ctx, seat, action, target)
                if need is None:
                    assert not got
                    continue
                colour, threshold, budget = need
                skip = target if action == "card" else ""
                rules = [r for c, r in needs.usable_rules(ctx, seat, colour) if not c or c != skip]
                want = any(
                    cost <= budget and total >= threshold
                    for rule in rules
                    for cost, total in _brute_combos_any(s, seat, rule, prices)
                )
                assert got == want, (s.version, seat, action, target)
                checked += 1
    assert checked > 500


def _brute_combos_any(
    s: TroyesState, seat: int, rule: GroupRule, prices: tuple[int, ...]
) -> list[tuple[int, int]]:
    """Return `_brute_combos`, or for free dice (one per district) every free choice."""
    if not rule.free_one_per_district:
        return _brute_combos(s, seat, rule, prices)
    best: dict[int, int] = {}
    for d, _c, v, _ in _brute_candidates(s, seat, rule, []):
        best[d] = max(best.get(d, 0), v)
    values = sorted(best.values(), reverse=True)
    top = min(rule.max_dice, len(values))
    return [(0, rule.total(values[:k])) for k in range(1, top + 1)]


def _brute_addable(
    s: TroyesState, seat: int, rule: GroupRule, need: tuple[int, int, tuple[int, ...]]
) -> dice.Chosen:
    """Return the candidate dice with which some completion of the group is affordable."""
    threshold, budget, prices = need
    chosen = s.plan.dice
    out = []
    for die in _brute_candidates(s, seat, rule, chosen):
        rest = [
            (d, v)
            for d, district in enumerate(s.districts)
            for c, v in district
            if c in rule.colours or (c == WILD and d == seat)
        ]
        for d, _c, v, _ in [*chosen, die]:
            rest.remove((d, v))
        group_ = [(d, v) for d, _, v, _ in [*chosen, die]]
        room = rule.max_dice - len(group_)
        for k in range(room + 1):
            if any(
                sum(d != seat for d, _ in g) * prices[len(g) - 1] <= budget
                and rule.total([v for _, v in g]) >= threshold
                for extra in combinations(rest, k)
                for g in [[*group_, *extra]]
            ):
                out.append(die)
                break
    return out


@pytest.mark.parametrize("options", [{}, ALL_LADIES], ids=["base", "ladies"])
def test_addable_dice_match_brute_force(options):
    engine = TroyesEngine()
    checked = 0
    for seats, seed in ((2, 6), (3, 7), (4, 8)):
        for s in _random_states(options, seats, seed):
            if s.kind != "dice" or s.reactions or s.plan.action == "citizen":
                continue
            ctx = Ctx(s, engine.catalog)
            sp = needs.planned(ctx)
            rule = needs.rule_of(sp, s.plan.cube)
            if rule.free_one_per_district or len(s.plan.dice) >= rule.max_dice:
                continue
            need = (sp.threshold, sp.budget, engine.catalog.rules.dice_price)
            got = dice.addable(s, s.turn, rule, s.plan.dice, need)
            assert got == _brute_addable(s, s.turn, rule, need), s.version
            checked += 1
    assert checked > 30


def test_outer_menu_is_empty_without_a_cube_out_there():
    engine = TroyesEngine()
    checked = 0
    for s in _random_states(ALL_LADIES, 4, 9):
        if s.kind != "turn" or s.reactions or s.phase == "over":
            continue
        ctx = Ctx(s, engine.catalog)
        for seat in range(s.seats):
            if not outer_cubes.has_cubes(s, seat):
                assert outer.menu_options(ctx, seat) == []
                checked += 1
    assert checked > 50


def test_turn_menu_cache_ignores_later_in_place_changes():
    engine = TroyesEngine()
    s = next(x for x in _random_states({}, 3, 10) if x.kind == "turn" and not x.reactions)
    before = engine.legal_actions(s)
    s.deniers[s.turn] = 0  # a test setting up a scenario changes the state in place
    s.districts[s.turn] = []
    fresh = s.clone()
    fresh.version += 1
    after = engine.legal_actions(fresh)
    assert after == _plain_legal(engine, fresh)
    assert after != before  # the change mattered, so a stale answer would have shown


def test_only_the_limited_effects_ever_cap_uses_or_hold_back_deniers():
    # need._need asks max_times and unit_cost only for effects.LIMITED: every other immediate
    # effect of the data must be unbounded and free, whatever the seat holds.
    engine = TroyesEngine()
    s = engine.new_state(ALL_LADIES, 3, 5)
    s.deniers, s.influence = [0, 0, 0], [0, 0, 0]
    ctx = Ctx(s, engine.catalog)
    refs = [c.effect for c in engine.catalog.cards.values() if c.effect is not None]
    assert {r.name for r in refs} & effects.LIMITED == effects.LIMITED
    for ref in refs:
        if ref.name not in effects.LIMITED:
            assert effects.max_times(ctx, 0, ref.name, ref.params, 0) == effects.UNBOUNDED
            assert effects.unit_cost(ref.name, ref.params) == 0
