"""Player-facing words for actions, events and prompts, in English and Spanish.

Names come from the catalog (`name`/`name_es`), so a data fix renames everywhere. Labels are
cut to 80 characters (a Discord button label's limit).
"""

from typing import Any

from engine.troyes import actions as a
from engine.troyes import events as ev
from engine.troyes.catalog import Catalog

LABEL_MAX = 80

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "palace": "Palace", "bishopric": "Bishopric", "city_hall": "City Hall",
        "red": "red", "white": "white", "yellow": "yellow", "purple": "purple",
        "pass": "Pass", "back": "Back", "influence": "Use influence", "flip": "Flip dice",
        "flip done": "Flip the chosen dice", "hire": "Hire a citizen (influence)",
        "cathedral": "Build the Cathedral", "events": "Fight an event…",
        "agriculture": "Agriculture (yellow dice for deniers)", "no cube": "No card cube",
        "dice done": "Done choosing dice", "concede": "Cannot counter: lose VP",
        "stop": "Counter no more", "supply": "your supply", "neutral": "neutral",
        "own": "own", "district": "district",
    },
    "es": {
        "palace": "Palacio", "bishopric": "Obispado", "city_hall": "Ayuntamiento",
        "red": "rojo", "white": "blanco", "yellow": "amarillo", "purple": "morado",
        "pass": "Pasar", "back": "Volver", "influence": "Usar influencia", "flip": "Voltear dados",
        "flip done": "Voltear los dados elegidos", "hire": "Contratar ciudadano (influencia)",
        "cathedral": "Construir la Catedral", "events": "Combatir un evento…",
        "agriculture": "Agricultura (dados amarillos por denarios)", "no cube": "Sin cubo",
        "dice done": "Dados elegidos", "concede": "No puedo contrarrestar: pierdo PV",
        "stop": "No contrarrestar más", "supply": "tu reserva", "neutral": "neutral",
        "own": "propio", "district": "distrito",
    },
}  # fmt: skip

_FORMS: dict[str, dict[str, str]] = {
    "en": {
        "start": "Place a starting citizen: {b} space {n}",
        "reroll": "Reroll your {c} {n} (influence)",
        "flipdie": "Flip your {c} {n}", "card": "Activate {x}", "event": "Fight {x}",
        "citizen": "Place a citizen in the {b}", "craftsman": "Craftsman from {x}",
        "cube": "Use a cube from {x}", "die": "Take {c} {n} from {x}", "times": "{n} time(s)",
        "mode_place": "Place cubes on the card", "mode_use": "Spend cubes for the effect",
        "cubeon": "Put a cube on {x}", "counter": "Counter with your {c} {n}",
        "next": "Also counter a black {n}", "answer": "Answer: {x}", "seat": "player {n}",
    },
    "es": {
        "start": "Coloca un ciudadano inicial: {b} espacio {n}",
        "reroll": "Relanza tu {c} {n} (influencia)",
        "flipdie": "Voltea tu {c} {n}", "card": "Activar {x}", "event": "Combatir {x}",
        "citizen": "Colocar un ciudadano en el {b}", "craftsman": "Artesano desde {x}",
        "cube": "Usar un cubo de {x}", "die": "Tomar {c} {n} de {x}", "times": "{n} vez/veces",
        "mode_place": "Colocar cubos en la carta", "mode_use": "Gastar cubos por el efecto",
        "cubeon": "Poner un cubo en {x}", "counter": "Contrarrestar con tu {c} {n}",
        "next": "Contrarrestar también un negro {n}",
        "answer": "Respuesta: {x}", "seat": "jugador {n}",
    },
}  # fmt: skip


def _name(cat: Catalog, ident: str, lang: str) -> str:
    item: Any = cat.cards.get(ident) or cat.events.get(ident) or cat.characters.get(ident)
    if item is None:
        return ident
    return str(item.name_es if lang == "es" else item.name)


