"""Setup and the automatic phases of a round: 0 reveal, 1 income, 2 workforce, 5 end.

troyes.md §3 (setup by player count, snake placement, neutrals) and §4 (phases 0-2 and 5).
Each step does its own work and returns: flow.py chains them with phase 3 (events_phase.py,
counter.py) and phase 4 (actions_phase.py), and ends the game after the last round.
"""

from engine.troyes.catalog import Catalog
from engine.troyes.context import Ctx, gain, lose_vp, standing
from engine.troyes.events import (
    CardRevealed,
    CitizenPlaced,
    DiceRolled,
    IncomePaid,
    RoundEnded,
)
from engine.troyes.rules import ladies_setup
from engine.troyes.rules.buildings import citizens_home, place_citizen
from engine.troyes.state import BUILDINGS, COLOURS, NEUTRAL, WILD, Plan, TroyesState


def boxes(s: TroyesState, option: str) -> tuple[str, ...]:
    """Return the boxes a pool is drawn from: base, Ladies only, or both (troyes.md §10.1)."""
    return {"ladies": ("ladies",), "mixed": ("base", "ladies")}.get(
        s.options.get(option, "off"), ("base",)
    )


def deal(ctx: Ctx) -> None:
    """Deal activity cards, events and characters, and set the snake placement order."""
    s, cat = ctx.s, ctx.cat
    rng = ctx.random()
    activity = []
    use = boxes(s, "new_activities")
    for colour in COLOURS:
        for level in (1, 2, 3):  # still one card per colour and level (troyes.md §10.1 [I])
            pool = [
                c.id
                for c in cat.cards.values()
                if c.colour == colour and c.level == level and c.box in use
            ]
            activity.append(rng.pick(pool))
    s.activity = activity
    s.craftsmen = {c: [None] * len(cat.cards[c].spaces_vp) for c in activity}
    s.card_cubes = {c: [0] * s.seats for c in activity}
    _deal_events(ctx, boxes(s, "new_events"))
    _deal_characters(ctx)
    ladies_setup.deal(ctx)
    order = [(s.start + i) % s.seats for i in range(s.seats)]
    rounds = cat.rules.citizens[s.seats]
    s.placing = [seat for r in range(rounds) for seat in (order if r % 2 == 0 else order[::-1])]
    if s.seats == 2:
        # With 2 players the neutrals are placed first (troyes.md §3.1, sources M, P).
        for b in range(len(BUILDINGS)):
            for space in cat.rules.two_player_neutral_spaces:
                s.buildings[b][space - 1] = NEUTRAL
                s.neutral_supply -= 1
    s.turn, s.kind = s.placing[0], "start"


def _deal_events(ctx: Ctx, use: tuple[str, ...]) -> None:
    """Build the red deck and the white and yellow decks from the chosen boxes.

    The 6 Ladies events alone cannot fill a red deck of 4-6 (only 3 of them are military, an
    estimate): the Ladies reds come first and base reds fill the rest (docs/rules-gaps.md).
    """
    s, cat = ctx.s, ctx.cat
    rng = ctx.random()
    reds = [e.id for e in cat.events.values() if e.colour == "red" and not e.permanent]
    want = cat.rules.red_events[s.seats]
    chosen = rng.shuffled([e for e in reds if cat.events[e].box in use])[:want]
    if len(chosen) < want:
        chosen += rng.shuffled([e for e in reds if e not in chosen])[: want - len(chosen)]
        chosen = rng.shuffled(chosen)
    s.decks = {"red": chosen}
    for colour in ("white", "yellow"):
        s.decks[colour] = rng.shuffled(
            [e.id for e in cat.events.values() if e.colour == colour and e.box in use]
        )
    s.queue = [e.id for e in cat.events.values() if e.permanent]
    s.event_cubes = {e: [0] * s.seats for e in s.queue}


def _deal_characters(ctx: Ctx) -> None:
    """Deal the secret characters (the 9 of the Ladies replace the 6); maybe reveal one."""
    s, cat = ctx.s, ctx.cat
    rng = ctx.random()
    use = ("base", "ladies") if s.options.get("new_characters") == "on" else ("base",)
    chars = rng.shuffled([c.id for c in cat.characters.values() if c.box in use])
    per = cat.rules.characters[s.seats]
    s.characters = [chars[i * per : (i + 1) * per] for i in range(s.seats)]
    rest = chars[s.seats * per :]
    if s.options.get("reveal_character") == "on" and rest:
        s.revealed = [rest[0]]  # the variant: one more character, face up, scored by all


