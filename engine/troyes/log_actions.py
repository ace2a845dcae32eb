"""Log lines for countering black dice and for the actions of a turn (Troyes).

Dice bought from a rival are named with their owner ("red 3 of Player 2"), neutral ones as
"(neutral)"; what a card effect gains is not in its event, so an activation names the card.
"""

from typing import Any, TypeAlias, assert_never

from engine.core import i18n
from engine.troyes import events as ev
from engine.troyes.catalog import Catalog
from engine.troyes.log_words import (
    amount,
    building,
    dice_list,
    die,
    name,
    player,
    sentence,
    vp,
    vp_loss,
    word,
)
from engine.troyes.rules.counter import worth

ActionEvent: TypeAlias = (
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

_LINES: dict[str, tuple[str, str]] = i18n.pairs("troyes.log.actions")


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


def action_line(cat: Catalog, event: ActionEvent, lang: str, viewer: int | None = None) -> str:
    """Return the log line of a counter against a black die or of a turn action.

    VP figures are given to their owner only (`viewer`; None is the public log).
    """
    who = player(event.seat, lang) if not isinstance(event, ev.EventCompleted) else ""
    own = not isinstance(event, ev.EventCompleted) and event.seat == viewer
    match event:
        case ev.BlackDieCountered(_, value, dice):
            gain = amount(lang, "influence", cat.rules.counter_influence)
            key = "countered" if dice else "countered_plain"
            # What the dice lack came from the previous group's leftover (item 75).
            used = sum(worth(cat.rules.double_colours, d) for d in dice)
            left = amount(lang, "leftover", value - used)
            key = "countered_left" if dice and used < value else key
            out = say(lang, key, who=who, n=value, dice=dice_list(dice, lang), gain=gain, left=left)
        case ev.CounterFailed(_, value, lost):
            out = say(lang, "not_countered", who=who, n=value, loss=vp_loss(lost, lang, own))
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
            out = _activated(cat, event, who, lang, own)
        case ev.CathedralBuilt(_, cubes, points, influence):
            out = say(
                lang,
                "cathedral",
                who=who,
                n=amount(lang, "cubes", cubes),
                vp=vp(points, lang, own),
            )
            out += say(lang, "gain", x=amount(lang, "influence", influence)) if influence else ""
        case ev.EventFought(_, e, cubes):
            out = say(lang, "fights", who=who, e=name(cat, e, lang), n=amount(lang, "cubes", cubes))
            gained = cat.rules.cube_influence * cubes
            out += say(lang, "gain", x=amount(lang, "influence", gained)) if gained else ""
        case ev.EventCompleted():
            out = _completed(cat, event, lang, viewer)
        case ev.AgricultureUsed(_, deniers):
            out = say(lang, "agriculture", who=who, x=amount(lang, "deniers", deniers))
        case ev.Passed():
            out = say(lang, "passes", who=who)
        case _:
            assert_never(event)
    return out


def leftover_line(cat: Catalog, event: ev.BlackDieCountered, lang: str) -> str:
    """Return the line of a black die countered by the previous group's leftover alone (item 86).

    Its event records no die, as does the Ladies' outer cube counter: the move's events tell
    them apart (`log_together`), so stored games keep their events.
    """
    gain = amount(lang, "influence", cat.rules.counter_influence)
    left = amount(lang, "leftover", event.value)
    who = player(event.seat, lang)
    return say(lang, "countered_leftover", who=who, n=event.value, left=left, gain=gain)


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


def _activated(cat: Catalog, event: ev.CardActivated, who: str, lang: str, own: bool) -> str:
    x = name(cat, event.card, lang)
    if event.mode == "place":
        return say(lang, "activates_place", who=who, x=x, n=amount(lang, "cubes", event.times))
    if event.times > 1:
        out = say(lang, "activates_times", who=who, x=x, n=word(lang, "times", n=event.times))
    else:
        out = say(lang, "activates", who=who, x=x)
    units = ("deniers", "influence", "vp")
    parts = [
        ("+" if n > 0 else "-")
        + (vp(abs(n), lang, own) if unit == "vp" else amount(lang, unit, abs(n)))
        for unit, n in zip(units, event.change, strict=True)
        if n
    ]
    return out + (": " + ", ".join(parts) if parts else "")


def _completed(cat: Catalog, event: ev.EventCompleted, lang: str, viewer: int | None) -> str:
    """Word who gains the VP of an overcome event and who takes the card (a permanent one: nobody).

    The figure is the viewer's own (every gainer gains the same); the public reads only "VP".
    """
    gainers = [seat for seat, points in enumerate(event.vp) if points > 0]
    own = viewer if viewer in gainers else None
    gained = vp(event.vp[own], lang, True) if own is not None else word(lang, "vp_hidden")
    names = ", ".join(player(seat, lang) for seat in gainers)
    if gainers == [event.winner]:
        what = say(lang, "gains_takes", who=names, vp=gained)
    else:
        if not gainers:
            what = say(lang, "no_gain")
        else:
            key = "gain_each" if len(gainers) > 1 else "gains"
            what = say(lang, key, who=names, vp=gained)
        if event.winner >= 0:
            what += say(lang, "takes_card", who=player(event.winner, lang))
    if event.winner < 0:  # a permanent event: nobody wins it (playtest item 83)
        what += say(lang, "stays")
        return say(lang, "filled", e=name(cat, event.event, lang), what=what)
    return say(lang, "completed", e=name(cat, event.event, lang), what=what)
