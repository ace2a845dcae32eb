"""What an action needs and whether it can be done now: the feasibility behind every menu.

troyes.md §5.4 and troyes-cards.md R1-R9: activations = floor(total / divisor); a craftsman is
hired first (hiring cost; from the supply, a building or another card, R3); one card cube may
modify one action (R8). A target is offered only if some dice group reaches its divisor within
the deniers left once the hiring cost (and one activation's cost) is held back.

Speed: derived facts live in `ctx.memo` (dropped by `ctx.forget()` when dice or cubes change):
per seat and colour, the frontier (cost -> best total) over every usable cube rule; the totals
themselves come from `dice.frontier`, a pure function cached by dice values for all games.
"""

from dataclasses import dataclass

from engine.troyes import effects
from engine.troyes.catalog import Catalog
from engine.troyes.context import Ctx
from engine.troyes.effects import PLAIN, GroupRule
from engine.troyes.rules import dice
from engine.troyes.state import BUILDINGS, TroyesState


@dataclass(frozen=True, slots=True)
class Spec:
    """What an action needs: colour, pips per unit, deniers left for dice, usable cubes."""

    colour: str
    threshold: int
    budget: int
    rules: tuple[tuple[str, GroupRule], ...]


def needs_craftsman(s: TroyesState, seat: int, card: str) -> bool:
    """Return whether the seat must hire a craftsman before activating this card."""
    return seat not in s.craftsmen[card]


def craftsman_sources(s: TroyesState, seat: int, card: str) -> list[str]:
    """Return where a new craftsman may come from (troyes-cards.md R3)."""
    out = ["supply"] if s.supply[seat] > 0 else []
    out += [b for i, b in enumerate(BUILDINGS) if seat in s.buildings[i]]
    out += [f"card:{c}" for c, sp in s.craftsmen.items() if c != card and seat in sp]
    return out


def has_source(s: TroyesState, seat: int, card: str) -> bool:
    """Return whether `craftsman_sources` would offer anything (cheap check)."""
    if s.supply[seat] > 0 or any(seat in row for row in s.buildings):
        return True
    return any(seat in sp for c, sp in s.craftsmen.items() if c != card)


def free_spaces(ctx: Ctx, action: str, target: str) -> int:
    """Return how many cubes the Cathedral or an event can still take."""
    s = ctx.s
    if action == "cathedral":
        return sum(map(len, ctx.cat.cathedral.levels)) - sum(map(len, s.cathedral))
    return ctx.cat.events[target].spaces - sum(s.event_cubes[target])


def _need(ctx: Ctx, seat: int, action: str, target: str) -> tuple[str, int, int] | None:
    """Return (colour, pips per unit, deniers left for dice), or None if impossible anyway."""
    s, cat = ctx.s, ctx.cat
    budget = s.deniers[seat]
    full = False  # the Cathedral or the event has no free space left
    match action:
        case "card":
            card = cat.cards[target]
            colour, threshold = card.colour, card.divisor
            if seat not in s.craftsmen[target]:  # needs_craftsman (inlined: the hot path)
                if not has_source(s, seat, target):
                    return None
                budget -= card.hire
            ref = card.effect
            if ref is not None and card.kind == "immediate" and ref.name in effects.LIMITED:
                if effects.max_times(ctx, seat, ref.name, ref.params, budget) < 1:
                    return None
                budget -= effects.unit_cost(ref.name, ref.params)  # held back for one use
        case "cathedral":
            colour, threshold = cat.cathedral.colour, cat.cathedral.divisor
            full = free_spaces(ctx, action, target) < 1
        case "event":
            ev = cat.events[target]
            colour, threshold = ev.fight_colour, ev.divisor
            full = ev.spaces <= sum(s.event_cubes[target])  # free_spaces (inlined)
        case "agriculture":
            colour, threshold = cat.rules.agriculture_colour, cat.rules.agriculture_divisor
        case _:
            return None
    if budget < 0 or full:
        return None
    return colour, threshold, budget


def _reachable(
    ctx: Ctx, seat: int, need: tuple[str, int, int], skip: str
) -> list[tuple[str, GroupRule]]:
    colour, threshold, budget = need
    memo = ctx.memo
    usable = memo.get(("cubes", seat, colour))
    if usable is None:
        usable = memo[("cubes", seat, colour)] = usable_rules(ctx, seat, colour)
    want = (threshold, budget, ctx.cat.rules.dice_price)
    return [
        (c, r)
        for c, r in usable
        if (not c or c != skip) and dice.reach_from_scratch(ctx.s, seat, r, want, memo)
    ]


