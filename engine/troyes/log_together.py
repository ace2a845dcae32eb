"""A round's opening told in fewer lines: the events that read better together (playtest 69).

A round opens with a dozen log lines or more (three new cards, each seat's income and dice,
the neutral dice, two new events, each event's effect on each seat, the black dice), which
took most of a thread message at three seats. Told together, they say the same in fewer
lines: the new cards in one, each seat's income with its dice in one ("alice (1) earns 10
deniers and pays 2 in salaries; rolls red 3, ..."), the new events in one, and an event's
effect on every seat in one ("Religious event — alice (1): loses 3 deniers; bob (2): ...").
The public words only (no VP figure), as `log_text.describe_event` without a viewer.
A black die countered by the previous group's leftover alone is told so here too (item 86):
its event records no die, like the Ladies' outer cube counter, and only the move's events
tell the two apart. A starting citizen's line is worded as its move, so the thread tells it
once (item 89).
"""

from collections.abc import Sequence

from engine.troyes import events as ev
from engine.troyes.catalog import Catalog
from engine.troyes.log_actions import leftover_line
from engine.troyes.log_text import describe_event, say
from engine.troyes.log_words import LANGS, building, dice_list, name, player

Told = tuple[tuple[int, ...], str]  # the events' places in the move, and their one line


def together(cat: Catalog, events: Sequence[ev.Event], lang: str) -> list[Told]:
    """Return the groups of a move's events told as one line each, by their places.

    An event in no group is told on its own line; a group's line stands at its first place.
    """
    lang = lang if lang in LANGS else "en"
    groups = [*_revealed(cat, events, lang), *_seats(cat, events, lang)]
    groups += _suffered(cat, events, lang) + _leftover(cat, events, lang)
    return groups + _starting(events, lang)


def _leftover(cat: Catalog, events: Sequence[ev.Event], lang: str) -> list[Told]:
    """Return the line of each black die countered by the previous group's leftover alone.

    A counter that records no die is either that (a further black die taken on with the
    surplus) or the Ladies' outer cube, whose use is the move's event just before it
    (`counter.outer_counter`); only the leftover one is worded so (playtest item 86).
    """
    out: list[Told] = []
    for place, event in enumerate(events):
        if not isinstance(event, ev.BlackDieCountered) or event.dice:
            continue
        before = events[place - 1] if place else None
        if isinstance(before, ev.OuterUsed) and before.detail.startswith("counter"):
            continue
        out.append(((place,), leftover_line(cat, event, lang)))
    return out


def _starting(events: Sequence[ev.Event], lang: str) -> list[Told]:
    """Return a starting citizen's line worded as its move (playtest item 89).

    "IA normal (2) coloca un ciudadano inicial: Palacio, espacio 2" says what the move's label
    says, so the thread tells it once (cogs/common/text.py drops an event repeating its
    move). A set-up placement is the one no dice paid for: a turn's logs `DiceUsed` first.
    """
    if any(isinstance(e, ev.DiceUsed) for e in events):
        return []
    return [
        (
            (place,),
            say(
                lang,
                "citizen_start",
                who=player(e.seat, lang),
                b=building(e.building, lang),
                n=e.space,
            ),
        )
        for place, e in enumerate(events)
        if isinstance(e, ev.CitizenPlaced) and e.expelled is None
    ]


def _runs(events: Sequence[ev.Event], kind: type) -> list[list[int]]:
    """Return the places of each run of two or more consecutive events of this kind."""
    runs: list[list[int]] = []
    for place, event in enumerate(events):
        if not isinstance(event, kind):
            continue
        if runs and runs[-1][-1] == place - 1:
            runs[-1].append(place)
        else:
            runs.append([place])
    return [run for run in runs if len(run) > 1]


def _revealed(cat: Catalog, events: Sequence[ev.Event], lang: str) -> list[Told]:
    """Return the new activity cards in one line, and the new events in one."""
    out: list[Told] = []
    for run in _runs(events, ev.CardRevealed):
        cards = ", ".join(name(cat, _card(events[p]), lang) for p in run)
        out.append((tuple(run), say(lang, "cards_revealed", x=cards)))
    for run in _runs(events, ev.EventRevealed):
        cards = ", ".join(name(cat, _card(events[p]), lang) for p in run)
        out.append((tuple(run), say(lang, "events_revealed", e=cards)))
    return out


def _card(event: ev.Event) -> str:
    """Return the card a revealed card or event is."""
    if isinstance(event, ev.CardRevealed):
        return event.card
    return event.event if isinstance(event, ev.EventRevealed) else ""


def _seats(cat: Catalog, events: Sequence[ev.Event], lang: str) -> list[Told]:
    """Return each seat's income and the dice it rolled, in one line at the income's place."""
    income = {e.seat: p for p, e in enumerate(events) if isinstance(e, ev.IncomePaid)}
    out: list[Told] = []
    for place, event in enumerate(events):
        if not isinstance(event, ev.DiceRolled) or event.district == event.neutral:
            continue
        first = income.get(event.district)
        if first is None:
            continue
        paid = describe_event(cat, events[first], lang)
        line = say(lang, "and_rolls", income=paid, dice=dice_list(event.dice, lang))
        out.append(((first, place), line))
    return out


def _suffered(cat: Catalog, events: Sequence[ev.Event], lang: str) -> list[Told]:
    """Return an event's effect on every seat in one line: "Event — alice (1): loses 3 ..."."""
    out: list[Told] = []
    for run in _runs(events, ev.EventSuffered):
        start = 0
        while start < len(run):
            card = _named(events[run[start]])
            end = start + 1
            while end < len(run) and _named(events[run[end]]) == card:
                end += 1
            same = run[start:end]
            start = end
            told = [_effect(cat, events[p], lang) for p in same]  # type: ignore[arg-type]
            if len(same) < 2 or not all(told):
                continue
            each = "; ".join(x for x in told if x)
            line = say(lang, "suffered_each", e=name(cat, card, lang), each=each)
            out.append((tuple(same), line))
    return out


def _named(event: ev.Event) -> str:
    """Return the event card an event suffered is of ("" for any other event)."""
    return event.event if isinstance(event, ev.EventSuffered) else ""


def _effect(cat: Catalog, event: ev.EventSuffered, lang: str) -> str | None:
    """Return "alice (1): loses 3 deniers" from one seat's line, or None (not a seat's effect)."""
    if event.seat < 0 or event.detail == "shielded":
        return None
    said = describe_event(cat, event, lang)
    who, e = player(event.seat, lang), name(cat, event.event, lang)
    head = say(lang, "suffers", who=who, e=e, what="")
    if not said.startswith(head):
        return None
    return say(lang, "suffered_one", who=who, what=said.removeprefix(head))
