"""Player-facing text for Trajan in English ("en") and Spanish ("es").

Action labels (at most 80 characters), event log lines and the prompt of the pending
decision. Names come from the catalog (`name` / `name_es`); sentences from `MESSAGES`.
Drawn cards are private: the log counts them and never names them.
"""

from typing import Any

from engine.trajan import actions as a
from engine.trajan import events as ev
from engine.trajan.rules.tables import Tables
from engine.trajan.rules.turn import sow_options
from engine.trajan.state import ACTIONS, TrajanState

ROMAN = ("I", "II", "III", "IV", "V", "VI")

MESSAGES: dict[str, tuple[str, str]] = {
    "fill": ("Bowl {bowl}: {cols}", "Bandeja {bowl}: {cols}"),
    "draw_deck": ("Draw from the face-down deck", "Robar de la pila boca abajo"),
    "draw_pile": (
        "Take the top card of discard pile {pile}",
        "Tomar la carta de la pila de descarte {pile}",
    ),
    "pick": ("Stack {stack} ({what}) to slot {slot}", "Pila {stack} ({what}) al espacio {slot}"),
    "bowl": ("Sow from bowl {bowl}", "Tomar los marcadores de la bandeja {bowl}"),
    "sow": ("{col} into bowl {bowl}", "{col} a la bandeja {bowl}"),
    "plus2": ("[+2] marker on {act}", "Marcador [+2] en {act}"),
    "pass": ("Pass", "Pasar"),
    "port_draw": ("Draw 2 cards, then discard 1", "Robar 2 cartas y descartar 1"),
    "port_display": (
        "Play 1-2 cards to your display and draw as many",
        "Jugar 1-2 cartas a tu pantalla y robar otras tantas",
    ),
    "port_ship": ("Ship {ship}", "Enviar mercancías al barco de {ship}"),
    "discard": (
        "Discard {card} onto pile {pile}",
        "Descartar {card} en la pila de descarte {pile}",
    ),
    "display": ("Play {card} to your display", "Jugar {card} a tu pantalla"),
    "load": ("Load {card}", "Cargar {card}"),
    "done": ("Done", "Terminar"),
    "take": ("Take {tile}", "Tomar {tile}"),
    "recruit": (
        "Recruit: a token from your supply to the camp",
        "Reclutar: una ficha de tu reserva al campamento",
    ),
    "move": ("Move your leader to {prov}", "Mover tu líder militar a {prov}"),
    "deploy": ("Station a legionnaire in {prov}", "Trasladar un legionario a {prov}"),
    "senate": ("Advance one space in the Senate", "Avanzar 1 espacio en el Senado"),
    "trajan": (
        "Take the top of stack {stack} ({what})",
        "Tomar la ficha superior de la pila {stack} ({what})",
    ),
    "build": (
        "Send a worker to site {site}",
        "Enviar un trabajador al sitio de construcción {site}",
    ),
    "extra": ("Use {tile}", "Usar {tile}"),
    "pay_tile": (
        "Meet the {demand} demand with a forum tile",
        "Satisfacer la demanda de {demand} con una ficha de foro",
    ),
    "pay_wild": (
        "Meet the {demand} demand with the demand wild",
        "Satisfacer la demanda de {demand} con el comodín de demanda",
    ),
    "bonus": ("Take {tile} (yellow side up)", "Tomar {tile} (lado amarillo)"),
    # events
    "ev_setup": ("Game set up for {n} players", "Partida preparada para {n} jugadores"),
    "ev_fill": ("{who}: bowl {bowl} = {cols}", "{who}: bandeja {bowl} = {cols}"),
    "ev_reveal": ("The Trajan stacks are revealed", "Se revelan las pilas de Trajano"),
    "ev_drawn": ("{who} draws {n} card(s)", "{who} roba {n} carta(s)"),
    "ev_taken": (
        "{who} takes {card} from pile {pile}",
        "{who} toma {card} de la pila de descarte {pile}",
    ),
    "ev_refill": (
        "Discard pile {pile} refilled: {card}",
        "Pila de descarte {pile} repuesta: {card}",
    ),
    "ev_pick": ("{who} picks {tile} for slot {slot}", "{who} elige {tile} para el espacio {slot}"),
    "ev_bowl": (
        "{who} sows {n} from bowl {bowl}; time marker on {time}",
        "{who} toma {n} marcador(es) de la bandeja {bowl}; marcador de tiempo en {time}",
    ),
    "ev_round_due": ("; the round ends", "; termina la ronda"),
    "ev_sown": ("{who}: {col} into bowl {bowl}", "{who}: {col} a la bandeja {bowl}"),
    "ev_fulfil": (
        "{who} fulfils {tile} at {slot}: +{vp} VP",
        "{who} cumple {tile} en el espacio {slot}: +{vp} PV",
    ),
    "ev_plus2": ("{who} puts a [+2] marker on {act}", "{who} pone un marcador [+2] en {act}"),
    "ev_tokens": ("{who}: {n} token(s) to the {camp}", "{who}: {n} ficha(s) al {camp}"),
    "ev_pass": ("{who} passes ({act})", "{who} pasa ({act})"),
    "ev_unavailable": (
        "{who} cannot take the {act} action now (no possible option)",
        "{who} no puede hacer la acción {act} ahora (ninguna opción posible)",
    ),
    "ev_discard": (
        "{who} discards {card} onto pile {pile}",
        "{who} descarta {card} en la pila {pile}",
    ),
    "ev_display": ("{who} plays to the display: {cards}", "{who} juega a su pantalla: {cards}"),
    "ev_ship": (
        "{who} ships {cards} ({ship}): +{vp} VP",
        "{who} envía {cards} en el barco de {ship}: +{vp} PV",
    ),
    "ev_forum": ("{who} takes {tile}", "{who} toma {tile}"),
    "ev_leader": (
        "{who} moves the leader to {prov}{got}",
        "{who} mueve su líder militar a {prov}{got}",
    ),
    "ev_station": (
        "{who} stations a legionnaire in {prov}: +{vp} VP",
        "{who} traslada un legionario a {prov}: +{vp} PV",
    ),
    "ev_senate": (
        "{who} advances to senate space {space}: +{vp} VP",
        "{who} avanza al espacio {space} del Senado: +{vp} PV",
    ),
    "ev_trajan": ("{who} takes {tile} to slot {slot}", "{who} coloca {tile} en el espacio {slot}"),
    "ev_build": (
        "{who} builds on site {site}: {got}, +{vp} VP",
        "{who} construye en el sitio {site}: {got}, +{vp} PV",
    ),
    "ev_bonus_action": ("; bonus action: {act}", "; acción adicional: {act}"),
    "ev_extra": ("{who} uses {tile}: {act} x{n}", "{who} usa {tile}: {act} x{n}"),
    "ev_round": ("Round over: the people demand {demand}", "Fin de ronda: el pueblo pide {demand}"),
    "ev_round_last": ("Round over: the quarter is scored", "Fin de ronda: se puntúa el trimestre"),
    "ev_demands": (
        "{who}: {met}/{all} demands met, -{vp} VP",
        "{who}: {met}/{all} demandas satisfechas, -{vp} PV",
    ),
    "ev_consul": (
        "Consul: player {c} ({ct}); vice-consul: player {v} ({vt})",
        "Cónsul: jugador {c} ({ct}); vicecónsul: jugador {v} ({vt})",
    ),
    "ev_quarter": (
        "Quarter {q} over: the board is refilled",
        "Fin del trimestre {q}: se repone el tablero",
    ),
    "ev_end": (
        "Game over. Final scores: {scores}",
        "Fin de la partida. Puntuación final: {scores}",
    ),
    "nothing": ("nothing", "nada"),
    "wild": ("the commodity wild", "el comodín de mercancía"),
    "workers": ("workers' camp", "campamento de trabajadores"),
    "legionnaires": ("military camp", "campamento militar"),
    "player": ("Player {n}", "Jugador {n}"),
    "ship_same": ("same goods", "mercancías iguales"),
    "ship_diff": ("different goods", "mercancías distintas"),
    "ship_pairs": ("pairs", "parejas"),
    # prompts
    "p_over": ("The game is over.", "La partida ha terminado."),
    "p_action": ("take the {act} action, or pass.", "haz la acción {act}, o pasa."),
    "p_setup_bowl": (
        "fill your next bowl with 2 markers.",
        "llena tu siguiente bandeja con 2 marcadores.",
    ),
    "p_setup_card": ("take a starting card.", "toma una carta inicial."),
    "p_setup_trajan": ("take a starting Trajan tile.", "toma una ficha de Trajano inicial."),
    "p_bowl": (
        "choose the bowl whose markers you sow.",
        "elige la bandeja cuyos marcadores repartes.",
    ),
    "p_sow": ("choose the colour for bowl {bowl}.", "elige el color para la bandeja {bowl}."),
    "p_sow_all": (
        "choose which colour goes into each bowl from {bowl} on.",
        "elige qué color va a cada bandeja desde la {bowl}.",
    ),
    "p_plus2": ("place your [+2] marker.", "coloca tu marcador [+2]."),
    "p_discard": ("discard one card.", "descarta una carta."),
    "p_display": (
        "choose the cards for your display.",
        "elige las cartas que juegas a tu pantalla.",
    ),
    "p_ship": ("load cards on the ship.", "carga cartas en el barco."),
    "p_extra": (
        "use an extra-action tile for {act}, or pass.",
        "usa una ficha de acción extra para {act}, o pasa.",
    ),
    "p_demand": (
        "choose how to meet the {demand} demand.",
        "elige cómo satisfacer la demanda de {demand}.",
    ),
    "p_consul": (
        "as consul, choose a bonus tile.",
        "como cónsul, elige una ficha de bonificación.",
    ),
}
SHIP_KEYS = ("ship_same", "ship_diff", "ship_pairs")


