"""Log lines for the events of The Ladies of Troyes (revealed character, walls, outer activities).

An outer activity's cube use is recorded as `OuterUsed(seat, face, detail)`; the detail names
the effect ("reroll red 3->5", "counter 5", "bonus_vp", "move_cube monk", "swap dice",
"flip red 3->4", "arrival 3 VP", "craftsman monk", "sold", "shield war") and the figures
gained come from the face's parameters in the catalog.
"""

from typing import Any, TypeAlias, assert_never

from engine.core import i18n
from engine.troyes import events as ev
from engine.troyes.catalog import Catalog
from engine.troyes.log_words import ROMAN, amount, die, name, player, sentence, vp

LadiesEvent: TypeAlias = (
    ev.CharacterRevealed
    | ev.OuterDealt
    | ev.WallUsed
    | ev.GuardMoved
    | ev.OuterCubePlaced
    | ev.OuterUsed
)

_LINES: dict[str, tuple[str, str]] = i18n.pairs("troyes.log.ladies")

# The gain of a bonus face: (parameter, unit).
_GAINS = {
    "bonus_vp": ("vp", "vp"),
    "agriculture_deniers": ("deniers", "deniers"),
    "citizen_influence": ("influence", "influence"),
    "craftsman": ("deniers", "deniers"),
    "sold": ("influence", "influence"),
}


def _say(lang: str, key: str, **values: Any) -> str:
    return sentence(_LINES, lang, key, **values)


def ladies_line(cat: Catalog, event: LadiesEvent, lang: str, viewer: int | None = None) -> str:
    """Return the log line of a Ladies of Troyes event (VP figures for `viewer`'s own only)."""
    match event:
        case ev.CharacterRevealed(character):
            out = _say(lang, "character", x=name(cat, character, lang))
        case ev.OuterDealt(level, face):
            out = _say(lang, "dealt", roman=ROMAN[level - 1], x=name(cat, face, lang))
        case ev.WallUsed(seat, (_, colour, value), _, boost, points):
            who, shown = player(seat, lang), die(colour, value, lang)
            if boost:
                cost = amount(lang, "deniers", boost)
                pts = amount(lang, "points", points)
                out = _say(lang, "wall_boost", who=who, die=shown, b=boost, cost=cost, n=pts)
            else:
                out = _say(lang, "wall", who=who, die=shown, n=amount(lang, "points", points))
        case ev.GuardMoved(seat, start, end):
            out = _guard(cat, seat, start, end, lang)
        case ev.OuterCubePlaced(seat, face):
            out = _say(lang, "cube_placed", who=player(seat, lang), x=name(cat, face, lang))
        case ev.OuterUsed():
            out = _outer_used(cat, event, lang, event.seat == viewer)
        case _:
            assert_never(event)
    return out


def _guard(cat: Catalog, seat: int, start: int, end: int, lang: str) -> str:
    """Say the walk, and the gates it reached: each opens its outer activity (item 72).

    The gates are the rules data's; which activity lies at a gate was dealt at the start (the
    log's first lines, "Outer activity at gate I: ..."), and the event does not record it.
    """
    who, steps = player(seat, lang), amount(lang, "spaces", end - start)
    reached = [ROMAN[i] for i, gate in enumerate(cat.ladies.gates) if start < gate <= end]
    if not reached:
        return _say(lang, "guard", who=who, n=steps, end=end)
    key = "guard_gate" if len(reached) == 1 else "guard_gates"
    roman = reached[-1]
    if len(reached) > 1:
        roman = _say(lang, "gates_and", a=", ".join(reached[:-1]), b=reached[-1])
    return _say(lang, key, who=who, n=steps, end=end, roman=roman)


def _outer_used(cat: Catalog, event: ev.OuterUsed, lang: str, own: bool) -> str:
    who, face = player(event.seat, lang), name(cat, event.face, lang)
    kind, _, rest = event.detail.partition(" ")
    if kind == "arrival":
        points = int(rest.split()[0]) if rest.split() and rest.split()[0].isdigit() else 0
        return _say(lang, "arrival", who=who, x=face, vp=vp(points, lang, own))
    what = _what(cat, event.face, kind, rest, lang, own)
    if not what:
        return _say(lang, "outer_plain", who=who, x=face)
    return _say(lang, "outer", who=who, x=face, what=what)


def _what(  # noqa: PLR0911
    cat: Catalog, face: str, kind: str, rest: str, lang: str, own: bool
) -> str:
    """Word what the cube did; "" when the detail is not one this module knows."""
    if kind in ("reroll", "flip"):
        try:
            before, after = rest.split("->")
            colour, value = before.split()
            return _say(lang, kind, die=die(colour, int(value), lang), n=int(after))
        except ValueError:
            return ""
    if kind == "counter" and rest.isdigit():
        return _say(lang, "counter", n=int(rest))
    if kind == "move_cube":
        return _say(lang, "move_cube", x=name(cat, rest, lang))
    if kind == "swap":
        return _say(lang, "swap")
    if kind == "shield":
        return _say(lang, "shield", e=name(cat, rest, lang))
    gain = _gain(cat, face, kind, lang, own)
    if not gain:
        return ""
    if kind == "craftsman":
        return _say(lang, "craftsman", x=gain, card=name(cat, rest, lang))
    if kind == "sold":
        return _say(lang, "sold", x=gain)
    return _say(lang, "plus", x=gain)


def _gain(cat: Catalog, face: str, kind: str, lang: str, own: bool) -> str:
    tile = cat.outer.get(face)
    if kind not in _GAINS or tile is None or tile.effect is None:
        return ""
    key, unit = _GAINS[kind]
    figure = tile.effect.params.get(key)
    if not isinstance(figure, int):
        return ""
    return vp(figure, lang, own) if unit == "vp" else amount(lang, unit, figure)
