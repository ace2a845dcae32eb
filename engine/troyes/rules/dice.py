"""Dice groups for actions: which dice may join, what they cost, and whether a group can work.

troyes.md §5.2: a group is 1-3 dice of one colour; dice from a rival's district are bought from
that rival, neutral dice from the bank, at 2/4/6 deniers per bought die for a group of 1/2/3
(own dice are free). A card cube's GroupRule may change the colours, size and total (effects.py).
A wild die (Ladies purple) is usable only by its owner, as the colour the group needs.
`can_reach` is the no-dead-end check: a die is offered only if the group can still be finished.
"""

from functools import lru_cache
from typing import Any

from engine.troyes.effects import GroupRule
from engine.troyes.state import WILD, TroyesState

Chosen = list[tuple[int, str, int, str]]


def candidates(
    s: TroyesState, seat: int, rule: GroupRule, chosen: Chosen
) -> list[tuple[int, str, int, str]]:
    """Return the distinct dice (district, colour, value, as_colour) that may join the group."""
    colours = rule.colours
    wild = next(iter(colours)) if len(colours) == 1 else "any"  # what the own purple die acts as
    skip = {d for d, _, _, _ in chosen} if rule.free_one_per_district else ()
    out: set[tuple[int, str, int, str]] = set()
    for district, dice in enumerate(s.districts):
        if district in skip:
            continue
        own = district == seat
        for c, v in dice:
            if c in colours:
                out.add((district, c, v, ""))
            elif own and c == WILD:
                out.add((district, c, v, wild))
    if chosen:  # a die is still free only if its district holds more of it than were chosen
        used: dict[tuple[int, str, int], int] = {}
        for d, c, v, _ in chosen:
            used[(d, c, v)] = used.get((d, c, v), 0) + 1
        for (d, c, v), n in used.items():
            if s.districts[d].count((c, v)) <= n:
                out.discard((d, c, v, ""))
                out.discard((d, c, v, wild))
    return sorted(out)


def price(
    s: TroyesState, seat: int, rule: GroupRule, chosen: Chosen, prices: tuple[int, ...]
) -> int:
    """Return what buying the group's dice costs (own dice and free dice cost nothing)."""
    if rule.free_one_per_district or not chosen:
        return 0
    bought = sum(1 for d, _, _, _ in chosen if d != seat)
    return bought * prices[len(chosen) - 1]


def _values(
    s: TroyesState, seat: int, rule: GroupRule, chosen: Chosen
) -> tuple[list[int], list[int]]:
    """Return the values of the own and of the other dice still free to join, highest first."""
    colours = rule.colours
    own: list[int] = []
    others: list[int] = []
    for d, dice in enumerate(s.districts):
        target = own if d == seat else others
        for c, v in dice:
            if c in colours or (c == WILD and d == seat):
                target.append(v)
    for d, _, v, _ in chosen:
        (own if d == seat else others).remove(v)
    own.sort(reverse=True)
    others.sort(reverse=True)
    return own, others


def _free_values(s: TroyesState, seat: int, rule: GroupRule, chosen: Chosen) -> list[int]:
    best: dict[int, int] = {}
    for d, _, v, _ in candidates(s, seat, rule, chosen):
        best[d] = max(best.get(d, 0), v)
    return sorted(best.values(), reverse=True)


def _pools(
    s: TroyesState, seat: int, memo: dict[Any, Any]
) -> dict[str, tuple[list[int], list[int]]]:
    """Return, per die colour, the values of the seat's own and of the other dice (memoised)."""
    key = ("pools", seat)
    found: dict[str, tuple[list[int], list[int]]] | None = memo.get(key)
    if found is None:
        found = {}
        for d, district in enumerate(s.districts):
            for c, v in district:
                pair = found.get(c)
                if pair is None:
                    pair = found[c] = ([], [])
                pair[0 if d == seat else 1].append(v)
        memo[key] = found
    return found


