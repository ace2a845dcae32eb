"""Every invariant a Troyes state must keep, checked when a stored state is read (issue 20).

`problems(state, catalog)` lists what is wrong, each under the name of its check; the engine's
`from_json` refuses the first (engine/core/validation.py). The figures come from the catalog
(data/troyes/rules.toml, ladies.toml), so a corrected figure moves the limits with it:

- `seats`: 2-4 seats, and every per-seat list has one entry per seat;
- `values`: deniers, VP, pots, supplies >= 0, influence 0-20 (troyes-cards-extra §2.5), the
  round within the game's rounds, seat indices in range;
- `citizens`: a seat owns at most 12 citizens (troyes.md §3.1); the neutral citizens are
  conserved (8, plus 2 with the Ladies' extra components); buildings have their 6 spaces and
  hold only seats or neutrals;
- `dice`: at most 6 dice of a colour (troyes.md §2.1), pips 1-6, at most 6 black dice (8 with
  the extra components), a purple die only with the Ladies' family leaders;
- `cubes`: cube counts never negative and kept per seat, cubes only on cards and events in play,
  the Cathedral's levels as the catalog has them;
- `cards`: each activity card is dealt once and each event lies in one place only (a deck, the
  queue or a seat's won pile), craftsmen only on dealt cards, one per seat per card;
- `pending`: a known phase, the placement's decision only during setup, no decision once over,
  and out-of-turn questions put to real seats.
"""

from collections import Counter

from engine.core.validation import InvalidStateError, Problem, first
from engine.troyes.catalog import Catalog
from engine.troyes.context import owned
from engine.troyes.state import BUILDINGS, COLOURS, GAME, NEUTRAL, WILD, TroyesState

PHASES = ("setup", "events", "actions", "over")
PIPS = range(1, 7)

__all__ = ["PHASES", "InvalidStateError", "check", "problems"]


def check(s: TroyesState, cat: Catalog) -> None:
    """Raise InvalidStateError naming the first invariant `s` breaks."""
    first(GAME, problems(s, cat))


def problems(s: TroyesState, cat: Catalog) -> list[Problem]:
    """Return every invariant `s` breaks, in the order of the checks (empty: valid)."""
    found = _seats(s)
    if found:  # the other checks index per-seat lists
        return found
    for part in (_values, _citizens, _dice, _cubes, _cards, _pending):
        found.extend(part(s, cat))
    return found


def _seats(s: TroyesState) -> list[Problem]:
    if not 2 <= s.seats <= 4:
        return [Problem("seats", f"{s.seats} seats")]
    lists = ("deniers", "influence", "vp", "supply", "passed", "pot", "won", "characters")
    return [
        Problem("seats", f"{name} has {len(getattr(s, name))} entries for {s.seats} seats")
        for name in lists
        if len(getattr(s, name)) != s.seats
    ]


def _values(s: TroyesState, cat: Catalog) -> list[Problem]:
    out: list[Problem] = []
    r = cat.rules
    for seat in range(s.seats):
        for name in ("deniers", "vp", "pot", "supply"):
            value = getattr(s, name)[seat]
            if value < 0:
                out.append(Problem("values", f"seat {seat} has {value} {name}"))
        if not 0 <= s.influence[seat] <= r.influence_max:
            out.append(Problem("values", f"seat {seat} has influence {s.influence[seat]}"))
    if s.rounds != r.rounds.get(s.seats) or not 0 <= s.round <= s.rounds:
        out.append(Problem("values", f"round {s.round} of {s.rounds}"))
    for name in ("turn", "start"):
        if not 0 <= getattr(s, name) < s.seats:
            out.append(Problem("values", f"{name} seat {getattr(s, name)}"))
    if s.direction not in (1, -1):
        out.append(Problem("values", f"direction {s.direction}"))
    return out


def _extra(s: TroyesState) -> bool:
    return s.options.get("extra_components") == "on"


def _citizens(s: TroyesState, cat: Catalog) -> list[Problem]:
    out: list[Problem] = []
    owners = {NEUTRAL, *range(s.seats)}
    spaces = cat.rules.building_spaces
    for name, row, lying in zip(BUILDINGS, s.buildings, s.lying, strict=True):
        if len(row) != spaces:
            out.append(Problem("citizens", f"the {name} has {len(row)} spaces, not {spaces}"))
        strangers = [x for x in (*row, *lying) if x is not None and x not in owners]
        if strangers:
            out.append(Problem("citizens", f"the {name} holds citizens of {strangers}"))
    for seat in range(s.seats):
        if owned(s, seat) > cat.rules.citizen_cap:
            out.append(Problem("citizens", f"seat {seat} owns {owned(s, seat)} citizens"))
    standing = sum(row.count(NEUTRAL) for row in s.buildings)
    neutral = s.neutral_supply + standing + sum(row.count(NEUTRAL) for row in s.lying)
    total = cat.rules.neutral_citizens + (cat.ladies.extra_neutral_citizens if _extra(s) else 0)
    if neutral != total:
        out.append(Problem("citizens", f"{neutral} neutral citizens, the box has {total}"))
    return out


