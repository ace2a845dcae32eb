"""Phase 3, events: reveal, apply the queue left to right, then counter the black dice.

troyes.md §4 Phase 3: the top red event plus one white or yellow event (as the red card says)
join the right end of an unlimited queue; every event in the queue acts each round. Red events
give the start player black dice (capped by the 6 in the box). Non-military events hit every
player; whoever cannot suffer one in full loses 2 VP per card. Then, from the start player
clockwise, each player must counter the highest black die with own dice whose total (red dice
doubled) reaches it, and may counter more at once (A, seed FAQ): one group of dice whose total
reaches the black dice together, so what is left over after one black die carries on to the
next (`plan.left`); each countered die gives +1 influence. A player who
cannot loses 2 VP and keeps their dice (erratum). No buying, no card cubes; influence may be used.
"""

from engine.troyes import effects
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
from engine.troyes.context import Ctx, gain, has_outer_cubes, lose_vp, order_from
from engine.troyes.events import (
    BlackDiceRolled,
    BlackDieCountered,
    CounterFailed,
    EventCompleted,
    EventRevealed,
    EventSuffered,
)
from engine.troyes.rules.ladies_setup import black_cap
from engine.troyes.state import WILD, Plan, TroyesState


def start(ctx: Ctx) -> None:
    """Reveal the round's events, apply the whole queue, roll the black dice."""
    s, cat = ctx.s, ctx.cat
    ctx.irreversible = True
    if s.decks["red"]:
        red = s.decks["red"][0]
        s.decks = {**s.decks, "red": s.decks["red"][1:]}  # copy-on-write (state.cow_set)
        _reveal(ctx, red)
        companion = cat.events[red].companion
        if companion and s.decks.get(companion):
            _reveal(ctx, s.decks[companion][0])
            s.decks = {**s.decks, companion: s.decks[companion][1:]}
    s.phase, s.kind = "events", "shield"
    from engine.troyes.rules import outer  # noqa: PLC0415 - outer calls back into this module

    if outer.shield_offers(ctx):
        outer.next_offer(ctx)  # Ladies h: asked before the events act; resumes apply_queue
        return
    apply_queue(ctx)


def would_hurt(ctx: Ctx, seat: int, event: str) -> bool:
    """Return whether an event would take deniers, influence or a cube from the seat (h)."""
    s, ref = ctx.s, ctx.cat.events[event].effect
    if ref is None:
        return False
    p = ref.params
    match ref.name:
        case "lose":
            return bool(p["deniers"] and s.deniers[seat]) or bool(
                p["influence"] and s.influence[seat]
            )
        case "lose_per_citizens":
            return bool(s.deniers[seat]) and any(o == seat for row in s.buildings for o in row)
        case "lose_cube":
            if p["where"] == "cathedral":
                return any(seat in level for level in s.cathedral)
            return any(c[seat] > 0 for c in s.card_cubes.values())
        case _:
            return False


def apply_queue(ctx: Ctx) -> None:
    """Apply every event of the queue left to right, then roll the black dice."""
    s, cat = ctx.s, ctx.cat
    black = 0
    for event in list(s.queue):
        card = cat.events[event]
        if card.effect is None:
            black += card.black_dice
            continue
        if card.effect.name in effects.ONCE_EVENTS:
            once = effects.apply_event_once(ctx, card.effect.name, card.effect.params)
            ctx.log.append(EventSuffered(event, -1, once, 0))
            continue
        for seat in order_from(s, s.start):
            if f"{seat}:{event}" in s.shield:
                ctx.log.append(EventSuffered(event, seat, "shielded", 0))
                continue
            detail, full = effects.apply_event(ctx, seat, card.effect.name, card.effect.params)
            lost = 0 if full else lose_vp(s, seat, cat.rules.event_fail_vp)
            ctx.log.append(EventSuffered(event, seat, detail, lost))
    s.shield = []
    rng = ctx.random()
    s.black = sorted((rng.die() for _ in range(min(black, black_cap(ctx)))), reverse=True)
    if s.black:
        ctx.log.append(BlackDiceRolled(tuple(s.black)))
    s.phase, s.turn, s.kind, s.plan = "events", s.start, "counter", Plan()
    if not s.black:
        _to_actions(ctx)


def _reveal(ctx: Ctx, event: str) -> None:
    ctx.s.queue.append(event)
    ctx.s.event_cubes = {**ctx.s.event_cubes, event: [0] * ctx.s.seats}  # copy-on-write
    ctx.log.append(EventRevealed(event))


def _to_actions(ctx: Ctx) -> None:
    from engine.troyes.rules import actions_phase  # noqa: PLC0415 - phases chain into each other

    actions_phase.begin(ctx)


def strength(s: TroyesState, doubles: frozenset[str], die: tuple[str, int]) -> int:
    """Return what one die is worth against a black die (red and the purple die count double)."""
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
        from engine.troyes.rules import outer  # noqa: PLC0415

        if outer.faces_with(ctx, s.turn, "events_shield"):
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
    from engine.troyes.rules import outer  # noqa: PLC0415

    s = ctx.s
    target = _target(s)
    face = outer.faces_with(ctx, s.turn, "events_shield")[0]
    outer.discard(ctx, s.turn, face, f"counter {target}")
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
        _to_actions(ctx)
        return
    s.turn = (s.turn + s.direction) % s.seats
    s.kind = "counter"


def complete_if_full(ctx: Ctx, event: str, closer: int) -> None:
    """When an event's spaces are full, the majority gains its VP and it leaves the queue.

    Ties share the VP, rounded down, and the card goes to the first tied seat in turn order
    from the one who filled it (tie rules are not in the sources: docs/rules-gaps.md).
    The permanent Marauding card stays: nobody takes it and its cubes go back.
    """
    s, card = ctx.s, ctx.cat.events[event]
    cubes = s.event_cubes[event]
    if sum(cubes) < card.spaces:
        return
    best = max(cubes)
    tied = [seat for seat in order_from(s, closer) if cubes[seat] == best]
    share = card.vp // len(tied)
    vps = tuple(share if seat in tied else 0 for seat in range(s.seats))
    for seat in tied:
        gain(ctx, seat, vp=share)
    if card.permanent:
        s.event_cubes = {**s.event_cubes, event: [0] * s.seats}  # copy-on-write
        winner = -1
    else:
        s.queue.remove(event)
        s.event_cubes = {e: c for e, c in s.event_cubes.items() if e != event}
        winner = tied[0]
        s.won = [[*w, event] if i == winner else w for i, w in enumerate(s.won)]  # copy-on-write
    ctx.log.append(EventCompleted(event, winner, vps))
