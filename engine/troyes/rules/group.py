"""Phase 4 compound actions after the target is chosen: craftsman -> cube -> dice -> count.

troyes.md §5.4 and troyes-cards.md R1-R9: activations = floor(total / divisor); a craftsman
is hired first (hiring cost; from the supply, a building or another card, R3), one per player
per card (R4), and the card is then activated at least once (R7). Delayed cards take one cube
per activation; one card cube may modify one action (R8), never the black dice; on a citizen
placement only a cube that keeps die values (appendix D bars the Blacksmith and the Priest
there). Nothing is paid until the last choice, so `Back` is always safe. What a target needs
and whether it can be done at all is in need.py; the last choice hands over to commit.py.
"""

from engine.troyes import effects
from engine.troyes.actions import (
    Action,
    Back,
    Craftsman,
    CubeOnEvent,
    DiceDone,
    Mode,
    NoCube,
    OpenOuter,
    TakeDie,
    Times,
    UseCube,
)
from engine.troyes.context import Ctx, whose
from engine.troyes.effects import PLAIN, GroupRule
from engine.troyes.rules import commit, dice, outer_dice
from engine.troyes.rules.buildings import expelled_by
from engine.troyes.rules.need import (
    Spec,
    craftsman_sources,
    free_spaces,
    needs_craftsman,
    placement_rule,
    places_cubes,
    planned,
    rule_of,
    spec,
    usable_rules,
)
from engine.troyes.state import BUILDINGS, WILD, TroyesState


def after_target(ctx: Ctx) -> None:
    """Move on from a chosen target to the first choice that has more than one option."""
    s = ctx.s
    p = s.plan
    if p.action == "card" and not p.source and needs_craftsman(s, s.turn, p.target):
        sources = craftsman_sources(s, s.turn, p.target)
        if len(sources) > 1:
            s.kind = "craftsman"
            return
        p.source = sources[0]
    sp = spec(ctx, s.turn, p.action, p.target)
    assert sp is not None  # noqa: S101 - the target was offered only when feasible
    if len(sp.rules) > 1 or sp.rules[0][0]:  # ask whenever a card cube would be spent
        s.kind = "cube"
        return
    p.cube = sp.rules[0][0]
    s.kind = "dice"


def step_actions(ctx: Ctx) -> list[Action]:  # noqa: PLR0911 - one branch per step
    """Return the options of the current step of a compound action."""
    s = ctx.s
    p, seat = s.plan, s.turn
    match s.kind:
        case "craftsman":
            return [*(Craftsman(x) for x in craftsman_sources(s, seat, p.target)), Back()]
        case "cube" if p.action == "citizen":
            rules = placement_rules(ctx, p.target)
            return [*(UseCube(c) if c else NoCube() for c, _ in rules), Back()]
        case "cube":
            sp = spec(ctx, seat, p.action, p.target)
            assert sp is not None  # noqa: S101
            return [*(UseCube(c) if c else NoCube() for c, _ in sp.rules), Back()]
        case "dice" if p.action == "citizen":
            return [*placement_dice(ctx, p.target, placement_rule(ctx, p.target, p.cube)), Back()]
        case "dice":
            return _dice_actions(ctx)
        case "mode":
            return [Mode("place"), *([Mode("use")] if _can_spend(ctx) else [])]
        case "count":
            # At most 25 choices even if data allow more: the smallest and largest counts.
            counts = sorted(
                {*range(1, min(p.count, 12) + 1), *range(max(1, p.count - 12), p.count + 1)}
            )
            cubes = places_cubes(ctx.cat, s)
            return [Times(n, cubes) for n in counts]
        case "event_cube":
            return [CubeOnEvent(e) for e in s.queue if free_spaces(ctx, "event", e) > 0]
        case _:
            return []


def _can_spend(ctx: Ctx) -> bool:
    """Return whether spending a mixed card's cubes would do anything now (e.g. free spaces)."""
    s = ctx.s
    ref = ctx.cat.cards[s.plan.target].effect
    assert ref is not None  # noqa: S101 - mixed cards have an immediate part (catalog check)
    return effects.max_times(ctx, s.turn, ref.name, ref.params, s.deniers[s.turn]) >= 1


def _dice_actions(ctx: Ctx) -> list[Action]:
    s = ctx.s
    p, seat = s.plan, s.turn
    sp = planned(ctx)
    rule = rule_of(sp, p.cube)
    need = (sp.threshold, sp.budget, ctx.cat.rules.dice_price)
    out: list[Action] = []
    if len(p.dice) < rule.max_dice:
        out += [take(s, seat, *die) for die in dice.addable(s, seat, rule, p.dice, need)]
    if p.dice and _group_ok(ctx, sp, rule):
        out.append(DiceDone())
    # Ladies j: take a bought die flipped (a sub-menu keeps this one short)
    if s.outer and outer_dice.flip_options(ctx):
        out.append(OpenOuter())
    if not p.dice:
        out.append(Back())
    return out


def _group_ok(ctx: Ctx, sp: Spec, rule: GroupRule) -> bool:
    s = ctx.s
    cost = dice.price(s, s.turn, rule, s.plan.dice, ctx.cat.rules.dice_price)
    return cost <= sp.budget and rule.total([v for _, _, v, _ in s.plan.dice]) >= sp.threshold


def take(s: TroyesState, seat: int, district: int, colour: str, value: int, as_c: str) -> TakeDie:
    """Return the TakeDie option, tagged with whose district it comes from (for its label)."""
    return TakeDie(district, colour, value, as_c, whose(s, seat, district))


