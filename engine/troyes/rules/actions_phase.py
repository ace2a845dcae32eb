"""Phase 4, actions: in turn order each player acts with a dice group or passes.

The phase ends when all have passed or no die is left (troyes.md §5.1): flow.py hands the turn
on and ends the round.

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
from engine.troyes.context import Ctx
from engine.troyes.events import Passed
from engine.troyes.rules import flow, group, influence, need, outer, outer_dice, walls
from engine.troyes.rules.outer_cubes import has_cubes, leave_menu
from engine.troyes.state import BUILDINGS, Plan

MAX_CHOICES = 25


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
        if _entry("event", e) not in s.declined and need.feasible(ctx, s.turn, "event", e)
    ]


def events_menu(ctx: Ctx) -> list[tuple[Action, bool]]:
    """Return the events that can be fought, True for one backed out of (item 67)."""
    s = ctx.s
    return [
        (ChooseEvent(e), _entry("event", e) in s.declined)
        for e in s.queue
        if need.feasible(ctx, s.turn, "event", e)
    ]


# The doable targets of a turn menu, before the seat's declined entries are taken out:
# (entry, action) for cards, Cathedral, agriculture, buildings and the walls, then the events.
Targets = tuple[list[tuple[str, Action]], list[tuple[str, Action]]]


def _hire(ctx: Ctx, seat: int, card: str) -> int:
    """Return what hiring a craftsman for `card` costs first (0: the seat has one there)."""
    return ctx.cat.cards[card].hire if need.needs_craftsman(ctx.s, seat, card) else 0


def targets(ctx: Ctx) -> Targets:
    """Return every target the deciding seat can do now, whatever it declined (pure)."""
    s = ctx.s
    seat = s.turn
    main: list[tuple[str, Action]] = [
        (_entry("card", c), ChooseCard(c, _hire(ctx, seat, c)))
        for c in revealed(ctx)
        if need.feasible(ctx, seat, "card", c)
    ]
    if need.feasible(ctx, seat, "cathedral", ""):
        main.append(("cathedral:", ChooseCathedral()))
    if need.feasible(ctx, seat, "agriculture", ""):
        main.append(("agriculture:", ChooseAgriculture()))
    if s.supply[seat] > 0:
        main += [
            (_entry("citizen", b), ChooseBuilding(b)) for b in BUILDINGS if group.can_place(ctx, b)
        ]
    if s.guards and walls.feasible(ctx, seat):  # Ladies: action 7
        main.append(("walls:", Walls()))
    events: list[tuple[str, Action]] = [
        (_entry("event", e), ChooseEvent(e))
        for e in s.queue
        if need.feasible(ctx, seat, "event", e)
    ]
    return main, events


def turn_actions(ctx: Ctx, found: Targets | None = None) -> list[Action]:
    """Return the turn menu: pass, influence, and every target that can be done now.

    `found` is `targets(ctx)` when the caller already has it (the engine keeps it while the
    game content stays the same, e.g. after backing out of a sub-menu).
    """
    return [act for act, off in turn_menu(ctx, found) if not off]


def turn_menu(ctx: Ctx, found: Targets | None = None) -> list[tuple[Action, bool]]:
    """Return the turn menu with the entries backed out of in their places (True: declined).

    The legal actions are the entries not declined, in this order (`turn_actions`); the
    declined ones are where they stood before the back, so the controls can keep them in
    place, disabled (playtest item 67).
    """
    s = ctx.s
    seat = s.turn
    main, events = found or targets(ctx)
    no = s.declined
    out: list[tuple[Action, bool]] = [(Pass(), False)]
    if influence.any_use(ctx):
        out.append((OpenInfluence(), "influence" in no))
    out += [(act, entry in no) for entry, act in main]
    # Ladies: the outer rerolls and exchanges (they depend on the declined entries, so are
    # never kept); each needs a cube of the seat out there, the cheap check comes first.
    if s.guards and has_cubes(s, seat) and outer.menu_options(ctx, seat):
        out.append((OpenOuter(), "outer" in no))
    fight = [(act, entry in no) for entry, act in events]
    if sum(not off for _, off in out) + sum(not off for _, off in fight) > MAX_CHOICES:
        return [*out, (OpenEvents(), "events" in no)]
    return out + fight


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
        leave_menu(ctx)
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
    flow.next_turn(ctx)
