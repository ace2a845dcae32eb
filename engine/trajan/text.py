"""Player-facing text for Trajan in English ("en") and Spanish ("es").

Action labels (at most 80 characters), event log lines and the prompt of the pending
decision. Names come from the catalog (`name` / `name_es`); sentences from `MESSAGES`, the
`trajan.text.*` messages of data/trajan/i18n/{en,es}.toml (plural ones through `plural`).
Drawn cards are private: the log counts them and never names them.
"""

from collections.abc import Sequence
from typing import Any

from engine.core import i18n
from engine.trajan import actions as a
from engine.trajan import events as ev
from engine.trajan.rules.options import PAIRS, SHIP_MAX
from engine.trajan.rules.turn import sow_options
from engine.trajan.state import ACTIONS, TrajanState
from engine.trajan.tables import Tables

ROMAN = ("I", "II", "III", "IV", "V", "VI")

MESSAGES: dict[str, tuple[str, str]] = i18n.pairs("trajan.text")
SHIP_KEYS = ("ship_same", "ship_diff", "ship_pairs")


def msg(lang: str, key: str, **values: Any) -> str:
    """Return the message `key` in `lang` with its placeholders filled."""
    en, es = MESSAGES[key]
    return (es if lang == "es" else en).format(**values)


def plural(lang: str, key: str, count: int, **values: Any) -> str:
    """Return the plural message `key` in `lang`, its form chosen by `count`."""
    return i18n.text("es" if lang == "es" else "en", f"trajan.text.{key}", count=count, **values)


def name(t: Tables, kind: str, ident: str | None, lang: str) -> str:
    """Return the display name of a catalog entry ("action", "colour", "card", ...)."""
    if ident is None:
        return "-"
    table: dict[str, Any] = _tables(t)[kind]
    entry = table.get(ident)
    if entry is None:
        return ident
    return str(entry.name_es if lang == "es" else entry.name)


def _inside(tile_name: str) -> str:
    """Return a tile's name as it reads inside a sentence: its kind in lower case.

    Tile names start with their kind ("Demand wild", "Bonus: Bread"); a goods or demand name
    after the kind keeps its capital, as a card's name does everywhere (playtest item 28).
    """
    return tile_name[:1].lower() + tile_name[1:]


def _tables(t: Tables) -> dict[str, dict[str, Any]]:
    return {
        "action": {x.id: x for x in t.cat.actions},
        "colour": {x.code: x for x in t.cat.colours},
        "card": {x.id: x for x in t.cat.commodities},
        "forum": t.forum,
        "province": {x.id: x for x in t.cat.provinces},
        "trajan": t.trajan,
        "category": {x.id: x for x in t.cat.categories},
        "building": t.construction,
        "bonus": t.bonus,
        "demand": {x.id: x for x in t.cat.demand_tiles},
    }


def ship_name(t: Tables, ship: int, lang: str) -> str:
    """Return a ship's name as its tile on the board shows it: "Same goods" (item 105).

    The catalog's name without its kind ("Ship: same goods"), with a capital, the one name
    of the ship in the labels, the prompt, the log and the image.
    """
    entry = t.cat.ships[ship]
    full = entry.name_es if lang == "es" else entry.name
    short = full.partition(": ")[2] or full
    return short[:1].upper() + short[1:]


def ship_pays(pays: tuple[int, ...], pairs: bool, lang: str) -> str:
    """Return what a ship pays by size as its tile shows it: "1 card: 2 VP · 2: 6 · 3: 12"."""
    unit = "pairs" if pairs else "cards"
    first = i18n.text(_lang(lang), f"trajan.ship_first_{unit}", vp=pays[0])
    return " · ".join([first, *(f"{n}: {vp}" for n, vp in enumerate(pays[1:], start=2))])


def _load(load: a.Load, lang: str) -> str:
    """Return a shipment's size as a choice leaves it: "2 cards" or "1 pair"."""
    return plural(lang, "shipment_pairs" if load.pairs else "shipment_cards", load.size)


def _bowl(t: Tables, bowl: int, lang: str) -> str:
    return f"{ROMAN[bowl]} ({name(t, 'action', ACTIONS[bowl], lang)})"


