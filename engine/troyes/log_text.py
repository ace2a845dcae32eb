"""The game log: one short line per event, in English or Spanish (the text behind `describe_event`).

Each line says who did what, with which dice, paying what and gaining what. Seats are named
"Player N" / "Jugador N" (N = seat + 1) and always as a whole phrase, never inside "del"/"al",
because the Discord layer swaps those phrases for the players' names. Card, event and outer
activity names come from the catalog (`name` / `name_es`); the Spanish words follow the user's
summary (Palacio, Obispado, Ayuntamiento, denarios, influencia, Catedral, dados negros).
Every event class has a line: `_round_line`, `_action_line` and `_ladies_line` each end in
`assert_never`, so mypy reports a new event class that has no words yet.
"""

from typing import Any, assert_never

from engine.troyes import events as ev
from engine.troyes.catalog import Catalog
from engine.troyes.log_ladies import ladies_line
from engine.troyes.log_words import (
    LANGS,
    amount,
    building,
    dice_list,
    die,
    name,
    player,
    sentence,
    word,
)

_LINES: dict[str, tuple[str, str]] = {
    # setup and the phases of a round
    "citizen": (
        "{who} places a citizen in the {b}, space {n}",
        "{who} coloca un ciudadano en el {b}, espacio {n}",
    ),
    "expels": (", expelling {whom}", ", y expulsa a {whom}"),
    "expelled": ("a citizen of {who}", "un ciudadano de {who}"),
    "expelled_neutral": ("a neutral citizen", "un ciudadano neutral"),
    "expelled_own": ("one of their own citizens", "uno de sus propios ciudadanos"),
    "card_revealed": ("New activity card: {x}", "Nueva carta de actividad: {x}"),
    "income": (
        "{who} earns {inc} deniers and pays {sal} in salaries",
        "{who} cobra {inc} denarios y paga {sal} de salarios",
    ),
    "income_free": (
        "{who} earns {inc} deniers; no salaries to pay",
        "{who} cobra {inc} denarios; no paga salarios",
    ),
    "income_short": (
        "{who} earns {inc} deniers but pays only {paid} of {sal} in salaries: {loss}",
        "{who} cobra {inc} denarios pero solo paga {paid} de {sal} de salarios: {loss}",
    ),
    "rolled": ("{who} rolls {dice}", "{who} lanza {dice}"),
    "rolled_neutral": ("Neutral district dice: {dice}", "Dados del distrito neutral: {dice}"),
    "event_revealed": ("New event: {e}", "Nuevo evento: {e}"),
    "suffers": ("{who} suffers {e}: {what}", "{who} sufre {e}: {what}"),
    "suffers_plain": ("{who} suffers {e}", "{who} sufre {e}"),
    "spared": ("{who} is spared {e} (outer cube)", "{who} se libra de {e} (cubo exterior)"),
    "short": (" (could not pay it all: -{vp} VP)", " (no pudo pagarlo todo: -{vp} PV)"),
    "loses": ("loses {x}", "pierde {x}"),
    "pays": ("pays {x}", "paga {x}"),
    "pays_nothing": ("nothing to pay", "nada que pagar"),
    "cathedral_cube": ("loses a cube from the Cathedral", "pierde un cubo de la Catedral"),
    "card_cube": ("loses a cube from {x}", "pierde un cubo de {x}"),
    "citizen_home": (
        "a citizen goes home from the {b}",
        "un ciudadano vuelve del {b} a su suministro",
    ),
    "unhurt": ("not affected", "no le afecta"),
    "neutral_enters": (
        "{e}: a neutral citizen enters the {b}",
        "{e}: un ciudadano neutral entra en el {b}",
    ),
    "no_neutral": ("{e}: no neutral citizen left to enter", "{e}: no quedan ciudadanos neutrales"),
    "event_acts": ("{e} takes effect", "{e} surte efecto"),
    "black": ("Black dice rolled: {v}", "Se lanzan los dados negros: {v}"),
    "round_end": ("Round {r} ends", "Fin de la ronda {r}"),
    "pots": ("; pass deniers: {pots}", "; denarios por pasar: {pots}"),
    "starts": ("; {who} starts next", "; empieza {who}"),
    "game_over": ("Game over: {scores}", "Fin de la partida: {scores}"),
    # the events phase and the actions of a turn
    "countered": (
        "{who} counters the black {n} with {dice}: +{gain}",
        "{who} contrarresta el dado negro de {n} con {dice}: +{gain}",
    ),
    "countered_plain": (
        "{who} counters the black {n}: +{gain}",
        "{who} contrarresta el dado negro de {n}: +{gain}",
    ),
    "not_countered": (
        "{who} cannot counter the black {n}: {loss}",
        "{who} no puede contrarrestar el dado negro de {n}: {loss}",
    ),
    "vp_lost": ("-{n} VP", "-{n} PV"),
    "no_vp": ("no VP to lose", "no tiene PV que perder"),
    "reroll": (
        "{who} spends {c} influence to reroll {die}: it shows {n}",
        "{who} gasta {c} de influencia en relanzar {die}: sale {n}",
    ),
    "flip": (
        "{who} spends {c} influence to flip {dice}",
        "{who} gasta {c} de influencia en voltear {dice}",
    ),
    "flipped": ("{die} to {n}", "{die} a {n}"),
    "hire": (
        "{who} spends {c} influence to hire a citizen",
        "{who} gasta {c} de influencia en contratar un ciudadano",
    ),
    "influence_used": ("{who} spends {c} influence", "{who} gasta {c} de influencia"),
    "craftsman": (
        "{who} hires a craftsman for {x} ({src})",
        "{who} contrata un artesano para {x} ({src})",
    ),
    "craftsman_cost": (", paying {c} deniers", " y paga {c} denarios"),
    "from_supply": ("from their supply", "de su suministro"),
    "from_building": ("from the {b}", "del {b}"),
    "from_card": ("moved from {x}", "movido desde {x}"),
    "used": ("{who} uses {dice}", "{who} usa {dice}"),
    "used_paid": (", paying {c} deniers", " y paga {c} denarios"),
    "used_cube": (" and a cube from {x}", " y un cubo de {x}"),
    "rival_die": ("{die} of {who}", "{die} de {who}"),
    "neutral_die": ("{die} (neutral)", "{die} (neutral)"),
    "activates": ("{who} activates {x}", "{who} activa {x}"),
    "activates_times": ("{who} activates {x} {n}", "{who} activa {x} {n}"),
    "activates_place": (
        "{who} activates {x}: {n} placed on the card",
        "{who} activa {x}: coloca {n} en la carta",
    ),
    "cathedral": (
        "{who} builds the Cathedral: {n}, +{vp}",
        "{who} construye en la Catedral: {n}, +{vp}",
    ),
    "fights": ("{who} fights {e}: {n} on the card", "{who} combate {e}: {n} en la carta"),
    "gain": (", +{x}", ", +{x}"),
    "completed": ("Event {e} overcome: {what}", "Evento {e} superado: {what}"),
    "gains": ("{who} gains {vp}", "{who} gana {vp}"),
    "gain_each": ("{who} gain {vp} each", "{who} ganan {vp} cada uno"),
    "no_gain": ("nobody gains VP", "nadie gana PV"),
    "takes_card": ("; {who} takes the card", "; {who} se lleva la carta"),
    "gains_takes": (
        "{who} gains {vp} and takes the card", "{who} gana {vp} y se lleva la carta"
    ),
    "stays": ("; the card stays in play", "; la carta sigue en juego"),
    "agriculture": ("{who} uses Agriculture: +{x}", "{who} usa la Agricultura: +{x}"),
    "passes": ("{who} passes", "{who} pasa"),
}  # fmt: skip