def describe(cat: Catalog, action: a.Action, lang: str, me: int = -1) -> str:  # noqa: PLR0912
    """Return the label of an action in `lang` (at most 80 characters)."""
    w = _WORDS.get(lang, _WORDS["en"])
    f = _FORMS.get(lang, _FORMS["en"])
    lang = lang if lang in _WORDS else "en"
    match action:
        case a.PlaceStart(b, n):
            out = f["start"].format(b=w[b], n=n)
        case a.Reroll(c, n):
            out = f["reroll"].format(c=w[c], n=n)
        case a.FlipDie(c, n):
            out = f["flipdie"].format(c=w[c], n=n)
        case a.ChooseCard(x):
            out = f["card"].format(x=_name(cat, x, lang))
        case a.ChooseEvent(x):
            out = f["event"].format(x=_name(cat, x, lang))
        case a.ChooseBuilding(b):
            out = f["citizen"].format(b=w[b])
        case a.Craftsman(x):
            where = w.get(x) if x in w else _name(cat, x.removeprefix("card:"), lang)
            out = f["craftsman"].format(x=w["supply"] if x == "supply" else where)
        case a.UseCube(x):
            out = f["cube"].format(x=_name(cat, x, lang))
        case a.TakeDie(d, c, n, as_c):
            who = w["own"] if d == me else f["seat"].format(n=d + 1)
            out = f["die"].format(c=w[c], n=n, x=who) + (f" ({w[as_c]})" if as_c in w else "")
        case a.Times(n):
            out = f["times"].format(n=n)
        case a.Mode(m):
            out = f[f"mode_{m}"]
        case a.CubeOnEvent(x):
            out = f["cubeon"].format(x=_name(cat, x, lang))
        case a.CounterWith(c, n):
            out = f["counter"].format(c=w[c], n=n)
        case a.CounterNext(n):
            out = f["next"].format(n=n)
        case a.Answer(x):
            out = f["answer"].format(x=x)
        case _:
            out = w[a.text(action)]
    return out[:LABEL_MAX]


def describe_event(cat: Catalog, event: ev.Event, lang: str) -> str:  # noqa: PLR0911
    """Return one log line for an event (English or Spanish)."""
    es = lang == "es"
    p = ("J" if es else "P") + "{}"
    match event:
        case ev.IncomePaid(seat, income, salary, paid, lost):
            tail = f"; -{lost} PV" if es and lost else (f"; -{lost} VP" if lost else "")
            word = (
                "ingresos {}, salarios {} (pagado {})" if es else "income {}, salaries {} (paid {})"
            )
            return p.format(seat + 1) + ": " + word.format(income, salary, paid) + tail
        case ev.DiceRolled(d, dice):
            rolled = " ".join(f"{c[0]}{v}" for c, v in dice)
            return f"{'Distrito' if es else 'District'} {d + 1}: {rolled}"
        case ev.EventRevealed(e) | ev.CardRevealed(e):
            return ("Revelado: " if es else "Revealed: ") + _name(cat, e, lang)
        case ev.BlackDiceRolled(values):
            return ("Dados negros: " if es else "Black dice: ") + " ".join(map(str, values))
        case ev.EventCompleted(e, winner, vps):
            return f"{_name(cat, e, lang)}: {'PV' if es else 'VP'} {list(vps)}, " + (
                ("gana " if es else "won by ") + p.format(winner + 1) if winner >= 0 else "-"
            )
        case ev.GameEnded(scores, _):
            return ("Fin: " if es else "Game over: ") + ", ".join(map(str, scores))
        case _:
            fields = [f"{k}={getattr(event, k)}" for k in event.__slots__]
            return f"{type(event).__name__}: " + ", ".join(fields)


PROMPTS = {
    "en": {
        "start": "Place a starting citizen.", "turn": "Choose an action or pass.",
        "influence": "Use influence, or go back.", "flip": "Choose 1-3 own dice to flip.",
        "craftsman": "Where does the craftsman come from?", "cube": "Use a card cube?",
        "dice": "Choose the dice of the group.", "count": "How many times?",
        "mode": "Place cubes or spend them?", "event_cube": "Choose an event for the cube.",
        "counter": "Counter the black die with your own dice.", "events": "Choose an event.",
        "counter_more": "Counter another black die?", "": "The game is over.",
    },
    "es": {
        "start": "Coloca un ciudadano inicial.", "turn": "Elige una acción o pasa.",
        "influence": "Usa influencia o vuelve.", "flip": "Elige 1-3 dados tuyos para voltear.",
        "craftsman": "¿De dónde viene el artesano?", "cube": "¿Usar un cubo de carta?",
        "dice": "Elige los dados del grupo.", "count": "¿Cuántas veces?",
        "mode": "¿Colocar cubos o gastarlos?", "event_cube": "Elige un evento para el cubo.",
        "counter": "Contrarresta el dado negro con tus dados.", "events": "Elige un evento.",
        "counter_more": "¿Contrarrestar otro dado negro?", "": "La partida ha terminado.",
    },
}  # fmt: skip
