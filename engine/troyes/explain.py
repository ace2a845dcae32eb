"""What a Troyes choice gets you, in one short line (at most 100 characters).

A raised die says what it counts and costs; a die of a group what the group counts and costs
with it (the price of bought dice rises with the group's size), before anything is paid; a
craftsman's source the hiring cost and what the source then lacks; a die against a black die
its worth and whether it beats it; conceding the VP lost. Also which question the "how many"
decision puts: cubes on some actions, activations of a card on others. Only what every
player sees goes into the line (dice in the districts, deniers, the rules' figures). The
influence menu, a craftsman's source, the outer activities and a further black die are
worded in explain_costs.py.
"""

from engine.core import fit, i18n
from engine.troyes import actions as a
from engine.troyes import effects, explain_costs
from engine.troyes.catalog import Catalog
from engine.troyes.context import Ctx
from engine.troyes.log_words import ROMAN, amount, building, name, player
from engine.troyes.rules import dice, walls
from engine.troyes.rules.buildings import expelled_by
from engine.troyes.rules.counter import strength
from engine.troyes.rules.group import placement_dice, placement_rules, units
from engine.troyes.rules.need import placement_rule, places_cubes, planned, rule_of
from engine.troyes.state import BUILDINGS, NEUTRAL, TroyesState

LIMIT = 100
__all__ = ["explain", "fight", "pass_question", "places_cubes", "placing", "target_line"]


def _clip(line: str) -> str:
    """Return a choice's line cut to `LIMIT` characters (a select option's description).

    Cut where a clause ends, so the figure of the clause cut short is not half said (item 88).
    """
    return fit.clip(line, LIMIT)


def explain(cat: Catalog, state: TroyesState, action: a.Action, lang: str = "en") -> str:  # noqa: PLR0912 - one line per choice kind
    """Return what choosing `action` in `state` gets ("" when the label says it all)."""
    lang = "es" if lang == "es" else "en"
    plan = state.plan
    said = explain_costs.costs(cat, state, action, lang)  # what it costs or gives (item 59)
    said = _target(cat, state, action, lang) if said is None else said  # items 70, 71
    if said is not None:
        return _clip(said)
    match action:
        case a.Boost(deniers) if plan.dice:
            line = _boost(cat, state, deniers, lang)
        case a.TakeDie() if state.kind in ("dice", "wall_die"):
            value, cost = _with_die(cat, state, action)
            key = "choices.troyes.group_cost" if cost else "choices.troyes.group_free"
            if state.kind == "wall_die":
                key = "choices.troyes.wall_cost" if cost else "choices.troyes.wall_free"
            gets = _gets(cat, state, action, value, lang) if state.kind == "dice" else ""
            line = i18n.text(lang, key, value=value, count=cost, gets=gets)
            line = _rise(cat, state, action, (value, gets), cost, lang) or line
        case a.CounterWith(colour, value) if state.kind == "counter" and state.black:
            line = _counter(cat, state, colour, value, lang)
        case a.Concede() if state.kind == "counter":
            line = i18n.text(lang, "choices.troyes.concede", count=cat.rules.counter_fail_vp)
        case a.Times(n, cubes) if state.kind == "count" and not cubes:
            # (a count of cubes says so in its label, "2 cubes": a line would only repeat it)
            if places_cubes(cat, state):
                line = i18n.text(lang, "troyes.explain.cubes", count=n)
            else:
                line = _uses(cat, state, n, lang)
        case a.Times(n, True) if state.kind == "count" and plan.action == "event":
            # what a cube on an event gives: influence now, the event's VP to the majority
            # once its spaces are full (rules data; playtest item 41)
            line = i18n.text(
                lang,
                "troyes.explain.event_cube",
                count=cat.rules.cube_influence * n,
                vp=cat.events[plan.target].vp if plan.target in cat.events else 0,
            )
        case a.ChooseCard(card) if card in cat.cards:
            # what the card does, where it is chosen (the card data's text; playtest item 40)
            found = cat.cards[card]
            said = found.text_es if lang == "es" else found.text
            line = i18n.text(lang, "troyes.explain.card", text=said, divisor=found.divisor)
        case a.ChooseCathedral():
            line = _cathedral(cat, lang)
        case a.Walk(steps) if state.guards:
            line = _gates_reached(cat, state, steps, lang)
        case _:
            return ""
    return _clip(line)