def say(lang: str, key: str, **values: Any) -> str:
    """Return the log sentence `key` in `lang`, filled in."""
    return sentence(_LINES, lang, key, **values)


def _district_die(seat: int, die_: tuple[int, str, int], neutral: int, lang: str) -> str:
    """Name a die by where it came from: own district, a rival's, or the neutral one."""
    district, colour, value = die_
    text = die(colour, value, lang)
    if district == seat:
        return text
    if district == neutral:
        return say(lang, "neutral_die", die=text)
    return say(lang, "rival_die", die=text, who=player(district, lang))


_RoundEvent = (
    ev.CitizenPlaced
    | ev.CardRevealed
    | ev.IncomePaid
    | ev.DiceRolled
    | ev.EventRevealed
    | ev.EventSuffered
    | ev.BlackDiceRolled
    | ev.RoundEnded
    | ev.GameEnded
)
_ActionEvent = (
    ev.BlackDieCountered
    | ev.CounterFailed
    | ev.InfluenceUsed
    | ev.CraftsmanHired
    | ev.DiceUsed
    | ev.CardActivated
    | ev.CathedralBuilt
    | ev.EventFought
    | ev.EventCompleted
    | ev.AgricultureUsed
    | ev.Passed
)


def describe_event(cat: Catalog, event: ev.Event, lang: str) -> str:
    """Return one log line for an event in `lang` ("en" or "es"; English otherwise)."""
    lang = lang if lang in LANGS else "en"
    if isinstance(event, _RoundEvent):
        return _round_line(cat, event, lang)
    if isinstance(event, _ActionEvent):
        return _action_line(cat, event, lang)
    return ladies_line(cat, event, lang)


