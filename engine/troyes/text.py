"""Player-facing words for actions, events and prompts, in English and Spanish.

The words are the `troyes.text.*` messages of data/troyes/i18n/{en,es}.toml (engine/core/i18n.py).

Names come from the catalog (`name`/`name_es`), so a data fix renames everywhere. Labels are
cut to 80 characters (a Discord button label's limit).
"""

import re
from dataclasses import replace
from typing import Any

from engine.core import i18n
from engine.troyes import actions as a
from engine.troyes import events as ev
from engine.troyes import log_text
from engine.troyes.catalog import Catalog
from engine.troyes.log_words import ROMAN, player

LABEL_MAX = 80

_WORDS: dict[str, dict[str, str]] = i18n.tables("troyes.text.words")

_FORMS: dict[str, dict[str, str]] = i18n.tables("troyes.text.forms")

# The labels that say "your" as the log tells them of another seat: "their" (playtest 25).
_TOLD_WORDS: dict[str, dict[str, str]] = i18n.tables("troyes.text.told_words")
_TOLD_FORMS: dict[str, dict[str, str]] = i18n.tables("troyes.text.told_forms")
_TOLD_LADIES: dict[str, dict[str, str]] = i18n.tables("troyes.text.told_ladies")


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


def _craftsman(cat: Catalog, source: str, lang: str, w: dict[str, str], f: dict[str, str]) -> str:
    if source.startswith("card:"):
        name = _name(cat, source.removeprefix("card:"), lang)
        # "de la carta Carta roja (I)": a name that says "card" is not called one again.
        named = re.search(rf"\b{re.escape(w['card_noun'])}\b", name, re.IGNORECASE)
        return f["craftsman_named" if named else "craftsman_card"].format(x=name)
    if source == "supply":
        return f["craftsman"].format(x=w["supply"])
    return f["craftsman_building"].format(x=w.get(source, source))


def describe(  # noqa: PLR0912
    cat: Catalog, action: a.Action, lang: str, me: int = -1, told: bool = False
) -> str:
    """Return the label of an action in `lang` (at most 80 characters).

    `told`: as the log tells the move, in the third person ("Counter with their red 3").
    """
    lang = lang if lang in _WORDS else "en"
    w, f = _WORDS[lang], _FORMS[lang]
    if told:
        w, f = {**w, **_TOLD_WORDS[lang]}, {**f, **_TOLD_FORMS[lang]}
    match action:
        case a.PlaceStart(b, n):
            out = f["start"].format(b=w[b], n=n)
        case a.Reroll(c, n):
            out = f["reroll"].format(c=w[c], n=n)
        case a.FlipDie(c, n):
            out = f["flipdie"].format(c=w[c], n=n)
        case a.ChooseCard(x, hire):  # the hiring cost before it is paid (playtest item 18)
            out = _card(f["card"].format(x=_name(cat, x, lang)), hire, lang)
        case a.ChooseEvent(x):
            out = f["event"].format(x=_name(cat, x, lang))
        case a.ChooseBuilding(b):
            out = f["citizen"].format(b=w[b])
        case a.Craftsman(x):
            out = _craftsman(cat, x, lang, w, f)
        case a.UseCube(x):
            out = f["cube"].format(x=_name(cat, x, lang))
        case a.TakeDie(d, c, n, as_c):
            whose = action.whose or ("own" if d == me else "")
            form = f[f"die_{whose}"] if whose else f["die"]
            out = form.format(c=w[c], n=n, who=player(d, lang)) + (
                f" ({w[as_c]})" if as_c in w else ""
            )
        case a.Times(n, cubes):
            out = _times(n, cubes, f, lang)
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
            out = _ladies(cat, action, lang, told)
    return out[:LABEL_MAX]


def _card(label: str, hire: int, lang: str) -> str:
    """Return "Activate Miller", with "(hire a craftsman: 3 deniers)" when one is hired first."""
    if not hire:
        return label
    speech = "es" if lang == "es" else "en"
    return i18n.text(speech, "choices.troyes.card_hire", card=label, count=hire)


def _times(n: int, cubes: bool, f: dict[str, str], lang: str) -> str:
    """Return "2 cubes" when the count is of cubes placed (playtest item 13), else "2 times"."""
    if cubes:
        return i18n.text("es" if lang == "es" else "en", "choices.troyes.cubes", count=n)
    return f["once"] if n == 1 else f["times"].format(n=n)


_LADIES: dict[str, dict[str, str]] = i18n.tables("troyes.text.ladies")


def _tagged(key: str, whose: str) -> str:
    """Return the form of `key` for whose district it is ("own", "neutral"; "" a rival's)."""
    return f"{key}_{whose}" if whose else key