def _boost(cat: Catalog, state: TroyesState, deniers: int, lang: str) -> str:
    """Say what the walls' die counts raised by `deniers`, and what it all costs.

    A bought die's price is told apart from the raise's, so "0 deniers" in the label does not
    meet "costs 2 deniers" in its line without a why (playtest item 93).
    """
    district, _, value, _ = state.plan.dice[0]
    price = int(cat.rules.dice_price[0]) if district != state.turn else 0
    cost = price + deniers  # "1 denario", and no "0 denarios" (playtest)
    key = "troyes.explain.boost" if cost else "troyes.explain.boost_free"
    if price:
        key = "troyes.explain.boost_bought" if deniers else "troyes.explain.boost_none"
    return i18n.text(
        lang, key, value=value + deniers, count=cost,
        raised=amount(lang, "deniers", deniers), price=amount(lang, "deniers", price),
    )  # fmt: skip


def _cathedral(cat: Catalog, lang: str) -> str:
    """Return what a Cathedral cube gives and costs, from the data (playtest, 2 December)."""
    c = cat.cathedral
    spaces = [n for level in c.levels for n in level]
    return i18n.text(
        lang,
        "troyes.explain.cathedral",
        vp=c.cube_vp,
        low=min(spaces),
        high=max(spaces),
        divisor=c.divisor,
        missing=c.missing_level_vp,
    )


def fight(cat: Catalog, state: TroyesState, event: str, lang: str, prompt: bool = False) -> str:
    """Return what fighting an event takes and gives, from the data (playtest item 70).

    The colour of its dice, the pips per cube, the cubes its spaces still take (item 81: a
    group worth more cubes than that wastes its dice), the influence a cube gives now and the
    VP its majority gains once its spaces are full (commit.py, events_phase.complete_if_full).
    The option's line (`prompt` False, at most 100 characters) leaves the influence out.
    """
    lang = "es" if lang == "es" else "en"
    ev = cat.events[event]
    room = max(0, ev.spaces - sum(state.event_cubes.get(event, [])))
    line = i18n.text(
        lang,
        "troyes.explain.event_prompt" if prompt else "troyes.explain.event",
        dice=i18n.text(lang, f"troyes.explain.dice_{ev.fight_colour}"),
        divisor=ev.divisor,
        count=room,
        inf=cat.rules.cube_influence,
        vp=ev.vp,
    )
    return line if prompt else _clip(line)


def target_line(cat: Catalog, state: TroyesState, lang: str) -> str:
    """Return the sentence a fight's or a citizen's dice step adds to its prompt (70, 71).

    "Merodeador: dados rojos, 1 cubo por cada 3 puntos; …." for an event; for a citizen,
    where the die's value puts it and whom it would expel (`placing`).
    """
    lang = "es" if lang == "es" else "en"
    plan = state.plan
    if plan.action == "event" and plan.target in cat.events:
        said = fight(cat, state, plan.target, lang, prompt=True)
        return f"{name(cat, plan.target, lang)}: {said}."
    if plan.action == "citizen":
        return placing(cat, state, plan.target, lang, sentence=True)
    # what the Cathedral, an activity or agriculture gives per pips (item 108)
    if plan.action == "cathedral":
        return f"{i18n.text(lang, 'troyes.cathedral')}: {_cathedral(cat, lang)}."
    if plan.action == "card" and plan.target in cat.cards:
        card = cat.cards[plan.target]
        said = card.text_es if lang == "es" else card.text
        line = i18n.text(lang, "troyes.explain.card", text=said, divisor=card.divisor)
        return f"{name(cat, plan.target, lang)}: {line.rstrip('.')}."
    if plan.action == "agriculture":
        dice = i18n.text(lang, f"troyes.explain.dice_{cat.rules.agriculture_colour}")
        rate = cat.rules.agriculture_divisor
        line = i18n.text(lang, "troyes.explain.agriculture", dice=dice, divisor=rate)
        return f"{i18n.text(lang, 'troyes.explain.agriculture_name')}, {line}."
    return ""


