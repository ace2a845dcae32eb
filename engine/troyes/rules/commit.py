"""Phase 4: paying for a chosen action and carrying it out (after group.py's choices).

Nothing is paid before this point (so `Back` is always safe): the craftsman is hired, the dice
are bought (2/4/6 per bought die by group size, to the rival or the bank), the card cube is
spent, then the card, the Cathedral, the event or agriculture does its work, and flow.py
takes over (`end_action`). The Ladies' outer bonus (outer.py) is asked once, just before paying.
"""

from engine.troyes import effects
from engine.troyes.context import Ctx, gain
from engine.troyes.effects import GroupRule
from engine.troyes.events import (
    AgricultureUsed,
    CardActivated,
    CathedralBuilt,
    CitizenPlaced,
    CraftsmanHired,
    DiceUsed,
    EventFought,
)
from engine.troyes.rules import dice, events_phase, flow, outer
from engine.troyes.rules.buildings import place_citizen
from engine.troyes.rules.need import free_spaces, placement_rule, planned, rule_of
from engine.troyes.state import BUILDINGS, cow_set


def _pay_group(ctx: Ctx, rule: GroupRule) -> None:
    s, cat = ctx.s, ctx.cat
    p, seat = s.plan, s.turn
    paid = dice.price(s, seat, rule, p.dice, cat.rules.dice_price)
    if paid:
        each = cat.rules.dice_price[len(p.dice) - 1]
        for d, _, _, _ in p.dice:
            if d != seat and d < s.seats:
                s.deniers[d] += each  # a rival is paid; neutral dice are paid to the bank
    s.deniers[seat] -= paid
    ctx.forget()
    if p.cube:
        s.card_cubes = cow_set(s.card_cubes, p.cube, seat, s.card_cubes[p.cube][seat] - 1)
    used = tuple((d, c, v) for d, c, v, _ in p.dice)
    ctx.log.append(DiceUsed(seat, used, paid, p.cube, s.neutral))
    dice.remove_dice(s, p.dice)


def _hire(ctx: Ctx) -> None:
    s, cat = ctx.s, ctx.cat
    p, seat = s.plan, s.turn
    if not p.source:
        return
    if p.source == "supply":
        s.supply[seat] -= 1
    elif p.source.startswith("card:"):
        old = p.source[5:]
        s.craftsmen = cow_set(s.craftsmen, old, s.craftsmen[old].index(seat), None)
    else:
        row = s.buildings[BUILDINGS.index(p.source)]
        row[len(row) - 1 - row[::-1].index(seat)] = None
    s.craftsmen = cow_set(s.craftsmen, p.target, s.craftsmen[p.target].index(None), seat)
    cost = cat.cards[p.target].hire
    s.deniers[seat] -= cost
    ctx.log.append(CraftsmanHired(seat, p.target, p.source, cost))


def choose_bonus(ctx: Ctx, face: str, card: str) -> None:
    """Record the chosen outer bonus (or none) and go on paying for the action."""
    p = ctx.s.plan
    p.bonus = f"{face}:{card}" if face else "none"
    if p.action == "citizen":
        commit_citizen(ctx)
    else:
        commit(ctx, p.left)


def commit(ctx: Ctx, times: int) -> None:
    """Pay for everything chosen and carry out the action `times` times."""
    s, cat = ctx.s, ctx.cat
    p, seat = s.plan, s.turn
    if outer.ask_bonus(ctx, times):  # Ladies b, e, i: asked once, before anything is paid
        return
    sp = planned(ctx)
    rule = rule_of(sp, p.cube)
    total = rule.total([v for _, _, v, _ in p.dice])
    if p.action == "card":
        _hire(ctx)
    _pay_group(ctx, rule)
    left = 0
    match p.action:
        case "card":
            left = _activate(ctx, times)
        case "cathedral":
            _build(ctx, times)
        case "event":
            cubes = s.event_cubes[p.target][seat] + times
            s.event_cubes = cow_set(s.event_cubes, p.target, seat, cubes)
            gain(ctx, seat, influence=cat.rules.cube_influence * times)
            ctx.log.append(EventFought(seat, p.target, times))
            events_phase.complete_if_full(ctx, p.target, seat)
        case "agriculture":
            amount = total // cat.rules.agriculture_divisor
            gain(ctx, seat, deniers=amount)
            ctx.log.append(AgricultureUsed(seat, amount))
    outer.apply_bonus(ctx)
    if left:
        p.left, s.kind = left, "event_cube"
        return
    flow.end_action(ctx)


def _activate(ctx: Ctx, times: int) -> int:
    s, cat = ctx.s, ctx.cat
    p, seat = s.plan, s.turn
    card = cat.cards[p.target]
    mode = p.mode or ("place" if card.kind in ("delayed", "endgame", "mixed") else "use")
    ctx.forget()
    if mode == "place":
        ctx.log.append(CardActivated(seat, p.target, times, mode))
        s.card_cubes = cow_set(s.card_cubes, p.target, seat, s.card_cubes[p.target][seat] + times)
        return 0
    if card.kind == "mixed":
        s.card_cubes = cow_set(s.card_cubes, p.target, seat, s.card_cubes[p.target][seat] - times)
    assert card.effect is not None  # noqa: S101 - checked at load time
    before = (s.deniers[seat], s.influence[seat], s.vp[seat])
    left = effects.apply_immediate(ctx, seat, card.effect.name, card.effect.params, times)
    after = (s.deniers[seat], s.influence[seat], s.vp[seat])
    change = (after[0] - before[0], after[1] - before[1], after[2] - before[2])
    ctx.log.append(CardActivated(seat, p.target, times, mode, change))
    return left


def _build(ctx: Ctx, cubes: int) -> None:
    s, cat = ctx.s, ctx.cat
    seat = s.turn
    influence = 0
    for _ in range(cubes):
        level = next(
            i for i, lv in enumerate(s.cathedral) if len(lv) < len(cat.cathedral.levels[i])
        )
        influence += cat.cathedral.levels[level][len(s.cathedral[level])]
        s.cathedral[level].append(seat)
    vp = cat.cathedral.cube_vp * cubes
    gain(ctx, seat, influence=influence, vp=vp)
    ctx.log.append(CathedralBuilt(seat, cubes, vp, influence))


def cube_on_event(ctx: Ctx, event: str) -> None:
    """Place one cube from a card effect (Archer) on an event."""
    s = ctx.s
    seat = s.turn
    s.event_cubes = cow_set(s.event_cubes, event, seat, s.event_cubes[event][seat] + 1)
    gain(ctx, seat, influence=ctx.cat.rules.cube_influence)
    ctx.log.append(EventFought(seat, event, 1))
    events_phase.complete_if_full(ctx, event, seat)
    s.plan.left -= 1
    if s.plan.left <= 0 or not any(free_spaces(ctx, "event", e) > 0 for e in s.queue):
        flow.end_action(ctx)


def commit_citizen(ctx: Ctx) -> None:
    """Pay for the die and put the citizen on its space."""
    s = ctx.s
    p, seat = s.plan, s.turn
    if outer.ask_bonus(ctx, 1):  # Ladies l: asked once, before anything is paid
        return
    b = BUILDINGS.index(p.target)
    _pay_group(ctx, placement_rule(ctx, p.target, p.cube))
    space = p.dice[0][2]
    out = place_citizen(ctx, seat, b, space)
    ctx.log.append(CitizenPlaced(seat, p.target, space, out))
    outer.apply_bonus(ctx)
    flow.end_action(ctx)
