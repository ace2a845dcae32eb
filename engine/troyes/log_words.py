"""Words shared by the Troyes log lines: seats, amounts, dice, buildings and catalog names.

VP figures appear only in the line their owner reads (`viewer`, see `vp`).

A seat is named by the caller (`naming(names)` around a call: the players' names, put in at
the edge by the cogs), else "Player N" / "Jugador N" (N = seat + 1), as the stored lines say.
No sentence puts a seat inside "del" or "al", since a name may stand there.
"""

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from engine.core import i18n
from engine.troyes.catalog import Catalog

LANGS = ("en", "es")

_WORDS: dict[str, tuple[str, str]] = i18n.pairs("troyes.log.words")
ROMAN = ("I", "II", "III", "IV")  # the wall's gates, as the board draws them ("Puerta II")
_COUNTED = frozenset({"deniers", "cubes", "spaces", "points", "leftover"})


def sentence(table: Mapping[str, tuple[str, str]], lang: str, key: str, **values: Any) -> str:
    """Return the (English, Spanish) sentence `key` of `table` in `lang`, filled in."""
    en, es = table[key]
    return (es if lang == "es" else en).format(**values)


def word(lang: str, key: str, **values: Any) -> str:
    """Return a shared word or phrase ("Player {n}", "{n} deniers", "red"...) in `lang`."""
    return sentence(_WORDS, lang, key, **values)


_NAMES: ContextVar[tuple[str, ...]] = ContextVar("troyes_seat_names", default=())


@contextmanager
def naming(names: Sequence[str]) -> Iterator[None]:
    """Name the seats by `names` (seat order) in the words made inside the block."""
    token = _NAMES.set(tuple(names))
    try:
        yield
    finally:
        _NAMES.reset(token)


def player(seat: int, lang: str) -> str:
    """Return the seat's name given by `naming`, else "Player N" / "Jugador N" (N = seat + 1)."""
    names = _NAMES.get()
    if 0 <= seat < len(names):
        return names[seat]
    return word(lang, "player", n=seat + 1)


def amount(lang: str, unit: str, n: int) -> str:
    """Return "3 deniers", "1 denier", "2 influence", "4 VP", "1 cube"... in `lang`."""
    if unit in _COUNTED:  # a plural table: "1 denier", "2 deniers"
        return i18n.text("es" if lang == "es" else "en", f"troyes.log.words.{unit}", count=n)
    return word(lang, unit, n=n)


def name(cat: Catalog, ident: str, lang: str) -> str:
    """Return the catalog name of a card, event, character or outer activity in `lang`."""
    item: Any = (
        cat.cards.get(ident)
        or cat.events.get(ident)
        or cat.characters.get(ident)
        or cat.outer.get(ident)
    )
    if item is None:
        return ident
    return str(item.name_es if lang == "es" else item.name)


def die(colour: str, value: int, lang: str) -> str:
    """Return "red 5" / "rojo 5"."""
    return f"{word(lang, colour) if colour in _WORDS else colour} {value}"


def building(ident: str, lang: str) -> str:
    """Return "Palace" / "Palacio" for a building id."""
    return word(lang, ident) if ident in _WORDS else ident


def dice_list(dice: tuple[tuple[str, int], ...], lang: str) -> str:
    """Return "red 5, white 3" / "rojo 5, blanco 3"."""
    return ", ".join(die(c, v, lang) for c, v in dice)


def vp(n: int, lang: str, shown: bool) -> str:
    """Return "4 VP" for the seat whose VP they are (`shown`), else just "VP".

    Troyes VP stay hidden until the end (the views show a seat's VP to that seat only): the
    public log says that a seat gained VP, never how many, or summing the lines would give
    each hidden total.
    """
    return amount(lang, "vp", n) if shown else word(lang, "vp_hidden")


def vp_loss(lost: int, lang: str, shown: bool = True) -> str:
    """Return "-2 VP" / "-2 PV", or that there was no VP to lose; "loses VP" if not `shown`."""
    if not shown:
        return word(lang, "vp_penalty")
    return word(lang, "vp_lost", n=lost) if lost else word(lang, "no_vp")
