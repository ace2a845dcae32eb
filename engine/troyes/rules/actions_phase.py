"""Phase 4, actions: in turn order each player acts with a dice group or passes.

The phase ends when all have passed or no die is left (troyes.md §5.1).

Passing is final for the round: the player's district gets 2 deniers at once (seed only) and
1 more for every action a remaining player takes afterwards (C); they are collected in phase 5.
The menu lists only targets that can really be done now (no dead ends), and groups the events
behind one entry when the whole menu would pass 25 options.
"""

from engine.troyes.actions import (
    Action,
    ChooseAgriculture,
    ChooseBuilding,
    ChooseCard,
    ChooseCathedral,
    ChooseEvent,
    OpenEvents,
    OpenInfluence,
    OpenOuter,
    Pass,
    Walls,
)
from engine.troyes.events import Passed
from engine.troyes.rules import dice, group, influence, outer, outer_dice, walls
from engine.troyes.rules.common import Ctx
from engine.troyes.state import BUILDINGS, Plan

MAX_CHOICES = 25


def begin(ctx: Ctx) -> None:
    """Start the action phase with the start player."""
    s = ctx.s
    s.phase, s.kind, s.plan = "actions", "turn", Plan()
    s.passed = [False] * s.seats
    s.pot = [0] * s.seats
    s.turn = s.start
    if not dice.any_dice(s):
        _end(ctx)


def revealed(ctx: Ctx) -> list[str]:
    """Return the activity cards face up this round."""
    cards = ctx.cat.cards
    return [c for c in ctx.s.activity if cards[c].level <= ctx.s.round]


def fightable(ctx: Ctx) -> list[Action]:
    """Return the events the deciding seat can fight now."""
    s = ctx.s
    return [
        ChooseEvent(e)
        for e in s.queue
        if _entry("event", e) not in s.declined and group.feasible(ctx, s.turn, "event", e)
    ]


def turn_actions(ctx: Ctx) -> list[Action]:
    """Return the turn menu: pass, influence, and every target that can be done now."""
    s = ctx.s
    seat = s.turn
    out: list[Action] = [Pass()]
    if "influence" not in s.declined and influence.any_use(ctx):
        out.append(OpenInfluence())
    no = s.declined
    out += [
        ChooseCard(c)
        for c in revealed(ctx)
        if _entry("card", c) not in no and group.feasible(ctx, seat, "card", c)
    ]
    if "cathedral:" not in no and group.feasible(ctx, seat, "cathedral", ""):
        out.append(ChooseCathedral())
    if "agriculture:" not in no and group.feasible(ctx, seat, "agriculture", ""):
        out.append(ChooseAgriculture())
    if s.supply[seat] > 0:
        out += [
            ChooseBuilding(b)
            for b in BUILDINGS
            if _entry("citizen", b) not in no and group.can_place(ctx, b)
        ]
    if s.guards:  # Ladies: action 7 and the outer rerolls
        if "walls:" not in no and walls.feasible(ctx, seat):
            out.append(Walls())
        if "outer" not in no and outer.menu_options(ctx, seat):
            out.append(OpenOuter())
    events = fightable(ctx)
    if len(out) + len(events) > MAX_CHOICES:
        return [*out, OpenEvents()] if "events" not in no else out
    return out + events


def choose(ctx: Ctx, action: str, target: str) -> None:
    """Start building an action on a target."""
    s = ctx.s
    s.plan = Plan(action=action, target=target)
    if action == "citizen":
        group.citizen_target(ctx)
        return
    group.after_target(ctx)


def open_events(ctx: Ctx) -> None:
    """Show the list of events that can be fought."""
    ctx.s.kind = "events"


def back(ctx: Ctx) -> None:
    """Return to the menu this choice came from; nothing was paid."""
    s = ctx.s
    if s.kind in ("influence", "flip"):
        influence.back(ctx)
        return
    if s.kind == "outer":
        outer.leave_menu(ctx)
        s.declined.append("outer")
        return
    if s.kind in ("swap_take", "swap_give"):
        outer_dice.swap_back(ctx)
        return
    if s.kind == "flip_bought":
        s.kind = "dice"
        return
    s.declined.append("events" if s.kind == "events" else _entry(s.plan.action, s.plan.target))
    s.plan = Plan()
    s.kind = "turn"


def _entry(action: str, target: str) -> str:
    return f"{action}:{target}"


def pass_turn(ctx: Ctx) -> None:
    """Pass for the round: the first deniers go to the district at once."""
    s = ctx.s
    s.passed[s.turn] = True
    s.pot[s.turn] += ctx.cat.rules.pass_first
    ctx.log.append(Passed(s.turn))
    _advance(ctx)


def action_done(ctx: Ctx) -> None:
    """An action was carried out: passed players gain a denier, the next seat plays."""
    s = ctx.s
    for seat in range(s.seats):
        if s.passed[seat]:
            s.pot[seat] += ctx.cat.rules.pass_per_action
    _advance(ctx)


def _advance(ctx: Ctx) -> None:
    s = ctx.s
    s.plan = Plan()
    s.kind = "turn"
    s.declined = []
    if not dice.any_dice(s):
        _end(ctx)
        return
    for step in range(1, s.seats + 1):
        seat = (s.turn + step * s.direction) % s.seats
        if not s.passed[seat]:
            s.turn = seat
            return
    _end(ctx)


def _end(ctx: Ctx) -> None:
    from engine.troyes.rules import round as round_rules  # noqa: PLC0415 - phases chain

    round_rules.end_round(ctx)