def msg(lang: str, key: str, **values: Any) -> str:
    """Return the message `key` in `lang` with its placeholders filled."""
    en, es = MESSAGES[key]
    return (es if lang == "es" else en).format(**values)


def name(t: Tables, kind: str, ident: str | None, lang: str) -> str:
    """Return the display name of a catalog entry ("action", "colour", "card", ...)."""
    if ident is None:
        return "-"
    table: dict[str, Any] = _tables(t)[kind]
    entry = table.get(ident)
    if entry is None:
        return ident
    return str(entry.name_es if lang == "es" else entry.name)


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


def _bowl(t: Tables, bowl: int, lang: str) -> str:
    return f"{ROMAN[bowl]} ({name(t, 'action', ACTIONS[bowl], lang)})"


def _cards(t: Tables, cards: tuple[str, ...], lang: str) -> str:
    return ", ".join(name(t, "card", c, lang) for c in cards)


def _sow_label(t: Tables, bowl: int, colours: str, lang: str) -> str:
    if len(colours) == 1:
        col = name(t, "colour", colours, lang).capitalize()
        return msg(lang, "sow", col=col, bowl=_bowl(t, bowl, lang))
    return ", ".join(
        f"{name(t, 'colour', c, lang)} {ROMAN[(bowl + i) % 6]}" for i, c in enumerate(colours)
    )


