"""Action 7 of The Ladies of Troyes: use your guard on the walls (troyes.md §10.3, seed 002).

One die of any colour (own, or bought at the price of a group of one); no card cube may modify
it, but deniers raise it 1 pip each, up to 6. Its value is the action points: each walks the
guard 1 space clockwise along the 20-space wall, or puts 1 cube on an outer activity the guard
has reached (one cube per outer activity per action; never with a die of the colour pictured
on it). Reaching a gate gives its activity for good; tiles c and d pay on arrival. At space 20
the guard stands on the level IV tile and walks no more; cubes may still be placed.
Decisions: `wall_from` (district) -> `wall_die` -> `boost` (all paid here) -> `wall` (points).
"""

from dataclasses import replace

from engine.troyes.actions import Action, Back, Boost, PlaceOuter, TakeDie, Walk, WallDone, WallFrom
from engine.troyes.catalog import Catalog
from engine.troyes.context import Ctx, gain, whose
from engine.troyes.events import DiceUsed, GuardMoved, OuterCubePlaced, OuterUsed, WallUsed
from engine.troyes.rules import flow
from engine.troyes.state import COLOURS, WILD, Plan, TroyesState, cow_set

MAX_PIPS = 6


def _gates(ctx: Ctx) -> tuple[int, ...]:
    return tuple(ctx.cat.ladies.gates)


def access(ctx: Ctx, seat: int) -> list[int]:
    """Return the levels (1-4) of the gates the seat's guard has reached."""
    pos = ctx.s.guards[seat]
    return [i + 1 for i, g in enumerate(_gates(ctx)) if pos >= g]


def _cube_levels(ctx: Ctx, seat: int, colour: str, used: str) -> list[int]:
    """Return the gates where a cube may go now with a die of `colour`."""
    s, cat = ctx.s, ctx.cat
    out = []
    for level in access(ctx, seat):
        face = cat.outer[s.outer[level - 1]]
        if face.cubes and face.die_colour != colour and str(level) not in used.split(","):
            out.append(level)
    return out


def _useful(ctx: Ctx, seat: int, colour: str) -> bool:
    """Return whether a die of this colour would give something to spend points on."""
    if ctx.s.guards[seat] < ctx.cat.ladies.wall_length:
        return True
    return bool(_cube_levels(ctx, seat, colour, ""))


def _colour_matters(ctx: Ctx, seat: int) -> bool:
    """Tell whether a purple die's colour can change this action (playtest item 125).

    Its colour plays one part on the walls: no cube goes on an outer activity with a die of
    the colour pictured there (troyes.md §10.3). So it matters only when a gate the guard has
    reached, or may reach with this die (at most MAX_PIPS points), has such an activity.
    """
    s, cat = ctx.s, ctx.cat
    reach = s.guards[seat] + MAX_PIPS
    for level, gate in enumerate(_gates(ctx), start=1):
        face = cat.outer[s.outer[level - 1]]
        if gate <= reach and face.cubes and face.die_colour in COLOURS:
            return True
    return False


def _die_options(ctx: Ctx, seat: int, district: int) -> list[tuple[int, str, int, str]]:
    out = set()
    for c, v in ctx.s.districts[district]:
        if c == WILD:
            if district != seat:  # never bought
                continue
            if _colour_matters(ctx, seat):  # its colour is chosen when used
                out |= {(district, c, v, x) for x in COLOURS if _useful(ctx, seat, x)}
            elif _useful(ctx, seat, COLOURS[0]):  # any colour does the same: not asked
                out.add((district, c, v, ""))
        elif _useful(ctx, seat, c):
            out.add((district, c, v, ""))
    return sorted(out)


def named_colour(s: TroyesState, action: Action, legal: list[Action]) -> bool:
    """Tell whether `action` takes the purple die for the walls with a colour that changes nothing.

    Such a die is offered once, with no colour (playtest item 125); games stored before that
    named a colour in their log ("die 0 purple 4 as red"), which still replays: the same die,
    the same events.
    """
    return (
        s.kind == "wall_die"
        and isinstance(action, TakeDie)
        and action.colour == WILD
        and action.as_colour in COLOURS
        and replace(action, as_colour="") in legal
    )


def districts(ctx: Ctx, seat: int) -> list[int]:
    """Return the districts the seat may take the die from (buying needs the deniers)."""
    s = ctx.s
    rich = s.deniers[seat] >= ctx.cat.rules.dice_price[0]
    return [d for d in range(s.seats + 1) if (d == seat or rich) and _die_options(ctx, seat, d)]


def feasible(ctx: Ctx, seat: int) -> bool:
    """Return whether action 7 can be taken now."""
    s = ctx.s
    if not s.guards:
        return False
    if s.guards[seat] < ctx.cat.ladies.wall_length:  # any die will do: walking is possible
        if s.districts[seat]:
            return True
        rich = s.deniers[seat] >= ctx.cat.rules.dice_price[0]
        return rich and any(c != WILD for d in s.districts for c, _ in d)  # never a purple
    return bool(districts(ctx, seat))


def start(ctx: Ctx) -> None:
    """Begin action 7: choose the district of the die (skipped when there is one)."""
    s = ctx.s
    s.plan = Plan(action="walls")
    found = districts(ctx, s.turn)
    if len(found) == 1:
        choose_district(ctx, found[0])
        return
    s.kind = "wall_from"


def choose_district(ctx: Ctx, district: int) -> None:
    """Record the district; next, the die."""
    ctx.s.plan.source = str(district)
    ctx.s.kind = "wall_die"