def placement_rules(ctx: Ctx, building: str) -> list[tuple[str, GroupRule]]:
    """Return the plain rule and each own cube that keeps die values, with a die to place."""
    colour = ctx.cat.rules.building_colour[BUILDINGS.index(building)]
    return [
        (cube, rule)
        for cube, rule in usable_rules(ctx, ctx.s.turn, colour)
        if rule.keeps_values and placement_dice(ctx, building, rule)
    ]


def citizen_target(ctx: Ctx) -> None:
    """After choosing a building: ask for a card cube when one could serve, else the die."""
    rules = placement_rules(ctx, ctx.s.plan.target)
    ctx.s.kind = "cube" if len(rules) > 1 or rules[0][0] else "dice"
    if ctx.s.kind == "dice":
        ctx.s.plan.cube = ""


def can_place(ctx: Ctx, building: str) -> bool:
    """Return whether `placement_dice` would offer a die (cheap check for the turn menu)."""
    if _can_place_plain(ctx, building):
        return True
    return any(cube for cube, _ in placement_rules(ctx, building))


def _can_place_plain(ctx: Ctx, building: str) -> bool:
    s, cat = ctx.s, ctx.cat
    seat = s.turn
    b = BUILDINGS.index(building)
    colour = cat.rules.building_colour[b]
    rich = s.deniers[seat] >= cat.rules.dice_price[0]
    seen = set()
    for d, district in enumerate(s.districts):
        if d != seat and not rich:
            continue
        for c, v in district:
            if v in seen or (c != colour and not (c == WILD and d == seat)):
                continue
            seen.add(v)
            if expelled_by(s, cat, b, v)[0]:
                return True
    return False


def placement_dice(ctx: Ctx, building: str, rule: GroupRule | None = None) -> list[Action]:
    """Return the dice the deciding seat may place a citizen with in `building`."""
    s, cat = ctx.s, ctx.cat
    seat = s.turn
    b = BUILDINGS.index(building)
    rule = rule or PLAIN[cat.rules.building_colour[b]]
    out: list[Action] = []
    for d, c, v, a in dice.candidates(s, seat, rule, []):
        paid = d != seat and not rule.free_one_per_district
        if paid and s.deniers[seat] < cat.rules.dice_price[0]:
            continue
        if expelled_by(s, cat, b, v)[0]:
            out.append(take(s, seat, d, c, v, a))
    return out


def choose_source(ctx: Ctx, source: str) -> None:
    """Record where the craftsman comes from."""
    ctx.s.plan.source = source
    after_target(ctx)


def choose_cube(ctx: Ctx, cube: str) -> None:
    """Record the card cube (or none) for this action."""
    ctx.s.plan.cube = cube
    ctx.s.kind = "dice"


def take_die(ctx: Ctx, die: TakeDie) -> None:
    """Add a die to the group; finish the group when nothing more can be added."""
    s = ctx.s
    p = s.plan
    p.dice.append((die.district, die.colour, die.value, die.as_colour))
    if p.action == "citizen":
        commit.commit_citizen(ctx)
        return
    # Finish at once when the group is full or no die is left to add (cheap checks only).
    sp = planned(ctx)
    rule = rule_of(sp, p.cube)
    full = len(p.dice) >= rule.max_dice or not dice.candidates(s, s.turn, rule, p.dice)
    if full and _group_ok(ctx, sp, rule):
        dice_done(ctx)


def take_flipped(ctx: Ctx, district: int, colour: str, value: int) -> None:
    """Ladies j: spend the cube, flip the bought die and add it to the group."""
    take_die(ctx, outer_dice.flip_bought(ctx, district, colour, value))


def dice_done(ctx: Ctx) -> None:
    """The group is complete: decide the number of activations (or commit at once)."""
    s, cat = ctx.s, ctx.cat
    p = s.plan
    if p.action == "card":
        card = cat.cards[p.target]
        if card.kind == "mixed" and s.card_cubes[p.target][s.turn] > 0 and not p.mode:
            p.count = units(ctx, p.dice)
            s.kind = "mode"
            return
    most = units(ctx, p.dice)
    p.count = most
    if most <= 1:
        commit.commit(ctx, 1)
    else:
        s.kind = "count"


def units(ctx: Ctx, chosen: list[tuple[int, str, int, str]]) -> int:
    """Return the most cubes or uses the group `chosen` gets for the plan (changes nothing).

    floor(total / divisor) (troyes.md §5.4), at most the Cathedral's or event's free spaces,
    the uses a limited card's deniers or cubes allow; agriculture is one action (its
    deniers are the total's, commit.py).
    """
    s, cat = ctx.s, ctx.cat
    p = s.plan
    sp = planned(ctx)
    rule = rule_of(sp, p.cube)
    most = rule.total([v for _, _, v, _ in chosen]) // sp.threshold
    spare = sp.budget - dice.price(s, s.turn, rule, chosen, cat.rules.dice_price)
    if p.action == "card":
        card = cat.cards[p.target]
        if card.effect is not None and (card.kind == "immediate" or p.mode == "use"):
            ref = card.effect
            if card.kind == "immediate":  # the budget held back one activation's cost
                spare += effects.unit_cost(ref.name, ref.params)
            most = min(most, effects.max_times(ctx, s.turn, ref.name, ref.params, spare))
        if p.mode == "use":
            most = min(most, s.card_cubes[p.target][s.turn])
    elif p.action in ("cathedral", "event"):
        most = min(most, free_spaces(ctx, p.action, p.target))
    elif p.action == "agriculture":
        most = 1
    return most


def choose_mode(ctx: Ctx, mode: str) -> None:
    """Mixed card: place cubes, or spend own cubes for the immediate part."""
    ctx.s.plan.mode = mode
    dice_done(ctx)