def describe(action: a.Action, t: Tables, lang: str = "en") -> str:
    """Return the label a player reads for an action (at most 80 characters)."""
    match action:
        case a.FillBowl(bowl, colours):
            cols = " + ".join(name(t, "colour", c, lang) for c in colours)
            label = msg(lang, "fill", bowl=ROMAN[bowl], cols=cols)
        case a.DrawStartCard(source):
            label = msg(lang, "draw_pile", pile=source) if source else msg(lang, "draw_deck")
        case a.PickTrajan(stack, slot):
            what = name(t, "category", t.stack_categories[stack], lang)
            label = msg(lang, "pick", stack=stack + 1, what=what, slot=ROMAN[slot])
        case a.ChooseBowl(bowl):
            label = msg(lang, "bowl", bowl=_bowl(t, bowl, lang))
        case a.Sow(bowl, colours):
            label = _sow_label(t, bowl, colours, lang)
        case a.PlacePlus2(act):
            label = msg(lang, "plus2", act=name(t, "action", act, lang))
        case a.Pass():
            label = msg(lang, "pass")
        case a.PortDraw():
            label = msg(lang, "port_draw")
        case a.PortTake(pile):
            label = msg(lang, "draw_pile", pile=pile + 1)
        case a.PortDisplay():
            label = msg(lang, "port_display")
        case a.PortShip(ship):
            label = msg(lang, "port_ship", ship=msg(lang, SHIP_KEYS[ship]))
        case _:
            label = _describe_more(action, t, lang)
    return label[:80]


