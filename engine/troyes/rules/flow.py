"""What comes next: the one place that chains the phases of a round and the turns within them.

The phase modules do their own step and return; when a step ends a phase, a turn or an action,
its module calls one of the functions here (as Trajan's rules/flow.py does), and only this
module moves the game on (troyes.md §3-§6):

    place_start -> start_round: begin_round (phase 0), income (1), workforce (2)
      -> start_events (3): reveal, then the Ladies' shield offers (h), then the queue acts
      -> black dice to counter (counter.py), or straight on
      -> begin_actions (4): each action ends in end_action (the Ladies' out-of-turn offers
         f and k, one at a time), then action_done, and next_turn (passing, too)
      -> end_round (5) -> start_round, or finish after the last round.

Out-of-turn offers are `Reaction`s (reactions.py): their answers are registered here, so that
once one is answered the next offer is asked or the game goes on where it stopped.
"""

from engine.troyes.context import Ctx
from engine.troyes.events import GameEnded
from engine.troyes.rules import dice, events_phase, outer, reactions
from engine.troyes.rules import round as round_rules
from engine.troyes.scoring import final_scores, result
from engine.troyes.state import Plan, Reaction


def place_start(ctx: Ctx, building: str, space: int) -> None:
    """Place a starting citizen; after the last one, neutrals fill in and round 1 starts."""
    round_rules.place_start(ctx, building, space)
    if not ctx.s.placing:
        round_rules.fill_neutrals(ctx.s)
        start_round(ctx)


def start_round(ctx: Ctx) -> None:
    """Run phases 0-3 of a new round until a player must decide."""
    round_rules.begin_round(ctx)
    round_rules.income(ctx)
    round_rules.workforce(ctx)
    start_events(ctx)


def start_events(ctx: Ctx) -> None:
    """Phase 3: reveal the events, ask the shield offers (Ladies h), then let the queue act."""
    events_phase.reveal(ctx)
    if outer.shield_offers(ctx):
        next_offer(ctx)  # the queue acts once the last offer is answered
        return
    _events_act(ctx)


def _events_act(ctx: Ctx) -> None:
    """Apply the event queue; with no black die to counter, the actions start at once."""
    events_phase.apply_queue(ctx)
    if not ctx.s.black:
        begin_actions(ctx)


def begin_actions(ctx: Ctx) -> None:
    """Phase 4: start the actions with the start player (the round ends if no die is left)."""
    s = ctx.s
    s.phase, s.kind, s.plan = "actions", "turn", Plan()
    s.passed = [False] * s.seats
    s.pot = [0] * s.seats
    s.turn = s.start
    if not dice.any_dice(s):
        end_round(ctx)


def end_action(ctx: Ctx) -> None:
    """An action is over: offer f and k to the seats it concerns, then play on."""
    if not ctx.s.outer:
        action_done(ctx)
        return
    outer.queue_action_offers(ctx)
    next_offer(ctx)


def action_done(ctx: Ctx) -> None:
    """An action was carried out: passed players gain a denier, the next seat plays."""
    s = ctx.s
    for seat in range(s.seats):
        if s.passed[seat]:
            s.pot[seat] += ctx.cat.rules.pass_per_action
    next_turn(ctx)


def next_turn(ctx: Ctx) -> None:
    """Hand the turn to the next seat that has not passed; end the round when none can act."""
    s = ctx.s
    s.plan = Plan()
    s.kind = "turn"
    s.declined = []
    if not dice.any_dice(s):
        end_round(ctx)
        return
    for step in range(1, s.seats + 1):
        seat = (s.turn + step * s.direction) % s.seats
        if not s.passed[seat]:
            s.turn = seat
            return
    end_round(ctx)


def next_offer(ctx: Ctx) -> None:
    """Ask the next offer that is really possible, or carry on with the game."""
    s = ctx.s
    while s.offers:
        kind, seat, data = s.offers.pop(0).split("|")
        if outer.can_offer(ctx, kind, int(seat), data):
            reactions.ask(ctx, int(seat), outer.REACTION_KINDS[kind], "decline", f"{kind}|{data}")
            return
    if s.phase == "events" and s.kind == "shield":
        _events_act(ctx)
    else:
        action_done(ctx)


def _answered(ctx: Ctx, r: Reaction, choice: str) -> None:
    outer.resolve_offer(ctx, r, choice)
    next_offer(ctx)


for _kind in outer.REACTION_KINDS.values():
    reactions.register(_kind, reactions.ReactionKind(outer.offer_choices, _answered))


def end_round(ctx: Ctx) -> None:
    """Phase 5, then the next round; after the last round the game ends."""
    round_rules.close_round(ctx)
    if ctx.s.round >= ctx.s.rounds:
        finish(ctx)
    else:
        start_round(ctx)


def finish(ctx: Ctx) -> None:
    """End the game: characters are revealed and the final scores logged."""
    s = ctx.s
    s.phase, s.kind = "over", ""
    ctx.reveal("end")
    totals = tuple(sum(b.values()) for b in final_scores(s, ctx.cat))
    ranks = result(s, ctx.cat).ranks
    order = tuple(sorted(range(s.seats), key=lambda seat: ranks[seat]))  # the winner first
    ctx.log.append(GameEnded(totals, tuple(tuple(c) for c in s.characters), order))