def _fill(t: Tables, bowl: int, colours: str, lang: str) -> str:
    """Return "Bowl I (Seaport): blue + yellow", a set-up bowl's filling (move and log alike).

    The log's line for the filling says what the move's label says, so the thread drops it as
    a repeat after the move (cogs/common/text.py) and tells only a bowl that filled itself.
    """
    cols = " + ".join(name(t, "colour", c, lang) for c in colours)
    return msg(lang, "fill", bowl=_bowl(t, bowl, lang), cols=cols)


def _lang(lang: str) -> str:
    return "es" if lang == "es" else "en"


def _named(action: a.Action, t: Tables, lang: str) -> str:
    """Return a label that names what the choice takes (playtest items 10 and 12).

    "Take Wine from discard pile 1" (the pile's top card), "Sow from bowl I: action III
    (Military)" (the bowl where the last marker lands, whose action is the one taken).
    """
    match action:
        case a.ChooseBowl(bowl, lands) if 0 <= lands < len(ACTIONS):
            act = f"{ROMAN[lands]} ({name(t, 'action', ACTIONS[lands], lang)})"
            return i18n.text(_lang(lang), "choices.trajan.bowl", bowl=ROMAN[bowl], act=act)
        case a.DrawStartCard(pile, card) | a.PortTake(pile, card) if card:
            pile += isinstance(action, a.PortTake)  # a PortTake's pile counts from 0
            card = name(t, "card", card, lang)
            return i18n.text(_lang(lang), "choices.trajan.pile", card=card, pile=pile)
    return ""


def _cards(t: Tables, cards: tuple[str, ...], lang: str) -> str:
    return ", ".join(name(t, "card", c, lang) for c in cards)


def _sow_label(t: Tables, bowl: int, colours: str, lang: str, *, capital: bool = True) -> str:
    """Return a sowing's label: one marker's starts with a capital on its button, not in a log."""
    if len(colours) == 1:
        col = name(t, "colour", colours, lang)
        col = col.capitalize() if capital else col
        return msg(lang, "sow", col=col, bowl=_bowl(t, bowl, lang))
    return ", ".join(
        f"{name(t, 'colour', c, lang)} {ROMAN[(bowl + i) % 6]}" for i, c in enumerate(colours)
    )


def describe(action: a.Action, t: Tables, lang: str = "en") -> str:
    """Return the label a player reads for an action (at most 80 characters)."""
    match action:
        case a.FillBowl(bowl, colours):  # the bowl with its action (playtest item 11)
            label = _fill(t, bowl, colours, lang)
        case a.DrawStartCard(source):
            label = msg(lang, "draw_pile", pile=source) if source else msg(lang, "draw_deck")
            label = _named(action, t, lang) or label  # the card it takes (playtest item 12)
        case a.PickTrajan(stack, slot):
            what = name(t, "category", t.stack_categories[stack], lang)
            label = msg(lang, "pick", stack=stack + 1, what=what, slot=ROMAN[slot])
        case a.ChooseBowl(bowl):
            label = _named(action, t, lang) or msg(lang, "bowl", bowl=_bowl(t, bowl, lang))
        case a.Sow(bowl, colours):
            label = _sow_label(t, bowl, colours, lang)
        case a.PlacePlus2(act):
            label = msg(lang, "plus2", act=name(t, "action", act, lang))
        case a.Pass():
            label = msg(lang, "pass")
        case a.PortDraw():
            label = msg(lang, "port_draw")
        case a.PortTake(pile):
            label = _named(action, t, lang) or msg(lang, "draw_pile", pile=pile + 1)
        case a.PortDisplay():
            label = msg(lang, "port_display")
        case a.PortShip(ship, pays):  # what the ship pays by size (fifth playtest item 105)
            label = msg(lang, "port_ship", ship=ship_name(t, ship, lang))
            label += ": " + ship_pays(pays, ship == PAIRS, lang) if pays else ""
        case _:
            label = _describe_more(action, t, lang)
    return label[:80]


