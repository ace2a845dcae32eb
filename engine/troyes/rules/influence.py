"""Influence uses (troyes.md §5.3): before an action or before countering a black die.

Reroll one own die for 1, flip 1-3 own dice to the opposite face for 4, hire a citizen from
the general supply for 2 (up to 12 citizens owned). Never on bought or neutral dice: only dice
in the seat's own district can be chosen, and the menu is only open before any die is picked.
"""

from engine.troyes.actions import Action, Back, FlipDie, FlipDone, HireCitizen, Reroll, StartFlip
from engine.troyes.context import Ctx, owned
from engine.troyes.events import InfluenceUsed
from engine.troyes.state import WILD, Plan


def menu(ctx: Ctx) -> list[Action]:
    """Return the influence uses open to the deciding seat (empty if none)."""
    s, r = ctx.s, ctx.cat.rules
    seat = s.turn
    inf = s.influence[seat]
    own = sorted(set(s.districts[seat]))
    out: list[Action] = []
    if inf >= r.reroll_cost:
        # Ladies: rerolling the purple die costs 2 deniers more (troyes.md §10.4).
        rich = s.deniers[seat] >= ctx.cat.ladies.purple_reroll_deniers
        out += [Reroll(c, v) for c, v in own if c != WILD or rich]
    if inf >= r.flip_cost and own:
        out.append(StartFlip())
    if inf >= r.hire_cost and owned(s, seat) < r.citizen_cap:
        out.append(HireCitizen())
    return out


def any_use(ctx: Ctx) -> bool:
    """Return whether `menu` would offer anything (cheap check for the turn menu)."""
    s, r = ctx.s, ctx.cat.rules
    inf = s.influence[s.turn]
    if inf >= r.reroll_cost and s.districts[s.turn]:
        return True
    return inf >= r.hire_cost and owned(s, s.turn) < r.citizen_cap


def open_menu(ctx: Ctx) -> None:
    """Open the influence menu, remembering where to return."""
    s = ctx.s
    s.plan = Plan(back=s.kind, target=s.plan.target, left=s.plan.left)
    s.kind = "influence"


def back(ctx: Ctx) -> None:
    """Leave the flip selection or the influence menu."""
    s = ctx.s
    if s.kind == "flip":
        s.plan.dice = []
        s.kind = "influence"
        return
    s.kind = s.plan.back or "turn"
    if not s.plan.count:  # left without using it: not offered again in this decision
        s.declined.append("influence")
    s.plan = Plan(target=s.plan.target, left=s.plan.left)  # left: a counter's surplus


def influence_actions(ctx: Ctx) -> list[Action]:
    """Return the influence menu with a way back."""
    return [*menu(ctx), Back()]


def _after(ctx: Ctx) -> None:
    if not menu(ctx):
        back(ctx)


def reroll(ctx: Ctx, colour: str, value: int) -> None:
    """Reroll one own die."""
    s = ctx.s
    seat = s.turn
    new = ctx.random().die()
    ctx.forget()
    district = s.districts[seat]
    district[district.index((colour, value))] = (colour, new)
    s.influence[seat] -= ctx.cat.rules.reroll_cost
    if colour == WILD:
        s.deniers[seat] -= ctx.cat.ladies.purple_reroll_deniers
    s.plan.count += 1
    ctx.log.append(
        InfluenceUsed(seat, "reroll", ctx.cat.rules.reroll_cost, f"{colour} {value}->{new}")
    )
    _after(ctx)


def start_flip(ctx: Ctx) -> None:
    """Start choosing dice to flip."""
    ctx.s.plan.dice = []
    ctx.s.kind = "flip"


def flip_actions(ctx: Ctx) -> list[Action]:
    """Return the own dice that can still join the flip, and finishing."""
    s = ctx.s
    left = list(s.districts[s.turn])
    for _, c, v, _ in s.plan.dice:
        left.remove((c, v))
    out: list[Action] = []
    if len(s.plan.dice) < 3:
        out += [FlipDie(c, v) for c, v in sorted(set(left))]
    if s.plan.dice:
        out.append(FlipDone())
    else:
        out.append(Back())
    return out


def flip_die(ctx: Ctx, colour: str, value: int) -> None:
    """Add a die to the flip; three dice flip at once."""
    s = ctx.s
    s.plan.dice.append((s.turn, colour, value, ""))
    if len(s.plan.dice) == 3 or len(s.plan.dice) == len(s.districts[s.turn]):
        flip_done(ctx)


def flip_done(ctx: Ctx) -> None:
    """Turn the chosen dice to their opposite faces (7 - value)."""
    s = ctx.s
    seat = s.turn
    district = s.districts[seat]
    ctx.forget()
    for _, c, v, _ in s.plan.dice:
        district.remove((c, v))
    district.extend((c, 7 - v) for _, c, v, _ in s.plan.dice)
    cost = ctx.cat.rules.flip_cost
    s.influence[seat] -= cost
    s.plan.count += 1
    detail = ", ".join(f"{c} {v}" for _, c, v, _ in s.plan.dice)
    ctx.log.append(InfluenceUsed(seat, "flip", cost, detail))
    s.plan.dice = []
    s.kind = "influence"
    _after(ctx)


def hire(ctx: Ctx) -> None:
    """Take a citizen from the general supply into the personal supply."""
    s = ctx.s
    seat = s.turn
    s.supply[seat] += 1
    s.influence[seat] -= ctx.cat.rules.hire_cost
    s.plan.count += 1
    ctx.log.append(InfluenceUsed(seat, "hire", ctx.cat.rules.hire_cost, ""))
    _after(ctx)