def best_values(
    s: TroyesState, seat: int, rule: GroupRule, memo: dict[Any, Any]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return the highest own and other values a new group under `rule` may take, best first.

    Only the top `max_dice` of each matter to `combos`; with free dice (one per district, the
    Tithe) every value is an "other" one and costs nothing.
    """
    if rule.free_one_per_district:
        return (), tuple(_free_values(s, seat, rule, [])[: rule.max_dice])
    pools = _pools(s, seat, memo)
    own: list[int] = [*pools.get(WILD, ((), ()))[0]]
    others: list[int] = []
    for colour in rule.colours:
        pair = pools.get(colour)
        if pair is not None:
            own += pair[0]
            others += pair[1]
    own.sort(reverse=True)
    others.sort(reverse=True)
    return tuple(own[: rule.max_dice]), tuple(others[: rule.max_dice])


# A pure function of a few small values (dice are 1-6, groups at most 3): shared by all games.
@lru_cache(maxsize=1 << 14)
def combos_of(
    rule: GroupRule, own: tuple[int, ...], others: tuple[int, ...], prices: tuple[int, ...]
) -> tuple[tuple[int, int], ...]:
    """Return (cost, best total) for every group size and own/bought split of these values."""
    if rule.free_one_per_district:
        top = min(rule.max_dice, len(others))
        return tuple((0, rule.total(list(others[:k]))) for k in range(1, top + 1))
    own_sum = [0]
    for v in own:
        own_sum.append(own_sum[-1] + v)
    other_sum = [0]
    for v in others:
        other_sum.append(other_sum[-1] + v)
    out = []
    for size in range(1, rule.max_dice + 1):
        for b in range(min(size, len(others)) + 1):
            if size - b < len(own_sum):
                pips = own_sum[size - b] + other_sum[b]
                if rule.set_each:
                    total = rule.set_each * size
                else:
                    total = pips * rule.multiply + rule.add_group + rule.add_each * size
                out.append((b * prices[size - 1], total))
    return tuple(out)


def combos(
    s: TroyesState,
    seat: int,
    rule: GroupRule,
    prices: tuple[int, ...],
    memo: dict[Any, Any] | None = None,
) -> tuple[tuple[int, int], ...]:
    """Return (cost, best total) for every group size and own/bought split from scratch."""
    own, others = best_values(s, seat, rule, {} if memo is None else memo)
    return combos_of(rule, own, others, prices)


@lru_cache(maxsize=1 << 14)
def frontier(
    groups: tuple[tuple[GroupRule, tuple[int, ...], tuple[int, ...]], ...],
    prices: tuple[int, ...],
) -> tuple[tuple[int, int], ...]:
    """Return (cost, best total at that cost or less), cheapest first, over `combos_of` groups."""
    pairs = sorted(
        pair for rule, own, others in groups for pair in combos_of(rule, own, others, prices)
    )
    found: list[tuple[int, int]] = []
    best = -1
    for cost, total in pairs:
        if total > best:
            best = total
            found.append((cost, best))
    return tuple(found)


def reach_from_scratch(
    s: TroyesState,
    seat: int,
    rule: GroupRule,
    need: tuple[int, int, tuple[int, ...]],
    memo: dict[Any, Any],
) -> bool:
    """Return whether a new group under `rule` can reach the threshold (memoised per rule)."""
    key = (seat, id(rule))  # rules live in the memo (or are constants) while it lives
    found = memo.get(key)
    if found is None:
        found = memo[key] = combos(s, seat, rule, need[2], memo)
    threshold, budget, _ = need
    return any(cost <= budget and total >= threshold for cost, total in found)


def _completes(
    rule: GroupRule,
    base: list[int],
    bought0: int,
    pools: tuple[list[int], list[int]],
    need: tuple[int, int, tuple[int, ...]],
) -> bool:
    """Return whether `base` plus the best of the pools reaches the threshold in budget."""
    threshold, budget, prices = need
    own, others = pools
    for extra in range(rule.max_dice - len(base) + 1):
        size = len(base) + extra
        if size == 0:
            continue
        for b in range(min(extra, len(others)) + 1):
            if extra - b > len(own) or (bought0 + b) * prices[size - 1] > budget:
                continue
            if rule.total(base + own[: extra - b] + others[:b]) >= threshold:
                return True
    return False


def can_reach(
    s: TroyesState,
    seat: int,
    rule: GroupRule,
    chosen: Chosen,
    need: tuple[int, int, tuple[int, ...]],
) -> bool:
    """Return whether the group can be completed to `threshold` within `budget` deniers.

    `need` is (threshold, budget, prices). Totals only grow with values, so the best completion
    takes the highest own and the highest bought dice; every split of own/bought is tried.
    """
    pools: tuple[list[int], list[int]]
    if rule.free_one_per_district:
        pools = ([], _free_values(s, seat, rule, chosen))
        need = (need[0], 1 << 30, need[2])  # Tithing dice are free
    else:
        pools = _values(s, seat, rule, chosen)
    bought0 = sum(1 for d, _, _, _ in chosen if d != seat)
    return _completes(rule, [v for _, _, v, _ in chosen], bought0, pools, need)


def addable(
    s: TroyesState,
    seat: int,
    rule: GroupRule,
    chosen: Chosen,
    need: tuple[int, int, tuple[int, ...]],
) -> list[tuple[int, str, int, str]]:
    """Return the candidate dice after which the group can still be completed."""
    pool = candidates(s, seat, rule, chosen)
    if rule.free_one_per_district:
        return [die for die in pool if can_reach(s, seat, rule, [*chosen, die], need)]
    own, others = _values(s, seat, rule, chosen)
    base = [v for _, _, v, _ in chosen]
    bought0 = sum(1 for d, _, _, _ in chosen if d != seat)
    out = []
    done: dict[tuple[bool, int], bool] = {}  # the answer depends on whose die and its value only
    for die in pool:
        d, _, v, _ = die
        mine = d == seat
        ok = done.get((mine, v))
        if ok is None:
            left = (own[:], others) if mine else (own, others[:])
            left[0 if mine else 1].remove(v)
            ok = done[(mine, v)] = _completes(rule, [*base, v], bought0 + (not mine), left, need)
        if ok:
            out.append(die)
    return out


def remove_dice(s: TroyesState, chosen: Chosen) -> None:
    """Take the group's dice out of their districts (back to the general supply)."""
    for d, c, v, _ in chosen:
        s.districts[d].remove((c, v))


def any_dice(s: TroyesState) -> bool:
    """Return whether any district still holds a die."""
    return any(s.districts)