def _dice(s: TroyesState, cat: Catalog) -> list[Problem]:
    out: list[Problem] = []
    if len(s.districts) != s.seats + 1:
        return [Problem("dice", f"{len(s.districts)} districts for {s.seats} seats")]
    colours = Counter(c for district in s.districts for c, _ in district)
    for colour, count in colours.items():
        if colour not in (*COLOURS, WILD):
            out.append(Problem("dice", f"a {colour} die"))
        elif colour in COLOURS and count > cat.rules.dice_per_colour:
            out.append(Problem("dice", f"{count} {colour} dice"))
    purple = colours.get(WILD, 0)
    if purple and (s.options.get("purple_die") != "on" or purple > s.seats):
        out.append(Problem("dice", f"{purple} purple dice"))
    pips = [v for district in s.districts for _, v in district] + list(s.black)
    if any(v not in PIPS for v in pips):
        out.append(Problem("dice", f"a die showing {sorted(set(pips) - set(PIPS))}"))
    black = cat.rules.black_dice + (cat.ladies.extra_black_dice if _extra(s) else 0)
    if len(s.black) > black:
        out.append(Problem("dice", f"{len(s.black)} black dice, the box has {black}"))
    return out


def _cubes(s: TroyesState, cat: Catalog) -> list[Problem]:
    out: list[Problem] = []
    tables = (("card", s.card_cubes, s.activity), ("event", s.event_cubes, s.queue))
    for what, table, in_play in tables:
        for ident, counts in table.items():
            if ident not in in_play:
                out.append(Problem("cubes", f"cubes on the {what} {ident!r}, not in play"))
            if len(counts) != s.seats or min(counts, default=0) < 0:
                out.append(Problem("cubes", f"cube counts {counts} on the {what} {ident!r}"))
    for ident, counts in s.outer_cubes.items():
        if ident not in s.outer or len(counts) != s.seats or min(counts, default=0) < 0:
            out.append(Problem("cubes", f"cube counts {counts} on the outer {ident!r}"))
    levels = cat.cathedral.levels
    if len(s.cathedral) != len(levels):
        out.append(Problem("cubes", f"{len(s.cathedral)} Cathedral levels, not {len(levels)}"))
    for level, (cubes, room) in enumerate(zip(s.cathedral, levels, strict=False)):
        if len(cubes) > len(room) or any(not 0 <= c < s.seats for c in cubes):
            out.append(Problem("cubes", f"Cathedral level {level + 1} holds {cubes}"))
    return out


def _cards(s: TroyesState, cat: Catalog) -> list[Problem]:
    out: list[Problem] = []
    events = [
        *s.queue,
        *(e for deck in s.decks.values() for e in deck),
        *(e for w in s.won for e in w),
    ]
    for what, ids in (("activity card", s.activity), ("event", events)):
        twice = sorted(i for i, n in Counter(ids).items() if n > 1)
        if twice:
            out.append(Problem("cards", f"{what} {twice} in play twice"))
    for card, spaces in s.craftsmen.items():
        if card not in s.activity:
            out.append(Problem("cards", f"craftsmen on {card!r}, not dealt"))
            continue
        if len(spaces) != len(cat.cards[card].spaces_vp):
            out.append(Problem("cards", f"{card!r} has {len(spaces)} craftsman spaces"))
        taken = [x for x in spaces if x is not None]
        if len(taken) != len(set(taken)) or any(not 0 <= x < s.seats for x in taken):
            out.append(Problem("cards", f"craftsmen {spaces} on {card!r}"))
    return out


def _pending(s: TroyesState, cat: Catalog) -> list[Problem]:
    del cat  # every check here is about the state alone
    if s.phase not in PHASES:
        return [Problem("pending", f"unknown phase {s.phase!r}")]
    out: list[Problem] = []
    if (s.phase == "setup") != (s.kind == "start"):
        out.append(Problem("pending", f"decision {s.kind!r} in phase {s.phase!r}"))
    if s.phase == "over" and (s.kind or s.reactions):
        out.append(Problem("pending", f"decision {s.kind!r} after the end"))
    if s.phase != "over" and not s.kind:
        out.append(Problem("pending", f"no decision in phase {s.phase!r}"))
    for r in s.reactions:
        if not 0 <= r.seat < s.seats:
            out.append(Problem("pending", f"a question to seat {r.seat}"))
    return out