def _target(cat: Catalog, state: TroyesState, action: a.Action, lang: str) -> str | None:
    """Return the line of an event to fight or a citizen to place, None if not one of them."""
    match action:
        case a.ChooseEvent(event) if event in cat.events:
            return fight(cat, state, event, lang)
        case a.ChooseBuilding(target) if state.kind == "turn":
            return placing(cat, state, target, lang)
        case a.TakeDie() if state.kind == "dice" and state.plan.action == "citizen":
            return _citizen_die(cat, state, action, lang)
    return None


def placing(
    cat: Catalog, state: TroyesState, target: str, lang: str, sentence: bool = False
) -> str:
    """Say which spaces of a building the seat's dice can put a citizen on (item 71).

    The die's value is the space; a space is free, or placing there expels a citizen (the
    Palace's occupant, or the last of a full row: `buildings.expelled_by`). `sentence`: as
    the dice step's prompt adds it, "Palacio: ….".
    """
    lang = "es" if lang == "es" else "en"
    s, b = state, BUILDINGS.index(target)
    ctx = Ctx(state, cat)  # the rules below read the state and change nothing
    values = sorted(
        {x.value for _, rule in placement_rules(ctx, target)
         for x in placement_dice(ctx, target, rule) if isinstance(x, a.TakeDie)}
    )  # fmt: skip
    if not values:
        return ""
    kinds: dict[str, list[str]] = {"free": [], "out": [], "right": [], "left": [], "push": []}
    for n in values:
        kinds[_move(cat, s, b, n)].append(str(n))
    last = len(s.buildings[b])
    said = [
        i18n.text(lang, f"troyes.explain.space_{k}", list=", ".join(ns), count=len(ns), last=last)
        for k, ns in kinds.items()
        if ns
    ]
    if kinds["right"] or kinds["left"]:  # a shifting row expels nobody: said once (item 9)
        said.append(i18n.text(lang, "troyes.explain.space_none_out"))
    line = i18n.text(lang, "troyes.explain.citizen_spaces", spaces="; ".join(said))
    if not sentence:
        return line
    # where an expelled citizen goes, which a die's line may lack room for (item 94)
    out = kinds["out"] or kinds["push"]
    back = " " + i18n.text(lang, "troyes.explain.expelled_back") if out else ""
    return f"{building(target, lang)}: {line}.{back}"


def _move(cat: Catalog, state: TroyesState, b: int, n: int) -> str:
    """Return what a citizen placed on space `n` of building `b` does to its row.

    "free"; "out": the Palace's occupant of that space is expelled; in the Bishopric and the
    City Hall the row shifts (troyes.md §5.4, `buildings.place_citizen`): "right" into a free
    space further along, else "left" into a free space before it, nobody expelled; "push" on
    a full row: it moves right and the citizen on the last space is expelled (item 109).
    """
    row = state.buildings[b]
    if row[n - 1] is None:
        return "free"
    if cat.rules.building_mode[b] == "replace":
        return "out"
    if None in row[n - 1 :]:
        return "right"
    return "left" if None in row else "push"


def _citizen_die(cat: Catalog, state: TroyesState, die: a.TakeDie, lang: str) -> str:
    """Say where a citizen placed with this die goes, whom it expels, and the die's price."""
    target = state.plan.target
    b, n = BUILDINGS.index(target), die.value
    words = {"n": n, "b": building(target, lang)}
    out = expelled_by(state, cat, b, n)[1]
    move = _move(cat, state, b, n)
    if out is not None:
        return _expels(cat, state, die, (out, move), lang)
    line = i18n.text(lang, f"troyes.explain.place_{move}", **words)
    _, cost = _with_die(cat, state, die)
    return i18n.text(lang, "troyes.explain.place_cost", line=line, count=cost) if cost else line