def _describe_more(action: a.Action, t: Tables, lang: str) -> str:  # noqa: PLR0911, PLR0912
    match action:
        case a.Discard(card, pile):
            return msg(lang, "discard", card=name(t, "card", card, lang), pile=pile + 1)
        case a.DisplayCard(card):
            return msg(lang, "display", card=name(t, "card", card, lang))
        case a.ShipCard(card):
            what = msg(lang, "wild") if card == "wild" else name(t, "card", card, lang)
            return msg(lang, "load", card=what)
        case a.Done():
            return msg(lang, "done")
        case a.ForumTake(tile):
            return msg(lang, "take", tile=name(t, "forum", tile, lang))
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
        case a.Build(site):
            return msg(lang, "build", site=site + 1)
        case a.UseExtra(tile):
            return msg(lang, "extra", tile=name(t, "forum", tile, lang))
        case a.PayDemand(demand, wild):
            d = name(t, "demand", demand, lang)
            return msg(lang, "pay_wild" if wild else "pay_tile", demand=d)
        case a.ChooseBonus(tile):
            return msg(lang, "bonus", tile=name(t, "bonus", tile, lang))
    return a.action_text(action)


def prompt(state: TrajanState, t: Tables, lang: str = "en") -> str:
    """Return what the deciding seat must decide now, as one short sentence."""
    pending = state.pending
    if pending is None:
        return msg(lang, "p_over")
    who = msg(lang, "player", n=pending.seat + 1) + ": "
    kind = pending.kind
    doing = state.todo[-1].split(":")[1] if state.todo else ""
    values = {
        "act": name(t, "action", kind if kind in ACTIONS else doing, lang),
        "bowl": ROMAN[state.sow_bowl],
        "demand": name(t, "demand", state.q_need[0] if state.q_need else None, lang),
    }
    if kind == "sow" and len(sow_options(state.in_hand)[0]) > 1:
        kind = "sow_all"
    return who + msg(lang, "p_action" if kind in ACTIONS else f"p_{kind}", **values)


