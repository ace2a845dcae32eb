"""The words of the decisions answered in one go: a whole shipment, a whole sowing (issue 14).

Each is one multi-select (`engine.core.protocol.Bundle`): its options are the values that
engine/trajan/rules/bundles.py reads back, each named as the player sees it (the card, the
colour and the bowl it falls into), with a line saying what it is, and a placeholder saying
what to pick (for a shipment, the ship's VP by size on its current side).
"""

from collections import Counter

from engine.core import i18n
from engine.core.protocol import Bundle, Pick
from engine.trajan.rules import bundles
from engine.trajan.rules.options import PAIRS, SAME, WILD_COMMODITY
from engine.trajan.state import ACTIONS, TrajanState
from engine.trajan.tables import Tables
from engine.trajan.text import ROMAN, name

MENU = 25  # a select menu's options


def say(lang: str, key: str, **values: object) -> str:
    """Return the words of `turns.bundle.<key>` in `lang`."""
    return i18n.text(lang, f"turns.bundle.{key}", **values)


def bundle(state: TrajanState, t: Tables, lang: str) -> Bundle | None:
    """Return the one-go menu of the pending decision, or None when it has none."""
    pending = state.pending
    if pending is None:
        return None
    if pending.kind == "ship" and not state.picks:
        return _shipment(state, t, lang)
    if pending.kind == "sow":
        return _sowing(state, t, lang)
    return None


def _shipment(state: TrajanState, t: Tables, lang: str) -> Bundle | None:
    values = bundles.ship_values(state)
    if not values or len(values) > MENU:
        return None
    hand = Counter(state.players[state.current].hand)
    picks = tuple(_ship_pick(t, state.ship, value, hand, lang) for value in values)
    ship = t.ships[state.ship]
    table = ship.front if state.ships[state.ship] else ship.grey
    vp = ", ".join(f"{size}: {points}" for size, points in enumerate(table, start=1))
    key = {PAIRS: "ship_pairs", SAME: "ship_same"}.get(state.ship, "ship_cards")
    most = min(len(values), bundles.ship_most(state))
    return Bundle(say(lang, key, vp=vp), picks, 1, most)


def _ship_pick(t: Tables, ship: int, value: str, hand: Counter[str], lang: str) -> Pick:
    wild = name(t, "forum", WILD_COMMODITY, lang)
    if value == bundles.WILD:
        return Pick(value, wild, say(lang, "wild_detail"))
    card, _, copy = value.partition(".")
    count = hand[card]
    held = say(lang, "in_hand", count=count)
    if ship == PAIRS:
        key = "pair" if count >= 2 else "pair_wild"
        return Pick(value, say(lang, key, card=name(t, "card", card, lang), wild=wild), held)
    label = name(t, "card", card, lang)
    if ship == SAME:  # one pick is the whole shipment: n cards of one kind, maybe the wild
        n, _, with_wild = copy.partition(".")
        label = say(lang, "same", card=label, n=int(n))
        if with_wild:
            label = say(lang, "same_wild", cards=label, wild=wild)
    return Pick(value, label, held)


def _sowing(state: TrajanState, t: Tables, lang: str) -> Bundle | None:
    plan = bundles.sow_plan(state)
    if plan is None:
        return None
    picked, rest = plan
    n = len(state.in_hand)
    picks = []
    for value in bundles.sow_values(state):
        marker, colour = int(value[:-1]), value[-1]
        bowl = bundles.sow_bowl_of(state, marker)
        where = f"{ROMAN[bowl]} ({name(t, 'action', ACTIONS[bowl], lang)})"
        label = say(lang, "sow_option", colour=name(t, "colour", colour, lang), bowl=where)
        picks.append(Pick(value, label, say(lang, "sow_detail", n=marker + 1, count=n)))
    counts = Counter(state.in_hand)
    times = "\N{MULTIPLICATION SIGN}"
    wanted = ", ".join(f"{name(t, 'colour', c, lang)} {times}{counts[c]}" for c in picked)
    placeholder = say(lang, "sow", picked=wanted, rest=name(t, "colour", rest, lang))
    size = bundles.sow_count(state)
    return Bundle(placeholder, tuple(picks), size, size)