def _expels(
    cat: Catalog, state: TroyesState, die: a.TakeDie, expelled: tuple[int, str], lang: str
) -> str:
    """Say whose citizen the die expels and where it goes (item 94), with the die's price.

    An expelled citizen lies on the building until the round's end, then goes back to its
    owner's supply (troyes.md Phase 5; `buildings.citizens_home`). Where it goes is said
    shorter, or not at all, when the whole line would not fit a description. On a full
    shifting row the one expelled is the last space's, not the die's (`_move`, item 109).
    """
    target = state.plan.target
    out, move = expelled
    whom = "own" if out == state.turn else "neutral" if out == NEUTRAL else "rival"
    said = i18n.text(lang, f"troyes.explain.whom_{whom}", who=player(out, lang))
    _, cost = _with_die(cat, state, die)
    line = ""
    last = len(state.buildings[BUILDINGS.index(target)])
    tries = [(move, back) for back in (f"back_{whom}", "back_short", "")]
    if move == "push":  # the building is named in the prompt: said last of all (item 109)
        tries.append(("push_short", ""))
    for key, back in tries:
        gone = i18n.text(lang, f"troyes.explain.{back}") if back else ""
        words = {"n": die.value, "b": building(target, lang), "whom": said, "back": gone}
        line = i18n.text(lang, f"troyes.explain.place_{key}", last=last, **words)
        if cost:
            line = i18n.text(lang, "troyes.explain.place_cost", line=line, count=cost)
        if len(line) <= LIMIT:
            break
    return line


def _gates_reached(cat: Catalog, state: TroyesState, steps: int, lang: str) -> str:
    """Say which gate a guard's walk reaches, its outer activity and the VP on arrival.

    The figures are the rules data's (`arrival_race` by how many reached it before,
    `arrival_majority`), as the walk then pays them (`walls.arrival_vp`; playtest item 42).
    """
    seat = state.turn
    before = state.guards[seat]
    said, short = [], []
    for level, gate in enumerate(cat.ladies.gates, start=1):
        if not before < gate <= before + steps or level > len(state.outer):
            continue
        face = state.outer[level - 1]
        points = walls.arrival_vp(cat, state, seat, level, gate) or 0
        key = "troyes.explain.gate_vp" if points else "troyes.explain.gate"
        words = {"roman": ROMAN[level - 1], "x": name(cat, face, lang), "vp": points}
        said.append(i18n.text(lang, key, **words))
        short.append(i18n.text(lang, f"{key}_short", **words))
    if len(said) < 2 or len("; ".join(said)) <= LIMIT:
        return "; ".join(said)
    # Two gates at once cannot name both activities in 100 characters (item 9): the board does.
    gates = i18n.text(lang, "troyes.explain.and", a=", ".join(short[:-1]), b=short[-1])
    return i18n.text(lang, "troyes.explain.gates", gates=gates)


def _uses(cat: Catalog, state: TroyesState, times: int, lang: str) -> str:
    """Say what `times` uses of the planned card give: the effect run on a copy of the table.

    The figures are the engine's own (the card's effect in the rules data, the influence cap),
    read from what every player sees, so they are the ones the log then gives
    ("+18 deniers, -3 influence"); event cubes still to place are said as such.
    """
    card = cat.cards.get(state.plan.target)
    fallback = i18n.text(lang, "troyes.explain.uses", count=times)
    if card is None or card.effect is None:
        return fallback
    ctx, seat = Ctx(state.clone(), cat), state.turn
    s = ctx.s
    before = (s.deniers[seat], s.influence[seat], s.vp[seat])
    left = effects.apply_immediate(ctx, seat, card.effect.name, card.effect.params, times)
    after = (s.deniers[seat], s.influence[seat], s.vp[seat])
    parts = [
        ("+" if new > old else "-") + amount(lang, unit, abs(new - old))
        for unit, old, new in zip(("deniers", "influence", "vp"), before, after, strict=True)
        if new != old
    ]
    if left:
        parts.append(i18n.text(lang, "troyes.explain.event_cubes", count=left))
    return ", ".join(parts) or fallback