def _round_line(cat: Catalog, event: _RoundEvent, lang: str) -> str:
    """Setup, income, dice, events revealed and suffered, black dice, end of round and game."""
    match event:
        case ev.CitizenPlaced(seat, b, space, expelled):
            out = say(lang, "citizen", who=player(seat, lang), b=building(b, lang), n=space)
            if expelled is not None:
                out += say(lang, "expels", whom=_expelled(seat, expelled, lang))
        case ev.CardRevealed(card):
            out = say(lang, "card_revealed", x=name(cat, card, lang))
        case ev.IncomePaid():
            out = _income(event, lang)
        case ev.DiceRolled(district, dice, neutral) if district == neutral:
            out = say(lang, "rolled_neutral", dice=dice_list(dice, lang))
        case ev.DiceRolled(district, dice):
            out = say(lang, "rolled", who=player(district, lang), dice=dice_list(dice, lang))
        case ev.EventRevealed(e):
            out = say(lang, "event_revealed", e=name(cat, e, lang))
        case ev.EventSuffered():
            out = _suffered(cat, event, lang)
        case ev.BlackDiceRolled(values):
            out = say(lang, "black", v=", ".join(map(str, values)))
        case ev.RoundEnded():
            out = _round_ended(cat, event, lang)
        case ev.GameEnded(scores, _):
            listed = ", ".join(
                f"{player(seat, lang)} {amount(lang, 'vp', vp)}" for seat, vp in enumerate(scores)
            )
            out = say(lang, "game_over", scores=listed)
        case _:
            assert_never(event)
    return out


