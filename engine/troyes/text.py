"""Player-facing words for actions, events and prompts, in English and Spanish.

Names come from the catalog (`name`/`name_es`), so a data fix renames everywhere. Labels are
cut to 80 characters (a Discord button label's limit).
"""

from typing import Any

from engine.troyes import actions as a
from engine.troyes import events as ev
from engine.troyes import log_text
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
        "district": "district",
    },
    "es": {
        "palace": "Palacio", "bishopric": "Obispado", "city_hall": "Ayuntamiento",
        "red": "rojo", "white": "blanco", "yellow": "amarillo", "purple": "morado",
        "pass": "Pasar", "back": "Volver", "influence": "Usar influencia", "flip": "Voltear dados",
        "flip done": "Voltear los dados elegidos", "hire": "Contratar ciudadano (influencia)",
        "cathedral": "Construir la Catedral", "events": "Combatir un evento…",
        "agriculture": "Agricultura (dados amarillos por denarios)", "no cube": "Sin cubo",
        "dice done": "Dados elegidos", "concede": "No puedo contrarrestar: pierdo PV",
        "stop": "No contrarrestar más", "supply": "tu suministro personal", "neutral": "neutral",
        "district": "distrito",
    },
}  # fmt: skip

_FORMS: dict[str, dict[str, str]] = {
    "en": {
        "start": "Place a starting citizen: {b} space {n}",
        "reroll": "Reroll your {c} {n} (influence)",
        "flipdie": "Flip your {c} {n}", "card": "Activate {x}", "event": "Fight {x}",
        "citizen": "Place a citizen in the {b}", "craftsman": "Craftsman from {x}",
        "craftsman_building": "Craftsman from the {x}",
        "craftsman_card": "Craftsman moved from {x}",
        "cube": "Use a cube from {x}", "die": "Take {c} {n} from Player {k}",
        "die_own": "Take your {c} {n}", "die_neutral": "Take {c} {n} from the neutral district",
        "times": "{n} times", "once": "1 time",
        "mode_place": "Place cubes on the card", "mode_use": "Spend cubes for the effect",
        "cubeon": "Put a cube on {x}", "counter": "Counter with your {c} {n}",
        "next": "Also counter a black {n}", "answer": "Answer: {x}",
    },
    "es": {
        "start": "Colocar un ciudadano inicial: {b}, espacio {n}",
        "reroll": "Relanzar tu dado {c} {n} (influencia)",
        "flipdie": "Voltear tu dado {c} {n}", "card": "Activar {x}", "event": "Combatir {x}",
        "citizen": "Colocar un ciudadano en el {b}", "craftsman": "Artesano desde {x}",
        "craftsman_building": "Artesano desde el {x}",
        "craftsman_card": "Artesano movido desde {x}",
        "cube": "Usar un cubo de {x}", "die": "Tomar el dado {c} {n} de Jugador {k}",
        "die_own": "Tomar tu dado {c} {n}",
        "die_neutral": "Tomar el dado {c} {n} del distrito neutral",
        "times": "{n} veces", "once": "1 vez",
        "mode_place": "Colocar cubos en la carta", "mode_use": "Gastar cubos por el efecto",
        "cubeon": "Poner un cubo en {x}", "counter": "Contrarrestar con tu dado {c} {n}",
        "next": "Contrarrestar también un dado negro de {n}",
        "answer": "Respuesta: {x}",
    },
}  # fmt: skip


def _name(cat: Catalog, ident: str, lang: str) -> str:
    item: Any = (
        cat.cards.get(ident)
        or cat.events.get(ident)
        or cat.characters.get(ident)
        or cat.outer.get(ident)
    )
    if item is None:
        return ident
    return str(item.name_es if lang == "es" else item.name)


