"""Controls that stay where they were within a compound decision (playtest items 20 and 37).

Picking dice one by one for a group, or placing the starting citizens, changes the legal
actions after every pick: the picked die is no longer on offer, a space is filled (by the
decider or, meanwhile, by an AI). So that a player's next press lands where they read, the
engine names those options beside the legal ones (`Layout`): the dice of the group, in the
dice's own order (district, colour, value), and every space of the three buildings in order,
the filled ones spent. The step after the group is complete (how many times, which mode, a
bonus) starts with a heading that names the group ("Chosen die" when it is one die). Nothing
here is an action: the legal actions, their indices and notations are unchanged, so stored
games replay as they were. When the last die closes the action and the same seat decides
again, the heading says what was done: the cogs make it from the move's event
(`GameSpec.done_events`), which this state no longer holds.

An entry of the turn menu (or of the list of events) backed out of is not offered again in
that decision (`state.declined`), yet it keeps its place, disabled, with a line saying why:
the letters and buttons of the others do not move (playtest item 67, `declined`).

Some entries of the turn menu come and go within a turn, while the targets stay: the
citizen placements come with a citizen hired by influence, "Use influence" goes with the
last influence spent, the outer rerolls and exchanges with the dice. The turn menu shows
them after the targets (cards, Cathedral, agriculture, walls, events), in that order, just
before Pass: their coming and going moves no target's letter (playtest item 82, `turn`).
The legal actions keep their order (stored games, move notation); only the places move.
The counter step is ordered alike: the dice first, "Use influence" after them (item 112).
"""

from collections.abc import Callable, Sequence

from engine.core import i18n
from engine.core.protocol import Layout, Spent
from engine.troyes import actions as a
from engine.troyes.state import BUILDINGS, NEUTRAL, TroyesState

_WORDS: dict[str, dict[str, str]] = i18n.tables("troyes.text.words")

# The steps that follow a complete group (rules/group.py `dice_done`, commit.py's bonus).
AFTER_GROUP = frozenset({"count", "mode", "bonus", "event_cube"})


def layout(s: TroyesState, legal: list[a.Action], lang: str) -> Layout | None:
    """Return where the pending decision's options stay, or None when they come as listed."""
    if s.phase == "over" or s.reactions or s.pending is None:
        return None
    lang = "es" if lang == "es" else "en"
    if s.kind == "start":
        return _start(s, legal, lang)
    if not s.plan.dice or s.plan.action == "citizen":
        return None
    if s.kind == "dice":
        return _dice(s, legal, lang)
    if s.kind in AFTER_GROUP:  # one die is no group (playtest): "Chosen die: red 6"
        key = "choices.troyes.group_chosen" if len(s.plan.dice) > 1 else "choices.troyes.die_chosen"
        return Layout(heading=i18n.text(lang, key, dice=_group(s, lang)))
    return None


# The turn menu's entries that come and go within a turn, shown after the targets in this
# order (item 82): influence (gone with the last point spent), the outer rerolls and
# exchanges (they follow the dice and the cubes outside), the citizen placements (a hire).
TAIL: tuple[type[a.Action], ...] = (a.OpenInfluence, a.OpenOuter, a.ChooseBuilding)


def turn(
    menu: Sequence[tuple[a.Action, bool]],
    legal: list[a.Action],
    label: Callable[[a.Action], str],
    lang: str,
) -> Layout | None:
    """Return the turn menu's places: the targets first, the entries that come and go after.

    `menu` as for `declined` (`actions_phase.turn_menu`, Pass first); the entries backed out
    of stay spent in their places (item 67). None when the menu shows as the legal actions
    come (nothing moved, nothing declined).
    """

    def rank(action: a.Action) -> int:
        kinds = [isinstance(action, kind) for kind in TAIL]
        return 1 + kinds.index(True) if any(kinds) else 0

    ordered = sorted(menu, key=lambda entry: rank(entry[0]))  # stable: each part keeps its order
    found = declined(ordered, legal, label, lang)
    if found is not None or any(off for _, off in menu):
        return found
    index = {action: i for i, action in enumerate(legal)}
    if any(action not in index for action, _ in menu):
        return None  # never seen: a menu that is not the legal one shows as it comes
    places = [index[action] for action, _ in ordered]
    places += [i for i, action in enumerate(legal) if all(action != m for m, _ in menu)]
    return None if places == sorted(places) else Layout(tuple(places))