def place_start(ctx: Ctx, building: str, space: int) -> None:
    """Place one starting citizen, then hand over to the next in snake order (if any)."""
    s = ctx.s
    seat = s.placing.pop(0)
    b = BUILDINGS.index(building)
    place_citizen(ctx, seat, b, space)
    ctx.log.append(CitizenPlaced(seat, building, space))
    if s.placing:
        s.turn = s.placing[0]


def fill_neutrals(s: TroyesState) -> None:
    """After the snake placement, neutrals fill the empty spaces (3-4 players)."""
    for row in s.buildings:
        for i, owner in enumerate(row):
            if owner is None and s.neutral_supply > 0:
                row[i] = NEUTRAL
                s.neutral_supply -= 1


def begin_round(ctx: Ctx) -> None:
    """Start a new round: its number, the turn order's direction, phase 0 (cards revealed)."""
    s, cat = ctx.s, ctx.cat
    s.round += 1
    s.plan = Plan()
    ctx.forget()
    tournament = s.options.get("tournament") == "on" and s.seats >= 3
    s.direction = -1 if tournament and s.round == s.rounds else 1
    # Phase 0: the level-N card of each colour is revealed in round N (rounds 1-3). The move
    # that starts a round says so either way (seventh playtest item 6: rounds 4-6 did not).
    revealed = [card for card in s.activity if cat.cards[card].level == s.round]
    ctx.reveal("cards" if revealed else "round")
    ctx.log.extend(CardRevealed(card) for card in revealed)


def income(ctx: Ctx) -> None:
    """Phase 1: 10 deniers each, then salaries; a seat that cannot pay in full loses 2 VP."""
    s, r = ctx.s, ctx.cat.rules
    for seat in range(s.seats):
        salary = sum(standing(s, seat, b) * r.salary[name] for b, name in enumerate(BUILDINGS))
        gain(ctx, seat, deniers=r.income)
        paid = min(salary, s.deniers[seat])
        s.deniers[seat] -= paid
        lost = lose_vp(s, seat, r.unpaid_penalty_vp) if paid < salary else 0
        ctx.log.append(IncomePaid(seat, r.income, salary, paid, lost))


def workforce(ctx: Ctx) -> None:
    """Phase 2: one die of the building colour per standing citizen, into its district."""
    s, cat = ctx.s, ctx.cat
    rng = ctx.random()
    for district in range(s.seats + 1):
        owner = NEUTRAL if district == s.seats else district
        rolled: list[tuple[str, int]] = []
        for b, row in enumerate(s.buildings):
            colour = cat.rules.building_colour[b]
            rolled.extend((colour, rng.die()) for o in row if o == owner)
        if owner != NEUTRAL and s.options.get("purple_die") == "on":
            rolled.append((WILD, rng.die()))  # the family leader, one per player (§10.4)
        s.districts[district] = rolled
        if rolled:
            ctx.log.append(DiceRolled(district, tuple(rolled), s.neutral))


def close_round(ctx: Ctx) -> None:
    """Phase 5: pass deniers, citizens home, dice back, the start player moves on."""
    s = ctx.s
    pots = tuple(s.pot)
    for seat in range(s.seats):
        s.deniers[seat] += s.pot[seat]
    s.pot = [0] * s.seats
    s.passed = [False] * s.seats
    citizens_home(s)
    s.districts = [[] for _ in range(s.seats + 1)]
    s.black = []
    tournament = s.options.get("tournament") == "on" and s.seats >= 3
    step = -1 if tournament and s.round == s.rounds - 1 else 1
    s.start = (s.start + step) % s.seats
    ctx.log.append(RoundEnded(s.round, pots, s.start))


def new_board(seats: int, cat: Catalog, seed: int, options: dict[str, str]) -> TroyesState:
    """Return the empty board before dealing (troyes.md §3.1 figures from rules.toml)."""
    r = cat.rules
    return TroyesState(
        seed=seed,
        version=0,
        seats=seats,
        options=options,
        rounds=r.rounds[seats],
        deniers=[r.deniers] * seats,
        influence=[r.influence] * seats,
        vp=[0] * seats,
        supply=[r.citizens[seats]] * seats,
        neutral_supply=r.neutral_citizens + ladies_setup.extra_neutrals(cat, options),
        buildings=[[None] * r.building_spaces for _ in BUILDINGS],
        lying=[[] for _ in BUILDINGS],
        districts=[[] for _ in range(seats + 1)],
        won=[[] for _ in range(seats)],
        cathedral=[[] for _ in cat.cathedral.levels],
        passed=[False] * seats,
        pot=[0] * seats,
    )