def _craftsman(cat: Catalog, source: str, lang: str) -> str:
    w, f = _WORDS[lang], _FORMS[lang]
    if source.startswith("card:"):
        return f["craftsman_card"].format(x=_name(cat, source.removeprefix("card:"), lang))
    if source == "supply":
        return f["craftsman"].format(x=w["supply"])
    return f["craftsman_building"].format(x=w.get(source, source))


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
            out = _craftsman(cat, x, lang)
        case a.UseCube(x):
            out = f["cube"].format(x=_name(cat, x, lang))
        case a.TakeDie(d, c, n, as_c):
            whose = action.whose or ("own" if d == me else "")
            form = f[f"die_{whose}"] if whose else f["die"]
            out = form.format(c=w[c], n=n, k=d + 1) + (f" ({w[as_c]})" if as_c in w else "")
        case a.Times(n):
            out = f["once"] if n == 1 else f["times"].format(n=n)
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
            out = _ladies(cat, action, lang)
    return out[:LABEL_MAX]


_LADIES: dict[str, dict[str, str]] = {
    "en": {
        "walls": "Guard on the walls (1 die)", "from": "Die from Player {n}'s district",
        "from_own": "Die from your district", "from_neutral": "Die from the neutral district",
        "boost": "Raise the die by {n} (deniers)", "walk": "Walk the guard {n} space(s)",
        "outer": "Cube on the gate {n} activity", "wall done": "End the walls action",
        "open": "Use an outer activity", "reroll": "Reroll your {c} {n} (outer cube)",
        "bonus": "Outer bonus: {x}", "no bonus": "No outer bonus",
        "counter": "Counter with an outer cube",
        "swap with": "Exchange a die with Player {n}",
        "swap with_neutral": "Exchange a die with the neutral district",
        "swap take": "Take their {c} {n}",
        "swap give": "Give your {c} {n}", "swap done": "No more exchanges",
        "flipped": "Take {c} {n} from Player {k}, flipped to {m} (outer cube)",
        "flipped_neutral": "Take {c} {n} from the neutral district, flipped to {m} (outer cube)",
    },
    "es": {
        "walls": "Guardia en las murallas (1 dado)", "from": "Dado del distrito de Jugador {n}",
        "from_own": "Dado de tu distrito", "from_neutral": "Dado del distrito neutral",
        "boost": "Subir el dado {n} (denarios)", "walk": "Avanzar el guardia {n} espacio(s)",
        "outer": "Cubo en la actividad de la puerta {n}", "wall done": "Terminar en las murallas",
        "open": "Usar una actividad exterior", "reroll": "Relanzar tu {c} {n} (cubo exterior)",
        "bonus": "Bonificación exterior: {x}", "no bonus": "Sin bonificación exterior",
        "counter": "Contrarrestar con un cubo exterior",
        "swap with": "Intercambiar un dado con Jugador {n}",
        "swap with_neutral": "Intercambiar un dado con el distrito neutral",
        "swap take": "Tomar su {c} {n}",
        "swap give": "Dar tu {c} {n}", "swap done": "No intercambiar más",
        "flipped": "Tomar el dado {c} {n} de Jugador {k}, volteado a {m} (cubo exterior)",
        "flipped_neutral":
            "Tomar el dado {c} {n} del distrito neutral, volteado a {m} (cubo exterior)",
    },
}  # fmt: skip


def _tagged(key: str, whose: str) -> str:
    """Return the form of `key` for whose district it is ("own", "neutral"; "" a rival's)."""
    return f"{key}_{whose}" if whose else key