def _action_line(cat: Catalog, event: _ActionEvent, lang: str) -> str:
    """Countering black dice and the actions of a turn."""
    who = player(event.seat, lang) if not isinstance(event, ev.EventCompleted) else ""
    match event:
        case ev.BlackDieCountered(_, value, dice):
            gain = amount(lang, "influence", cat.rules.counter_influence)
            key = "countered" if dice else "countered_plain"
            out = say(lang, key, who=who, n=value, dice=dice_list(dice, lang), gain=gain)
        case ev.CounterFailed(_, value, lost):
            out = say(lang, "not_countered", who=who, n=value, loss=_vp_loss(lost, lang))
        case ev.InfluenceUsed():
            out = _influence(event, who, lang)
        case ev.CraftsmanHired(_, card, source, cost):
            out = say(
                lang, "craftsman", who=who, x=name(cat, card, lang), src=_source(cat, source, lang)
            )
            out += say(lang, "craftsman_cost", c=cost) if cost else ""
        case ev.DiceUsed(seat, dice, paid, cube, neutral):
            listed = ", ".join(_district_die(seat, d, neutral, lang) for d in dice)
            out = say(lang, "used", who=who, dice=listed)
            out += say(lang, "used_paid", c=paid) if paid else ""
            out += say(lang, "used_cube", x=name(cat, cube, lang)) if cube else ""
        case ev.CardActivated():
            out = _activated(cat, event, who, lang)
        case ev.CathedralBuilt(_, cubes, vp, influence):
            out = say(
                lang,
                "cathedral",
                who=who,
                n=amount(lang, "cubes", cubes),
                vp=amount(lang, "vp", vp),
            )
            out += say(lang, "gain", x=amount(lang, "influence", influence)) if influence else ""
        case ev.EventFought(_, e, cubes):
            out = say(lang, "fights", who=who, e=name(cat, e, lang), n=amount(lang, "cubes", cubes))
            gained = cat.rules.cube_influence * cubes
            out += say(lang, "gain", x=amount(lang, "influence", gained)) if gained else ""
        case ev.EventCompleted():
            out = _completed(cat, event, lang)
        case ev.AgricultureUsed(_, deniers):
            out = say(lang, "agriculture", who=who, x=amount(lang, "deniers", deniers))
        case ev.Passed():
            out = say(lang, "passes", who=who)
        case _:
            assert_never(event)
    return out


def _expelled(seat: int, expelled: int, lang: str) -> str:
    if expelled < 0:
        return say(lang, "expelled_neutral")
    if expelled == seat:
        return say(lang, "expelled_own")
    return say(lang, "expelled", who=player(expelled, lang))


def _vp_loss(lost: int, lang: str) -> str:
    return say(lang, "vp_lost", n=lost) if lost else say(lang, "no_vp")


def _income(event: ev.IncomePaid, lang: str) -> str:
    who, inc, sal, paid = player(event.seat, lang), event.income, event.salary, event.paid
    if not sal:
        return say(lang, "income_free", who=who, inc=inc)
    if paid < sal:
        loss = _vp_loss(event.vp_lost, lang)
        return say(lang, "income_short", who=who, inc=inc, paid=paid, sal=sal, loss=loss)
    return say(lang, "income", who=who, inc=inc, sal=sal)


def _event_building(cat: Catalog, event: str, lang: str) -> str:
    card = cat.events.get(event)
    ident = card.effect.params.get("building", "") if card and card.effect else ""
    return building(str(ident), lang)


def _losses(cat: Catalog, event: str, lang: str) -> str:
    """Word what a "lose" event takes from each seat, from its figures in the catalog."""
    card = cat.events.get(event)
    params = card.effect.params if card and card.effect else {}
    parts = [
        amount(lang, unit, int(params.get(key, 0)))
        for key, unit in (("deniers", "deniers"), ("influence", "influence"), ("vp", "vp"))
        if params.get(key)
    ]
    return say(lang, "loses", x=", ".join(parts)) if parts else say(lang, "unhurt")


def _suffered(cat: Catalog, event: ev.EventSuffered, lang: str) -> str:
    """Word an event's effect on one seat (or, seat -1, on the city once)."""
    e, detail = name(cat, event.event, lang), event.detail
    if event.seat < 0:
        if detail == "neutral enters":
            return say(lang, "neutral_enters", e=e, b=_event_building(cat, event.event, lang))
        if detail == "no neutral citizen left":
            return say(lang, "no_neutral", e=e)
        return say(lang, "event_acts", e=e)
    who = player(event.seat, lang)
    if detail == "shielded":
        return say(lang, "spared", who=who, e=e)
    what = _suffered_what(cat, event, lang)
    short = say(lang, "short", vp=event.vp_lost) if event.vp_lost else ""
    if not what:
        return say(lang, "suffers_plain", who=who, e=e) + short
    return say(lang, "suffers", who=who, e=e, what=what) + short