def _ladies(  # noqa: PLR0911, PLR0912
    cat: Catalog, action: a.Action, lang: str, told: bool = False
) -> str:
    f = _LADIES.get(lang, _LADIES["en"])
    w = _WORDS.get(lang, _WORDS["en"])
    if told:
        f = {**f, **_TOLD_LADIES.get(lang, _TOLD_LADIES["en"])}
        w = {**w, **_TOLD_WORDS.get(lang, _TOLD_WORDS["en"])}
    match action:
        case a.Walls():
            return f["walls"]
        case a.WallFrom(d, whose):
            return f[_tagged("from", whose)].format(who=player(d, lang))
        case a.Boost(n):  # 1 denier per pip: say both, and that 0 raises nothing (playtest)
            speech = "es" if lang == "es" else "en"
            if n == 0:
                return i18n.text(speech, "playtest.boost_none")
            return i18n.text(speech, "playtest.boost", count=n)
        case a.Walk(n):
            return i18n.text("es" if lang == "es" else "en", "troyes.text.ladies.walk", count=n)
        case a.PlaceOuter(n):
            return f["outer"].format(roman=ROMAN[n - 1])  # as the board: "Puerta I"
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
            return f[_tagged("swap with", whose)].format(who=player(d, lang))
        case a.SwapTake(c, n):
            return f["swap take"].format(c=w[c], n=n)
        case a.SwapGive(c, n):
            return f["swap give"].format(c=w[c], n=n)
        case a.SwapDone():
            return f["swap done"]
        case a.FlipBought(d, c, n, whose):
            return f[_tagged("flipped", whose)].format(c=w[c], n=n, who=player(d, lang), m=7 - n)
        case _:
            return w[a.text(action)]


def describe_event(cat: Catalog, event: ev.Event, lang: str, viewer: int | None = None) -> str:
    """Return one log line for an event in English or Spanish (wording in log_text.py).

    VP figures are only in `viewer`'s own lines; the public log (None) has none.
    """
    return log_text.describe_event(cat, event, lang, viewer)


PROMPTS: dict[str, dict[str, str]] = i18n.tables("troyes.text.prompts")


def _district_action(notation: str) -> a.Action | None:  # noqa: PLR0911 - one per form
    """Rebuild the actions whose label names a district's owner from their notation."""
    words = notation.split()
    try:
        match words:
            case ["die", d, c, v, "flipped"]:
                return a.FlipBought(int(d), c, int(v))
            case ["die", d, c, v]:
                return a.TakeDie(int(d), c, int(v))
            case ["die", d, c, v, "as", wild]:
                return a.TakeDie(int(d), c, int(v), wild)
            case ["from", d]:
                return a.WallFrom(int(d))
            case ["swap", "with", d]:
                return a.SwapWith(int(d))
    except ValueError:
        return None
    return None


def _spoken_action(notation: str) -> a.Action | None:  # noqa: PLR0911 - one per form
    """Rebuild the actions whose label says "your" (worded again in the third person).

    Also the steps whose label reads only beside its question ("No card cube"): the thread
    does not show the question, so the told label says what was answered (playtest item 119).
    """
    words = notation.split()
    try:
        match words:
            case ["reroll", c, v]:
                return a.Reroll(c, int(v))
            case ["flip", c, v]:
                return a.FlipDie(c, int(v))
            case ["craftsman", source] if source.startswith("card:") or source == "supply":
                return a.Craftsman(source)
            case ["counter", c, v] if c != "next":
                return a.CounterWith(c, int(v))
            case ["outer", "reroll", c, v]:
                return a.OuterReroll(c, int(v))
            case ["swap", "give", c, v]:
                return a.SwapGive(c, int(v))
            case ["no", "cube"]:  # a step's bare answer says what it answered (item 119)
                return a.NoCube()
            case ["dice", "done"]:
                return a.DiceDone()
    except ValueError:
        return None
    return None


def relabel(
    cat: Catalog, notation: str, seat: int, seats: int, lang: str, told: bool = False
) -> str | None:
    """Return the label of a stored move that names a district's owner, worded again.

    Only these labels name a seat ("Take red 3 from Player 2"), so only they are re-described
    with the players' names; None means the stored label names no seat and stands as it is.
    `seats` is the seat count: the neutral district is the one after the last seat's.
    `told`: as the log tells it, in the third person, so the labels that say "your" are
    worded again too ("Counter with their red 3").
    """
    action = _district_action(notation)
    if action is None and told:
        spoken = _spoken_action(notation)
        return None if spoken is None else describe(cat, spoken, lang, seat, told)
    if action is None:
        return None
    district = getattr(action, "district", -1)
    whose = "own" if district == seat else "neutral" if district == seats else ""
    if isinstance(action, a.TakeDie | a.WallFrom | a.SwapWith | a.FlipBought):
        action = replace(action, whose=whose)
    return describe(cat, action, lang, seat, told)