def _ladies(cat: Catalog, action: a.Action, lang: str) -> str:  # noqa: PLR0911, PLR0912
    f = _LADIES.get(lang, _LADIES["en"])
    w = _WORDS.get(lang, _WORDS["en"])
    match action:
        case a.Walls():
            return f["walls"]
        case a.WallFrom(d, whose):
            return f[_tagged("from", whose)].format(n=d + 1)
        case a.Boost(n):
            return f["boost"].format(n=n)
        case a.Walk(n):
            return f["walk"].format(n=n)
        case a.PlaceOuter(n):
            return f["outer"].format(n=n)
        case a.WallDone():
            return f["wall done"]
        case a.OpenOuter():
            return f["open"]
        case a.OuterReroll(c, n):
            return f["reroll"].format(c=w[c], n=n)
        case a.Bonus(face, card):
            x = _name(cat, face, lang) + (f" → {_name(cat, card, lang)}" if card else "")
            return f["bonus"].format(x=x)
        case a.NoBonus():
            return f["no bonus"]
        case a.OuterCounter():
            return f["counter"]
        case a.SwapWith(d, whose):
            return f[_tagged("swap with", whose)].format(n=d + 1)
        case a.SwapTake(c, n):
            return f["swap take"].format(c=w[c], n=n)
        case a.SwapGive(c, n):
            return f["swap give"].format(c=w[c], n=n)
        case a.SwapDone():
            return f["swap done"]
        case a.FlipBought(d, c, n, whose):
            return f[_tagged("flipped", whose)].format(c=w[c], n=n, k=d + 1, m=7 - n)
        case _:
            return w[a.text(action)]


def describe_event(cat: Catalog, event: ev.Event, lang: str) -> str:
    """Return one log line for an event in English or Spanish (wording in log_text.py)."""
    return log_text.describe_event(cat, event, lang)


PROMPTS = {
    "en": {
        "start": "Place a starting citizen.", "turn": "Choose an action or pass.",
        "influence": "Use influence, or go back.", "flip": "Choose 1-3 own dice to flip.",
        "craftsman": "Where does the craftsman come from?", "cube": "Use a card cube?",
        "dice": "Choose the dice of the group.", "count": "How many times?",
        "mode": "Place cubes or spend them?", "event_cube": "Choose an event for the cube.",
        "counter": "Counter the black {n} with your own dice (red counts double).",
        "events": "Choose an event.",
        "counter_more": "Counter another black die?", "": "The game is over.",
        "wall_from": "Take the die from which district?", "wall_die": "Choose the die.",
        "boost": "Raise the die with deniers?", "wall": "Spend your action points.",
        "outer": "Use an outer activity, or go back.", "bonus": "Use an outer activity?",
        "outer_craftsman": "A rival uses a card with your craftsman: take 4 deniers (cube)?",
        "outer_sold": "A rival bought your die: take 4 influence (cube)?",
        "outer_shield": "Spend a cube so this event costs you nothing?",
        "swap": "Exchange another die, or stop.", "swap_take": "Which of their dice?",
        "swap_give": "Which of your dice in exchange?", "flip_bought": "Which die to flip?",
    },
    "es": {
        "start": "Coloca un ciudadano inicial.", "turn": "Elige una acción o pasa.",
        "influence": "Usa influencia o vuelve.", "flip": "Elige 1-3 dados tuyos para voltear.",
        "craftsman": "¿De dónde viene el artesano?", "cube": "¿Usar un cubo de carta?",
        "dice": "Elige los dados del grupo.", "count": "¿Cuántas veces?",
        "mode": "¿Colocar cubos o gastarlos?", "event_cube": "Elige un evento para el cubo.",
        "counter": "Contrarresta el dado negro de {n} con tus dados (los rojos valen doble).",
        "events": "Elige un evento.",
        "counter_more": "¿Contrarrestar otro dado negro?", "": "La partida ha terminado.",
        "wall_from": "¿De qué distrito tomas el dado?", "wall_die": "Elige el dado.",
        "boost": "¿Subir el dado con denarios?", "wall": "Gasta tus puntos de acción.",
        "outer": "Usa una actividad exterior o vuelve.", "bonus": "¿Usar una actividad exterior?",
        "outer_craftsman": "Un rival usa una carta con tu artesano: ¿4 denarios (cubo)?",
        "outer_sold": "Un rival compró tu dado: ¿4 de influencia (cubo)?",
        "outer_shield": "¿Gastar un cubo para que este evento no te cueste nada?",
        "swap": "Intercambia otro dado o para.", "swap_take": "¿Qué dado suyo?",
        "swap_give": "¿Qué dado tuyo a cambio?", "flip_bought": "¿Qué dado volteas?",
    },
}  # fmt: skip