def _describe_more(action: a.Action, t: Tables, lang: str) -> str:  # noqa: PLR0911, PLR0912
    match action:
        case a.Discard(card, pile):
            return msg(lang, "discard", card=name(t, "card", card, lang), pile=pile + 1)
        case a.DisplayCard(card):
            return msg(lang, "display", card=name(t, "card", card, lang))
        case a.ShipCard(card, load):
            what = msg(lang, "wild") if card == "wild" else name(t, "card", card, lang)
            label = msg(lang, "load", card=what)
            if load.size:  # the shipment with this card and its VP (fifth playtest item 105)
                label += msg(lang, "load_vp", size=_load(load, lang), vp=load.vp)
            return label
        case a.ShipCards(cards):
            shown = [msg(lang, "wild") if c == "wild" else name(t, "card", c, lang) for c in cards]
            return i18n.text(lang, "turns.bundle.shipment", cards=", ".join(shown))
        case a.Done(load) if load.size:  # a shipment's end says what it pays
            return msg(lang, "done_ship", size=_load(load, lang), vp=load.vp)
        case a.Done():
            return msg(lang, "done")
        case a.ForumTake(tile):
            return msg(lang, "take", tile=_inside(name(t, "forum", tile, lang)))
        case a.Recruit():
            return msg(lang, "recruit")
        case a.MoveLeader(province):
            return msg(lang, "move", prov=name(t, "province", province, lang))
        case a.Deploy():
            return msg(
                lang,
                "deploy",
                prov="your leader's province" if lang != "es" else "la provincia de tu líder",
            )
        case a.AdvanceSenate():
            return msg(lang, "senate")
        case a.TakeTrajan(stack):
            what = name(t, "category", t.stack_categories[stack], lang)
            return msg(lang, "trajan", stack=stack + 1, what=what)
        case a.Build(site, tile, bonus):  # what is on the site (playtest item 7)
            if tile is None:
                return msg(lang, "build", site=site + 1)
            if not tile:
                return msg(lang, "build_empty", site=site + 1)
            label = msg(lang, "build_tile", site=site + 1, tile=name(t, "building", tile, lang))
            if bonus:  # the action a first part of its kind gives (fifth playtest item 107)
                label += msg(lang, "build_bonus", act=name(t, "action", bonus, lang))
            return label
        case a.UseExtra(tile):
            return msg(lang, "extra", tile=_inside(name(t, "forum", tile, lang)))
        case a.PayDemand(demand, wild):
            d = name(t, "demand", demand, lang)
            return msg(lang, "pay_wild" if wild else "pay_tile", demand=d)
        case a.ChooseBonus(tile):
            return msg(lang, "bonus", tile=_inside(name(t, "bonus", tile, lang)))
    return a.action_text(action)


def told(notation: str, t: Tables, lang: str) -> str | None:  # noqa: PLR0911
    """Return a stored move's label as the log tells it, else None (the button's label).

    A label that says "your" in the third person; a one-marker sowing in lower case; a
    whole sowing's colours with what they are (seventh playtest item 4). A display's "Done"
    has no told form (its notation is a shipment's too): its label says what ends.
    """
    key = "es" if lang == "es" else "en"
    match notation.split():
        case ["port", "display"]:
            return i18n.text(key, "trajan.told.port_display")
        case ["display", card]:
            return i18n.text(key, "trajan.told.display", card=name(t, "card", card, lang))
        case ["recruit"]:
            return i18n.text(key, "trajan.told.recruit")
        case ["move", province]:
            return i18n.text(key, "trajan.told.move", prov=name(t, "province", province, lang))
        case ["deploy"]:
            return i18n.text(key, "trajan.told.deploy")
        case ["sow", _bowl, _colour]:  # one marker: in the log, lower case as the others (item 96)
            sow = a.compound_from_text(notation)
            if isinstance(sow, a.Sow):
                return _sow_label(t, sow.bowl, sow.colours, lang, capital=False)
        case ["sow", _bowl, _first, *_rest]:  # "blue II, red III" reads only beside its question
            sow = a.compound_from_text(notation)
            if isinstance(sow, a.Sow):
                order = _sow_label(t, sow.bowl, sow.colours, lang)
                return i18n.text(key, "trajan.told.sow", order=order)
    return None


