"""Dice groups for actions: which dice may join, what they cost, and whether a group can work.

troyes.md §5.2: a group is 1-3 dice of one colour; dice from a rival's district are bought from
that rival, neutral dice from the bank, at 2/4/6 deniers per bought die for a group of 1/2/3
(own dice are free). A card cube's GroupRule may change the colours, size and total (effects.py).
A wild die (Ladies purple) is usable only by its owner, as the colour the group needs.
`can_reach` is the no-dead-end check: a die is offered only if the group can still be finished.
"""

from engine.troyes.effects import GroupRule
from engine.troyes.state import WILD, TroyesState

Chosen = list[tuple[int, str, int, str]]


def candidates(
    s: TroyesState, seat: int, rule: GroupRule, chosen: Chosen
) -> list[tuple[int, str, int, str]]:
    """Return the distinct dice (district, colour, value, as_colour) that may join the group."""
    used: dict[tuple[int, str, int], int] = {}
    for d, c, v, _ in chosen:
        used[(d, c, v)] = used.get((d, c, v), 0) + 1
    taken_districts = {d for d, _, _, _ in chosen}
    out: set[tuple[int, str, int, str]] = set()
    colours = rule.colours
    single = next(iter(colours)) if len(colours) == 1 else ""
    for district, dice in enumerate(s.districts):
        if rule.free_one_per_district and district in taken_districts:
            continue
        seen: dict[tuple[str, int], int] = {}
        for c, v in dice:
            seen[(c, v)] = seen.get((c, v), 0) + 1
        for (c, v), n in seen.items():
            if n <= used.get((district, c, v), 0):
                continue
            if c in colours:
                out.add((district, c, v, ""))
            elif c == WILD and district == seat:
                out.add((district, c, v, single or "any"))
    return sorted(out)


def price(
    s: TroyesState, seat: int, rule: GroupRule, chosen: Chosen, prices: tuple[int, ...]
) -> int:
    """Return what buying the group's dice costs (own dice and free dice cost nothing)."""
    if rule.free_one_per_district or not chosen:
        return 0
    bought = sum(1 for d, _, _, _ in chosen if d != seat)
    return bought * prices[len(chosen) - 1]


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
    threshold, budget, prices = need
    pool = candidates(s, seat, rule, chosen)
    if rule.free_one_per_district:
        best: dict[int, int] = {}
        for d, _, v, _ in pool:
            best[d] = max(best.get(d, 0), v)
        own: list[int] = []
        others = sorted(best.values(), reverse=True)
    else:
        own = sorted((v for d, _, v, _ in _expand(s, pool, chosen) if d == seat), reverse=True)
        others = sorted((v for d, _, v, _ in _expand(s, pool, chosen) if d != seat), reverse=True)
    base = [v for _, _, v, _ in chosen]
    bought0 = sum(1 for d, _, _, _ in chosen if d != seat)
    for extra in range(rule.max_dice - len(chosen) + 1):
        size = len(chosen) + extra
        if size == 0:
            continue
        for b in range(extra + 1):
            if b > len(others) or extra - b > len(own):
                continue
            cost = 0 if rule.free_one_per_district else (bought0 + b) * prices[size - 1]
            if cost > budget:
                continue
            if rule.total(base + own[: extra - b] + others[:b]) >= threshold:
                return True
    return False


def _expand(
    s: TroyesState, pool: list[tuple[int, str, int, str]], chosen: Chosen
) -> list[tuple[int, str, int, str]]:
    """Return every remaining die (with repeats) behind the distinct candidates."""
    out = []
    for d, c, v, a in pool:
        n = s.districts[d].count((c, v)) - sum(1 for x in chosen if x[:3] == (d, c, v))
        out.extend([(d, c, v, a)] * n)
    return out


def remove_dice(s: TroyesState, chosen: Chosen) -> None:
    """Take the group's dice out of their districts (back to the general supply)."""
    for d, c, v, _ in chosen:
        s.districts[d].remove((c, v))


def any_dice(s: TroyesState) -> bool:
    """Return whether any district still holds a die."""
    return any(s.districts)
