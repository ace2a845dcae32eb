"""Phase 3, events: reveal, then apply the queue left to right and roll the black dice.

troyes.md §4 Phase 3: the top red event plus one white or yellow event (as the red card says)
join the right end of an unlimited queue; every event in the queue acts each round. Red events
give the start player black dice (capped by the 6 in the box). Non-military events hit every
player; whoever cannot suffer one in full loses 2 VP per card. Countering the black dice is
in counter.py; flow.py decides what comes next. An event filled with cubes in phase 4 is
completed here too (`complete_if_full`).
"""

from engine.troyes import effects
from engine.troyes.context import Ctx, gain, lose_vp, order_from
from engine.troyes.events import BlackDiceRolled, EventCompleted, EventRevealed, EventSuffered
from engine.troyes.rules.ladies_setup import black_cap
from engine.troyes.state import Plan


def reveal(ctx: Ctx) -> None:
    """Reveal the round's events: the top red one and the companion colour it names."""
    s, cat = ctx.s, ctx.cat
    ctx.reveal("events")
    if s.decks["red"]:
        red = s.decks["red"][0]
        s.decks = {**s.decks, "red": s.decks["red"][1:]}  # copy-on-write (state.cow_set)
        _reveal(ctx, red)
        companion = cat.events[red].companion
        if companion and s.decks.get(companion):
            _reveal(ctx, s.decks[companion][0])
            s.decks = {**s.decks, companion: s.decks[companion][1:]}
    s.phase, s.kind = "events", "shield"  # Ladies h: the shield offers come first (flow.py)


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
    """Apply every event of the queue left to right, then roll the black dice to counter."""
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


def _reveal(ctx: Ctx, event: str) -> None:
    ctx.s.queue.append(event)
    ctx.s.event_cubes = {**ctx.s.event_cubes, event: [0] * ctx.s.seats}  # copy-on-write
    ctx.log.append(EventRevealed(event))


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
