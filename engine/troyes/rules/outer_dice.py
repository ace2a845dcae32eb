"""Outer activities that move or turn dice (The Ladies of Troyes, troyes.md §10.5 g and j).

g `swap_dice`: discard 1 cube to exchange 1 own die with 1 die of each opponent, the neutral
district included, at most 3 exchanges per cube; the purple die is never exchanged. Opened
from the outer menu (`swap with <d>` -> `swap take` -> `swap give`, then another district or
`swap done`); the cube is discarded with the first exchange, so `back` before it costs nothing.
j `flip_bought`: in the dice step of an action, discard 1 cube to take a rival's or a neutral
die flipped to its opposite face (7 - value); it joins the group at once (bought as usual).
"""

from engine.troyes.actions import (
    Action,
    Back,
    FlipBought,
    SwapDone,
    SwapGive,
    SwapTake,
    SwapWith,
    TakeDie,
)
from engine.troyes.context import Ctx, has_outer_cubes, whose
from engine.troyes.rules import dice, need
from engine.troyes.rules.outer_cubes import discard, faces_with, leave_menu
from engine.troyes.state import WILD

MAX_SWAPS = 3


def _plain(district: list[tuple[str, int]]) -> list[tuple[str, int]]:
    return sorted({d for d in district if d[0] != WILD})


def _done(ctx: Ctx) -> list[int]:
    mode = ctx.s.plan.mode
    return [int(x) for x in mode.split(",")] if mode else []


def swap_targets(ctx: Ctx, seat: int) -> list[Action]:
    """Return the districts the seat may still exchange a die with under one g cube."""
    s = ctx.s
    if not _plain(s.districts[seat]):
        return []
    done = _done(ctx) if s.kind in ("swap", "swap_take", "swap_give") else []
    if not done and not faces_with(ctx, seat, "swap_dice"):
        return []
    if len(done) >= MAX_SWAPS:
        return []
    return [
        SwapWith(d, whose(s, seat, d))
        for d in range(s.seats + 1)
        if d != seat and d not in done and _plain(s.districts[d])
    ]


def swap_actions(ctx: Ctx) -> list[Action]:
    """Return the options of the exchange steps."""
    s = ctx.s
    seat = s.turn
    match s.kind:
        case "swap_take":
            picks: list[Action] = [
                SwapTake(c, v) for c, v in _plain(s.districts[int(s.plan.source)])
            ]
            return [*picks, Back()]
        case "swap_give":
            return [*(SwapGive(c, v) for c, v in _plain(s.districts[seat])), Back()]
        case _:
            return [*swap_targets(ctx, seat), SwapDone()]


def swap_with(ctx: Ctx, district: int) -> None:
    """Choose the district to exchange with."""
    ctx.s.plan.source = str(district)
    ctx.s.kind = "swap_take"


def swap_take(ctx: Ctx, colour: str, value: int) -> None:
    """Choose the die to take."""
    ctx.s.plan.cube = f"{colour} {value}"
    ctx.s.kind = "swap_give"


def swap_back(ctx: Ctx) -> None:
    """Go back one step: to the outer menu before any exchange, else to the district list."""
    s = ctx.s
    s.kind = "swap" if _done(ctx) else "outer"


def swap_give(ctx: Ctx, colour: str, value: int) -> None:
    """Make the exchange (the cube goes with the first one); then offer another district."""
    s = ctx.s
    p, seat = s.plan, s.turn
    other = int(p.source)
    c, v = p.cube.split()
    taken = (c, int(v))
    if not p.mode:
        face = faces_with(ctx, seat, "swap_dice")[0]
        discard(ctx, seat, face, "swap dice")
    s.districts[other].remove(taken)
    s.districts[seat].remove((colour, value))
    s.districts[other].append((colour, value))
    s.districts[seat].append(taken)
    ctx.forget()
    p.mode = f"{p.mode},{other}" if p.mode else str(other)
    p.cube = ""
    s.kind = "swap"
    if not swap_targets(ctx, seat):
        swap_done(ctx)


def swap_done(ctx: Ctx) -> None:
    """Stop exchanging and go back to where the outer menu was opened."""
    ctx.s.plan.mode = ""
    leave_menu(ctx)


# ---- j: flip a bought die ------------------------------------------------------------------


def flip_options(ctx: Ctx) -> list[Action]:
    """Return the bought dice the seat may take flipped, keeping the group completable."""
    s = ctx.s
    p, seat = s.plan, s.turn
    if p.action == "citizen" or not has_outer_cubes(s, seat):  # the cheap checks first
        return []
    if not faces_with(ctx, seat, "flip_bought"):
        return []
    sp = need.planned(ctx)
    rule = need.rule_of(sp, p.cube)
    if len(p.dice) >= rule.max_dice:
        return []
    want = (sp.threshold, sp.budget, ctx.cat.rules.dice_price)
    out: list[Action] = []
    for d, c, v, _ in dice.candidates(s, seat, rule, p.dice):
        if d == seat:
            continue
        tmp = s.clone()
        tmp.districts[d] = [*s.districts[d]]
        tmp.districts[d].remove((c, v))
        tmp.districts[d].append((c, 7 - v))
        if any(x[:3] == (d, c, 7 - v) for x in dice.addable(tmp, seat, rule, p.dice, want)):
            out.append(FlipBought(d, c, v, whose(s, seat, d)))
    return out


def flip_bought(ctx: Ctx, district: int, colour: str, value: int) -> TakeDie:
    """Discard the cube and flip the die; return it, to be added to the group (group.py)."""
    s = ctx.s
    face = faces_with(ctx, s.turn, "flip_bought")[0]
    discard(ctx, s.turn, face, f"flip {colour} {value}->{7 - value}")
    row = s.districts[district]
    row[row.index((colour, value))] = (colour, 7 - value)
    ctx.forget()
    s.kind = "dice"
    return TakeDie(district, colour, 7 - value)