def _frontier(ctx: Ctx, seat: int, colour: str, skip: str) -> tuple[tuple[int, int], ...]:
    """Return (cost, best total at that cost or less), cheapest first, over every usable rule.

    `skip` is the card being activated: its own cube may not improve it (R8).
    """
    memo = ctx.memo
    key = ("frontier", seat, colour)
    # Per seat and colour: the frontier with every usable cube under "", and the frontier
    # without card X's own cube under X (None until asked). A card whose cube is not in
    # play shares the "" answer.
    table: dict[str, tuple[tuple[int, int], ...] | None] | None = memo.get(key)
    if table is None:
        usable = memo.get(("cubes", seat, colour))
        if usable is None:
            usable = memo[("cubes", seat, colour)] = usable_rules(ctx, seat, colour)
        table = memo[key] = dict.fromkeys(c for c, _ in usable)
        table[""] = _frontier_of(ctx, seat, usable, "")
    if skip not in table:
        skip = ""
    found = table[skip]
    if found is None:
        found = table[skip] = _frontier_of(ctx, seat, memo[("cubes", seat, colour)], skip)
    return found


def _frontier_of(
    ctx: Ctx, seat: int, usable: list[tuple[str, GroupRule]], skip: str
) -> tuple[tuple[int, int], ...]:
    groups = tuple(
        (r, *dice.best_values(ctx.s, seat, r, ctx.memo)) for c, r in usable if not c or c != skip
    )
    return dice.frontier(groups, ctx.cat.rules.dice_price)


def feasible(ctx: Ctx, seat: int, action: str, target: str) -> bool:
    """Return whether the seat can carry out this action now (memoised per dice colour)."""
    need = _need(ctx, seat, action, target)
    if need is None:
        return False
    colour, threshold, budget = need
    skip = target if action == "card" else ""
    table = ctx.memo.get(("frontier", seat, colour))
    found = None if table is None else table.get(skip if skip in table else "")
    if found is None:  # not worked out yet for this seat, colour and card: see _frontier
        found = _frontier(ctx, seat, colour, skip)
    for cost, total in found:
        if cost > budget:
            return False
        if total >= threshold:
            return True
    return False


def spec(ctx: Ctx, seat: int, action: str, target: str) -> Spec | None:
    """Return what the action needs, or None if it can never be done now."""
    need = _need(ctx, seat, action, target)
    if need is None:
        return None
    reachable = _reachable(ctx, seat, need, target if action == "card" else "")
    return Spec(need[0], need[1], need[2], tuple(reachable)) if reachable else None


def planned(ctx: Ctx) -> Spec:
    """Return the need of the action being built, with the rule of its chosen cube (if any)."""
    s = ctx.s
    p = s.plan
    need = _need(ctx, s.turn, p.action, p.target)
    assert need is not None  # noqa: S101 - the target was offered only when feasible
    colour = need[0]
    rule: GroupRule | None = PLAIN[colour]
    if p.cube:
        mod = ctx.cat.cards[p.cube].modifier
        assert mod is not None  # noqa: S101 - only modifier cards offer cubes
        rule = effects.group_rule(mod.name, mod.params, colour)
    assert rule is not None  # noqa: S101
    return Spec(colour, need[1], need[2], ((p.cube, rule),))


def usable_rules(ctx: Ctx, seat: int, colour: str) -> list[tuple[str, GroupRule]]:
    """Return the plain rule and every own card cube usable for a group of `colour`."""
    usable = [("", PLAIN[colour])]
    for card_id, cubes in ctx.s.card_cubes.items():
        if cubes[seat] <= 0:
            continue
        mod = ctx.cat.cards[card_id].modifier
        if mod is not None:
            rule = effects.group_rule(mod.name, mod.params, colour)
            if rule is not None:
                usable.append((card_id, rule))
    return usable


def placement_rule(ctx: Ctx, building: str, cube: str) -> GroupRule:
    """Return the dice rule of a citizen placement with this card cube (or none)."""
    colour = ctx.cat.rules.building_colour[BUILDINGS.index(building)]
    return rule_of(Spec(colour, 0, 0, tuple(usable_rules(ctx, ctx.s.turn, colour))), cube)


def rule_of(sp: Spec, cube: str) -> GroupRule:
    """Return the group rule of the chosen cube (or of no cube)."""
    return next(r for c, r in sp.rules if c == cube)


def places_cubes(cat: Catalog, state: TroyesState) -> bool:
    """Tell whether the pending "how many" counts cubes placed (else activations of a card)."""
    plan = state.plan
    if plan.action in ("cathedral", "event"):
        return True
    if plan.action == "card":
        card = cat.cards.get(plan.target)
        return card is not None and not (
            card.effect is not None and (card.kind == "immediate" or plan.mode == "use")
        )
    return False