def _gets(cat: Catalog, state: TroyesState, die: a.TakeDie, total: int, lang: str) -> str:
    """Say what the group's sum with `die` gets (item 108), or the pips it still lacks.

    Cubes on the Cathedral, an event or a card that takes cubes, else uses of the card (as
    many as the count step then offers: `group.units`), or agriculture's deniers.
    """
    plan = state.plan
    ctx = Ctx(state, cat)  # the rules below read the state and change nothing
    threshold = planned(ctx).threshold
    if total < threshold:
        return i18n.text(lang, "troyes.explain.gets_short", count=threshold - total)
    if plan.action == "agriculture":
        return i18n.text(lang, "troyes.explain.gets_deniers", count=total // threshold)
    n = units(ctx, [*plan.dice, (die.district, die.colour, die.value, die.as_colour)])
    kind = "cubes" if places_cubes(cat, state) else "uses"
    return i18n.text(lang, f"troyes.explain.gets_{kind}", count=n)


def _with_die(cat: Catalog, state: TroyesState, die: a.TakeDie) -> tuple[int, int]:
    """Return what the group (or the walls' die) counts with `die`, and its whole price."""
    plan, seat = state.plan, state.turn
    if state.kind == "wall_die":
        price = int(cat.rules.dice_price[0]) if die.district != seat else 0
        return die.value, price
    chosen = [*plan.dice, (die.district, die.colour, die.value, die.as_colour)]
    ctx = Ctx(state, cat)  # the rules below read the state and change nothing
    if plan.action == "citizen":  # a citizen's one die (its placement rule, as group.py)
        rule = placement_rule(ctx, plan.target, plan.cube)
    else:
        rule = rule_of(planned(ctx), plan.cube)
    total = rule.total([v for _, _, v, _ in chosen])
    return total, dice.price(state, seat, rule, chosen, cat.rules.dice_price)


def _rise(
    cat: Catalog, state: TroyesState, die: a.TakeDie, sums: tuple[int, str], cost: int, lang: str
) -> str:
    """Say why the bought dice cost more with this die: the group's size sets their price.

    Bought dice cost 2/4/6 each by the group's size (rules data `dice_price`), so an own die
    joining a group with a bought die raises its price (playtest item 74), and a die bought
    into a group of own dice costs more than alone (item 84). "" when no price rises.
    """
    plan, seat, prices = state.plan, state.turn, cat.rules.dice_price
    before = sum(1 for d, _, _, _ in plan.dice if d != seat)
    bought = before + (die.district != seat)
    size = len(plan.dice) + 1
    if state.kind != "dice" or not cost or not bought or not 1 < size <= len(prices):
        return ""
    each = int(prices[size - 1])
    if each <= int(prices[size - 2]):
        return ""
    # the die taken is the only bought one: its own price is the group's (item 84)
    key = "choices.troyes.group_rise" if before else "choices.troyes.group_rise_this"
    value, gets = sums  # what the group counts, and what that gets (item 108)
    return i18n.text(
        lang, key, count=bought, value=value, gets=gets, total=cost, each=each, size=size,
        alone=int(prices[0]),
    )  # fmt: skip


def _counter(cat: Catalog, state: TroyesState, colour: str, value: int, lang: str) -> str:
    """Say what a die is worth against the black die, and whether the group then reaches it."""
    doubles, plan = cat.rules.double_colours, state.plan
    target = int(plan.target) if plan.target else state.black[0]
    worth = strength(state, doubles, (colour, value))
    total = plan.left + worth + sum(strength(state, doubles, (c, v)) for _, c, v, _ in plan.dice)
    key = "counter_reaches" if total >= target else "counter_short"
    if total != worth:  # dice already in the group or pips left over: say whose total it is
        key = key.replace("counter_", "counter_group_")
    return i18n.text(
        lang,
        f"choices.troyes.{key}",
        worth=worth,
        total=total,
        target=target,
        count=cat.rules.counter_influence,
    )


def pass_question(state: TroyesState, legal: list[a.Action]) -> tuple[str, dict[str, int]] | None:
    """Return the question a pass puts first when it leaves something unused (item 39).

    With dice in your district: how many go unused this round. A pass without dice of your
    own asks nothing: buying a rival's die or spending influence is a choice, and passing
    then is the usual move, which a question every round would only slow.
    """
    if state.kind != "turn" or state.reactions or not any(x != a.Pass() for x in legal):
        return None
    own = len(state.districts[state.turn])
    return ("choices.troyes.pass_dice", {"count": own}) if own else None