def describe_event(event: Any, t: Tables, lang: str = "en") -> str:  # noqa: PLR0911
    """Return one log line for an event."""
    who = msg(lang, "player", n=getattr(event, "seat", 0) + 1)
    match event:
        case ev.BowlChosen(_, bowl, count, time, over):
            line = msg(lang, "ev_bowl", who=who, n=count, bowl=ROMAN[bowl], time=time)
            return line + (msg(lang, "ev_round_due") if over else "")
        case ev.MarkerSown(_, bowl, colour):
            return msg(
                lang, "ev_sown", who=who, col=name(t, "colour", colour, lang), bowl=ROMAN[bowl]
            )
        case ev.TrajanFulfilled(_, slot, tile, vp):
            tname = name(t, "trajan", tile, lang)
            return msg(lang, "ev_fulfil", who=who, tile=tname, slot=ROMAN[slot], vp=vp)
        case ev.CardsDrawn(_, cards):
            return msg(lang, "ev_drawn", who=who, n=len(cards))
        case ev.Shipped(_, ship, cards, wild, vp, _front):
            shown = _cards(t, cards, lang) + (" + " + msg(lang, "wild") if wild else "")
            return msg(
                lang, "ev_ship", who=who, cards=shown, ship=msg(lang, SHIP_KEYS[ship]), vp=vp
            )
        case ev.LegionnaireStationed(_, province, vp):
            return msg(lang, "ev_station", who=who, prov=name(t, "province", province, lang), vp=vp)
        case ev.SenateAdvanced(_, space, vp):
            return msg(lang, "ev_senate", who=who, space=space, vp=vp)
        case ev.WorkerBuilt(_, site, tile, vp, bonus):
            got = name(t, "building", tile, lang) if tile else msg(lang, "nothing")
            line = msg(lang, "ev_build", who=who, site=site + 1, got=got, vp=vp)
            if bonus:
                line += msg(lang, "ev_bonus_action", act=name(t, "action", bonus, lang))
            return line
        case ev.DemandsMet(_, demands, unmet, penalty):
            n = len(demands)
            return msg(lang, "ev_demands", who=who, met=n - unmet, all=n, vp=penalty)
        case ev.ConsulsNamed(_votes, consul, tile, vice, vice_tile):
            ct, vt = name(t, "bonus", tile, lang), name(t, "bonus", vice_tile, lang)
            return msg(lang, "ev_consul", c=consul + 1, ct=ct, v=vice + 1, vt=vt)
        case _:
            return _event_more(event, t, lang, who)


def _event_more(event: Any, t: Tables, lang: str, who: str) -> str:  # noqa: PLR0911, PLR0912
    match event:
        case ev.RoundEnded(_, demand):
            if demand is None:
                return msg(lang, "ev_round_last")
            return msg(lang, "ev_round", demand=name(t, "demand", demand, lang))
        case ev.QuarterEnded(quarter):
            return msg(lang, "ev_quarter", q=quarter + 1)
        case ev.GameEnded(scores):
            return msg(lang, "ev_end", scores=", ".join(str(s) for s in scores))
        case ev.ForumTileTaken(_, tile):
            return msg(lang, "ev_forum", who=who, tile=name(t, "forum", tile, lang))
        case ev.LeaderMoved(_, province, tile):
            got = f" (+ {name(t, 'forum', tile, lang)})" if tile else ""
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
            tname, act = name(t, "forum", tile, lang), name(t, "action", action, lang)
            return msg(lang, "ev_extra", who=who, tile=tname, act=act, n=repeats)
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
            return msg(lang, "ev_tokens", who=who, n=count, camp=msg(lang, camp))
        case ev.Plus2Placed(_, action):
            return msg(lang, "ev_plus2", who=who, act=name(t, "action", action, lang))
        case ev.ActionPassed(_, action):
            return msg(lang, "ev_pass", who=who, act=name(t, "action", action, lang))
        case ev.ActionUnavailable(_, action):
            return msg(lang, "ev_unavailable", who=who, act=name(t, "action", action, lang))
        case ev.BowlFilled(_, bowl, colours):
            cols = " + ".join(name(t, "colour", c, lang) for c in colours)
            return msg(lang, "ev_fill", who=who, bowl=ROMAN[bowl], cols=cols)
        case ev.TrajanRevealed():
            return msg(lang, "ev_reveal")
        case ev.GameSetUp(seats, _start):
            return msg(lang, "ev_setup", n=seats)
    return type(event).__name__
