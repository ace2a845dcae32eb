"""A seat's cubes on the outer activities (The Ladies of Troyes, troyes.md §10.5; seed 002).

Which dealt faces a seat may use now (it has a cube there, and no cube of that outer
activity was used in this action: the `outer:<face>` entry in `declined`, cleared when the
action ends), spending one, and the outer menu's way in and back. What each face does is in
outer.py (a, b, e, i, l and the out-of-turn f, h, k) and outer_dice.py (g, j).
"""

from engine.troyes.context import Ctx, has_outer_cubes
from engine.troyes.events import OuterUsed
from engine.troyes.state import Plan, cow_set

has_cubes = has_outer_cubes  # whether the seat has a cube out there (every use needs one)


def faces_with(ctx: Ctx, seat: int, effect: str) -> list[str]:
    """Return the dealt faces with this effect on which the seat has a cube, unused this action."""
    s, cat = ctx.s, ctx.cat
    out: list[str] = []
    if not has_cubes(s, seat):
        return out  # the common case, checked on every menu: no cube out there at all
    for face in s.outer:
        ref = cat.outer[face].effect
        usable = ref is not None and ref.name == effect and s.outer_cubes[face][seat] > 0
        if usable and f"outer:{face}" not in s.declined:
            out.append(face)
    return out


def discard(ctx: Ctx, seat: int, face: str, detail: str) -> None:
    """Take one of the seat's cubes off an outer activity; it is used for this action."""
    s = ctx.s
    s.outer_cubes = cow_set(s.outer_cubes, face, seat, s.outer_cubes[face][seat] - 1)
    s.declined.append(f"outer:{face}")
    ctx.log.append(OuterUsed(seat, face, detail))


def open_menu(ctx: Ctx) -> None:
    """Open the outer menu, remembering where to return (and a counter's target and surplus)."""
    s = ctx.s
    s.plan = Plan(back=s.kind, target=s.plan.target, left=s.plan.left)
    s.kind = "outer"


def leave_menu(ctx: Ctx) -> None:
    """Go back to the decision the menu was opened from."""
    s = ctx.s
    s.kind = s.plan.back or "turn"
    s.plan = Plan(target=s.plan.target, left=s.plan.left)
