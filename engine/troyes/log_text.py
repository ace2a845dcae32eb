"""The game log: one short line per event, in English or Spanish (the text behind `describe_event`).

Each line says who did what, with which dice, paying what and gaining what. Seats are named
"Player N" / "Jugador N" (N = seat + 1) and always as a whole phrase, never inside "del"/"al",
because the Discord layer swaps those phrases for the players' names. Card, event and outer
activity names come from the catalog (`name` / `name_es`); the Spanish words follow the user's
summary (Palacio, Obispado, Ayuntamiento, denarios, influencia, Catedral, dados negros).
Every event class has a line: `_round_line` here, `log_actions.action_line` and
`log_ladies.ladies_line` each end in `assert_never`, so mypy reports a new event class that
has no words yet (and tests/engine/troyes/test_log.py fails).
"""

from typing import Any, TypeAlias, assert_never

from engine.core import i18n
from engine.troyes import events as ev
from engine.troyes.catalog import Catalog
from engine.troyes.log_actions import ActionEvent, action_line
from engine.troyes.log_ladies import ladies_line
from engine.troyes.log_words import (
    LANGS,
    amount,
    building,
    dice_list,
    name,
    player,
    sentence,
    vp,
    vp_loss,
)
from engine.troyes.state import BUILDINGS

_LINES: dict[str, tuple[str, str]] = i18n.pairs("troyes.log.events")


def say(lang: str, key: str, **values: Any) -> str:
    """Return the log sentence `key` in `lang`, filled in."""
    return sentence(_LINES, lang, key, **values)


_RoundEvent: TypeAlias = (
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


def describe_event(cat: Catalog, event: ev.Event, lang: str, viewer: int | None = None) -> str:
    """Return one log line for an event in `lang` ("en" or "es"; English otherwise).

    `viewer` is the seat reading it in private: only that seat's own VP figures are given
    (None, the public log: no VP figure at all until the final scores).
    """
    lang = lang if lang in LANGS else "en"
    if isinstance(event, _RoundEvent):
        return _round_line(cat, event, lang, viewer)
    if isinstance(event, ActionEvent):
        return action_line(cat, event, lang, viewer)
    return ladies_line(cat, event, lang, viewer)


def _round_line(cat: Catalog, event: _RoundEvent, lang: str, viewer: int | None) -> str:
    """Word setup, income, dice, events revealed and suffered, black dice, round and game end."""
    match event:
        case ev.CitizenPlaced(seat, b, space, expelled):
            out = say(lang, "citizen", who=player(seat, lang), b=building(b, lang), n=space)
            if expelled is not None:
                # a shifting row (Bishopric, City Hall) moves along and its last one goes
                mode = cat.rules.building_mode[BUILDINGS.index(b)]
                key = "expels" if mode == "replace" else "expels_row"
                out += say(lang, key, whom=_expelled(seat, expelled, lang))
        case ev.CardRevealed(card):
            out = say(lang, "card_revealed", x=name(cat, card, lang))
        case ev.IncomePaid():
            out = _income(event, lang, event.seat == viewer)
        case ev.DiceRolled(district, dice, neutral) if district == neutral:
            out = say(lang, "rolled_neutral", dice=dice_list(dice, lang))
        case ev.DiceRolled(district, dice):
            out = say(lang, "rolled", who=player(district, lang), dice=dice_list(dice, lang))
        case ev.EventRevealed(e):
            out = say(lang, "event_revealed", e=name(cat, e, lang))
        case ev.EventSuffered():
            out = _suffered(cat, event, lang, event.seat == viewer)
        case ev.BlackDiceRolled(values):
            out = say(lang, "black", v=", ".join(map(str, values)))
        case ev.RoundEnded():
            out = _round_ended(cat, event, lang)
        case ev.GameEnded(scores, _, order):  # the winner first (seventh playtest item 11c)
            seats = order or tuple(range(len(scores)))  # an old event without order: by seat
            listed = ", ".join(
                f"{player(seat, lang)} {amount(lang, 'vp', scores[seat])}" for seat in seats
            )
            out = say(lang, "game_over", scores=listed)
        case _:
            assert_never(event)
    return out


def _expelled(seat: int, expelled: int, lang: str) -> str:
    if expelled < 0:
        return say(lang, "expelled_neutral")
    if expelled == seat:
        return say(lang, "expelled_own")
    return say(lang, "expelled", who=player(expelled, lang))


def _income(event: ev.IncomePaid, lang: str, shown: bool) -> str:
    who, inc, sal, paid = player(event.seat, lang), event.income, event.salary, event.paid
    if not sal:
        return say(lang, "income_free", who=who, inc=inc)
    if paid < sal:
        loss = vp_loss(event.vp_lost, lang, shown)
        return say(lang, "income_short", who=who, inc=inc, paid=paid, sal=sal, loss=loss)
    return say(lang, "income", who=who, inc=inc, sal=sal)


def _event_building(cat: Catalog, event: str, lang: str) -> str:
    card = cat.events.get(event)
    ident = card.effect.params.get("building", "") if card and card.effect else ""
    return building(str(ident), lang)


def _losses(cat: Catalog, event: str, lang: str, shown: bool) -> str:
    """Word what a "lose" event takes from each seat, from its figures in the catalog."""
    card = cat.events.get(event)
    params = card.effect.params if card and card.effect else {}
    parts = [
        vp(int(params[key]), lang, shown) if unit == "vp" else amount(lang, unit, int(params[key]))
        for key, unit in (("deniers", "deniers"), ("influence", "influence"), ("vp", "vp"))
        if params.get(key)
    ]
    return say(lang, "loses", x=", ".join(parts)) if parts else say(lang, "unhurt")


def _suffered(cat: Catalog, event: ev.EventSuffered, lang: str, shown: bool) -> str:
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
    what = _suffered_what(cat, event, lang, shown)
    short = say(lang, "short", loss=vp_loss(event.vp_lost, lang, shown)) if event.vp_lost else ""
    if not what:
        return say(lang, "suffers_plain", who=who, e=e) + short
    return say(lang, "suffers", who=who, e=e, what=what) + short


def _suffered_what(  # noqa: PLR0911
    cat: Catalog, event: ev.EventSuffered, lang: str, shown: bool
) -> str:
    detail = event.detail
    if detail == "lose":
        return _losses(cat, event.event, lang, shown)
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