def prompt(state: TrajanState, t: Tables, lang: str = "en") -> str:
    """Return what the deciding seat must decide now, as one short sentence.

    The sentence names no seat: whoever shows it names the deciding player (the board header,
    the caption's "Now: <player>: ...").
    """
    pending = state.pending
    if pending is None:
        return msg(lang, "p_over")
    kind = pending.kind
    doing = state.todo[-1].split(":")[1] if state.todo else ""
    values = {
        "act": name(t, "action", kind if kind in ACTIONS else doing, lang),
        "bowl": ROMAN[state.sow_bowl],
        "demand": name(t, "demand", state.q_need[0] if state.q_need else None, lang),
    }
    if kind == "ship":  # the ship's rule where its cards are chosen (playtest item 14)
        rule = msg(lang, f"rule_{SHIP_KEYS[state.ship]}", most=SHIP_MAX[state.ship])
        values |= {"ship": ship_name(t, state.ship, lang), "rule": rule}
    if kind in ("setup_card", "setup_trajan"):  # how many are left (playtest item 78)
        return plural(lang, f"p_{kind}", _setup_left(state, t, kind))
    if kind == "sow" and len(sow_options(state.in_hand)[0]) > 1:
        kind = "sow_all"
    return msg(lang, "p_action" if kind in ACTIONS else f"p_{kind}", **values)


def _setup_left(state: TrajanState, t: Tables, kind: str) -> int:
    """Return how many starting cards or Trajan tiles the deciding seat takes, this one included."""
    p = state.players[state.current]
    if kind == "setup_card":
        return t.fig.start_hand - len(p.hand)
    return sum(1 for slot in t.fig.start_trajan_slots if p.slots[slot - 1] is None)


def seat_name(seat: int, lang: str, names: Sequence[str] = ()) -> str:
    """Return the seat's name from `names` (given by the caller), else "Player N"."""
    return names[seat] if 0 <= seat < len(names) else msg(lang, "player", n=seat + 1)


def describe_event(  # noqa: PLR0911
    event: Any, t: Tables, lang: str = "en", names: Sequence[str] = ()
) -> str:
    """Return one log line for an event, its seats named by `names` (else "Player N")."""
    who = seat_name(getattr(event, "seat", 0), lang, names)
    match event:
        case ev.BowlChosen(_, bowl, count, time, over):
            line = plural(lang, "ev_bowl", count, who=who, bowl=ROMAN[bowl], time=time)
            return line + (msg(lang, "ev_round_due") if over else "")
        case ev.MarkerSown(_, bowl, colour):
            return msg(
                lang, "ev_sown", who=who, col=name(t, "colour", colour, lang), bowl=ROMAN[bowl]
            )
        case ev.TrajanFulfilled(_, slot, tile, vp):
            tname = name(t, "trajan", tile, lang)
            return msg(lang, "ev_fulfil", who=who, tile=tname, slot=ROMAN[slot], vp=vp)
        case ev.CardsDrawn(_, cards):
            return plural(lang, "ev_drawn", len(cards), who=who)
        case ev.Shipped(_, ship, cards, wild, vp, front):
            shown = _cards(t, cards, lang) + (" + " + msg(lang, "wild") if wild else "")
            line = msg(lang, "ev_ship", who=who, cards=shown, ship=ship_name(t, ship, lang), vp=vp)
            return line + ("" if front else msg(lang, "ev_ship_grey"))  # why so few (item 105)
        case ev.LegionnaireStationed(_, province, vp):
            return msg(lang, "ev_station", who=who, prov=name(t, "province", province, lang), vp=vp)
        case ev.SenateAdvanced(_, space, vp):
            return msg(lang, "ev_senate", who=who, space=space, vp=vp)
        case ev.WorkerBuilt():
            return _built(event, t, lang, who)
        case ev.DemandsMet(_, demands, unmet, penalty):
            n = len(demands)
            key = "ev_demands" if penalty else "ev_demands_all"  # never "-0 VP"
            return msg(lang, key, who=who, met=n - unmet, all=n, vp=penalty)
        case ev.ConsulsNamed(_votes, consul, tile, vice, vice_tile):
            ct = _inside(name(t, "bonus", tile, lang))
            vt = _inside(name(t, "bonus", vice_tile, lang))
            c, v = seat_name(consul, lang, names), seat_name(vice, lang, names)
            return msg(lang, "ev_consul", c=c, ct=ct, v=v, vt=vt)
        case _:
            return _event_more(event, t, lang, who, names)