def step_actions(ctx: Ctx) -> list[Action]:
    """Return the options of the current step of action 7."""
    s = ctx.s
    p, seat = s.plan, s.turn
    match s.kind:
        case "wall_from":
            return [*(WallFrom(d, whose(s, seat, d)) for d in districts(ctx, seat)), Back()]
        case "wall_die":
            d = int(p.source)
            tag = whose(s, seat, d)
            return [*(TakeDie(*x, tag) for x in _die_options(ctx, seat, d)), Back()]
        case "boost":
            return [*(Boost(n) for n in range(_max_boost(ctx) + 1)), Back()]
        case _:
            return _point_actions(ctx)


def _price(ctx: Ctx) -> int:
    s = ctx.s
    return int(ctx.cat.rules.dice_price[0]) if s.plan.dice[0][0] != s.turn else 0


def _max_boost(ctx: Ctx) -> int:
    s = ctx.s
    value = s.plan.dice[0][2]
    cap = min(ctx.cat.ladies.wall_boost_max, MAX_PIPS)
    return max(0, min(cap - value, s.deniers[s.turn] - _price(ctx)))


def take_die(ctx: Ctx, die: TakeDie) -> None:
    """Record the die; next, how many deniers raise it."""
    s = ctx.s
    s.plan.dice = [(die.district, die.colour, die.value, die.as_colour)]
    s.kind = "boost"
    if _max_boost(ctx) == 0:  # a 6, or no denier to spare: nothing to choose
        boost(ctx, 0)


def _colour(ctx: Ctx) -> str:
    """Return the die's colour; "" for a purple die whose colour changes nothing here."""
    _, c, _, as_colour = ctx.s.plan.dice[0]
    return as_colour if c == WILD else c


def boost(ctx: Ctx, deniers: int) -> None:
    """Pay for the die and the boost; the action points are the raised value."""
    s = ctx.s
    p, seat = s.plan, s.turn
    d, c, v, _ = p.dice[0]
    price = _price(ctx)
    if price and d < s.seats:
        s.deniers[d] += price  # a rival is paid; neutral dice are paid to the bank
    s.deniers[seat] -= price + deniers
    s.districts[d].remove((c, v))
    ctx.forget()
    p.count = v + deniers
    ctx.log.append(DiceUsed(seat, ((d, c, v),), price, "", s.neutral))
    ctx.log.append(WallUsed(seat, (d, c, v), price, deniers, p.count))
    s.kind = "wall"
    if not _point_actions(ctx)[:-1]:
        finish(ctx)


def _point_actions(ctx: Ctx) -> list[Action]:
    s = ctx.s
    p, seat = s.plan, s.turn
    out: list[Action] = []
    if p.count > 0:
        room = ctx.cat.ladies.wall_length - s.guards[seat]
        out += [Walk(n) for n in range(1, min(p.count, room) + 1)]
        out += [PlaceOuter(lv) for lv in _cube_levels(ctx, seat, _colour(ctx), p.mode)]
    return [*out, WallDone()]


def walk(ctx: Ctx, steps: int) -> None:
    """Advance the guard; every gate reached pays its arrival effect."""
    s = ctx.s
    seat = s.turn
    before = s.guards[seat]
    s.guards[seat] = before + steps
    s.plan.count -= steps
    ctx.log.append(GuardMoved(seat, before, s.guards[seat]))
    for level, gate in enumerate(_gates(ctx), start=1):
        if before < gate <= s.guards[seat]:
            _arrive(ctx, seat, level, gate)
    _after_point(ctx)


def arrival_vp(cat: Catalog, s: TroyesState, seat: int, level: int, gate: int) -> int | None:
    """Return the VP the gate's outer tile pays `seat` for reaching it, None if it pays none.

    Tiles c and d pay whoever reaches their gate (troyes.md §10.5 c, d): the race by how
    many reached it before, the majority tile a fixed amount.
    """
    ref = cat.outer[s.outer[level - 1]].effect
    if ref is None:
        return None
    if ref.name == "arrival_race":
        earlier = sum(1 for o in range(s.seats) if o != seat and s.guards[o] >= gate)
        table = ref.params["vp"]
        return int(table[earlier]) if earlier < len(table) else 0
    if ref.name == "arrival_majority":
        return int(ref.params["arrival_vp"])
    return None


def _arrive(ctx: Ctx, seat: int, level: int, gate: int) -> None:
    """Pay whoever reaches a gate what its outer tile pays on arrival (`arrival_vp`)."""
    vp = arrival_vp(ctx.cat, ctx.s, seat, level, gate)
    if vp is None:
        return
    gain(ctx, seat, vp=vp)
    ctx.log.append(OuterUsed(seat, ctx.s.outer[level - 1], f"arrival {vp} VP"))


def place(ctx: Ctx, level: int) -> None:
    """Spend 1 point on a cube on the outer activity of this gate."""
    s = ctx.s
    seat = s.turn
    face = s.outer[level - 1]
    s.outer_cubes = cow_set(s.outer_cubes, face, seat, s.outer_cubes[face][seat] + 1)
    s.plan.count -= 1
    s.plan.mode = f"{s.plan.mode},{level}" if s.plan.mode else str(level)
    ctx.log.append(OuterCubePlaced(seat, face))
    _after_point(ctx)


def _after_point(ctx: Ctx) -> None:
    if len(_point_actions(ctx)) == 1:
        finish(ctx)


def finish(ctx: Ctx) -> None:
    """End action 7 (unspent points are lost); rivals whose die was bought may react."""
    flow.end_action(ctx)
