"""Phase 3, countering the black dice (troyes.md §4 Phase 3; A, seed FAQ; erratum).

From the start player clockwise, each player must counter the highest black die with own dice
whose total (red dice and the purple die doubled) reaches it, and may counter more at once:
one group of dice whose total reaches the black dice together, so what is left over after one
black die carries on to the next (`plan.left`); each countered die gives +1 influence. A
player who cannot loses 2 VP and keeps their dice. No buying, no card cubes; influence may be
used, and with The Ladies an outer cube (h) may counter the die. When every black die is dealt
with, flow.py starts the actions phase.
"""

from engine.troyes.actions import (
    Action,
    CounterNext,
    CounterWith,
    OpenInfluence,
    OpenOuter,
    OuterCounter,
    StopCounter,
)
from engine.troyes.actions import Concede as ConcedeAction
from engine.troyes.context import Ctx, gain, has_outer_cubes, lose_vp
from engine.troyes.events import BlackDieCountered, CounterFailed
from engine.troyes.rules import flow, outer
from engine.troyes.rules.outer_cubes import discard, faces_with
from engine.troyes.state import WILD, Plan, TroyesState


def strength(s: TroyesState, doubles: frozenset[str], die: tuple[str, int]) -> int:
    """Return what one die is worth against a black die (red and the purple die count double)."""
    return worth(doubles, die)


def worth(doubles: frozenset[str], die: tuple[str, int]) -> int:
    """Return what one die is worth against a black die, whatever the table (`strength`)."""
    return die[1] * 2 if die[0] in doubles or die[0] == WILD else die[1]


def _target(s: TroyesState) -> int:
    return int(s.plan.target) if s.plan.target else s.black[0]


def _remaining(s: TroyesState) -> list[tuple[str, int]]:
    left = list(s.districts[s.turn])
    for _, c, v, _ in s.plan.dice:
        left.remove((c, v))
    return left


def counter_actions(ctx: Ctx) -> list[Action]:
    """Return the choices against the current black die."""
    s = ctx.s
    doubles = ctx.cat.rules.double_colours
    target = _target(s)
    have = sum(strength(s, doubles, d) for d in s.districts[s.turn]) + s.plan.left
    out: list[Action] = []
    if not s.plan.dice and "influence" not in s.declined and s.influence[s.turn] > 0:
        out.append(OpenInfluence())
    if not s.plan.dice and s.outer and has_outer_cubes(s, s.turn):  # every use needs a cube
        if faces_with(ctx, s.turn, "events_shield"):
            out.append(OuterCounter())  # Ladies h: a cube counters the black die
        if "outer" not in s.declined and outer.menu_options(ctx, s.turn):
            out.append(OpenOuter())
    if have < target:
        if s.plan.target:  # a further black die is optional: stopping is always possible
            return [*out, StopCounter()]
        return [*out, ConcedeAction()] if not s.plan.dice else out
    out.extend(CounterWith(c, v) for c, v in sorted(set(_remaining(s))))
    return out


def counter_with(ctx: Ctx, colour: str, value: int) -> None:
    """Add one own die; once the total reaches the black die, it is countered."""
    s = ctx.s
    s.plan.dice.append((s.turn, colour, value, ""))
    _settle(ctx)


def _settle(ctx: Ctx) -> None:
    """Counter the target once the chosen dice plus the carried surplus reach it."""
    s, cat = ctx.s, ctx.cat
    doubles = cat.rules.double_colours
    target = _target(s)
    total = s.plan.left + sum(strength(s, doubles, (c, v)) for _, c, v, _ in s.plan.dice)
    if total < target:
        return
    used = tuple((c, v) for _, c, v, _ in s.plan.dice)
    ctx.forget()
    s.districts[s.turn] = _remaining(s)
    countered(ctx, target, used, total - target)


def countered(ctx: Ctx, target: int, used: tuple[tuple[str, int], ...], surplus: int) -> None:
    """The black die is countered: +influence, then more black dice or the next seat."""
    s, cat = ctx.s, ctx.cat
    s.black.remove(target)
    gain(ctx, s.turn, influence=cat.rules.counter_influence)
    ctx.log.append(BlackDieCountered(s.turn, target, used))
    s.plan = Plan(left=surplus)  # the surplus of the group, for a further black die
    s.declined = []
    if more_actions(ctx):
        s.kind = "counter_more"
    else:
        _next(ctx)


def outer_counter(ctx: Ctx) -> None:
    """Ladies h: discard a cube from the outer activity to counter the black die."""
    s = ctx.s
    target = _target(s)
    face = faces_with(ctx, s.turn, "events_shield")[0]
    discard(ctx, s.turn, face, f"counter {target}")
    countered(ctx, target, (), s.plan.left)  # a surplus carried from earlier dice stays


def concede(ctx: Ctx) -> None:
    """The seat cannot counter the black die: discard it and lose VP (keep own dice)."""
    s = ctx.s
    target = _target(s)
    s.black.remove(target)
    lost = lose_vp(s, s.turn, ctx.cat.rules.counter_fail_vp)
    ctx.log.append(CounterFailed(s.turn, target, lost))
    _next(ctx)


def more_actions(ctx: Ctx) -> list[Action]:
    """Return the further black dice this seat can still counter, and stopping."""
    s = ctx.s
    doubles = ctx.cat.rules.double_colours
    have = sum(strength(s, doubles, d) for d in s.districts[s.turn]) + s.plan.left
    options: list[Action] = [CounterNext(v) for v in sorted(set(s.black)) if v <= have]
    return [*options, StopCounter()] if options else []


def counter_next(ctx: Ctx, value: int) -> None:
    """Take on another black die of this value, with the surplus carried so far."""
    s = ctx.s
    s.plan = Plan(target=str(value), left=s.plan.left)
    s.kind = "counter"
    _settle(ctx)


def stop(ctx: Ctx) -> None:
    """Counter no more black dice this turn."""
    _next(ctx)


def _next(ctx: Ctx) -> None:
    s = ctx.s
    s.plan = Plan()
    s.declined = []
    if not s.black:
        flow.begin_actions(ctx)
        return
    s.turn = (s.turn + s.direction) % s.seats
    s.kind = "counter"