def _built(event: ev.WorkerBuilt, t: Tables, lang: str, who: str) -> str:
    """Return a worker's line: the tile built and its bonus action, or a bare site's worker."""
    site = event.site + 1
    if not event.tile:  # a worker on a bare site builds nothing (fifth playtest item 114)
        return msg(lang, "ev_build_empty", who=who, site=site)
    got = name(t, "building", event.tile, lang)
    line = msg(lang, "ev_build", who=who, site=site, got=got, vp=event.vp)
    if event.bonus:
        line += msg(lang, "ev_bonus_action", act=name(t, "action", event.bonus, lang))
    return line


def _event_more(  # noqa: PLR0911, PLR0912
    event: Any, t: Tables, lang: str, who: str, names: Sequence[str]
) -> str:
    match event:
        case ev.RoundEnded(_, demand):
            if demand is None:
                return msg(lang, "ev_round_last")
            # What the demand costs unmet, said when it comes (playtest item 29).
            penalty = "/".join(f"-{vp}" for vp in t.fig.demand_penalty)
            warning = i18n.text(lang, "thread.demand.warning", penalty=penalty)
            return msg(lang, "ev_round", demand=name(t, "demand", demand, lang)) + warning
        case ev.QuarterEnded(quarter):
            return msg(lang, "ev_quarter", q=quarter + 1)
        case ev.GameEnded(scores, order):  # each score with its player, not "89, 94, -2" (playtest)
            # the winner first (seventh playtest item 11c); an old event without order: by seat
            seats = order or tuple(range(len(scores)))
            shown = (f"{seat_name(i, lang, names)} {scores[i]}" for i in seats)
            return msg(lang, "ev_end", scores=", ".join(shown))
        case ev.ForumTileTaken(_, tile):
            return msg(lang, "ev_forum", who=who, tile=_inside(name(t, "forum", tile, lang)))
        case ev.LeaderMoved(_, province, tile):
            got = f" (+ {_inside(name(t, 'forum', tile, lang))})" if tile else ""
            return msg(
                lang, "ev_leader", who=who, prov=name(t, "province", province, lang), got=got
            )
        case ev.TrajanTaken(_, _stack, tile, slot, _top):
            return msg(
                lang, "ev_trajan", who=who, tile=name(t, "trajan", tile, lang), slot=ROMAN[slot]
            )
        case ev.TrajanPicked(_, _stack, tile, slot):
            return msg(
                lang, "ev_pick", who=who, tile=name(t, "trajan", tile, lang), slot=ROMAN[slot]
            )
        case ev.ExtraUsed(_, tile, action, repeats):
            tname, act = _inside(name(t, "forum", tile, lang)), name(t, "action", action, lang)
            return plural(lang, "ev_extra", repeats, who=who, tile=tname, act=act)
        case ev.CardTaken(_, pile, card):
            return msg(lang, "ev_taken", who=who, card=name(t, "card", card, lang), pile=pile + 1)
        case ev.PileRefilled(pile, card):
            return msg(lang, "ev_refill", pile=pile + 1, card=name(t, "card", card, lang))
        case ev.CardDiscarded(_, card, pile):
            return msg(lang, "ev_discard", who=who, card=name(t, "card", card, lang), pile=pile + 1)
        case _:
            return _event_simple(event, t, lang, who)


def _event_simple(event: Any, t: Tables, lang: str, who: str) -> str:  # noqa: PLR0911
    match event:
        case ev.CardsDisplayed(_, cards):
            return msg(lang, "ev_display", who=who, cards=_cards(t, cards, lang))
        case ev.TokensMoved(_, camp, count):
            return plural(lang, "ev_tokens", count, who=who, camp=msg(lang, camp))
        case ev.Plus2Placed(_, action):
            return msg(lang, "ev_plus2", who=who, act=name(t, "action", action, lang))
        case ev.ActionPassed(_, action):
            return msg(lang, "ev_pass", who=who, act=name(t, "action", action, lang))
        case ev.ActionUnavailable(_, action):
            return msg(lang, "ev_unavailable", who=who, act=name(t, "action", action, lang))
        case ev.BowlFilled(_, bowl, colours):  # worded as the move, so it is told once
            return msg(lang, "ev_fill", who=who, fill=_fill(t, bowl, colours, lang))
        case ev.TrajanRevealed():
            return msg(lang, "ev_reveal")
        case ev.GameSetUp(seats, _start):
            return msg(lang, "ev_setup", n=seats)
    return type(event).__name__