def _suffered_what(cat: Catalog, event: ev.EventSuffered, lang: str) -> str:  # noqa: PLR0911
    detail = event.detail
    if detail == "lose":
        return _losses(cat, event.event, lang)
    if detail.startswith("pay "):
        owed = int(detail.removeprefix("pay "))
        return (
            say(lang, "pays", x=amount(lang, "deniers", owed))
            if owed
            else say(lang, "pays_nothing")
        )
    if detail == "cathedral cube lost":
        return say(lang, "cathedral_cube")
    if detail.startswith("cube lost from "):
        return say(lang, "card_cube", x=name(cat, detail.removeprefix("cube lost from "), lang))
    if detail == "citizen home":
        return say(lang, "citizen_home", b=_event_building(cat, event.event, lang))
    if detail == "none":
        return say(lang, "unhurt")
    return ""


def _round_ended(cat: Catalog, event: ev.RoundEnded, lang: str) -> str:
    out = say(lang, "round_end", r=event.round)
    pots = [f"{player(seat, lang)} +{pot}" for seat, pot in enumerate(event.pots) if pot]
    if pots:
        out += say(lang, "pots", pots=", ".join(pots))
    if event.round < cat.rules.rounds.get(len(event.pots), 0):
        out += say(lang, "starts", who=player(event.start, lang))
    return out


def _influence(event: ev.InfluenceUsed, who: str, lang: str) -> str:
    """Word a reroll ("red 3->5"), a flip ("red 3, white 2") or a hire."""
    try:
        if event.use == "reroll":
            before, new = event.detail.split("->")
            colour, value = before.split()
            shown = die(colour, int(value), lang)
            return say(lang, "reroll", who=who, c=event.cost, die=shown, n=int(new))
        if event.use == "flip":
            flips = []
            for item in event.detail.split(", "):
                colour, value = item.split()
                shown = die(colour, int(value), lang)
                flips.append(say(lang, "flipped", die=shown, n=7 - int(value)))
            return say(lang, "flip", who=who, c=event.cost, dice=", ".join(flips))
    except ValueError:
        pass  # a detail worded otherwise: say what was spent, no more
    if event.use == "hire":
        return say(lang, "hire", who=who, c=event.cost)
    return say(lang, "influence_used", who=who, c=event.cost)


def _source(cat: Catalog, source: str, lang: str) -> str:
    if source.startswith("card:"):
        return say(lang, "from_card", x=name(cat, source.removeprefix("card:"), lang))
    if source == "supply" or not source:
        return say(lang, "from_supply")
    return say(lang, "from_building", b=building(source, lang))


def _activated(cat: Catalog, event: ev.CardActivated, who: str, lang: str) -> str:
    x = name(cat, event.card, lang)
    if event.mode == "place":
        return say(lang, "activates_place", who=who, x=x, n=amount(lang, "cubes", event.times))
    if event.times > 1:
        return say(lang, "activates_times", who=who, x=x, n=word(lang, "times", n=event.times))
    return say(lang, "activates", who=who, x=x)


def _completed(cat: Catalog, event: ev.EventCompleted, lang: str) -> str:
    """Word who gains the VP of an overcome event and who takes the card."""
    gainers = [seat for seat, vp in enumerate(event.vp) if vp > 0]
    vp = amount(lang, "vp", event.vp[gainers[0]]) if gainers else ""
    names = ", ".join(player(seat, lang) for seat in gainers)
    if gainers == [event.winner]:
        what = say(lang, "gains_takes", who=names, vp=vp)
    else:
        if not gainers:
            what = say(lang, "no_gain")
        else:
            what = say(lang, "gain_each" if len(gainers) > 1 else "gains", who=names, vp=vp)
        if event.winner >= 0:
            what += say(lang, "takes_card", who=player(event.winner, lang))
    if event.winner < 0:
        what += say(lang, "stays")
    return say(lang, "completed", e=name(cat, event.event, lang), what=what)