# The counter step as the turn menu (item 112): the dice against the black die (its targets)
# first, then the entries that come and go (influence, the outer cube's uses), and the way
# out (conceding, stopping) last, as a pass.
COUNTER_ORDER: tuple[type[a.Action], ...] = (
    a.CounterWith, a.OpenInfluence, a.OuterCounter, a.OpenOuter,
)  # fmt: skip


def counter(legal: list[a.Action]) -> Layout | None:
    """Return the counter step's places in the turn menu's order, None when so listed."""

    def rank(index: int) -> int:
        kinds = [isinstance(legal[index], kind) for kind in COUNTER_ORDER]
        return kinds.index(True) if any(kinds) else len(kinds)

    places = sorted(range(len(legal)), key=rank)  # stable: each part keeps its order
    return None if places == sorted(places) else Layout(tuple(places))


def declined(
    menu: Sequence[tuple[a.Action, bool]],
    legal: list[a.Action],
    label: Callable[[a.Action], str],
    lang: str,
) -> Layout | None:
    """Return the menu's places, the entries backed out of spent in theirs (item 67).

    `menu`: every entry in its order, True for one declined (`actions_phase.turn_menu`);
    the others are exactly the legal actions. None when nothing was declined.
    """
    index = {action: i for i, action in enumerate(legal)}
    if not any(off for _, off in menu) or any(x not in index for x, off in menu if not off):
        return None  # nothing declined (or, never seen, a menu that is not the legal one)
    lang = "es" if lang == "es" else "en"
    why = i18n.text(lang, "choices.troyes.declined")
    places: list[int | Spent] = [
        Spent(label(action), picked=False, detail=why) if off else index[action]
        for action, off in menu
    ]
    places += [i for i, action in enumerate(legal) if all(action != m for m, _ in menu)]
    return Layout(tuple(places))


def _die(colour: str, value: int, lang: str) -> str:
    return f"{_WORDS[lang].get(colour, colour)} {value}"


def _group(s: TroyesState, lang: str) -> str:
    return ", ".join(_die(c, v, lang) for _, c, v, _ in s.plan.dice)


def _dice(s: TroyesState, legal: list[a.Action], lang: str) -> Layout:
    """Return the group's dice in their places among the dice on offer, then the rest."""
    dice: list[tuple[tuple[int, str, int, int], int | Spent]] = []
    rest: list[int | Spent] = []
    for index, action in enumerate(legal):
        if isinstance(action, a.TakeDie):
            dice.append(((action.district, action.colour, action.value, 0), index))
        else:
            rest.append(index)
    for d, c, v, _ in s.plan.dice:  # on a tie the die on offer keeps the place it had
        dice.append(((d, c, v, 1), Spent(_die(c, v, lang))))
    dice.sort(key=lambda pair: pair[0])
    picked = i18n.text(lang, "choices.troyes.in_group", dice=_group(s, lang))
    return Layout(tuple(place for _, place in dice) + tuple(rest), picked=picked)


def _start(s: TroyesState, legal: list[a.Action], lang: str) -> Layout:
    """Return every space of the buildings in order, the filled ones spent (yours ticked).

    Three buildings of six spaces: 18 buttons, within the four rows above the tools.
    """
    free = {
        (action.building, action.space): i
        for i, action in enumerate(legal)
        if isinstance(action, a.PlaceStart)
    }
    seat = s.turn if s.pending is None else s.pending.seat
    places: list[int | Spent] = []
    for b, row in enumerate(s.buildings):
        building = BUILDINGS[b]
        for i, owner in enumerate(row):
            index = free.get((building, i + 1))
            if index is not None:
                places.append(index)
                continue
            words = {"b": _WORDS[lang].get(building, building), "n": i + 1}
            mine = owner == seat
            key = "choices.troyes.space_yours" if mine else "choices.troyes.space_taken"
            if owner == NEUTRAL:  # set out with the board (two players), not by a rival
                key = "choices.troyes.space_neutral"
            places.append(Spent(i18n.text(lang, key, **words), picked=mine))
    return Layout(tuple(places))
